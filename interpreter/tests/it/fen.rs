//! FEN writing (`Position::fen`) against FEN reading: every position of the chess
//! perft file and positions along random chess games read back from their FEN; the
//! FENs of the perft file come back byte for byte; variants FEN cannot describe have
//! none.

use crate::common::{chess, named, Rng};
use chessgraph::{Position, Variant};
use std::sync::Arc;

/// The `epd`/`pos` lines of the chess perft file.
fn perft_positions() -> Vec<(bool, String)> {
    let text = std::fs::read_to_string(format!(
        "{}/tests/perft/chess.perft",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("perft file");
    text.lines()
        .filter_map(|l| {
            l.strip_prefix("epd ")
                .map(|x| (true, x.trim().to_owned()))
                .or_else(|| l.strip_prefix("pos ").map(|x| (false, x.trim().to_owned())))
        })
        .collect()
}

#[test]
fn perft_positions_round_trip_and_keep_their_fen() {
    let v = chess();
    let all = perft_positions();
    assert!(all.len() >= 25, "{}", all.len());
    for (is_fen, text) in all {
        let p = Position::from_str(&v, &text).unwrap();
        let fen = p.fen().unwrap_or_else(|| panic!("no FEN for {text}"));
        assert_eq!(Position::from_str(&v, &fen).unwrap(), p, "{text} -> {fen}");
        if is_fen {
            // EPD lines leave out the counters (`0 1` when read).
            let n = text.split_whitespace().count();
            let head: Vec<&str> = fen.split_whitespace().take(n).collect();
            assert_eq!(head.join(" "), text);
            if n == 4 {
                assert!(fen == text || fen.ends_with(" 0 1"), "{fen}");
            }
        }
    }
}

/// The unmoved field of a position string, as a set of cell names.
fn unmoved(p: &Position) -> Vec<String> {
    let s = p.to_string();
    let f = s.split_whitespace().nth(2).unwrap_or("-");
    let mut cells: Vec<String> = f.split(',').filter(|c| *c != "-").map(Into::into).collect();
    cells.sort();
    cells
}

/// The position string without its unmoved field.
fn without_unmoved(p: &Position) -> String {
    let s = p.to_string();
    let mut fs: Vec<&str> = s.split_whitespace().collect();
    fs.remove(2);
    fs.join(" ")
}

/// Sorted long moves.
fn moves(p: &mut Position) -> Vec<String> {
    let mut out: Vec<String> = p.legal_moves().iter().map(|&m| p.long(m)).collect();
    out.sort();
    out
}

/// What random games saw: positions, exact round trips, en-passant fields, partial
/// castling rights, nonzero halfmove clocks.
#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    exact: usize,
    ep: usize,
    partial_rights: usize,
    clock: usize,
}

fn game(v: &Arc<Variant>, start: &str, seed: u64, plies: usize, seen: &mut Seen) {
    let mut p = Position::from_str(v, start).unwrap();
    let mut rng = Rng(seed);
    for _ in 0..plies {
        let fen = p
            .fen()
            .unwrap_or_else(|| panic!("no FEN for {p} (game {seed})"));
        let mut back = Position::from_str(v, &fen).unwrap();
        seen.positions += 1;
        if back == p {
            seen.exact += 1;
        } else {
            // Only dead unmoved marks may be lost: the rest is the same and so are the
            // legal moves.
            assert_eq!(without_unmoved(&back), without_unmoved(&p), "{fen}");
            let (a, b) = (unmoved(&back), unmoved(&p));
            assert!(
                a.len() < b.len() && a.iter().all(|c| b.contains(c)),
                "{p} -> {fen}"
            );
            assert_eq!(moves(&mut back), moves(&mut p), "{p} -> {fen}");
        }
        let fs: Vec<&str> = fen.split_whitespace().collect();
        seen.ep += usize::from(fs[3] != "-");
        seen.partial_rights += usize::from(fs[2] != "-" && fs[2] != "KQkq");
        seen.clock += usize::from(fs.get(4).is_some_and(|c| *c != "0"));
        let list = p.legal_moves();
        if list.is_empty() {
            break;
        }
        p.make(list[rng.below(list.len())]);
    }
}

#[test]
fn random_games_read_back_from_their_fen() {
    let v = chess();
    let mut seen = Seen::default();
    let starts = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
    ];
    for (i, start) in starts.iter().enumerate() {
        for seed in 0..4 {
            game(&v, start, seed * 31 + i as u64, 120, &mut seen);
        }
    }
    assert!(seen.positions > 500, "{seen:?}");
    assert!(seen.exact > seen.positions / 4, "{seen:?}");
    assert!(
        seen.ep > 0 && seen.partial_rights > 0 && seen.clock > 0,
        "{seen:?}"
    );
}

#[test]
fn variants_fen_cannot_describe_have_none() {
    for (name, options) in [
        ("zubrin", vec![]),
        ("dreierschach", vec![]),
        ("strategichess-team", vec![]),
        ("mined-chess", vec![]),
    ] {
        let v = named(name, &options);
        assert_eq!(Position::start(&v).fen(), None, "{name}");
    }
    let v = named("strategichess", &[]);
    let p = Position::start(&v);
    let fen = p.fen().expect("a rectangular two-player board");
    assert_eq!(Position::from_str(&v, &fen).unwrap(), p, "{fen}");
}

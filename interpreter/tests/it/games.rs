//! Random games (seeded, deterministic): after every move the incremental hash equals
//! the hash computed from scratch and the piece lists agree with the board; taking
//! every move back restores each earlier position exactly. The property games play
//! every variant of `variants/` and check, at every ply, hash, position string,
//! perft(1) against the moves the rules allow, and the notation of every move.

use crate::common::{chess, named, root, Rng};
use chessgraph::san::{parse_move, san};
use chessgraph::{perft, Outcome, Position, Variant};
use std::sync::Arc;

/// Plays `plies` random legal moves from `start`, checking as it goes, then unmakes
/// them all and checks that every position comes back.
pub fn random_game(v: &Arc<Variant>, start: &str, seed: u64, plies: usize) -> usize {
    let mut p = if start.is_empty() {
        Position::start(v)
    } else {
        Position::from_str(v, start).unwrap()
    };
    let mut rng = Rng(seed);
    let lost = |p: &Position| {
        (0..v.players().len() as u8)
            .map(|q| p.lost_points(q))
            .collect::<Vec<_>>()
    };
    let mut seen = vec![(p.to_string(), p.hash(), lost(&p))];
    for _ in 0..plies {
        let moves = p.legal_moves();
        assert_eq!(
            p.to_string(),
            seen.last().unwrap().0,
            "legal_moves changed the position"
        );
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        p.make(m);
        if let Err(e) = p.debug_validate() {
            panic!("after {} in game {seed}: {e}", p.long(m));
        }
        let s = p.to_string();
        let read = Position::from_str(v, &s).unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(read, p, "{s}");
        seen.push((p.to_string(), p.hash(), lost(&p)));
    }
    let made = seen.len() - 1;
    while let Some((s, h, l)) = seen.pop() {
        assert_eq!(p.to_string(), s);
        assert_eq!(p.hash(), h);
        assert_eq!(lost(&p), l);
        p.debug_validate().unwrap();
        if p.unmake().is_none() {
            break;
        }
    }
    assert!(seen.is_empty(), "more unmakes than makes");
    made
}

#[test]
fn chess_games_make_and_unmake_exactly() {
    let v = chess();
    let mut plies = 0;
    for seed in 0..24 {
        plies += random_game(&v, "", seed, 300);
    }
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";
    for seed in 0..8 {
        plies += random_game(&v, kiwipete, seed, 200);
    }
    assert!(plies > 3000);
}

#[test]
fn equal_positions_hash_equal() {
    let v = chess();
    let mut a = Position::start(&v);
    for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
        let mv = a.parse_long(m).unwrap();
        a.make(mv);
    }
    let b = Position::start(&v);
    assert_eq!(a.hash(), b.hash());
    assert_eq!(a.repetitions(), 2);
}

/// Every variant of `variants/` (a folder holding `NAME/NAME.rules`) with the option
/// sets the property test plays: the defaults, and options that change the start,
/// the hidden state or the number of boards.
const OPTION_SETS: &[(&str, &[(&str, &str)])] = &[
    ("mined-chess", &[("visibility", "visible"), ("mines", "12")]),
    (
        "mined-chess",
        &[
            ("visibility", "hidden"),
            ("first_entry", "stay"),
            ("after_blast", "move-again"),
            ("symmetric", "false"),
            ("seed", "99"),
        ],
    ),
    ("mined-chess", &[("mine_zone", "c3-f6"), ("mines", "16")]),
    ("strategichess-team", &[("boards", "2")]),
    (
        "strategichess-team",
        &[("boards", "2"), ("move_limit", "20")],
    ),
    ("chess960", &[("array", "0")]),
    ("chess960", &[("array", "959")]),
    ("chess960", &[("array", "333")]),
    ("zubrin", &[("inherit", "true")]),
    ("dreierschach", &[("ep_window", "turn")]),
];

/// The variants the property test plays: every folder of `variants/` with its
/// defaults, then [`OPTION_SETS`]. Each with a name for messages and a weight: how
/// much a ply costs compared with chess (boards of hundreds of cells cost more).
fn property_variants() -> Vec<(String, Arc<Variant>)> {
    let mut names: Vec<String> = std::fs::read_dir(root().join("variants"))
        .unwrap()
        .flatten()
        .filter(|e| {
            let n = e.file_name().to_string_lossy().into_owned();
            e.path().join(format!("{n}.rules")).is_file()
        })
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert!(names.len() >= 20, "variants found: {names:?}");
    let mut out: Vec<(String, Arc<Variant>)> =
        names.iter().map(|n| (n.clone(), named(n, &[]))).collect();
    for (name, options) in OPTION_SETS {
        let shown: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
        out.push((format!("{name} {}", shown.join(" ")), named(name, options)));
    }
    out
}

/// What the property games saw.
#[derive(Default, Debug)]
pub struct Seen {
    games: usize,
    /// Moves perft counts that a `refuse` rule keeps out of play.
    refused: usize,
    plies: usize,
    moves_written: usize,
    adjudicated: usize,
}

/// One random game of at most `plies` plies (moves drawn from `legal_moves`, the
/// game as played), checking at every ply: the incremental hash equals
/// `compute_hash()`; the position string reads back as an equal position with the
/// same hash; perft(1) equals `every_move()` unless adjudication has ended the game
/// (then `every_move()` is empty and the outcome finished); every move's SAN and long
/// notation read back as that move (every `notation_every`-th ply; 1: every ply);
/// making and unmaking each move restores string and hash. Then the whole game is
/// unmade back to the start.
/// The moves of `list` in long notation.
fn longs(p: &Position, list: &[chessgraph::Move]) -> Vec<String> {
    list.iter().map(|&m| p.long(m)).collect()
}

pub fn property_game(
    name: &str,
    v: &Arc<Variant>,
    seed: u64,
    plies: usize,
    notation_every: usize,
    seen: &mut Seen,
) {
    let mut p = Position::start(v);
    let mut rng = Rng(seed);
    let mut history = vec![(p.to_string(), p.hash())];
    let at = |p: &Position| format!("{name}, game {seed}, ply {}: {p:?}", p.ply());
    for ply in 0..=plies {
        assert_eq!(p.hash(), p.compute_hash(), "{}", at(&p));
        let s = p.to_string();
        let back = Position::from_str(v, &s).unwrap_or_else(|e| panic!("{}: {e}", at(&p)));
        assert!(back == p, "{}: reads back as {back:?}", at(&p));
        assert_eq!(back.hash(), p.hash(), "{}", at(&p));

        let every = p.every_move();
        let made = p.every_move_by_making();
        assert!(
            every[..] == made[..],
            "{}: legal moves {:?}, by making each {:?}",
            at(&p),
            longs(&p, &every),
            longs(&p, &made)
        );
        let legal = p.legal_moves();
        let taking: Vec<_> = legal
            .iter()
            .copied()
            .filter(|&m| p.takes_piece(m))
            .collect();
        let mut captures = chessgraph::MoveList::new();
        p.legal_captures_into(&mut captures);
        assert!(
            captures[..] == taking[..],
            "{}: captures {:?}, legal moves that take {:?}",
            at(&p),
            longs(&p, &captures),
            longs(&p, &taking)
        );
        let nodes = perft(&mut p, 1);
        // Perft also counts what a `refuse` rule keeps out of play (shogi's mate by a
        // pawn drop), and nothing else.
        let counted: Vec<_> = chessgraph::divide(&mut p, 1)
            .into_iter()
            .map(|(m, _)| m)
            .collect();
        let mut refused = 0;
        if !every.is_empty() {
            for &m in counted.iter().filter(|m| !every.contains(m)) {
                assert!(p.refuses(m), "{}: perft counts {}", at(&p), p.long(m));
                refused += 1;
            }
        }
        seen.refused += refused;
        if nodes != (every.len() + refused) as u64 {
            assert!(
                every.is_empty() && matches!(p.outcome(), Outcome::Finished { .. }),
                "{}: perft(1) = {nodes}, every_move() = {}",
                at(&p),
                every.len()
            );
            seen.adjudicated += 1;
        }
        if ply % notation_every == 0 {
            for &m in every.iter() {
                let text = san(&mut p, m);
                let read = parse_move(&mut p, &text);
                assert!(
                    read == Ok(m),
                    "{}: SAN {text} of {} reads as {read:?}",
                    at(&p),
                    p.long(m)
                );
                let long = p.long(m);
                let read = p.parse_long(&long);
                assert!(read == Ok(m), "{}: {long} reads as {read:?}", at(&p));
                p.make(m);
                assert_eq!(p.hash(), p.compute_hash(), "{} after {long}", at(&p));
                p.unmake();
                assert_eq!(
                    (p.to_string(), p.hash()),
                    history[history.len() - 1],
                    "{}: unmake of {long}",
                    at(&p)
                );
                seen.moves_written += 1;
            }
        }
        let legal = p.legal_moves();
        if legal.is_empty() || ply == plies {
            break;
        }
        let m = legal[rng.below(legal.len())];
        p.make(m);
        if let Err(e) = p.debug_validate() {
            panic!("{} after {}: {e}", at(&p), p.long(m));
        }
        history.push((p.to_string(), p.hash()));
        seen.plies += 1;
    }
    while let Some(expected) = history.pop() {
        assert_eq!(
            (p.to_string(), p.hash()),
            expected,
            "{name}, game {seed}: unmaking"
        );
        if history.is_empty() {
            break;
        }
        assert!(
            p.unmake().is_some(),
            "{name}, game {seed}: fewer unmakes than makes"
        );
    }
    assert!(
        p.unmake().is_none(),
        "{name}, game {seed}: more unmakes than makes"
    );
    seen.games += 1;
}

/// Random games of every variant (and option set), every property at every ply.
#[test]
fn every_variant_random_games_keep_their_properties() {
    let mut seen = Seen::default();
    for (i, (name, v)) in property_variants().iter().enumerate() {
        // Boards of several hundred cells (the team game) have ten times the moves.
        let (games, plies) = if v.rows().iter().map(Vec::len).sum::<usize>() > 300 {
            (2, 20)
        } else {
            (4, 60)
        };
        for g in 0..games {
            property_game(name, v, (i * 1000 + g) as u64, plies, 1, &mut seen);
        }
    }
    eprintln!("{seen:?}");
    assert!(
        seen.plies > 4000 && seen.moves_written > 100_000,
        "{seen:?}"
    );
}

/// The large run: `CHESSGRAPH_GAMES` games (default 100000) spread over every
/// variant and option set, at most `CHESSGRAPH_PLIES` plies each (default 60), the
/// notation of every move checked every `CHESSGRAPH_NOTATION_EVERY`-th ply (default
/// 1); seeds start at `CHESSGRAPH_SEED` (default 0). Run it in the release-checked
/// profile (README, "Fuzzing"):
/// `cargo test --profile release-checked -p chessgraph --test it -- --ignored many_random_games --nocapture`
#[test]
#[ignore]
fn many_random_games() {
    let env = |k: &str, d: usize| {
        std::env::var(k)
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(d)
    };
    let (games, plies, every, first) = (
        env("CHESSGRAPH_GAMES", 100_000),
        env("CHESSGRAPH_PLIES", 60),
        env("CHESSGRAPH_NOTATION_EVERY", 1).max(1),
        env("CHESSGRAPH_SEED", 0),
    );
    let variants = property_variants();
    let start = std::time::Instant::now();
    let mut seen = Seen::default();
    for g in 0..games {
        let (name, v) = &variants[g % variants.len()];
        property_game(name, v, (first + g) as u64, plies, every, &mut seen);
        if (g + 1) % 1000 == 0 {
            eprintln!("{} games, {:?}, {:.0?}", g + 1, seen, start.elapsed());
        }
    }
    eprintln!(
        "{games} games over {} variants and option sets: {seen:?} in {:.1?}",
        variants.len(),
        start.elapsed()
    );
}

/// Found by the property games: where a promotion may be declined (Grand Chess), a
/// move text that names none is the move that does not promote.
#[test]
fn a_declined_promotion_reads_from_its_san() {
    let v = named("grand", &[]);
    let s = "1brkc5/4q2b1r/p1p1pp1ppp/1p2P5/8P1/P2n2pB2/3p2P1CP/1PP4P2/1N1Q3RN1/2K1A3BR b - - 0 23";
    let mut p = Position::from_str(&v, s).unwrap();
    let plain = p.parse_long("d4d3").unwrap();
    assert_eq!(plain.promotion(), None);
    assert_eq!(san(&mut p, plain), "d3");
    for text in ["d3", "d4d3", "d4-d3"] {
        assert_eq!(parse_move(&mut p, text), Ok(plain), "{text}");
    }
    let knight = parse_move(&mut p, "d3=N").unwrap();
    assert!(knight.promotion().is_some());
    assert_eq!(san(&mut p, knight), "d3=N+");
}

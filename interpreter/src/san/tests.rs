//! SAN: known texts, round trips over many positions, any cell names, hostile text.

use super::{parse_move, parse_move_among, san, san_every};
use crate::testing::{chess, compile, CHESS_BOARD, CHESS_RULES};
use crate::{MoveError, Position, Variant};
use std::sync::Arc;

/// Every legal move's SAN, in generation order.
fn sans(v: &Arc<Variant>, fen: &str) -> Vec<String> {
    let mut p = Position::from_str(v, fen).unwrap();
    let moves = p.legal_moves();
    moves.iter().map(|&m| san(&mut p, m)).collect()
}

/// Writes every legal move, reads it back and checks it is the same move; the
/// position is unchanged by both.
fn round_trip(p: &mut Position) -> usize {
    let before = p.to_string();
    let moves = p.legal_moves();
    for &m in moves.iter() {
        let s = san(p, m);
        assert_eq!(parse_move(p, &s), Ok(m), "{before}: {s} ({})", p.long(m));
        assert_eq!(
            parse_move(p, &p.long(m)),
            Ok(m),
            "{before}: long {}",
            p.long(m)
        );
    }
    assert_eq!(p.to_string(), before);
    // The writer of every move and the readers among a list give the same answers.
    let every = p.every_move();
    let all = san_every(p);
    assert_eq!(all.len(), every.len(), "{before}");
    for ((m, s), &e) in all.iter().zip(every.iter()) {
        assert_eq!((*m, s.clone()), (e, san(p, e)), "{before}");
        assert_eq!(parse_move_among(p, s, &every), Ok(e), "{before}: {s}");
        let long = p.long(e);
        assert_eq!(p.parse_long_among(&long, &every), Ok(e), "{before}: {long}");
    }
    moves.len()
}

struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

#[test]
fn start_and_kiwipete() {
    let v = chess();
    let start = sans(
        &v,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    for s in ["e4", "a3", "Nf3", "Na3", "Nh3"] {
        assert!(start.contains(&s.to_owned()), "{s} in {start:?}");
    }
    assert_eq!(start.len(), 20);
    let kiwi = sans(
        &v,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    );
    for s in [
        "O-O", "O-O-O", "Bxa6", "Nxf7", "Nxd7", "Nxg6", "Qxf6", "Qxh3", "dxe6", "d6", "gxh3",
        "Nb5", "Rb1", "Kf1", "Ng4", "Nc6",
    ] {
        assert!(kiwi.contains(&s.to_owned()), "{s} in {kiwi:?}");
    }
    assert_eq!(kiwi.len(), 48);
}

#[test]
fn disambiguation_by_file_rank_and_both() {
    let v = chess();
    let knights = sans(&v, "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    assert!(knights.contains(&"Nbd2".into()) && knights.contains(&"Nfd2".into()));
    assert!(knights.contains(&"Nd4".into()), "one knight: no hint");
    let rooks = sans(&v, "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    assert!(rooks.contains(&"R1a3".into()) && rooks.contains(&"R5a3".into()));
    let queens = sans(&v, "8/8/1k6/8/4Q2Q/8/8/K6Q w - - 0 1");
    for s in ["Qee1", "Q1e1", "Qh4e1"] {
        assert!(queens.contains(&s.to_owned()), "{s} in {queens:?}");
    }
    let mut p = Position::from_str(&v, "8/8/1k6/8/4Q2Q/8/8/K6Q w - - 0 1").unwrap();
    match parse_move(&mut p, "Qe1") {
        Err(MoveError::Ambiguous { candidates, .. }) => {
            assert_eq!(candidates, ["e4e1", "h4e1", "h1e1"])
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        parse_move(&mut p, "Qhe1").unwrap_err().to_string(),
        "ambiguous: `Qhe1` could be h4e1, h1e1"
    );
}

#[test]
fn promotions_en_passant_checks_and_mates() {
    let v = chess();
    let promo = sans(&v, "2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    for s in ["bxc8=Q+", "bxc8=R+", "bxc8=B", "bxc8=N", "b8=Q", "b8=N"] {
        assert!(promo.contains(&s.to_owned()), "{s} in {promo:?}");
    }
    assert_eq!(
        sans(&v, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1")[..]
            .iter()
            .filter(|s| *s == "exd6")
            .count(),
        1
    );
    let mut p = Position::start(&v);
    for m in ["f3", "e5", "g4"] {
        let mv = parse_move(&mut p, m).unwrap();
        p.make(mv);
    }
    let qh4 = parse_move(&mut p, "Qh4").unwrap();
    assert_eq!(san(&mut p, qh4), "Qh4#");
    let mut p = Position::from_str(&v, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap();
    let ep = parse_move(&mut p, "exd6 e.p.").unwrap();
    assert_eq!(p.long(ep), "e5d6");
}

#[test]
fn lenient_reading() {
    let v = chess();
    let mut p = Position::from_str(&v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let long = |p: &mut Position, s: &str| parse_move(p, s).map(|m| p.long(m));
    assert_eq!(long(&mut p, "0-0").unwrap(), "e1g1");
    assert_eq!(long(&mut p, "O-O-O+").unwrap(), "e1c1");
    assert_eq!(long(&mut p, "o-o!?").unwrap(), "e1g1");
    assert_eq!(long(&mut p, "Rxa8+").unwrap(), "a1a8");
    assert_eq!(long(&mut p, "Ra8").unwrap(), "a1a8");
    assert_eq!(long(&mut p, "Ra1a8#").unwrap(), "a1a8");
    assert_eq!(long(&mut p, "e1f1").unwrap(), "e1f1");
    assert_eq!(long(&mut p, "e1-d1").unwrap(), "e1d1");
    let mut p = Position::from_str(&v, "4k3/8/8/8/8/8/1p6/R3K3 b - - 0 1").unwrap();
    for s in ["bxa1=Q", "bxa1Q", "bxa1q", "ba1=Q", "b2a1q", "bxa1=Q+"] {
        assert_eq!(long(&mut p, s).unwrap(), "b2a1q", "{s}");
    }
    match parse_move(&mut p, "b1") {
        Err(MoveError::Promotion { choices, .. }) => {
            assert_eq!(choices, "b1=Q, b1=R, b1=B, b1=N")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn errors_say_why() {
    let v = chess();
    let mut p = Position::start(&v);
    let err = |p: &mut Position, s: &str| parse_move(p, s).unwrap_err();
    assert_eq!(err(&mut p, ""), MoveError::Empty);
    assert!(matches!(err(&mut p, "hello"), MoveError::Unreadable(_)));
    assert!(matches!(err(&mut p, "Nf6"), MoveError::CannotReach { .. }));
    assert_eq!(
        err(&mut p, "Nf6").to_string(),
        "`Nf6`: no knight of yours can move to f6"
    );
    assert!(matches!(err(&mut p, "Ncd2"), MoveError::NoSuchPiece { .. }));
    assert_eq!(err(&mut p, "O-O"), MoveError::Castle("O-O".into()));
    assert!(matches!(err(&mut p, "e5"), MoveError::CannotReach { .. }));
    let mut p = Position::from_str(&v, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    assert_eq!(
        err(&mut p, "Qd4").to_string(),
        "`Qd4`: you have no queen on the board"
    );
    // Bare kings: the game is over (a dead position), so no move can be played.
    let mut p = Position::from_str(&v, "4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(
        err(&mut p, "Kd2").to_string(),
        "the game is over; Kd2 cannot be played"
    );
    let mut p = Position::from_str(&v, "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1").unwrap();
    assert_eq!(err(&mut p, "Bd3"), MoveError::LeavesInCheck("Bd3".into()));
    let mut p = Position::from_str(&v, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert!(matches!(err(&mut p, "b8=K"), MoveError::Promotion { .. }));
    let mut p = Position::from_str(&v, "k7/8/1QK5/8/8/8/8/8 b - - 0 1").unwrap();
    assert!(matches!(err(&mut p, "Ka7"), MoveError::GameOver(_)));
}

#[test]
fn round_trips_on_the_perft_positions_and_random_games() {
    let v = chess();
    let mut positions = 0;
    for line in include_str!("../../tests/perft/chess.perft").lines() {
        let Some(text) = line.strip_prefix("epd ").or(line.strip_prefix("pos ")) else {
            continue;
        };
        let mut p = Position::from_str(&v, text).unwrap();
        round_trip(&mut p);
        positions += 1;
    }
    assert!(positions >= 20);
    let mut rng = Rng(7);
    let mut checked = 0;
    for _ in 0..12 {
        let mut p = Position::start(&v);
        for _ in 0..120 {
            checked += round_trip(&mut p);
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.make(moves[rng.below(moves.len())]);
        }
    }
    assert!(checked > 10_000, "{checked}");
}

/// A board of three files `k:a k:b k:c` and twelve ranks: multi-letter files and
/// multi-digit ranks.
fn tall_board() -> String {
    let mut y = String::from(
        "name: tall\nseats: [white, black]\ndirections:\n  n: { opposite: s }\n  s: { opposite: n }\n\
         \x20 e: { opposite: w }\n  w: { opposite: e }\ncells:\n",
    );
    let files = ["k:a", "k:b", "k:c"];
    for r in (1..=12).rev() {
        for (f, file) in files.iter().enumerate() {
            let mut links = Vec::new();
            if r < 12 {
                links.push(format!("n: '{file}{}'", r + 1));
            }
            if r > 1 {
                links.push(format!("s: '{file}{}'", r - 1));
            }
            if f > 0 {
                links.push(format!("w: '{}{r}'", files[f - 1]));
            }
            if f < 2 {
                links.push(format!("e: '{}{r}'", files[f + 1]));
            }
            y += &format!(
                "  - {{ name: '{file}{r}', at: [{f}, {r}], links: {{ {} }} }}\n",
                links.join(", ")
            );
        }
    }
    y += "rows:\n";
    for r in (1..=12).rev() {
        y += &format!("  - ['k:a{r}', 'k:b{r}', 'k:c{r}']\n");
    }
    y
}

#[test]
fn any_cell_names() {
    let rules = "board \"tall.yaml\"\nplayer white\nplayer black\n\
                 piece king K royal {\n step n e s w\n}\npiece rook R {\n slide n e s w\n}\n\
                 dirs forward = n for white, s for black\npiece pawn P pawn {\n step forward\n}\n\
                 setup white: K k:b1, R k:a3 k:c3 k:a10 k:a1, P k:b8\nsetup black: K k:b12\n\
                 check always\nend checkmate: lose\nend stalemate: draw\n";
    let v = compile(rules, &tall_board()).unwrap();
    let mut p = Position::start(&v);
    let all: Vec<String> = {
        let moves = p.legal_moves();
        moves.iter().map(|&m| san(&mut p, m)).collect()
    };
    // A hint before a qualified target is the whole from cell and a dash: run
    // together (`Rk:ak:b3`) it read as other cells (issue 16, point 6).
    for s in [
        "Rk:a3-k:b3",
        "Rk:c3-k:b3",
        "Rk:a10-k:a5",
        "Rk:a1-k:a2",
        "Rk:c3-k:c10",
        "Rk:c12+",
        "k:b9",
    ] {
        assert!(all.iter().any(|x| x.starts_with(s)), "{s} in {all:?}");
    }
    round_trip(&mut p);
    // The old form still reads.
    let old = parse_move(&mut p, "Rk:ak:b3").unwrap();
    assert_eq!(san(&mut p, old), "Rk:a3-k:b3");
}

#[test]
fn marks_come_from_the_rules() {
    // The including file's `notation` replaces the one of base.rules.
    let rules = format!("{CHESS_RULES}notation promotion \"\", check \"+\", mate \"++\"\n");
    let v = compile(&rules, CHESS_BOARD).unwrap();
    let promo = sans(&v, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert!(promo.contains(&"b8Q+".into()), "{promo:?}");
    let mate = sans(&v, "k7/8/1K6/8/8/8/8/7R w - - 0 1");
    assert!(mate.contains(&"Rh8++".into()), "{mate:?}");
    let mut p = Position::from_str(&v, "k7/8/1K6/8/8/8/8/7R w - - 0 1").unwrap();
    let m = parse_move(&mut p, "Rh8++").unwrap();
    assert_eq!(p.long(m), "h1h8");
    let mut p = Position::from_str(&v, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let m = parse_move(&mut p, "b8Q").unwrap();
    assert_eq!(p.long(m), "b7b8q");
}

#[test]
fn hostile_text_is_an_error() {
    let v = chess();
    let mut p = Position::from_str(
        &v,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    )
    .unwrap();
    let before = p.to_string();
    let mut rng = Rng(99);
    for _ in 0..3000 {
        let len = rng.below(12);
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                let pool = b"abcdefgh12345678KQRBNPxO0-=+#!?. e\xc3\xa9";
                pool[rng.below(pool.len())]
            })
            .collect();
        let _ = parse_move(&mut p, &String::from_utf8_lossy(&bytes));
    }
    let moves = p.legal_moves();
    for &m in moves.iter() {
        let s = san(&mut p, m);
        for (i, _) in s.char_indices() {
            let _ = parse_move(&mut p, &s[..i]);
            let _ = parse_move(&mut p, &s[i..]);
        }
    }
    assert!(matches!(
        parse_move(&mut p, &"N".repeat(10_000)),
        Err(MoveError::Unreadable(_))
    ));
    assert_eq!(p.to_string(), before);
}

#[test]
fn an_optional_promotion_without_its_piece_is_the_move_that_does_not_promote() {
    let v = crate::testing::chess_with(
        "piece queen Q {\n slide n e s w ne nw se sw\n}\n\
         piece pawn P pawn {\n step n to empty\n step ne nw to enemy\n may promote into far to queen\n}\n",
    );
    let mut p = Position::from_str(&v, "1q2k3/2P5/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let plain = parse_move(&mut p, "c8").unwrap();
    assert_eq!(plain.promotion(), None);
    assert_eq!(san(&mut p, plain), "c8");
    let queen = parse_move(&mut p, "c8=Q").unwrap();
    assert!(queen.promotion().is_some());
    let capture = parse_move(&mut p, "cxb8").unwrap();
    assert_eq!(
        (capture.promotion(), san(&mut p, capture).as_str()),
        (None, "cxb8")
    );
}

#[test]
fn every_move_of_an_adjudicated_game_is_still_written() {
    // Bare kings: drawn by adjudication, no moves to play; SAN still writes what the
    // rules allow (a record of a game played on), as `san` does one by one.
    let v = chess();
    let mut p = Position::from_str(&v, "4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert!(p.every_move().is_empty());
    let all = san_every(&mut p);
    assert_eq!(all.len(), 5);
    for (m, s) in all {
        assert_eq!(san(&mut p, m), s);
    }
}

/// Issue 16, point 8: lower-case piece letters are read; errors name what is wrong
/// (the pawn's file without its capture mark, a cell the board lacks, the promotion
/// a bare target needs).
#[test]
fn typed_moves_are_read_or_explained() {
    let v = chess();
    let mut p = Position::start(&v);
    let nf3 = parse_move(&mut p, "Nf3").unwrap();
    assert_eq!(parse_move(&mut p, "nf3"), Ok(nf3));
    // A pawn's move from the b-file stays a pawn's move.
    let mut q = Position::from_str(&v, "4k3/8/8/8/3p4/2P5/8/4K3 w - - 0 1").unwrap();
    let cxd4 = parse_move(&mut q, "cxd4").unwrap();
    assert_eq!(parse_move(&mut q, "cd4"), Ok(cxd4));
    let mut p = Position::from_str(&v, "4k3/P7/8/4p3/8/8/8/4K2R w K - 0 1").unwrap();
    let err = |p: &mut Position, t: &str| parse_move(p, t).unwrap_err().to_string();
    assert_eq!(err(&mut p, "fxe5"), "`fxe5`: you have no pawn on f");
    assert_eq!(err(&mut p, "nf3"), "`nf3`: you have no knight on the board");
    assert_eq!(
        err(&mut p, "Qxf7"),
        "`Qxf7`: you have no queen on the board"
    );
    assert_eq!(
        err(&mut p, "Qxz9"),
        "`Qxz9`: z9 is not a cell of this board"
    );
    assert_eq!(err(&mut p, "Rh9"), "`Rh9`: h9 is not a cell of this board");
    assert_eq!(
        err(&mut p, "a8"),
        "`a8`: the promotion must be one of a8=Q, a8=R, a8=B, a8=N"
    );
}

//! Pieces in hand (crazyhouse): captures fill the captor's hand, promoted pieces come
//! back demoted, drops make and unmake exactly, and hands survive position strings,
//! FEN and game records.

use crate::common::named;
use chessgraph::record::GameRecord;
use chessgraph::{san, MoveKind, Position};

fn play(p: &mut Position, text: &str) {
    let m = san::parse_move(p, text).unwrap_or_else(|e| panic!("{p}: {text}: {e}"));
    p.play(m).unwrap();
}

#[test]
fn captures_go_to_the_captors_hand_and_come_back_as_drops() {
    let v = named("crazyhouse", &[]);
    let mut p = Position::start(&v);
    let (pawn, queen) = (5, 1);
    for m in ["e4", "d5", "exd5"] {
        play(&mut p, m);
    }
    assert_eq!((p.in_hand(0, pawn), p.in_hand(1, pawn)), (1, 0));
    play(&mut p, "Qxd5");
    assert_eq!((p.in_hand(0, pawn), p.in_hand(1, pawn)), (1, 1));
    assert_eq!(p.in_hand(1, queen), 0);
    let drop = san::parse_move(&mut p, "P@e2").unwrap();
    assert_eq!(drop.kind(), MoveKind::Drop);
    assert_eq!(v.dropped_type(drop), Some(pawn));
    assert_eq!(san::san(&mut p, drop), "P@e2");
    assert_eq!(p.long(drop), "P@e2");
    assert_eq!(p.parse_long("p@e2"), Ok(drop));
    // Pawns never drop on the first or the last rank.
    for text in ["P@a1", "P@h8", "P@d5"] {
        assert!(san::parse_move(&mut p, text).is_err(), "{text}");
    }
    let (before, hash) = (p.to_string(), p.hash());
    p.make(drop);
    assert_eq!(p.in_hand(0, pawn), 0);
    assert_eq!(p.hash(), p.compute_hash());
    p.debug_validate().unwrap();
    p.unmake();
    assert_eq!((p.to_string(), p.hash()), (before, hash));
}

#[test]
fn a_captured_promoted_piece_returns_to_hand_demoted() {
    let v = named("crazyhouse", &[]);
    // White promotes on b8, Black takes the new queen: a pawn in Black's hand.
    let mut p = Position::from_str(&v, "r3k3/1P6/8/8/8/8/8/4K3[] w - - 0 1").unwrap();
    play(&mut p, "b8=Q+");
    assert!(p.to_string().starts_with("rQ~2k3/"), "{p}");
    let before = (p.to_string(), p.hash());
    play(&mut p, "Rxb8");
    assert_eq!(p.in_hand(1, 5), 1, "a pawn: {p}");
    assert_eq!(p.in_hand(1, 1), 0, "no queen: {p}");
    assert_eq!(p.fen().unwrap(), "1r2k3/8/8/8/8/8/8/4K3[p] w - - 0 2");
    p.unmake();
    assert_eq!((p.to_string(), p.hash()), before);
    // An unpromoted queen goes to hand as a queen.
    let mut q = Position::from_str(&v, "rQ2k3/8/8/8/8/8/8/4K3[] b - - 0 1").unwrap();
    play(&mut q, "Rxb8");
    assert_eq!((q.in_hand(1, 1), q.in_hand(1, 5)), (1, 0));
}

#[test]
fn a_drop_in_check_must_block() {
    let v = named("crazyhouse", &[]);
    let mut p = Position::from_str(&v, "4k3/8/8/8/8/8/8/r3K3[QNn] w - - 0 1").unwrap();
    let mut drops: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.kind() == MoveKind::Drop)
        .map(|&m| p.long(m))
        .collect();
    drops.sort();
    assert_eq!(drops, ["N@b1", "N@c1", "N@d1", "Q@b1", "Q@c1", "Q@d1"]);
}

#[test]
fn hands_round_trip_through_strings_fen_and_records() {
    let v = named("crazyhouse", &[]);
    for s in [
        "rQ~2k2r/p1p2ppp/8/4p3/8/8/PP3PPP/R3K2R[NPbp] b KQk - 0 1",
        "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    ] {
        let p = Position::from_str(&v, s).unwrap();
        assert_eq!(p.fen().as_deref(), Some(s));
        let back = Position::from_str(&v, &p.to_string()).unwrap();
        assert!(back == p, "{s}");
        assert_eq!(back.hash(), p.hash());
    }
    // Hands are part of the hash: the same board with other hands differs.
    let a = Position::from_str(&v, "2k5/8/8/8/8/8/8/4K3[Q] w - - 0 1").unwrap();
    let b = Position::from_str(&v, "2k5/8/8/8/8/8/8/4K3[q] w - - 0 1").unwrap();
    assert_ne!(a.hash(), b.hash());
    // A record with drops replays to the same position.
    let mut p = Position::start(&v);
    let mut r = GameRecord::new("crazyhouse");
    for text in ["e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "P@d5", "P@e2"] {
        let m = san::parse_move(&mut p, text).unwrap();
        r.push(p.move_number(), p.mover(m), san::san(&mut p, m));
        p.make(m);
    }
    r.set_tag("Result", "*");
    let back = GameRecord::parse(&r.to_string()).unwrap();
    let end = back.replay(&v, |_, _| {}).unwrap();
    assert!(end == p, "{r}");
}

#[test]
fn bad_hands_are_errors() {
    let v = named("crazyhouse", &[]);
    for s in [
        "2k5/8/8/8/8/8/8/4K3[Z] w - - 0 1",
        "2k5/8/8/8/8/8/8/4K3[Q w - - 0 1",
        &format!("2k5/8/8/8/8/8/8/4K3[{}] w - - 0 1", "P".repeat(65)),
        "2k5/8/8/8/8/8/8/4K3[Q1] w - - 0 1",
    ] {
        assert!(Position::from_str(&v, s).is_err(), "{s}");
    }
    // Chess has no hands: holdings are an error there.
    let chess = named("chess", &[]);
    assert!(Position::from_str(&chess, "2k5/8/8/8/8/8/8/4K3[Q] w - - 0 1").is_err());
}

#[test]
fn hands_are_drawn_under_the_board() {
    let v = named("crazyhouse", &[]);
    let p = Position::from_str(&v, "2k5/8/8/8/8/8/8/4K3[QNNp] w - - 0 1").unwrap();
    let text = chessgraph::draw::text_board(&p, &[]);
    assert!(text.contains("in hand: white Q N2, black P"), "{text}");
    let svg = chessgraph::draw::svg(&p, &[]);
    assert!(
        svg.contains(">in hand: white Q N2, black P</text>"),
        "{svg}"
    );
    // Variants without hands draw no such line.
    let chess = named("chess", &[]);
    let start = Position::start(&chess);
    assert!(!chessgraph::draw::text_board(&start, &[]).contains("in hand"));
    assert!(!chessgraph::draw::svg(&start, &[]).contains("in hand"));
}

/// A small game whose players start with pieces in hand (as in Seirawan chess or
/// Sittuyin): knights that drop on their own two first ranks.
fn starting_hands(hand: &str, drop: &str) -> Result<chessgraph::Loaded, chessgraph::Error> {
    let rules = format!(
        "board \"board.yaml\"\nplayer white tag w\nplayer black tag b\n\
         zone home = rank1 rank2 for white, rank7 rank8 for black\n\
         piece king K royal {{\n step n e s w ne nw se sw\n}}\n\
         piece knight N {{\n betza \"N\"\n {drop}\n}}\n\
         setup white: K e1, {hand}\nsetup black: K e8, hand N\ncheck always\n"
    );
    crate::common::compile(
        &rules,
        &[("board.yaml", &crate::common::chess_board())],
        &[],
    )
}

#[test]
fn a_setup_may_give_pieces_in_hand() {
    let v = starting_hands("hand N N", "drop into home")
        .unwrap()
        .variant;
    let mut p = Position::start(&v);
    assert_eq!(p.to_string(), "4k3/8/8/8/8/8/8/4K3[NNn] w - - 0 1");
    assert_eq!((p.in_hand(0, 1), p.in_hand(1, 1)), (2, 1));
    // 15 empty cells of ranks 1 and 2 for the knight, 5 king moves.
    assert_eq!(p.legal_moves().len(), 15 + 5);
    assert_eq!(chessgraph::perft(&mut p, 2), 20 * (15 + 5));
    // Without a drop rule a hand cannot be set up; a wrong letter is named.
    let codes = |r: Result<chessgraph::Loaded, chessgraph::Error>| match r {
        Err(chessgraph::Error::Variant(ds)) => ds.0.iter().map(|d| d.code).collect::<Vec<_>>(),
        _ => panic!("should fail"),
    };
    assert_eq!(
        codes(starting_hands("hand N", "")),
        ["compile::hand-without-drops"]
    );
    assert_eq!(
        codes(starting_hands("hand Z", "drop")),
        ["compile::unknown-letter"]
    );
    // `drops` is a fact of the rule core: no knight dropped on rank 1.
    let v = starting_hands(
        "hand N N\nforbid drops and move into rank1",
        "drop into home",
    )
    .unwrap()
    .variant;
    let mut p = Position::start(&v);
    assert_eq!(p.legal_moves().len(), 8 + 5);
}

#[test]
fn a_filter_can_forbid_mate_by_a_pawn_drop() {
    // Shogi's uchifuzume written with general facts, on crazyhouse: P@g7 would mate.
    let dir = std::env::temp_dir().join(format!("chessgraph-uchi-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("uchi.rules");
    let crazyhouse = crate::common::root().join("variants/crazyhouse/crazyhouse.rules");
    std::fs::write(
        &path,
        format!(
            "include \"{}\"\nforbid drops and move of pawn and gives check and not can move\n",
            crazyhouse.display()
        ),
    )
    .unwrap();
    let fen = "7k/5K1p/8/8/8/8/8/8[P] w - - 0 1";
    let drops_on = |v: &std::sync::Arc<chessgraph::Variant>, cell: &str| {
        let mut p = Position::from_str(v, fen).unwrap();
        let moves = p.legal_moves();
        moves.iter().any(|&m| p.long(m) == format!("P@{cell}"))
    };
    let plain = named("crazyhouse", &[]);
    let uchi = chessgraph::Variant::load(&path, &[]).unwrap().variant;
    assert!(drops_on(&plain, "g7"), "crazyhouse allows the mating drop");
    assert!(!drops_on(&uchi, "g7"), "the filter forbids it");
    assert!(drops_on(&uchi, "g6"), "other pawn drops stay");
    let _ = std::fs::remove_dir_all(&dir);
}

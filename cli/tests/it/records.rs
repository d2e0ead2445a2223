//! Game records on the command line: written by `play` and `selfplay`, read back by
//! `replay` in every variant; bad records are typed errors, never panics.

use crate::cli::{run_in, scratch};
use crate::common::root;
use chessgraph::record::{GameRecord, RecordError};

/// Every variant of the repository, as the command line names them.
const VARIANTS: [&str; 5] = [
    "chess",
    "zubrin",
    "chess-for-3",
    "dreierschach",
    "examples/first-variant",
];

#[test]
fn selfplay_records_replay_in_every_variant() {
    for v in VARIANTS {
        let dir = scratch(&format!("self-{}", v.replace('/', "-")));
        let d = dir.to_str().unwrap();
        let r = run_in(
            &root(),
            &[
                "selfplay",
                v,
                "--games",
                "2",
                "--depth",
                "1",
                "--opponent",
                "random",
                "--max-plies",
                "120",
                "--records",
                d,
            ],
            b"",
        );
        assert!(r.ok, "{v}: {}", r.err);
        assert!(r.out.contains("2 games"), "{}", r.out);
        for g in ["game-0001.pgn", "game-0002.pgn"] {
            let f = dir.join(g);
            let r = run_in(&root(), &["replay", f.to_str().unwrap(), "--final"], b"");
            assert!(r.ok, "{v} {g}: {}", r.err);
            assert!(r.out.contains("moves replayed"), "{}", r.out);
        }
    }
}

#[test]
fn play_records_replay_in_every_variant() {
    for v in VARIANTS {
        let dir = scratch(&format!("play-{}", v.replace('/', "-")));
        let file = dir.join("game.pgn");
        // Every seat is the computer except the first, who asks a hint and resigns
        // after the computers have moved once.
        let r = run_in(
            &root(),
            &[
                "play",
                v,
                "--seat",
                &seat_of(v, 1),
                "--depth",
                "1",
                "--record",
                file.to_str().unwrap(),
            ],
            b"hint\nmoves\nquit\n",
        );
        assert!(r.ok, "{v}: {}", r.err);
        assert!(r.out.contains("hint: "), "{}", r.out);
        let r = run_in(&root(), &["replay", file.to_str().unwrap()], b"");
        assert!(r.ok, "{v}: {}", r.err);
    }
    // A game the computer finishes: white mates, black is the computer.
    let dir = scratch("play-mate");
    let file = dir.join("g.pgn");
    let r = run_in(
        &root(),
        &[
            "play",
            "chess",
            "--seat",
            "black=computer",
            "--seat",
            "white=computer",
            "--depth",
            "2",
            "-p",
            "7k/8/6K1/8/8/8/8/1Q6 w - - 0 1",
            "--record",
            file.to_str().unwrap(),
        ],
        b"",
    );
    assert!(r.ok, "{}", r.err);
    assert!(r.out.contains("white (computer) plays"), "{}", r.out);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains("[Result \"1-0\"]")
            && text.contains("[SetUp \"1\"]\n[FEN \"7k/8/6K1/8/8/8/8/1Q6 w - - 0 1\"]"),
        "{text}"
    );
    let r = run_in(&root(), &["replay", file.to_str().unwrap()], b"");
    assert!(r.ok && r.out.contains("checkmate"), "{}{}", r.out, r.err);
}

/// The name of the player at `index` of a variant given on the command line.
fn seat_of(v: &str, index: usize) -> String {
    let names: &[&str] = match v {
        "zubrin" => &["white", "red", "black"],
        "chess-for-3" => &["white", "brown", "black"],
        "dreierschach" => &["white", "gray", "black"],
        _ => &["white", "black"],
    };
    format!("{}=computer", names[index])
}

#[test]
fn bad_records_are_typed_errors() {
    let dir = scratch("bad-records");
    let cases: [(&str, &str); 6] = [
        (
            "[Variant \"chess\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n",
            "move 3 (turn 2, `Ke3`)",
        ),
        ("[Variant \"chess\"\n[Result \"*\"]\n\n*\n", "bad tag"),
        ("[Result \"*\"]\n\n*\n", "no `Variant` tag"),
        (
            "[Variant \"chess\"]\n[Result \"1-0\"]\n\n1. e4\n",
            "do not end with the result",
        ),
        ("[Variant \"no-such\"]\n[Result \"*\"]\n\n*\n", "no variant"),
        (
            "[Variant \"chess\"]\n[Result \"*\"]\n\n1. e4 {never closed *\n",
            "comment",
        ),
    ];
    for (i, (text, needle)) in cases.iter().enumerate() {
        let f = dir.join(format!("bad{i}.pgn"));
        std::fs::write(&f, text).unwrap();
        let r = run_in(&root(), &["replay", f.to_str().unwrap()], b"");
        assert!(!r.ok, "{text}");
        assert!(r.err.contains(needle), "{needle}: {}", r.err);
    }
    let r = run_in(
        &root(),
        &["replay", dir.join("missing.pgn").to_str().unwrap()],
        b"",
    );
    assert!(!r.ok && r.err.contains("cannot read"));
    let r = run_in(
        &root(),
        &["play", "chess", "--seat", "purple=computer"],
        b"",
    );
    assert!(!r.ok && r.err.contains("no player `purple`"), "{}", r.err);
    // Hostile text straight into the parser.
    for text in [
        "",
        "[",
        "[Variant \"x\"]\n[Result \"*\"]\n\n}}}*",
        "\u{0}\u{1}{",
        "[Variant \"x\\\"]",
    ] {
        let _ = GameRecord::parse(text);
    }
    assert!(matches!(
        GameRecord::parse(""),
        Err(RecordError::MissingTag(_))
    ));
}

#[test]
fn overflowing_numbers_in_records_are_errors() {
    let v = crate::common::chess();
    // A position tag whose digit run overflowed `col + n`.
    let text = "[Variant \"chess\"]\n\
                [Position \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RN99999999999999999999999NBQKBNR w - - 0 1\"]\n\
                [Result \"*\"]\n\n1. e4 *\n";
    let r = GameRecord::parse(text).unwrap();
    match r.replay(&v, |_, _| {}) {
        Err(RecordError::BadTagValue { tag, reason, .. }) => {
            assert_eq!(tag, "Position");
            assert!(reason.contains("does not fit"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
    // A turn number too large for any game is an error of its own, not a move.
    let text = "[Variant \"chess\"]\n[Result \"*\"]\n\n99999999999999999999. e4 *\n";
    match GameRecord::parse(text) {
        Err(RecordError::BadTurn { text }) => assert!(text.starts_with("9999"), "{text}"),
        other => panic!("{other:?}"),
    }
}

/// Found by the record fuzz target (CI's smoke run): a `{` inside a comment read into
/// its text, which the writer then could not write back the same way twice.
#[test]
fn braces_inside_a_comment_read_and_write_stably() {
    let text = "[Variant \"chess\"]\n[Result \"*\"]\n\n1. e4 {{{ a {b} c 2. d4 *\n";
    let r = GameRecord::parse(text).unwrap();
    let written = r.to_string();
    assert_eq!(GameRecord::parse(&written).unwrap().to_string(), written);
    assert!(written.contains("{a b}"), "{written}");
    // Line breaks and runs of spaces inside a comment are one space.
    let text = "[Variant \"chess\"]\n[Result \"*\"]\n\n1. e4 { a\n\n  \"b\" } e5 *\n";
    let written = GameRecord::parse(text).unwrap().to_string();
    assert_eq!(GameRecord::parse(&written).unwrap().to_string(), written);
    assert!(written.contains("{a \"b\"}"), "{written}");
}

/// Records written before the PGN forms: a move a mine took back stood in the move
/// text (`1. Na3 {a3 is mined...} e4 e5`), and a resignation was the token
/// `(resigns)`, with three players too. They replay to the same positions as the
/// records written now.
#[test]
fn old_mined_chess_and_three_player_records_still_replay() {
    let mined = crate::common::named("mined-chess", &[("seed", "2002")]);
    let head = "[Variant \"mined-chess\"]\n[Options \"seed=2002\"]\n[Result \"*\"]\n\n";
    let news = "{a3 is mined: the move is taken back, play another}";
    let old = format!("{head}1. Na3 {news} e4 e5 2. Nf3 *\n");
    let new = format!("{head}{{tried Na3}} {news} 1. e4 e5 2. Nf3 *\n");
    let end_old = GameRecord::parse(&old)
        .unwrap()
        .replay(&mined, |_, _| {})
        .unwrap();
    let end_new = GameRecord::parse(&new)
        .unwrap()
        .replay(&mined, |_, _| {})
        .unwrap();
    assert_eq!(end_old.to_string(), end_new.to_string());
    assert_eq!(end_new.announcements().len(), 1);

    let three = crate::common::named("chess-for-3", &[]);
    let head = "[Variant \"chess-for-3\"]\n[Result \"*\"]\n\n";
    let old = format!("{head}1. (resigns) Nf10 Nj6 2. Nj10 *\n");
    let new = format!("{head}{{white resigns}} 1... Nf10 Nj6 2. Nj10 *\n");
    let r_old = GameRecord::parse(&old).unwrap();
    let end_old = r_old.replay(&three, |_, _| {}).unwrap();
    let end_new = GameRecord::parse(&new)
        .unwrap()
        .replay(&three, |_, _| {})
        .unwrap();
    assert_eq!(end_old.to_string(), end_new.to_string());
    assert!(end_new.is_eliminated(0));
    // The old record written again is in the new form and replays the same.
    let again = r_old.to_string();
    assert!(again.contains("{resigns} 1. Nf10 Nj6 2. Nj10 *"), "{again}");
    let end_again = GameRecord::parse(&again)
        .unwrap()
        .replay(&three, |_, _| {})
        .unwrap();
    assert_eq!(end_again.to_string(), end_new.to_string());
}

/// `replay` reads the Variant names other programs write for our variants
/// (python-chess and lichess spell them `Standard`, `King of the Hill`, `Atomic`).
#[test]
fn replay_reads_other_programs_variant_names() {
    let dir = scratch("other-names");
    for name in [
        "Standard",
        "King of the Hill",
        "Three-check",
        "Atomic",
        "CHESS",
    ] {
        let f = dir.join("g.pgn");
        let text = format!("[Variant \"{name}\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n");
        std::fs::write(&f, text).unwrap();
        let r = run_in(&root(), &["replay", f.to_str().unwrap(), "--final"], b"");
        assert!(
            r.ok && r.out.contains("3 moves replayed"),
            "{name}: {}",
            r.err
        );
    }
}

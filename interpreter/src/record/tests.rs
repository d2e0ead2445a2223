//! The PGN forms of a start position and a resignation, and the older forms that
//! records written before them hold (`[Position]` alone, the `(resigns)` token).

use super::*;
use crate::testing::chess;
use crate::Outcome;

const FEN: &str = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";

#[test]
fn a_start_fen_describes_is_setup_and_fen() {
    let v = chess();
    let pos = Position::from_str(&v, FEN).unwrap();
    let mut r = GameRecord::new("chess");
    r.set_start(&pos);
    assert_eq!(r.tag("SetUp"), Some("1"));
    assert_eq!(r.tag("FEN"), Some(FEN));
    assert_eq!(r.tag("Position"), None);
    assert_eq!(r.start(&v).unwrap(), pos);
}

#[test]
fn an_old_record_with_only_a_position_tag_reads() {
    let v = chess();
    let start = Position::from_str(&v, FEN).unwrap().to_string();
    let text =
        format!("[Variant \"chess\"]\n[Position \"{start}\"]\n[Result \"*\"]\n\n1. e4 Kd7 *\n");
    let r = GameRecord::parse(&text).unwrap();
    let end = r.replay(&v, |_, _| {}).unwrap();
    assert_eq!(end.fen().unwrap(), "8/3k4/8/8/4P3/8/8/4K3 w - - 1 2");
}

#[test]
fn a_resignation_is_a_comment_and_the_old_token_still_reads() {
    let v = chess();
    let mut r = GameRecord::new("chess");
    r.push(1, 0, "e4");
    r.push(1, 1, "e5");
    r.resign("white");
    r.set_tag("Result", "0-1");
    let text = r.to_string();
    assert!(text.ends_with("\n1. e4 e5 {white resigns} 0-1\n"), "{text}");
    let back = GameRecord::parse(&text).unwrap();
    assert_eq!(back, r);
    assert_eq!(back.moves[2].resigning_player(), Some("white"));
    assert!(matches!(
        back.replay(&v, |_, _| {}).unwrap().outcome(),
        Outcome::Finished { .. }
    ));

    // Written before: `2. (resigns)`, a token PGN reads as a variation.
    let old = "[Variant \"chess\"]\n[Result \"0-1\"]\n\n1. e4 e5 2. (resigns) 0-1\n";
    let r = GameRecord::parse(old).unwrap();
    assert_eq!(r.moves[2].entry, Entry::Resigns);
    assert_eq!(r.moves[2].resigning_player(), None);
    r.replay(&v, |_, _| {}).unwrap();
    // Written again in the new form, which reads back the same.
    let again = r.to_string();
    assert!(again.ends_with("1. e4 e5 {resigns} 0-1\n"), "{again}");
    assert_eq!(GameRecord::parse(&again).unwrap(), r);

    // The comment names the player to move, or the record is wrong.
    let wrong = "[Variant \"chess\"]\n[Result \"0-1\"]\n\n1. e4 e5 {black resigns} 0-1\n";
    match GameRecord::parse(wrong).unwrap().replay(&v, |_, _| {}) {
        Err(RecordError::BadMove {
            index: 3, reason, ..
        }) => {
            assert!(reason.contains("white is to move"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_tried_comment_must_name_a_move_taken_back() {
    // In chess no move is taken back: `{tried e4}` is an error, not a silent move.
    let text = "[Variant \"chess\"]\n[Result \"*\"]\n\n{tried e4} 1. d4 *\n";
    let r = GameRecord::parse(text).unwrap();
    assert_eq!(r.moves[0].entry, Entry::TakenBack);
    assert_eq!(r.moves[1].turn, Some(1));
    assert_eq!(r.to_string(), text);
    assert!(matches!(
        r.replay(&chess(), |_, _| {}),
        Err(RecordError::BadMove { index: 1, .. })
    ));
    // Other comments stay comments.
    for c in [
        "tried",
        "tried two moves",
        "white resigns now",
        "an e4 resigns x",
    ] {
        assert_eq!(RecordedMove::from_comment(c), None, "{c}");
    }
}

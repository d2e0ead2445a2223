//! Pieces written in Betza notation: directions seen from each player (forward is the
//! rule file's `forward` set; right is forward turned a quarter clockwise, as
//! Fairy-Stockfish's black sees the board turned round), moves and captures only, lame
//! leapers, hoppers, ranges and first moves. Perft equality with hand-written pieces is
//! in `perft.rs` (`tests/betza/`).

use crate::common::{chess_board, moves_from, place, variant};
use std::sync::Arc;

/// Shogi's and other pieces on the chess board, for both players.
fn pieces() -> Arc<chessgraph::Variant> {
    let rules = "board \"b\"\nplayer white tag w\nplayer black tag b\n\
        dirs forward = n for white, s for black\n\
        piece king K royal {\n betza \"K\"\n}\n\
        piece silver S {\n betza \"FfW\"\n}\n\
        piece gold G {\n betza \"WfF\"\n}\n\
        piece shogi_knight N {\n betza \"fN\"\n}\n\
        piece lance L {\n betza \"fR\"\n}\n\
        piece right_knight H {\n betza \"rfN\"\n}\n\
        piece pawn P {\n betza \"fmWfcF\"\n betza \"ifmnD\"\n}\n\
        piece cannon C {\n betza \"mRcpR\"\n}\n\
        piece grasshopper Q {\n betza \"gQ\"\n}\n\
        piece horse X {\n betza \"nN\"\n}\n\
        piece short_rook R {\n betza \"R2\"\n}\n";
    variant(rules, &[("b", &chess_board())])
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

#[test]
fn directions_are_seen_from_each_player() {
    let v = pieces();
    let mut w = place(&v, "K a1, k h8, S d4, G g5, N b2, L f2, H b5", 'w', "");
    assert_eq!(
        sorted(moves_from(&mut w, "d4")),
        ["c3", "c5", "d5", "e3", "e5"].map(|c| format!("d4{c}"))
    );
    assert_eq!(
        sorted(moves_from(&mut w, "g5")),
        ["f5", "f6", "g4", "g6", "h5", "h6"].map(|c| format!("g5{c}"))
    );
    assert_eq!(sorted(moves_from(&mut w, "b2")), ["b2a4", "b2c4"]);
    assert_eq!(
        sorted(moves_from(&mut w, "f2")),
        ["f3", "f4", "f5", "f6", "f7", "f8"].map(|c| format!("f2{c}"))
    );
    // `rfN`: forward two, right one; for white right is east.
    assert_eq!(moves_from(&mut w, "b5"), ["b5c7"]);
    // Black's forward is south and its right is west.
    let mut b = place(&v, "K a1, k h8, s d5, g b4, n g7, l f7, h g4", 'b', "");
    assert_eq!(
        sorted(moves_from(&mut b, "d5")),
        ["c4", "c6", "d4", "e4", "e6"].map(|c| format!("d5{c}"))
    );
    assert_eq!(
        sorted(moves_from(&mut b, "b4")),
        ["a3", "a4", "b3", "b5", "c3", "c4"].map(|c| format!("b4{c}"))
    );
    assert_eq!(sorted(moves_from(&mut b, "g7")), ["g7f5", "g7h5"]);
    assert_eq!(moves_from(&mut b, "f7").len(), 6);
    assert_eq!(moves_from(&mut b, "g4"), ["g4f2"]);
}

#[test]
fn modalities_lame_leaps_hoppers_and_ranges() {
    let v = pieces();
    // Pawn: the forward step only to an empty cell, diagonal steps only to capture, the
    // double step (`i`: unmoved; `n`: over an empty cell) only to an empty cell.
    let mut p = place(&v, "K a1, k h8, P e2, p d3, p e3", 'w', "e2");
    assert_eq!(moves_from(&mut p, "e2"), ["e2d3"]);
    let mut p = place(&v, "K a1, k h8, P e2, p f3", 'w', "e2");
    assert_eq!(sorted(moves_from(&mut p, "e2")), ["e2e3", "e2e4", "e2f3"]);
    let mut p = place(&v, "K a1, k h8, P e2, p f3", 'w', "");
    assert_eq!(sorted(moves_from(&mut p, "e2")), ["e2e3", "e2f3"]);
    // Cannon: moves as a rook, captures over exactly one screen.
    let mut p = place(&v, "K a1, k h8, C e2, P e4, p e7, p g2", 'w', "");
    assert_eq!(
        sorted(moves_from(&mut p, "e2")),
        ["a2", "b2", "c2", "d2", "e1", "e3", "e7", "f2"].map(|c| format!("e2{c}"))
    );
    // Grasshopper: right behind the first piece on each line, whoever owns it.
    let mut p = place(&v, "K a1, k h8, Q d4, P d6, p f4, P f6", 'w', "");
    assert_eq!(sorted(moves_from(&mut p, "d4")), ["d4d7", "d4g4", "d4g7"]);
    // Horse: blocked by a piece on its leg.
    let mut p = place(&v, "K a1, k h8, X d4, P d5", 'w', "");
    assert_eq!(
        sorted(moves_from(&mut p, "d4")),
        ["b3", "b5", "c2", "e2", "f3", "f5"].map(|c| format!("d4{c}"))
    );
    // `R2`: a rook of at most two steps.
    let mut p = place(&v, "K a1, k h8, R d4", 'w', "");
    assert_eq!(moves_from(&mut p, "d4").len(), 8);
}

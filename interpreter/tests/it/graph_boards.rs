//! Boards that are graphs rather than rectangles: a board without its corners (leaps
//! over the missing cells) and a cylinder (castling along a rank that is a cycle).

use crate::common::{dsl_board, moves_from, place, variant};

/// Knights and kings on `board.yaml`.
const KNIGHTS: &str = "board \"board.yaml\"\nplayer white\nplayer black\n\
    piece king K royal {\n step n e s w ne nw se sw\n}\n\
    piece knight N {\n leap n.n.e n.n.w s.s.e s.s.w e.e.n e.e.s w.w.n w.w.s\n}\n\
    setup white: K h7, N d3\nsetup black: K h9\ncheck always\n";

#[test]
fn a_leap_over_a_missing_corner_lands() {
    let v = variant(
        KNIGHTS,
        &[("board.yaml", &dsl_board("ok_cut_corners.yaml"))],
    );
    // d3 sits beside the cut-off south-west corner: w.w.n crosses the missing c3 and
    // b3 to reach b4, s.s.w would land on the missing c1.
    let mut p = place(&v, "K h7, N d3, k h9", 'w', "");
    assert_eq!(
        moves_from(&mut p, "d3"),
        ["d3b4", "d3c5", "d3e1", "d3e5", "d3f2", "d3f4"]
    );
    // The attack tables agree: the knight on d3 attacks b4 across the corner, so the
    // king may not step there.
    let mut p = place(&v, "K a5, n d3, k h9", 'w', "");
    assert_eq!(moves_from(&mut p, "a5"), ["a5a4", "a5a6", "a5b5", "a5b6"]);
}

//! Text drawings of a square, the 96-cell and the hexagonal board (snapshots
//! `snapshots/draw__*.snap`).

use super::text_board;
use crate::testing::{chess, compile};
use crate::{Cell, Position};

const TRI96: &str = include_str!("../../../../variants/boards/three-player-96.yaml");
const HEX126: &str = include_str!("../../../../variants/dreierschach/board.yaml");

fn snapshot(name: &str, text: &str) {
    insta::with_settings!({
        snapshot_path => concat!(env!("CARGO_MANIFEST_DIR"), "/../snapshots"),
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!(format!("draw__{name}"), text);
    });
}

#[test]
fn chess_start_with_files_and_ranks() {
    let v = chess();
    let p = Position::start(&v);
    let text = text_board(&p, &[]);
    assert!(text.starts_with("8 r n b q k b n r\n"), "{text}");
    assert!(
        text.ends_with("1 R N B Q K B N R\n  a b c d e f g h\n"),
        "{text}"
    );
    snapshot("chess_start", &text);
}

#[test]
fn marks_are_stars_and_crosses() {
    let v = chess();
    let p = Position::start(&v);
    let marks: Vec<Cell> = ["f3", "e7"].iter().map(|c| v.cell(c).unwrap()).collect();
    let text = text_board(&p, &marks);
    assert!(text.contains("7 p p p p x p p p\n"), "{text}");
    assert!(text.contains("3 . . . . . * . .\n"), "{text}");
}

#[test]
fn three_player_96_cells() {
    let rules = "board \"b.yaml\"\nplayer white tag w seat south\nplayer red tag r seat northeast\nplayer black tag b seat northwest\n\
                 piece king K royal {\n step f b l r\n}\npiece queen Q {\n slide f b l r\n}\n\
                 setup white: K e1, Q d1\nsetup red: K i12, Q e12\nsetup black: K d8, Q i8\n";
    let v = compile(rules, TRI96).unwrap();
    let p = Position::start(&v);
    let text = text_board(&p, &[v.cell("e4").unwrap(), v.cell("i12").unwrap()]);
    assert!(!text.contains("rK"), "the marked red king is xK:\n{text}");
    for token in ["wK", "wQ", "rQ", "bK", "bQ", "xK"] {
        assert_eq!(text.matches(token).count(), 1, "{token} in\n{text}");
    }
    let dots = text.matches('.').count() + text.matches('*').count();
    assert_eq!(dots, 96 - 6 + 1 - 1, "every empty cell drawn once:\n{text}");
    snapshot("tri96", &text);
}

#[test]
fn hexagonal_126_cells() {
    let rules = "board \"b.yaml\"\nplayer white tag w\nplayer gray tag g\nplayer black tag b\n\
                 piece king K royal {\n step e w\n}\n\
                 setup white: K e1\nsetup gray: K a6\nsetup black: K m13\n";
    let v = compile(rules, HEX126).unwrap();
    let p = Position::start(&v);
    let text = text_board(&p, &[]);
    assert_eq!(text.matches('.').count(), 123, "{text}");
    assert_eq!(
        text.lines().count(),
        13,
        "one lattice row per line:\n{text}"
    );
    snapshot("hex126", &text);
}

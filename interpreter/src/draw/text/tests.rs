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
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines.len(),
        14,
        "one lattice row per line, then files:\n{text}"
    );
    // Files run up and to the left on the drawn board: here they are columns.
    assert_eq!(
        lines[13], "    a  b  c  d  e  f  g  h  i  j  k  l  m",
        "{text}"
    );
    assert!(
        lines[0].starts_with("13 ") && lines[0].ends_with(" bK"),
        "{text}"
    );
    let king = lines[12].find("wK").unwrap() + 1;
    assert_eq!(&lines[13][king..=king], "e", "the king on e1:\n{text}");
    snapshot("hex126", &text);
}

const STRATEGI: &str = include_str!("../../../../variants/strategichess/board.yaml");
const TEAM3: &str = include_str!("../../../../variants/strategichess-team/board-3.yaml");

/// Kings on `white` and `black`: enough rules to draw any two-seat board.
fn kings(white: &str, black: &str) -> String {
    format!(
        "board \"b.yaml\"\nplayer white tag w seat white\nplayer black tag b seat black\n\
         piece king K royal {{\n step n s\n}}\nsetup white: K {white}\nsetup black: K {black}\n"
    )
}

#[test]
fn shaded_zones_get_their_mark_and_a_legend() {
    let v = compile(&kings("e1", "e14"), STRATEGI).unwrap();
    let p = Position::start(&v);
    let text = text_board(&p, &[v.cell("a2").unwrap(), v.cell("a3").unwrap()]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[13], " 1 = = = = K = = = = = = = = =", "{text}");
    assert_eq!(lines[12], " 2 * = = = = = = = = = = = = =", "{text}");
    assert_eq!(lines[11], " 3 * . . . . . . . . . . . . .", "{text}");
    assert_eq!(lines[14], "   a b c d e f g h i j k l m n", "{text}");
    assert_eq!(lines[15], "   = road", "{text}");
    assert_eq!(lines.len(), 16, "{text}");
    // Six road ranks of 14 cells, less the two kings and the marked a2; plus the legend.
    assert_eq!(text.matches('=').count(), 6 * 14 - 3 + 1, "{text}");
}

/// Three 14-file boards side by side are 90 columns with blanks between tokens, so
/// the tokens touch (one blank between boards) and the drawing fits 80 columns.
#[test]
fn joined_boards_are_named_above_and_filed_below() {
    let v = compile(&kings("2:h1", "3:h14"), TEAM3).unwrap();
    let p = Position::start(&v);
    let text = text_board(&p, &[]);
    let lines: Vec<&str> = text.lines().collect();
    let block = |i: usize| format!("{0} {i}: {0}", "-".repeat(5));
    let header = format!("   {} {} {}", block(1), block(2), block(3));
    assert_eq!(lines[0], header, "{text}");
    assert!(lines.iter().all(|l| l.len() <= super::MAX_WIDTH), "{text}");
    let files = ["abcdefghijklmn"; 3].join(" ");
    assert_eq!(lines[15], format!("   {files}"), "{text}");
    assert_eq!(lines[16], "   = road", "{text}");
    // Each board's files sit under its own cells: the white king on 2:h1.
    let king = lines[14].find('K').unwrap();
    assert_eq!(&lines[15][king..king + 1], "h");
    let second = lines[0].find(" -").unwrap() + 1..lines[0].rfind("- ").unwrap();
    assert!(second.contains(&king), "{second:?} {king}");
    assert!(lines[0][second].contains(" 2: "));
    snapshot("team3", &text);
}

#[test]
fn files_that_do_not_fit_give_names_in_the_cells() {
    let board = "seats: [white, black]\ndirections:\n  n: { opposite: s }\n  s: { opposite: n }\n\
                 lattice:\n  width: 1\n  height: 2\n  vectors:\n    n: [0, 1]\n    s: [0, -1]\n";
    let v = compile(&kings("a1", "a2"), board).unwrap();
    let text = text_board(&Position::start(&v), &[]);
    assert_eq!(text, "2 k\n1 K\n  a\n");
    // Cells named `1:ab1`, `1:ab2`: the local file `ab` is wider than a token.
    let cells = "cells:\n  - { name: \"1:ab1\", at: [0.5, 0.5], links: { n: \"1:ab2\" } }\n  \
                 - { name: \"1:ab2\", at: [0.5, 1.5], links: { s: \"1:ab1\" } }\n";
    let board = format!(
        "seats: [white, black]\ndirections:\n  n: {{ opposite: s }}\n  s: {{ opposite: n }}\n{cells}"
    );
    let v = compile(&kings("1:ab1", "1:ab2"), &board).unwrap();
    let text = text_board(&Position::start(&v), &[]);
    assert_eq!(text, "1:ab2:k\n1:ab1:K\n", "names in the cells instead");
}

/// A board too wide for 80 columns even with touching tokens says so on its first line:
/// 27 files of two-character tokens (three players) do not touch.
#[test]
fn too_wide_boards_say_how_wide() {
    let board = "seats: [white, gray, black]\ndirections:\n  e: { opposite: w }\n  w: { opposite: e }\n\
                 lattice:\n  width: 27\n  height: 2\n  files: \"abcdefghijklmnopqrstuvwxyzA\"\n  vectors:\n    e: [1, 0]\n    w: [-1, 0]\n";
    let rules = "board \"b.yaml\"\nplayer white tag w seat white\nplayer gray tag g seat gray\n\
                 player black tag b seat black\npiece king K royal {\n step e w\n}\n\
                 setup white: K a1\nsetup gray: K z1\nsetup black: K a2\n";
    let v = compile(rules, board).unwrap_or_else(|e| panic!("{e:?}"));
    let text = text_board(&Position::start(&v), &[]);
    let first = text.lines().next().unwrap();
    assert_eq!(
        first, "(the board is 82 columns wide: widen the terminal to 82 columns)",
        "{text}"
    );
    assert!(text.lines().skip(1).all(|l| l.len() <= 82), "{text}");
}

//! Reviews of small specs, and typed errors for bad ones.

use super::{review, snapshot_file_contents};
use crate::testing::chess;
use crate::{Error, ReviewErrorKind};

#[test]
fn start_position_grouped_by_piece() {
    let v = chess();
    let text = review(&v, "== Start\n").unwrap();
    assert!(text.starts_with("== Start\nposition: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w "));
    assert!(text.contains("\nto move: white\n"), "{text}");
    assert!(text.contains("\nN g1: Nf3 Nh3\n"), "{text}");
    assert!(text.contains("\nP e2: e3 e4\n"), "{text}");
    assert!(text.ends_with("total: 20\n"), "{text}");
}

#[test]
fn moves_cells_and_outcomes() {
    let v = chess();
    let spec = "== Fool's mate\nmoves: 1. f3 e5 2. g4 Qh4#\n\n== Knights\ncells: b1 g1\n";
    let text = review(&v, spec).unwrap();
    assert!(text.contains("moves: 1. f3 e5 2. g4 Qh4#\n"), "{text}");
    assert!(
        text.contains("outcome: checkmate; white 0, black 1\n"),
        "{text}"
    );
    assert!(text.contains("total: 0\n"), "{text}");
    assert!(text.contains("total: 4 of 20\n"), "{text}");
    assert!(
        text.contains("3 * . * . . * . *\n"),
        "targets marked:\n{text}"
    );
}

#[test]
fn bad_specs_are_typed_errors() {
    let v = chess();
    let kind = |spec: &str| match review(&v, spec) {
        Err(Error::Review(e)) => (e.kind, e.block, e.line),
        other => panic!("{other:?}"),
    };
    assert_eq!(
        kind("== a\nposition: nonsense\n"),
        (ReviewErrorKind::Position, "a".into(), 2)
    );
    assert_eq!(
        kind("== a\n\n== b\nmoves: e4 e4\n"),
        (ReviewErrorKind::Move, "b".into(), 4)
    );
    assert_eq!(
        kind("== a\ncells: z9\n"),
        (ReviewErrorKind::UnknownCell, "a".into(), 2)
    );
    assert_eq!(kind("hello\n").0, ReviewErrorKind::Syntax);
    assert_eq!(
        kind("== a\nview: red\n"),
        (ReviewErrorKind::Syntax, "a".into(), 2)
    );
    let Err(e) = review(&v, "== a\nmoves: e4 Nd5\n") else {
        panic!()
    };
    assert_eq!(
        e.to_string(),
        "review spec, block `a`, line 2: move 2 `Nd5`: `Nd5`: no knight of yours can move to d5"
    );
}

#[test]
fn snapshot_files_are_insta_files() {
    assert_eq!(
        snapshot_file_contents("chess", "a\nb\n\n"),
        "---\nsource: interpreter/tests/it/review.rs\n---\na\nb\n"
    );
}

#[test]
fn hostile_specs_never_panic() {
    let v = chess();
    let pieces = [
        "== t\n",
        "position: ",
        "moves: ",
        "cells: ",
        "e4 ",
        "Nf3 ",
        "O-O ",
        "z9 ",
        "\n",
        "#",
        "8/8/8 w - - 0 1",
        "é",
        ":",
        "== ",
        "1. ",
    ];
    let mut seed = 1u64;
    for _ in 0..2000 {
        let mut spec = String::new();
        for _ in 0..8 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            spec += pieces[(seed >> 33) as usize % pieces.len()];
        }
        let _ = review(&v, &spec);
    }
}

#[test]
fn a_view_block_shows_the_view_string() {
    // Chess has nothing hidden: the view string is the position string.
    let text = review(&chess(), "== w\nview: black\ncells: g1\n").unwrap();
    assert!(text.contains(
        "view of black: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w a8,e8,h8,a1,e1,h1 - 0 1\n"
    ));
    assert!(!text.contains("heard:") && !text.contains("position:"));
}

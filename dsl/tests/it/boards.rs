//! Board-file fixtures (`err_*.yaml` must fail with snapshot-tested diagnostics).
//!
//! Every file in `tests/fixtures/boards/` is loaded: `ok_*` must load without errors,
//! `err_*` must fail, and the rendered diagnostics of each failure are snapshot-tested
//! in the top-level `snapshots/diagnostics/` as `boards__<fixture>.snap`, so a review
//! of that folder shows exactly what a variant author would see.

use crate::render::render_all;
use dsl::board::{describe, load_board};
use dsl::SourceFile;
use std::path::Path;

/// Loads one fixture under a stable, machine-independent name.
fn load(
    path: &Path,
) -> (
    String,
    Result<(dsl::board::BoardGraph, dsl::Diagnostics), dsl::Diagnostics>,
) {
    let file_name = path.file_name().unwrap().to_string_lossy().into_owned();
    let text = std::fs::read_to_string(path).unwrap();
    let source = SourceFile::new(format!("boards/{file_name}"), text);
    (file_name, load_board(&source))
}

#[test]
fn board_fixtures() {
    insta::glob!("../fixtures/boards", "*.yaml", |path| {
        let (name, result) = load(path);
        let stem = name.trim_end_matches(".yaml");
        if stem.starts_with("ok_") {
            match result {
                Ok((board, warnings)) => {
                    assert!(!board.cells.is_empty(), "{name}: no cells");
                    assert!(warnings.is_empty(), "{name}: {}", render_all(&warnings));
                    assert!(describe(&board).contains(&format!("board {}", board.name)));
                }
                Err(e) => panic!("{name} should load:\n{}", render_all(&e)),
            }
        } else {
            assert!(
                stem.starts_with("err_"),
                "fixture names start with ok_ or err_: {name}"
            );
            let diags = match result {
                Ok(_) => panic!("{name} should fail to load"),
                Err(e) => e,
            };
            assert!(diags.has_errors());
            for d in &diags.0 {
                let loc = d.location().unwrap_or_default();
                assert!(loc.starts_with(&format!("boards/{name}")), "{name}: {loc}");
                assert!(d.help.is_some(), "{name}: {} has no help", d.code);
            }
            insta::with_settings!({
                snapshot_path => concat!(env!("CARGO_MANIFEST_DIR"), "/../snapshots/diagnostics"),
                prepend_module_to_snapshot => false,
                snapshot_suffix => "",
                omit_expression => true,
            }, {
                insta::assert_snapshot!(format!("boards__{stem}"), render_all(&diags));
            });
        }
    });
}

#[test]
fn chess_variant_board_loads() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../variants/chess/board.yaml");
    let text = std::fs::read_to_string(path).unwrap();
    let (board, warnings) = load_board(&SourceFile::new("variants/chess/board.yaml", text))
        .unwrap_or_else(|e| panic!("{}", render_all(&e)));
    assert!(warnings.is_empty(), "{}", render_all(&warnings));
    assert_eq!((board.cells.len(), board.edges.len()), (64, 420));
}

/// A board with one explicit cell named `name` (and a partner `b2` linked to it).
fn board_with_cell(name: &str) -> String {
    format!(
        "name: t\nseats: [white]\ndirections:\n  n: {{ opposite: s }}\n  s: {{ opposite: n }}\n\
         cells:\n  - name: \"{name}\"\n    links: {{ n: b2 }}\n  - name: b2\n    links: {{ s: \"{name}\" }}\n\
         rows: [[\"{name}\", b2]]\n"
    )
}

#[test]
fn board_names_follow_the_rule_files_name_rule() {
    // Every cell name a board accepts can be written in a rule file, and the other
    // way round: both follow the grammar's `name_text` (ASCII, `[A-Za-z0-9_:']`,
    // starting with a letter or digit, a letter or digit after each `:`).
    let names = [
        "a1", "2:a3", "a'", "x_y", "Z9", "1", "😀1", "é4", "_x", "'q", ":a", "a:", "a::b", "a:_",
        "a-b", "a.b",
    ];
    for name in names {
        let board = load_board(&SourceFile::new("t.yaml", board_with_cell(name)));
        let rules = dsl::rules::parse_rules(&SourceFile::new(
            "t.rules",
            format!("board \"t.yaml\"\nplayer white\nsetup white: K {name}\n"),
        ));
        assert_eq!(
            board.is_ok(),
            rules.is_ok(),
            "`{name}`: board {}, rules {}",
            board.as_ref().map_or_else(render_all, |_| "ok".into()),
            rules.as_ref().map_or_else(render_all, |_| "ok".into()),
        );
        if let Err(ds) = board {
            let d =
                ds.0.iter()
                    .find(|d| d.code == "board::bad-name")
                    .expect("bad-name");
            assert_eq!(d.location().unwrap(), "t.yaml:7:11", "{name}");
        }
    }
}

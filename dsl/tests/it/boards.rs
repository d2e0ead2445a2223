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

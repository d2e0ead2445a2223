//! Rule-file fixtures (`err_*.rules` must fail with snapshot-tested diagnostics).
//!
//! `dsl/tests/fixtures/rules/ok_*.rules` must parse; every `err_*.rules` must fail, and
//! its rendered diagnostics (what a designer would see) are snapshots in the
//! top-level `snapshots/diagnostics/rules__<fixture>.snap`.

use crate::render::render_all;
use dsl::rules::parse_rules;
use dsl::SourceFile;
use std::path::Path;

/// Reads a fixture as a source file named by its file name, so snapshots do not depend
/// on where the repository is checked out.
fn load(path: &Path) -> std::sync::Arc<SourceFile> {
    let text = std::fs::read_to_string(path).expect("fixture is readable UTF-8");
    let name = path.file_name().expect("a file").to_string_lossy();
    SourceFile::new(name, text)
}

#[test]
fn ok_fixtures_parse() {
    insta::glob!("../fixtures/rules", "ok_*.rules", |path| {
        let file = load(path);
        if let Err(ds) = parse_rules(&file) {
            panic!("{} should parse:\n{}", file.name, render_all(&ds));
        }
    });
}

#[test]
fn err_fixtures_fail_with_these_diagnostics() {
    insta::glob!("../fixtures/rules", "err_*.rules", |path| {
        let file = load(path);
        let ds = match parse_rules(&file) {
            Ok(_) => panic!("{} should not parse", file.name),
            Err(ds) => ds,
        };
        assert!(ds.has_errors(), "{}: Err without errors", file.name);
        let stem = path.file_stem().expect("a file").to_string_lossy();
        insta::with_settings!({
            snapshot_path => concat!(env!("CARGO_MANIFEST_DIR"), "/../snapshots/diagnostics"),
            prepend_module_to_snapshot => false,
            snapshot_suffix => "",
            omit_expression => true,
        }, {
            insta::assert_snapshot!(format!("rules__{stem}"), render_all(&ds));
        });
    });
}

#[test]
fn three_mistakes_are_three_diagnostics() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/rules/err_three_mistakes.rules");
    let ds = parse_rules(&load(&path)).expect_err("three mistakes");
    let lines: Vec<String> = ds.0.iter().filter_map(|d| d.location()).collect();
    assert_eq!(
        lines,
        [
            "err_three_mistakes.rules:6:10",
            "err_three_mistakes.rules:8:23",
            "err_three_mistakes.rules:10:7"
        ]
    );
}

#[test]
fn every_variant_rule_file_parses() {
    let variants = Path::new(env!("CARGO_MANIFEST_DIR")).join("../variants");
    let mut seen = 0;
    for dir in std::fs::read_dir(&variants).expect("variants/ exists") {
        let dir = dir.expect("readable").path();
        for entry in std::fs::read_dir(&dir).into_iter().flatten() {
            let path = entry.expect("readable").path();
            if path.extension().is_some_and(|e| e == "rules") {
                seen += 1;
                if let Err(ds) = parse_rules(&load(&path)) {
                    panic!("{} should parse:\n{}", path.display(), render_all(&ds));
                }
            }
        }
    }
    assert!(seen >= 1, "no rule files under {}", variants.display());
}

#[test]
fn a_byte_order_mark_is_accepted() {
    let text = "\u{feff}game \"x\"\nboard \"b.yaml\"\nplayer white\n";
    let rules = parse_rules(&SourceFile::new("bom.rules", text)).unwrap_or_else(|ds| {
        panic!(
            "a leading byte-order mark should be accepted:\n{}",
            render_all(&ds)
        )
    });
    assert_eq!(rules.items.len(), 3);
    // Spans count from after the mark: an error on line 2 is at column 1.
    let ds = parse_rules(&SourceFile::new(
        "bom.rules",
        "\u{feff}game \"x\"\nbord \"b\"\n",
    ))
    .unwrap_err();
    assert_eq!(ds.0[0].location().unwrap(), "bom.rules:2:1");
}

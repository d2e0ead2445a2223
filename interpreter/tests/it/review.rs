//! Review snapshots: for every `variants/<name>/review.txt`, the review of the legal
//! moves is asserted against the top-level `snapshots/<name>.snap`, so `cargo test`
//! fails when a legal move changes. The file must also be exactly what
//! `chessgraph::review::snapshot_file_contents` writes (`chessgraph snapshot NAME`), so
//! a snapshot written by the CLI is accepted as it is.

use crate::common::root;
use chessgraph::review::{review, snapshot_file_contents};
use chessgraph::Variant;
use std::path::{Path, PathBuf};

/// The rule file of a variant folder: `<name>.rules`, else the only `*.rules`.
fn rule_file(dir: &Path, name: &str) -> PathBuf {
    let named = dir.join(format!("{name}.rules"));
    if named.exists() {
        return named;
    }
    let rules: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("readable folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "rules"))
        .collect();
    assert_eq!(rules.len(), 1, "{}: which rule file?", dir.display());
    rules[0].clone()
}

#[test]
fn every_review_matches_its_snapshot() {
    let snapshots = root().join("snapshots");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root().join("variants"))
        .expect("variants/")
        .map(|e| e.expect("entry").path())
        .filter(|d| d.join("review.txt").exists())
        .collect();
    dirs.sort();
    assert!(!dirs.is_empty());
    for dir in dirs {
        let name = dir.file_name().unwrap().to_string_lossy().to_string();
        let spec = std::fs::read_to_string(dir.join("review.txt")).expect("review.txt");
        let loaded = Variant::load(rule_file(&dir, &name), &[]).expect("variant compiles");
        let text = review(&loaded.variant, &spec).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path(&snapshots);
        settings.set_prepend_module_to_snapshot(false);
        settings.set_omit_expression(true);
        settings.remove_input_file();
        settings.bind(|| insta::assert_snapshot!(name.clone(), text));
        let file = std::fs::read_to_string(snapshots.join(format!("{name}.snap")))
            .expect("the snapshot exists once asserted");
        assert_eq!(
            file,
            snapshot_file_contents(&name, &text),
            "{name}: the CLI would write another file"
        );
    }
}

#[test]
fn chess_review_shows_every_rule() {
    let spec = std::fs::read_to_string(root().join("variants/chess/review.txt")).unwrap();
    let text = review(&crate::common::chess(), &spec).unwrap();
    for needle in [
        "O-O-O",
        "exd6",
        "bxa8=Q",
        "b8=N",
        "outcome: checkmate; white 0, black 1",
        "outcome: stalemate; white 1/2, black 1/2",
        "total: 48\n",
        "total: 14\n",
        "total: 4 of 20\n",
    ] {
        assert!(text.contains(needle), "{needle}");
    }
    let castling = text
        .split("== ")
        .find(|b| b.starts_with("Castling"))
        .unwrap();
    assert!(
        castling.contains("\nK e1: Kd1 Kd2 Kf2 O-O-O\n"),
        "{castling}"
    );
}

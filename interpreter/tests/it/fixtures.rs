//! Semantic-error fixtures: every `tests/fixtures/err_*/variant.rules` must fail to
//! compile, and its rendered diagnostics are snapshots in the top-level
//! `snapshots/diagnostics/compile__<fixture>.snap`. An `options.txt` beside the rule
//! file holds `NAME=VALUE` lines given as `--option`.

use crate::render::render_all;
use chessgraph::{Error, Loaded, Variant};
use dsl::SourceFile;
use std::path::Path;

/// Compiles a fixture folder, naming files relative to the fixtures folder so that
/// snapshots do not depend on where the repository is checked out.
fn load(dir: &Path) -> Result<Loaded, Error> {
    let name = dir
        .file_name()
        .expect("a folder")
        .to_string_lossy()
        .to_string();
    let text = std::fs::read_to_string(dir.join("variant.rules")).expect("readable fixture");
    let options: Vec<(String, String)> = std::fs::read_to_string(dir.join("options.txt"))
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect();
    Variant::load_with(
        SourceFile::new(format!("{name}/variant.rules"), text),
        &mut |rel| std::fs::read_to_string(dir.join(rel)).map_err(|e| e.to_string()),
        &options,
    )
}

#[test]
fn err_fixtures_fail_with_these_diagnostics() {
    let mut seen = 0;
    insta::glob!("../fixtures", "err_*/variant.rules", |path| {
        seen += 1;
        let dir = path.parent().expect("a folder");
        let stem = dir
            .file_name()
            .expect("named")
            .to_string_lossy()
            .to_string();
        let ds = match load(dir) {
            Ok(_) => panic!("{stem} should not compile"),
            Err(Error::Variant(ds)) => ds,
            Err(e) => panic!("{stem}: unexpected error {e}"),
        };
        assert!(ds.has_errors(), "{stem}: Err without errors");
        insta::with_settings!({
            snapshot_path => concat!(env!("CARGO_MANIFEST_DIR"), "/../snapshots/diagnostics"),
            prepend_module_to_snapshot => false,
            snapshot_suffix => "",
            omit_expression => true,
        }, {
            insta::assert_snapshot!(format!("compile__{stem}"), render_all(&ds));
        });
    });
    assert!(seen >= 6, "only {seen} fixtures");
}

#[test]
fn three_mistakes_are_three_errors() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/err_three_mistakes");
    let Err(Error::Variant(ds)) = load(&dir) else {
        panic!("should fail")
    };
    let codes: Vec<&str> =
        ds.0.iter()
            .filter(|d| d.is_error())
            .map(|d| d.code)
            .collect();
    assert_eq!(
        codes,
        [
            "compile::dirs-cycle",
            "compile::duplicate-letter",
            "compile::unknown-piece"
        ]
    );
}

#[test]
fn every_variant_compiles_without_errors() {
    let variants = crate::common::root().join("variants");
    let mut seen = 0;
    for dir in std::fs::read_dir(&variants).expect("variants/ exists") {
        let dir = dir.expect("readable").path();
        // A variant folder's rule file is the one named after it (the others are
        // included by it), else its one `*.rules` file.
        let own = dir.join(dir.file_name().unwrap()).with_extension("rules");
        for entry in std::fs::read_dir(&dir).into_iter().flatten() {
            let path = entry.expect("readable").path();
            if path.extension().is_some_and(|e| e == "rules") && (!own.exists() || path == own) {
                seen += 1;
                if let Err(e) = Variant::load(&path, &[]) {
                    match e {
                        Error::Variant(ds) => panic!("{}:\n{}", path.display(), render_all(&ds)),
                        e => panic!("{}: {e}", path.display()),
                    }
                }
            }
        }
    }
    assert!(seen >= 1);
}

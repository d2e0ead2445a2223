//! Finding a variant from what the user typed: a path, or a name under `variants/`.
//!
//! Names are searched in `./variants`, then in `$CHESSGRAPH_VARIANTS`, then in the
//! `variants/` folder of the source tree this binary was built from, so
//! `cargo run -- play chess` works from anywhere in the repository and an installed
//! binary still finds user folders.

use super::error::CliError;
use std::path::{Path, PathBuf};

/// The environment variable naming an extra folder of variants.
pub const VARIANTS_ENV: &str = "CHESSGRAPH_VARIANTS";

/// A variant found on disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    /// The rule file.
    pub rules: PathBuf,
    /// The folder holding it.
    pub dir: PathBuf,
    /// The variant's short name: its folder's name (or the rule file's stem).
    pub name: String,
}

/// Folders searched for variant names, in order.
pub fn search_dirs() -> Vec<PathBuf> {
    let mut dirs = vec![PathBuf::from("variants")];
    if let Some(extra) = std::env::var_os(VARIANTS_ENV) {
        if !extra.is_empty() {
            dirs.push(PathBuf::from(extra));
        }
    }
    dirs.push(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("..")
            .join("variants"),
    );
    dirs
}

/// The rule file of the variant in `dir`: the one named after the directory
/// (`chess/chess.rules`, beside the files it includes), else the directory's one
/// `*.rules` file.
pub fn rules_in(dir: &Path) -> Result<PathBuf, CliError> {
    if let Some(name) = dir.file_name() {
        let own = dir.join(name).with_extension("rules");
        if own.is_file() {
            return Ok(own);
        }
    }
    let entries = std::fs::read_dir(dir).map_err(|e| CliError::io("read", dir, e))?;
    let mut found: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "rules") && p.is_file())
        .collect();
    found.sort();
    match found.len() {
        1 => Ok(found.remove(0)),
        0 => Err(CliError::NotAVariant {
            path: dir.to_path_buf(),
            help: "a variant directory holds one `*.rules` file; this one holds none".into(),
        }),
        _ => Err(CliError::NotAVariant {
            path: dir.to_path_buf(),
            help: format!(
                "a variant directory holds one `*.rules` file or one named after it; this one \
                 holds {}: name the file",
                found.len()
            ),
        }),
    }
}

/// The variant at an existing path (a directory or a `*.rules` file).
pub fn at_path(path: &Path) -> Result<Located, CliError> {
    let short = |p: &Path| {
        p.file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "variant".into())
    };
    if path.is_dir() {
        let rules = rules_in(path)?;
        let name = std::fs::canonicalize(path)
            .ok()
            .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
            .unwrap_or_else(|| short(&rules));
        return Ok(Located {
            rules,
            dir: path.to_path_buf(),
            name,
        });
    }
    if path.extension().is_some_and(|x| x == "rules") {
        let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
        let from_dir = std::fs::canonicalize(&dir)
            .ok()
            .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()));
        return Ok(Located {
            rules: path.to_path_buf(),
            name: from_dir.unwrap_or_else(|| short(path)),
            dir,
        });
    }
    Err(CliError::NotAVariant {
        path: path.to_path_buf(),
        help: "name a variant (`chess`), its directory, or its `*.rules` file".into(),
    })
}

/// Whether `name` could be a plain variant name (no path syntax).
fn is_plain_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 100
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
}

/// Variant names found in the search folders, sorted, without duplicates.
pub fn known_names(dirs: &[PathBuf]) -> Vec<String> {
    let mut names: Vec<String> = dirs
        .iter()
        .filter_map(|d| std::fs::read_dir(d).ok())
        .flat_map(|entries| entries.filter_map(Result::ok).take(1000))
        .filter(|e| rules_in(&e.path()).is_ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names.dedup();
    names
}

/// The variant named `given`: a path if one exists, else a name in [`search_dirs`].
pub fn locate(given: &str) -> Result<Located, CliError> {
    let path = Path::new(given);
    if path.exists() {
        return at_path(path);
    }
    let dirs = search_dirs();
    if is_plain_name(given) {
        for d in &dirs {
            let candidate = d.join(given);
            if candidate.is_dir() {
                return at_path(&candidate);
            }
        }
    }
    let known = known_names(&dirs);
    let searched: Vec<String> = dirs.iter().map(|d| d.display().to_string()).collect();
    let help = if known.is_empty() {
        format!(
            "no such file, and no variant of that name in {}",
            searched.join(", ")
        )
    } else {
        format!(
            "no such file, and no variant of that name; known variants: {}",
            known.join(", ")
        )
    };
    Err(CliError::UnknownVariant {
        name: given.chars().take(60).collect(),
        help,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess_is_found_by_name_and_by_path() {
        let by_name = locate("chess").unwrap();
        assert_eq!(by_name.name, "chess");
        assert!(by_name.rules.ends_with("chess.rules"));
        let by_path = locate(&by_name.rules.display().to_string()).unwrap();
        assert_eq!(by_path.rules, by_name.rules);
        assert_eq!(by_path.name, "chess");
        let by_dir = locate(&by_name.dir.display().to_string()).unwrap();
        assert_eq!(by_dir.name, "chess");
    }

    #[test]
    fn unknown_names_list_the_known_ones() {
        let e = locate("no-such-variant").unwrap_err();
        match e {
            CliError::UnknownVariant { help, .. } => assert!(help.contains("chess"), "{help}"),
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            locate("../../x/y"),
            Err(CliError::UnknownVariant { .. })
        ));
    }

    #[test]
    fn other_files_are_refused() {
        let here = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml");
        assert!(matches!(locate(here), Err(CliError::NotAVariant { .. })));
    }
}

//! The variants an engine protocol offers: every variant folder the command line
//! finds by name (`./variants`, `$CHESSGRAPH_VARIANTS`, the built-in `variants/`),
//! after the folders given with `--variants DIR` or the `VariantPath` option.
//!
//! Both protocols are for two players taking turns with nothing hidden, so a variant
//! is offered when it compiles, has two players, one turn track and no hidden state
//! (mined chess and the team game are left out, as are three-player games). Each is
//! compiled once, when the catalogue is read (all of them take well under a second).

use super::super::locate::{at_path, rules_in, search_dirs};
use chessgraph::Variant;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Most entries read from one folder (a hostile folder cannot make the scan long).
const MAX_ENTRIES: usize = 1000;

/// Other names GUIs use for variants of the catalogue: `standard` (cutechess) and
/// `normal` (XBoard) for chess, `fischerandom` for Chess960.
const ALIASES: &[(&str, &str)] = &[
    ("standard", "chess"),
    ("normal", "chess"),
    ("fischerandom", "chess960"),
];

/// One variant on offer.
#[derive(Clone)]
pub struct Entry {
    /// The folder's name, as protocols name the variant.
    pub name: String,
    /// The compiled variant.
    pub variant: Arc<Variant>,
}

/// The variants on offer, sorted by name.
#[derive(Clone, Default)]
pub struct Catalogue {
    entries: Vec<Entry>,
    /// Variants found but not offered because they do not compile, in words.
    pub skipped: Vec<String>,
}

/// Why a compiled variant is not offered, if it is not.
fn unsuited(v: &Variant) -> Option<&'static str> {
    if v.players().len() != 2 {
        Some("not two players")
    } else if v.track_count() > 1 {
        Some("several turn tracks")
    } else if v.has_hidden_state() {
        Some("hidden state")
    } else {
        None
    }
}

impl Catalogue {
    /// Reads the variants of `extra` folders (each a folder of variant folders, or a
    /// variant folder itself), then those the command line finds by name. A name
    /// found twice keeps its first variant.
    pub fn scan(extra: &[PathBuf]) -> Catalogue {
        let mut c = Catalogue::default();
        let mut dirs: Vec<PathBuf> = extra.to_vec();
        dirs.extend(search_dirs());
        for dir in dirs {
            if rules_in(&dir).is_ok() {
                c.add(&dir);
                continue;
            }
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            let mut found: Vec<PathBuf> = entries
                .filter_map(Result::ok)
                .take(MAX_ENTRIES)
                .map(|e| e.path())
                .filter(|p| p.is_dir())
                .collect();
            found.sort();
            for d in found {
                if rules_in(&d).is_ok() {
                    c.add(&d);
                }
            }
        }
        c.entries.sort_by(|a, b| a.name.cmp(&b.name));
        c
    }

    /// Compiles the variant in `dir` and keeps it when it suits a protocol.
    fn add(&mut self, dir: &Path) {
        let Ok(at) = at_path(dir) else { return };
        if self.entries.iter().any(|e| e.name == at.name) {
            return;
        }
        match Variant::load(&at.rules, &[]) {
            Ok(loaded) => {
                if unsuited(&loaded.variant).is_none() {
                    self.entries.push(Entry {
                        name: at.name,
                        variant: loaded.variant,
                    });
                }
            }
            Err(e) => {
                let why: String = e.to_string().chars().take(120).collect();
                self.skipped
                    .push(format!("{} ({}): {why}", at.name, at.rules.display()));
            }
        }
    }

    /// The names on offer, sorted.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|e| e.name.as_str())
    }

    /// The variant called `name` (any case), or by one of its [`ALIASES`].
    pub fn find(&self, name: &str) -> Option<&Entry> {
        let name = name.trim();
        let by_name = |n: &str| self.entries.iter().find(|e| e.name.eq_ignore_ascii_case(n));
        by_name(name).or_else(|| {
            ALIASES
                .iter()
                .find(|(alias, _)| alias.eq_ignore_ascii_case(name))
                .and_then(|(_, real)| by_name(real))
        })
    }

    /// The variant a session starts with: chess, else the first on offer.
    pub fn default_entry(&self) -> Option<&Entry> {
        self.find("chess").or(self.entries.first())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_player_variants_are_offered_and_the_others_not() {
        let c = Catalogue::scan(&[]);
        let names: Vec<&str> = c.names().collect();
        for offered in [
            "chess",
            "capablanca",
            "crazyhouse",
            "shogi",
            "xiangqi",
            "tapatan",
        ] {
            assert!(names.contains(&offered), "{offered}: {names:?}");
        }
        for left_out in [
            "zubrin",
            "dreierschach",
            "mined-chess",
            "strategichess-team",
        ] {
            assert!(!names.contains(&left_out), "{left_out}");
        }
        assert!(c.skipped.is_empty(), "{:?}", c.skipped);
        assert_eq!(c.find("Standard").unwrap().name, "chess");
        assert_eq!(c.find("fischerandom").unwrap().name, "chess960");
        assert_eq!(c.default_entry().unwrap().name, "chess");
        assert!(c.find("no-such").is_none());
    }
}

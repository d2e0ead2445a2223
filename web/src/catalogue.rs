//! The variants folder the server was started with (`--variants DIR`): listing its
//! variants, loading one by name, and the only paths the server may write, all inside
//! that folder. Names are plain words (`[a-z0-9_-]`), so no request can name a path
//! outside it.

use chessgraph::{Loaded, OptionKind, OptionValue, Variant};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Longest variant or file name accepted.
const MAX_NAME: usize = 64;

/// Compiled variants kept, by name and options.
const MAX_CACHED: usize = 64;

/// A compiled variant and the modification time of its rule file when compiled.
type Cached = (Option<std::time::SystemTime>, Arc<Variant>);
/// A variant's name and options.
type Key = (String, Vec<(String, String)>);

/// The variants folder.
#[derive(Debug)]
pub struct Catalogue {
    dir: PathBuf,
    /// Games of the same variant share one compiled variant (its tables are the bulk of
    /// a game's memory): compiled once per name and options, again when the rule file
    /// changes or the page saves.
    cache: std::sync::Mutex<std::collections::HashMap<Key, Cached>>,
}

/// Why a name or file is refused or a variant does not load.
#[derive(Debug, thiserror::Error)]
pub enum CatalogueError {
    /// Not a plain name.
    #[error("`{0}` is not a variant name: use letters, digits, `-` and `_` (at most 64)")]
    BadName(String),
    /// No such variant.
    #[error("no variant `{0}` in the variants folder")]
    Unknown(String),
    /// A path that would leave the folder.
    #[error("`{0}` is outside the variants folder")]
    Outside(String),
    /// Reading or writing failed.
    #[error("{0}")]
    Io(String),
    /// The variant does not compile: the diagnostics as text.
    #[error("{0}")]
    Compile(String),
}

/// A plain name: `[A-Za-z0-9_-]`, 1 to 64 characters.
pub fn is_plain_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= MAX_NAME
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// A plain file name: a plain name, a dot and a plain extension (`board.yaml`).
pub fn is_plain_file(name: &str) -> bool {
    match name.rsplit_once('.') {
        Some((stem, ext)) => is_plain_name(stem) && is_plain_name(ext),
        None => false,
    }
}

impl Catalogue {
    /// The folder `dir` (made absolute).
    pub fn new(dir: &Path) -> std::io::Result<Catalogue> {
        Ok(Catalogue {
            dir: dir.canonicalize()?,
            cache: Default::default(),
        })
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The names of the variants in the folder (sub-folders holding a rule file), sorted.
    pub fn names(&self) -> Vec<String> {
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return Vec::new();
        };
        let mut names: Vec<String> = entries
            .filter_map(Result::ok)
            .filter_map(|e| e.file_name().into_string().ok())
            .filter(|n| is_plain_name(n))
            .filter(|n| self.rules_path(n).is_ok())
            .collect();
        names.sort();
        names
    }

    /// The rule file of variant `name`: `NAME/NAME.rules`, else the folder's one
    /// `*.rules` file.
    pub fn rules_path(&self, name: &str) -> Result<PathBuf, CatalogueError> {
        if !is_plain_name(name) {
            return Err(CatalogueError::BadName(shown(name)));
        }
        let folder = self.dir.join(name);
        let own = folder.join(format!("{name}.rules"));
        if own.is_file() {
            return Ok(own);
        }
        let entries =
            std::fs::read_dir(&folder).map_err(|_| CatalogueError::Unknown(name.into()))?;
        let mut found: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "rules") && p.is_file())
            .collect();
        match found.len() {
            1 => Ok(found.remove(0)),
            _ => Err(CatalogueError::Unknown(name.into())),
        }
    }

    /// Variant `name` compiled with `options` (from the cache when its rule file has
    /// not changed).
    pub fn load(
        &self,
        name: &str,
        options: &[(String, String)],
    ) -> Result<Arc<Variant>, CatalogueError> {
        let path = self.rules_path(name)?;
        let modified = std::fs::metadata(&path).and_then(|m| m.modified()).ok();
        let key = (name.to_owned(), options.to_vec());
        if let Some((when, v)) = crate::lock(&self.cache).get(&key) {
            if *when == modified && modified.is_some() {
                return Ok(v.clone());
            }
        }
        let variant = match Variant::load(&path, options) {
            Ok(Loaded { variant, .. }) => variant,
            Err(e) => return Err(CatalogueError::Compile(error_text(&e))),
        };
        let mut cache = crate::lock(&self.cache);
        if cache.len() >= MAX_CACHED {
            cache.clear();
        }
        cache.insert(key, (modified, variant.clone()));
        Ok(variant)
    }

    /// Forgets every compiled variant (after a save: a board or included file may have
    /// changed too).
    pub fn forget(&self) {
        crate::lock(&self.cache).clear();
    }

    /// A path inside variant `name`'s folder for the file `rel` a rule file names
    /// (`board.yaml`, `../boards/tri96.yaml`): refused unless it stays inside the
    /// variants folder.
    pub fn file_path(&self, name: &str, rel: &str) -> Result<PathBuf, CatalogueError> {
        if !is_plain_name(name) {
            return Err(CatalogueError::BadName(shown(name)));
        }
        if rel.starts_with('/') || rel.contains('\\') || rel.contains(':') {
            return Err(CatalogueError::Outside(shown(rel)));
        }
        let mut path = self.dir.join(name);
        let mut depth = 1usize;
        for part in rel.split('/') {
            match part {
                "" | "." => {}
                ".." => {
                    if depth == 0 {
                        return Err(CatalogueError::Outside(shown(rel)));
                    }
                    depth -= 1;
                    path.pop();
                }
                p if is_plain_file(p) || is_plain_name(p) => {
                    depth += 1;
                    path.push(p);
                }
                _ => return Err(CatalogueError::Outside(shown(rel))),
            }
        }
        if depth < 2 {
            return Err(CatalogueError::Outside(shown(rel)));
        }
        // Symbolic links may point anywhere: the real parent must be inside.
        if let Some(parent) = path.parent().and_then(|p| p.canonicalize().ok()) {
            if !parent.starts_with(&self.dir) {
                return Err(CatalogueError::Outside(shown(rel)));
            }
        }
        Ok(path)
    }
}

/// At most 60 characters of hostile text, for messages.
pub fn shown(text: &str) -> String {
    text.chars().take(60).collect()
}

/// A compile error as plain text, one diagnostic a line with its location.
pub fn error_text(e: &chessgraph::Error) -> String {
    match e {
        chessgraph::Error::Variant(ds) => {
            ds.0.iter()
                .map(|d| match d.location() {
                    Some(at) => format!("{at}: {}", d.message),
                    None => d.message.clone(),
                })
                .collect::<Vec<_>>()
                .join("\n")
        }
        other => other.to_string(),
    }
}

/// An option's type and default as JSON, for the page's option controls.
pub fn option_json(o: &chessgraph::OptionInfo) -> serde_json::Value {
    let value = |v: &OptionValue| match v {
        OptionValue::Bool(b) => serde_json::json!(b),
        OptionValue::Int(i) => serde_json::json!(i),
        OptionValue::Choice(c) => serde_json::json!(c),
    };
    let kind = match &o.kind {
        OptionKind::Bool => serde_json::json!({ "type": "bool" }),
        OptionKind::Int { min, max } => {
            serde_json::json!({ "type": "int", "min": min, "max": max })
        }
        OptionKind::Choice(c) => serde_json::json!({ "type": "choice", "choices": c }),
    };
    serde_json::json!({
        "name": o.name,
        "kind": kind,
        "default": value(&o.default),
        "doc": o.doc,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cat() -> Catalogue {
        Catalogue::new(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../variants")).unwrap()
    }

    #[test]
    fn names_are_the_variant_folders() {
        let names = cat().names();
        assert!(names.contains(&"chess".to_owned()) && names.contains(&"zubrin".to_owned()));
        assert!(!names.contains(&"boards".to_owned()));
    }

    #[test]
    fn paths_stay_inside_the_folder() {
        let c = cat();
        assert!(c
            .file_path("chess", "board.yaml")
            .unwrap()
            .ends_with("chess/board.yaml"));
        assert!(c.file_path("zubrin", "../boards/tri96.yaml").is_ok());
        for bad in [
            "../../etc/passwd",
            "/etc/passwd",
            "..",
            "../..",
            "a b",
            "x/../../..",
            "..\\x",
        ] {
            assert!(c.file_path("chess", bad).is_err(), "{bad}");
        }
        assert!(c.file_path("../x", "board.yaml").is_err());
        assert!(c.rules_path("..").is_err());
        assert!(matches!(
            c.load("nonesuch", &[]),
            Err(CatalogueError::Unknown(_))
        ));
    }
}

//! `include "FILE"`: a rule file with the files it includes, as one list of statements.
//!
//! Every file is parsed on its own, but its spans live in one offset space shared by
//! all the files (each file starts where the previous one ended), and the source the
//! compiler reports against is a composite of them ([`SourceFile::composite`]): a
//! diagnostic about a statement of an included file names that file, line and column.
//!
//! The statements of an included file come before those of the file that includes it,
//! each file tagged with its *layer* (its place in that order): the compiler lets a
//! statement replace the same statement of a lower layer (`piece king`, `setup white`,
//! `check`, `end checkmate`...), and `remove` and `extend` act on lower layers only.
//! Includes are found depth first; a file may be included twice (a diamond) but not by
//! itself (a cycle is an error).

use super::ast::{Item, RuleFile};
use super::parse_rules;
use crate::limits::MAX_FILE_BYTES;
use crate::{Diagnostic, Diagnostics, SourceFile, Span};
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

/// Most files one rule file may bring in, itself included.
pub const MAX_INCLUDED_FILES: usize = 16;
/// Deepest chain of includes.
pub const MAX_INCLUDE_DEPTH: usize = 8;

/// A rule file with what it includes: the statements of every file in order, each
/// top-level item's layer, and the composite source of their spans.
#[derive(Debug)]
pub struct RuleSet {
    /// The statements, included files' first; no `include` is left.
    pub file: RuleFile,
    /// Per top-level item of `file`: its file's layer (0 for the first file read
    /// completely; the main file has the highest).
    pub layers: Vec<u16>,
    /// The source every span of `file` points into.
    pub source: Arc<SourceFile>,
}

/// Reads `main` and the files it includes. `read` maps a path relative to `main`'s
/// folder to a file's text (or a reason it cannot be read). Board paths of included
/// files are rewritten relative to `main`'s folder.
pub fn load_rules(
    main: &Arc<SourceFile>,
    read: &mut dyn FnMut(&str) -> Result<String, String>,
) -> Result<RuleSet, Diagnostics> {
    let mut l = Loader {
        read,
        main_dir: Path::new(&main.name)
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default(),
        parts: vec![(0, main.clone())],
        next_base: main.text.len() + 1,
        diags: Vec::new(),
        errors: Vec::new(),
        items: Vec::new(),
        layers: Vec::new(),
        next_layer: 0,
        stack: Vec::new(),
        files: 1,
        bytes: main.text.len(),
    };
    let file = parse_rules(main)?;
    let me = Path::new(&main.name)
        .file_name()
        .map(PathBuf::from)
        .unwrap_or_default();
    l.take(file, PathBuf::new(), me);
    let source = SourceFile::composite(main.name.clone(), main.text.clone(), l.parts);
    if !l.diags.is_empty() || !l.errors.is_empty() {
        let mut ds = Diagnostics(l.diags);
        for e in l.errors {
            ds.push(
                Diagnostic::error(e.code, e.message)
                    .at(&source, e.span, e.label)
                    .help(e.help),
            );
        }
        ds.0.sort_by_key(|d| d.primary.as_ref().map(|(s, _)| s.start));
        return Err(ds);
    }
    Ok(RuleSet {
        file: RuleFile { items: l.items },
        layers: l.layers,
        source,
    })
}

/// The state of one load.
struct Loader<'r> {
    read: &'r mut dyn FnMut(&str) -> Result<String, String>,
    /// The main file's folder as its name gives it: included files are named from
    /// there in diagnostics (`variants/chess/base.rules`), as a user would open them.
    main_dir: PathBuf,
    /// Every file read, with the offset of its first byte.
    parts: Vec<(usize, Arc<SourceFile>)>,
    next_base: usize,
    /// Diagnostics of the included files' parses (their source is set).
    diags: Vec<Diagnostic>,
    /// The loader's own errors, placed in the composite source at the end.
    errors: Vec<LoadError>,
    items: Vec<Item>,
    layers: Vec<u16>,
    /// The layer of the next file whose statements are complete.
    next_layer: u16,
    /// The files being read (for cycles), as normalized paths.
    stack: Vec<PathBuf>,
    files: usize,
    bytes: usize,
}

impl Loader<'_> {
    /// Adds the statements of `file` (whose folder is `dir`, relative to the main
    /// file's) after those of the files it includes.
    fn take(&mut self, file: RuleFile, dir: PathBuf, me: PathBuf) {
        self.stack.push(me);
        let mut own = Vec::new();
        for item in file.items {
            match item {
                Item::Include(path) => self.include(&path.node, path.span, &dir),
                Item::Board(mut b) if !dir.as_os_str().is_empty() => {
                    b.node = slashed(&dir.join(&b.node));
                    own.push(Item::Board(b));
                }
                Item::When(w) => {
                    if let Some(span) = nested_include(&w.items) {
                        self.error(
                            "rules::include-in-when",
                            "`include` inside a `when` block".into(),
                            span,
                            "inside `when`",
                            "include files at the top level; options choose among the \
                             statements of the including file",
                        );
                    }
                    own.push(Item::When(w));
                }
                other => own.push(other),
            }
        }
        let layer = self.next_layer;
        self.next_layer += 1;
        self.layers.extend(std::iter::repeat(layer).take(own.len()));
        self.items.extend(own);
        self.stack.pop();
    }

    /// `include "path"` written in a file whose folder is `dir`.
    fn include(&mut self, path: &str, span: Span, dir: &Path) {
        let rel = normal(&dir.join(path));
        if self.stack.contains(&rel) {
            let chain: Vec<String> = self
                .stack
                .iter()
                .skip_while(|p| **p != rel)
                .map(|p| slashed(p))
                .chain(std::iter::once(slashed(&rel)))
                .collect();
            self.error(
                "rules::include-cycle",
                format!("`{path}` includes itself: {}", chain.join(" -> ")),
                span,
                "a cycle",
                "a file may not include itself, directly or through other files",
            );
            return;
        }
        if self.stack.len() > MAX_INCLUDE_DEPTH {
            self.error(
                "rules::include-depth",
                format!("includes are nested more than {MAX_INCLUDE_DEPTH} deep"),
                span,
                "too deep",
                "include the shared files from one place",
            );
            return;
        }
        if self.files == MAX_INCLUDED_FILES {
            self.error(
                "rules::include-limit",
                format!("more than {MAX_INCLUDED_FILES} rule files in one variant"),
                span,
                "one too many",
                "merge some of the included files",
            );
            return;
        }
        let text = match (self.read)(&slashed(&rel)) {
            Ok(t) => t,
            Err(reason) => {
                self.error(
                    "rules::include-unreadable",
                    format!("cannot read the included file `{path}`: {reason}"),
                    span,
                    "this file",
                    "the path is relative to the folder of the file that includes it",
                );
                return;
            }
        };
        self.files += 1;
        self.bytes += text.len();
        if self.bytes > MAX_FILE_BYTES {
            self.error(
                "rules::include-too-large",
                format!("the included files hold more than {MAX_FILE_BYTES} bytes together"),
                span,
                "too much text",
                "a variant's rule files are a few kilobytes of text",
            );
            return;
        }
        let own = SourceFile::new(slashed(&self.main_dir.join(&rel)), text);
        let base = self.next_base;
        self.next_base += own.text.len() + 1;
        self.parts.push((base, own.clone()));
        // Parsed with its spans at `base`: the text is padded with spaces up to there.
        let mut padded = " ".repeat(base);
        padded.push_str(&own.text);
        let parsing = SourceFile::composite(own.name.clone(), padded, self.parts.clone());
        match parse_rules(&parsing) {
            Ok(file) => {
                let dir = rel.parent().map(Path::to_path_buf).unwrap_or_default();
                self.take(file, dir, rel);
            }
            Err(ds) => self.diags.extend(ds.0),
        }
    }

    fn error(&mut self, code: &'static str, message: String, span: Span, label: &str, help: &str) {
        self.errors.push(LoadError {
            code,
            message,
            span,
            label: label.to_owned(),
            help: help.to_owned(),
        });
    }
}

/// An error of the loader itself, reported once every file is known.
struct LoadError {
    code: &'static str,
    message: String,
    span: Span,
    label: String,
    help: String,
}

/// The span of an `include` anywhere inside these `when` items.
fn nested_include(items: &[Item]) -> Option<Span> {
    items.iter().find_map(|i| match i {
        Item::Include(p) => Some(p.span),
        Item::When(w) => nested_include(&w.items),
        _ => None,
    })
}

/// A path with `.` removed and `a/..` folded (leading `..` kept): the same file
/// reached two ways compares equal.
fn normal(p: &Path) -> PathBuf {
    let mut out: Vec<Component> = Vec::new();
    for c in p.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => match out.last() {
                Some(Component::Normal(_)) => {
                    out.pop();
                }
                _ => out.push(c),
            },
            other => out.push(other),
        }
    }
    out.iter().collect()
}

/// A path written with `/`.
fn slashed(p: &Path) -> String {
    p.components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests;

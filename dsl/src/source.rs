//! Source files shared by diagnostics.

use std::fmt;
use std::sync::{Arc, OnceLock};

/// The UTF-8 byte-order mark.
const BOM: char = '\u{feff}';

/// A named text file, shared by every diagnostic that points into it.
#[derive(Clone)]
pub struct SourceFile {
    /// The name shown in diagnostics (usually the path as given by the user).
    pub name: String,
    /// The whole text.
    pub text: String,
    /// Byte offset of the start of every line, built on the first lookup, so that
    /// rendering many diagnostics of a large file does not rescan it each time.
    line_starts: OnceLock<Vec<usize>>,
    /// For a rule file with the files it includes: each file and the offset where its
    /// text starts in the shared offset space of their spans (empty: a single file).
    parts: Vec<(usize, Arc<SourceFile>)>,
}

impl fmt::Debug for SourceFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SourceFile")
            .field("name", &self.name)
            .field("bytes", &self.text.len())
            .finish()
    }
}

impl PartialEq for SourceFile {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name && self.text == other.text
    }
}

impl Eq for SourceFile {}

impl SourceFile {
    /// A new shared source file. A leading UTF-8 byte-order mark is dropped (editors
    /// on some systems write one): spans count from the first character after it.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Arc<SourceFile> {
        let mut text = text.into();
        if text.starts_with(BOM) {
            text.drain(..BOM.len_utf8());
        }
        Arc::new(SourceFile {
            name: name.into(),
            text,
            line_starts: OnceLock::new(),
            parts: Vec::new(),
        })
    }

    /// Several files whose spans share one offset space: `parts` are the files with
    /// the offset of their first byte, in increasing order. `name` and `text` are
    /// those of the file being parsed (its text padded to its offset) or of the first
    /// part. Lines, columns and excerpts are those of the part an offset falls in.
    pub fn composite(
        name: impl Into<String>,
        text: impl Into<String>,
        parts: Vec<(usize, Arc<SourceFile>)>,
    ) -> Arc<SourceFile> {
        Arc::new(SourceFile {
            name: name.into(),
            text: text.into(),
            line_starts: OnceLock::new(),
            parts,
        })
    }

    /// The file an offset of this source falls in, and the offset of its first byte.
    pub fn part_of(&self, offset: usize) -> (&SourceFile, usize) {
        let i = self.parts.partition_point(|(base, _)| *base <= offset);
        match i.checked_sub(1).and_then(|i| self.parts.get(i)) {
            Some((base, file)) => (file, *base),
            None => (self, 0),
        }
    }

    /// `name:line:col` of an offset (the part's name for a composite source).
    pub fn location(&self, offset: u32) -> String {
        let (file, base) = self.part_of(offset as usize);
        let (l, c) = file.line_col(offset.saturating_sub(base as u32));
        format!("{}:{}:{}", file.name, l, c)
    }

    fn line_starts(&self) -> &[usize] {
        self.line_starts.get_or_init(|| {
            std::iter::once(0)
                .chain(
                    self.text
                        .bytes()
                        .enumerate()
                        .filter(|&(_, b)| b == b'\n')
                        .map(|(i, _)| i + 1),
                )
                .collect()
        })
    }

    /// 0-based line of a byte offset (clamped to the text) and the byte offset where
    /// that line starts.
    pub(crate) fn line_of(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let starts = self.line_starts();
        let line = starts.partition_point(|&s| s <= offset) - 1;
        (line, starts[line])
    }

    /// 1-based line and column (in characters) of a byte offset (within its part, for
    /// a composite source).
    pub fn line_col(&self, offset: u32) -> (usize, usize) {
        let (file, base) = self.part_of(offset as usize);
        if base > 0 || !std::ptr::eq(file, self) {
            return file.line_col(offset.saturating_sub(base as u32));
        }
        let offset = floor_char(&self.text, offset as usize);
        let (line, start) = self.line_of(offset);
        (line + 1, self.text[start..offset].chars().count() + 1)
    }

    /// Byte offset of a 1-based line and column; clamps to the end of the text.
    pub fn offset_of(&self, line: usize, col: usize) -> usize {
        let starts = self.line_starts();
        let Some(&start) = line.checked_sub(1).and_then(|l| starts.get(l)) else {
            return self.text.len();
        };
        let end = starts.get(line).copied().unwrap_or(self.text.len());
        let within: usize = self.text[start..end]
            .chars()
            .take(col.saturating_sub(1))
            .map(char::len_utf8)
            .sum();
        start + within
    }
}

/// The largest char boundary of `text` at or before `i` (clamped to its length).
pub(crate) fn floor_char(text: &str, i: usize) -> usize {
    let mut i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The smallest char boundary of `text` at or after `i` (clamped to its length).
pub(crate) fn ceil_char(text: &str, i: usize) -> usize {
    let mut i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns_round_trip() {
        let f = SourceFile::new("x", "ab\nçd\n\nlast");
        assert_eq!(f.line_col(0), (1, 1));
        assert_eq!(f.line_col(3), (2, 1));
        assert_eq!(f.line_col(5), (2, 2), "columns count characters");
        assert_eq!(f.line_col(7), (3, 1));
        assert_eq!(f.line_col(99), (4, 5));
        assert_eq!(f.offset_of(2, 2), 5);
        assert_eq!(f.offset_of(4, 3), 10);
        assert_eq!(f.offset_of(9, 1), f.text.len());
        assert_eq!(f.offset_of(0, 1), f.text.len());
        assert_eq!(*f, *SourceFile::new("x", "ab\nçd\n\nlast"));
    }
}

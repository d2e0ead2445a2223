//! Source files shared by diagnostics.

use std::sync::Arc;

/// The UTF-8 byte-order mark.
const BOM: char = '\u{feff}';

/// A named text file, shared by every diagnostic that points into it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceFile {
    /// The name shown in diagnostics (usually the path as given by the user).
    pub name: String,
    /// The whole text.
    pub text: String,
}

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
        })
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: u32) -> (usize, usize) {
        let offset = (offset as usize).min(self.text.len());
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let col = before[line_start..].chars().count() + 1;
        (line, col)
    }

    /// Byte offset of a 1-based line and column; clamps to the end of the text.
    pub fn offset_of(&self, line: usize, col: usize) -> usize {
        let mut offset = 0;
        for (i, l) in self.text.split_inclusive('\n').enumerate() {
            if i + 1 == line {
                let within: usize = l
                    .chars()
                    .take(col.saturating_sub(1))
                    .map(char::len_utf8)
                    .sum();
                return offset + within;
            }
            offset += l.len();
        }
        self.text.len()
    }
}

//! The labels around a text drawing, all derived from the cells' names and drawing
//! slots: ranks to the left, files below, board names above, and the legend of tinted
//! zones. Each is written only when it is unambiguous, so a board whose names follow no
//! file/rank pattern is drawn bare rather than mislabelled.
//!
//! A cell name is read as *file* then *rank* (the trailing digits, `san::names::split`).
//! A file of the form `PREFIX:LOCAL` (`2:a` of cell `2:a3`) belongs to a board of
//! several joined side by side: the local part goes below its column and the prefix
//! (`2:`) once above each block of adjacent columns that share it.

use super::super::layout::Layout;
use crate::san::names::split;
use crate::{Cell, Variant};

/// The rank of every line, when every line's cells share one (else none at all).
pub(super) fn line_labels(v: &Variant, l: &Layout) -> Vec<String> {
    let mut ranks: Vec<Option<String>> = vec![None; l.lines];
    for (c, &(line, _)) in l.slots.iter().enumerate() {
        let rank = split(v.cell_name(c as Cell)).1;
        match &ranks[line] {
            _ if rank.is_empty() => return Vec::new(),
            None => ranks[line] = Some(rank.to_owned()),
            Some(r) if r != rank => return Vec::new(),
            Some(_) => {}
        }
    }
    ranks.into_iter().map(Option::unwrap_or_default).collect()
}

/// The labels of the columns: `(column, prefix, local file)`, sorted by column.
pub(super) struct Files(Vec<(usize, String, String)>);

/// The files of every column, when every column's cells share one file whose local part
/// fits in the column's token (else none).
pub(super) fn column_labels(v: &Variant, l: &Layout, token: usize) -> Option<Files> {
    let mut files: Vec<(usize, &str)> = Vec::new();
    for (c, &(_, col)) in l.slots.iter().enumerate() {
        let file = split(v.cell_name(c as Cell)).0;
        match files.iter().find(|(k, _)| *k == col) {
            Some((_, f)) if *f != file => return None,
            Some(_) => {}
            None => files.push((col, file)),
        }
    }
    files.sort_unstable();
    let mut out = Vec::with_capacity(files.len());
    for (col, file) in files {
        let (prefix, local) = match file.rfind(':') {
            Some(i) if i + 1 < file.len() => file.split_at(i + 1),
            _ => ("", file),
        };
        if local.is_empty() || local.chars().count() > token {
            return None;
        }
        out.push((col, prefix.to_owned(), local.to_owned()));
    }
    Some(Files(out))
}

impl Files {
    /// The line of local files, each right-aligned in its token.
    pub(super) fn below(&self, width: usize, token: usize) -> String {
        let mut line = vec![' '; width];
        for (col, _, name) in &self.0 {
            let start = (col + token).saturating_sub(name.chars().count());
            put(&mut line, start, name);
        }
        line.into_iter().collect()
    }

    /// The line of prefixes, each centred in a rule over its block of adjacent columns
    /// (`------ 2: ------`); `None` when no file has a prefix or a block is too narrow
    /// for its label.
    pub(super) fn above(&self, width: usize, token: usize) -> Option<String> {
        if self.0.iter().all(|(_, p, _)| p.is_empty()) {
            return None;
        }
        // Blocks: runs of columns with one prefix, as (first col, last col, prefix).
        let mut blocks: Vec<(usize, usize, &str)> = Vec::new();
        for (col, prefix, _) in &self.0 {
            match blocks.last_mut() {
                Some(b) if b.2 == prefix => b.1 = *col,
                _ => blocks.push((*col, *col, prefix)),
            }
        }
        let mut line = vec![' '; width];
        let mut free = 0;
        for (first, last, prefix) in blocks {
            if prefix.is_empty() {
                continue;
            }
            let label = format!(" {prefix} ");
            let n = label.chars().count();
            let end = last + token;
            let start = ((first + end) / 2).saturating_sub(n / 2).max(first);
            if first < free || start + n > end || end > width {
                return None;
            }
            line[first..end].fill('-');
            put(&mut line, start, &label);
            free = end + 1;
        }
        Some(line.into_iter().collect())
    }
}

/// Writes `text` into `line` from `start`, dropping what falls off its end.
fn put(line: &mut [char], start: usize, text: &str) {
    for (i, ch) in text.chars().enumerate() {
        if let Some(slot) = line.get_mut(start + i) {
            *slot = ch;
        }
    }
}

//! Names of cells, directions, seats, zones, remaps and colours: the allowed spelling
//! and the tables that give each name its id and catch duplicates.
//!
//! Names end up in rule files, position strings and move notation, so they are kept
//! to a small character set (`[A-Za-z0-9_:']`, at most [`MAX_NAME_LEN`] characters)
//! that never needs quoting anywhere. The rule is the rule grammar's `name_text`, so
//! that every name a board declares can be written in a rule file: a name starts
//! with an ASCII letter or digit, and a `:` is followed by one.

use super::report::Reporter;
use crate::limits::MAX_NAME_LEN;
use crate::span::Span;
use crate::suggest;
use std::collections::HashMap;

/// True for the characters a name may use.
pub(crate) fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | ':' | '\'')
}

/// Why `name` is not a valid name, if it is not.
pub(crate) fn name_problem(name: &str) -> Option<String> {
    if name.is_empty() {
        return Some("it is empty".to_owned());
    }
    if name.chars().count() > MAX_NAME_LEN {
        return Some(format!("it is longer than {MAX_NAME_LEN} characters"));
    }
    if let Some(c) = name.chars().find(|c| !is_name_char(*c)) {
        return Some(format!("it contains {c:?}"));
    }
    if !name.starts_with(|c: char| c.is_ascii_alphanumeric()) {
        return Some("it does not start with a letter or a digit".to_owned());
    }
    let b = name.as_bytes();
    if (0..b.len()).any(|i| b[i] == b':' && !b.get(i + 1).is_some_and(u8::is_ascii_alphanumeric)) {
        return Some("a `:` in it is not followed by a letter or a digit".to_owned());
    }
    None
}

/// Reports `name` if it is not a valid name; true when it is valid.
pub(crate) fn check_name(rep: &mut Reporter, what: &str, name: &str, span: Span) -> bool {
    match name_problem(name) {
        None => true,
        Some(why) => {
            rep.error(
                "board::bad-name",
                format!(
                    "`{}` is not a valid {what} name: {why}",
                    crate::suggest::shown(name)
                ),
                span,
                "bad name",
                format!(
                    "names use ASCII letters, digits, `_`, `:` and `'` (a letter or digit \
                     first and after each `:`), at most {MAX_NAME_LEN} characters, so that \
                     rule files and position strings can use them unquoted"
                ),
            );
            false
        }
    }
}

/// Names of one kind, each with its id (declaration order) and where it was declared.
#[derive(Default)]
pub(crate) struct NameTable {
    ids: HashMap<String, usize>,
    names: Vec<String>,
    spans: Vec<Span>,
}

impl NameTable {
    /// Declares `name`; returns its new id, or reports a duplicate (pointing at both
    /// declarations) and returns `None`. Invalid names are reported and still declared,
    /// so that later references to them do not cascade into "unknown name" errors.
    pub(crate) fn declare(
        &mut self,
        rep: &mut Reporter,
        code: &'static str,
        what: &str,
        name: &str,
        span: Span,
    ) -> Option<usize> {
        check_name(rep, what, name, span);
        if let Some(&first) = self.ids.get(name) {
            let d = crate::Diagnostic::error(code, format!("{what} `{name}` is declared twice"))
                .at(rep.file(), span, "declared again here")
                .also(self.spans[first], "first declared here")
                .help(format!(
                    "rename or remove one of the two {what}s named `{name}`"
                ));
            rep.push(d);
            return None;
        }
        let id = self.names.len();
        self.ids.insert(name.to_owned(), id);
        self.names.push(name.to_owned());
        self.spans.push(span);
        Some(id)
    }

    /// Id of a declared name.
    pub(crate) fn get(&self, name: &str) -> Option<usize> {
        self.ids.get(name).copied()
    }

    /// Number of declared names.
    pub(crate) fn len(&self) -> usize {
        self.names.len()
    }

    /// Declared names in id order.
    pub(crate) fn names(&self) -> impl Iterator<Item = &str> + '_ {
        self.names.iter().map(String::as_str)
    }

    /// Looks `name` up, reporting an unknown name at `span` with a suggestion.
    pub(crate) fn resolve(
        &self,
        rep: &mut Reporter,
        code: &'static str,
        what: &str,
        name: &str,
        span: Span,
        help: &str,
    ) -> Option<usize> {
        if let Some(id) = self.get(name) {
            return Some(id);
        }
        let hint = suggest::did_you_mean(name, self.names());
        let name = suggest::shown(name);
        rep.error(
            code,
            format!("unknown {what} `{name}`"),
            span,
            format!("no {what} is called `{name}`"),
            format!("{help}{hint}"),
        );
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_rules() {
        assert!(name_problem("a1").is_none());
        assert!(name_problem("2:a3'").is_none());
        assert!(name_problem("e 4").unwrap().contains("' '"));
        assert!(name_problem("").is_some());
        assert!(name_problem(&"x".repeat(33)).is_some());
        assert!(name_problem(&"x".repeat(32)).is_none());
        assert!(name_problem("é").is_some());
        assert!(name_problem("😀1").unwrap().contains("'😀'"));
        for bad in ["_x", "'q", ":a", "a:", "a::b", "2:", "a:_"] {
            assert!(name_problem(bad).is_some(), "{bad}");
        }
        for good in ["a_", "a'", "a:b", "2:a3", "1", "x_:y9"] {
            assert!(name_problem(good).is_none(), "{good}");
        }
    }
}

//! The compiler's diagnostic collector: every semantic problem of a rule file is
//! pushed here with its span and a help, and all of them are reported together.

use dsl::limits::MAX_DIAGNOSTICS;
use dsl::rules::ast::Ident;
use dsl::suggest::closest;
use dsl::{Diagnostic, Diagnostics, SourceFile, Span};
use std::sync::Arc;

/// Most names listed in a help when no close name is found.
const LISTED: usize = 12;

/// Diagnostics of one compile, pointing into the rule file.
pub(crate) struct Cx {
    /// The rule file.
    pub file: Arc<SourceFile>,
    /// Everything found so far.
    diags: Diagnostics,
    /// Problems beyond [`MAX_DIAGNOSTICS`], counted but not kept.
    dropped: usize,
    /// Where a dropped diagnostic is built, so callers can still add labels.
    scratch: Diagnostic,
}

impl Cx {
    /// A collector for `file`.
    pub fn new(file: Arc<SourceFile>) -> Cx {
        Cx {
            file,
            diags: Diagnostics::default(),
            dropped: 0,
            scratch: Diagnostic::error("", ""),
        }
    }

    /// Adds a diagnostic (beyond [`MAX_DIAGNOSTICS`] it is only counted).
    pub fn push(&mut self, d: Diagnostic) -> &mut Diagnostic {
        if self.diags.0.len() >= MAX_DIAGNOSTICS {
            self.dropped += 1;
            self.scratch = d;
            return &mut self.scratch;
        }
        self.diags.push(d);
        self.diags.0.last_mut().expect("just pushed")
    }

    /// Everything collected, in file order (problems without a place first).
    pub fn finish(mut self) -> Diagnostics {
        self.diags
            .0
            .sort_by_key(|d| d.primary.as_ref().map_or(0, |(s, _)| s.start));
        if self.dropped > 0 {
            let d = Diagnostic::error(
                "compile::too-many-problems",
                format!("{} more problems were found and not shown", self.dropped),
            )
            .in_file(&self.file)
            .help("fix the problems above first");
            self.diags.push(d);
        }
        self.diags
    }

    /// Adds an error at `span` and returns it for more labels.
    pub fn error(
        &mut self,
        code: &'static str,
        message: impl Into<String>,
        span: Span,
        label: impl Into<String>,
        help: impl Into<String>,
    ) -> &mut Diagnostic {
        let d = Diagnostic::error(code, message)
            .at(&self.file, span, label)
            .help(help);
        self.push(d)
    }

    /// Adds a warning at `span`.
    pub fn warning(
        &mut self,
        code: &'static str,
        message: impl Into<String>,
        span: Span,
        label: impl Into<String>,
        help: impl Into<String>,
    ) {
        let d = Diagnostic::warning(code, message)
            .at(&self.file, span, label)
            .help(help);
        self.push(d);
    }

    /// Reports an unknown `what` (`direction`), suggesting the closest known name or
    /// listing the `known` ones under the plural noun `plural` (`directions`).
    pub fn unknown<'a>(
        &mut self,
        code: &'static str,
        what: &str,
        name: &Ident,
        known: impl IntoIterator<Item = &'a str>,
        plural: &str,
    ) {
        let help = if self.diags.0.len() >= MAX_DIAGNOSTICS {
            String::new()
        } else {
            let known: Vec<&str> = known.into_iter().collect();
            help_for(&name.node, &known, plural)
        };
        self.error(
            code,
            format!("unknown {what} `{}`", dsl::suggest::shown(&name.node)),
            name.span,
            format!("no {what} has this name"),
            help,
        );
    }

    /// True once [`MAX_DIAGNOSTICS`] are kept: later ones are only counted, so
    /// callers may skip building their helps.
    pub fn full(&self) -> bool {
        self.diags.0.len() >= MAX_DIAGNOSTICS
    }

    /// True once an error was reported.
    pub fn has_errors(&self) -> bool {
        self.dropped > 0 || self.diags.has_errors()
    }
}

/// "did you mean `x`?" or a list of the known names (`plural` names them).
pub(crate) fn help_for(wanted: &str, known: &[&str], plural: &str) -> String {
    if let Some(k) = closest(wanted, known.iter().copied()) {
        return format!("did you mean `{k}`?");
    }
    if known.is_empty() {
        return format!("no {plural} are declared");
    }
    let mut list: Vec<String> = known
        .iter()
        .take(LISTED)
        .map(|k| format!("`{k}`"))
        .collect();
    if known.len() > LISTED {
        list.push(format!("... ({} in all)", known.len()));
    }
    format!("known {plural}: {}", list.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_suggests_or_lists() {
        assert_eq!(
            help_for("nn", &["n", "s"], "directions"),
            "did you mean `n`?"
        );
        assert_eq!(
            help_for("zz", &["a8", "b7"], "zones"),
            "known zones: `a8`, `b7`"
        );
        assert_eq!(help_for("zz", &[], "zones"), "no zones are declared");
        let many: Vec<String> = (0..20).map(|i| format!("q{i}")).collect();
        let many: Vec<&str> = many.iter().map(String::as_str).collect();
        assert!(help_for("zzzz", &many, "cells").ends_with("(20 in all)"));
    }
}

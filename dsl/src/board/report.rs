//! Collects the diagnostics of one board load, placing each with the locator.
//!
//! Every check in the loader says *what* is wrong and *which YAML path* it is about;
//! this turns the path into a span and caps the number of diagnostics so a broken
//! generated file cannot produce millions of them.

use super::locate::{Locator, YamlPath};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::limits::MAX_DIAGNOSTICS;
use crate::source::SourceFile;
use crate::span::Span;
use std::sync::Arc;

/// The diagnostics of one load, with the file and its locator.
pub(crate) struct Reporter {
    file: Arc<SourceFile>,
    locator: Locator,
    diags: Diagnostics,
    dropped: usize,
}

impl Reporter {
    pub(crate) fn new(file: &Arc<SourceFile>) -> Self {
        Reporter {
            file: file.clone(),
            locator: Locator::new(&file.text),
            diags: Diagnostics::default(),
            dropped: 0,
        }
    }

    pub(crate) fn file(&self) -> &Arc<SourceFile> {
        &self.file
    }

    /// Span of the value at `path` (see [`Locator::value_span`]).
    pub(crate) fn value(&self, path: &YamlPath) -> Span {
        self.locator.value_span(path)
    }

    /// Span of the key at `path` (see [`Locator::key_span`]).
    pub(crate) fn key(&self, path: &YamlPath) -> Span {
        self.locator.key_span(path)
    }

    /// Adds a finished diagnostic (its file is set when missing).
    pub(crate) fn push(&mut self, mut d: Diagnostic) {
        if self.diags.0.len() >= MAX_DIAGNOSTICS {
            self.dropped += 1;
            return;
        }
        if d.file.is_none() {
            d.file = Some(self.file.clone());
        }
        self.diags.push(d);
    }

    /// An error at `span` with a label and a help.
    pub(crate) fn error(
        &mut self,
        code: &'static str,
        message: impl Into<String>,
        span: Span,
        label: impl Into<String>,
        help: impl Into<String>,
    ) {
        let d = Diagnostic::error(code, message)
            .at(&self.file, span, label)
            .help(help);
        self.push(d);
    }

    /// A warning at `span` with a label and a help.
    pub(crate) fn warning(
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

    /// Number of errors so far.
    pub(crate) fn error_count(&self) -> usize {
        self.diags.error_count() + self.dropped
    }

    /// Everything collected, with a last note when some were dropped.
    pub(crate) fn finish(mut self) -> Diagnostics {
        if self.dropped > 0 {
            let d = Diagnostic::error(
                "board::too-many-diagnostics",
                format!(
                    "{} more problems were found but are not shown",
                    self.dropped
                ),
            )
            .in_file(&self.file)
            .help("fix the problems above and load the board again");
            self.diags.push(d);
        }
        self.diags
    }
}

//! Diagnostics: what is wrong, where (file, line, column), and how to fix it.
//!
//! A [`Diagnostic`] is plain data that implements [`miette::Diagnostic`]; only the
//! binary chooses how to render it. Loaders collect every problem they find into
//! [`Diagnostics`] rather than stopping at the first.

use crate::source::SourceFile;
use crate::span::Span;
use std::fmt;
use std::sync::Arc;

/// How bad a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// The file cannot be used.
    Error,
    /// The file works but probably not as intended.
    Warning,
}

/// One problem in one file.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// A stable code such as `rules::unknown-direction`, for documentation and tests.
    pub code: &'static str,
    /// What is wrong, in one sentence.
    pub message: String,
    /// The file it is in, when there is one.
    pub file: Option<Arc<SourceFile>>,
    /// The main location and its label.
    pub primary: Option<(Span, String)>,
    /// Further locations (for example the first definition of a duplicate).
    pub secondary: Vec<(Span, String)>,
    /// How to fix it.
    pub help: Option<String>,
}

impl Diagnostic {
    /// An error with a code and message and no location yet.
    pub fn error(code: &'static str, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            code,
            message: message.into(),
            file: None,
            primary: None,
            secondary: Vec::new(),
            help: None,
        }
    }

    /// A warning with a code and message.
    pub fn warning(code: &'static str, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(code, message)
        }
    }

    /// Sets the file and the labelled main span.
    pub fn at(mut self, file: &Arc<SourceFile>, span: Span, label: impl Into<String>) -> Self {
        self.file = Some(file.clone());
        self.primary = Some((span, label.into()));
        self
    }

    /// Sets the file without a span (problems of a whole file).
    pub fn in_file(mut self, file: &Arc<SourceFile>) -> Self {
        self.file = Some(file.clone());
        self
    }

    /// Adds a secondary labelled span in the same file.
    pub fn also(mut self, span: Span, label: impl Into<String>) -> Self {
        self.secondary.push((span, label.into()));
        self
    }

    /// Sets the hint.
    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// True for errors.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// `file:line:col` of the main span, for one-line summaries.
    pub fn location(&self) -> Option<String> {
        let file = self.file.as_ref()?;
        match &self.primary {
            Some((span, _)) => {
                let (l, c) = file.line_col(span.start);
                Some(format!("{}:{}:{}", file.name, l, c))
            }
            None => Some(file.name.clone()),
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Diagnostic {}

impl miette::Diagnostic for Diagnostic {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.code))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display + 'a>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.file.as_ref().map(|f| &**f as &dyn miette::SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        self.file.as_ref()?;
        let primary = self
            .primary
            .iter()
            .map(|(s, l)| miette::LabeledSpan::new_primary_with_span(Some(l.clone()), *s));
        let secondary = self
            .secondary
            .iter()
            .map(|(s, l)| miette::LabeledSpan::new_with_span(Some(l.clone()), *s));
        Some(Box::new(primary.chain(secondary)))
    }
}

impl miette::SourceCode for SourceFile {
    fn read_span<'a>(
        &'a self,
        span: &miette::SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        let inner = self
            .text
            .read_span(span, context_lines_before, context_lines_after)?;
        Ok(Box::new(miette::MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            *inner.span(),
            inner.line(),
            inner.column(),
            inner.line_count(),
        )))
    }
}

/// Every diagnostic from one load, errors and warnings together.
///
/// It is the error type of the loaders: `Err(Diagnostics)` holds at least one error;
/// warnings of a successful load are returned beside the value.
#[derive(Clone, Debug, Default)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    /// Adds one.
    pub fn push(&mut self, d: Diagnostic) {
        self.0.push(d);
    }

    /// True when any is an error.
    pub fn has_errors(&self) -> bool {
        self.0.iter().any(Diagnostic::is_error)
    }

    /// Number of errors.
    pub fn error_count(&self) -> usize {
        self.0.iter().filter(|d| d.is_error()).count()
    }

    /// True when there are none at all.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Appends all of `other`.
    pub fn extend(&mut self, other: Diagnostics) {
        self.0.extend(other.0);
    }

    /// `Err(self)` if any error was collected, else `Ok(value)`.
    pub fn into_result<T>(self, value: T) -> Result<T, Diagnostics> {
        if self.has_errors() {
            Err(self)
        } else {
            Ok(value)
        }
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.error_count();
        write!(f, "{} error{}", n, if n == 1 { "" } else { "s" })
    }
}

impl std::error::Error for Diagnostics {}

impl miette::Diagnostic for Diagnostics {
    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn miette::Diagnostic> + 'a>> {
        Some(Box::new(
            self.0.iter().map(|d| d as &dyn miette::Diagnostic),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn location_is_line_and_column() {
        let f = SourceFile::new("x.rules", "game \"a\"\nboard b\n");
        let d = Diagnostic::error("t", "m").at(&f, Span::new(15, 16), "here");
        assert_eq!(d.location().unwrap(), "x.rules:2:7");
    }
}

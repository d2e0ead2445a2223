//! Diagnostics: what is wrong, where (file, line, column), and how to fix it.
//!
//! A [`Diagnostic`] is plain data that implements [`miette::Diagnostic`]; only the
//! binary chooses how to render it. Loaders collect every problem they find into
//! [`Diagnostics`] rather than stopping at the first.

use crate::source::{ceil_char, floor_char, SourceFile};
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

/// The most bytes of a message, label or hint: a text quoting hostile input (a name,
/// a colour, a path) is cut there, so a diagnostic's size does not grow with its
/// file. Quoting sites cut names shorter ([`crate::suggest::shown`]); this is the net.
pub const MAX_TEXT_BYTES: usize = 1024;

/// `text` cut to [`MAX_TEXT_BYTES`] at a character boundary, with `…` when cut.
fn cut_text(mut text: String) -> String {
    if text.len() > MAX_TEXT_BYTES {
        text.truncate(floor_char(&text, MAX_TEXT_BYTES));
        text.push('…');
    }
    text
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
            message: cut_text(message.into()),
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
        self.primary = Some((span, cut_text(label.into())));
        self
    }

    /// Sets the file without a span (problems of a whole file).
    pub fn in_file(mut self, file: &Arc<SourceFile>) -> Self {
        self.file = Some(file.clone());
        self
    }

    /// Adds a secondary labelled span in the same file.
    pub fn also(mut self, span: Span, label: impl Into<String>) -> Self {
        self.secondary.push((span, cut_text(label.into())));
        self
    }

    /// Sets the hint.
    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(cut_text(help.into()));
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
            Some((span, _)) => Some(file.location(span.start)),
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
        let file = self.file.as_ref()?;
        let primary = self.primary.iter().map(move |(s, l)| {
            miette::LabeledSpan::new_primary_with_span(Some(l.clone()), bounded(file, *s))
        });
        let secondary = self.secondary.iter().map(move |(s, l)| {
            miette::LabeledSpan::new_with_span(Some(l.clone()), bounded(file, *s))
        });
        Some(Box::new(primary.chain(secondary)))
    }
}

/// Most bytes of source shown before a label's start and after its end in a rendered
/// excerpt: a diagnostic on a 4 MB line shows a window of it, not the whole line.
pub const EXCERPT_BYTES: usize = 160;
/// Longest label: a longer span is underlined over its first this many bytes.
pub const MAX_LABEL_BYTES: usize = 240;

/// `span` within its file's text and at most [`MAX_LABEL_BYTES`] long, on char
/// boundaries.
fn bounded(file: &SourceFile, span: Span) -> Span {
    let (part, base) = file.part_of(span.start as usize);
    let text = part.text.as_str();
    let local = |x: u32| (x as usize).saturating_sub(base);
    let start = floor_char(text, local(span.start));
    let end = local(span.end).clamp(start, text.len());
    let end = floor_char(text, end.min(start + MAX_LABEL_BYTES));
    Span::new(start + base, end + base)
}

impl miette::SourceCode for SourceFile {
    /// The lines around `span`, as miette's own implementation for `str` gives them,
    /// but cut to [`EXCERPT_BYTES`] on either side of the span (line and column
    /// numbers stay those of the file). Spans longer than [`MAX_LABEL_BYTES`] (miette
    /// asks for one when it tries to draw two labels in one excerpt) are refused, so
    /// miette draws such labels in excerpts of their own.
    fn read_span<'a>(
        &'a self,
        span: &miette::SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        let (part, base) = self.part_of(span.offset());
        if !std::ptr::eq(part, self) {
            let local = (span.offset() - base, span.len()).into();
            let inner = part.read_span(&local, context_lines_before, context_lines_after)?;
            let at = *inner.span();
            return Ok(Box::new(miette::MietteSpanContents::new_named(
                part.name.clone(),
                inner.data(),
                (at.offset() + base, at.len()).into(),
                inner.line(),
                inner.column(),
                inner.line_count(),
            )));
        }
        let text = self.text.as_str();
        let bytes = text.as_bytes();
        let start = span.offset();
        let end = start.saturating_add(span.len());
        if end > text.len() || span.len() > MAX_LABEL_BYTES {
            return Err(miette::MietteError::OutOfBounds);
        }
        let lo = ceil_char(text, start.saturating_sub(EXCERPT_BYTES));
        let hi = floor_char(text, end.saturating_add(EXCERPT_BYTES));
        // Back to the start of the span's line, then over `before` more lines.
        let mut from = floor_char(text, start);
        if context_lines_before > 0 {
            let mut lines = 0;
            while from > lo {
                if bytes[from - 1] == b'\n' {
                    if lines == context_lines_before {
                        break;
                    }
                    lines += 1;
                }
                from -= 1;
            }
            from = ceil_char(text, from);
        }
        // On to the end of the span's last line, then over `after` more lines (each
        // with its line break).
        let mut to = ceil_char(text, end.max(from));
        let mut lines = 0;
        while to < hi {
            to += 1;
            if bytes[to - 1] == b'\n' {
                if lines == context_lines_after {
                    break;
                }
                lines += 1;
            }
        }
        let to = floor_char(text, to);
        let (line, line_start) = self.line_of(from);
        let column = text[line_start..from].chars().count();
        // As miette's own `str` implementation counts it: the line breaks from the
        // start of the file (its graphical handler merges two labels' excerpts when
        // `line + line_count` of the first reaches the second's line).
        let line_count = self.line_of(to).0;
        Ok(Box::new(miette::MietteSpanContents::new_named(
            self.name.clone(),
            &bytes[from..to],
            (from, to - from).into(),
            line,
            column,
            line_count,
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

    fn render(d: &Diagnostic) -> String {
        let mut out = String::new();
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
            .with_width(100)
            .render_report(&mut out, d)
            .unwrap();
        out
    }

    #[test]
    fn messages_labels_and_hints_are_cut_to_a_bound() {
        let long = "é".repeat(MAX_TEXT_BYTES);
        let f = SourceFile::new("x.rules", "x");
        let d = Diagnostic::error("t", long.clone())
            .at(&f, Span::new(0, 1), long.clone())
            .also(Span::new(0, 1), long.clone())
            .help(long.clone());
        for text in [
            &d.message,
            &d.primary.as_ref().unwrap().1,
            &d.secondary[0].1,
        ] {
            assert_eq!(text.len(), MAX_TEXT_BYTES + '…'.len_utf8());
            assert!(text.ends_with('…'));
        }
        assert!(d.help.as_ref().unwrap().ends_with('…'));
        let short = Diagnostic::error("t", "short");
        assert_eq!(short.message, "short");
    }

    #[test]
    fn excerpts_of_long_lines_are_windows() {
        // Line 2 is 1 MB long; labels in its middle and at both ends.
        let long = "ab ".repeat(350_000);
        let text = format!("setup white: K e1\n{long}\nlast line\n");
        let f = SourceFile::new("x.rules", text.clone());
        let line2 = text.find('\n').unwrap() + 1;
        let mid = line2 + 3 * 200_000;
        let end = line2 + long.len() - 3;
        let d = Diagnostic::error("t", "m")
            .at(&f, Span::new(mid, mid + 2), "in the middle")
            .also(Span::new(line2, line2 + 2), "at the start")
            .also(Span::new(end, end + 2), "at the end");
        let out = render(&d);
        assert!(out.len() < 3000, "{} bytes:\n{out}", out.len());
        assert!(out.contains("[x.rules:2:600001]"), "{out}");
        for label in ["in the middle", "at the start", "at the end"] {
            assert!(out.contains(label), "{label}: {out}");
        }
        assert!(
            out.contains("setup white"),
            "the line before the first label: {out}"
        );
        assert!(
            out.contains("last line"),
            "the line after the last label: {out}"
        );
        // A label as long as the line is drawn over its first bytes only.
        let d = Diagnostic::error("t", "m").at(&f, Span::new(line2, line2 + long.len()), "all");
        let out = render(&d);
        assert!(out.len() < 3000, "{} bytes", out.len());
        assert!(
            out.contains("[x.rules:2:1]") && out.contains("all"),
            "{out}"
        );
    }

    #[test]
    fn short_excerpts_are_whole_lines() {
        let f = SourceFile::new("x.rules", "game \"ä\"\nboard b\nplayer w\n");
        let d = Diagnostic::error("t", "m").at(&f, Span::new(16, 17), "here");
        let out = render(&d);
        assert!(out.contains("[x.rules:2:7]"), "{out}");
        for line in ["1 │ game \"ä\"", "2 │ board b", "3 │ player w"] {
            assert!(out.contains(line), "{line}: {out}");
        }
    }

    #[test]
    fn location_is_line_and_column() {
        let f = SourceFile::new("x.rules", "game \"a\"\nboard b\n");
        let d = Diagnostic::error("t", "m").at(&f, Span::new(15, 16), "here");
        assert_eq!(d.location().unwrap(), "x.rules:2:7");
    }
}

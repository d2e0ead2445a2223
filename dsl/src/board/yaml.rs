//! The one place that calls `serde_yaml`.
//!
//! `serde_yaml` is deprecated upstream. Keeping it behind [`parse_board_yaml`] means a
//! replacement touches one function: everything else sees [`BoardFile`] and
//! [`Diagnostic`], never the crate's types.

use super::schema::BoardFile;
use crate::diagnostic::Diagnostic;
use crate::limits::MAX_YAML_DEPTH;
use crate::source::SourceFile;
use crate::span::Span;
use crate::suggest;
use std::sync::Arc;

/// Reads the text of a board file into its schema types.
///
/// Errors carry the file and a span at serde_yaml's (line, column), with the
/// "at line N column M" noise removed from the message (the renderer shows the
/// location) and a help that says what usually causes that kind of error.
// The signature is the crate's contract (ARCHITECTURE.md); a large error is fine for a
// call made once per file.
#[allow(clippy::result_large_err)]
pub fn parse_board_yaml(file: &Arc<SourceFile>) -> Result<BoardFile, Diagnostic> {
    let blank = |l: &str| {
        let l = l.trim();
        l.is_empty() || l.starts_with('#')
    };
    if file.text.lines().all(blank) {
        // serde would say "missing field `directions`", which hides the real problem.
        return Err(yaml_error(file, "EOF while parsing a value", Some((1, 1))));
    }
    if let Some(at) = too_deep(&file.text) {
        return Err(Diagnostic::error(
            "board::nesting-too-deep",
            format!("the board file nests more than {MAX_YAML_DEPTH} levels deep"),
        )
        .at(file, token_span(file, at), "too deep")
        .help(
            "a board file needs a few levels (cells, links, a `between` list); check for \
             unclosed `[` or `{` and for indentation that keeps growing",
        ));
    }
    serde_yaml::from_str::<BoardFile>(&file.text).map_err(|e| {
        let location = e.location().map(|l| (l.line(), l.column()));
        yaml_error(file, &e.to_string(), location)
    })
}

/// Where the YAML text first nests deeper than [`MAX_YAML_DEPTH`], if it does.
///
/// A linear pre-scan, so that serde_yaml (whose scanner spends time proportional to
/// the flow depth on every token, and memory on every block level) never sees deep
/// input. It counts block levels (indentation columns and `- ` entries on a line) and
/// flow levels (`[`, `{`), skipping comments and quoted scalars. It may count a
/// bracket inside a plain or block scalar too: such a board is refused though valid
/// YAML, which no board file needs.
fn too_deep(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    let mut block: Vec<usize> = Vec::new();
    let mut flow = 0usize;
    // The quote a quoted scalar that spans lines is still inside.
    let mut quote: Option<u8> = None;
    let mut line_start = 0;
    while line_start < b.len() {
        let line_end = b[line_start..]
            .iter()
            .position(|&c| c == b'\n')
            .map_or(b.len(), |i| line_start + i);
        let line = &b[line_start..line_end];
        let mut i = 0;
        if quote.is_none() && flow == 0 {
            while i < line.len() && line[i] == b' ' {
                i += 1;
            }
            if i == line.len() || line[i] == b'#' || line[i] == b'\r' {
                line_start = line_end + 1;
                continue;
            }
            while block.last().is_some_and(|&c| c > i) {
                block.pop();
            }
            if block.last() != Some(&i) {
                block.push(i);
            }
            // `- - x`: a sequence in a sequence, one level per dash.
            while line[i] == b'-' && line.get(i + 1).map_or(true, |&c| c == b' ') {
                i += 1;
                while i < line.len() && line[i] == b' ' {
                    i += 1;
                }
                if i == line.len() || line[i] == b'#' {
                    break;
                }
                block.push(i);
                if block.len() > MAX_YAML_DEPTH {
                    return Some(line_start + i);
                }
            }
            if block.len() > MAX_YAML_DEPTH {
                return Some(line_start + i);
            }
        }
        // The last character that is not a space: a quote starts a quoted scalar only
        // where a scalar may start (`a'` is a plain scalar with a quote in it).
        let mut prev = b' ';
        let mut at_start = true;
        while i < line.len() {
            let c = line[i];
            match quote {
                Some(q) => {
                    if c == b'\\' && q == b'"' {
                        i += 1;
                    } else if c == q {
                        if q == b'\'' && line.get(i + 1) == Some(&b'\'') {
                            i += 1;
                        } else {
                            quote = None;
                        }
                    }
                }
                None => match c {
                    b'#' if at_start || prev == b' ' || prev == b'\t' => break,
                    b'"' | b'\'' if at_start || b"[{,:-?".contains(&prev) => quote = Some(c),
                    b'[' | b'{' => {
                        flow += 1;
                        if flow + block.len() > MAX_YAML_DEPTH {
                            return Some(line_start + i);
                        }
                    }
                    b']' | b'}' => flow = flow.saturating_sub(1),
                    _ => {}
                },
            }
            if c != b' ' && c != b'\t' {
                prev = c;
                at_start = false;
            }
            i += 1;
        }
        line_start = line_end + 1;
    }
    None
}

/// Builds the diagnostic for one serde_yaml error message.
fn yaml_error(file: &Arc<SourceFile>, raw: &str, location: Option<(usize, usize)>) -> Diagnostic {
    let (message, marks) = strip_marks(raw);
    let kind = ErrorKind::of(&message);
    let mut d = Diagnostic::error(kind.code(), kind.headline(&message));
    match location {
        Some((line, col)) => {
            let span = token_span(file, file.offset_of(line, col));
            d = d.at(file, span, kind.label());
            // libyaml names the construct it was inside ("while parsing a block
            // mapping at line 3 column 1"): show it as a second label.
            if let Some(&(l, c)) = marks.get(1) {
                if (l, c) != (line, col) {
                    let ctx = token_span(file, file.offset_of(l, c));
                    d = d.also(ctx, "inside this");
                }
            }
        }
        None => d = d.in_file(file),
    }
    d.help(kind.help(&message))
}

/// What kind of serde_yaml error this is, from its message.
enum ErrorKind {
    UnknownField,
    MissingField,
    UnknownVariant,
    DuplicateKey,
    WrongShape,
    Empty,
    Syntax,
}

impl ErrorKind {
    fn of(message: &str) -> ErrorKind {
        if message.contains("unknown field") {
            ErrorKind::UnknownField
        } else if message.contains("missing field") {
            ErrorKind::MissingField
        } else if message.contains("unknown variant") {
            ErrorKind::UnknownVariant
        } else if message.contains("duplicate") {
            ErrorKind::DuplicateKey
        } else if message.contains("EOF while parsing") {
            ErrorKind::Empty
        } else if [
            "invalid type",
            "invalid value",
            "invalid length",
            "not both",
        ]
        .iter()
        .any(|m| message.contains(m))
        {
            ErrorKind::WrongShape
        } else {
            ErrorKind::Syntax
        }
    }

    fn code(&self) -> &'static str {
        match self {
            ErrorKind::Syntax | ErrorKind::Empty => "board::yaml-syntax",
            _ => "board::schema",
        }
    }

    fn headline(&self, message: &str) -> String {
        match self {
            ErrorKind::Syntax => format!("invalid YAML: {message}"),
            ErrorKind::Empty => "the board file is empty".to_owned(),
            _ => message.to_owned(),
        }
    }

    fn label(&self) -> &'static str {
        match self {
            ErrorKind::UnknownField => "unknown key",
            ErrorKind::MissingField => "in this mapping",
            ErrorKind::UnknownVariant => "unknown value",
            ErrorKind::DuplicateKey => "duplicate",
            ErrorKind::WrongShape => "unexpected value",
            ErrorKind::Empty | ErrorKind::Syntax => "here",
        }
    }

    fn help(&self, message: &str) -> String {
        match self {
            ErrorKind::UnknownField | ErrorKind::UnknownVariant => {
                let wanted = backticked(message).next().unwrap_or_default();
                let hint = suggest::did_you_mean(wanted, backticked(message).skip(1));
                format!(
                    "remove `{wanted}` or fix its spelling{hint}; the message lists what \
                     is allowed here (ARCHITECTURE.md section 2 describes the format)"
                )
            }
            ErrorKind::MissingField => {
                let field = backticked(message).next().unwrap_or("it");
                format!("add `{field}:` to this mapping")
            }
            ErrorKind::DuplicateKey => "remove one of the two entries".to_owned(),
            ErrorKind::WrongShape => "this value has the wrong shape; ARCHITECTURE.md section 2 \
                                      shows each key with an example value"
                .to_owned(),
            ErrorKind::Empty => "a board file needs at least `directions:`, and `lattice:` or \
                                 `cells:`"
                .to_owned(),
            ErrorKind::Syntax => "check the indentation (spaces only, children deeper than their \
                                  key), that every `[` and `{` is closed, and quote values that \
                                  contain `: ` or ` #`"
                .to_owned(),
        }
    }
}

/// The `` `quoted` `` words of a serde message (field names, variants).
fn backticked(message: &str) -> impl Iterator<Item = &str> {
    message.split('`').skip(1).step_by(2)
}

/// Removes every " at line N column M" from a serde_yaml message and returns the
/// cleaned message with the marks in order (the first is the error's own location).
fn strip_marks(raw: &str) -> (String, Vec<(usize, usize)>) {
    const AT: &str = " at line ";
    let mut out = String::new();
    let mut marks = Vec::new();
    let mut rest = raw;
    while let Some(i) = rest.find(AT) {
        out.push_str(&rest[..i]);
        let after = &rest[i + AT.len()..];
        match parse_line_column(after) {
            Some((line, col, used)) => {
                marks.push((line, col));
                rest = &after[used..];
            }
            None => {
                out.push_str(AT);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    (out, marks)
}

/// Parses `N column M` at the start of `s`; returns both and the bytes used.
fn parse_line_column(s: &str) -> Option<(usize, usize, usize)> {
    let digits = |t: &str| t.bytes().take_while(u8::is_ascii_digit).count();
    let n = digits(s);
    let line = s[..n].parse().ok()?;
    let after = s[n..].strip_prefix(" column ")?;
    let m = digits(after);
    let col = after[..m].parse().ok()?;
    Some((line, col, n + " column ".len() + m))
}

/// The span of the token starting at `offset` (up to whitespace or YAML punctuation),
/// at least one character unless at the end of the file, so the renderer has
/// something to underline.
fn token_span(file: &SourceFile, offset: usize) -> Span {
    let text = &file.text;
    let offset = offset.min(text.len());
    let len: usize = text[offset..]
        .chars()
        .take_while(|c| !c.is_whitespace() && !",:[]{}#".contains(*c))
        .map(char::len_utf8)
        .sum();
    let len = if len == 0 {
        text[offset..]
            .chars()
            .next()
            .map_or(0, |c| if c == '\n' { 0 } else { c.len_utf8() })
    } else {
        len
    };
    Span::new(offset, offset + len)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> Diagnostic {
        let f = SourceFile::new("t.yaml", text);
        parse_board_yaml(&f).unwrap_err()
    }

    #[test]
    fn deep_nesting_is_refused_before_parsing() {
        let deep = |text: &str| too_deep(text);
        let ok = "a:\n  b:\n    - c: [[1, 0], {x: [2]}]\n    - - d\n# [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\n\
                  e: \"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\"\nf: 'it''s [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[['\n\
                  g: a'\n";
        assert_eq!(deep(ok), None);
        let flow = format!("a: {}", "[".repeat(100));
        assert_eq!(deep(&flow), Some(3 + MAX_YAML_DEPTH - 1));
        assert!(deep(&format!("g: a'\nh: {}", "{a: ".repeat(40))).is_some());
        assert!(deep(&format!("a:\n{}", "- ".repeat(40))).is_some());
        let mut block = String::new();
        for i in 0..40 {
            block += &format!("{}a:\n", " ".repeat(i));
        }
        assert!(deep(&block).is_some());
        let d = err(&format!("directions:\n  n: {}", "[".repeat(10_000)));
        assert_eq!(d.code, "board::nesting-too-deep");
        assert_eq!(d.location().unwrap(), "t.yaml:2:36");
    }

    #[test]
    fn marks_are_stripped_and_kept() {
        let (m, marks) = strip_marks(
            "did not find expected key at line 3 column 5, while parsing a block mapping at \
             line 1 column 1",
        );
        assert_eq!(
            m,
            "did not find expected key, while parsing a block mapping"
        );
        assert_eq!(marks, vec![(3, 5), (1, 1)]);
    }

    #[test]
    fn unknown_key_points_at_the_key_and_suggests() {
        let d = err("directions:\n  n: { oposite: n }\n");
        assert_eq!(d.code, "board::schema");
        assert_eq!(d.location().unwrap(), "t.yaml:2:8");
        assert!(
            d.help.unwrap().contains("did you mean `opposite`?"),
            "{}",
            d.message
        );
    }

    #[test]
    fn syntax_error_has_location_and_help() {
        let d = err("directions:\n  n: { opposite: s\n  s: {opposite: n}\n");
        assert_eq!(d.code, "board::yaml-syntax");
        assert!(d.location().unwrap().starts_with("t.yaml:"));
        assert!(!d.message.contains("at line"), "{}", d.message);
    }

    #[test]
    fn missing_field_and_empty_file() {
        let d = err("name: x\n");
        assert!(
            d.message.contains("missing field `directions`"),
            "{}",
            d.message
        );
        assert_eq!(d.help.as_deref(), Some("add `directions:` to this mapping"));
        for empty in ["", "\n# only a comment\n"] {
            let d = err(empty);
            assert_eq!(d.message, "the board file is empty");
        }
    }

    #[test]
    fn shapes_are_dispatched() {
        let f = SourceFile::new(
            "t.yaml",
            "directions: { n: { opposite: n } }\n\
             lattice: { width: 2, height: 2, vectors: { n: [0, 1], d: { vector: [1, 1], between: [[1, 0]] } } }\n\
             cells:\n  - name: x\n    links: { n: y, s: [y, { to: z, remap: r }] }\n\
             zones: { a: [x], b: { y: [1] }, c: { white: [x], black: { x: [2] } } }\n",
        );
        let b = parse_board_yaml(&f).unwrap();
        assert_eq!(b.lattice.unwrap().vectors.len(), 2);
        assert_eq!(b.cells[0].links.get("s").unwrap().targets().len(), 2);
        assert_eq!(b.zones.len(), 3);
    }
}

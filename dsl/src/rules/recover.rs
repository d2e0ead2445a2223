//! Error recovery by blanking: the text helpers behind "report every syntax error".
//!
//! After a syntax error the parser replaces the offending statement with spaces and
//! parses again. Byte offsets never move (a multi-byte character becomes as many
//! spaces), newlines stay (line numbers stay right) and, normally, matched braces stay
//! (the block structure around the statement stays valid; a blanked block header leaves
//! a bare `{ ... }` that the grammar accepts and the builder drops).

use std::ops::Range;

/// A structural brace: outside comments and strings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Brace {
    /// Byte offset.
    pub at: usize,
    /// `{` (true) or `}`.
    pub open: bool,
    /// Nesting depth of the block it opens or closes (1 for a top-level block; 0 for a
    /// `}` that closes nothing).
    pub depth: usize,
    /// Whether it has a partner.
    pub matched: bool,
}

/// Every structural brace of `text` in order, paired like a stack would pair them.
pub(crate) fn braces(text: &str) -> Vec<Brace> {
    let mut out: Vec<Brace> = Vec::new();
    let mut open: Vec<usize> = Vec::new();
    for (at, c) in structural_chars(text) {
        match c {
            '{' => {
                open.push(out.len());
                out.push(Brace {
                    at,
                    open: true,
                    depth: open.len(),
                    matched: false,
                });
            }
            '}' => match open.pop() {
                Some(i) => {
                    out[i].matched = true;
                    let depth = out[i].depth;
                    out.push(Brace {
                        at,
                        open: false,
                        depth,
                        matched: true,
                    });
                }
                None => out.push(Brace {
                    at,
                    open: false,
                    depth: 0,
                    matched: false,
                }),
            },
            _ => {}
        }
    }
    out
}

/// Characters outside `#` comments and `"` strings, with their offsets.
fn structural_chars(text: &str) -> impl Iterator<Item = (usize, char)> + '_ {
    let mut in_string = false;
    let mut in_comment = false;
    text.char_indices().filter(move |&(_, c)| {
        if c == '\n' {
            in_string = false;
            in_comment = false;
            return true;
        }
        if in_comment {
            return false;
        }
        if in_string {
            in_string = c != '"';
            return false;
        }
        match c {
            '"' => in_string = true,
            '#' => in_comment = true,
            _ => return true,
        }
        false
    })
}

/// The `{` of the innermost block still open at `pos`, if any.
pub(crate) fn innermost_open(text: &str, pos: usize) -> Option<usize> {
    let mut open = Vec::new();
    for (at, c) in structural_chars(text) {
        if at >= pos {
            break;
        }
        match c {
            '{' => open.push(at),
            '}' => {
                open.pop();
            }
            _ => {}
        }
    }
    open.pop()
}

/// Start of the line holding `pos`.
pub(crate) fn line_start(text: &str, pos: usize) -> usize {
    text[..pos.min(text.len())].rfind('\n').map_or(0, |i| i + 1)
}

/// End of the line holding `pos` (the offset of its `\n`, or the end of the text).
pub(crate) fn line_end(text: &str, pos: usize) -> usize {
    let pos = pos.min(text.len());
    text[pos..].find('\n').map_or(text.len(), |i| pos + i)
}

/// True when the line ending at `end` is continued by a trailing `\`.
fn continues(text: &str, end: usize) -> bool {
    text[..end]
        .trim_end_matches([' ', '\t', '\r'])
        .ends_with('\\')
}

/// The logical line (a statement with its `\` continuation lines) holding `pos`.
pub(crate) fn logical_line(text: &str, pos: usize) -> Range<usize> {
    let mut start = line_start(text, pos);
    while start > 0 && continues(text, start - 1) {
        start = line_start(text, start - 1);
    }
    let mut end = line_end(text, pos);
    while end < text.len() && continues(text, end) {
        end = line_end(text, end + 1);
    }
    start..end
}

/// The first word of the logical line holding `pos` (its statement keyword).
pub(crate) fn first_word(text: &str, pos: usize) -> &str {
    let line = &text[logical_line(text, pos)];
    let line = line.trim_start_matches([' ', '\t', '{', '}']);
    let end = line
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
        .unwrap_or(line.len());
    &line[..end]
}

/// How far to blank after a block header that lacks its `{`: the header and the body
/// that was meant to follow, through the stray `}` that was meant to close it. Stops
/// early (keeping the line) at a line that starts another top-level statement, so a
/// header that never had a body costs only its own line.
pub(crate) fn headless_body(
    text: &str,
    header: Range<usize>,
    is_top_level: impl Fn(&str) -> bool,
) -> Range<usize> {
    let mut depth = 0usize;
    let mut line = header.end;
    while line < text.len() {
        let next_start = line + 1;
        if is_top_level(first_word(text, next_start)) && depth == 0 {
            break;
        }
        let next_end = line_end(text, next_start);
        for (at, c) in structural_chars(&text[next_start..next_end]) {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => return header.start..next_start + at + 1,
                '}' => depth -= 1,
                _ => {}
            }
        }
        line = next_end;
    }
    header
}

/// Blanks `range` of `text` in place: every character becomes spaces except newlines
/// and, when `keep_braces`, the matched structural braces. Returns whether anything
/// changed, so the caller can stop when recovery makes no progress.
pub(crate) fn blank_with(text: &mut String, range: Range<usize>, keep_braces: bool) -> bool {
    let range = range.start.min(text.len())..range.end.min(text.len());
    let kept: Vec<usize> = if keep_braces {
        braces(text)
            .iter()
            .filter(|b| b.matched)
            .map(|b| b.at)
            .collect()
    } else {
        Vec::new()
    };
    let mut out = String::with_capacity(text.len());
    out.push_str(&text[..range.start]);
    let mut changed = false;
    for (i, c) in text[range.clone()].char_indices() {
        let at = range.start + i;
        if c == '\n' || c == '\r' || c == ' ' || kept.binary_search(&at).is_ok() {
            out.push(c);
        } else {
            changed = true;
            out.extend(std::iter::repeat(' ').take(c.len_utf8()));
        }
    }
    out.push_str(&text[range.end..]);
    *text = out;
    changed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn braces_skip_comments_and_strings() {
        let b = braces("a { \"}\" # }\n } }");
        assert_eq!(b.len(), 3);
        assert!(b[0].open && b[0].matched && b[0].depth == 1);
        assert!(!b[1].open && b[1].matched);
        assert!(!b[2].matched && b[2].depth == 0);
    }

    #[test]
    fn logical_line_follows_continuations() {
        let text = "a\nb \\\nc\nd";
        assert_eq!(logical_line(text, 6), 2..7);
        assert_eq!(logical_line(text, 2), 2..7);
        assert_eq!(logical_line(text, 0), 0..1);
        assert_eq!(logical_line(text, text.len()), 8..9);
    }

    #[test]
    fn blank_keeps_offsets_newlines_and_matched_braces() {
        let mut text = String::from("piece é {\n}\n}");
        let all = 0..text.len();
        assert!(blank_with(&mut text, all.clone(), true));
        assert_eq!(text, "         {\n}\n ");
        assert!(!blank_with(&mut text, all.clone(), true));
        assert!(blank_with(&mut text, all, false));
        assert_eq!(text, "          \n \n ");
    }

    #[test]
    fn innermost_open_block() {
        let text = "a {\n b {\n }\n c";
        assert_eq!(innermost_open(text, text.len()), Some(2));
        assert_eq!(innermost_open(text, 1), None);
    }

    #[test]
    fn headless_body_runs_to_the_stray_brace() {
        let text = "piece a A\n  step n\n  when x {\n  }\n}\nend";
        let header = logical_line(text, 0);
        assert_eq!(headless_body(text, header, |_| false), 0..35);
        let stop = headless_body(text, logical_line(text, 0), |w| w == "step");
        assert_eq!(stop, 0..9);
    }

    #[test]
    fn first_word_of_a_line() {
        assert_eq!(first_word("  castle \"x\"", 3), "castle");
        assert_eq!(first_word("} end x", 3), "end");
        assert_eq!(first_word("non-aggression lost", 3), "non-aggression");
    }
}

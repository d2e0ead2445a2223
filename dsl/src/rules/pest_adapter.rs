//! Turns a pest error into a [`Diagnostic`] a variant designer can act on, and decides
//! what to blank before parsing again.
//!
//! pest reports the furthest position it reached and the grammar rules it tried there.
//! We say that in words ("expected a move modifier or end of line, found `frist`"),
//! point at the offending token, and add a help line: a likely intended keyword (edit
//! distance), the valid choices, or the statement's syntax. A few mistakes get their
//! own message because pest's view of them is misleading: an unclosed block (pest sees
//! a top-level keyword inside a piece body, or the end of the file), a `}` that closes
//! nothing, and an unterminated string.

use super::found::Found;
use super::parser::Rule;
use super::recover::{self, Brace};
use super::{hints, words};
use crate::{Diagnostic, SourceFile, Span};
use pest::error::{Error, ErrorVariant, InputLocation};
use std::ops::Range;
use std::sync::Arc;

/// What to blank before the next attempt.
pub(crate) struct Recovery {
    /// Bytes to blank.
    pub range: Range<usize>,
    /// Keep matched braces (false when the range holds a block that must go whole).
    pub keep_braces: bool,
}

/// One syntax error: the diagnostic, and how to go on (`None`: stop parsing).
pub(crate) struct SyntaxReport {
    /// What to tell the user.
    pub diagnostic: Diagnostic,
    /// How to recover, if recovery is possible.
    pub recovery: Option<Recovery>,
}

/// Describes `error`, which pest raised on `text` (the current, partly blanked text of
/// `file`), and chooses the recovery.
pub(crate) fn syntax_error(
    file: &Arc<SourceFile>,
    text: &str,
    error: &Error<Rule>,
) -> SyntaxReport {
    let pos = match error.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    }
    .min(text.len());
    let positives = match &error.variant {
        ErrorVariant::ParsingError { positives, .. } => normalize(positives),
        ErrorVariant::CustomError { message } => return gave_up(file, pos, message),
    };
    let (found, found_span) = Found::at(text, pos);
    let span = Span::new(found_span.start, found_span.end);
    let braces = recover::braces(text);
    if let Some(report) = special_case(file, text, pos, &found, span, &positives, &braces) {
        return report;
    }
    let expected = expected_list(&positives);
    let reserved = reserved_word(&found, &positives);
    let message = match (&reserved, expected.is_empty()) {
        (Some((word, _)), _) => format!("expected {expected}, found the reserved word `{word}`"),
        (None, true) => format!("unexpected {}", found.describe()),
        (None, false) => format!("expected {expected}, found {}", found.describe()),
    };
    let code = if reserved.is_some() {
        "rules::reserved-word"
    } else {
        "rules::syntax"
    };
    let mut diagnostic = Diagnostic::error(code, message).at(file, span, found.label());
    if let Some(help) = hints::help(text, pos, &found, &positives, reserved) {
        diagnostic = diagnostic.help(help);
    }
    let expects_brace = positives.iter().any(|r| matches!(r, Rule::p_lbrace));
    let recovery = if expects_brace && found == Found::EndOfLine {
        // A `when` body may hold top-level statements; a piece body ends at one.
        let in_when = recover::first_word(text, pos) == "when";
        let header = recover::logical_line(text, pos);
        let ends_body = |w: &str| !in_when && words::TOP_LEVEL_WORDS.contains(&w);
        Recovery {
            range: recover::headless_body(text, header, ends_body),
            keep_braces: false,
        }
    } else {
        Recovery {
            range: recover::logical_line(text, pos),
            keep_braces: true,
        }
    };
    SyntaxReport {
        diagnostic,
        recovery: Some(recovery),
    }
}

/// Mistakes whose pest error would mislead: unterminated strings, stray `}` and
/// unclosed blocks.
fn special_case(
    file: &Arc<SourceFile>,
    text: &str,
    pos: usize,
    found: &Found,
    span: Span,
    positives: &[Rule],
    braces: &[Brace],
) -> Option<SyntaxReport> {
    let line = Recovery {
        range: recover::logical_line(text, pos),
        keep_braces: true,
    };
    match found {
        Found::Str(false) => Some(SyntaxReport {
            diagnostic: Diagnostic::error(
                "rules::unterminated-string",
                "this string is not closed",
            )
            .at(file, span, "no closing `\"` on this line")
            .help("close the string with `\"` on the same line; strings cannot span lines"),
            recovery: Some(line),
        }),
        Found::Char('}') if braces.iter().any(|b| b.at == pos && !b.matched) => {
            Some(SyntaxReport {
                diagnostic: Diagnostic::error("rules::stray-brace", "this `}` closes no block")
                    .at(file, span, "nothing to close")
                    .help("remove it, or check that the header of its block ends with `{`"),
                recovery: Some(Recovery {
                    range: pos..pos + 1,
                    keep_braces: true,
                }),
            })
        }
        Found::Word(w)
            if words::TOP_LEVEL_WORDS.contains(&w.as_str())
                && positives.contains(&Rule::piece_item) =>
        {
            let open = recover::innermost_open(text, pos)?;
            if braces.iter().any(|b| b.at == open && b.matched) {
                // The block is closed further down: this line is in the wrong place.
                let diagnostic = Diagnostic::error(
                    "rules::misplaced-statement",
                    format!("`{w}` cannot go inside a piece block"),
                )
                .at(file, span, "a top-level statement")
                .also(Span::new(open, open + 1), "the piece block opened here")
                .help("move this line after the block's closing `}`");
                return Some(SyntaxReport {
                    diagnostic,
                    recovery: Some(line),
                });
            }
            let diagnostic = unclosed(file, open).also(
                span,
                format!("`{w}` starts a top-level statement, so the block should have ended"),
            );
            let range = recover::line_start(text, open)..recover::line_start(text, pos);
            Some(SyntaxReport {
                diagnostic,
                recovery: Some(Recovery {
                    range,
                    keep_braces: false,
                }),
            })
        }
        Found::EndOfFile => {
            let open = recover::innermost_open(text, pos)?;
            Some(SyntaxReport {
                diagnostic: unclosed(file, open),
                recovery: None,
            })
        }
        _ => None,
    }
}

/// "The block opened here is never closed."
fn unclosed(file: &Arc<SourceFile>, open: usize) -> Diagnostic {
    let (line, _) = file.line_col(open as u32);
    Diagnostic::error(
        "rules::unclosed-block",
        format!("the block opened on line {line} is never closed"),
    )
    .at(
        file,
        Span::new(open, open + 1),
        "this `{` has no matching `}`",
    )
    .help("add a `}` on its own line after the last statement of the block")
}

/// pest stopped for its own reasons (call or stack limit).
fn gave_up(file: &Arc<SourceFile>, pos: usize, message: &str) -> SyntaxReport {
    SyntaxReport {
        diagnostic: Diagnostic::error(
            "rules::too-complex",
            format!("the parser gave up: {message}"),
        )
        .at(file, Span::new(pos, pos), "here")
        .help("split long statements and nested blocks into simpler ones"),
        recovery: None,
    }
}

/// The expected rules as the user thinks of them: a failure at the very start is a
/// failed statement; an empty line or the end of the file can always come before a
/// statement, so saying so adds nothing.
fn normalize(positives: &[Rule]) -> Vec<Rule> {
    let mut rules: Vec<Rule> = positives
        .iter()
        .map(|r| match r {
            Rule::file | Rule::bare_block => Rule::item,
            r => *r,
        })
        .collect();
    if rules
        .iter()
        .any(|r| matches!(r, Rule::item | Rule::piece_item))
    {
        rules.retain(|r| !matches!(r, Rule::eol | Rule::EOI));
    }
    let mut seen = Vec::new();
    rules.retain(|r| {
        let new = !seen.contains(r);
        seen.push(*r);
        new
    });
    // Words first, then punctuation, then line and file ends.
    rules.sort_by_key(|r| match r {
        Rule::eol => 2,
        Rule::EOI => 3,
        r if format!("{r:?}").starts_with("p_") => 1,
        _ => 0,
    });
    rules
}

/// "a move modifier, `}` or end of line": the expected rules in words, without
/// duplicates.
fn expected_list(positives: &[Rule]) -> String {
    let mut names: Vec<String> = Vec::new();
    for rule in positives {
        let name = words::describe(*rule);
        if !names.contains(&name) {
            names.push(name);
        }
    }
    match names.len() {
        0 => String::new(),
        1 => names.remove(0),
        n => format!("{} or {}", names[..n - 1].join(", "), names[n - 1]),
    }
}

/// The reserved word found where a name rule refused it, and that rule.
fn reserved_word(found: &Found, positives: &[Rule]) -> Option<(String, Rule)> {
    let Found::Word(w) = found else {
        return None;
    };
    let rule = positives
        .iter()
        .find(|r| words::reserved_in(**r).contains(&w.as_str()))?;
    Some((w.clone(), *rule))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expected_lists_read_like_english() {
        let list = |rules: &[Rule]| expected_list(&normalize(rules));
        assert_eq!(
            list(&[Rule::modifier, Rule::eol]),
            "a move modifier or end of line"
        );
        assert_eq!(list(&[Rule::eol, Rule::file]), "a statement");
        assert_eq!(
            list(&[Rule::item, Rule::bare_block, Rule::EOI]),
            "a statement"
        );
        assert_eq!(
            list(&[Rule::eol, Rule::p_rbrace, Rule::modifier]),
            "a move modifier, `}` or end of line"
        );
    }
}

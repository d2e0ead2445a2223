//! The token at a syntax error's position, as the message names it ("found `=`",
//! "found end of line") and as the span the diagnostic underlines.

use std::ops::Range;

/// The token found at the error position.
#[derive(Debug, PartialEq)]
pub(crate) enum Found {
    /// Nothing left.
    EndOfFile,
    /// A newline.
    EndOfLine,
    /// A run of name characters (`_:'-` included), such as a misspelt keyword.
    Word(String),
    /// A string literal; `false` when it is not closed on its line.
    Str(bool),
    /// Any other character.
    Char(char),
}

impl Found {
    /// Reads the token at `pos` and its span.
    pub(crate) fn at(text: &str, pos: usize) -> (Found, Range<usize>) {
        let rest = &text[pos.min(text.len())..];
        let Some(c) = rest.chars().next() else {
            return (Found::EndOfFile, pos..pos);
        };
        if c == '\n' || c == '\r' {
            return (Found::EndOfLine, pos..pos);
        }
        if c == '"' {
            let line = &rest[..rest.find(['\n', '\r']).unwrap_or(rest.len())];
            return match line[1..].find('"') {
                Some(i) => (Found::Str(true), pos..pos + i + 2),
                None => (Found::Str(false), pos..pos + line.len()),
            };
        }
        let len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || "_:'-".contains(c)))
            .unwrap_or(rest.len());
        if len > 0 {
            return (Found::Word(rest[..len].to_string()), pos..pos + len);
        }
        (Found::Char(c), pos..pos + c.len_utf8())
    }

    /// The token in words.
    pub(crate) fn describe(&self) -> String {
        match self {
            Found::EndOfFile => "end of file".into(),
            Found::EndOfLine => "end of line".into(),
            Found::Word(w) if w.chars().count() > 30 => {
                format!("`{}…`", w.chars().take(30).collect::<String>())
            }
            Found::Word(w) => format!("`{w}`"),
            Found::Str(_) => "a string".into(),
            Found::Char(c) if c.is_control() || c.is_whitespace() => {
                format!("the character U+{:04X}", *c as u32)
            }
            Found::Char(c) => format!("`{c}`"),
        }
    }

    /// A short label for the token.
    pub(crate) fn label(&self) -> &'static str {
        match self {
            Found::EndOfFile => "the file ends here",
            Found::EndOfLine => "the line ends here",
            _ => "not valid here",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn found_tokens() {
        let text = "ab-c \"x\" \"y\n=\u{1}";
        assert_eq!(Found::at(text, 0), (Found::Word("ab-c".into()), 0..4));
        assert_eq!(Found::at(text, 5), (Found::Str(true), 5..8));
        assert_eq!(Found::at(text, 9), (Found::Str(false), 9..11));
        assert_eq!(Found::at(text, 11), (Found::EndOfLine, 11..11));
        assert_eq!(Found::at(text, 12), (Found::Char('='), 12..13));
        assert_eq!(Found::at(text, 13).0.describe(), "the character U+0001");
        assert_eq!(Found::at(text, 14), (Found::EndOfFile, 14..14));
    }
}

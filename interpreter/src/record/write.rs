//! Writing a record as text.

use super::{Entry, GameRecord, TRIED};
use std::fmt::{self, Write};

/// A tag value with `\` and `"` escaped and line breaks removed.
fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace(['\n', '\r'], " ")
}

impl GameRecord {
    /// The moves as `1. e4 e5 2. Nf3 {a note}`, without the result. Only moves that
    /// stand are move tokens; a taken-back move is `{tried Nc3}` and a resignation
    /// `{white resigns}` (see [`Entry`]).
    pub fn moves_text(&self) -> String {
        let mut s = String::new();
        for c in &self.preamble {
            let _ = write!(s, "{{{c}}} ");
        }
        let mut first = true;
        for m in &self.moves {
            match m.entry {
                Entry::Move => {
                    if let Some(t) = m.turn {
                        let dots = if first && self.starts_mid_turn {
                            "..."
                        } else {
                            "."
                        };
                        let _ = write!(s, "{t}{dots} ");
                    }
                    first = false;
                    s.push_str(&m.text);
                }
                Entry::TakenBack => {
                    let _ = write!(s, "{{{TRIED} {}}}", m.text);
                }
                Entry::Resigns => {
                    let _ = write!(s, "{{{}}}", m.text);
                }
            }
            s.push(' ');
            for c in &m.comments {
                let _ = write!(s, "{{{c}}} ");
            }
        }
        s.trim_end().to_owned()
    }
}

impl fmt::Display for GameRecord {
    /// Tags, a blank line, the moves and the result, lines of at most ~80 columns.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, v) in &self.tags {
            writeln!(f, "[{n} \"{}\"]", escape(v))?;
        }
        writeln!(f)?;
        let mut line = String::new();
        let text = format!("{} {}", self.moves_text(), self.result());
        // Wrap between tokens, never inside a comment.
        let mut depth = 0;
        let mut word = String::new();
        for ch in text.trim_start().chars().chain(std::iter::once(' ')) {
            match ch {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
            if ch == ' ' && depth == 0 {
                if !line.is_empty() && line.len() + 1 + word.len() > 79 {
                    writeln!(f, "{line}")?;
                    line.clear();
                }
                if !word.is_empty() {
                    if !line.is_empty() {
                        line.push(' ');
                    }
                    line.push_str(&word);
                }
                word.clear();
            } else {
                word.push(ch);
            }
        }
        writeln!(f, "{line}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_comments_and_tags() {
        let mut r = GameRecord::new("chess");
        r.set_tag("White", "a \"quoted\" name");
        r.push(1, 0, "e4");
        r.push(1, 1, "e5");
        r.comment("a {note}");
        r.push(2, 0, "Nf3");
        assert_eq!(r.moves_text(), "1. e4 e5 {a note} 2. Nf3");
        let text = r.to_string();
        assert!(text.starts_with(
            "[Variant \"chess\"]\n[White \"a \\\"quoted\\\" name\"]\n[Result \"*\"]\n\n"
        ));
        assert!(text.ends_with("2. Nf3 *\n"), "{text}");
        let mut three = GameRecord::new("x");
        for (t, p, m) in [(4, 1, "a"), (4, 2, "b"), (5, 0, "c"), (5, 1, "d")] {
            three.push(t, p, m);
        }
        assert_eq!(three.moves_text(), "4... a b 5. c d");
    }
}

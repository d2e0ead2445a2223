//! Reading a record's text: tags, then moves with turn numbers and comments, then
//! the result. Everything is bounded; every problem is a [`RecordError`].

use super::{Entry, GameRecord, RecordError, RecordedMove, RESIGNS};

/// Largest record read (bytes).
pub const MAX_BYTES: usize = 4 << 20;
/// Most tags.
const MAX_TAGS: usize = 64;
/// Most moves.
const MAX_MOVES: usize = 50_000;
/// Longest token or comment (characters).
const MAX_TOKEN: usize = 4096;

fn short(s: &str) -> String {
    s.chars().take(60).collect()
}

/// `[Name "value"]`, with `\"` and `\\` escapes.
fn tag(line: &str, n: usize) -> Result<(String, String), RecordError> {
    let bad = || RecordError::BadTag {
        line: n,
        text: short(line),
    };
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(bad)?;
    let (name, rest) = inner.split_once(char::is_whitespace).ok_or_else(bad)?;
    if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
        return Err(bad());
    }
    let quoted = rest
        .trim()
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(bad)?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next().ok_or_else(bad)?),
            '"' => return Err(bad()),
            c => value.push(c),
        }
    }
    Ok((name.to_owned(), value))
}

/// A token or a comment of the move text.
enum Piece {
    Word(String),
    Comment(String),
}

fn pieces(text: &str) -> Result<Vec<Piece>, RecordError> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut chars = text.chars();
    let flush = |word: &mut String, out: &mut Vec<Piece>| {
        if !word.is_empty() {
            out.push(Piece::Word(std::mem::take(word)));
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                flush(&mut word, &mut out);
                let mut comment = String::new();
                loop {
                    match chars.next() {
                        Some('}') => break,
                        Some(c) if comment.len() < MAX_TOKEN => comment.push(c),
                        Some(_) => return Err(RecordError::TooLarge("a comment".into())),
                        None => return Err(RecordError::Comment(short(&comment))),
                    }
                }
                // As `GameRecord::comment` keeps it: no `{` (the writer could not tell it
                // from a comment's start), whitespace runs as one space (lines are
                // wrapped between words).
                out.push(Piece::Comment(super::comment_text(&comment)));
            }
            '}' => return Err(RecordError::Comment(short(&word))),
            c if c.is_whitespace() => flush(&mut word, &mut out),
            c => {
                if word.len() >= MAX_TOKEN {
                    return Err(RecordError::TooLarge("a move".into()));
                }
                word.push(c);
            }
        }
        if out.len() > 4 * MAX_MOVES {
            return Err(RecordError::TooLarge(format!(
                "more than {MAX_MOVES} moves"
            )));
        }
    }
    flush(&mut word, &mut out);
    Ok(out)
}

/// `12.` or `12...` at the start of a token: the number, the dots and the rest
/// (`Ok(None)` when the token has no turn number; an error when it does not fit).
fn turn_prefix(w: &str) -> Result<Option<(u32, usize, &str)>, RecordError> {
    let digits = w.chars().take_while(char::is_ascii_digit).count();
    let rest = &w[digits..];
    let dots = rest.chars().take_while(|&c| c == '.').count();
    if digits == 0 || dots == 0 {
        return Ok(None);
    }
    let n = w[..digits]
        .parse()
        .map_err(|_| RecordError::BadTurn { text: short(w) })?;
    Ok(Some((n, dots, &rest[dots..])))
}

impl GameRecord {
    /// Reads a record. The `Variant` and `Result` tags are required, and the moves
    /// must end with the result.
    pub fn parse(text: &str) -> Result<GameRecord, RecordError> {
        if text.len() > MAX_BYTES {
            return Err(RecordError::TooLarge(format!("{} bytes", text.len())));
        }
        let mut r = GameRecord::default();
        let mut body = String::new();
        let mut in_tags = true;
        for (i, line) in text.lines().enumerate() {
            let l = line.trim();
            if in_tags && l.is_empty() {
                continue;
            }
            if in_tags && l.starts_with('[') {
                if r.tags.len() >= MAX_TAGS {
                    return Err(RecordError::TooLarge(format!("more than {MAX_TAGS} tags")));
                }
                r.tags.push(tag(l, i + 1)?);
                continue;
            }
            in_tags = false;
            body.push_str(l);
            body.push('\n');
        }
        for required in ["Variant", "Result"] {
            if r.tag(required).is_none() {
                return Err(RecordError::MissingTag(required.into()));
            }
        }
        let result = r.result().to_owned();
        let mut ps = pieces(&body)?;
        match ps.pop() {
            Some(Piece::Word(w)) if w == result => {}
            _ => return Err(RecordError::NoResult(short(&result))),
        }
        let mut turn = None;
        for p in ps {
            match p {
                Piece::Comment(c) => match RecordedMove::from_comment(&c) {
                    Some((entry, text)) => r.push_read(entry, None, text)?,
                    None => r.comment(c),
                },
                Piece::Word(w) => {
                    let (t, text) = match turn_prefix(&w)? {
                        Some((n, dots, rest)) => {
                            // `7.9.`: a move text that is itself a turn number
                            // would be written back as a turn of its own.
                            if !matches!(turn_prefix(rest), Ok(None)) {
                                return Err(RecordError::BadTurn { text: short(&w) });
                            }
                            if dots >= 3 && !r.moves.iter().any(|m| m.entry == Entry::Move) {
                                r.starts_mid_turn = true;
                            }
                            (Some(n), rest.to_owned())
                        }
                        None => (None, w),
                    };
                    if t.is_some() {
                        turn = t;
                    }
                    if text.is_empty() {
                        continue;
                    }
                    if text == RESIGNS {
                        // The old form: a token, `2. (resigns)`. Its turn number goes
                        // to the next move, as the comment form has none.
                        r.push_read(Entry::Resigns, None, "resigns".into())?;
                    } else {
                        r.push_read(Entry::Move, turn.take(), text)?;
                    }
                }
            }
        }
        Ok(r)
    }

    /// Appends an entry read from the text, within [`MAX_MOVES`].
    fn push_read(
        &mut self,
        entry: Entry,
        turn: Option<u32>,
        text: String,
    ) -> Result<(), RecordError> {
        if self.moves.len() >= MAX_MOVES {
            return Err(RecordError::TooLarge(format!(
                "more than {MAX_MOVES} moves"
            )));
        }
        self.moves.push(RecordedMove {
            turn,
            text,
            comments: Vec::new(),
            entry,
        });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_errors() {
        let mut r = GameRecord::new("chess");
        r.set_tag("White", "say \"hi\" \\ bye");
        r.push(1, 0, "e4");
        r.comment("an announcement");
        r.push(1, 1, "e5");
        r.set_tag("Result", "1/2-1/2");
        let back = GameRecord::parse(&r.to_string()).unwrap();
        assert_eq!(back, r);
        let mid = GameRecord::parse("[Variant \"x\"]\n[Result \"*\"]\n\n3... 0-0 4.e4 *").unwrap();
        assert!(mid.starts_mid_turn);
        assert_eq!(mid.moves[0].text, "0-0");
        assert_eq!(mid.moves[1].turn, Some(4));
        let err = |t: &str| GameRecord::parse(t).unwrap_err();
        assert!(matches!(
            err("[Variant \"x\"]\n[Result \"*\"]\n\n7.9. Nb2 *"),
            RecordError::BadTurn { .. }
        ));
        assert!(matches!(
            err("[Variant x]\n"),
            RecordError::BadTag { line: 1, .. }
        ));
        assert!(matches!(
            err("[Result \"*\"]\n*"),
            RecordError::MissingTag(_)
        ));
        assert!(matches!(
            err("[Variant \"x\"]\n[Result \"1-0\"]\n1. e4"),
            RecordError::NoResult(_)
        ));
        assert!(matches!(
            err("[Variant \"x\"]\n[Result \"*\"]\n1. e4 {open *"),
            RecordError::Comment(_)
        ));
        assert!(matches!(
            err("[Variant \"x\"]\n[Result \"*\"]\n1. e4 } *"),
            RecordError::Comment(_)
        ));
        assert!(matches!(
            err(&"x".repeat(MAX_BYTES + 1)),
            RecordError::TooLarge(_)
        ));
    }
}

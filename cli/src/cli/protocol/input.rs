//! Reading protocol commands: one line at a time, bounded in length, any bytes
//! accepted (invalid UTF-8 is replaced), so hostile input costs a bounded buffer and
//! an `info string`, never a crash or unbounded memory.

use std::io::{BufRead, Read};

/// Longest command kept: a `position startpos moves ...` line of a game of several
/// thousand plies fits; the rest of a longer line is skipped unread.
pub const MAX_LINE: usize = 256 * 1024;

/// One command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The text, trimmed (at most [`MAX_LINE`] bytes before trimming).
    pub text: String,
    /// True when the line was longer than [`MAX_LINE`] and cut.
    pub cut: bool,
}

/// The next line of `input`; `None` at the end of input (or when reading fails).
pub fn next_line(input: &mut dyn BufRead) -> Option<Line> {
    next_line_within(input, MAX_LINE)
}

/// The next line of `input`, kept to at most `max` bytes (the rest of a longer line
/// is skipped unread); `None` at the end of input (or when reading fails).
pub fn next_line_within(input: &mut dyn BufRead, max: usize) -> Option<Line> {
    let mut bytes = Vec::new();
    let n = Read::take(&mut *input, max as u64 + 1)
        .read_until(b'\n', &mut bytes)
        .ok()?;
    if n == 0 {
        return None;
    }
    let mut cut = false;
    if bytes.len() > max && bytes.last() != Some(&b'\n') {
        cut = true;
        // Skip the rest of the line, a buffer at a time.
        while let Ok(buf) = input.fill_buf() {
            if buf.is_empty() {
                break;
            }
            match buf.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    input.consume(i + 1);
                    break;
                }
                None => {
                    let len = buf.len();
                    input.consume(len);
                }
            }
        }
        bytes.truncate(max);
    }
    Some(Line {
        text: String::from_utf8_lossy(&bytes).trim().to_owned(),
        cut,
    })
}

/// The first `n` characters of `text`, for quoting input back in a message; control
/// characters become `?`, so a quote never splits or rewrites the answer's line (a
/// GUI that took a `\r` for a line end would read what follows as a command).
pub fn quote(text: &str, n: usize) -> String {
    let mut q: String = text
        .chars()
        .take(n)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if text.chars().nth(n).is_some() {
        q.push_str("...");
    }
    q
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_trimmed_bounded_and_lossy() {
        let long = "x".repeat(MAX_LINE * 2 + 7);
        let text = [
            b"  uci \r\n".to_vec(),
            b"\xff\xfe\n".to_vec(),
            long.into_bytes(),
            b"\nisready".to_vec(),
        ]
        .concat();
        let mut input: &[u8] = &text;
        let line = |i: &mut &[u8]| next_line(i).map(|l| (l.text, l.cut));
        assert_eq!(line(&mut input), Some(("uci".into(), false)));
        assert_eq!(line(&mut input), Some(("\u{fffd}\u{fffd}".into(), false)));
        let cut = next_line(&mut input).unwrap();
        assert!(cut.cut && cut.text.len() == MAX_LINE);
        assert_eq!(line(&mut input), Some(("isready".into(), false)));
        assert_eq!(line(&mut input), None);
        assert_eq!(quote("abcdef", 3), "abc...");
        assert_eq!(quote("abc", 3), "abc");
        assert_eq!(quote("a\rbestmove\u{0}", 20), "a?bestmove?");
    }
}

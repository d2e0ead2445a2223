//! Reading typed lines: bounded in length, any bytes accepted (invalid UTF-8 is
//! replaced), so hostile input is rejected as a bad move, never a crash.

use std::io::{BufRead, Read};

/// Longest line kept; the rest of a longer line is skipped.
pub const MAX_LINE: usize = 1024;

/// The next line, trimmed; `None` at the end of input (or when reading fails).
pub fn next_line(input: &mut dyn BufRead) -> Option<String> {
    let mut bytes = Vec::new();
    let n = Read::take(&mut *input, MAX_LINE as u64 + 1)
        .read_until(b'\n', &mut bytes)
        .ok()?;
    if n == 0 {
        return None;
    }
    if bytes.len() > MAX_LINE && bytes.last() != Some(&b'\n') {
        // Skip the rest of an over-long line, a bounded buffer at a time.
        loop {
            let buf = input.fill_buf().ok()?;
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
        bytes.truncate(MAX_LINE);
    }
    Some(String::from_utf8_lossy(&bytes).trim().to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_trimmed_bounded_and_lossy() {
        let long = "x".repeat(MAX_LINE * 3);
        let text = [
            b"  e2e4 \r\n".to_vec(),
            b"\xff\xfe\n".to_vec(),
            long.into_bytes(),
            b"\nlast".to_vec(),
        ]
        .concat();
        let mut input: &[u8] = &text;
        assert_eq!(next_line(&mut input).as_deref(), Some("e2e4"));
        assert_eq!(next_line(&mut input).as_deref(), Some("\u{fffd}\u{fffd}"));
        assert_eq!(next_line(&mut input).map(|l| l.len()), Some(MAX_LINE));
        assert_eq!(next_line(&mut input).as_deref(), Some("last"));
        assert_eq!(next_line(&mut input), None);
    }
}

//! Reading typed lines: bounded in length, any bytes accepted (invalid UTF-8 is
//! replaced), so hostile input is rejected as a bad move, never a crash.

use std::io::BufRead;

/// Longest line kept; the rest of a longer line is skipped.
pub const MAX_LINE: usize = 1024;

/// The next line, trimmed; `None` at the end of input (or when reading fails). The
/// engine protocols' reader, with a shorter bound: a move or command is short.
pub fn next_line(input: &mut dyn BufRead) -> Option<String> {
    crate::cli::protocol::input::next_line_within(input, MAX_LINE).map(|l| l.text)
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

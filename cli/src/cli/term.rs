//! Where a command writes: its output, its messages, and how diagnostics look.
//!
//! Commands take a [`Term`] instead of printing, so unit tests run them on buffers.

use super::error::CliError;
use super::report::Reporter;
use std::io::Write;

/// Output streams of a command.
pub struct Term<'a> {
    /// The command's product (summaries, moves, counts, the game).
    pub out: &'a mut dyn Write,
    /// Diagnostics and warnings.
    pub err: &'a mut dyn Write,
    /// How diagnostics are drawn.
    pub report: Reporter,
}

impl Term<'_> {
    /// Writes `text` to the output.
    pub fn print(&mut self, text: &str) -> Result<(), CliError> {
        self.out
            .write_all(text.as_bytes())
            .and_then(|_| self.out.flush())
            .map_err(|e| CliError::io("write", "standard output", e))
    }

    /// Writes `text` to the message stream.
    pub fn eprint(&mut self, text: &str) -> Result<(), CliError> {
        self.err
            .write_all(text.as_bytes())
            .and_then(|_| self.err.flush())
            .map_err(|e| CliError::io("write", "standard error", e))
    }
}

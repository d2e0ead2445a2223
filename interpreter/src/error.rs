//! Typed errors of the library. None of them is rendered here: each implements
//! [`miette::Diagnostic`] and the binary decides how to show it.

use miette::SourceSpan;

/// Everything the library can fail with.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum Error {
    /// A file could not be read (missing, unreadable, not UTF-8, too large).
    #[error("cannot read `{path}`: {reason}")]
    #[diagnostic(code(chessgraph::read))]
    Read {
        /// The path as given.
        path: String,
        /// Why, in words.
        reason: String,
    },
    /// The rule file or its board has problems; every one found is listed.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Variant(#[from] dsl::Diagnostics),
    /// A position string or FEN could not be read.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Position(#[from] PositionError),
    /// A move text could not be read or is not legal.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Move(#[from] MoveError),
}

/// What kind of problem a position string has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionErrorKind {
    /// Longer than any position string of this board could be.
    TooLong,
    /// A field is missing or malformed.
    Syntax,
    /// A row holds more or fewer cells than the board's row, or there are too many rows.
    RowLength,
    /// A piece letter that no piece type of the variant has.
    UnknownLetter,
    /// A player tag that no player has.
    UnknownTag,
    /// A cell name the board does not have.
    UnknownCell,
    /// A number out of range.
    Number,
    /// Readable, but not a position this variant can reach or play from.
    Illegal,
    /// The text is FEN but the board is not a rectangular two-player board.
    FenUnsupported,
}

/// A position string (or FEN) that cannot be read, with where in the text.
#[derive(Clone, Debug, thiserror::Error, miette::Diagnostic)]
#[error("{message}")]
#[diagnostic(code(chessgraph::position))]
pub struct PositionError {
    /// What kind of problem.
    pub kind: PositionErrorKind,
    /// What is wrong, in one sentence.
    pub message: String,
    /// The text (cut to a bounded length).
    #[source_code]
    pub input: String,
    /// Where in the text (byte offsets).
    #[label("here")]
    pub at: SourceSpan,
}

impl PositionError {
    /// Longest input kept for showing the error.
    const KEEP: usize = 4096;

    /// An error at byte range `start..end` of `input`.
    pub(crate) fn new(
        kind: PositionErrorKind,
        message: impl Into<String>,
        input: &str,
        start: usize,
        end: usize,
    ) -> PositionError {
        let mut cut = input.len().min(Self::KEEP);
        while !input.is_char_boundary(cut) {
            cut -= 1;
        }
        let start = start.min(cut);
        let end = end.clamp(start, cut);
        PositionError {
            kind,
            message: message.into(),
            input: input[..cut].to_owned(),
            at: SourceSpan::new(start.into(), end - start),
        }
    }

    /// Byte offset of the problem in the input.
    pub fn offset(&self) -> usize {
        self.at.offset()
    }
}

/// A move text that cannot be read or is not legal in the position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
pub enum MoveError {
    /// Empty text.
    #[error("empty move text")]
    #[diagnostic(code(chessgraph::mv::empty))]
    Empty,
    /// The text is not `FROMTO[PROMOTION]` with known cells.
    #[error("unknown cell in `{0}`")]
    #[diagnostic(
        code(chessgraph::mv::unknown_cell),
        help("long notation is the from cell then the to cell, e.g. `e2e4` or `e2-e4`, then a promotion letter")
    )]
    UnknownCell(String),
    /// The from cell is empty.
    #[error("no piece on {0}")]
    #[diagnostic(code(chessgraph::mv::no_piece))]
    NoPiece(String),
    /// A promotion letter that no piece type has.
    #[error("unknown promotion letter in `{0}`")]
    #[diagnostic(code(chessgraph::mv::unknown_promotion))]
    UnknownPromotion(String),
    /// Well formed but not among the legal moves.
    #[error("illegal: {0} is not a legal move here")]
    #[diagnostic(code(chessgraph::mv::illegal))]
    Illegal(String),
    /// The game is over: no move is legal.
    #[error("the game is over; {0} cannot be played")]
    #[diagnostic(code(chessgraph::mv::game_over))]
    GameOver(String),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_error_clamps_to_char_boundaries() {
        let text = "é".repeat(5000);
        let e = PositionError::new(PositionErrorKind::Syntax, "bad", &text, 9000, 9999);
        assert!(e.input.len() <= PositionError::KEEP);
        assert!(e.offset() <= e.input.len());
    }

    #[test]
    fn messages_read_well() {
        assert_eq!(
            MoveError::NoPiece("e3".into()).to_string(),
            "no piece on e3"
        );
        assert_eq!(
            MoveError::Illegal("e2e5".into()).to_string(),
            "illegal: e2e5 is not a legal move here"
        );
    }
}

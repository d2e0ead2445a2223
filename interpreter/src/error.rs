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
    /// A review spec (`review.txt`) has a problem.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Review(#[from] ReviewError),
}

/// What kind of problem a review spec has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewErrorKind {
    /// Larger than any review needs (bytes, blocks or moves).
    TooLarge,
    /// No `== title` block at all.
    NoBlocks,
    /// A line that is not `== title` or `key: value`, or a line before the first title.
    Syntax,
    /// A key other than `position`, `moves`, `cells`, or a key given twice.
    UnknownKey,
    /// The position string cannot be read.
    Position,
    /// A move cannot be read or is not legal.
    Move,
    /// A cell name the board does not have.
    UnknownCell,
}

/// A problem in a review spec, naming the block and the line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
#[error("review spec, block `{block}`, line {line}: {message}")]
#[diagnostic(
    code(chessgraph::review),
    help("each block: `== title`, then optional `position: ...`, `moves: ...`, `cells: ...` lines; blocks are separated by blank lines")
)]
pub struct ReviewError {
    /// What kind of problem.
    pub kind: ReviewErrorKind,
    /// The block's title (empty before the first title).
    pub block: String,
    /// The line, counted from 1.
    pub line: usize,
    /// What is wrong, in one sentence.
    pub message: String,
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
        // Labels on character boundaries of the kept text (miette slices it there).
        let floor = |mut i: usize| {
            while !input.is_char_boundary(i) {
                i -= 1;
            }
            i
        };
        let start = floor(start.min(cut));
        let end = floor(end.clamp(start, cut));
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
    /// The text ends with what reads as a cell name the board does not have (`Qxf7`
    /// on a board without f7).
    #[error("`{text}`: {cell} is not a cell of this board")]
    #[diagnostic(
        code(chessgraph::mv::no_such_cell),
        help("`moves` lists the legal moves with the board's cell names")
    )]
    NoSuchCell {
        /// The text as given (cut).
        text: String,
        /// The name that is no cell.
        cell: String,
    },
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
    /// The text is neither short (SAN-like) nor long notation.
    #[error("cannot read `{0}` as a move")]
    #[diagnostic(
        code(chessgraph::mv::unreadable),
        help("write a move as `Nf3`, `exd5`, `e8=Q`, `O-O`, or from and to cells: `g1f3`")
    )]
    Unreadable(String),
    /// The text fits several legal moves.
    #[error("ambiguous: `{text}` could be {}", candidates.join(", "))]
    #[diagnostic(
        code(chessgraph::mv::ambiguous),
        help("add the from cell's letters or digits (`Nbd2`, `R1a3`), the board of a qualified cell (`2:e5`), or the promotion")
    )]
    Ambiguous {
        /// The text as given (cut).
        text: String,
        /// The legal moves it fits, in long notation.
        candidates: Vec<String>,
    },
    /// The mover has no piece of the named type (on the named cells).
    #[error("`{text}`: you have no {piece} {where_}")]
    #[diagnostic(code(chessgraph::mv::no_such_piece))]
    NoSuchPiece {
        /// The text as given (cut).
        text: String,
        /// The piece type's name (`knight`, `pawn`).
        piece: String,
        /// Where it was looked for (`on the board`, `on b...`).
        where_: String,
    },
    /// The mover's pieces of the named type cannot move to the target cell.
    #[error("`{text}`: no {piece} of yours can move to {cell}")]
    #[diagnostic(code(chessgraph::mv::cannot_reach))]
    CannotReach {
        /// The text as given (cut).
        text: String,
        /// The piece type's name.
        piece: String,
        /// The target cell.
        cell: String,
    },
    /// The move follows the piece's rules but the check rule forbids it.
    #[error("`{0}` would leave your royal piece attacked")]
    #[diagnostic(code(chessgraph::mv::leaves_in_check))]
    LeavesInCheck(String),
    /// The move exists, but not with this promotion.
    #[error("`{text}`: the promotion must be one of {choices}")]
    #[diagnostic(code(chessgraph::mv::promotion))]
    Promotion {
        /// The text as given (cut).
        text: String,
        /// The legal promotions (`=Q, =R`), or `none` when the move does not promote.
        choices: String,
    },
    /// A castle of the mover that is not legal now.
    #[error("`{0}` is not allowed now")]
    #[diagnostic(
        code(chessgraph::mv::castle),
        help("castling needs the king and rook unmoved, the cells between them empty, the king not in check and its path not attacked")
    )]
    Castle(String),
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

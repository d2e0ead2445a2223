//! What can be wrong with a game record.

/// A record that cannot be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
pub enum RecordError {
    /// Larger than any game needs (bytes, tags, moves or a token).
    #[error("the record is too large: {0}")]
    #[diagnostic(code(chessgraph::record::too_large))]
    TooLarge(String),
    /// A tag line that is not `[Name "value"]`.
    #[error("line {line}: bad tag `{text}`")]
    #[diagnostic(
        code(chessgraph::record::bad_tag),
        help("a tag is `[Name \"value\"]` on its own line, with `\\\"` for a quote")
    )]
    BadTag {
        /// 1-based line.
        line: usize,
        /// The line (shortened).
        text: String,
    },
    /// A required tag is missing.
    #[error("the record has no `{0}` tag")]
    #[diagnostic(code(chessgraph::record::missing_tag))]
    MissingTag(String),
    /// A tag whose value does not fit (unknown variant option, position, seat).
    #[error("bad `{tag}` tag `{value}`: {reason}")]
    #[diagnostic(code(chessgraph::record::bad_tag_value))]
    BadTagValue {
        /// The tag's name.
        tag: String,
        /// Its value (shortened).
        value: String,
        /// Why.
        reason: String,
    },
    /// A `{` without `}`, or a `}` without `{`.
    #[error("unclosed or unopened comment near `{0}`")]
    #[diagnostic(code(chessgraph::record::comment))]
    Comment(String),
    /// The moves do not end with the result of the `Result` tag.
    #[error("the moves do not end with the result `{0}` of the Result tag")]
    #[diagnostic(
        code(chessgraph::record::no_result),
        help("end the moves with the same text as the Result tag (`*` when unfinished)")
    )]
    NoResult(String),
    /// A turn number that is not the position's.
    #[error(
        "move {index} (`{text}`): the turn number is {given} but the game is at turn {expected}"
    )]
    #[diagnostic(code(chessgraph::record::turn_number))]
    TurnNumber {
        /// 1-based index of the move in the record.
        index: usize,
        /// The move's text.
        text: String,
        /// As written.
        given: u32,
        /// The position's turn number.
        expected: u32,
    },
    /// A turn number (`12.`) too large for any game.
    #[error("bad turn number `{text}`: turn numbers are 1 to 4294967295")]
    #[diagnostic(code(chessgraph::record::bad_turn))]
    BadTurn {
        /// The token (shortened).
        text: String,
    },
    /// A move that cannot be read or is not legal.
    #[error("move {index} (turn {turn}, `{text}`) cannot be played: {reason}")]
    #[diagnostic(code(chessgraph::record::bad_move))]
    BadMove {
        /// 1-based index of the move in the record.
        index: usize,
        /// The turn number of the position.
        turn: u32,
        /// The move's text.
        text: String,
        /// Why (the move reader's message).
        reason: String,
    },
    /// The Result tag contradicts the final position.
    #[error("the Result tag says `{given}` but the final position's result is `{actual}`")]
    #[diagnostic(code(chessgraph::record::result))]
    ResultMismatch {
        /// As written.
        given: String,
        /// From the rules.
        actual: String,
    },
}

//! SAN notation (stub: long notation until the notation module lands).

use crate::{Move, MoveError, Position};

/// The move in the variant's SAN.
pub fn san(pos: &mut Position, mv: Move) -> String {
    pos.long(mv)
}

/// The legal move written as `text` (SAN or long notation).
pub fn parse_move(pos: &mut Position, text: &str) -> Result<Move, MoveError> {
    pos.parse_long(text)
}

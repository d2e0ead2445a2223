//! `position startpos|fen TEXT [moves M...]` read into a position of the variant.
//!
//! `fen` takes FEN on rectangular boards or the variant's own position string (the
//! only way to name a position of a board FEN cannot describe); moves are in the
//! variant's long notation (`e2e4`, `e7e8q`, `P@e4`, `0000` for a pass). The whole
//! command is read before anything changes, so an error leaves the previous
//! position in force.

use super::super::protocol::input::quote;
use chessgraph::{MoveError, Position, PositionError, Variant};
use std::sync::Arc;

/// Why a `position` command was refused.
#[derive(Debug, thiserror::Error)]
pub enum PositionCommandError {
    /// Neither `startpos` nor `fen`.
    #[error("`position` needs `startpos` or `fen TEXT`, then `moves` and the moves")]
    Syntax,
    /// The FEN (or position string) does not read.
    #[error("cannot read the position `{text}`: {source}")]
    Position {
        /// The text (cut).
        text: String,
        /// Why.
        source: PositionError,
    },
    /// A move cannot be played.
    #[error("move {index} `{text}` cannot be played: {source}")]
    Move {
        /// 1-based index among the moves.
        index: usize,
        /// The move (cut).
        text: String,
        /// Why.
        source: MoveError,
    },
}

/// Reads the words after `position`.
pub fn parse(v: &Arc<Variant>, args: &str) -> Result<Position, PositionCommandError> {
    let words: Vec<&str> = args.split_whitespace().collect();
    let at_moves = words.iter().position(|&w| w == "moves");
    let (setup, moves) = match at_moves {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (&words[..], &[][..]),
    };
    let mut pos = match setup {
        ["startpos"] => Position::start(v),
        ["fen", text @ ..] if !text.is_empty() => {
            let text = text.join(" ");
            Position::from_str(v, &text).map_err(|source| PositionCommandError::Position {
                text: quote(&text, 100),
                source,
            })?
        }
        _ => return Err(PositionCommandError::Syntax),
    };
    for (i, text) in moves.iter().enumerate() {
        let m = pos
            .parse_long(text)
            .map_err(|source| PositionCommandError::Move {
                index: i + 1,
                text: quote(text, 40),
                source,
            })?;
        pos.make(m);
    }
    Ok(pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::protocol::catalogue::Catalogue;

    #[test]
    fn start_fen_moves_and_errors() {
        let c = Catalogue::scan(&[]);
        let v = &c.find("chess").unwrap().variant;
        let p = parse(v, "startpos moves e2e4 e7e5 g1f3").unwrap();
        assert_eq!(
            p.fen().unwrap(),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
        );
        let p = parse(v, "fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1g1").unwrap();
        assert_eq!(p.fen().unwrap(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
        assert!(matches!(parse(v, ""), Err(PositionCommandError::Syntax)));
        assert!(matches!(parse(v, "fen"), Err(PositionCommandError::Syntax)));
        assert!(matches!(
            parse(v, "fen 8/8/8 w - - 0 1"),
            Err(PositionCommandError::Position { .. })
        ));
        let e = parse(v, "startpos moves e2e4 e2e4").unwrap_err();
        assert!(e.to_string().starts_with("move 2 `e2e4`"), "{e}");
    }
}

//! What a typed line means: a command word or a move.

/// One line of input during play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// Take back the last move.
    Undo,
    /// The player to move gives up.
    Resign,
    /// Offer a draw to the other players.
    Draw,
    /// List the legal moves.
    Moves,
    /// Draw the board again.
    Board,
    /// Ask the computer for a move.
    Hint,
    /// List the commands.
    Help,
    /// Stop the game (no result).
    Quit,
    /// Nothing (blank line or `#` comment).
    Nothing,
    /// Anything else is read as a move.
    Move(String),
}

impl Line {
    /// Reads a trimmed line.
    pub fn parse(text: &str) -> Line {
        match text.to_ascii_lowercase().as_str() {
            "undo" | "takeback" => Line::Undo,
            "resign" => Line::Resign,
            "draw" | "offer draw" => Line::Draw,
            "moves" | "legal" => Line::Moves,
            "board" | "show" => Line::Board,
            "hint" => Line::Hint,
            "help" | "?" => Line::Help,
            "quit" | "exit" | "q" => Line::Quit,
            "" => Line::Nothing,
            t if t.starts_with('#') => Line::Nothing,
            _ => Line::Move(text.to_owned()),
        }
    }
}

/// The help text.
pub const HELP: &str = "\
Type a move in SAN (e4, Nf3, O-O, e8=Q) or long form (e2e4, g1f3, e7e8q), or a command.
On boards with qualified cells (2:e4) a move may name its board (2:e5) or leave it out
(e5) when the piece tells which; long form then separates the cells (2:e4-2:e5).
  moves    list the legal moves
  board    draw the board again
  hint     ask the computer for a move
  undo     take back the last move
  resign   give up (with more than two players, the others play on)
  draw     offer a draw; every other player accepts or declines in turn (a move
           ending in the variant's draw mark, if it has one, offers one too: Ng7=)
  help     this text
  quit     stop the game without a result
";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_moves() {
        assert_eq!(Line::parse("UNDO"), Line::Undo);
        assert_eq!(Line::parse("# a note"), Line::Nothing);
        assert_eq!(Line::parse("Nf3"), Line::Move("Nf3".into()));
        assert_eq!(Line::parse("quit"), Line::Quit);
    }
}

//! What a typed line means: a command word or a move.

/// One line of input during play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// Take back the last move of a person and the computer's replies after it, the
    /// given number of times (`undo`, `undo 3`).
    Undo(usize),
    /// The player to move gives up.
    Resign,
    /// Offer a draw to the other players.
    Draw,
    /// List the legal moves.
    Moves,
    /// Draw the board again, with the position string (and its FEN where FEN can
    /// say it).
    Board,
    /// Write the position as SVG to a file (`svg game.svg`).
    Svg(String),
    /// Ask the computer for a move.
    Hint,
    /// List the commands.
    Help,
    /// Stop the game (no result).
    Quit,
    /// Nothing (blank line or `#` comment).
    Nothing,
    /// A command with a bad argument: the message says why.
    Bad(String),
    /// Anything else is read as a move.
    Move(String),
}

/// Most moves one `undo N` takes back.
pub const MAX_UNDO: usize = 10_000;

impl Line {
    /// Reads a trimmed line.
    pub fn parse(text: &str) -> Line {
        let lower = text.to_ascii_lowercase();
        let mut words = lower.split_whitespace();
        match (words.next(), words.next(), words.next()) {
            (Some("undo" | "takeback"), Some(_), Some(_)) => {
                return Line::Bad("`undo N` takes one number".into());
            }
            (Some("undo" | "takeback"), Some(n), None) => {
                return match n.parse::<usize>() {
                    Ok(n) if (1..=MAX_UNDO).contains(&n) => Line::Undo(n),
                    _ => Line::Bad(format!(
                        "`undo N` takes back N of your moves: N is a number from 1 to {MAX_UNDO}, not `{n}`"
                    )),
                };
            }
            (Some("svg"), _, _) => {
                let file = text.trim()[3..].trim();
                return if file.is_empty() {
                    Line::Bad("`svg FILE` writes the board to FILE: name the file".into())
                } else {
                    Line::Svg(file.to_owned())
                };
            }
            _ => {}
        }
        match lower.as_str() {
            "undo" | "takeback" => Line::Undo(1),
            "resign" => Line::Resign,
            "draw" | "offer draw" => Line::Draw,
            "moves" | "legal" => Line::Moves,
            "board" | "show" | "position" => Line::Board,
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
  board    draw the board again, with the position string (also: show)
  svg FILE write the board as an SVG picture to FILE
  hint     ask the computer for a move
  undo     take back your last move (and the computer's replies after it);
           undo N takes back N of them
  resign   give up (with more than two players, the others play on)
  draw     offer a draw; every other player accepts or declines in turn, the
           computer by its evaluation for its seats (a move
           ending in the variant's draw mark, if it has one, offers one too: Ng7=)
  help     this text
  quit     stop the game without a result
";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_moves() {
        assert_eq!(Line::parse("UNDO"), Line::Undo(1));
        assert_eq!(Line::parse("undo 3"), Line::Undo(3));
        assert!(matches!(Line::parse("undo x"), Line::Bad(_)));
        assert!(matches!(Line::parse("undo 0"), Line::Bad(_)));
        assert!(matches!(Line::parse("undo 1 2"), Line::Bad(_)));
        assert_eq!(
            Line::parse("svg My Game.svg"),
            Line::Svg("My Game.svg".into())
        );
        assert!(matches!(Line::parse("svg"), Line::Bad(_)));
        assert_eq!(Line::parse("# a note"), Line::Nothing);
        assert_eq!(Line::parse("Nf3"), Line::Move("Nf3".into()));
        assert_eq!(Line::parse("quit"), Line::Quit);
    }
}

//! The game record: moves in numbered turns (with N players a turn holds N moves:
//! `1. gi4 Nd6 11j11 2. ...`), resignations and the result. A move made by a player
//! who offered a draw carries the variant's draw mark (`Bi7=`), written by `play`.

use std::fmt::Write;

/// One entry: a move or a resignation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The turn number when it was made.
    pub turn: u32,
    /// Who made it (turn order index).
    pub player: u8,
    /// Its notation, or `(resigns)`.
    pub text: String,
}

/// The moves so far.
#[derive(Clone, Debug, Default)]
pub struct Record {
    entries: Vec<Entry>,
}

impl Record {
    /// Adds an entry.
    pub fn push(&mut self, turn: u32, player: u8, text: impl Into<String>) {
        self.entries.push(Entry {
            turn,
            player,
            text: text.into(),
        });
    }

    /// Removes the last entry (undo).
    pub fn pop(&mut self) -> Option<Entry> {
        self.entries.pop()
    }

    /// The moves as `1. e4 e5 2. Nf3`, a turn number before each new turn (and
    /// `1...` when the record starts after the first player's move).
    pub fn moves_text(&self) -> String {
        let mut s = String::new();
        let mut last_turn = None;
        for e in &self.entries {
            if last_turn != Some(e.turn) {
                if !s.is_empty() {
                    s.push(' ');
                }
                let dots = if last_turn.is_none() && e.player != 0 {
                    "..."
                } else {
                    "."
                };
                let _ = write!(s, "{}{dots} ", e.turn);
                last_turn = Some(e.turn);
            } else {
                s.push(' ');
            }
            s.push_str(&e.text);
        }
        s
    }

    /// The whole record with tags and the result (`*` when unfinished).
    pub fn render(&self, variant: &str, start: &str, result: &str) -> String {
        let moves = self.moves_text();
        let body = if moves.is_empty() {
            result.to_owned()
        } else {
            format!("{moves} {result}")
        };
        format!(
            "[Variant \"{variant}\"]\n[Position \"{start}\"]\n[Result \"{result}\"]\n\n{body}\n"
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_are_numbered_per_round() {
        let mut r = Record::default();
        r.push(1, 0, "e4");
        r.push(1, 1, "e5");
        r.push(2, 0, "Nf3");
        assert_eq!(r.moves_text(), "1. e4 e5 2. Nf3");
        r.pop();
        assert_eq!(
            r.render("Chess", "x", "*").lines().last(),
            Some("1. e4 e5 *")
        );
        let mut three = Record::default();
        three.push(4, 1, "a");
        three.push(4, 2, "b");
        three.push(5, 0, "c");
        three.push(5, 1, "d");
        three.push(5, 2, "e");
        assert_eq!(three.moves_text(), "4... a b 5. c d e");
    }
}

//! The computer's answer to a draw offer: it accepts when it does not think its seat
//! is better. The judgement uses only what the seat may know (its view under hidden
//! information), like its moves.

use super::hidden::view_samples;
use super::Searcher;
use crate::ids::Player;
use crate::Position;

/// Above this value (centipawns, for the seat asked) the computer declines a draw.
pub const DECLINE_ABOVE: i32 = 0;

impl Searcher {
    /// The computer's value of `pos` for `player`, in centipawns: a search when he is
    /// to move and sees everything, else the evaluation of what he sees.
    pub fn value_for(&mut self, pos: &mut Position, player: Player) -> i32 {
        if pos.variant().has_hidden_state() {
            let model = view_samples(pos, 1).and_then(|mut s| s.pop());
            return match model {
                Some(m) => self.evaluator().value(&m, player),
                None => 0,
            };
        }
        if pos.to_move() == player {
            if let Some(r) = self.search(pos) {
                return r.value;
            }
        }
        self.evaluator().value(pos, player)
    }

    /// True when the computer playing `player` accepts a draw offered in `pos`: its
    /// value for him is at most [`DECLINE_ABOVE`].
    pub fn accepts_draw(&mut self, pos: &mut Position, player: Player) -> bool {
        self.value_for(pos, player) <= DECLINE_ABOVE
    }
}

#[cfg(test)]
mod tests {
    use crate::search::{Limits, Searcher};
    use crate::testing::chess;
    use crate::Position;

    #[test]
    fn the_side_a_queen_up_declines_and_the_other_accepts() {
        let v = chess();
        let mut s = Searcher::new(&v, Limits::depth(2));
        let mut p = Position::from_str(&v, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
        assert!(!s.accepts_draw(&mut p, 0));
        assert!(s.accepts_draw(&mut p, 1));
        let mut start = Position::start(&v);
        assert!(s.accepts_draw(&mut start, 1));
    }
}

//! The computer player under hidden information: it decides from its own player's
//! view, never from the referee state.
//!
//! For a variant with hidden state ([`Variant::has_hidden_state`]) the searcher
//! reads the position back from the view string of the player to move
//! ([`crate::PlayerView::view_string`]): the board, the mines he knows of, the move he
//! was refused, and nothing else (no hidden mine, no generator state). It searches
//! that model and, when asked for more than one sample ([`Searcher::set_samples`]),
//! copies of it with the unseen mines laid by chance, drawn with a seed taken from
//! the view string itself; the samples vote ([`decide_from_samples`]). Everything
//! the choice depends on is therefore a function of the view: moving a mine the
//! player cannot see changes nothing. The chosen move is then found among the
//! referee position's legal moves by from, to and promotion; legal moves never
//! depend on unknown mines, so it is always there.
//!
//! The model starts without the game's history, so repetitions before this move
//! are unknown to the search (the referee still rules on them).

use super::engine::Searcher;
use super::samples::decide_from_samples;
use super::Limits;
use crate::{Move, Position, Variant};

impl Variant {
    /// True when positions hold state some player may not see (hidden mines, the
    /// generator that laid them): the computer player then decides from views.
    pub fn has_hidden_state(&self) -> bool {
        self.has_mines()
    }
}

/// A 64-bit FNV-1a hash: the deterministic seed of a view's samples.
fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The positions the player to move of `pos` cannot tell from `pos`, as he would
/// search them: his model, then `samples - 1` models with unseen mines laid by
/// chance. `None` when the view does not read back (it always should).
pub(crate) fn view_samples(pos: &Position, samples: usize) -> Option<Vec<Position>> {
    let view = pos.view(pos.to_move()).view_string();
    let model = Position::from_str(pos.variant(), &view).ok()?;
    let mut state = fnv(&view);
    let mut out = Vec::with_capacity(samples.max(1));
    for _ in 1..samples {
        out.push(model.with_sampled_mines(&mut state));
    }
    out.insert(0, model);
    Some(out)
}

impl Searcher {
    /// The move this searcher plays in `pos` (the referee position), deciding from
    /// what the player to move may know: the position itself when nothing is
    /// hidden, else his view ([`view_samples`]). Always one of `pos`'s legal moves,
    /// or `None` when there is none.
    pub fn choose(&mut self, pos: &mut Position) -> Option<Move> {
        if !pos.variant().has_hidden_state() {
            return self.search(pos).map(|r| r.best);
        }
        let Some(mut samples) = view_samples(pos, self.samples()) else {
            return self.search(pos).map(|r| r.best);
        };
        // Share a time budget among the samples.
        let limits = self.limits();
        let n = samples.len() as u32;
        if let Some(t) = limits.time {
            self.set_limits(Limits {
                time: Some(t / n.max(1)),
                ..limits
            });
        }
        let m = decide_from_samples(self, &mut samples);
        self.set_limits(limits);
        let m = m?;
        let legal = pos.legal_moves();
        let key = |x: Move| (x.from(), x.to(), x.promotion());
        legal.iter().copied().find(|&x| key(x) == key(m))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::chess;

    #[test]
    fn no_hidden_state_in_chess_and_seeds_are_stable() {
        assert!(!chess().has_hidden_state());
        assert_eq!(fnv("a"), fnv("a"));
        assert_ne!(fnv("a"), fnv("b"));
        let v = chess();
        let mut s = Searcher::new(&v, Limits::depth(2));
        let mut p = Position::start(&v);
        let m = s.choose(&mut p).unwrap();
        assert!(p.legal_moves().contains(&m));
    }
}

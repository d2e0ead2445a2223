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
        self.has_mines() || self.hides_pieces()
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
/// chance. When pieces are hidden (`see own|reach`), every model puts the pieces he
/// cannot see on cells he cannot see, by chance. `None` when the view does not read
/// back (it always should).
pub(crate) fn view_samples(pos: &Position, samples: usize) -> Option<Vec<Position>> {
    let me = pos.to_move();
    let view = pos.view(me).view_string();
    let v = pos.variant();
    if v.hides_pieces() {
        return hidden_piece_samples(pos, &view, samples);
    }
    let model = Position::from_str(v, &view).ok()?;
    let mut state = fnv(&view);
    let mut out = Vec::with_capacity(samples.max(1));
    for _ in 1..samples {
        out.push(model.with_sampled_mines(&mut state));
    }
    out.insert(0, model);
    Some(out)
}

/// Models of a position whose pieces are partly hidden: what the player sees, plus the
/// pieces he does not see laid on the cells he does not see, by chance. He is taken
/// to know which enemy pieces are left (he counts his captures; a promotion he did
/// not see is the one thing this knows that he may not), never where they stand: the
/// samples depend on his view and on that list of kinds only, so moving a piece he
/// cannot see changes no sample.
fn hidden_piece_samples(pos: &Position, view: &str, samples: usize) -> Option<Vec<Position>> {
    let me = pos.to_move();
    let v = pos.variant();
    let eyes = pos.view(me);
    let seen = eyes.visible_cells()?;
    let mut hidden: Vec<u8> = (0..v.cell_count() as crate::Cell)
        .filter(|&c| !seen.contains(c))
        .filter_map(|c| pos.board[c as usize].checked_sub(1))
        .collect();
    hidden.sort_unstable();
    let base = eyes.masked(&seen);
    // A piece may stand only where he would not see it: not on a cell one of his
    // pieces could take on (a pawn's diagonal shows a piece there), found by filling
    // every unseen cell with an enemy piece and looking again.
    let Some(&filler) = hidden.first() else {
        return Some(vec![Position::from_str(v, view).ok()?]);
    };
    let filled = crate::PlayerView::filled(&base, &seen, filler);
    let would_see = filled.view(me).visible_cells()?;
    let free: Vec<crate::Cell> = (0..v.cell_count() as crate::Cell)
        .filter(|&c| !seen.contains(c) && !would_see.contains(c))
        .collect();
    let mut state = fnv(view) ^ fnv(&format!("{hidden:?}"));
    let mut out = Vec::with_capacity(samples.max(1));
    for _ in 0..samples.max(1) {
        let mut model = base.clone();
        let mut cells = free.clone();
        for &kind in &hidden {
            if cells.is_empty() {
                break;
            }
            let i = (crate::zobrist::splitmix64(&mut state) % cells.len() as u64) as usize;
            model.add(cells.swap_remove(i), kind);
        }
        let text = model.write_string(Some(me));
        out.push(Position::from_str(v, &text).ok()?);
    }
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
        let legal = pos.legal_moves();
        let key = |x: Move| (x.from(), x.to(), x.promotion());
        let attempts = pos.variant().rules.announce & crate::rules::ANNOUNCE_ATTEMPTS != 0;
        let found = if attempts {
            self.attempt_until_legal(pos, &mut samples)
        } else {
            // He knows his own legal moves (they do not depend on what he cannot see
            // in fog of war): the models' roots play only those.
            self.allowed = Some(legal.iter().map(|&x| key(x)).collect());
            decide_from_samples(self, &mut samples)
        };
        self.allowed = None;
        self.set_limits(limits);
        let m = found?;
        legal.iter().copied().find(|&x| key(x) == key(m))
    }

    /// Under `announce attempts` (Kriegspiel): he does not know his legal moves, so he
    /// plays the best of the moves he may try; each one the referee refuses is
    /// announced and left out of the next try. A legal move is returned unmade.
    fn attempt_until_legal(
        &mut self,
        pos: &mut Position,
        samples: &mut Vec<Position>,
    ) -> Option<Move> {
        let key = |x: Move| (x.from(), x.to(), x.promotion());
        let legal = pos.legal_moves();
        let possible = pos.possible_moves().len();
        for _ in 0..=possible {
            let allowed: Vec<_> = pos.possible_moves().iter().map(|&x| key(x)).collect();
            if allowed.is_empty() {
                break;
            }
            self.allowed = Some(allowed);
            let Some(m) = decide_from_samples(self, samples) else {
                break;
            };
            if legal.iter().any(|&x| key(x) == key(m)) {
                return Some(m);
            }
            pos.attempt(m);
            if let Some(fresh) = view_samples(pos, samples.len()) {
                *samples = fresh;
            }
        }
        // His tries ran out (an en-passant capture is his only move): the referee's.
        legal.first().copied()
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

//! `check all opponents [and mate]`: a move after which the mover's pieces attack a
//! royal of every other player still in the game.
//!
//! `make` asks this after every move of a variant with such a clause (and never
//! during probes). With two or more opponents all in check, `check all opponents and
//! mate` applies when one of them would have no legal move on his turn (Chess for 3's
//! "check-and-stalemate"), else `check all opponents`. A clause missing for the case
//! at hand means nothing happens, except that without an `and mate` clause mates are
//! not looked for and `check all opponents` applies.

use crate::clauses::EndEvent;
use crate::ids::Player;
use crate::outcome::EndReason;
use crate::position::{Position, Undo};
use std::sync::Arc;

impl Position {
    /// Applies the clause when `mover`'s move (already made; the next player is to
    /// move) left every opponent in check.
    pub(crate) fn check_all_opponents(&mut self, mover: Player, u: &mut Undo) {
        let v = Arc::clone(&self.v);
        let mine = self.friends_of(mover);
        let mut opponents = [0 as Player; dsl::limits::MAX_PLAYERS];
        let mut count = 0;
        for o in 0..v.player_count() as Player {
            if o == mover || self.is_eliminated(o) {
                continue;
            }
            if !self.royal_attacked_by(o, mine) {
                return;
            }
            opponents[count] = o;
            count += 1;
        }
        if count < 2 {
            return;
        }
        let with_mate = v.clauses.effects(&EndEvent::CheckAll { mate: true });
        let mated =
            with_mate.is_some() && opponents[..count].iter().any(|&o| self.without_moves(o));
        let (effects, reason) = if mated {
            (with_mate, EndReason::CheckAllMate)
        } else {
            (
                v.clauses.effects(&EndEvent::CheckAll { mate: false }),
                EndReason::CheckAll,
            )
        };
        if let Some(effects) = effects {
            let subject = self.to_move;
            self.apply_effects(effects, subject, mover, reason, u);
        }
    }
}

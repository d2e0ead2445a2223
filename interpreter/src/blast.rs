//! Legality of a capture that explodes (Atomic chess), read on the board without
//! making the move.
//!
//! The check rule keeps a move when the mover's royals all survive it and none is
//! attacked afterwards, or when the `unless` condition holds (`captures royal`: an
//! opponent's royal went up too). For a capture under one explosion rule read before
//! the move, the board after it is known in advance: the captor leaves its cell, the
//! victim goes, and the blast clears the target and the pieces around it that it
//! does not spare. The test lifts those pieces, asks the attack tables, and puts
//! them back; anything else is left to making the move.

use crate::ids::{bit, Cell, Player};
use crate::moves::{mk, Move};
use crate::position::Position;
use crate::rules::cond::{Cond, Scope};

/// Most cells a lifted blast may clear; a larger blast is tested by making the move.
const MAX_CLEARED: usize = 32;

impl Position {
    /// Whether `me`'s capture `m` keeps his royals on `royals` and leaves them
    /// unattacked by `attackers` (or meets the check rule's `unless`), read on the
    /// board; `None` when the move's effects go beyond what is read here.
    pub(crate) fn blast_survives(
        &mut self,
        me: Player,
        m: Move,
        royals: &[Cell],
        attackers: u64,
    ) -> Option<bool> {
        let v = std::sync::Arc::clone(&self.v);
        if !matches!(m.kind, mk::NORMAL | mk::CREATES_EP | mk::EP_CAPTURE)
            || m.gate().is_some()
            || m.from == m.to
            || v.rules.mines.is_some()
            || v.rules.transfer.is_some()
            || attackers & self.present & v.tables.irregular != 0
        {
            return None;
        }
        let unless = match &v.rules.unless {
            None => None,
            Some(Cond::Captures(kinds)) => Some(*kinds),
            Some(_) => return None,
        };
        let moved = self.board[m.from as usize].checked_sub(1)?;
        if v.royal_kinds & bit(moved) != 0 {
            return None;
        }
        let at = if m.kind == mk::EP_CAPTURE {
            self.ep[m.aux as usize].victim
        } else {
            m.to
        };
        let victim = self.board[at as usize].checked_sub(1)?;
        // One rule explodes, read before the move; no rule hands over or removes
        // anything else.
        let (r, x) = v.rules.lone_blast?;
        let rule = &v.rules.after[r];
        let scope = Scope {
            subject: me,
            mover: me,
            facts: Some(self.facts_before(m)),
        };
        let explodes = self.holds_now(&rule.cond, &scope);
        // The cells cleared, with what stood there, to put back.
        let mut cleared = [(0 as Cell, 0u8); MAX_CLEARED];
        let mut n = 0;
        let mut clear = |p: &mut Position, c: Cell, n: &mut usize| -> bool {
            if *n == MAX_CLEARED {
                return false;
            }
            cleared[*n] = (c, p.board[c as usize]);
            p.board[c as usize] = 0;
            *n += 1;
            true
        };
        let mine = self.friends_of(me);
        let mut taken = 0u64;
        // Without a blast the captor stands on the target, as what it lands as.
        let landing = if explodes {
            0
        } else {
            self.landing_kind(m, me)?
        };
        let mut fits = clear(self, m.from, &mut n) && clear(self, at, &mut n);
        if fits {
            taken |= bit(victim) & !mine;
            if explodes {
                let x = &v.rules.explosions[x];
                for &c in x.around(me, m.to) {
                    let sq = self.board[c as usize];
                    if sq != 0 && x.spare & bit(sq - 1) == 0 {
                        if !clear(self, c, &mut n) {
                            fits = false;
                            break;
                        }
                        taken |= bit(sq - 1) & !mine;
                    }
                }
            } else {
                // No blast: the captor stands on the target.
                let was = self.board[m.to as usize];
                if clear(self, m.to, &mut n) {
                    self.board[m.to as usize] = landing + 1;
                } else {
                    self.board[m.to as usize] = was;
                    fits = false;
                }
            }
        }
        let legal = fits.then(|| {
            let kept = royals.iter().all(|&r| self.board[r as usize] != 0);
            kept && (unless.is_some_and(|kinds| taken & kinds != 0)
                || royals
                    .iter()
                    .all(|&r| !self.royal_cell_attacked(me, r, attackers)))
        });
        for &(c, sq) in cleared[..n].iter().rev() {
            self.board[c as usize] = sq;
        }
        legal
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::{compile, random_games_match_making, CHESS_BOARD, CHESS_RULES};
    use crate::Position;

    /// Atomic chess as `variants/atomic` writes it.
    fn atomic() -> std::sync::Arc<crate::Variant> {
        let rules = format!(
            "{CHESS_RULES}\ncheck always unless captures royal\n\
             after move if captures: explode all except pawn\n\
             end if royals = 0: lose \"king exploded\"\nremove end \"dead position\"\n"
        );
        compile(&rules, CHESS_BOARD).expect("compiles")
    }

    /// Over random games, the legal moves read with lifted blasts are those found by
    /// making every capture.
    #[test]
    fn lifted_blasts_agree_with_making_the_captures() {
        let mut captures = 0;
        random_games_match_making(&atomic(), 60, 150, |p, moves| {
            captures += moves.iter().filter(|&&m| p.takes_piece(m)).count();
        });
        assert!(captures > 2000, "only {captures} captures met");
    }

    /// The rules the lift reads: a capture next to one's own king is illegal, one
    /// that blows up the enemy king is legal even from check, and kings side by side
    /// do not attack each other.
    #[test]
    fn blasts_decide_as_atomic_chess_does() {
        let v = atomic();
        let legal = |fen: &str| -> Vec<String> {
            let mut p = Position::from_str(&v, fen).expect("a position");
            p.every_move().iter().map(|&m| p.long(m)).collect()
        };
        // Rxd2 would explode the white king on e1.
        let moves = legal("4k3/8/8/8/8/8/3p4/3RK3 w - - 0 1");
        assert!(!moves.contains(&"d1d2".to_owned()), "{moves:?}");
        // The rook on h1 checks the white king, yet Qxd7 is legal: the blast on d7
        // takes the black king on d8 with it.
        let moves = legal("3k4/3p4/8/8/8/8/3Q4/4K2r w - - 0 1");
        assert!(moves.contains(&"d2d7".to_owned()), "{moves:?}");
        // Kings side by side: the white king may step next to the black one.
        let moves = legal("8/8/8/3k4/8/3K4/8/7R w - - 0 1");
        assert!(moves.contains(&"d3d4".to_owned()), "{moves:?}");
    }
}

//! What rules do to a position: game ends (lose, win, draw, rank by), eliminations,
//! passes, control, counters and explosions. Every change is recorded in the move's
//! [`Undo`] (or the logs it counts) so that `unmake` restores it exactly.

use super::cond::Scope;
use super::expr::Expr;
use crate::ids::{bit, Cell, Kind, Player};
use crate::outcome::{EndReason, Finish, Score};
use crate::position::{Position, Undo};
use dsl::limits::MAX_PLAYERS;

/// An effect.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Effect {
    /// The subject loses, the others still in win; the game ends.
    Lose,
    /// The actor wins, the others lose; the game ends.
    Win,
    /// The subject wins, the others lose; the game ends.
    SubjectWins,
    /// The actor loses, the others still in win; the game ends.
    ActorLoses,
    /// Everyone still in draws; the game ends.
    Draw,
    /// The subject is out.
    Eliminate,
    /// The subject passes (no-move stage).
    Pass,
    /// The actor controls the subject's pieces.
    CaptorControls,
    /// The subject loses, the actor wins, the other players still in draw.
    LoseToActor,
    /// The players still in with the largest value win, the others lose; all equal: a
    /// draw (`most royals` is `rank by royals`).
    RankBy(Expr),
    /// The same over every player, eliminated players too (`rank all by`).
    RankAllBy(Expr),
    /// A counter grows by `amount` (evaluated for the subject, with the move's facts).
    Add {
        /// Index in [`super::Rules::counters`].
        counter: u16,
        /// How much.
        amount: Expr,
        /// Whose counter.
        to: AddTo,
    },
    /// The game ends with these shares of a point, in 24ths ([`Score::units`]):
    /// the subject's, the actor's and every other player's still in.
    Score {
        /// The subject's share.
        subject: u8,
        /// The actor's share.
        actor: u8,
        /// Every other player's still in.
        others: u8,
    },
    /// After a capture: the capturing piece and the pieces around the target leave the
    /// board ([`super::Rules::explosions`]).
    Explode(u16),
    /// The piece that moved (and a castle's rook) goes on to its cell's image under
    /// the cell map ([`super::Rules::maps`]).
    Transfer(u16),
}

impl Effect {
    /// True when the effect ends the game.
    #[cfg(test)]
    pub(crate) fn ends(&self) -> bool {
        matches!(
            self,
            Effect::Lose
                | Effect::Win
                | Effect::SubjectWins
                | Effect::ActorLoses
                | Effect::Draw
                | Effect::LoseToActor
                | Effect::RankBy(_)
                | Effect::RankAllBy(_)
                | Effect::Score { .. }
        )
    }
}

/// The image of a cell without one in a cell map.
pub(crate) const NO_IMAGE: Cell = Cell::MAX;

/// Whose counter an [`Effect::Add`] changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AddTo {
    /// The event's subject.
    Subject,
    /// The event's actor.
    Actor,
    /// Every other player still in.
    Others,
    /// Every player still in.
    All,
    /// One player.
    Player(Player),
}

/// The cells an explosion reaches around each target, per player (the directions are
/// resolved for the mover), and the kinds it spares.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Explosion {
    /// Per `player * cells + cell`: start of its cells in `cells` (one extra entry).
    pub start: Vec<u32>,
    /// The cells around.
    pub cells: Vec<Cell>,
    /// Kinds the explosion spares around the target (not the capturing piece).
    pub spare: u64,
    /// Number of cells of the board (the stride of `start`).
    pub stride: usize,
}

impl Explosion {
    /// The cells around `cell` for a capture by `player`.
    #[inline]
    pub fn around(&self, player: Player, cell: Cell) -> &[Cell] {
        let i = player as usize * self.stride + cell as usize;
        &self.cells[self.start[i] as usize..self.start[i + 1] as usize]
    }
}

/// A piece an effect removed, for `unmake`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Removed {
    pub cell: Cell,
    pub kind: Kind,
    pub slot: u16,
    pub virgin: bool,
}

impl Position {
    /// Applies `effects` of an event about `subject` caused by `actor`, stopping when
    /// the game has ended.
    pub(crate) fn apply_effects(
        &mut self,
        effects: &[Effect],
        subject: Player,
        actor: Player,
        reason: EndReason,
        u: &mut Undo,
    ) {
        for e in effects {
            if self.finish.is_some() {
                return;
            }
            self.apply_effect(e, subject, actor, reason, u);
            if self.v.rules.teams {
                if let Some(f) = self.finish {
                    self.finish = Some(self.team_result(f, subject, actor));
                }
            }
        }
    }

    /// One effect of [`Position::apply_effects`].
    fn apply_effect(
        &mut self,
        e: &Effect,
        subject: Player,
        actor: Player,
        reason: EndReason,
        u: &mut Undo,
    ) {
        {
            match e {
                Effect::Lose => self.finish_with(reason, u, |p, out| {
                    if p == subject || out {
                        Score::Loss
                    } else {
                        Score::Win
                    }
                }),
                Effect::ActorLoses => self.finish_with(reason, u, |p, out| {
                    if p == actor || out {
                        Score::Loss
                    } else {
                        Score::Win
                    }
                }),
                Effect::Win => {
                    self.finish_with(
                        reason,
                        u,
                        |p, _| {
                            if p == actor {
                                Score::Win
                            } else {
                                Score::Loss
                            }
                        },
                    )
                }
                Effect::SubjectWins => self.finish_with(reason, u, |p, _| {
                    if p == subject {
                        Score::Win
                    } else {
                        Score::Loss
                    }
                }),
                Effect::Draw => {
                    self.finish_with(
                        reason,
                        u,
                        |_, out| {
                            if out {
                                Score::Loss
                            } else {
                                Score::Draw
                            }
                        },
                    )
                }
                Effect::LoseToActor => self.finish_with(reason, u, |p, out| {
                    if p == subject || out {
                        Score::Loss
                    } else if p == actor {
                        Score::Win
                    } else {
                        Score::Draw
                    }
                }),
                Effect::RankBy(expr) => {
                    let f = self.ranked(expr, reason, false);
                    self.record(f, u);
                }
                Effect::RankAllBy(expr) => {
                    let f = self.ranked(expr, reason, true);
                    self.record(f, u);
                }
                Effect::Eliminate => self.eliminate(subject, u),
                Effect::CaptorControls => {
                    let n = self.v.player_count();
                    for owner in 0..n {
                        for region in 0..self.v.regions {
                            if self.control[owner * self.v.regions + region] == subject {
                                self.set_control(owner as Player, region, actor, u);
                            }
                        }
                    }
                }
                Effect::Pass => {}
                Effect::Add {
                    counter,
                    amount,
                    to,
                } => self.add_effect(*counter as usize, amount, *to, subject, actor, u),
                Effect::Score {
                    subject: mine,
                    actor: theirs,
                    others,
                } => self.finish_with(reason, u, |p, out| {
                    Score::from_units(if out {
                        0
                    } else if p == subject {
                        *mine
                    } else if p == actor {
                        *theirs
                    } else {
                        *others
                    })
                }),
                Effect::Explode(x) => self.explode(*x as usize, u),
                Effect::Transfer(m) => self.transfer(*m as usize, u),
            }
        }
    }

    /// A result given to players is given to their teams: each member gets the score
    /// of the event's subject when he is of the subject's team, else of the actor's
    /// when of his, else the best score of the team (a draw among those still in).
    fn team_result(&self, f: Finish, subject: Player, actor: Player) -> Finish {
        let n = self.v.player_count();
        let mut units = f.units;
        for (p, slot) in units.iter_mut().enumerate().take(n) {
            let team = self.team_of(p as Player);
            *slot = if team & (1 << subject) != 0 {
                f.units[subject as usize]
            } else if team & (1 << actor) != 0 {
                f.units[actor as usize]
            } else {
                (0..n)
                    .filter(|&q| team & (1 << q) != 0)
                    .map(|q| f.units[q])
                    .max()
                    .unwrap_or(0)
            };
        }
        Finish { units, ..f }
    }

    /// Records a result whose score per player is `score(player, eliminated)`.
    fn finish_with(
        &mut self,
        reason: EndReason,
        u: &mut Undo,
        score: impl Fn(Player, bool) -> Score,
    ) {
        let n = self.v.player_count();
        let mut scores = [Score::Loss; MAX_PLAYERS];
        for (p, s) in scores.iter_mut().enumerate().take(n) {
            *s = score(p as Player, self.is_eliminated(p as Player));
        }
        self.record(Finish::new(reason, &scores[..n]), u);
    }

    /// The result of `rank by expr`: the players still in (`all`: every player) with
    /// the largest value win, the others lose; all equal: a draw.
    pub(crate) fn ranked(&self, expr: &Expr, reason: EndReason, all: bool) -> Finish {
        let n = self.v.player_count();
        let mut values = [None; MAX_PLAYERS];
        for (p, v) in values.iter_mut().enumerate().take(n) {
            if all || !self.is_eliminated(p as Player) {
                let scope = Scope {
                    subject: p as Player,
                    mover: p as Player,
                    facts: None,
                };
                *v = Some(self.value(expr, &scope));
            }
        }
        if self.v.rules.teams {
            // A team ranks by the sum of its members' values.
            let own = values;
            for (p, v) in values.iter_mut().enumerate().take(n) {
                if v.is_some() {
                    let team = self.team_of(p as Player);
                    *v = Some(
                        (0..n)
                            .filter(|&q| team & (1 << q) != 0)
                            .filter_map(|q| own[q])
                            .sum(),
                    );
                }
            }
        }
        let best = values[..n].iter().flatten().copied().max().unwrap_or(0);
        let all_best = values[..n].iter().flatten().all(|&c| c == best);
        let mut scores = [Score::Loss; MAX_PLAYERS];
        for (s, v) in scores.iter_mut().zip(values.iter()).take(n) {
            *s = match v {
                Some(c) if *c == best && all_best => Score::Draw,
                Some(c) if *c == best => Score::Win,
                _ => Score::Loss,
            };
        }
        Finish::new(reason, &scores[..n])
    }

    pub(crate) fn record(&mut self, f: Finish, u: &mut Undo) {
        self.finish = Some(f);
        self.hash ^= self.v.keys.finished;
        u.finished = true;
    }

    /// Puts `subject` out; when one player is left, the `last player` effects (by
    /// default: he wins).
    pub(crate) fn eliminate(&mut self, subject: Player, u: &mut Undo) {
        if self.is_eliminated(subject) {
            return;
        }
        self.eliminated |= 1 << subject;
        self.hash ^= self.v.keys.eliminated(subject);
        let n = self.v.player_count() as Player;
        // Teams: the game goes on while players of two teams are left.
        let first = (0..n).find(|&p| !self.is_eliminated(p));
        let team = first.map_or(0, |p| self.team_of(p));
        let mut left = (0..n).filter(|&p| !self.is_eliminated(p) && team & (1 << p) == 0);
        let second = left.next();
        match (first, second) {
            (None, _) => self.finish_with(EndReason::LastPlayer, u, |_, _| Score::Loss),
            (Some(last), None) => {
                let v = std::sync::Arc::clone(&self.v);
                self.apply_effects(&v.rules.last_player, last, last, EndReason::LastPlayer, u);
            }
            _ => {}
        }
    }

    /// `add EXPR to COUNTER of WHO`: the amount is read for the subject, with the facts
    /// of the move `u` records (none for a pass).
    fn add_effect(
        &mut self,
        c: usize,
        amount: &Expr,
        to: AddTo,
        subject: Player,
        actor: Player,
        u: &mut Undo,
    ) {
        let facts = if u.mv.kind == crate::moves::mk::PASS || !amount.reads_move() {
            None
        } else {
            Some(self.facts_after(u))
        };
        let scope = Scope {
            subject,
            mover: u.mover,
            facts,
        };
        let n = self.value(amount, &scope);
        if n == 0 {
            return;
        }
        let count = self.v.player_count() as Player;
        for p in 0..count {
            let gets = match to {
                AddTo::Subject => p == subject,
                AddTo::Actor => p == actor,
                AddTo::Others => p != subject && !self.is_eliminated(p),
                AddTo::All => !self.is_eliminated(p),
                AddTo::Player(q) => p == q,
            };
            if gets {
                self.add_counter(c, p, n, u);
            }
        }
    }

    /// Adds `amount` to counter `c` of `player`, logged for `unmake`.
    fn add_counter(&mut self, c: usize, player: Player, amount: i64, u: &mut Undo) {
        let i = c * self.v.player_count() + player as usize;
        let old = self.counters[i];
        let new = old.saturating_add(amount);
        self.counters[i] = new;
        let k = &self.v.keys;
        self.hash ^= k.counter(c, player, old) ^ k.counter(c, player, new);
        self.counter_log.push((i as u16, old));
        u.counter_changes += 1;
    }

    /// The explosion `x` of a capture just made: the capturing piece (on the target)
    /// and the pieces around the target, but the spared kinds, leave the board.
    fn explode(&mut self, x: usize, u: &mut Undo) {
        let v = std::sync::Arc::clone(&self.v);
        let blast = &v.rules.explosions[x];
        let at = u.mv.to;
        if self.board[at as usize] != 0 {
            self.remove_by_effect(at, u);
        }
        for &c in blast.around(u.mover, at) {
            let sq = self.board[c as usize];
            if sq != 0 && blast.spare & bit(sq - 1) == 0 {
                self.remove_by_effect(c, u);
            }
        }
    }

    /// Removes the piece on `cell` as an effect of a rule (counted as lost material,
    /// its unmoved mark dropped), logged for `unmake`.
    fn remove_by_effect(&mut self, cell: Cell, u: &mut Undo) {
        let slot = self.slot[cell as usize];
        let kind = self.remove(cell);
        let virgin = self.virgin.remove(cell);
        if virgin {
            self.hash ^= self.v.keys.virgin(cell);
        }
        let (owner, value) = self.v.owner_and_value(kind);
        self.add_lost(owner, value);
        self.removed_log.push(Removed {
            cell,
            kind,
            slot,
            virgin,
        });
        u.removed += 1;
    }

    /// The cells whose pieces a move's transfer carries: its target, and a castle's
    /// rook's target too.
    pub(crate) fn transferred_cells(&self, mv: crate::Move) -> ([Cell; 2], usize) {
        match mv.kind {
            crate::moves::mk::PASS => ([0; 2], 0),
            crate::moves::mk::CASTLE => {
                let [_, kt, _, rt] = self.v.castle_cells(mv);
                ([kt, rt], 2)
            }
            _ => ([mv.to, 0], 1),
        }
    }

    /// `transfer through MAP`: the pieces the move put down go on to their images
    /// (an image that is occupied keeps the piece where it is: the move filter has
    /// made such moves illegal), logged for `unmake`.
    fn transfer(&mut self, m: usize, u: &mut Undo) {
        let v = std::sync::Arc::clone(&self.v);
        let map = &v.rules.maps[m];
        let (cells, n) = self.transferred_cells(u.mv);
        for &c in &cells[..n] {
            let image = map[c as usize];
            if image == NO_IMAGE || self.board[c as usize] == 0 || self.board[image as usize] != 0 {
                continue;
            }
            self.relocate(c, image);
            self.transfer_log.push((c, image));
            u.transfers += 1;
        }
    }

    /// Whether `mv`'s transfer would land a piece on an occupied image (cells the
    /// move itself empties count as empty).
    pub(crate) fn transfer_blocked(&self, mv: crate::Move, m: usize) -> bool {
        let map = &self.v.rules.maps[m];
        let (cells, n) = self.transferred_cells(mv);
        let leaves = |c: Cell| {
            c == mv.from || (mv.kind == crate::moves::mk::CASTLE && c == self.v.castle_cells(mv)[2])
        };
        cells[..n].iter().any(|&c| {
            let image = map[c as usize];
            image != NO_IMAGE && self.board[image as usize] != 0 && !leaves(image)
        })
    }

    /// `unmake`, first part: puts back what rules removed and restores counters.
    pub(crate) fn unmake_effects(&mut self, u: &Undo) {
        for _ in 0..u.transfers {
            if let Some((c, image)) = self.transfer_log.pop() {
                self.relocate(image, c);
            }
        }
        for _ in 0..u.removed {
            if let Some(r) = self.removed_log.pop() {
                self.restore(r.cell, r.kind, r.slot);
                if r.virgin {
                    self.virgin.insert(r.cell);
                }
                let (owner, value) = self.v.owner_and_value(r.kind);
                self.lost[owner as usize] -= value;
            }
        }
        for _ in 0..u.counter_changes {
            if let Some((i, old)) = self.counter_log.pop() {
                self.counters[i as usize] = old;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Effect;

    #[test]
    fn ending_effects() {
        assert!(Effect::Lose.ends() && Effect::SubjectWins.ends());
        assert!(!Effect::Eliminate.ends() && !Effect::Pass.ends());
        assert!(!Effect::Add {
            counter: 0,
            amount: super::Expr::Lit(1),
            to: super::AddTo::Subject,
        }
        .ends());
        assert!(Effect::Score {
            subject: 6,
            actor: 18,
            others: 0
        }
        .ends());
    }
}

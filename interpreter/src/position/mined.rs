//! Mines in a position: the per-cell state (a mine, primed), the move a player was
//! refused, the random generator's state, and the announcements made so far; and the
//! parts of `make`/`unmake` that resolve a piece entering a mine.
//!
//! Everything here runs only for variants with mine rules (`v.rules.mines`), so the
//! move loop of other variants pays one branch per `make` and `unmake`.

use super::{Position, Undo};
use crate::ids::{Cell, Kind, PieceType, Player};
use crate::mines::{MineRules, AGAIN, BLAST, MINE, PRIME, PRIMED, UNDO};
use crate::moves::{mk, Move, MoveList};
use crate::variant::Variant;
use std::sync::Arc;

/// What the referee announces: what a mine did, and under `announce` rules the
/// captures, checks and refused attempts of games with hidden pieces (Kriegspiel).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefereeEvent {
    /// A piece was taken on the cell (`announce captures`).
    Capture,
    /// The player to move is in check, along the line of this direction from his
    /// royal (`None`: by a leap, a knight's) (`announce checks`).
    Check {
        /// The direction from the royal to the checking piece.
        along: Option<crate::ids::Dir>,
    },
    /// The player tried a move that is not legal; he moves again (`announce
    /// attempts`).
    Illegal,
    /// A piece entered the cell and primed its mine; the move stands.
    Primed,
    /// A piece entered the cell and primed its mine; the move was taken back and the
    /// same player moves again (not that move).
    Refused,
    /// A piece of this type and owner entered the cell and was blown up.
    Blasted {
        /// The type of the piece removed.
        piece: PieceType,
        /// Its owner.
        owner: Player,
    },
}

/// A message the referee gives about a mine; part of the game record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Announcement {
    /// Plies played before the move it follows (the move is the `ply + 1`-th).
    pub ply: u32,
    /// The mined cell.
    pub cell: Cell,
    /// What happened.
    pub event: RefereeEvent,
    /// The players who hear it (bit per player; every player for mine events).
    pub audience: u16,
    /// The move tried, for a refused attempt ([`RefereeEvent::Illegal`]).
    pub attempt: Option<Move>,
    /// The player it is about (the one in check, the one who tried).
    pub about: Player,
}

impl Announcement {
    /// The message in words: `c3 is mined`, `c3 is mined: the move is taken back`,
    /// `the white knight is blown up on c3`.
    pub fn text(&self, v: &Variant) -> String {
        let cell = v.cell_name(self.cell);
        match self.event {
            RefereeEvent::Capture => format!("a capture on {cell}"),
            RefereeEvent::Check { along: Some(d) } => {
                let dirs = &v.board().directions;
                let here = &dirs[d as usize];
                format!(
                    "{} is in check along the {}-{} line",
                    v.players()[self.about as usize].name,
                    here.name,
                    dirs[here.opposite as usize].name
                )
            }
            RefereeEvent::Check { along: None } => format!(
                "{} is in check by a leap",
                v.players()[self.about as usize].name
            ),
            RefereeEvent::Illegal => "illegal, try another move".to_owned(),
            RefereeEvent::Primed => format!("{cell} is mined"),
            RefereeEvent::Refused => {
                format!("{cell} is mined: the move is taken back, play another")
            }
            RefereeEvent::Blasted { piece, owner } => format!(
                "the {} {} is blown up on {cell}",
                v.players()[owner as usize].name,
                v.piece_types()[piece as usize].name
            ),
        }
    }

    /// True when `player` hears it.
    pub fn heard_by(&self, player: Player) -> bool {
        self.audience & (1 << player) != 0
    }
}

/// What `unmake` needs to take back the mine part of a move.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MineUndo {
    rng: u64,
    refused: Option<Move>,
    /// The cell whose mine this move primed.
    primed: Option<Cell>,
    /// The piece blown up (kind, list index).
    blasted: Option<(Kind, u16)>,
    /// Announcements this move made.
    announced: u8,
    /// The move was refused (the board did not change).
    refused_now: bool,
}

/// The move as stored in `refused`: from, to and promotion only.
fn plain(m: Move) -> Move {
    let mut p = Move::new(m.from, m.to, mk::NORMAL, 0);
    p.promo = m.promo;
    p
}

impl Position {
    /// The mine rules; only called for variants that have them.
    fn rules(&self) -> Arc<Variant> {
        Arc::clone(&self.v)
    }

    /// The mine state of `cell` that applies to a non-capturing move `mv` (0: none,
    /// or a mine the move ignores): probes ignore mines the players do not know of.
    fn entered_mine(&self, r: &MineRules, mv: Move) -> u8 {
        if matches!(mv.kind, mk::PASS | mk::CASTLE | mk::EP_CAPTURE) {
            return 0;
        }
        let state = self.mines[mv.to as usize];
        if state == 0 || (self.probing && !r.is_known(state)) {
            return 0;
        }
        state
    }

    /// `make`, first part: a non-capturing move onto an unprimed mine whose rule says
    /// `undo`. Primes the mine, refuses the move, keeps the player to move, and
    /// returns true (the move is then complete); false for every other move.
    pub(super) fn mine_refuse(&mut self, mv: Move, u: &Undo) -> bool {
        let v = self.rules();
        let Some(r) = v.rules.mines.as_deref() else {
            return false;
        };
        if self.board[mv.to as usize] != 0 {
            return false;
        }
        let state = self.entered_mine(r, mv);
        if state != MINE {
            return false;
        }
        let t = v.kind_type[self.board[mv.from as usize] as usize - 1];
        if r.unprimed[t as usize] & UNDO == 0 {
            return false;
        }
        self.mine_log.push(MineUndo {
            rng: self.rng,
            refused: self.refused,
            primed: Some(mv.to),
            blasted: None,
            announced: 1,
            refused_now: true,
        });
        self.history.push(self.hash);
        self.prime(r, mv.to);
        if let Some(old) = self.refused {
            self.hash ^= r.refused_key(old);
        }
        self.refused = Some(plain(mv));
        self.hash ^= r.refused_key(mv);
        self.announce(mv.to, RefereeEvent::Refused);
        self.ply = self.ply.saturating_add(1);
        self.undo.push(*u);
        true
    }

    /// `make`, second part, after the piece has moved: the mine on its target (a
    /// non-capturing move) is primed and/or blows the piece up, per the rule for the
    /// mover's type. Returns true when the same player moves again.
    pub(super) fn mine_entered(&mut self, mv: Move, u: &mut Undo) -> bool {
        let v = self.rules();
        let Some(r) = v.rules.mines.as_deref() else {
            return false;
        };
        let mut log = MineUndo {
            rng: self.rng,
            refused: self.refused,
            primed: None,
            blasted: None,
            announced: 0,
            refused_now: false,
        };
        if let Some(old) = self.refused.take() {
            self.hash ^= r.refused_key(old);
        }
        let state = if u.captured == 0 {
            self.entered_mine(r, mv)
        } else {
            0
        };
        let mut again = false;
        if state != 0 {
            let to = mv.to;
            let t = v.kind_type[u.moved as usize - 1] as usize;
            let fx = if state & PRIMED != 0 {
                r.primed[t]
            } else {
                r.unprimed[t]
            };
            if fx & PRIME != 0 && state & PRIMED == 0 {
                self.prime(r, to);
                log.primed = Some(to);
                if fx & BLAST == 0 {
                    self.announce(to, RefereeEvent::Primed);
                    log.announced += 1;
                }
            }
            if fx & BLAST != 0 && self.board[to as usize] != 0 {
                let slot = self.slot[to as usize];
                let k = self.remove(to);
                let (owner, value) = v.owner_and_value(k);
                self.add_lost(owner, value);
                log.blasted = Some((k, slot));
                self.announce(
                    to,
                    RefereeEvent::Blasted {
                        piece: v.kind_type[k as usize],
                        owner,
                    },
                );
                log.announced += 1;
            }
            again = fx & AGAIN != 0;
        }
        self.mine_log.push(log);
        again
    }

    /// The kinds a mine blew up in the move just made (`end royal blasted` reads it).
    pub(crate) fn blasted_now(&self) -> u64 {
        match self.mine_log.last() {
            Some(MineUndo {
                blasted: Some((k, _)),
                ..
            }) if self.v.rules.mines.is_some() => crate::ids::bit(*k),
            _ => 0,
        }
    }

    /// `unmake`, first part. Returns true when the move was a refused one (nothing
    /// else to take back); otherwise puts a blown-up piece back on the target so the
    /// ordinary `unmake` can move it home.
    pub(super) fn mine_unmake(&mut self, u: &Undo) -> bool {
        let Some(m) = self.mine_log.pop() else {
            return false;
        };
        if let Some(c) = m.primed {
            self.mines[c as usize] &= !PRIMED;
        }
        self.refused = m.refused;
        self.rng = m.rng;
        let keep = self
            .announcements
            .len()
            .saturating_sub(m.announced as usize);
        self.announcements.truncate(keep);
        if m.refused_now {
            self.ply = self.ply.saturating_sub(1);
            self.hash = u.hash;
            self.history.pop();
            return true;
        }
        if let Some((k, slot)) = m.blasted {
            self.restore(u.mv.to, k, slot);
            let (owner, value) = self.v.owner_and_value(k);
            self.lost[owner as usize] -= value;
        }
        false
    }

    fn prime(&mut self, r: &MineRules, cell: Cell) {
        let old = self.mines[cell as usize];
        self.mines[cell as usize] = old | PRIMED;
        self.hash ^= r.key(cell, old) ^ r.key(cell, old | PRIMED);
    }

    fn announce(&mut self, cell: Cell, event: RefereeEvent) {
        let n = self.v.player_count();
        self.announcements.push(Announcement {
            ply: self.ply,
            cell,
            event,
            audience: ((1u32 << n) - 1) as u16,
            attempt: None,
            about: self.to_move,
        });
    }

    /// Removes the refused move from `list`.
    pub(crate) fn drop_refused(&self, list: &mut MoveList) {
        let Some(r) = self.refused else { return };
        let mut w = 0;
        for i in 0..list.len() {
            let m = list[i];
            if !m.same(r) {
                list.set(w, m);
                w += 1;
            }
        }
        list.truncate(w);
    }

    /// The hash of the mines and the refused move.
    pub(crate) fn mine_hash(&self) -> u64 {
        let Some(r) = self.v.rules.mines.as_deref() else {
            return 0;
        };
        let mut h = self.refused.map_or(0, |m| r.refused_key(m));
        for (c, &s) in self.mines.iter().enumerate() {
            h ^= r.key(c as Cell, s);
        }
        h
    }

    /// Lays the start position's mines with the generator seeded from the rules.
    pub(super) fn lay_mines(&mut self) {
        let v = self.rules();
        if let Some(r) = v.rules.mines.as_deref() {
            self.rng = r.seed;
            for c in crate::mines::layout::place(r, &mut self.rng) {
                self.mines[c as usize] = MINE;
            }
        }
    }

    /// The mines on the board, in cell order, with their primed flag (the referee's
    /// knowledge; a player's is [`Position::view`]).
    pub fn mines(&self) -> Vec<(Cell, bool)> {
        self.mines
            .iter()
            .enumerate()
            .filter(|(_, &s)| s & MINE != 0)
            .map(|(c, &s)| (c as Cell, s & PRIMED != 0))
            .collect()
    }

    /// Every announcement made so far, oldest first (part of the game record).
    pub fn announcements(&self) -> &[Announcement] {
        &self.announcements
    }

    /// The move the player to move was refused and may not repeat now, if any.
    pub fn refused(&self) -> Option<Move> {
        self.refused
    }

    /// The random generator's state (`rng=` in position strings).
    pub fn rng_state(&self) -> u64 {
        self.rng
    }
}

impl Position {
    /// A copy of this position (a player's model, read from his view string) with the
    /// mines he cannot see laid by chance: as many as the layout placed minus those
    /// he knows of, on zone cells that hold neither a known mine nor a piece, drawn
    /// with `state` (which advances). Mirrored pairing is not imitated: a sample only
    /// has to be consistent with what the player knows, not with how the referee
    /// drew.
    pub(crate) fn with_sampled_mines(&self, state: &mut u64) -> Position {
        let mut p = self.clone();
        let v = self.rules();
        let Some(r) = v.rules.mines.as_deref() else {
            return p;
        };
        let known = p.mines.iter().filter(|&&s| s & MINE != 0).count();
        let mut free: Vec<Cell> = r
            .zone
            .iter()
            .copied()
            .filter(|&c| p.mines[c as usize] == 0 && p.board[c as usize] == 0)
            .collect();
        for _ in known..r.count {
            if free.is_empty() {
                break;
            }
            let c = free.swap_remove(crate::mines::rng::Rng(state).below(free.len()));
            p.mines[c as usize] = MINE;
            p.hash ^= r.key(c, MINE);
        }
        p
    }
}

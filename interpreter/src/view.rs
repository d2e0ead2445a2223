//! What one player knows: the board as the referee has it, minus what the rules hide
//! from him (unprimed mines unless `mines shown always`), plus the announcements he
//! has heard. Front ends and the computer player read positions through a
//! [`PlayerView`] so that nothing hidden reaches a player.
//!
//! A player's legal moves are the position's own ([`Position::legal_moves`]): they
//! never depend on hidden information, since legality tests ignore mines no player
//! knows of (see `mines/mod.rs`).
//!
//! Visibility (`see own|reach`) hides pieces: a player sees the cells of his own
//! pieces (and his partners'), and with `see reach` also every cell one of his
//! pieces could move to (fog of war), the enemy pieces standing there included. His
//! view string and drawings hold only what he sees ([`PlayerView::seen_position`]).

use crate::cellset::CellSet;
use crate::ids::{Cell, Player};
use crate::moves::{mk, MoveList};
use crate::position::{Announcement, Position};
use crate::Variant;
use dsl::rules::ast::Visibility;

impl Variant {
    /// True when the rules have mines: positions then hold hidden information, and
    /// front ends show each player his [`PlayerView`].
    pub fn has_mines(&self) -> bool {
        self.rules.mines.is_some()
    }

    /// True when a player does not know his legal moves and tries moves instead
    /// (`announce attempts`): front ends offer [`Position::possible_moves`] and play
    /// them with [`Position::attempt`].
    pub fn takes_attempts(&self) -> bool {
        self.rules.announce & crate::rules::ANNOUNCE_ATTEMPTS != 0
    }

    /// True when a player sees less than the whole board (`see own|reach`).
    pub fn hides_pieces(&self) -> bool {
        self.rules.visibility != Visibility::All
    }

    /// The `int` option that seeds the mine layout, if the rules name one.
    pub fn seed_option(&self) -> Option<&str> {
        self.rules.mines.as_ref()?.seed_option.as_deref()
    }
}

/// One player's view of a position.
#[derive(Clone, Copy, Debug)]
pub struct PlayerView<'a> {
    pos: &'a Position,
    player: Player,
}

/// A mine as a player knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KnownMine {
    /// Its cell.
    pub cell: Cell,
    /// It has been primed.
    pub primed: bool,
    /// It is drawn on his board (else he only heard it announced).
    pub shown: bool,
}

impl Position {
    /// The view of `player` (a player index in turn order).
    pub fn view(&self, player: Player) -> PlayerView<'_> {
        PlayerView { pos: self, player }
    }
}

impl<'a> PlayerView<'a> {
    /// Whose view it is.
    pub fn player(&self) -> Player {
        self.player
    }

    /// The mines this player knows of, in cell order: those shown on his board and
    /// those announced to him.
    pub fn known_mines(&self) -> Vec<KnownMine> {
        let Some(r) = self.pos.v.rules.mines.as_deref() else {
            return Vec::new();
        };
        self.pos
            .mines
            .iter()
            .enumerate()
            .filter(|(_, &s)| r.is_known(s))
            .map(|(c, &s)| KnownMine {
                cell: c as Cell,
                primed: s & crate::mines::PRIMED != 0,
                shown: r.is_shown(s),
            })
            .collect()
    }

    /// The mines drawn on his board (cell, primed).
    pub fn shown_mines(&self) -> Vec<(Cell, bool)> {
        self.known_mines()
            .into_iter()
            .filter(|m| m.shown)
            .map(|m| (m.cell, m.primed))
            .collect()
    }

    /// The announcements he has heard, oldest first.
    pub fn announcements(&self) -> impl Iterator<Item = &'a Announcement> + 'a {
        let p = self.player;
        self.pos.announcements.iter().filter(move |a| a.heard_by(p))
    }

    /// The announcements he heard about the last move played (none at the start).
    pub fn last_announcements(&self) -> Vec<&'a Announcement> {
        let last = self.pos.ply.checked_sub(1);
        self.announcements()
            .filter(|a| Some(a.ply) == last)
            .collect()
    }

    /// The cells he sees: `None` when he sees the whole board. Under `see own` the
    /// cells of the pieces he or a partner moves; under `see reach` those and every
    /// target of their moves, generated as if it were his turn (captures show the
    /// piece they would take; castles their cells).
    pub fn visible_cells(&self) -> Option<CellSet> {
        let pos = self.pos;
        let v = &*pos.v;
        if v.rules.visibility == Visibility::All {
            return None;
        }
        let mut seen = CellSet::new(v.cell_count());
        let side = pos.side_of(self.player);
        for (c, &sq) in pos.board.iter().enumerate() {
            if sq != 0 && side & crate::ids::bit(sq - 1) != 0 {
                seen.insert(c as Cell);
            }
        }
        if v.rules.visibility == Visibility::Reach {
            let mut turn = pos.clone();
            turn.to_move = self.player;
            let mut list = MoveList::new();
            turn.gen_pseudo(&mut list);
            for &m in list.iter() {
                match m.kind {
                    mk::PASS => {}
                    mk::CASTLE => {
                        for c in v.castle_cells(m) {
                            seen.insert(c);
                        }
                    }
                    mk::EP_CAPTURE => {
                        seen.insert(m.to);
                        seen.insert(pos.ep[m.aux as usize].victim);
                    }
                    _ => {
                        seen.insert(m.to);
                    }
                }
            }
        }
        Some(seen)
    }

    /// The cells he does not see, in cell order (empty when he sees everything): the
    /// fog a drawing of his view greys.
    pub fn fog(&self) -> Vec<Cell> {
        match self.visible_cells() {
            None => Vec::new(),
            Some(seen) => (0..self.pos.v.cell_count() as Cell)
                .filter(|&c| !seen.contains(c))
                .collect(),
        }
    }

    /// The position as he sees it: the referee's, less the pieces on cells he does not
    /// see (with their unmoved marks and en-passant entries). The whole position when
    /// he sees everything.
    pub fn seen_position(&self) -> Position {
        match self.visible_cells() {
            Some(seen) => self.masked(&seen),
            None => self.pos.clone(),
        }
    }

    /// The referee's position less the pieces off `seen` ([`PlayerView::seen_position`]
    /// when `seen` is his visible cells).
    pub(crate) fn masked(&self, seen: &CellSet) -> Position {
        let mut p = self.pos.clone();
        for c in 0..p.board.len() as Cell {
            if p.board[c as usize] != 0 && !seen.contains(c) {
                p.remove(c);
                if p.virgin.remove(c) {
                    p.hash ^= p.v.keys.virgin(c);
                }
            }
        }
        p.ep.retain(|e| p.board[e.victim as usize] != 0);
        p.hash = p.compute_hash();
        p
    }

    /// `base` (his masked position) with a piece of `kind` on every cell off `seen`:
    /// the board as it would be were every unseen cell an enemy piece, which shows
    /// where he could take (a pawn's diagonal) though he sees nothing there.
    pub(crate) fn filled(base: &Position, seen: &CellSet, kind: crate::ids::Kind) -> Position {
        let mut p = base.clone();
        for c in 0..p.v.cell_count() as Cell {
            if !seen.contains(c) {
                p.add(c, kind);
            }
        }
        p
    }

    /// His view string: the position string with only the pieces he sees, the mines
    /// he knows of (`mines=` shown, `heard=` announced only) and without the generator
    /// state.
    pub fn view_string(&self) -> String {
        if self.pos.v.hides_pieces() {
            return self.seen_position().write_string(Some(self.player));
        }
        self.pos.write_string(Some(self.player))
    }
}

impl std::fmt::Display for PlayerView<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.view_string())
    }
}

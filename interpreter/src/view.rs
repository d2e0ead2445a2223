//! What one player knows: the board as the referee has it, minus what the rules hide
//! from him (unprimed mines unless `mines shown always`), plus the announcements he
//! has heard. Front ends and the computer player read positions through a
//! [`PlayerView`] so that nothing hidden reaches a player.
//!
//! A player's legal moves are the position's own ([`Position::legal_moves`]): they
//! never depend on hidden information, since legality tests ignore mines no player
//! knows of (see `mines/mod.rs`).

use crate::ids::{Cell, Player};
use crate::position::{Announcement, Position};
use crate::Variant;

impl Variant {
    /// True when the rules have mines: positions then hold hidden information, and
    /// front ends show each player his [`PlayerView`].
    pub fn has_mines(&self) -> bool {
        self.rules.mines.is_some()
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

    /// His view string: the position string with only the mines he knows of
    /// (`mines=` shown, `heard=` announced only) and without the generator state.
    pub fn view_string(&self) -> String {
        self.pos.write_string(Some(self.player))
    }
}

impl std::fmt::Display for PlayerView<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.view_string())
    }
}

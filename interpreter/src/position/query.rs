//! Read-only questions about a position.

use super::Position;
use crate::ids::{Cell, Piece, Player};

impl Position {
    /// The player whose turn it is.
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// The piece on `cell`, if any (`None` also for a cell the board does not have).
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        match self.board.get(cell as usize) {
            Some(&sq) if sq != 0 => Some(self.v.piece_of(sq - 1)),
            _ => None,
        }
    }

    /// Who moves the pieces of `owner` standing on `cell` (the owner unless a rule
    /// handed them over).
    pub fn controller(&self, owner: Player, cell: Cell) -> Player {
        let _ = cell; // one control region for now: region(cell) = 0
        self.control[owner as usize * self.v.regions]
    }

    /// The players other than `owner` who move some of his pieces (armies handed
    /// over by a rule), in turn order without repeats.
    pub fn controllers_of(&self, owner: Player) -> Vec<Player> {
        let mut c: Vec<Player> = (0..self.v.cell_count())
            .map(|cell| self.controller(owner, cell as Cell))
            .filter(|&c| c != owner)
            .collect();
        c.sort_unstable();
        c.dedup();
        c
    }

    /// True when the piece on `cell` has not moved and its first move matters
    /// (castling partners, types with `first` moves).
    pub fn is_unmoved(&self, cell: Cell) -> bool {
        self.virgin.contains(cell)
    }

    /// True when `player` is out of the game.
    pub fn is_eliminated(&self, player: Player) -> bool {
        self.eliminated & (1u16 << player) != 0
    }

    /// Points of material `player` has lost to captures (piece `value`s).
    pub fn lost_points(&self, player: Player) -> i64 {
        self.lost.get(player as usize).copied().unwrap_or(0)
    }

    /// Plies since the last capture or pawn move.
    pub fn quiet_plies(&self) -> u32 {
        self.quiet
    }

    /// Plies made since this position was set up or read.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The move number (1 at the start; grows when the turn returns to the first
    /// player).
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// The moves made since the position was set up, oldest first.
    pub fn moves_made(&self) -> impl Iterator<Item = crate::Move> + '_ {
        self.undo.iter().map(|u| u.mv)
    }

    /// Players not eliminated.
    pub(crate) fn active_count(&self) -> usize {
        (0..self.v.player_count())
            .filter(|&p| self.eliminated & (1 << p) == 0)
            .count()
    }

    /// Kinds moved by `player`.
    #[inline]
    pub(crate) fn friends_of(&self, player: Player) -> u64 {
        self.moved_by[player as usize]
    }

    /// Derives [`Position::friends_of`] from `control`: called after every change
    /// of who controls what.
    pub(crate) fn recount_control(&mut self) {
        self.moved_by = [0; dsl::limits::MAX_PLAYERS];
        for (o, &c) in self.control.iter().enumerate() {
            self.moved_by[c as usize] |= self.v.owner_kinds[o / self.v.regions];
        }
    }

    /// Kinds moved by `player` or a teammate: pieces he may not take, which never
    /// attack him (`team`; without teams, [`Position::friends_of`]).
    #[inline]
    pub(crate) fn side_of(&self, player: Player) -> u64 {
        if !self.v.rules.teams {
            return self.friends_of(player);
        }
        let team = self.v.rules.team[player as usize] as u32;
        self.kinds_moved_by(team)
    }

    /// Kinds moved by the players of `set` (a bit per player).
    #[inline]
    fn kinds_moved_by(&self, set: u32) -> u64 {
        let mut set = set & ((1u32 << self.v.player_count()) - 1);
        let mut m = 0;
        while set != 0 {
            m |= self.moved_by[set.trailing_zeros() as usize];
            set &= set - 1;
        }
        m
    }

    /// The players of `player`'s team, himself included.
    #[inline]
    pub(crate) fn team_of(&self, player: Player) -> u16 {
        self.v.rules.team[player as usize]
    }

    /// Kinds that attack `player`: those moved by an active player other than him (and
    /// not of his team).
    #[inline]
    pub(crate) fn attackers_of(&self, player: Player) -> u64 {
        let team = self.team_of(player) as u32;
        self.kinds_moved_by(!team & !(self.eliminated as u32))
    }

    /// The cells of the royal pieces the check rule guards for `player`: his own, or
    /// his team's when it shares royals.
    pub(crate) fn royals_of(&self, player: Player, out: &mut [Cell; 8]) -> usize {
        let mut n = 0;
        let mut kinds = self.v.royal_guard[player as usize] & self.present;
        while kinds != 0 {
            let k = kinds.trailing_zeros() as u8;
            kinds &= kinds - 1;
            for &c in self.pieces_of(k) {
                if n < out.len() {
                    out[n] = c;
                }
                n += 1;
            }
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::chess;
    use crate::Position;

    #[test]
    fn owners_controllers_and_royals() {
        let v = chess();
        let p = Position::start(&v);
        assert_eq!(p.controller(1, 0), 1);
        assert!(!p.is_eliminated(0));
        assert_eq!(p.active_count(), 2);
        assert_eq!(p.friends_of(0) & p.friends_of(1), 0);
        assert_eq!(p.attackers_of(0), p.friends_of(1));
        let mut cells = [0; 8];
        assert_eq!(p.royals_of(0, &mut cells), 1);
        assert_eq!(v.cell_name(cells[0]), "e1");
        assert_eq!(p.moves_made().count(), 0);
    }
}

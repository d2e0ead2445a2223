//! The check rule: whether it applies now, and whether a player's royals are attacked.
//!
//! With explosions (`explode`), a royal is attacked only by captures its attacker could
//! make without blowing up a royal of his own: a royal never attacks (the capturing
//! piece explodes), and a royal next to an enemy royal (in the blast of a capture on
//! it) is not attacked by that enemy at all.

use crate::ids::{Cell, Player};
use crate::position::Position;
use crate::rules::{CheckRule, Scope};

impl Position {
    /// True when the check rule applies to `player` now.
    pub(crate) fn check_applies(&self, player: Player) -> bool {
        match &self.v.rules.check {
            CheckRule::Always => true,
            CheckRule::Never => false,
            CheckRule::When(cond) => {
                let scope = Scope {
                    subject: player,
                    mover: player,
                    facts: None,
                };
                self.holds_now(cond, &scope)
            }
        }
    }

    /// True when one of `player`'s royals is attacked by an active opponent.
    pub(crate) fn royal_attacked(&self, player: Player) -> bool {
        self.royal_attacked_by(player, self.attackers_of(player))
    }

    /// True when one of `player`'s royals is attacked by a piece of a kind in
    /// `attackers`. Pieces of other kinds still block lines: this is how "one
    /// opponent's pieces alone" are asked about.
    pub(crate) fn royal_attacked_by(&self, player: Player, attackers: u64) -> bool {
        let mut kinds = self.v.royal_guard[player as usize] & self.present;
        while kinds != 0 {
            let k = kinds.trailing_zeros() as u8;
            kinds &= kinds - 1;
            if self
                .pieces_of(k)
                .iter()
                .any(|&c| self.royal_cell_attacked(player, c, attackers))
            {
                return true;
            }
        }
        false
    }

    /// True when a royal of `player` on `cell` would be attacked by the kinds in
    /// `attackers` (castling asks it for the cells the king crosses).
    #[inline(always)]
    pub(crate) fn royal_cell_attacked(&self, player: Player, cell: Cell, attackers: u64) -> bool {
        if !self.v.rules.explodes {
            return self.attacked(cell, attackers);
        }
        self.royal_cell_attacked_exploding(player, cell, attackers)
    }

    /// [`Position::royal_cell_attacked`] with explosions: a capture that would blow up
    /// the captor's own royal is no attack.
    fn royal_cell_attacked_exploding(&self, player: Player, cell: Cell, attackers: u64) -> bool {
        let n = self.v.player_count() as Player;
        (0..n).any(|o| {
            let kinds = attackers & self.friends_of(o) & !self.v.royal_kinds;
            o != player
                && kinds != 0
                && !self.blast_hits_royal(o, cell)
                && self.attacked(cell, kinds)
        })
    }

    /// True when a capture by `player` on `cell` would blow up a royal of his.
    pub(crate) fn blast_hits_royal(&self, player: Player, cell: Cell) -> bool {
        let mine = self.friends_of(player) & self.v.royal_kinds;
        self.v.rules.explosions.iter().any(|x| {
            x.around(player, cell).iter().any(|&c| {
                let sq = self.board[c as usize];
                sq != 0
                    && mine & crate::ids::bit(sq - 1) != 0
                    && x.spare & crate::ids::bit(sq - 1) == 0
            })
        })
    }

    /// True when the player to move has a royal attacked by an active opponent.
    pub fn in_check(&self) -> bool {
        self.royal_attacked(self.to_move)
    }
}

#[cfg(test)]
mod tests {
    use crate::Position;

    #[test]
    fn check_when_royals_counts_the_movers_royals() {
        let rules = "piece rook R {\n slide n e s w\n}\n";
        let two = crate::testing::compile(
            &format!(
                "board \"b\"\nplayer white\nplayer black\npiece king K royal {{\n step n e s w\n}}\n{rules}\
                 check when royals <= 1\nend checkmate: lose\n"
            ),
            crate::testing::CHESS_BOARD,
        )
        .unwrap();
        // Two white kings: the check rule is off, so a king may stay attacked.
        let mut p = Position::from_str(&two, "r3k3/8/8/8/8/8/8/K3K3 w - - 0 1").unwrap();
        assert!(p.in_check());
        let moves: Vec<String> = p.legal_moves().iter().map(|&m| p.long(m)).collect();
        assert!(
            moves.contains(&"e1e2".to_owned()),
            "the a1 king stays attacked: allowed"
        );
        // One white king: the rule holds.
        let mut p = Position::from_str(&two, "r3k3/8/8/8/8/8/8/K7 w - - 0 1").unwrap();
        let moves: Vec<String> = p.legal_moves().iter().map(|&m| p.long(m)).collect();
        assert_eq!(moves, ["a1b1"]);
    }
}

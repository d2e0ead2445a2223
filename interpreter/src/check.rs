//! The check rule: whether it applies now, whether a player's royals are attacked,
//! and who gives a check.

use crate::clauses::{compare, CheckRule};
use crate::ids::{Cell, Player};
use crate::position::Position;

impl Position {
    /// True when the check rule applies to `player` now.
    pub(crate) fn check_applies(&self, player: Player) -> bool {
        match self.v.clauses.check {
            CheckRule::Always => true,
            CheckRule::Never => false,
            CheckRule::Players(op, n) => compare(self.active_count() as i64, op, n),
            CheckRule::Royals(op, n) => {
                let mut cells = [0 as Cell; 8];
                compare(self.royals_of(player, &mut cells) as i64, op, n)
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
        let mut kinds = self.v.royal_kinds & self.v.owner_kinds[player as usize] & self.present;
        while kinds != 0 {
            let k = kinds.trailing_zeros() as u8;
            kinds &= kinds - 1;
            if self
                .pieces_of(k)
                .iter()
                .any(|&c| self.attacked(c, attackers))
            {
                return true;
            }
        }
        false
    }

    /// True when the player to move has a royal attacked by an active opponent.
    pub fn in_check(&self) -> bool {
        self.royal_attacked(self.to_move)
    }

    /// The opponent credited with a checkmate: the first player after the mated one
    /// in turn order whose pieces attack his royal; else the previous mover.
    pub(crate) fn checking_player(&self, subject: Player) -> Player {
        let n = self.v.player_count();
        let mut cells = [0 as Cell; 8];
        let count = self.royals_of(subject, &mut cells).min(8);
        for i in 1..n {
            let p = ((subject as usize + i) % n) as Player;
            if self.is_eliminated(p) {
                continue;
            }
            let kinds = self.friends_of(p);
            if cells[..count].iter().any(|&c| self.attacked(c, kinds)) {
                return p;
            }
        }
        self.undo.last().map_or(subject, |u| u.mover)
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

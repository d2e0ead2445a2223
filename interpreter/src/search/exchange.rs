//! Static exchange evaluation: what a capture wins once every player has recaptured
//! on its target with his least valuable piece, each free to stop when going on
//! would lose.
//!
//! With two players and captures that only take, the exchange is played out on the
//! board alone: the capturing pieces are lifted off in turn (opening lines behind
//! them) through the attack tables, without making moves, and pins are not looked
//! at, as in every static exchange evaluation. Where captures do more (explosions,
//! transfers, mines, turn tracks) or more players take part, the recaptures are
//! legal captures of the position after each capture (the rules decide who may
//! take, on any board, with any piece), so blasts and the like need no special
//! case: the mover's kinds are tried from the cheapest up through the attack tables,
//! and only the first kind that attacks the cell has its captures onto it generated
//! and tested. Either way this is paid only for captures by a piece worth more than
//! its victim, and in the full-width search only when the capture's turn comes.

use super::engine::Searcher;
use crate::ids::{bit, Cell, Player};
use crate::moves::MoveKind;
use crate::{Move, MoveList, Position};

/// Longest recapture sequence looked at.
pub(super) const MAX_EXCHANGE: usize = 8;

impl Searcher {
    /// What the player to move wins by `m` and the recaptures on its target
    /// (centipawns; negative when the capture loses material).
    pub(super) fn exchange(&mut self, pos: &mut Position, m: Move) -> i32 {
        let victim = self.eval.capture_value(pos, m);
        let attacker = self.eval.value_at(pos, m.from());
        if attacker <= victim || !matches!(m.kind(), MoveKind::Normal) {
            return victim - attacker.min(victim);
        }
        if self.board_exchange {
            return self.exchange_on_board(pos, m, victim, attacker);
        }
        pos.make(m);
        let gain = victim - self.recapture(pos, m.to(), 1);
        pos.unmake();
        gain
    }

    /// [`Searcher::exchange`] of two players on the board alone: the pieces that
    /// capture are lifted off the board in turn (so lines open behind them) without
    /// making moves, and the swap list is read back from the end. Pins and the
    /// variant's move filters are not looked at (as in every static exchange
    /// evaluation): used where captures do nothing but take (see `board_exchange`).
    fn exchange_on_board(&self, pos: &mut Position, m: Move, victim: i32, attacker: i32) -> i32 {
        let (from, to) = (m.from() as usize, m.to() as usize);
        let (mover, taken) = (pos.board[from], pos.board[to]);
        pos.board[from] = 0;
        pos.board[to] = mover;
        let mut lifted = [(0 as Cell, 0u8); MAX_EXCHANGE];
        let mut gains = [0i32; MAX_EXCHANGE + 1];
        gains[0] = victim;
        let mut on_target = attacker;
        let mut side = 1 - pos.to_move();
        let mut d = 0;
        while d < MAX_EXCHANGE {
            let Some((cell, value)) = self.least_attacker(pos, to as Cell, side) else {
                break;
            };
            lifted[d] = (cell, pos.board[cell as usize]);
            pos.board[cell as usize] = 0;
            d += 1;
            gains[d] = on_target - gains[d - 1];
            on_target = value;
            side = 1 - side;
        }
        for &(cell, sq) in &lifted[..d] {
            pos.board[cell as usize] = sq;
        }
        pos.board[to] = taken;
        pos.board[from] = mover;
        // Each capturer may stop instead: back from the last capture.
        while d > 0 {
            gains[d - 1] = -(-gains[d - 1]).max(gains[d]);
            d -= 1;
        }
        gains[0]
    }

    /// The cell of `side`'s least valuable piece that attacks `to` on the board as
    /// it stands (lifted pieces are off it), and its worth there (promoted, if it
    /// may).
    fn least_attacker(&self, pos: &Position, to: Cell, side: Player) -> Option<(Cell, i32)> {
        let theirs = pos.friends_of(side) & pos.present;
        if !pos.attacked(to, theirs) {
            return None;
        }
        for &k in self.eval.kinds_by_value() {
            if theirs & bit(k) == 0 || !pos.attacked(to, bit(k)) {
                continue;
            }
            for &c in pos.pieces_of(k) {
                if c != to && pos.board[c as usize] == k + 1 && pos.captures_at(k, c, to) {
                    return Some((c, self.eval.worth_on_arrival(k, c, to)));
                }
            }
        }
        None
    }

    /// True when `m` is a capture (not the table move, not a promotion) that loses
    /// material by the exchange: the search puts it off to the end of its list.
    pub(super) fn loses_by_exchange(
        &mut self,
        pos: &mut Position,
        m: Move,
        table_move: Option<Move>,
    ) -> bool {
        Some(m) != table_move
            && m.promotion().is_none()
            && self.eval.capture_value(pos, m) > 0
            && self.exchange(pos, m) < 0
    }

    /// What the player to move wins by recapturing on `to` with his least valuable
    /// piece (0 when he cannot or should not).
    fn recapture(&mut self, pos: &mut Position, to: Cell, step: usize) -> i32 {
        if step > MAX_EXCHANGE {
            return 0;
        }
        let mut list = std::mem::take(&mut self.exchange_lists[step]);
        let least = self.least_capture_onto(pos, to, &mut list);
        self.exchange_lists[step] = list;
        let Some(c) = least else {
            return 0;
        };
        let victim = self.eval.value_at(pos, to);
        pos.make(c);
        let gain = victim - self.recapture(pos, to, step + 1);
        pos.unmake();
        gain.max(0)
    }

    /// The legal capture onto `to` by the least valuable piece of the player to move.
    ///
    /// His kinds are tried from the cheapest up: a kind whose pieces do not attack
    /// `to` (the attack tables of the check rule) is passed over without generating
    /// anything, and for the first that does only its captures onto `to` are
    /// generated and tested for legality.
    pub(super) fn least_capture_onto(
        &self,
        pos: &mut Position,
        to: Cell,
        list: &mut MoveList,
    ) -> Option<Move> {
        let mine = pos.friends_of(pos.to_move()) & pos.present;
        if !pos.attacked(to, mine) {
            return None;
        }
        for &k in self.eval.kinds_by_value() {
            if mine & bit(k) == 0 || !pos.attacked(to, bit(k)) {
                continue;
            }
            pos.legal_captures_onto(to, bit(k), list);
            let least = list
                .iter()
                .filter(|c| matches!(c.kind(), MoveKind::Normal))
                .min_by_key(|c| self.eval.value_at(pos, c.from()));
            if let Some(&c) = least {
                return Some(c);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::search::{Limits, Searcher};
    use crate::testing::chess;
    use crate::Position;

    fn see(fen: &str, mv: &str) -> i32 {
        let v = chess();
        let mut p = Position::from_str(&v, fen).unwrap();
        let m = p.parse_long(mv).unwrap();
        let mut s = Searcher::new(&v, Limits::depth(1));
        s.exchange(&mut p, m)
    }

    #[test]
    fn exchanges() {
        // A pawn defended by a pawn: the queen that takes it is lost.
        assert!(see("4k3/8/3p4/4p3/8/8/4Q3/4K3 w - - 0 1", "e2e5") < -500);
        // An undefended pawn is won by the queen.
        assert_eq!(see("4k3/8/8/4p3/8/8/4Q3/4K3 w - - 0 1", "e2e5"), 100);
        // Rook takes a rook defended by a rook, backed by a second rook: R for R.
        assert_eq!(
            see("3rk3/3r4/8/8/8/8/3R4/3RK3 w - - 0 1", "d2d7"),
            0,
            "RxR RxR RxR: a rook each"
        );
        // A knight takes a pawn defended once: loses the knight for a pawn.
        assert!(see("4k3/8/3p4/4p3/8/3N4/8/4K3 w - - 0 1", "d3e5") < 0);
        // A pawn takes a knight: wins at least a knight for a pawn.
        assert!(see("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5") >= 200);
    }

    /// The least valuable legal capture onto a cell, found among every legal
    /// capture: what [`Searcher::least_capture_onto`] must agree with.
    fn least_by_listing(s: &Searcher, p: &mut Position, to: crate::Cell) -> Option<i32> {
        let mut list = crate::MoveList::new();
        p.legal_captures_into(&mut list);
        list.iter()
            .filter(|c| c.to() == to && c.from() != to)
            .filter(|c| matches!(c.kind(), crate::moves::MoveKind::Normal))
            .map(|c| s.eval.value_at(p, c.from()))
            .min()
    }

    #[test]
    fn the_least_attacker_is_found_without_listing_every_capture() {
        use crate::search::{Decide, RandomMover};
        for name in [
            "chess",
            "xiangqi",
            "grasshopper",
            "atomic",
            "shogi",
            "chess-for-3",
        ] {
            let v = crate::testing::variant(name);
            let s = Searcher::new(&v, Limits::depth(1));
            let mut mover = RandomMover::new(7);
            let mut p = Position::start(&v);
            let mut list = crate::MoveList::new();
            let mut captures = 0;
            for _ in 0..120 {
                for to in 0..v.cell_count() as crate::Cell {
                    let found = s
                        .least_capture_onto(&mut p, to, &mut list)
                        .map(|c| s.eval.value_at(&p, c.from()));
                    assert_eq!(
                        found,
                        least_by_listing(&s, &mut p, to),
                        "{name} {:?}",
                        p.fen()
                    );
                    captures += usize::from(found.is_some());
                }
                match mover.decide(&mut p) {
                    Some(m) => p.make(m),
                    None => break,
                }
            }
            assert!(captures > 50, "{name}: only {captures} captures looked at");
        }
    }

    #[test]
    fn the_board_exchange_agrees_with_making_the_recaptures() {
        use crate::search::{Decide, RandomMover};
        // The two part only where a pin or a move filter forbids a recapture: rare
        // in positions of random play.
        for name in ["chess", "xiangqi", "grasshopper", "shogi", "capablanca"] {
            let v = crate::testing::variant(name);
            let mut s = Searcher::new(&v, Limits::depth(1));
            assert!(s.board_exchange, "{name}: captures only take");
            let mut mover = RandomMover::new(11);
            let mut p = Position::start(&v);
            let (mut same, mut all) = (0, 0);
            for _ in 0..160 {
                for m in p.legal_moves().iter().copied() {
                    // (The search looks at captures that promote by their gain.)
                    let victim = s.eval.capture_value(&p, m);
                    let worth = s.eval.value_at(&p, m.from());
                    if victim == 0 || worth <= victim || m.promotion().is_some() {
                        continue;
                    }
                    s.board_exchange = true;
                    let on_board = s.exchange(&mut p, m);
                    s.board_exchange = false;
                    let made = s.exchange(&mut p, m);
                    all += 1;
                    same += usize::from(on_board == made);
                }
                match mover.decide(&mut p) {
                    Some(m) => p.make(m),
                    None => break,
                }
            }
            assert!(all >= 20, "{name}: only {all} exchanges");
            assert!(same * 100 >= all * 95, "{name}: {same} of {all} agree");
        }
        // Atomic captures explode: there every recapture is made.
        let atomic = crate::testing::variant("atomic");
        assert!(!Searcher::new(&atomic, Limits::depth(1)).board_exchange);
    }

    #[test]
    fn losing_captures_are_told_apart() {
        let v = chess();
        // Qxe5 loses the queen to dxe5; Nxd5 wins a piece.
        let mut p = Position::from_str(&v, "4k3/8/3p4/3np3/8/4N3/7Q/4K3 w - - 0 1").unwrap();
        let mut s = Searcher::new(&v, Limits::depth(1));
        let qxe5 = p.parse_long("h2e5").unwrap();
        let nxd5 = p.parse_long("e3d5").unwrap();
        assert!(s.loses_by_exchange(&mut p, qxe5, None));
        assert!(!s.loses_by_exchange(&mut p, nxd5, None));
        // The table move is searched in its place, losing or not.
        assert!(!s.loses_by_exchange(&mut p, qxe5, Some(qxe5)));
    }
}

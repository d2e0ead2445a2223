//! Move ordering: the table move, then captures by most valuable victim and least
//! valuable attacker, then killer moves of the ply, then quiet moves by history.
//!
//! Good ordering is what makes alpha-beta cut; it never changes which moves are
//! searched, only their order, so it cannot make a move illegal.

use crate::ids::Cell;
use crate::moves::MoveKind;
use crate::{Move, MoveList, Position};

/// Ordering keys.
const TABLE_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 24;
const KILLER: i32 = 1 << 20;
/// The key of the move that last refuted the opponent's previous move.
const COUNTER: i32 = KILLER - 1;
/// History values stay within `-HISTORY..=HISTORY`.
pub(crate) const HISTORY: i32 = 1 << 14;

/// Killers, counter moves and history, kept between the searches of one game.
pub(crate) struct Orderer {
    killers: Vec<[Option<Move>; 2]>,
    /// `history[kind * cells + to]`: how often a quiet move of a piece of this kind
    /// to this cell caused a cut, less how often it failed to (the kind names its
    /// owner, so each player has his own). Halved between searches.
    history: Vec<i32>,
    /// `counter[from * cells + to]` of the opponent's last move: the quiet move that
    /// refuted it last time.
    counter: Vec<Option<Move>>,
    cells: usize,
}
/// The value a capture takes, for ordering (0 when the move captures nothing).
pub(crate) fn victim_value(pos: &Position, m: Move) -> i32 {
    if matches!(m.kind(), MoveKind::EnPassant) {
        return 100;
    }
    if matches!(m.kind(), MoveKind::Castle(_) | MoveKind::Pass) {
        return 0;
    }
    match pos.piece_at(m.to()) {
        Some(p) => {
            let t = &pos.variant().piece_types()[p.piece_type as usize];
            // Royals carry no value in the rule files but end games.
            if t.royal {
                10_000
            } else {
                (t.value.clamp(0, 1000) as i32) * 100 + 1
            }
        }
        None => 0,
    }
}

/// True when `m` takes a piece.
pub(crate) fn is_capture(pos: &Position, m: Move) -> bool {
    victim_value(pos, m) > 0
}

fn attacker_value(pos: &Position, from: Cell) -> i32 {
    pos.piece_at(from).map_or(0, |p| {
        let t = &pos.variant().piece_types()[p.piece_type as usize];
        if t.royal {
            2000
        } else {
            t.value.clamp(0, 1000) as i32 * 10
        }
    })
}

impl Orderer {
    pub(crate) fn new(cells: usize, kinds: usize, plies: usize) -> Orderer {
        Orderer {
            killers: vec![[None; 2]; plies],
            history: vec![0; kinds.max(1) * cells],
            counter: vec![None; cells * cells],
            cells,
        }
    }

    /// Ages the history between searches so old games count less.
    pub(crate) fn age(&mut self) {
        self.history.iter_mut().for_each(|h| *h /= 2);
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
    }

    /// Orders `list` in place, best first; `scores` is a scratch buffer.
    pub(crate) fn sort(
        &self,
        pos: &Position,
        list: &mut MoveList,
        scores: &mut Vec<i32>,
        table_move: Option<Move>,
        ply: usize,
    ) {
        scores.clear();
        let counter = self.counter_of(pos);
        for &m in list.iter() {
            scores.push(self.key(pos, m, table_move, counter, ply));
        }
        // Insertion sort, stable: equal keys keep generation order (determinism).
        let moves = list.as_mut_slice();
        for i in 1..moves.len() {
            let (m, s) = (moves[i], scores[i]);
            let mut j = i;
            while j > 0 && scores[j - 1] < s {
                moves[j] = moves[j - 1];
                scores[j] = scores[j - 1];
                j -= 1;
            }
            moves[j] = m;
            scores[j] = s;
        }
    }

    fn key(
        &self,
        pos: &Position,
        m: Move,
        table_move: Option<Move>,
        counter: Option<Move>,
        ply: usize,
    ) -> i32 {
        if table_move == Some(m) {
            return TABLE_MOVE;
        }
        let victim = victim_value(pos, m);
        if victim > 0 {
            return CAPTURE + victim * 16 - attacker_value(pos, m.from()) / 16;
        }
        if let Some(k) = self.killers.get(ply) {
            if k[0] == Some(m) {
                return KILLER + 1;
            }
            if k[1] == Some(m) {
                return KILLER;
            }
        }
        if counter == Some(m) {
            return COUNTER;
        }
        let promo = m.promotion().map_or(0, |t| {
            pos.variant().piece_types()[t as usize].value.clamp(0, 1000) as i32 * 1000
        });
        promo + self.history_of(pos, m)
    }

    /// The quiet move that refuted the opponent's last move before.
    fn counter_of(&self, pos: &Position) -> Option<Move> {
        let last = pos.undo.last()?.mv;
        let i = last.from() as usize * self.cells + last.to() as usize;
        self.counter.get(i).copied().flatten()
    }

    fn history_index(&self, pos: &Position, m: Move) -> Option<usize> {
        let sq = *pos.board.get(m.from() as usize)?;
        (sq != 0).then(|| (sq - 1) as usize * self.cells + m.to() as usize)
    }

    /// The history of a quiet move (`-HISTORY..=HISTORY`).
    pub(crate) fn history_of(&self, pos: &Position, m: Move) -> i32 {
        self.history_index(pos, m)
            .and_then(|i| self.history.get(i))
            .copied()
            .unwrap_or(0)
    }

    /// True when `m` is a killer of `ply` or the counter to the last move: worth
    /// searching with less reduction.
    pub(crate) fn is_remembered(&self, pos: &Position, m: Move, ply: usize) -> bool {
        self.killers
            .get(ply)
            .is_some_and(|k| k[0] == Some(m) || k[1] == Some(m))
            || self.counter_of(pos) == Some(m)
    }

    /// Moves a history value towards `HISTORY * sign(bonus)` by `bonus`, less the
    /// further it already is (so values stay bounded and recent results count).
    fn nudge(&mut self, pos: &Position, m: Move, bonus: i32) {
        if let Some(h) = self
            .history_index(pos, m)
            .and_then(|i| self.history.get_mut(i))
        {
            *h += bonus - *h * bonus.abs() / HISTORY;
        }
    }

    /// Records a quiet move that caused a cut at `ply`, `depth` plies deep, after
    /// the quiet moves `tried` before it failed to.
    pub(crate) fn cut(&mut self, pos: &Position, m: Move, ply: usize, depth: u32, tried: &[Move]) {
        if is_capture(pos, m) {
            return;
        }
        if let Some(k) = self.killers.get_mut(ply) {
            if k[0] != Some(m) {
                k[1] = k[0];
                k[0] = Some(m);
            }
        }
        if let Some(last) = pos.undo.last() {
            let i = last.mv.from() as usize * self.cells + last.mv.to() as usize;
            if let Some(c) = self.counter.get_mut(i) {
                *c = Some(m);
            }
        }
        let bonus = (depth * depth).min(400) as i32 * 16;
        self.nudge(pos, m, bonus);
        for &q in tried {
            if q != m {
                self.nudge(pos, q, -bonus);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::chess;

    #[test]
    fn captures_first_biggest_victim_first() {
        let v = chess();
        let mut p = Position::from_str(&v, "4k3/8/8/3q1r2/4P3/8/8/4K3 w - - 0 1").unwrap();
        let mut list = p.legal_moves();
        let o = Orderer::new(64, 12, 8);
        let mut scores = Vec::new();
        o.sort(&p, &mut list, &mut scores, None, 0);
        assert_eq!(p.long(list[0]), "e4d5");
        assert_eq!(p.long(list[1]), "e4f5");
        assert!(!is_capture(&p, list[2]));
        let last = list[list.len() - 1];
        o.sort(&p, &mut list, &mut scores, Some(last), 0);
        assert_eq!(list[0], last);
    }
}

//! The static evaluation: what a position is worth to one player, from data only.
//!
//! Three terms, none of them about a particular game:
//! - material: the rule file's `value` of each piece (x100), on the board or in hand;
//! - mobility: how many cells each piece type reaches from its cell on an empty
//!   board (computed once from the move tables, so knights prefer the centre and
//!   rooks open lines on any board graph);
//! - king safety: cells next to a royal (its empty-board moves) that an opponent
//!   attacks, a penalty for the royal's owner; it also drives a lone king to the edge.
//!
//! A player's worth is his own terms; the position's value for `me` is his worth
//! minus the mean worth of the other players still in the game.

use crate::ids::{bit, Cell, Kind, Player};
use crate::moves::MoveList;
use crate::position::Position;
use crate::Variant;
use dsl::limits::MAX_PLAYERS;
use std::sync::Arc;

/// Centipawns per unit of the rule file's `value`.
const PAWN: i32 = 100;
/// Centipawns per reachable cell on the empty board.
const MOBILITY: i32 = 3;
/// Centipawns per attacked cell around a royal.
const KING_ZONE: i32 = 12;

/// Tables computed once per variant.
pub struct Evaluator {
    v: Arc<Variant>,
    /// `value[kind]` in centipawns.
    value: Vec<i32>,
    /// `reach[kind * cells + cell]`: empty-board move count.
    reach: Vec<u8>,
    /// Per royal kind and cell: the cells next to it (its empty-board targets).
    zone: Vec<Vec<Cell>>,
}

impl Evaluator {
    /// Builds the tables for `variant` by generating each piece's moves alone on
    /// the empty board.
    pub fn new(variant: &Arc<Variant>) -> Evaluator {
        let v = variant.clone();
        let cells = v.cell_count();
        let kinds = v.kind_count();
        let mut value = vec![0; kinds];
        let mut reach = vec![0u8; kinds * cells];
        let mut zone = vec![Vec::new(); kinds * cells];
        let mut pos = Position::empty(&v);
        let mut list = MoveList::new();
        for k in 0..kinds {
            let (_, val) = v.owner_and_value(k as Kind);
            value[k] = (val.clamp(-1000, 1000) as i32) * PAWN;
            let royal = v.royal_kinds & bit(k as Kind) != 0;
            for c in 0..cells {
                pos.put(c as Cell, k as Kind);
                list.clear();
                pos.gen_piece(k as Kind, c as Cell, bit(k as Kind), &mut list);
                reach[k * cells + c] = list.len().min(255) as u8;
                if royal {
                    let mut z: Vec<Cell> = list.iter().map(|m| m.to()).collect();
                    z.sort_unstable();
                    z.dedup();
                    zone[k * cells + c] = z;
                }
                pos.remove(c as Cell);
            }
        }
        Evaluator {
            v,
            value,
            reach,
            zone,
        }
    }

    /// The variant these tables belong to.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.v
    }

    /// Each player's worth in centipawns (eliminated players: 0).
    pub fn worths(&self, pos: &Position) -> [i32; MAX_PLAYERS] {
        let v = &*self.v;
        let cells = v.cell_count();
        let mut w = [0i32; MAX_PLAYERS];
        let mut kinds = pos.present;
        while kinds != 0 {
            let k = kinds.trailing_zeros() as Kind;
            kinds &= kinds - 1;
            let owner = v.kind_owner[k as usize] as usize;
            let royal = v.royal_kinds & bit(k) != 0;
            for &c in pos.pieces_of(k) {
                let mut s = self.value[k as usize]
                    + MOBILITY * self.reach[k as usize * cells + c as usize] as i32;
                if royal {
                    let attackers = pos.attackers_of(owner as Player);
                    let near = &self.zone[k as usize * cells + c as usize];
                    let hit = near.iter().filter(|&&n| pos.attacked(n, attackers)).count();
                    s -= KING_ZONE * hit as i32;
                }
                w[owner] += s;
            }
        }
        // Pieces in hand are worth their value: a drop puts one back at once.
        for (k, &n) in pos.hand.iter().enumerate() {
            if n != 0 {
                w[v.kind_owner[k] as usize] += self.value[k] * n as i32;
            }
        }
        for (p, x) in w.iter_mut().enumerate().take(v.player_count()) {
            if pos.is_eliminated(p as Player) {
                *x = 0;
            }
        }
        w
    }

    /// The value of `pos` for `me`: his worth minus the mean worth of the other
    /// players still in the game.
    pub fn value(&self, pos: &Position, me: Player) -> i32 {
        let w = self.worths(pos);
        let n = self.v.player_count();
        let (mut sum, mut count) = (0i64, 0i64);
        for (p, &x) in w.iter().enumerate().take(n) {
            if p != me as usize && !pos.is_eliminated(p as Player) {
                sum += x as i64;
                count += 1;
            }
        }
        let others = if count == 0 { 0 } else { sum / count };
        (w[me as usize] as i64 - others) as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::chess;

    #[test]
    fn symmetric_start_and_material() {
        let v = chess();
        let e = Evaluator::new(&v);
        let mut p = Position::start(&v);
        assert_eq!(e.value(&p, 0), 0);
        assert_eq!(e.value(&p, 1), 0);
        // Knights reach more from the centre than from a corner.
        let n = v.kind(v.piece_type_by_letter('N').unwrap(), 0) as usize;
        let at = |c: &str| e.reach[n * 64 + v.cell(c).unwrap() as usize];
        assert_eq!((at("a1"), at("d4")), (2, 8));
        // Without the black queen white is ahead.
        p = Position::from_str(
            &v,
            "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        )
        .unwrap();
        assert!(e.value(&p, 0) > 800 && e.value(&p, 1) < -800);
    }
}

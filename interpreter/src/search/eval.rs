//! The static evaluation: what a position is worth to one player, from data only.
//!
//! Five terms, none of them about a particular game:
//! - material: the rule file's `value` of each piece (x100), on the board or in hand;
//! - mobility: how many cells each piece type reaches from its cell on an empty
//!   board (computed once from the move tables, so knights prefer the centre and
//!   rooks open lines on any board graph), plus the moves each piece other than
//!   pawns and royals has in the position; a royal seeks the open only in the
//!   endgame, and shelters (prefers cells with less reach) while the opponents still
//!   have their pieces;
//! - promotion: a piece that may promote is worth more the fewer of its own moves
//!   it needs to reach a promoting move (pawns that advance), in proportion to what
//!   it gains by promoting;
//! - king safety: cells next to a royal (its empty-board moves) that an opponent
//!   attacks, a penalty for the royal's owner (it also drives a lone king to the
//!   edge), and friendly pieces on them, a bonus while the opponents keep their force.
//!
//! A player's worth is his own terms; the position's value for `me` is his worth
//! minus the mean worth of the other players still in the game.

use crate::ids::{bit, Cell, Kind, Player};
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::Position;
use crate::Variant;
use dsl::limits::MAX_PLAYERS;
use std::cell::RefCell;
use std::sync::Arc;

/// Centipawns per unit of the rule file's `value`.
const PAWN: i32 = 100;
/// Centipawns per reachable cell on the empty board.
const MOBILITY: i32 = 3;
/// The worth of a royal when taken (variants where royals may be captured).
const ROYAL: i32 = 5000;
/// Centipawns per attacked cell around a royal.
const KING_ZONE: i32 = 12;
/// Centipawns per move a piece (neither pawn nor royal) has in the position.
const LIVE_MOBILITY: i32 = 4;
/// Centipawns per friendly piece next to a royal while the opponents have their
/// pieces (a shelter), fading as they lose them.
const SHELTER: i32 = 10;

/// The share (in 1/256) of its promotion gain a piece is worth when it is `d` of its
/// own moves away from promoting (index `d`; beyond the table, nothing).
const PROMOTION_SHARE: [i32; 6] = [0, 64, 32, 16, 8, 4];

/// Tables computed once per variant.
pub struct Evaluator {
    v: Arc<Variant>,
    /// `value[kind]` in centipawns.
    value: Vec<i32>,
    /// `reach[kind * cells + cell]`: empty-board move count.
    reach: Vec<u8>,
    /// `promotion[kind * cells + cell]`: the bonus (centipawns) of a piece that may
    /// promote, by how near its promotion is.
    promotion: Vec<i16>,
    /// Per player, the value of his pieces that are neither pawns nor royal at the
    /// start: the scale of the game phase.
    start_force: [i32; MAX_PLAYERS],
    /// Per royal kind and cell: the cells next to it (its empty-board targets).
    zone: Vec<Vec<Cell>>,
    /// Scratch list for counting moves (no allocation per evaluation).
    scratch: RefCell<MoveList>,
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
        let promotion = promotion_bonus(&v, &value, &mut pos);
        let mut e = Evaluator {
            v,
            value,
            reach,
            promotion,
            start_force: [0; MAX_PLAYERS],
            zone,
            scratch: RefCell::new(MoveList::new()),
        };
        e.start_force = e.force(&Position::start(&e.v));
        e
    }

    /// Per player, the value of his pieces that are neither pawns nor royal.
    fn force(&self, pos: &Position) -> [i32; MAX_PLAYERS] {
        let v = &*self.v;
        let mut f = [0i32; MAX_PLAYERS];
        let mut kinds = pos.present & !(v.pawn_kinds | v.royal_kinds);
        while kinds != 0 {
            let k = kinds.trailing_zeros() as Kind;
            kinds &= kinds - 1;
            let owner = v.kind_owner[k as usize] as usize;
            f[owner] += self.value[k as usize].max(0) * pos.pieces_of(k).len() as i32;
        }
        f
    }

    /// The variant these tables belong to.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.v
    }

    /// The worth of the piece on `cell` when it is taken (centipawns; a royal, which
    /// carries no value in the rule files, counts as [`ROYAL`]; an empty cell 0).
    pub(crate) fn value_at(&self, pos: &Position, cell: Cell) -> i32 {
        match pos.board[cell as usize] {
            0 => 0,
            sq => self.taken_value((sq - 1) as Kind),
        }
    }

    fn taken_value(&self, kind: Kind) -> i32 {
        if self.v.royal_kinds & bit(kind) != 0 {
            ROYAL
        } else {
            self.value[kind as usize]
        }
    }

    /// The worth of what `m` takes (centipawns, 0 for a move that takes nothing).
    pub(crate) fn capture_value(&self, pos: &Position, m: Move) -> i32 {
        let at = match m.kind() {
            MoveKind::Normal => m.to(),
            MoveKind::EnPassant => pos.ep[m.aux as usize].victim,
            _ => return 0,
        };
        if at == m.from() {
            return 0;
        }
        self.value_at(pos, at)
    }

    /// How many moves the piece `kind` on `cell` has (pseudo-legal: captures and
    /// moves to empty cells; `friends`: the kinds of its owner).
    fn moves_of(&self, pos: &Position, kind: Kind, cell: Cell, friends: u64) -> i32 {
        let mut list = self.scratch.borrow_mut();
        list.clear();
        pos.gen_piece(kind, cell, friends, &mut list);
        list.len() as i32
    }

    /// Each player's worth in centipawns (eliminated players: 0).
    pub fn worths(&self, pos: &Position) -> [i32; MAX_PLAYERS] {
        let v = &*self.v;
        let cells = v.cell_count();
        let mut w = [0i32; MAX_PLAYERS];
        // How far each player's opponents still have their pieces (256: all of them).
        let force = self.force(pos);
        let n = v.player_count();
        let total: i32 = force[..n].iter().sum();
        let start: i32 = self.start_force[..n].iter().sum();
        let mut kinds = pos.present;
        while kinds != 0 {
            let k = kinds.trailing_zeros() as Kind;
            kinds &= kinds - 1;
            let owner = v.kind_owner[k as usize] as usize;
            let royal = v.royal_kinds & bit(k) != 0;
            let friends = pos.friends_of(owner as Player);
            for &c in pos.pieces_of(k) {
                let at = k as usize * cells + c as usize;
                let reach = MOBILITY * self.reach[at] as i32;
                let mut s = self.value[k as usize] + self.promotion[at] as i32;
                if royal {
                    // Open cells help a royal in the endgame and expose it before.
                    let theirs = total - force[owner];
                    let start_theirs = (start - self.start_force[owner]).max(1);
                    let middle = (theirs * 256 / start_theirs).clamp(0, 256);
                    s += reach * (256 - 2 * middle) / 256;
                    let attackers = pos.attackers_of(owner as Player);
                    let near = &self.zone[at];
                    let (mut hit, mut cover) = (0, 0);
                    for &n in near {
                        hit += i32::from(pos.attacked(n, attackers));
                        let sq = pos.board[n as usize];
                        cover += i32::from(sq != 0 && friends & bit(sq - 1) != 0);
                    }
                    s -= KING_ZONE * hit;
                    s += SHELTER * cover * middle / 256;
                } else {
                    s += reach;
                    if v.pawn_kinds & bit(k) == 0 {
                        s += LIVE_MOBILITY * self.moves_of(pos, k, c, friends);
                    }
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
        // With teams, the mean worth of his team against that of the other players.
        let team = pos.team_of(me);
        let (mut ours, mut our_count) = (0i64, 0i64);
        let (mut sum, mut count) = (0i64, 0i64);
        for (p, &x) in w.iter().enumerate().take(n) {
            if team & (1 << p) != 0 {
                if p == me as usize || !pos.is_eliminated(p as Player) {
                    ours += x as i64;
                    our_count += 1;
                }
            } else if !pos.is_eliminated(p as Player) {
                sum += x as i64;
                count += 1;
            }
        }
        let others = if count == 0 { 0 } else { sum / count };
        (ours / our_count.max(1) - others) as i32
    }
}

/// The promotion term of every piece type on every cell: how many of its own moves
/// (on the empty board) a piece needs before a move that promotes, worth a share
/// ([`PROMOTION_SHARE`]) of the best gain a promotion gives it.
fn promotion_bonus(v: &Variant, value: &[i32], pos: &mut Position) -> Vec<i16> {
    let cells = v.cell_count();
    let mut out = vec![0i16; v.kind_count() * cells];
    let mut list = MoveList::new();
    let mut targets: Vec<Vec<Cell>> = vec![Vec::new(); cells];
    for k in 0..v.kind_count() {
        let kind = k as Kind;
        // Distance 1: a promoting move from the cell; gain: the best promotion.
        let mut dist = vec![u8::MAX; cells];
        let mut gain = 0;
        for c in 0..cells {
            targets[c].clear();
            pos.put(c as Cell, kind);
            list.clear();
            pos.gen_piece(kind, c as Cell, bit(kind), &mut list);
            pos.remove(c as Cell);
            for m in list.iter() {
                match m.promotion() {
                    Some(t) => {
                        let owner = v.kind_owner[k];
                        let promoted = v.kind(t, owner) as usize;
                        gain = gain.max(value[promoted] - value[k]);
                        dist[c] = 1;
                    }
                    None => targets[c].push(m.to()),
                }
            }
        }
        if gain <= 0 {
            continue;
        }
        // Relax until no distance shrinks (at most one round per table entry).
        for _ in 0..PROMOTION_SHARE.len() {
            let mut changed = false;
            for c in 0..cells {
                let best = targets[c].iter().map(|&t| dist[t as usize]).min();
                if let Some(d) = best.filter(|&d| d != u8::MAX) {
                    if d + 1 < dist[c] {
                        dist[c] = d + 1;
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        for c in 0..cells {
            if let Some(&share) = PROMOTION_SHARE.get(dist[c] as usize) {
                out[k * cells + c] = (gain * share / 256).clamp(0, i16::MAX as i32) as i16;
            }
        }
    }
    out
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

    #[test]
    fn pawns_near_promotion_and_sheltered_kings() {
        let v = chess();
        let e = Evaluator::new(&v);
        let p = v.kind(v.piece_type_by_letter('P').unwrap(), 0) as usize;
        let bonus = |c: &str| e.promotion[p * 64 + v.cell(c).unwrap() as usize];
        assert!(bonus("e7") > bonus("e6") && bonus("e6") > bonus("e5"));
        assert!(bonus("e2") < bonus("e4"), "far from promotion");
        let n = v.kind(v.piece_type_by_letter('N').unwrap(), 0) as usize;
        assert!(e.promotion[n * 64..(n + 1) * 64].iter().all(|&b| b == 0));
        // With all pieces on, a king on g1 beats one on e4; alone, the other way.
        let with = |fen: &str| e.value(&Position::from_str(&v, fen).unwrap(), 0);
        assert!(
            with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BKR w - - 0 1")
                > with("rnbqkbnr/pppppppp/8/8/4K3/8/PPPPPPPP/RNBQ1B1R w - - 0 1")
        );
        assert!(with("4k3/8/8/8/4K3/8/8/8 w - - 0 1") > with("4k3/8/8/8/8/8/8/6K1 w - - 0 1"));
    }
}

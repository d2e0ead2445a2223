//! A piece's moves as a set of cells, on boards of at most [`MAX_CELLS`] cells: the
//! evaluation's mobility and reach into the cells next to a royal, and perft's count
//! of a piece's moves at its last ply (`leaf_count.rs`), are then a few bit
//! operations per piece instead of a move generation. Built once per variant
//! (`Variant::move_bits`); the position keeps each kind's cells as a set
//! (`Position::kind_cells`).
//!
//! Only the moves whose set follows from the occupancy alone are taken: fixed
//! targets without conditions, and slides of any length along rays that neither
//! fork nor pass a flank and whose cells run up (or down) in cell order, so that the
//! first piece on a ray is its lowest (or highest) occupied cell. Each must move to
//! empty cells and take any enemy piece, never a friend, and the piece may not
//! promote (a promotion is several moves to one cell). A kind on a cell with any
//! other move keeps the move generation: the counts are the same either way.

use crate::ids::{Cell, Kind};
use crate::position::Position;
use crate::tables::{to, Op};
use crate::topology::RayNode;
use crate::Variant;

/// A set of cells, one bit per cell.
pub(crate) type Cells = u128;

/// The most cells a board may have for [`MoveBits`].
pub(crate) const MAX_CELLS: usize = Cells::BITS as usize;

/// The bit of `cell`.
#[inline(always)]
pub(crate) fn cell_bit(cell: Cell) -> Cells {
    1 << cell
}

/// A ray without forks or flanks whose cells run up (`up`) or down in cell order.
#[derive(Clone, Copy, Debug)]
struct Line {
    cells: Cells,
    up: bool,
}

impl Line {
    /// The cells a slider reaches along the line: up to and including the first
    /// occupied one.
    #[inline(always)]
    fn reach(self, occupied: Cells) -> Cells {
        let blockers = occupied & self.cells;
        if blockers == 0 {
            self.cells
        } else if self.up {
            let first = blockers.trailing_zeros();
            self.cells & (Cells::MAX >> (Cells::BITS - 1 - first))
        } else {
            let first = Cells::BITS - 1 - blockers.leading_zeros();
            self.cells & (Cells::MAX << first)
        }
    }
}

/// The moves of one kind on one cell: fixed targets and lines.
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    targets: Cells,
    lines_start: u32,
    lines_len: u32,
}

/// The move sets of every kind on every cell where they follow from the occupancy.
pub(crate) struct MoveBits {
    /// Per `kind * cells + cell`.
    slots: Vec<Option<Slot>>,
    /// Per `kind * cells + cell`: the cells the piece could capture on (its moves
    /// that may take, whatever stands there), where they follow from the occupancy.
    attack_slots: Vec<Option<Slot>>,
    lines: Vec<Line>,
}

impl MoveBits {
    /// The tables of `v`; `None` when its board has more than [`MAX_CELLS`] cells.
    pub(crate) fn new(v: &Variant) -> Option<MoveBits> {
        let cells = v.cell_count();
        if cells > MAX_CELLS {
            return None;
        }
        let mut bits = MoveBits {
            slots: Vec::with_capacity(v.kind_count() * cells),
            attack_slots: Vec::with_capacity(v.kind_count() * cells),
            lines: Vec::new(),
        };
        for k in 0..v.kind_count() {
            for c in 0..cells {
                let slot = bits.slot_of(v, k as Kind, c as Cell);
                bits.slots.push(slot);
                // Every move of a piece with a move set may take: its capture set
                // is the same slot.
                let attack = slot.or_else(|| bits.attack_slot_of(v, k as Kind, c as Cell));
                bits.attack_slots.push(attack);
            }
        }
        Some(bits)
    }

    /// The move set of `kind` on `cell`, or `None` when it needs the generator.
    fn slot_of(&mut self, v: &Variant, kind: Kind, cell: Cell) -> Option<Slot> {
        let t = &v.tables;
        if t.promo_kinds & crate::ids::bit(kind) != 0 {
            return None;
        }
        let slot = t.slot(kind, cell);
        let lines_start = self.lines.len();
        let mut targets: Cells = 0;
        // Cells two moves could share: counted once here, twice by the generator
        // unless it removes duplicates.
        let mut seen: Cells = 0;
        let mut shared = false;
        let mut fits = true;
        for a in t.atoms(slot) {
            let plain_target = a.to & (to::EMPTY | to::ENEMY) == to::EMPTY | to::ENEMY
                && a.to & to::FRIEND == 0
                && a.takes == u64::MAX
                && !a.first
                && !a.creates_ep
                && a.into == 0;
            if !plain_target {
                fits = false;
                break;
            }
            let mut mine: Cells = 0;
            match a.op {
                Op::Targets => {
                    for x in t.targets_of(a) {
                        if x.need != 0 {
                            fits = false;
                        }
                        mine |= cell_bit(x.to);
                    }
                    targets |= mine;
                }
                Op::Slide if a.min <= 1 && a.max == u16::MAX => {
                    for &rid in t.rays_of(a) {
                        match line_of(v.topo.ray(rid)) {
                            Some(line) => {
                                mine |= line.cells;
                                self.lines.push(line);
                            }
                            None => fits = false,
                        }
                    }
                }
                _ => fits = false,
            }
            shared |= seen & mine != 0;
            seen |= mine;
        }
        if !fits || (shared && !t.dedupe[slot]) {
            self.lines.truncate(lines_start);
            return None;
        }
        Some(Slot {
            targets,
            lines_start: lines_start as u32,
            lines_len: (self.lines.len() - lines_start) as u32,
        })
    }

    /// The capture set of `kind` on `cell`: the cells its capturing moves reach on
    /// any board (friends included: what it defends), or `None` when a capturing
    /// move depends on more than the occupancy (conditions, hops, ranges, first
    /// moves, zones, restricted victims). Moves that cannot take are left out.
    fn attack_slot_of(&mut self, v: &Variant, kind: Kind, cell: Cell) -> Option<Slot> {
        let t = &v.tables;
        let slot = t.slot(kind, cell);
        let lines_start = self.lines.len();
        let mut targets: Cells = 0;
        for a in t.atoms(slot) {
            if a.to & to::ENEMY == 0 || a.op == Op::EpCapture {
                continue;
            }
            let plain = a.takes == u64::MAX && !a.first && a.into == 0;
            let fits = plain
                && match a.op {
                    Op::Targets => t.targets_of(a).iter().all(|x| x.need == 0),
                    Op::Slide => a.min <= 1 && a.max == u16::MAX,
                    _ => false,
                };
            if !fits {
                self.lines.truncate(lines_start);
                return None;
            }
            if a.op == Op::Targets {
                targets |= t.targets_of(a).iter().fold(0, |m, x| m | cell_bit(x.to));
                continue;
            }
            for &rid in t.rays_of(a) {
                let Some(line) = line_of(v.topo.ray(rid)) else {
                    self.lines.truncate(lines_start);
                    return None;
                };
                self.lines.push(line);
            }
        }
        Some(Slot {
            targets,
            lines_start: lines_start as u32,
            lines_len: (self.lines.len() - lines_start) as u32,
        })
    }

    /// The cells the piece of `kind` on `cell` could capture on when `occupied` are
    /// the occupied cells (friends included: the cells it defends), or `None` when
    /// only the generator knows.
    #[inline]
    pub(crate) fn attacks(
        &self,
        pos: &Position,
        kind: Kind,
        cell: Cell,
        occupied: Cells,
    ) -> Option<Cells> {
        let s = self.attack_slots[pos.v.tables.slot(kind, cell)]?;
        Some(s.reach(&self.lines, occupied))
    }

    /// True when [`MoveBits::moves`] knows the moves of `kind` on `cell`: they are
    /// then its [`MoveBits::attacks`] less its friends' cells (every move of such a
    /// piece may take).
    #[inline]
    pub(crate) fn has_moves(&self, pos: &Position, kind: Kind, cell: Cell) -> bool {
        self.slots[pos.v.tables.slot(kind, cell)].is_some()
    }

    /// The cells the piece of `kind` on `cell` moves to when `occupied` are the
    /// occupied cells and `friends` those of its own side, or `None` when only the
    /// generator knows. (The evaluation takes them from [`MoveBits::attacks`].)
    #[inline]
    pub(crate) fn moves(
        &self,
        pos: &Position,
        kind: Kind,
        cell: Cell,
        occupied: Cells,
        friends: Cells,
    ) -> Option<Cells> {
        let s = self.slots[pos.v.tables.slot(kind, cell)]?;
        Some(s.reach(&self.lines, occupied) & !friends)
    }
}

impl Slot {
    /// Its targets and the cells its lines reach up to the first occupied one.
    #[inline(always)]
    fn reach(self, lines: &[Line], occupied: Cells) -> Cells {
        let start = self.lines_start as usize;
        lines[start..start + self.lines_len as usize]
            .iter()
            .fold(self.targets, |r, line| r | line.reach(occupied))
    }
}

/// The line of a ray: no forks, no flanks, cells strictly up or down in order.
fn line_of(nodes: &[RayNode]) -> Option<Line> {
    let linear = nodes
        .iter()
        .enumerate()
        .all(|(i, n)| n.flank == 0 && n.skip as usize == nodes.len() && n.depth as usize == i + 1);
    if !linear || nodes.iter().any(|n| n.cell as usize >= MAX_CELLS) {
        return None;
    }
    let up = nodes.windows(2).all(|w| w[0].cell < w[1].cell);
    let down = nodes.windows(2).all(|w| w[0].cell > w[1].cell);
    if !up && !down {
        return None;
    }
    let cells = nodes.iter().fold(0, |m, n| m | cell_bit(n.cell));
    Some(Line { cells, up })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::MoveList;

    /// Every piece of every kind on every cell of a few positions: the set's size is
    /// the generator's count, and its cells the generator's targets.
    #[test]
    fn the_sets_are_what_the_generator_makes() {
        let cases = [
            (
                "chess",
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            ),
            ("capablanca", ""),
            ("xiangqi", ""),
            ("grasshopper", ""),
            ("shogi", ""),
        ];
        for (name, fen) in cases {
            let v = crate::testing::variant(name);
            let pos = if fen.is_empty() {
                Position::start(&v)
            } else {
                Position::from_str(&v, fen).unwrap()
            };
            let bits = MoveBits::new(&v).expect("a small board");
            let occupied = (0..v.cell_count())
                .filter(|&c| pos.board[c] != 0)
                .fold(0, |m, c| m | cell_bit(c as Cell));
            let mut fitted = 0;
            let mut attacked = 0;
            let mut list = MoveList::new();
            for c in 0..v.cell_count() as Cell {
                let sq = pos.board[c as usize];
                if sq == 0 {
                    continue;
                }
                let kind = sq - 1;
                let owner = v.kind_owner[kind as usize];
                let friend_kinds = pos.friends_of(owner);
                let friends = (0..v.cell_count())
                    .filter(|&x| {
                        let s = pos.board[x];
                        s != 0 && friend_kinds & crate::ids::bit(s - 1) != 0
                    })
                    .fold(0, |m, x| m | cell_bit(x as Cell));
                // The capture set: every cell the piece could take on.
                if let Some(attacks) = bits.attacks(&pos, kind, c, occupied) {
                    let takes = (0..v.cell_count() as Cell)
                        .filter(|&x| x != c && pos.captures_at(kind, c, x))
                        .fold(0, |m, x| m | cell_bit(x));
                    assert_eq!(attacks, takes, "{name}: captures of {kind} on {c}");
                    attacked += 1;
                    if let Some(set) = bits.moves(&pos, kind, c, occupied, friends) {
                        assert_eq!(set, attacks & !friends, "{name}: {kind} on {c}");
                    }
                }
                let Some(set) = bits.moves(&pos, kind, c, occupied, friends) else {
                    continue;
                };
                fitted += 1;
                list.clear();
                pos.gen_piece(kind, c, friend_kinds, &mut list);
                let made = list.iter().fold(0, |m, mv| m | cell_bit(mv.to()));
                assert_eq!(set, made, "{name}: kind {kind} on {c}");
                assert_eq!(
                    set.count_ones() as usize,
                    list.len(),
                    "{name}: {kind} on {c}"
                );
            }
            assert!(fitted > 0, "{name}: no piece fits");
            assert!(attacked > fitted || name != "chess", "{name}: pawns attack");
        }
    }
}

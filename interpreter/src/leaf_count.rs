//! Counting the legal moves of a position without listing them: perft's last ply.
//!
//! Perft counts the moves at its last ply and makes none of them. Without the check
//! rule every move is legal; out of check in the common shape of the check rule (one
//! royal, pins and checkers decide; see `legality.rs`), an ordinary move of a piece
//! that is neither the royal nor pinned is legal without a test. (In check the moves
//! are listed and filtered as usual, with the checks found once.) Such moves are
//! counted, never stored or filtered: as a set of cells where the occupancy decides
//! them (`crate::move_bits`), else as the countable atoms (`Atom::countable`: targets
//! and slides that promote no piece) generate them. Everything else (the royal's and
//! pinned pieces' moves, other atoms, pieces whose atoms may repeat a move, captures
//! of a royal, castles, in-place promotions and drops) goes through the usual list
//! and legality loop. Any other rule shape takes the usual path whole.

use crate::ids::{bit, Kind};
use crate::move_bits::Cells;
use crate::movegen::MoveSink;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::tables::Op;

/// Counts moves taken without a test; a capture of a royal goes to the list, to be
/// tested (control of the royal may change).
struct Counter<'a> {
    count: u64,
    royals: u64,
    list: &'a mut MoveList,
}

impl MoveSink for Counter<'_> {
    #[inline(always)]
    fn put(&mut self, _pos: &Position, _kind: Kind, m: Move, target: u8) {
        if target != 0 && self.royals & bit(target - 1) != 0 {
            self.list.push(m);
        } else {
            self.count += 1;
        }
    }
}

impl Position {
    /// The number of moves [`Position::perft_moves_into`] lists (`list` is scratch
    /// space).
    pub(crate) fn perft_count(&mut self, list: &mut MoveList) -> u64 {
        if let Some(n) = self.count_quiet(list) {
            return n;
        }
        self.perft_moves_into(list);
        list.len() as u64
    }

    /// True when the moves of the player to move are his pieces' moves, castles,
    /// in-place promotions and drops, filtered by the check rule alone (when it
    /// applies).
    fn filtered_by_check_alone(&self) -> bool {
        let v = &*self.v;
        self.turns.is_empty()
            && self.finish.is_none()
            && self.refused.is_none()
            && !self.captures_only
            && !v.rules.allow_pass
            && v.rules.filters.is_empty()
            && v.rules.transfer.is_none()
            && v.hands.gate_kinds == 0
    }

    /// The count, when the position has the shape described in the module notes and
    /// some move; `None` otherwise.
    fn count_quiet(&mut self, list: &mut MoveList) -> Option<u64> {
        if !self.filtered_by_check_alone() {
            return None;
        }
        let me = self.to_move;
        // Without the check rule every move is legal.
        let shape = if self.check_applies(me) {
            Some(self.common_shape_of(me)?)
        } else {
            None
        };
        list.clear();
        if let Some(shape) = shape.filter(|s| !s.out_of_check()) {
            // In check nearly every move needs the test: listed, with the checks
            // just found.
            self.gen_pseudo(list);
            self.keep_legal_common(me, shape, list);
            return (!list.is_empty()).then_some(list.len() as u64);
        }
        let royal = shape.map(|s| s.royal());
        let mut counter = Counter {
            count: 0,
            royals: if shape.is_some() {
                self.v.royal_kinds
            } else {
                0
            },
            list,
        };
        let side = self.untakeable(me);
        let bits = self
            .v
            .move_bits
            .as_ref()
            .map(|b| (b, self.occupancy(side, counter.royals)));
        let mut kinds = self.friends_of(me) & self.present;
        while kinds != 0 {
            let kind = kinds.trailing_zeros() as Kind;
            kinds &= kinds - 1;
            for &from in self.pieces_of(kind) {
                if royal.is_some_and(|r| r == from || self.pinned.contains(from)) {
                    self.gen_piece(kind, from, side, counter.list);
                    continue;
                }
                // Moves the occupancy decides: a set of cells, unless it takes a royal.
                if let Some((b, (occupied, mine, royals))) = bits {
                    if let Some(set) = b.moves(self, kind, from, occupied, mine) {
                        if set & royals == 0 {
                            counter.count += u64::from(set.count_ones());
                            continue;
                        }
                    }
                }
                let t = &self.v.tables;
                let slot = t.slot(kind, from);
                if t.dedupe[slot] {
                    // Two atoms may make the same move: the list removes the repeats.
                    self.gen_piece(kind, from, side, counter.list);
                    continue;
                }
                for a in t.atoms(slot) {
                    if a.first && !self.virgin.contains(from) {
                        continue;
                    }
                    if !a.countable {
                        self.gen_atom(a, kind, from, side, counter.list);
                    } else if a.op == Op::Targets {
                        self.gen_targets(a, kind, from, side, &mut counter);
                    } else {
                        self.gen_any_slide(a, kind, from, side, &mut counter);
                    }
                }
            }
        }
        let counted = counter.count;
        self.gen_besides_pieces(royal, list);
        if let Some(shape) = shape {
            self.keep_legal_common(me, shape, list);
        }
        let n = counted + list.len() as u64;
        // No move: whether the player passes is the usual path's to say.
        (n != 0).then_some(n)
    }

    /// The occupied cells, those of the kinds in `side` and those of the kinds in
    /// `royals` outside `side`, on a board of at most [`crate::move_bits::MAX_CELLS`]
    /// cells.
    fn occupancy(&self, side: u64, royals: u64) -> (Cells, Cells, Cells) {
        let (mut occupied, mut mine, mut theirs) = (0, 0, 0);
        let mut kinds = self.present;
        while kinds != 0 {
            let kind = kinds.trailing_zeros() as Kind;
            kinds &= kinds - 1;
            let cells = self.kind_cells[kind as usize];
            occupied |= cells;
            if side & bit(kind) != 0 {
                mine |= cells;
            } else if royals & bit(kind) != 0 {
                theirs |= cells;
            }
        }
        (occupied, mine, theirs)
    }
}

#[cfg(test)]
mod tests {
    use crate::moves::MoveList;
    use crate::search::RandomMover;
    use crate::testing::{chess, chess_with, variant};
    use crate::Position;

    /// The count and the length of the list, which must agree.
    fn both(p: &mut Position) -> (u64, u64) {
        let mut list = MoveList::new();
        p.perft_moves_into(&mut list);
        let listed = list.len() as u64;
        (p.perft_count(&mut MoveList::new()), listed)
    }

    /// Positions with pins, checks, castles, en passant, promotions, mate and a
    /// royal left attacked.
    #[test]
    fn counts_what_the_list_holds() {
        let v = chess();
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
            "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/4K2q w - - 0 1",
            "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1",
        ] {
            let mut p = Position::from_str(&v, fen).unwrap();
            let (counted, listed) = both(&mut p);
            assert_eq!(counted, listed, "{fen}");
        }
    }

    /// A piece two of whose rules make the same move counts it once, as the list
    /// does.
    #[test]
    fn a_move_two_rules_make_counts_once() {
        let v = chess_with("piece twice D {\n step n to empty\n slide n\n}");
        let mut p = Position::from_str(&v, "4k3/8/8/8/8/8/8/3DK3 w - - 0 1").unwrap();
        let (counted, listed) = both(&mut p);
        assert_eq!(listed, 7 + 4, "d2-d8 and the king's four");
        assert_eq!(counted, listed);
    }

    /// Along random games of every variant of the repository (check rule or none,
    /// drops, hoppers, flanks, explosions, turn tracks), the count is the list's
    /// length.
    #[test]
    fn counts_what_the_list_holds_in_every_variant() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../variants");
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| {
                std::path::Path::new(dir)
                    .join(n)
                    .join(format!("{n}.rules"))
                    .exists()
            })
            .collect();
        names.sort();
        assert!(names.len() > 20, "{names:?}");
        for name in names {
            let v = variant(&name);
            for seed in 0..2 {
                let mut p = Position::start(&v);
                let mut rng = RandomMover::new(seed);
                for _ in 0..80 {
                    let (counted, listed) = both(&mut p);
                    assert_eq!(counted, listed, "{name} seed {seed}: {p:?}");
                    let moves = p.every_move();
                    if moves.is_empty() {
                        break;
                    }
                    p.make(moves[rng.below(moves.len())]);
                }
            }
        }
    }
}

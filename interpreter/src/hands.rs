//! Pieces in hand: per kind (piece type and owner), a count of pieces off the board
//! that their owner may put back as a move (a drop, `drop [into ZONE]` in a piece
//! block). `captures to hand` fills the captor's hand with what he captures, turned
//! to his side and to the type the piece had before it promoted.
//!
//! A variant without hands keeps both tables empty and never reaches this code.

use crate::cellset::CellSet;
use crate::ids::{Cell, Kind, PieceType, Player};
use crate::moves::{mk, Move, MoveList};
use crate::position::Position;

/// The most pieces of one kind a hand holds: position strings with more are refused,
/// and a capture beyond it is not added (no real game comes near it).
pub const MAX_IN_HAND: u8 = 64;

/// The hand rules of a variant.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct HandRules {
    /// The variant has hands: a piece type drops, or captures go to hand.
    pub on: bool,
    /// `captures to hand`.
    pub captures: bool,
    /// Per kind: the cells its pieces may be dropped on; `None` when it does not drop.
    pub drop_zone: Vec<Option<CellSet>>,
    /// Kinds that drop somewhere.
    pub drop_kinds: u64,
    /// Per kind: the cells a piece of its player may leave for it to enter (`gate
    /// [into ZONE]`, Seirawan chess); `None` when it does not gate.
    pub gate_zone: Vec<Option<CellSet>>,
    /// Kinds that gate somewhere.
    pub gate_kinds: u64,
    /// Per kind (empty without hands): the pieces in hand at the start.
    pub start: Vec<u8>,
}

impl crate::variant::Variant {
    /// The cell a gating move's piece from hand enters: the cell the move leaves (the
    /// king's of a castle), or the castle partner's.
    #[inline]
    pub(crate) fn gate_cell(&self, mv: Move, on_partner: bool) -> Cell {
        if on_partner {
            self.castle_cells(mv)[2]
        } else {
            mv.from
        }
    }
}

impl HandRules {
    /// True when a piece of `player` leaving `cell` for the first time may let a piece
    /// of his hand in (some gate zone of his holds the cell).
    pub(crate) fn gates_at(&self, player: Player, cell: Cell, ntypes: usize) -> bool {
        self.gate_kinds != 0
            && self.gate_zone[player as usize * ntypes..(player as usize + 1) * ntypes]
                .iter()
                .any(|z| z.as_ref().is_some_and(|z| z.contains(cell)))
    }

    /// Kinds of the pieces that stand, at the start, on a cell their player's gating
    /// pieces may enter once it is left: their unmoved state matters.
    pub(crate) fn gated_kinds(
        &self,
        setup: &[(Cell, Kind)],
        types: &[crate::variant::PieceTypeInfo],
        players: usize,
    ) -> u64 {
        if self.gate_kinds == 0 {
            return 0;
        }
        let ntypes = types.len();
        let mut gated = 0;
        for &(cell, kind) in setup {
            let owner = kind as usize / ntypes;
            if owner < players && self.gates_at(owner as Player, cell, ntypes) {
                gated |= crate::ids::bit(kind);
            }
        }
        gated
    }
}

impl Position {
    /// How many pieces of `piece_type` `player` holds in hand (0 in variants without
    /// hands).
    pub fn in_hand(&self, player: Player, piece_type: PieceType) -> u8 {
        if self.hand.is_empty() || piece_type as usize >= self.v.types.len() {
            return 0;
        }
        self.hand[self.v.kind(piece_type, player) as usize]
    }

    /// Adds a piece of `kind` to its owner's hand; false when the hand is full.
    #[inline]
    pub(crate) fn hand_add(&mut self, kind: Kind) -> bool {
        let n = self.hand[kind as usize];
        if n >= MAX_IN_HAND {
            return false;
        }
        self.hand[kind as usize] = n + 1;
        self.hash ^= self.v.keys.hand(kind, n);
        true
    }

    /// Takes a piece of `kind` from its owner's hand (there is one).
    #[inline]
    pub(crate) fn hand_take(&mut self, kind: Kind) {
        let n = self.hand[kind as usize] - 1;
        self.hand[kind as usize] = n;
        self.hash ^= self.v.keys.hand(kind, n);
    }

    /// The kinds of `player`'s pieces in hand that may enter through a gate.
    pub(crate) fn gates_in_hand(&self, player: Player) -> u64 {
        let mut kinds = self.v.hands.gate_kinds & self.v.owner_kinds[player as usize];
        let mut held = 0u64;
        while kinds != 0 {
            let kind = kinds.trailing_zeros() as Kind;
            kinds &= kinds - 1;
            if self.hand[kind as usize] > 0 {
                held |= crate::ids::bit(kind);
            }
        }
        held
    }

    /// Adds `me`'s gates, then his drops (kept out of line: most variants have no
    /// hands).
    #[inline(never)]
    pub(crate) fn gen_from_hand(&self, me: Player, list: &mut MoveList) {
        if self.v.hands.gate_kinds != 0 {
            self.gen_gates(me, list);
        }
        if self.v.hands.drop_kinds != 0 {
            self.gen_drops(me, list);
        }
    }

    /// Adds `me`'s drops: every kind of his in hand, on every empty cell of its zone.
    pub(crate) fn gen_drops(&self, me: Player, list: &mut MoveList) {
        let hands = &self.v.hands;
        let mut kinds = hands.drop_kinds & self.v.owner_kinds[me as usize];
        while kinds != 0 {
            let kind = kinds.trailing_zeros() as Kind;
            kinds &= kinds - 1;
            if self.hand[kind as usize] == 0 {
                continue;
            }
            let Some(zone) = &hands.drop_zone[kind as usize] else {
                continue;
            };
            for cell in zone.iter() {
                if self.board[cell as usize] == 0 {
                    list.push(Move::drop(cell, kind));
                }
            }
        }
    }

    /// Adds, for every move of `me` in `list` that leaves an unmoved piece's cell where
    /// a piece of his hand may gate, the same move with that piece entering the cell
    /// (for a castle: the king's cell or the partner's, whichever the move leaves
    /// empty). A move that promotes opens no gate.
    pub(crate) fn gen_gates(&self, me: Player, list: &mut MoveList) {
        let hands = &self.v.hands;
        let ready = self.gates_in_hand(me);
        if ready == 0 {
            return;
        }
        let v = &*self.v;
        let opens = |cell: Cell, kind: Kind| {
            self.virgin.contains(cell)
                && hands.gate_zone[kind as usize]
                    .as_ref()
                    .is_some_and(|z| z.contains(cell))
        };
        for i in 0..list.len() {
            let m = list[i];
            let cells: [(Cell, bool); 2] = match m.kind {
                mk::NORMAL | mk::CREATES_EP if m.promotion().is_none() => {
                    [(m.from, false), (Cell::MAX, true)]
                }
                mk::CASTLE => {
                    let [kf, kt, rf, rt] = v.castle_cells(m);
                    let free = |c: Cell| c != kt && c != rt;
                    [
                        (if free(kf) { kf } else { Cell::MAX }, false),
                        (if free(rf) { rf } else { Cell::MAX }, true),
                    ]
                }
                _ => continue,
            };
            let mut each = ready;
            while each != 0 {
                let kind = each.trailing_zeros() as Kind;
                each &= each - 1;
                let t = v.kind_type[kind as usize];
                for (cell, on_partner) in cells {
                    if cell != Cell::MAX && opens(cell, kind) {
                        list.push(m.with_gate(t, on_partner));
                    }
                }
            }
        }
    }

    /// `make` of a gate: the piece of type `t` from `me`'s hand enters the cell the
    /// move left (kept out of line: most variants never gate).
    #[inline(never)]
    pub(crate) fn open_gate(&mut self, mv: Move, (t, on_partner): (PieceType, bool), me: Player) {
        let kind = self.v.kind(t, me);
        self.hand_take(kind);
        self.add(self.v.gate_cell(mv, on_partner), kind);
    }

    /// `unmake` of a gate: the piece goes back to hand (the hash is restored whole).
    #[inline(never)]
    pub(crate) fn close_gate(&mut self, mv: Move, on_partner: bool) {
        let kind = self.remove(self.v.gate_cell(mv, on_partner));
        self.hand[kind as usize] += 1;
    }

    /// The hash of the hands and of the promoted pieces' origins, from scratch.
    pub(crate) fn hand_hash(&self) -> u64 {
        let k = &self.v.keys;
        let mut h = 0;
        for (kind, &n) in self.hand.iter().enumerate() {
            for i in 0..n {
                h ^= k.hand(kind as Kind, i);
            }
        }
        for (cell, &o) in self.origin.iter().enumerate() {
            if o != 0 {
                h ^= k.origin(cell as Cell, o);
            }
        }
        h
    }
}

impl Position {
    /// `make` of a capture under `captures to hand`: the piece of `kind` taken on
    /// `cell` goes to `captor`'s hand as the type it had before promoting, and its
    /// cell forgets that origin.
    pub(crate) fn capture_to_hand(
        &mut self,
        kind: Kind,
        cell: Cell,
        captor: Player,
        u: &mut crate::position::Undo,
    ) {
        let o = std::mem::take(&mut self.origin[cell as usize]);
        let ty = if o != 0 {
            self.hash ^= self.v.keys.origin(cell, o);
            o - 1
        } else {
            let ty = self.v.kind_type[kind as usize];
            self.v.types[ty as usize].demotes_to.unwrap_or(ty)
        };
        let to_hand = self.v.kind(ty, captor);
        if self.hand_add(to_hand) {
            u.to_hand = to_hand + 1;
        }
        u.cap_origin = o;
    }

    /// `make` of a move of the piece of `kind` from `from` to `to` (the target empty
    /// or its piece already taken): its origin moves with it; a piece that promotes
    /// now remembers its type before, unless the new type says it (a promoted form
    /// `+P` of the mover's type).
    pub(crate) fn carry_origin(
        &mut self,
        kind: Kind,
        from: Cell,
        to: Cell,
        promotion: Option<PieceType>,
        u: &mut crate::position::Undo,
    ) {
        let k = &self.v.keys;
        let o = std::mem::take(&mut self.origin[from as usize]);
        u.from_origin = o;
        let ty = self.v.kind_type[kind as usize];
        let now = match promotion {
            Some(p) if o == 0 && self.v.types[p as usize].demotes_to != Some(ty) => ty + 1,
            _ => o,
        };
        if o != 0 {
            self.hash ^= k.origin(from, o);
        }
        if now != 0 {
            self.hash ^= k.origin(to, now);
        }
        self.origin[to as usize] = now;
    }
}

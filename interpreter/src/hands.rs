//! Pieces in hand: per kind (piece type and owner), a count of pieces off the board
//! that their owner may put back as a move (a drop, `drop [into ZONE]` in a piece
//! block). `captures to hand` fills the captor's hand with what he captures, turned
//! to his side and to the type the piece had before it promoted.
//!
//! A variant without hands keeps both tables empty and never reaches this code.

use crate::cellset::CellSet;
use crate::ids::{Cell, Kind, PieceType, Player};
use crate::moves::{Move, MoveList};
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
    /// Per kind (empty without hands): the pieces in hand at the start.
    pub start: Vec<u8>,
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

//! Moves in 8 bytes and move lists on reused buffers.

use crate::ids::{Cell, PieceType};

/// `Move::kind` values.
pub(crate) mod mk {
    /// An ordinary move or capture.
    pub const NORMAL: u8 = 0;
    /// An ordinary move that leaves en-passant cells (`aux`: the path id).
    pub const CREATES_EP: u8 = 1;
    /// An en-passant capture (`aux`: index of the entry in the position).
    pub const EP_CAPTURE: u8 = 2;
    /// A pass (no legal move and the rules say pass or eliminate).
    pub const PASS: u8 = 3;
    /// A castle (`aux`: its index in the variant in the low [`CASTLE_BITS`] bits, the
    /// partner's cell above them).
    pub const CASTLE: u8 = 4;
    /// Bits of a castle move's `aux` that hold the castle's index.
    pub const CASTLE_BITS: u16 = 6;
    /// A piece put from hand on `to` (`from` is `to`; `aux`: its kind).
    pub const DROP: u8 = 5;
}

/// `Move::promo` when the move does not promote.
const NO_PROMOTION: u8 = u8::MAX;
/// `Move::promo` bit of a move that opens a gate: a piece from hand enters the cell
/// the move leaves (the low bits: its type, below [`GATE_ON_PARTNER`]); piece types
/// stay below 32 (`dsl::limits::MAX_PIECE_TYPES`), so no gate reads as
/// [`NO_PROMOTION`].
const GATE: u8 = 0x80;
/// With [`GATE`]: a castle's gate opens on the partner's cell, not the king's.
const GATE_ON_PARTNER: u8 = 0x40;

/// A move: from, to, promotion type and kind, in 8 bytes.
///
/// Moves are made by [`crate::Position`] and are only meaningful in the position that
/// generated them. Two moves are the same move when they have the same from cell, to
/// cell and promotion: that is what notation can tell apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) from: Cell,
    pub(crate) to: Cell,
    pub(crate) promo: u8,
    pub(crate) kind: u8,
    pub(crate) aux: u16,
}

/// What kind of move it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// An ordinary move or capture (possibly creating en-passant cells).
    Normal,
    /// An en-passant capture.
    EnPassant,
    /// The castle with this index in [`crate::Variant::castles`].
    Castle(usize),
    /// A pass.
    Pass,
    /// A piece put from hand on [`Move::to`] (its type:
    /// [`crate::Variant::dropped_type`]).
    Drop,
}

impl Move {
    pub(crate) const fn new(from: Cell, to: Cell, kind: u8, aux: u16) -> Move {
        Move {
            from,
            to,
            promo: NO_PROMOTION,
            kind,
            aux,
        }
    }

    /// The pass move.
    pub const fn pass() -> Move {
        Move::new(0, 0, mk::PASS, 0)
    }

    /// A wait: with turn tracks, the scheduled player has no move on any track while
    /// another player has one; the schedule moves on to the next track.
    pub(crate) fn wait() -> Move {
        Move::new(0, 0, mk::PASS, 1)
    }

    /// A pass the rules allow while other moves exist (`allow pass`).
    pub(crate) fn voluntary_pass() -> Move {
        Move::new(0, 0, mk::PASS, 2)
    }

    /// True for a wait ([`Move::wait`]).
    #[inline]
    pub(crate) fn is_wait(self) -> bool {
        self.kind == mk::PASS && self.aux == 1
    }

    /// A castle: castle `index`, the king from `from` to `to`, the partner from `rook`.
    pub(crate) const fn castle(from: Cell, to: Cell, index: usize, rook: Cell) -> Move {
        Move::new(from, to, mk::CASTLE, index as u16 | rook << mk::CASTLE_BITS)
    }

    /// A drop of a piece of `kind` from hand on `cell`.
    pub(crate) const fn drop(cell: Cell, kind: crate::ids::Kind) -> Move {
        Move::new(cell, cell, mk::DROP, kind as u16)
    }

    /// The castle index of a castle move.
    #[inline]
    pub(crate) fn castle_index(self) -> usize {
        (self.aux & ((1 << mk::CASTLE_BITS) - 1)) as usize
    }

    /// The partner's cell of a castle move.
    #[inline]
    pub(crate) fn castle_rook(self) -> Cell {
        self.aux >> mk::CASTLE_BITS
    }

    pub(crate) fn with_promotion(mut self, t: PieceType) -> Move {
        self.promo = t;
        self
    }

    /// This move with a piece of type `t` from hand entering the cell it leaves (the
    /// partner's cell of a castle when `on_partner`).
    pub(crate) fn with_gate(mut self, t: PieceType, on_partner: bool) -> Move {
        self.promo = GATE | if on_partner { GATE_ON_PARTNER } else { 0 } | t;
        self
    }

    /// This move without its gate (the same move for one without).
    #[inline]
    pub(crate) fn without_gate(mut self) -> Move {
        if self.gate().is_some() {
            self.promo = NO_PROMOTION;
        }
        self
    }

    /// The type that enters from hand, and whether on a castle's partner cell (else on
    /// the cell the move leaves), when the move opens a gate.
    #[inline]
    pub fn gate(self) -> Option<(PieceType, bool)> {
        (self.promo != NO_PROMOTION && self.promo & GATE != 0).then_some((
            self.promo & (GATE_ON_PARTNER - 1),
            self.promo & GATE_ON_PARTNER != 0,
        ))
    }

    /// The cell the piece leaves (the king's cell for a castle).
    pub fn from(self) -> Cell {
        self.from
    }

    /// The cell the piece arrives at (the king's target for a castle).
    pub fn to(self) -> Cell {
        self.to
    }

    /// True when the move promotes or opens a gate: a branch-free test for the
    /// legality loop's common case.
    #[inline(always)]
    pub(crate) fn changes_type(self) -> bool {
        self.promo != NO_PROMOTION
    }

    /// The type the piece becomes, if it promotes.
    pub fn promotion(self) -> Option<PieceType> {
        (self.promo & GATE == 0).then_some(self.promo)
    }

    /// What kind of move it is.
    pub fn kind(self) -> MoveKind {
        match self.kind {
            mk::EP_CAPTURE => MoveKind::EnPassant,
            mk::PASS => MoveKind::Pass,
            mk::CASTLE => MoveKind::Castle(self.castle_index()),
            mk::DROP => MoveKind::Drop,
            _ => MoveKind::Normal,
        }
    }

    /// True for moves that leave en-passant cells behind.
    pub fn creates_en_passant(self) -> bool {
        self.kind == mk::CREATES_EP
    }

    /// True when `other` has the same from, to and promotion (castles: the same
    /// castle with the same partner; a castle is never the same as a king's move, whose
    /// cells it may share).
    pub(crate) fn same(self, other: Move) -> bool {
        self.from == other.from && self.to == other.to && self.promo == other.promo && {
            (self.kind == mk::PASS) == (other.kind == mk::PASS)
                && (self.kind == mk::CASTLE) == (other.kind == mk::CASTLE)
                && (self.kind == mk::DROP) == (other.kind == mk::DROP)
                && (!matches!(self.kind, mk::CASTLE | mk::DROP) || self.aux == other.aux)
        }
    }
}

/// A list of moves on a buffer that keeps its capacity between uses, so generation
/// does not allocate once it has grown.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveList {
    moves: Vec<Move>,
}

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        MoveList {
            moves: Vec::with_capacity(256),
        }
    }

    /// Empties the list, keeping its buffer.
    #[inline]
    pub fn clear(&mut self) {
        self.moves.clear();
    }

    /// Appends a move.
    #[inline]
    pub fn push(&mut self, m: Move) {
        self.moves.push(m);
    }

    /// The moves.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves
    }

    /// The moves, to reorder them (the search sorts them in place).
    pub(crate) fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves
    }

    pub(crate) fn truncate(&mut self, len: usize) {
        self.moves.truncate(len);
    }

    /// Keeps the moves for which `keep` holds, in order.
    pub(crate) fn retain(&mut self, keep: impl FnMut(&Move) -> bool) {
        self.moves.retain(keep);
    }

    pub(crate) fn set(&mut self, i: usize, m: Move) {
        self.moves[i] = m;
    }

    /// Removes moves after `start` that repeat an earlier move after `start`. When a
    /// quiet move and an en-passant capture share their cells, the capture stays (in
    /// the first one's place): a piece that may take en passant on a cell takes when
    /// it goes there, whichever rule is written first. Keeping the capture also makes
    /// the list the same whether quiet moves are generated or not
    /// ([`crate::Position::legal_captures_into`]).
    pub(crate) fn dedupe_from(&mut self, start: usize) {
        let mut w = start;
        for r in start..self.moves.len() {
            let m = self.moves[r];
            match self.moves[start..w].iter().position(|x| x.same(m)) {
                None => {
                    self.moves[w] = m;
                    w += 1;
                }
                Some(i) if m.kind == mk::EP_CAPTURE => self.moves[start + i] = m,
                Some(_) => {}
            }
        }
        self.moves.truncate(w);
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.moves
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.moves.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_is_eight_bytes() {
        assert_eq!(std::mem::size_of::<Move>(), 8);
    }

    #[test]
    fn kinds_and_promotions() {
        let m = Move::castle(1, 2, 3, 1023);
        assert_eq!(m.kind(), MoveKind::Castle(3));
        assert_eq!((m.castle_index(), m.castle_rook()), (3, 1023));
        assert!(!m.same(Move::new(1, 2, mk::NORMAL, 0)));
        assert!(!m.same(Move::castle(1, 2, 3, 1022)));
        assert_eq!(m.promotion(), None);
        let p = Move::new(1, 2, mk::NORMAL, 0).with_promotion(4);
        assert_eq!(p.promotion(), Some(4));
        assert!(!p.same(Move::new(1, 2, mk::NORMAL, 0)));
        assert_eq!(Move::pass().kind(), MoveKind::Pass);
    }

    #[test]
    fn dedupe_keeps_first_but_prefers_en_passant() {
        let mut l = MoveList::new();
        l.push(Move::new(9, 9, 0, 0));
        for m in [
            Move::new(1, 2, 0, 0),
            Move::new(1, 3, 0, 0),
            Move::new(1, 2, mk::EP_CAPTURE, 0),
        ] {
            l.push(m);
        }
        l.push(Move::new(1, 2, 0, 0));
        l.push(Move::new(1, 3, mk::CREATES_EP, 0));
        l.dedupe_from(1);
        assert_eq!(l.len(), 3);
        assert_eq!((l[1].to, l[1].kind), (2, mk::EP_CAPTURE));
        assert_eq!((l[2].to, l[2].kind), (3, mk::NORMAL));
    }
}

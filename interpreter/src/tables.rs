//! Move and attack tables: everything move generation needs, resolved at compile time.
//!
//! Per `(kind, cell)` a flat slice of [`Atom`]s. Direction sets (per owner and cell),
//! `from` zones, and for steps and leaps also `into` zones are folded in, so an atom
//! only asks the board about occupancy, unmoved pieces and en-passant cells. Attack
//! detection reads a `u64` kind mask per ray node (kept in the node itself, see
//! `topology.rs`) and per-cell source lists for leaps (see `compile::attacks`).

use crate::cellset::CellSet;
use crate::ids::{bit, Cell, Kind, PieceType};
use crate::topology::Topology;

/// Target occupancy bits of an atom (`to empty|enemy|friend|any`).
pub(crate) mod to {
    /// The target may be empty.
    pub const EMPTY: u8 = 1;
    /// The target may hold a piece of another controller (captured).
    pub const ENEMY: u8 = 2;
    /// The target may hold a piece of the mover's controller (captured).
    pub const FRIEND: u8 = 4;
}

/// `Target::ep` when the move creates no en-passant cells.
pub(crate) const NO_EP: u16 = u16::MAX;

/// How an atom travels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Op {
    /// A list of fixed targets (steps and leaps).
    Targets,
    /// Fixed targets that are taken only as en-passant cells.
    EpCapture,
    /// Rays over empty cells.
    Slide,
    /// Rays: over one screen, landing right behind it.
    Hop,
    /// Rays: over one screen, anywhere behind it up to and including the next piece.
    HopFar,
}

/// One compiled move rule of one kind on one cell.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Atom {
    /// How it travels.
    pub op: Op,
    /// Allowed target occupancy ([`to`] bits).
    pub to: u8,
    /// Only while the piece has not moved.
    pub first: bool,
    /// The cells passed become en-passant cells (slides: see `ep`).
    pub creates_ep: bool,
    /// A target or slide atom none of whose targets promotes: its moves may be
    /// counted one by one ([`crate::leaf_count`]).
    pub countable: bool,
    /// Fewest steps (slides and hops: depth of the target).
    pub min: u16,
    /// Most steps.
    pub max: u16,
    /// Index + 1 into [`Tables::zones`] of the `into` zone of a slide or hop (0: none).
    pub into: u16,
    /// Start of its targets ([`Op::Targets`], [`Op::EpCapture`]) or ray ids.
    pub start: u32,
    /// How many targets or rays.
    pub len: u32,
    /// Creating slides: index into [`Tables::ep_ids`] of its first ray's first node;
    /// the ids follow its rays' nodes in order.
    pub ep: u32,
    /// Kinds a capture may take (`to enemy PIECES`; all bits by default).
    pub takes: u64,
    /// Kinds a hop may jump over (`over PIECES`; all bits by default).
    pub over: u64,
}

/// A fixed target of a step or leap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Target {
    /// Where.
    pub to: Cell,
    /// En-passant path id ([`NO_EP`]: none).
    pub ep: u16,
    /// Index into [`Tables::needs`] of the conditions (0: none).
    pub need: u32,
}

/// A leap (or a dotted step) that captures on a cell, for attack detection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LeapSource {
    /// Where the attacker stands.
    pub from: Cell,
    /// Conditions (cells that must be empty, flanks that must be open; 0: none).
    pub need: u32,
    /// The kinds that attack from there.
    pub kinds: u64,
}

/// Promotion on arriving at a cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Promo {
    /// Types it may become, in the order written.
    pub types: Vec<PieceType>,
    /// `may promote`: the non-promoting move exists too.
    pub optional: bool,
    /// `only lost`: a type only while its player has fewer than [`Tables::promo_caps`].
    pub limited: bool,
}

/// `promote in place`: a move of its own that only changes the piece's type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct InPlace {
    /// Where the piece must stand (for its owner).
    pub zone: CellSet,
    /// What it may become.
    pub types: Vec<PieceType>,
    /// Also onto an empty cell one move of the new type away (`or step`).
    pub step: bool,
}

/// All tables of one variant.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tables {
    /// Number of cells (the stride of per-kind arrays).
    pub cells: usize,
    /// Per `kind * cells + cell`: start of its atoms (one extra entry at the end).
    pub atom_start: Vec<u32>,
    /// Atoms.
    pub atoms: Vec<Atom>,
    /// Targets of step, leap and en-passant atoms.
    pub targets: Vec<Target>,
    /// Ray ids of slide and hop atoms.
    pub ray_ids: Vec<u32>,
    /// En-passant path ids per ray node of creating slides.
    pub ep_ids: Vec<u16>,
    /// Condition lists: `[alternatives, (empties, cells.., flanks, flanks..)..]`; index 0
    /// is unused so that 0 means "no condition".
    pub needs: Vec<u16>,
    /// En-passant paths: `ep_start[id]..ep_start[id + 1]` in `ep_cells`.
    pub ep_start: Vec<u32>,
    /// The cells a creating move passes.
    pub ep_cells: Vec<Cell>,
    /// Per `kind * cells + cell`: promotion id on arriving there (0: none).
    pub promo_at: Vec<u8>,
    /// Promotions (index 0 unused).
    pub promos: Vec<Promo>,
    /// Kinds that promote somewhere (others skip the promotion lookup).
    pub promo_kinds: u64,
    /// Per `kind * cells + cell`: promotion id on leaving there (`promote from`),
    /// used when arriving gives none (0: none).
    pub promo_from: Vec<u8>,
    /// Kinds with a `promote from` rule.
    pub promo_from_kinds: u64,
    /// Per kind: its `promote in place` rule, if any.
    pub in_place: Vec<Option<InPlace>>,
    /// Kinds with a `promote in place` rule.
    pub in_place_kinds: u64,
    /// Per kind: how many stand in the setup (`only lost` promotions stop there).
    pub promo_caps: Vec<u16>,
    /// Some promotion is `only lost`: whether it is offered depends on piece counts.
    pub limited_promos: bool,
    /// Per `kind * cells + cell`: two rules may produce the same move, so generation
    /// removes duplicates for this piece.
    pub dedupe: Vec<bool>,
    /// `into` zones of slides and hops.
    pub zones: Vec<CellSet>,
    /// Per cell: start of its leap sources (one extra entry at the end).
    pub leap_start: Vec<u32>,
    /// Leap sources.
    pub leaps: Vec<LeapSource>,
    /// Per cell: every kind that may attack it along a ray or by a leap, a quick
    /// reject.
    pub reach: Vec<u64>,
    /// Per ray: the kinds of all its attack masks, and of those of nodes deeper than
    /// one step. A ray whose kinds are all absent is skipped; one whose far kinds are
    /// absent only looks at its first cells.
    pub ray_kinds: Vec<(u64, u64)>,
    /// Per cell: the kinds of its leap sources.
    pub leap_kinds: Vec<u64>,
    /// Per ray node of the topology's pool (empty when no kind hops): the kinds that,
    /// standing on the node, capture the ray's origin by hopping back along the ray,
    /// as `(near, far)`: `far` when exactly one piece stands between, `near` when that
    /// piece stands on the ray's first cell (a plain hop lands right behind it).
    pub hop_attack: Vec<(u64, u64)>,
    /// Per ray: the kinds of its hop masks.
    pub ray_hops: Vec<u64>,
    /// Kinds with hop masks.
    pub hop_kinds: u64,
    /// Kinds whose attacks are found by generating their captures (`first`, capture
    /// filters, hops over some screens only).
    pub irregular: u64,
    /// Kinds whose attacks vacating a cell may open in ways pins do not see.
    pub pin_unsafe: u64,
    /// Per cell: start of its en-passant takers (one extra entry at the end).
    pub ep_taker_start: Vec<u32>,
    /// Who may take en passant on a cell: the cell a piece stands on, the kinds whose
    /// `en passant` rule reaches the cell from there, and its conditions. A double
    /// step leaves en-passant cells only where one of these stands (as
    /// Fairy-Stockfish sets its en-passant square only when a pawn attacks it).
    pub ep_takers: Vec<LeapSource>,
}

impl Tables {
    /// The en-passant takers of `cell`.
    #[inline]
    pub fn ep_takers_of(&self, cell: Cell) -> &[LeapSource] {
        let c = cell as usize;
        &self.ep_takers[self.ep_taker_start[c] as usize..self.ep_taker_start[c + 1] as usize]
    }

    /// Index of `(kind, cell)` in the per-kind arrays.
    #[inline]
    pub fn slot(&self, kind: Kind, cell: Cell) -> usize {
        kind as usize * self.cells + cell as usize
    }

    /// The promotion (an index of `promos`, 0: none) of a move of a piece of `kind`
    /// from `from` to `to`: arriving gives it, else leaving (`promote from`).
    #[inline(always)]
    pub fn promotion_of(&self, kind: Kind, from: Cell, to: Cell) -> u8 {
        if self.promo_kinds & bit(kind) == 0 {
            return 0;
        }
        let p = self.promo_at[self.slot(kind, to)];
        if p == 0 && self.promo_from_kinds & bit(kind) != 0 {
            return self.promo_from[self.slot(kind, from)];
        }
        p
    }

    /// The atoms of a kind on a cell.
    #[inline]
    pub fn atoms(&self, slot: usize) -> &[Atom] {
        &self.atoms[self.atom_start[slot] as usize..self.atom_start[slot + 1] as usize]
    }

    /// The targets of a target atom.
    #[inline]
    pub fn targets_of(&self, a: &Atom) -> &[Target] {
        &self.targets[a.start as usize..(a.start + a.len) as usize]
    }

    /// The ray ids of a slide or hop atom.
    #[inline]
    pub fn rays_of(&self, a: &Atom) -> &[u32] {
        &self.ray_ids[a.start as usize..(a.start + a.len) as usize]
    }

    /// The cells an en-passant path passes.
    pub fn ep_path(&self, id: u16) -> &[Cell] {
        let i = id as usize;
        &self.ep_cells[self.ep_start[i] as usize..self.ep_start[i + 1] as usize]
    }

    /// The leap sources that may capture on `cell`.
    #[inline]
    pub fn leaps_to(&self, cell: Cell) -> &[LeapSource] {
        let c = cell as usize;
        &self.leaps[self.leap_start[c] as usize..self.leap_start[c + 1] as usize]
    }

    /// True when the conditions `need` hold on `board`: some alternative has all of
    /// its cells empty and none of its flanks blocked.
    pub fn need_holds(&self, need: u32, board: &[u8], topo: &Topology) -> bool {
        if need == 0 {
            return true;
        }
        let n = &self.needs;
        let mut i = need as usize;
        let alts = n[i];
        i += 1;
        for _ in 0..alts {
            let empties = n[i] as usize;
            let cells = &n[i + 1..i + 1 + empties];
            i += 1 + empties;
            let flanks_len = n[i] as usize;
            let flanks = &n[i + 1..i + 1 + flanks_len];
            i += 1 + flanks_len;
            if cells.iter().all(|&c| board[c as usize] == 0)
                && flanks.iter().all(|&f| !topo.flank_blocked(f, board))
            {
                return true;
            }
        }
        false
    }

    /// Appends a condition list and returns its index (0 when some alternative is
    /// unconditional).
    pub fn add_need(&mut self, alts: &[(Vec<Cell>, Vec<u16>)]) -> u32 {
        if alts.is_empty() || alts.iter().any(|(c, f)| c.is_empty() && f.is_empty()) {
            return 0;
        }
        if self.needs.is_empty() {
            self.needs.push(0);
        }
        let at = self.needs.len() as u32;
        self.needs.push(alts.len() as u16);
        for (cells, flanks) in alts {
            self.needs.push(cells.len() as u16);
            self.needs.extend(cells.iter().copied());
            self.needs.push(flanks.len() as u16);
            self.needs.extend(flanks.iter().copied());
        }
        at
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::tests::chess_board;

    #[test]
    fn needs_are_alternatives_of_empty_cells() {
        let topo = Topology::build(&chess_board()).unwrap();
        let mut t = Tables::default();
        assert_eq!(t.add_need(&[(vec![], vec![])]), 0);
        let n = t.add_need(&[(vec![1, 2], vec![]), (vec![3], vec![])]);
        assert!(n > 0);
        let mut board = vec![0u8; 64];
        assert!(t.need_holds(n, &board, &topo));
        board[1] = 1;
        assert!(t.need_holds(n, &board, &topo));
        board[3] = 1;
        assert!(!t.need_holds(n, &board, &topo));
        assert!(t.need_holds(0, &board, &topo));
    }
}

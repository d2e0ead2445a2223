//! A game position: mailbox, piece lists, unmoved pieces, en-passant entries, turn,
//! eliminations, control, counters, hash, and the undo stack.
//!
//! The state is laid out for `make`/`unmake` without allocation: every stack is
//! reused once it has grown, and every table is indexed by small integers.
//!
//! Room for later work, without rewriting this struct:
//! - hidden information (mined chess): per-cell marks go in a `marks: Vec<u8>` beside
//!   `board`, with a per-player view mask; `make` records mark changes in the undo
//!   record like captures, and the hash gets one key per (cell, mark).
//! - randomness: a seeded RNG state (`u64`, splitmix64 like the Zobrist keys) lives
//!   here, is saved in each undo record, and is part of position strings as an extra.
//!
//! Several boards played at once (`turns per zone`): `turns` holds the player to move
//! on each turn track, and a move belongs to the track of the cell it starts from.
//! `to_move` is then the *scheduled* player, the one on track `cursor`: drivers and the
//! search let the tracks take turns in order (after a move on track t, track t + 1 is
//! scheduled), while [`Position::every_move_into`] lists every move the rules allow.

mod ep;
mod hand_over;
mod make;
mod mined;
mod pieces;
mod query;
mod referee;
mod resign;

pub(crate) use ep::EpEntry;
pub use mined::{Announcement, RefereeEvent};

use crate::cellset::CellSet;
use crate::ids::{Cell, Kind, Player};
use crate::moves::{Move, MoveList};
use crate::outcome::Finish;
use crate::variant::Variant;
use std::sync::Arc;

/// What `unmake` needs to take a move back.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Undo {
    pub mv: Move,
    /// The mover's square before the move (kind + 1).
    pub moved: u8,
    /// The square captured (0: none), where, and its list index. For a castle:
    /// the partner's square and list index.
    pub captured: u8,
    pub cap_cell: Cell,
    pub cap_slot: u16,
    /// The mover's list index (a promotion or castle removes it from its list).
    pub from_slot: u16,
    /// Bits: 1 the mover was unmoved, 2 the captured piece was, 4 the castle partner was.
    pub virgin: u8,
    /// En-passant entries removed (now on `ep_log`) and whether one was added.
    pub ep_removed: u8,
    pub ep_added: bool,
    /// Control changes logged on `ctl_log`.
    pub ctl_changes: u8,
    /// Pieces rules removed (explosions), logged on `removed_log`.
    pub removed: u8,
    /// Counter changes logged on `counter_log`.
    pub counter_changes: u8,
    /// Pieces a rule moved through a cell map, logged on `transfer_log`.
    pub transfers: u8,
    pub quiet: u32,
    pub reversible: u32,
    pub hash: u64,
    pub to_move: Player,
    /// Who made the move (with turn tracks, not always the scheduled player).
    pub mover: Player,
    /// The move's turn track, the scheduled track before it, and whether the track's
    /// move number grew.
    pub track: u8,
    pub cursor: u8,
    pub wrapped: bool,
    pub eliminated: u16,
    pub move_number: u32,
    /// The move ended the game.
    pub finished: bool,
    /// With hands: the kind + 1 a capture added to the captor's hand (0: none), and
    /// the origins (see `Position::origin`) of the moved and the captured piece.
    pub to_hand: u8,
    /// The moved piece passed to a partner on arrival (teams on turn tracks).
    pub handed: bool,
    pub from_origin: u8,
    pub cap_origin: u8,
}

/// A position of one variant.
#[derive(Clone)]
pub struct Position {
    pub(crate) v: Arc<Variant>,
    /// Per cell: 0 empty, else kind + 1.
    pub(crate) board: Vec<u8>,
    /// Per kind, `cells` slots: the cells of its pieces (the first `plen[kind]`).
    pub(crate) plist: Vec<Cell>,
    pub(crate) plen: Vec<u16>,
    /// Per piece type: how many stand on the board, all players together.
    pub(crate) type_count: [u16; dsl::limits::MAX_PIECE_TYPES],
    /// The material key of the whole board ([`crate::material`]), by type counts.
    pub(crate) material: u64,
    /// Per player: the material key of his pieces.
    pub(crate) player_material: [u64; dsl::limits::MAX_PLAYERS],
    /// Per cell: index of its piece in its kind's list.
    pub(crate) slot: Vec<u16>,
    /// Kinds with at least one piece on the board.
    pub(crate) present: u64,
    /// Per kind, the cells of its pieces as a set, on boards of at most
    /// [`crate::move_bits::MAX_CELLS`] cells (else empty): kept with the piece lists,
    /// for the move sets of `crate::move_bits`.
    pub(crate) kind_cells: Vec<crate::move_bits::Cells>,
    /// Unmoved pieces of the kinds whose first move matters.
    pub(crate) virgin: CellSet,
    /// En-passant entries, ordered by creator.
    pub(crate) ep: Vec<EpEntry>,
    pub(crate) to_move: Player,
    /// With turn tracks: the player to move on each track (else empty).
    pub(crate) turns: Vec<Player>,
    /// With turn tracks: each track's move number (from 1; else empty).
    pub(crate) track_moves: Vec<u32>,
    /// With turn tracks: the scheduled track (`to_move == turns[cursor]`).
    pub(crate) cursor: u8,
    /// Eliminated players (bit per player).
    pub(crate) eliminated: u16,
    /// `control[owner * regions + region]`: who moves these pieces.
    pub(crate) control: Vec<Player>,
    /// Per player, the kinds he moves (derived from `control` by
    /// [`Position::recount_control`], which every change of `control` calls):
    /// [`Position::friends_of`] is asked at every node and in every filter.
    pub(crate) moved_by: [u64; dsl::limits::MAX_PLAYERS],
    /// Points of material each player has lost (for rules that weigh captures).
    pub(crate) lost: Vec<i64>,
    /// Counters (`counter NAME`): `counters[counter * players + player]`.
    pub(crate) counters: Vec<i64>,
    /// Plies since the last capture or pawn move.
    pub(crate) quiet: u32,
    /// Plies since the last capture, promotion or mine event: how far back a repeated
    /// position is looked for. Pawn moves do not end it: a `pawn` type may have moves
    /// that can be taken back (xiangqi's soldier sideways), and positions before an
    /// irreversible pawn move never match anyway.
    pub(crate) reversible: u32,
    /// Plies played since the position was set up.
    pub(crate) ply: u32,
    /// Starts at 1; grows when the turn passes back to the first player.
    pub(crate) move_number: u32,
    pub(crate) hash: u64,
    /// A result recorded by `make` (a royal captured, the last player left).
    pub(crate) finish: Option<Finish>,
    /// The hash before each move made (repetition).
    pub(crate) history: Vec<u64>,
    pub(crate) undo: Vec<Undo>,
    pub(crate) ep_log: Vec<EpEntry>,
    pub(crate) ctl_log: Vec<(u16, Player)>,
    /// Pieces rules removed, for `unmake`.
    pub(crate) removed_log: Vec<crate::rules::effect::Removed>,
    /// Counter values before a change, for `unmake`.
    pub(crate) counter_log: Vec<(u16, i64)>,
    /// `(cell, image)` of pieces moved through a cell map, for `unmake`.
    pub(crate) transfer_log: Vec<(Cell, Cell)>,
    /// Scratch buffers reused by generation.
    pub(crate) scratch: MoveList,
    /// Perft is counting: `refuse` filters are left out, so that the tree is the one
    /// Fairy-Stockfish counts (set by `perft` and `divide`).
    pub(crate) perft_counting: bool,
    /// Set by the search: a position seen before since the last irreversible move
    /// counts as repeated as often as any rule asks, so a repetition the search walks
    /// into is valued at once as the rule's result (a cycle the player could repeat).
    pub(crate) repeats_decide: bool,
    /// A `can move` condition is generating moves: filters that generate moves
    /// themselves, and `refuse`, are left out (see `rules/cond.rs::can_move`).
    pub(crate) in_can: bool,
    /// Moves made and unmade to test them ([`Position::probe_count`]).
    pub(crate) probes: u64,
    /// Generation emits captures only ([`Position::legal_captures_into`]).
    pub(crate) captures_only: bool,
    /// Every legality test and `gives check` makes the move: the reference the fast
    /// paths are checked against ([`Position::every_move_by_making`]).
    pub(crate) by_making: bool,
    /// Where the mover's pieces would give check (`gives check` filters), per position.
    pub(crate) check_cells: crate::check_cells::CheckCells,
    pub(crate) track_scratch: MoveList,
    /// With turn tracks: another player's moves, asked for by mate and wait tests.
    pub(crate) track_probe: MoveList,
    /// Moves asked for by `can move` conditions.
    pub(crate) can_scratch: MoveList,
    /// The moves a `must` filter set aside ([`Position::filter_rules`]).
    pub(crate) must_scratch: MoveList,
    /// A material (and set of players still in) for which every after-move rule about
    /// the position, all reading the material alone, was false (`rules/after.rs`).
    pub(crate) material_memo: Option<u64>,
    /// With turn tracks: the player found checkmated by the last legal-move
    /// generation (derived, not part of the state).
    pub(crate) mated: Option<Player>,
    pub(crate) pinned: CellSet,
    /// Pieces of the player to move on cells of a closed flank behind which an
    /// attacker sees his royal (set with `pinned`).
    pub(crate) flank_pinned: CellSet,
    /// For the first `npins` entries: a pinned piece and the cells it may move to
    /// (its pin line up to and including the pinner). Buffers are reused.
    pub(crate) pin_lines: Vec<(Cell, CellSet)>,
    pub(crate) npins: usize,
    pub(crate) pin_scratch: CellSet,
    /// With a single checker: the cells where a move resolves the check (the
    /// checker's cell and the cells between it and the royal).
    pub(crate) block: CellSet,
    /// True while a move is made only to test it (legality, mate questions): `make`
    /// then skips the after-move rules that generate moves, which no such test
    /// depends on.
    pub(crate) probing: bool,
    /// Per cell, for variants with mines (else empty): `mines::MINE | mines::PRIMED`.
    pub(crate) mines: Vec<u8>,
    /// The random generator's state (splitmix64), seeded by the rules.
    pub(crate) rng: u64,
    /// A move the player to move was refused (a mine's `undo`) and may not repeat.
    pub(crate) refused: Option<Move>,
    /// Mine undo records, one per move made (variants with mines only).
    pub(crate) mine_log: Vec<mined::MineUndo>,
    /// Announcements made by the moves played.
    pub(crate) announcements: Vec<Announcement>,
    /// Per kind, for variants with hands (else empty): pieces in its owner's hand.
    pub(crate) hand: Vec<u8>,
    /// Per cell, for variants whose captures go to hand (else empty): the type + 1
    /// the piece there had before it promoted, 0 when it did not.
    pub(crate) origin: Vec<u8>,
}

impl Position {
    /// The start position of the variant (its `setup` lines, first player to move).
    pub fn start(variant: &Arc<Variant>) -> Position {
        let mut p = Position::empty(variant);
        for &(cell, kind) in &variant.setup {
            p.put(cell, kind);
            if variant.virgin_kinds & crate::ids::bit(kind) != 0 {
                p.virgin.insert(cell);
            }
        }
        if variant.hands.on {
            p.hand.clone_from(&variant.hands.start);
        }
        p.lay_mines();
        p.hash = p.compute_hash();
        p.after_setup();
        p
    }

    /// An empty board, first player to move.
    pub(crate) fn empty(variant: &Arc<Variant>) -> Position {
        let v = variant.clone();
        let cells = v.cell_count();
        let kinds = v.kind_count();
        let players = v.player_count();
        let mut p = Position {
            board: vec![0; cells],
            plist: vec![0; kinds * cells],
            plen: vec![0; kinds],
            type_count: [0; dsl::limits::MAX_PIECE_TYPES],
            material: 0,
            player_material: [0; dsl::limits::MAX_PLAYERS],
            slot: vec![0; cells],
            present: 0,
            kind_cells: vec![
                0;
                if cells <= crate::move_bits::MAX_CELLS {
                    kinds
                } else {
                    0
                }
            ],
            virgin: CellSet::new(cells),
            ep: Vec::new(),
            to_move: 0,
            turns: vec![0; if v.has_tracks() { v.track_count() } else { 0 }],
            track_moves: vec![1; if v.has_tracks() { v.track_count() } else { 0 }],
            cursor: 0,
            eliminated: 0,
            control: (0..players)
                .flat_map(|o| std::iter::repeat(o as Player).take(v.regions))
                .collect(),
            moved_by: [0; dsl::limits::MAX_PLAYERS],
            lost: vec![0; players],
            counters: vec![0; players * v.rules.counters.len()],
            quiet: 0,
            reversible: 0,
            ply: 0,
            move_number: 1,
            hash: 0,
            finish: None,
            history: Vec::new(),
            undo: Vec::new(),
            ep_log: Vec::new(),
            ctl_log: Vec::new(),
            removed_log: Vec::new(),
            counter_log: Vec::new(),
            transfer_log: Vec::new(),
            scratch: MoveList::new(),
            perft_counting: false,
            repeats_decide: false,
            in_can: false,
            probes: 0,
            captures_only: false,
            by_making: false,
            check_cells: crate::check_cells::CheckCells::new(cells),
            track_scratch: MoveList::new(),
            track_probe: MoveList::new(),
            can_scratch: MoveList::new(),
            must_scratch: MoveList::new(),
            material_memo: None,
            mated: None,
            pinned: CellSet::new(cells),
            flank_pinned: CellSet::new(cells),
            pin_lines: Vec::new(),
            npins: 0,
            pin_scratch: CellSet::new(cells),
            block: CellSet::new(cells),
            probing: false,
            mines: vec![0; if v.rules.mines.is_some() { cells } else { 0 }],
            rng: v.rules.mines.as_ref().map_or(0, |m| m.seed),
            refused: None,
            mine_log: Vec::new(),
            announcements: Vec::new(),
            hand: vec![0; if v.hands.on { kinds } else { 0 }],
            origin: vec![0; if v.hands.captures { cells } else { 0 }],
            v,
        };
        p.recount_control();
        p.set_every_turn();
        p
    }

    /// The variant this position belongs to.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.v
    }

    /// The hash of everything that decides the game from here (board, unmoved pieces,
    /// en-passant entries, player to move, eliminations, control, a recorded result,
    /// and lost points when a rule reads them).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch; equals [`Position::hash`] unless there is a bug.
    pub fn compute_hash(&self) -> u64 {
        let v = &*self.v;
        let k = &v.keys;
        let mut h = self.turn_hash();
        for (c, &sq) in self.board.iter().enumerate() {
            if sq != 0 {
                h ^= k.piece(sq - 1, c as Cell);
            }
        }
        for c in self.virgin.iter() {
            h ^= k.virgin(c);
        }
        for e in &self.ep {
            h ^= e.key(v);
        }
        for p in 0..v.player_count() {
            if self.eliminated & (1 << p) != 0 {
                h ^= k.eliminated(p as Player);
            }
        }
        for (i, &c) in self.control.iter().enumerate() {
            let owner = (i / v.regions) as Player;
            if c != owner {
                h ^= k.control(owner, i % v.regions, c);
            }
        }
        if self.finish.is_some() {
            h ^= k.finished;
        }
        if v.rules.reads_lost() {
            for (p, &points) in self.lost.iter().enumerate() {
                h ^= k.lost(p as Player, points);
            }
        }
        let n = v.player_count();
        for (i, &value) in self.counters.iter().enumerate() {
            h ^= k.counter(i / n, (i % n) as Player, value);
        }
        if v.hands.on {
            h ^= self.hand_hash();
        }
        h ^ self.mine_hash()
    }

    /// The part of the hash that says whose turn it is: the player to move, or with
    /// turn tracks every track's player to move and the scheduled track.
    pub(crate) fn turn_hash(&self) -> u64 {
        let k = &self.v.keys;
        if self.turns.is_empty() {
            return k.to_move(self.to_move);
        }
        let mut h = k.cursor(self.cursor as usize);
        for (t, &p) in self.turns.iter().enumerate() {
            h ^= k.turn(t, p);
        }
        h
    }

    /// Sets the first counter's values (from FEN) and rehashes.
    pub(crate) fn set_counters(&mut self, values: &[i64]) {
        for (slot, &x) in self.counters.iter_mut().zip(values) {
            *slot = x;
        }
        self.hash = self.compute_hash();
        self.after_setup();
    }

    /// Puts a piece on an empty cell (no hash update).
    pub(crate) fn put(&mut self, cell: Cell, kind: Kind) {
        debug_assert_eq!(self.board[cell as usize], 0);
        self.board[cell as usize] = kind + 1;
        let n = self.plen[kind as usize];
        self.plist[kind as usize * self.v.cell_count() + n as usize] = cell;
        self.slot[cell as usize] = n;
        self.plen[kind as usize] = n + 1;
        self.present |= crate::ids::bit(kind);
        self.toggle_cell(kind, cell);
        self.count_material(kind, n, n + 1);
    }

    /// Updates the material keys: the pieces of `kind` went from `was` to `now` (one
    /// more or one fewer).
    #[inline]
    pub(crate) fn count_material(&mut self, kind: Kind, was: u16, now: u16) {
        let (t, owner) = (
            self.v.kind_type[kind as usize],
            self.v.kind_owner[kind as usize],
        );
        let key = crate::material::piece_key(t);
        let c = &mut self.type_count[t as usize];
        let player = &mut self.player_material[owner as usize];
        if now > was {
            *c += 1;
            *player = player.wrapping_add(key);
            self.material = self.material.wrapping_add(key);
        } else {
            *c -= 1;
            *player = player.wrapping_sub(key);
            self.material = self.material.wrapping_sub(key);
        }
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({:?})", self.to_string())
    }
}

impl PartialEq for Position {
    /// Positions are equal when they are the same game state: same variant, pieces,
    /// unmoved pieces, en-passant entries, turn, eliminations, control, counters,
    /// result, and lost points when a rule reads them: what the position string holds.
    /// Piece-list order and history are not compared.
    fn eq(&self, o: &Position) -> bool {
        Arc::ptr_eq(&self.v, &o.v)
            && (!self.v.rules.reads_lost() || self.lost == o.lost)
            && self.board == o.board
            && self.virgin == o.virgin
            && self.ep == o.ep
            && self.to_move == o.to_move
            && self.turns == o.turns
            && self.track_moves == o.track_moves
            && self.cursor == o.cursor
            && self.eliminated == o.eliminated
            && self.control == o.control
            && self.counters == o.counters
            && self.quiet == o.quiet
            && self.move_number == o.move_number
            && self.finish == o.finish
            && self.hash == o.hash
            && self.mines == o.mines
            && self.refused == o.refused
            && self.rng == o.rng
            && self.hand == o.hand
            && self.origin == o.origin
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::chess;

    #[test]
    fn start_position() {
        let v = chess();
        let p = Position::start(&v);
        let e1 = v.cell("e1").unwrap();
        let king = p.piece_at(e1).unwrap();
        assert_eq!(v.piece_types()[king.piece_type as usize].name, "king");
        assert_eq!(king.owner, 0);
        assert_eq!(p.piece_at(v.cell("e4").unwrap()), None);
        assert_eq!(p.piece_at(9999), None);
        assert!(p.is_unmoved(e1) && !p.is_unmoved(v.cell("e2").unwrap()));
        assert_eq!(
            (p.to_move(), p.ply(), p.move_number(), p.quiet_plies()),
            (0, 0, 1, 0)
        );
        assert_eq!(p.hash(), p.compute_hash());
        p.debug_validate().unwrap();
        assert_eq!(format!("{p:?}"), format!("Position({:?})", p.to_string()));
    }

    #[test]
    fn piece_lists_keep_their_order_through_remove_and_restore() {
        let v = chess();
        let mut p = Position::start(&v);
        let pawn = p.board[v.cell("a2").unwrap() as usize] - 1;
        let before = p.pieces_of(pawn).to_vec();
        let c = v.cell("c2").unwrap();
        let i = p.slot[c as usize];
        let k = p.remove(c);
        assert_eq!(p.pieces_of(pawn).len(), 7);
        p.restore(c, k, i);
        assert_eq!(p.pieces_of(pawn), &before[..]);
        p.debug_validate().unwrap();
    }
}

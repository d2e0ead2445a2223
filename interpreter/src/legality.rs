//! Legal moves: pseudo-legal moves filtered by the rules (`rules/filter.rs`: `forbid`,
//! the check rule, `must`); this file is the check rule.
//!
//! With the check rule in force and exactly one royal, checkers and pinned pieces are
//! found by walking rays from the royal. Then an ordinary move (no en passant, no
//! castle, no royal captured, no promotion to a royal) of an unpinned piece that is
//! not royal and not on a flank cell needs no test when the player is not in check; a
//! pinned one may move along its pin line; in single check it is legal exactly when it
//! lands on the checker or between checker and royal. The other ordinary moves and
//! drops (a royal's move, a flank cell emptied, double check, flanked boards in check,
//! and every move when hoppers or lame leapers attack: pins do not see their screens
//! and legs) are tested on the board alone: the piece lifted and put down, the royal's
//! cell looked at through the attack tables, the two cells restored. A castle of the
//! royal is legal once generated when its safe cells decide it
//! (`CastleInfo::safe_decides`: the king's target is one, and the castle opens no line
//! to it). Captures that explode are read on the board (`blast.rs`). Only what the
//! tables cannot see is made, tested and unmade: en passant, other castles, captures
//! of royals, several royals, other explosions, an `unless` condition, and attackers
//! whose captures are found by generation (`first` captures, capture filters, hops over
//! some screens only). [`Position::probe_count`] counts those.

use crate::cellset::CellSet;
use crate::ids::{bit, Cell, Player};
use crate::moves::{mk, Move, MoveList};
use crate::position::Position;
use crate::rules::{Effect, Subject};
use crate::topology::{for_each_passed, RayNode, Topology};

/// What the ray walk from the royal found.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Check {
    /// Not attacked.
    None,
    /// One checker; `Position::block` holds the cells that resolve it.
    Single,
    /// Several checkers (or one along several paths).
    Multiple,
}

/// The pin lines of a position, borrowed field by field so that they can be filled
/// while the ray walk borrows the variant.
struct PinLines<'a> {
    lines: &'a mut Vec<(Cell, CellSet)>,
    count: &'a mut usize,
    scratch: &'a mut CellSet,
}

/// What the legality loop needs to know of the position, found once per list.
#[derive(Clone, Copy)]
struct LoopShape {
    royal: Cell,
    attackers: u64,
    count: usize,
    check: Check,
    /// Plain moves and drops are tested on the board alone.
    on_board: bool,
    /// Pins and checkers decide.
    fast: bool,
    explodes: bool,
    unless: bool,
    flanks: bool,
}

/// A [`LoopShape`] of the common kind ([`Position::common_shape_of`]).
#[derive(Clone, Copy)]
pub(crate) struct CommonShape(LoopShape);

impl CommonShape {
    /// The royal whose safety the check rule keeps.
    pub(crate) fn royal(&self) -> Cell {
        self.0.royal
    }

    /// True when the royal is not attacked.
    pub(crate) fn out_of_check(&self) -> bool {
        self.0.check == Check::None
    }
}

impl PinLines<'_> {
    /// Records that the piece on `pinned` is pinned by the piece on node `pinner` of
    /// `nodes`: it may move to the pinner's cell or a cell between it and the royal.
    /// A piece pinned twice keeps the intersection of its lines.
    fn record(self, nodes: &[RayNode], pinned: Cell, pinner: usize) {
        let line = self.scratch;
        line.clear();
        line.insert(nodes[pinner].cell);
        for_each_passed(nodes, pinner, |c| {
            line.insert(c);
        });
        let n = *self.count;
        if let Some(entry) = self.lines[..n].iter_mut().find(|(c, _)| *c == pinned) {
            entry.1.intersect_with(line);
            return;
        }
        if n == self.lines.len() {
            self.lines.push((pinned, line.clone()));
        } else {
            self.lines[n].0 = pinned;
            self.lines[n].1.copy_from(line);
        }
        *self.count = n + 1;
    }
}

/// The first node in `start..end` of `nodes` (a subtree) whose piece attacks the ray's
/// origin: the first piece of each branch is looked at, its kind tested against `live`
/// and the node's attack mask; branches behind a closed flank are skipped, but for the
/// flank entering node `open`, taken as opened.
pub(crate) fn first_attacker_in(
    topo: &Topology,
    nodes: &[RayNode],
    (start, end): (usize, usize),
    open: usize,
    board: &[u8],
    live: u64,
) -> Option<usize> {
    let mut j = start;
    while j < end {
        let m = nodes[j];
        if j != open && m.flank != 0 && topo.flank_blocked(m.flank, board) {
            j = m.skip as usize;
            continue;
        }
        let sq = board[m.cell as usize];
        if sq == 0 {
            j += 1;
            continue;
        }
        if m.attack & live & bit(sq - 1) != 0 {
            return Some(j);
        }
        j = m.skip as usize;
    }
    None
}

impl Position {
    /// The legal moves of the player to move (empty when the game is over). With turn
    /// tracks: those of the scheduled player on the scheduled track, else on his other
    /// tracks (see `tracks.rs`); [`Position::every_move_into`] lists every track's moves. The position is unchanged
    /// afterwards; `&mut` is needed because some moves are tried on the board.
    pub fn legal_moves(&mut self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list
    }

    /// Calls `f` with every legal move, without allocating once warmed up.
    pub fn for_each_legal(&mut self, mut f: impl FnMut(Move)) {
        let mut list = std::mem::take(&mut self.scratch);
        self.legal_moves_into(&mut list);
        for &m in list.iter() {
            f(m);
        }
        self.scratch = list;
    }

    /// Fills `list` with the legal moves (cleared first): empty when the game is over,
    /// adjudication (repetition, quiet moves, material, move limits) included.
    ///
    /// When the player has no move and the rules let the game go on (`pass`, an
    /// elimination that leaves two players or more), the list holds the single pass
    /// move.
    pub fn legal_moves_into(&mut self, list: &mut MoveList) {
        self.rule_moves_into(list);
        if !list.is_empty() && self.adjudicated().is_some() {
            list.clear();
        }
    }

    /// The legal moves that take a piece ([`Position::takes_piece`]): those of
    /// [`Position::legal_moves_into`], in the same order, but generated without the
    /// quiet moves, which are never tested for legality (the search's quiescence asks
    /// for these at every node). When a `must` rule or turn tracks make a move's
    /// legality depend on the others, the legal moves are generated and the captures
    /// kept.
    pub fn legal_captures_into(&mut self, list: &mut MoveList) {
        if self.captures_need_every_move() {
            self.legal_moves_into(list);
            let mut w = 0;
            for r in 0..list.len() {
                let m = list[r];
                if self.takes_piece(m) {
                    list.set(w, m);
                    w += 1;
                }
            }
            list.truncate(w);
            return;
        }
        self.legal_captures_generated(list, |pos, list| pos.gen_pseudo(list));
    }

    /// True when a capture's legality depends on the other moves (`must` rules, turn
    /// tracks): captures are then found among all the legal moves.
    fn captures_need_every_move(&self) -> bool {
        !self.turns.is_empty() || self.v.rules.filters.iter().any(|f| f.must)
    }

    /// Fills `list` with the moves `generate` makes while only captures are generated,
    /// then keeps the legal ones (none when the game is over or adjudicated).
    fn legal_captures_generated(
        &mut self,
        list: &mut MoveList,
        generate: impl FnOnce(&Position, &mut MoveList),
    ) {
        list.clear();
        if self.finish.is_some() {
            return;
        }
        self.captures_only = true;
        generate(self, list);
        self.captures_only = false;
        let me = self.to_move;
        self.filter_rules(me, list);
        if !list.is_empty() && self.adjudicated().is_some() {
            list.clear();
        }
    }

    /// The legal captures of the pieces of `kinds` (kinds of the player to move) that
    /// land on `target`, as [`Position::legal_captures_into`] would list them: the
    /// static exchange evaluation asks for these at every step. Where a capture's
    /// legality depends on the other moves (`must` rules, turn tracks) or captures
    /// open gates, every legal capture is generated and those onto `target` kept.
    pub(crate) fn legal_captures_onto(&mut self, target: Cell, kinds: u64, list: &mut MoveList) {
        if self.captures_need_every_move() || self.v.hands.gate_kinds != 0 {
            self.legal_captures_into(list);
            list.retain(|m| m.to == target && m.from != target);
            return;
        }
        self.legal_captures_generated(list, |pos, list| {
            let me = pos.to_move;
            pos.gen_pieces(
                kinds & pos.friends_of(me) & pos.present,
                pos.untakeable(me),
                list,
            );
            list.retain(|m| m.to == target && m.from != target);
        });
    }

    /// True when `m` (a move remembered for a position with the same hash, maybe
    /// another one) is legal here, found without generating every move: the piece on
    /// its cell generates it and the rules keep it. `list` is scratch. False too where
    /// that is not enough to tell: a move's legality depends on the others (`must`
    /// rules, turn tracks), gates, castles, drops and moves in place; the caller then
    /// generates them all.
    pub(crate) fn legal_alone(&mut self, m: Move, list: &mut MoveList) -> bool {
        let plain = matches!(m.kind, mk::NORMAL | mk::CREATES_EP | mk::EP_CAPTURE);
        if !plain
            || m.from == m.to
            || self.finish.is_some()
            || self.captures_need_every_move()
            || self.v.hands.gate_kinds != 0
        {
            return false;
        }
        let sq = self.board[m.from as usize];
        let me = self.to_move;
        if sq == 0 || self.friends_of(me) & bit(sq - 1) == 0 {
            return false;
        }
        list.clear();
        self.gen_piece(sq - 1, m.from, self.untakeable(me), list);
        if !list.contains(&m) {
            return false;
        }
        list.clear();
        list.push(m);
        self.filter_rules(me, list);
        !list.is_empty()
    }

    /// True when `m` takes a piece: it lands on an occupied cell (not a castle, not a
    /// promotion in place), or captures en passant.
    pub fn takes_piece(&self, m: Move) -> bool {
        match m.kind {
            mk::EP_CAPTURE => true,
            mk::NORMAL | mk::CREATES_EP => m.from != m.to && self.board[m.to as usize] != 0,
            _ => false,
        }
    }

    /// [`Position::legal_moves_into`] without adjudication: the moves perft counts and
    /// the search tries (it judges repetitions and the like itself).
    pub(crate) fn rule_moves_into(&mut self, list: &mut MoveList) {
        list.clear();
        if self.finish.is_some() {
            return;
        }
        if !self.turns.is_empty() {
            self.legal_track_moves_into(list);
            return;
        }
        self.gen_pseudo(list);
        if self.v.rules.allow_pass {
            list.push(Move::voluntary_pass());
        }
        let me = self.to_move;
        self.filter_rules(me, list);
        if list.is_empty() && self.pass_continues() {
            list.push(Move::pass());
        }
    }

    /// Keeps the moves of `list` that leave none of `me`'s royals attacked.
    pub(crate) fn filter_legal(&mut self, me: Player, list: &mut MoveList) {
        if self.v.hands.gate_kinds != 0 {
            self.filter_legal_as::<true>(me, list)
        } else {
            self.filter_legal_as::<false>(me, list)
        }
    }

    /// [`Position::filter_legal`], for variants with gates (`GATES`) or without (the
    /// loop then never looks at gates).
    #[inline(always)]
    fn filter_legal_as<const GATES: bool>(&mut self, me: Player, list: &mut MoveList) {
        let Some(shape) = self.loop_shape(me) else {
            return;
        };
        // The common case (no gates, explosions, `unless`, flanks or mines) runs the
        // same loop with those branches compiled out.
        if !GATES && self.common_shape(&shape) {
            self.legality_loop::<false, true>(me, list, shape);
        } else {
            self.legality_loop::<GATES, false>(me, list, shape);
        }
    }

    /// True when `shape` is the common one: pins and checkers decide, and there are no
    /// explosions, `unless`, flanks or mines (gates are the caller's to rule out).
    #[inline(always)]
    fn common_shape(&self, shape: &LoopShape) -> bool {
        shape.fast && !shape.explodes && !shape.unless && !shape.flanks && self.mines.is_empty()
    }

    /// What the legality loop needs to know of `me`'s position: his royal, the
    /// attackers, whether pins and checkers decide and, when they do, the pins and
    /// checks (found here). `None` when `me` has no royal: every move is legal.
    #[inline(always)]
    fn loop_shape(&mut self, me: Player) -> Option<LoopShape> {
        let mut shape = self.shape_before_pins(me)?;
        if shape.fast {
            shape.check = self.find_pins(shape.royal, shape.attackers);
        }
        Some(shape)
    }

    /// [`Position::loop_shape`] before the pins and checks are looked for (`check`
    /// is then `Multiple`).
    #[inline(always)]
    fn shape_before_pins(&mut self, me: Player) -> Option<LoopShape> {
        let mut royals = [0 as Cell; 8];
        let count = self.royals_of(me, &mut royals);
        if count == 0 {
            return None;
        }
        let attackers = self.attackers_of(me);
        // An `unless` condition about the move alone (`captures royal`) is read before
        // the move: the check rule decides the rest as if there were none.
        let explodes = self.v.rules.explodes;
        let unless = self.v.rules.unless.is_some();
        let unless_before = self
            .v
            .rules
            .unless
            .as_ref()
            .is_some_and(|c| !c.reads_after(false));
        let live = attackers & self.present;
        // Plain moves and drops are tested on the board alone, moved without make and
        // unmake, when the attack tables see every attacker (with explosions: the
        // moves that explode nothing).
        let on_board = count == 1
            && (!unless || unless_before)
            && live & self.v.tables.irregular == 0
            && !self.by_making
            && self.v.rules.transfer.is_none();
        // Pins and checkers decide most moves without a test, unless hoppers or lame
        // leapers attack (a move anywhere on a line may open or close their screens
        // and legs), or captures explode (an attack that would blow up the attacker's
        // own royal is none).
        // With explosions the attacks on the royal are the plain ones while no
        // opponent's royal stands in the blast of a capture on it.
        let fast = on_board
            && (!explodes || self.no_blast_reaches(me, royals[0]))
            && live & self.v.tables.pin_unsafe == 0;
        Some(LoopShape {
            royal: royals[0],
            attackers,
            count,
            check: Check::Multiple,
            on_board,
            fast,
            explodes,
            unless,
            // In check on a flanked board a move may block by filling a flank.
            flanks: self.v.topo.has_flanks(),
        })
    }

    /// For [`crate::leaf_count`]: when the check rule's filter of `me`'s moves has
    /// the common shape, the shape, with the pins and checks found. Out of check an
    /// ordinary move (a target or slide atom's, not promoting, taking no royal) of a
    /// piece that is neither the royal nor pinned is then legal without a test, and
    /// [`Position::keep_legal_common`] decides the others.
    pub(crate) fn common_shape_of(&mut self, me: Player) -> Option<CommonShape> {
        let mut shape = self.shape_before_pins(me)?;
        if !self.common_shape(&shape) {
            return None;
        }
        shape.check = self.find_pins(shape.royal, shape.attackers);
        Some(CommonShape(shape))
    }

    /// Keeps the legal moves of `list` in the position [`Position::common_shape_of`]
    /// read (nothing is read again).
    pub(crate) fn keep_legal_common(
        &mut self,
        me: Player,
        shape: CommonShape,
        list: &mut MoveList,
    ) {
        self.legality_loop::<false, true>(me, list, shape.0);
    }

    /// Keeps the legal moves of `list` (see [`Position::filter_legal_as`]); with
    /// `COMMON` the shape is known to have no gates, explosions, `unless`, flanks or
    /// mines, and pins and checkers decide (`fast`).
    #[inline(always)]
    fn legality_loop<const GATES: bool, const COMMON: bool>(
        &mut self,
        me: Player,
        list: &mut MoveList,
        shape: LoopShape,
    ) {
        let LoopShape {
            royal,
            attackers,
            count,
            check,
            ..
        } = shape;
        let on_board = COMMON || shape.on_board;
        let fast = COMMON || shape.fast;
        let explodes = !COMMON && shape.explodes;
        let unless = !COMMON && shape.unless;
        let flanks = !COMMON && shape.flanks;
        let mined = |p: &Position, c: Cell| !COMMON && p.mined(c);
        let blockable = check == Check::Single && !flanks;
        let royal_kinds = self.v.royal_kinds;
        // A plain move onto an empty cell takes nothing: an `unless` met only by a
        // capture (`captures royal`) is not read for it.
        let unless_by_capture = self.v.rules.unless_needs_capture;
        let pins = fast && !self.pinned.is_empty();
        // A castle of the royal whose safe cells decide it was tested when it was
        // generated (`CastleInfo::safe_decides`).
        let castles_decided = fast && !explodes && !unless && self.mines.is_empty();
        // Out of check in the common shape most moves need no test: read without
        // branches whether this one does (a royal's move, a pinned piece's, no
        // ordinary move, a capture of a royal, a promotion).
        let quick = COMMON && check == Check::None;
        let royal_targets = u128::from(royal_kinds) << 1;
        let mut w = 0;
        for r in 0..list.len() {
            let gated = list[r];
            if quick {
                let target = self.board[gated.to as usize];
                let special = (gated.from == royal)
                    | (gated.kind > mk::CREATES_EP)
                    | ((royal_targets >> target) & 1 != 0)
                    | gated.changes_type()
                    | (pins && self.pinned.contains(gated.from));
                if !special {
                    list.set(w, gated);
                    w += 1;
                    continue;
                }
            }
            // A move that opens a gate is legal when the same move without it is (the
            // piece entering blocks nothing for this test, as in Fairy-Stockfish).
            let m = if GATES { gated.without_gate() } else { gated };
            let target = self.board[m.to as usize];
            // Not plain: captures of a royal (control may change) and promotions to a
            // royal type (a new royal to keep safe).
            let plain = m.kind <= mk::CREATES_EP
                && (target == 0 || royal_kinds & bit(target - 1) == 0)
                && m.promotion()
                    .map_or(true, |t| !self.v.types[t as usize].royal)
                && !mined(self, m.to);
            // A drop moves nothing away: it is legal unless it leaves a check
            // unblocked (a dropped royal is a new royal to keep safe).
            let drop =
                m.kind == mk::DROP && royal_kinds & bit(m.aux as u8) == 0 && !mined(self, m.to);
            let legal = if m.kind == mk::CASTLE
                && castles_decided
                && m.from == royal
                && self.v.castles[m.castle_index()].safe_decides
            {
                true
            } else if !(plain || drop) || !on_board || explodes && !self.explodes_nothing(m) {
                // A capture that explodes is read on the board when it can be.
                let lifted = if explodes && on_board && (plain || m.kind == mk::EP_CAPTURE) {
                    self.blast_survives(me, m, &[royal], attackers)
                } else {
                    None
                };
                match lifted {
                    Some(legal) => legal,
                    None => self.try_move(me, m, count),
                }
            } else if unless
                && (target != 0 || !unless_by_capture)
                && self.unless_holds_before(me, m)
            {
                true
            } else if !fast {
                self.survives_on_board(me, m, royal, attackers)
            } else if drop {
                match check {
                    Check::None => true,
                    Check::Single if blockable => self.block.contains(m.to),
                    _ => self.survives_on_board(me, m, royal, attackers),
                }
            } else if m.from == royal || flanks && self.flank_pinned.contains(m.from) {
                // The royal's target with the royal lifted; a flank cell that empties
                // may open a diagonal anywhere.
                self.survives_on_board(me, m, royal, attackers)
            } else if pins && self.pinned.contains(m.from) {
                // Off its line a pinned piece may still close a flank of the line.
                if check == Check::None && (!flanks || self.pin_line(m.from).contains(m.to)) {
                    self.pin_line(m.from).contains(m.to)
                } else {
                    self.survives_on_board(me, m, royal, attackers)
                }
            } else {
                match check {
                    Check::None => true,
                    Check::Single if blockable => self.block.contains(m.to),
                    _ => self.survives_on_board(me, m, royal, attackers),
                }
            };
            if legal {
                list.set(w, gated);
                w += 1;
            }
        }
        list.truncate(w);
    }

    /// True when, with `m`'s piece lifted from its cell and put on its target (a piece
    /// there removed), no piece of `attackers` attacks `royal` (or the royal's target,
    /// when it moves). For plain moves and drops of one royal's player under the check
    /// rule alone, whose effects beyond the two cells no attack can see.
    fn survives_on_board(&mut self, me: Player, m: Move, royal: Cell, attackers: u64) -> bool {
        let (from, to) = (m.from as usize, m.to as usize);
        let (was_from, was_to) = (self.board[from], self.board[to]);
        let moved = if m.kind == mk::DROP {
            m.aux as u8 + 1
        } else {
            was_from
        };
        self.board[from] = 0;
        self.board[to] = moved;
        let king = if m.from == royal && m.kind != mk::DROP {
            m.to
        } else {
            royal
        };
        let hit = self.royal_cell_attacked(me, king, attackers);
        self.board[to] = was_to;
        self.board[from] = was_from;
        !hit
    }

    /// True when a capture on `cell` by any opponent of `me` would blow up none of the
    /// capturer's own royals: then whether a royal of `me` there is attacked is the
    /// plain attack test, and pins and checkers decide quiet moves as in chess.
    fn no_blast_reaches(&self, me: Player, cell: Cell) -> bool {
        (0..self.v.player_count() as Player).all(|o| o == me || !self.blast_hits_royal(o, cell))
    }

    /// True when `m` (an ordinary move or drop) explodes nothing: it lands on an empty
    /// cell, and no after-move rule with an explosion holds for it, each read from the
    /// move alone (a rule that reads the position after the move may hold).
    #[inline]
    fn explodes_nothing(&self, m: Move) -> bool {
        self.board[m.to as usize] == 0
            && (self.v.rules.quiet_explodes_nothing || self.no_explosion_rule_holds(m))
    }

    /// For [`Position::explodes_nothing`], a move onto an empty cell: no after-move
    /// rule with an explosion holds for it.
    #[inline(never)]
    fn no_explosion_rule_holds(&self, m: Move) -> bool {
        let mover = self.to_move;
        let mut scope = None;
        self.v
            .rules
            .after
            .iter()
            .filter(|r| r.effects.iter().any(|e| matches!(e, Effect::Explode(_))))
            .all(|r| {
                if r.subject != Subject::Mover || r.cond.reads_after(false) {
                    return false;
                }
                // A move onto an empty cell takes nothing (en passant is no ordinary
                // move): `if captures` is read without gathering the move's facts.
                if r.cond.needs_capture() {
                    return true;
                }
                let scope = scope.get_or_insert_with(|| crate::rules::Scope {
                    subject: mover,
                    mover,
                    facts: Some(self.facts_before(m)),
                });
                !self.holds_now(&r.cond, scope)
            })
    }

    /// The cells the pinned piece on `cell` may move to.
    fn pin_line(&self, cell: Cell) -> &CellSet {
        let i = self.pin_lines[..self.npins]
            .iter()
            .position(|(c, _)| *c == cell)
            .expect("a pinned piece has a pin line");
        &self.pin_lines[i].1
    }

    /// Makes `m` as a probe, tests `me`'s royals (he has `royals` of them), unmakes
    /// it. Legal when none is attacked, or when the check rule's `unless` condition
    /// lets the move through; never when an explosion took one of them.
    pub(crate) fn try_move(&mut self, me: Player, m: Move, royals: usize) -> bool {
        self.probe(m, |p| {
            p.royals_kept(me, royals) && (!p.royal_attacked(me) || p.unless_holds(me))
        })
    }

    /// False when `me` had `royals` royals before his move and, with explosions, fewer
    /// now: a move may not blow up its own royal.
    pub(crate) fn royals_kept(&self, me: Player, royals: usize) -> bool {
        let mut cells = [0 as Cell; 8];
        !self.v.rules.explodes || self.royals_of(me, &mut cells) >= royals
    }

    /// True when a mine lies on `cell` (a move there may blow the piece up).
    #[inline]
    fn mined(&self, cell: Cell) -> bool {
        !self.mines.is_empty() && self.mines[cell as usize] != 0
    }

    /// Fills `self.pinned` with the pieces pinned to `royal`, `self.flank_pinned`
    /// with the pieces whose cell closes a flank that would let an attacker through to
    /// it, and `self.block` with the cells that resolve a single check.
    fn find_pins(&mut self, royal: Cell, attackers: u64) -> Check {
        self.pinned.clear();
        self.flank_pinned.clear();
        self.npins = 0;
        let friends = self.friends_of(self.to_move);
        let v = &*self.v;
        let t = &v.tables;
        let topo = &v.topo;
        let live = attackers & self.present;
        if live & t.reach[royal as usize] == 0 {
            return Check::None;
        }
        let mut checkers = 0;
        let board = &self.board;
        for d in 0..topo.dirs as u8 {
            let id = topo.ray_id(royal, d);
            if t.ray_kinds[id as usize].0 & live == 0 {
                continue;
            }
            let nodes = topo.ray(id);
            let mut i = 0;
            while i < nodes.len() {
                let n = nodes[i];
                if n.flank != 0 && topo.flank_blocked(n.flank, board) {
                    // A piece of ours that leaves the flank opens the diagonal.
                    let subtree = (i, n.skip as usize);
                    if first_attacker_in(topo, nodes, subtree, i, board, live).is_some() {
                        for &c in topo.flank(n.flank) {
                            let s = board[c as usize];
                            if friends & bit(s - 1) != 0 {
                                self.flank_pinned.insert(c);
                            }
                        }
                    }
                    i = n.skip as usize;
                    continue;
                }
                let sq = board[n.cell as usize];
                if sq == 0 {
                    i += 1;
                    continue;
                }
                let k = bit(sq - 1);
                if n.attack & live & k != 0 {
                    checkers += 1;
                    if checkers == 1 {
                        let block = &mut self.block;
                        block.clear();
                        block.insert(n.cell);
                        for_each_passed(nodes, i, |c| {
                            block.insert(c);
                        });
                    }
                } else if friends & k != 0 {
                    // Behind a friend: the first piece of each branch of its subtree.
                    let subtree = (i + 1, n.skip as usize);
                    if let Some(j) =
                        first_attacker_in(topo, nodes, subtree, usize::MAX, board, live)
                    {
                        self.pinned.insert(n.cell);
                        let lines = PinLines {
                            lines: &mut self.pin_lines,
                            count: &mut self.npins,
                            scratch: &mut self.pin_scratch,
                        };
                        lines.record(nodes, n.cell, j);
                    }
                }
                i = n.skip as usize;
            }
        }
        if t.leap_kinds[royal as usize] & live != 0 {
            for s in t.leaps_to(royal) {
                let sq = board[s.from as usize];
                if sq != 0 && s.kinds & live & bit(sq - 1) != 0 && t.need_holds(s.need, board, topo)
                {
                    checkers += 1;
                    if checkers == 1 {
                        self.block.clear();
                        self.block.insert(s.from);
                    }
                }
            }
        }
        match checkers {
            0 => Check::None,
            1 => Check::Single,
            _ => Check::Multiple,
        }
    }

    /// Plays `mv` if the rules allow it here: one of [`Position::every_move_into`]'s
    /// moves (with turn tracks, on any track), or a pass or wait of the player to move.
    pub fn play(&mut self, mv: Move) -> Result<(), crate::MoveError> {
        let legal = if mv.kind == mk::PASS {
            self.legal_moves()
        } else {
            self.every_move()
        };

        match legal.iter().find(|m| m.same(mv)) {
            Some(&m) => {
                self.make(m);
                Ok(())
            }
            None if legal.is_empty() => Err(crate::MoveError::GameOver(self.long(mv))),
            None => Err(crate::MoveError::Illegal(self.long(mv))),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::chess;
    use crate::Position;

    fn legal(fen: &str) -> Vec<String> {
        let v = chess();
        let mut p = Position::from_str(&v, fen).unwrap();
        let moves = p.legal_moves();
        let mut out: Vec<String> = moves.iter().map(|&m| p.long(m)).collect();
        out.sort();
        out
    }

    #[test]
    fn pinned_pieces_stay_on_the_line() {
        assert_eq!(
            legal("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1"),
            ["e1d1", "e1d2", "e1f1", "e1f2"]
        );
        // A pinned rook may move along the pin.
        let moves = legal("4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1");
        assert!(moves.contains(&"e2e7".to_owned()) && moves.contains(&"e2e5".to_owned()));
        assert!(!moves
            .iter()
            .any(|m| m.starts_with("e2d") || m.starts_with("e2f")));
    }

    #[test]
    fn single_check_is_blocked_or_captured_and_double_check_moves_the_king() {
        assert_eq!(
            legal("4k3/4r3/8/8/8/8/3N4/4K3 w - - 0 1"),
            ["d2e4", "e1d1", "e1f1", "e1f2"]
        );
        assert_eq!(
            legal("4k3/8/8/8/8/5n2/3N4/4r1K1 w - - 0 1"),
            ["g1f2", "g1g2"],
            "double check: only the king moves"
        );
    }

    #[test]
    fn the_king_may_not_step_along_the_checking_line() {
        assert_eq!(
            legal("4k3/8/8/8/8/8/8/r3K3 w - - 0 1"),
            ["e1d2", "e1e2", "e1f2"]
        );
    }

    #[test]
    fn for_each_legal_sees_every_legal_move() {
        let v = chess();
        let mut p = Position::start(&v);
        let mut n = 0;
        p.for_each_legal(|_| n += 1);
        assert_eq!(n, 20);
        assert_eq!(p.legal_moves().len(), 20);
    }
}

#[cfg(test)]
mod royal_promotion {
    use crate::testing::chess_with;
    use crate::Position;

    #[test]
    fn a_pawn_may_not_promote_to_a_royal_on_an_attacked_cell() {
        let v = chess_with("piece rook R {\n slide n e s w\n}\npiece pawn P {\n step n to empty\n promote into far to king\n}\n");
        let mut p = Position::from_str(&v, "r3k3/1P6/8/8/8/8/8/7K w - - 0 1").unwrap();
        let moves: Vec<String> = p.legal_moves().iter().map(|&m| p.long(m)).collect();
        assert!(
            !moves.contains(&"b7b8k".to_owned()),
            "b8 is attacked by the rook: {moves:?}"
        );
        let mut p = Position::from_str(&v, "4k3/1P6/8/8/8/8/8/7K w - - 0 1").unwrap();
        let moves: Vec<String> = p.legal_moves().iter().map(|&m| p.long(m)).collect();
        assert!(moves.contains(&"b7b8k".to_owned()));
    }
}

#[cfg(test)]
mod legal_alone {
    use crate::moves::MoveList;
    use crate::testing::variant;
    use crate::Position;

    /// Along random games: every legal move that is not a castle, drop or move in
    /// place is legal alone; every move of the positions before and after (pseudo-legal
    /// moves of the wrong side, moves into check, moves of pieces gone) is legal alone
    /// exactly when it is among the legal moves.
    #[test]
    fn agrees_with_the_legal_moves() {
        for name in [
            "chess",
            "atomic",
            "xiangqi",
            "grasshopper",
            "shogi",
            "antichess",
        ] {
            let v = variant(name);
            let mut p = Position::start(&v);
            let mut seed = 7u64;
            let mut scratch = MoveList::new();
            let mut others: Vec<crate::Move> = Vec::new();
            let mut checked = 0;
            for _ in 0..60 {
                let legal = p.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let mut pseudo = MoveList::new();
                p.gen_pseudo(&mut pseudo);
                for &m in pseudo.iter().chain(others.iter()) {
                    let alone = p.legal_alone(m, &mut scratch);
                    if alone {
                        assert!(legal.contains(&m), "{name}: {m:?}");
                    }
                    checked += usize::from(alone);
                }
                if p.v.rules.filters.iter().all(|f| !f.must) && p.v.hands.gate_kinds == 0 {
                    for &m in legal.iter() {
                        let special = m.kind > crate::moves::mk::EP_CAPTURE || m.from == m.to;
                        assert!(special || p.legal_alone(m, &mut scratch), "{name}: {m:?}");
                    }
                }
                others = pseudo.iter().copied().collect();
                let i = crate::zobrist::splitmix64(&mut seed) as usize % legal.len();
                p.make(legal[i]);
            }
            assert!(
                checked > 0 || name == "antichess",
                "{name}: nothing legal alone"
            );
        }
    }
}

//! Pseudo-legal move generation from the compiled tables.
//!
//! For every piece the player to move controls, walk its atoms: fixed targets (steps,
//! leaps), rays (slides, hops) and en-passant targets; then the castles. Only
//! occupancy, unmoved pieces and en-passant entries are looked at here; everything
//! else was decided at compile time. Legality is `legality.rs`.

use crate::castling::{CastleLine, OFF_LINE};
use crate::ids::{bit, Cell, Kind};
use crate::moves::{mk, Move, MoveList};
use crate::position::Position;
use crate::tables::{to, Atom, Op, NO_EP};
use dsl::rules::ast::CastleSafety;

/// True when a target holding `sq` suits an atom's `to` rule and the kinds it may take.
#[inline(always)]
fn target_ok(rule: u8, sq: u8, friends: u64, takes: u64) -> bool {
    if sq == 0 {
        rule & to::EMPTY != 0
    } else if friends & bit(sq - 1) != 0 {
        rule & to::FRIEND != 0 && takes & bit(sq - 1) != 0
    } else {
        rule & to::ENEMY != 0 && takes & bit(sq - 1) != 0
    }
}

/// Where the moves of targets and slides go: a list ([`MoveList`], one move per
/// promotion choice) or a count ([`crate::leaf_count`]). Generic, so that each
/// generator is compiled once for each and the list's path stays as it was.
pub(crate) trait MoveSink {
    /// Takes move `m` of a piece of `kind`; `target` is what stands on its target
    /// (a board entry: 0 empty, else kind + 1).
    fn put(&mut self, pos: &Position, kind: Kind, m: Move, target: u8);
}

impl MoveSink for MoveList {
    #[inline(always)]
    fn put(&mut self, pos: &Position, kind: Kind, m: Move, _target: u8) {
        pos.emit(kind, m, self);
    }
}

impl Position {
    /// Appends the pseudo-legal moves of the player to move.
    pub(crate) fn gen_pseudo(&self, list: &mut MoveList) {
        let me = self.to_move;
        let friends = self.friends_of(me);
        let side = self.untakeable(me);
        self.gen_pieces(friends & self.present, side, list);
        if self.captures_only {
            // Gates open on captures too; castles, drops and in-place promotions take
            // nothing.
            if self.v.hands.gate_kinds != 0 {
                self.gen_gates(me, list);
            }
            return;
        }
        self.gen_besides_pieces(None, list);
    }

    /// Appends the moves of the player to move that are not his pieces' own moves:
    /// in-place promotions, castles and drops. `safe`: a cell known not to be
    /// attacked (his royal's, out of check), which castles need not test again.
    #[inline]
    pub(crate) fn gen_besides_pieces(&self, safe: Option<Cell>, list: &mut MoveList) {
        let me = self.to_move;
        let friends = self.friends_of(me);
        let side = self.untakeable(me);
        let mut in_place = self.v.tables.in_place_kinds & friends & self.present;
        while in_place != 0 {
            let kind = in_place.trailing_zeros() as Kind;
            in_place &= in_place - 1;
            self.gen_in_place(kind, side, list);
        }
        self.gen_castles(me, friends, safe, list);
        if self.v.hands.on {
            self.gen_from_hand(me, list);
        }
    }

    /// The kinds `me`'s moves may not take: his own and his teammates'.
    #[inline]
    pub(crate) fn untakeable(&self, me: crate::ids::Player) -> u64 {
        if self.v.rules.teams {
            self.side_of(me)
        } else {
            self.friends_of(me)
        }
    }

    /// Appends the moves of every piece of the kinds in `kinds` (`side`: the pieces
    /// they may not take).
    #[inline]
    pub(crate) fn gen_pieces(&self, kinds: u64, side: u64, list: &mut MoveList) {
        let mut kinds = kinds;
        while kinds != 0 {
            let kind = kinds.trailing_zeros() as Kind;
            kinds &= kinds - 1;
            for &from in self.pieces_of(kind) {
                self.gen_piece(kind, from, side, list);
            }
        }
    }

    /// The `promote in place` moves of the pieces of `kind`: each becomes a piece of a
    /// new type on its cell, or (`or step`) on an empty cell one move of the new type
    /// away. Kept out of line: few variants have them.
    #[inline(never)]
    fn gen_in_place(&self, kind: Kind, friends: u64, list: &mut MoveList) {
        let v = &*self.v;
        let Some(rule) = &v.tables.in_place[kind as usize] else {
            return;
        };
        let owner = v.kind_owner[kind as usize];
        for &from in self.pieces_of(kind) {
            if !rule.zone.contains(from) {
                continue;
            }
            for &t in &rule.types {
                list.push(Move::new(from, from, mk::NORMAL, 0).with_promotion(t));
                if !rule.step {
                    continue;
                }
                // The new type's moves from here, kept when they land on an empty cell.
                let start = list.len();
                self.gen_piece(v.kind(t, owner), from, friends, list);
                let mut w = start;
                for r in start..list.len() {
                    let m = list[r];
                    if m.kind == mk::NORMAL
                        && m.promotion().is_none()
                        && self.board[m.to as usize] == 0
                    {
                        list.set(w, Move::new(from, m.to, mk::NORMAL, 0).with_promotion(t));
                        w += 1;
                    }
                }
                list.truncate(w);
            }
        }
    }

    /// The moves of one piece.
    #[inline]
    pub(crate) fn gen_piece(&self, kind: Kind, from: Cell, friends: u64, list: &mut MoveList) {
        let t = &self.v.tables;
        let slot = t.slot(kind, from);
        let start = list.len();
        for a in t.atoms(slot) {
            if a.first && !self.virgin.contains(from) {
                continue;
            }
            self.gen_atom(a, kind, from, friends, list);
        }
        if t.dedupe[slot] {
            list.dedupe_from(start);
        }
    }

    /// The moves of one atom of a piece (its `first` condition already met).
    #[inline(always)]
    pub(crate) fn gen_atom(
        &self,
        a: &Atom,
        kind: Kind,
        from: Cell,
        friends: u64,
        list: &mut MoveList,
    ) {
        // Tested in turn rather than through a jump table: the atoms of the pieces
        // come in an order that an indirect jump predicts worse (about 5-9% of chess
        // perft).
        if a.op == Op::Targets {
            self.gen_targets(a, kind, from, friends, list)
        } else if a.op == Op::Slide {
            self.gen_any_slide(a, kind, from, friends, list)
        } else if a.op == Op::EpCapture {
            if !self.ep.is_empty() {
                self.gen_ep(a, from, friends, list)
            }
        } else {
            debug_assert!(matches!(a.op, Op::Hop | Op::HopFar));
            self.gen_hop(a, kind, from, friends, list)
        }
    }

    /// The moves of a slide atom, by the plain walk when it needs no more.
    #[inline(always)]
    pub(crate) fn gen_any_slide<S: MoveSink>(
        &self,
        a: &Atom,
        kind: Kind,
        from: Cell,
        friends: u64,
        sink: &mut S,
    ) {
        let plain = a.min <= 1 && a.max == u16::MAX && a.into == 0 && a.takes == u64::MAX;
        if plain && !a.creates_ep {
            self.gen_plain_slide(a, kind, from, friends, sink)
        } else {
            self.gen_slide(a, kind, from, friends, sink)
        }
    }

    /// Pushes a move, one per promotion choice when the target promotes.
    #[inline(always)]
    fn emit(&self, kind: Kind, m: Move, list: &mut MoveList) {
        if self.captures_only && self.board[m.to as usize] == 0 && m.kind != mk::EP_CAPTURE {
            return;
        }
        let t = &self.v.tables;
        let p = t.promotion_of(kind, m.from, m.to);
        if p == 0 {
            list.push(m);
            return;
        }
        let promo = &t.promos[p as usize];
        let owner = self.v.kind_owner[kind as usize];
        for &ty in &promo.types {
            if promo.limited {
                let k = self.v.kind(ty, owner) as usize;
                if self.plen[k] >= t.promo_caps[k] {
                    continue;
                }
            }
            list.push(m.with_promotion(ty));
        }
        if promo.optional {
            list.push(m);
        }
    }

    /// The moves of a target atom: each fixed target whose occupancy suits the atom
    /// and whose conditions hold.
    pub(crate) fn gen_targets<S: MoveSink>(
        &self,
        a: &Atom,
        kind: Kind,
        from: Cell,
        friends: u64,
        sink: &mut S,
    ) {
        let v = &*self.v;
        let t = &v.tables;
        for x in t.targets_of(a) {
            let sq = self.board[x.to as usize];
            if !target_ok(a.to, sq, friends, a.takes) {
                continue;
            }
            if x.need != 0 && !t.need_holds(x.need, &self.board, &v.topo) {
                continue;
            }
            let m = if a.creates_ep && x.ep != NO_EP {
                Move::new(from, x.to, mk::CREATES_EP, x.ep)
            } else {
                Move::new(from, x.to, mk::NORMAL, 0)
            };
            sink.put(self, kind, m, sq);
        }
    }

    /// The common slide: any distance, no zone, no flanks on the way.
    #[inline]
    fn gen_plain_slide<S: MoveSink>(
        &self,
        a: &Atom,
        kind: Kind,
        from: Cell,
        friends: u64,
        sink: &mut S,
    ) {
        let v = &*self.v;
        let topo = &v.topo;
        let board = &self.board[..];
        let flanks = topo.has_flanks();
        for &rid in v.tables.rays_of(a) {
            let nodes = topo.ray(rid);
            let mut i = 0;
            while i < nodes.len() {
                let n = nodes[i];
                if flanks && n.flank != 0 && topo.flank_blocked(n.flank, board) {
                    i = n.skip as usize;
                    continue;
                }
                let sq = board[n.cell as usize];
                if sq == 0 {
                    if a.to & to::EMPTY != 0 {
                        sink.put(self, kind, Move::new(from, n.cell, mk::NORMAL, 0), 0);
                    }
                    i += 1;
                } else {
                    if target_ok(a.to, sq, friends, u64::MAX) {
                        sink.put(self, kind, Move::new(from, n.cell, mk::NORMAL, 0), sq);
                    }
                    i = n.skip as usize;
                }
            }
        }
    }

    /// Slides with a range, an `into` zone or en-passant creation.
    fn gen_slide<S: MoveSink>(&self, a: &Atom, kind: Kind, from: Cell, friends: u64, sink: &mut S) {
        let v = &*self.v;
        let t = &v.tables;
        let topo = &v.topo;
        let board = &self.board[..];
        let into = (a.into != 0).then(|| &t.zones[a.into as usize - 1]);
        let mut ep_at = a.ep as usize;
        for &rid in t.rays_of(a) {
            let nodes = topo.ray(rid);
            let mut i = 0;
            while i < nodes.len() {
                let n = nodes[i];
                if n.depth > a.max || (n.flank != 0 && topo.flank_blocked(n.flank, board)) {
                    i = n.skip as usize;
                    continue;
                }
                let sq = board[n.cell as usize];
                let ok = n.depth >= a.min
                    && target_ok(a.to, sq, friends, a.takes)
                    && into.map_or(true, |z| z.contains(n.cell));
                if ok {
                    let ep = if a.creates_ep {
                        t.ep_ids[ep_at + i]
                    } else {
                        NO_EP
                    };
                    let m = if ep != NO_EP {
                        Move::new(from, n.cell, mk::CREATES_EP, ep)
                    } else {
                        Move::new(from, n.cell, mk::NORMAL, 0)
                    };
                    sink.put(self, kind, m, sq);
                }
                i = if sq == 0 { i + 1 } else { n.skip as usize };
            }
            ep_at += nodes.len();
        }
    }

    /// Hops: over one screen, landing right behind it (`hop`) or anywhere behind it
    /// up to and including the next piece (`hop far`).
    fn gen_hop(&self, a: &Atom, kind: Kind, from: Cell, friends: u64, list: &mut MoveList) {
        let v = &*self.v;
        let t = &v.tables;
        let topo = &v.topo;
        let board = &self.board[..];
        let into = (a.into != 0).then(|| &t.zones[a.into as usize - 1]);
        let far = a.op == Op::HopFar;
        for &rid in t.rays_of(a) {
            let nodes = topo.ray(rid);
            let mut i = 0;
            while i < nodes.len() {
                let n = nodes[i];
                if n.depth >= a.max || (n.flank != 0 && topo.flank_blocked(n.flank, board)) {
                    i = n.skip as usize;
                    continue;
                }
                let screen = board[n.cell as usize];
                if screen == 0 {
                    i += 1;
                    continue;
                }
                // n is the screen (if the hop may use it): land in its subtree.
                let end = n.skip as usize;
                if a.over & bit(screen - 1) == 0 {
                    i = end;
                    continue;
                }
                let mut j = i + 1;
                while j < end {
                    let m = nodes[j];
                    if m.depth > a.max || (m.flank != 0 && topo.flank_blocked(m.flank, board)) {
                        j = m.skip as usize;
                        continue;
                    }
                    let sq = board[m.cell as usize];
                    if m.depth >= a.min
                        && target_ok(a.to, sq, friends, a.takes)
                        && into.map_or(true, |z| z.contains(m.cell))
                    {
                        self.emit(kind, Move::new(from, m.cell, mk::NORMAL, 0), list);
                    }
                    j = if far && sq == 0 {
                        j + 1
                    } else {
                        m.skip as usize
                    };
                }
                i = end;
            }
        }
    }

    /// En-passant captures: an empty target that an opponent's entry passed.
    fn gen_ep(&self, a: &Atom, from: Cell, friends: u64, list: &mut MoveList) {
        let v = &*self.v;
        let t = &v.tables;
        for x in t.targets_of(a) {
            if self.board[x.to as usize] != 0 {
                continue;
            }
            if x.need != 0 && !t.need_holds(x.need, &self.board, &v.topo) {
                continue;
            }
            for (i, e) in self.ep.iter().enumerate() {
                let victim = self.board[e.victim as usize];
                if e.creator != self.to_move
                    && victim != 0
                    && friends & bit(victim - 1) == 0
                    && e.cells(v).contains(&x.to)
                {
                    let kind = self.board[from as usize] - 1;
                    self.emit(kind, Move::new(from, x.to, mk::EP_CAPTURE, i as u16), list);
                }
            }
        }
    }

    /// Castles whose pieces are unmoved, whose cells are empty and whose safe cells
    /// no opponent attacks.
    fn gen_castles(
        &self,
        me: crate::Player,
        friends: u64,
        safe: Option<Cell>,
        list: &mut MoveList,
    ) {
        let v = &*self.v;
        if v.castles.is_empty() {
            return;
        }
        let mut attackers = None;
        // The king's cell is on the path of both of his castles: each cell is tested once.
        let mut seen = SeenCells::default();
        if let Some(cell) = safe {
            seen.attacked(cell, || false);
        }
        for (i, c) in v.castles.iter().enumerate() {
            let king = v.kind(c.king_type, c.player);
            let rook = v.kind(c.rook_type, c.player);
            if friends & bit(king) == 0 {
                continue;
            }
            let (Some(kf), Some(rf)) = (c.king_from, c.rook_from) else {
                if let Some(line) = &c.line {
                    self.gen_line_castles(me, i, line, [king, rook], &mut attackers, list);
                }
                continue;
            };
            if self.board[kf as usize] != king + 1
                || self.board[rf as usize] != rook + 1
                || !self.virgin.contains(kf)
                || !self.virgin.contains(rf)
                || c.empty.iter().any(|&x| self.board[x as usize] != 0)
            {
                continue;
            }
            if !c.safe.is_empty() {
                let a = *attackers.get_or_insert_with(|| self.attackers_of(me));
                if c.safe
                    .iter()
                    .any(|&x| seen.attacked(x, || self.royal_cell_attacked(me, x, a)))
                {
                    continue;
                }
            }
            list.push(Move::castle(kf, c.king_to, i, rf));
        }
    }

    /// The castles of castle `i`, whose pieces are named by letter: every unmoved king
    /// of its kind on the line with every unmoved rook of its kind found from it, when
    /// both paths are empty but for the two and the king's safe cells are not attacked.
    fn gen_line_castles(
        &self,
        me: crate::Player,
        i: usize,
        line: &CastleLine,
        [king, rook]: [Kind; 2],
        attackers: &mut Option<u64>,
        list: &mut MoveList,
    ) {
        for &k in self.pieces_of(king) {
            let at = line.index[k as usize];
            if at == OFF_LINE || !self.virgin.contains(k) {
                continue;
            }
            let at = at as usize;
            let sign = line.toward[at];
            if sign == 0 {
                continue;
            }
            let mut steps = 1;
            while let Some(r) = line.step(at, sign, steps) {
                steps += 1;
                if self.board[r as usize] != rook + 1 || !self.virgin.contains(r) {
                    continue;
                }
                let Some(w) = line.way(at, sign, steps - 1) else {
                    continue;
                };
                let blocked = w.king_path().chain(w.rook_path()).any(|o| {
                    let x = line.cell(at, sign, o);
                    x != k && x != r && self.board[x as usize] != 0
                });
                if blocked {
                    continue;
                }
                if line.safety != CastleSafety::None {
                    let a = *attackers.get_or_insert_with(|| self.attackers_of(me));
                    if w.safe(line.safety)
                        .any(|o| self.royal_cell_attacked(me, line.cell(at, sign, o), a))
                    {
                        continue;
                    }
                }
                list.push(Move::castle(k, line.cell(at, sign, w.king_to), i, r));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::moves::MoveList;
    use crate::testing::chess;
    use crate::{MoveKind, Position};

    fn pseudo(fen: &str) -> (Position, MoveList) {
        let v = chess();
        let p = Position::from_str(&v, fen).unwrap();
        let mut list = MoveList::new();
        p.gen_pseudo(&mut list);
        (p, list)
    }

    #[test]
    fn start_position_has_twenty_moves() {
        let (_, list) = pseudo("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert_eq!(list.len(), 20);
        assert_eq!(list.iter().filter(|m| m.creates_en_passant()).count(), 8);
    }

    #[test]
    fn castles_need_empty_and_safe_cells() {
        let (p, list) = pseudo("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let castles: Vec<String> = list
            .iter()
            .filter(|m| matches!(m.kind(), MoveKind::Castle(_)))
            .map(|&m| p.long(m))
            .collect();
        assert_eq!(castles, ["e1g1", "e1c1"]);
        let (_, list) = pseudo("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1");
        assert!(
            list.iter()
                .all(|m| !matches!(m.kind(), MoveKind::Castle(0))),
            "f1 is attacked"
        );
        let (_, list) = pseudo("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1");
        assert!(
            list.iter()
                .all(|m| !matches!(m.kind(), MoveKind::Castle(1))),
            "b1 is occupied"
        );
    }

    #[test]
    fn promotions_are_one_move_per_type_and_en_passant_is_offered() {
        let (_, list) = pseudo("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(list.iter().filter(|m| m.promotion().is_some()).count(), 4);
        let (p, list) = pseudo("4k3/8/8/3pP3/8/8/8/4K3 w - d6>d5 0 2");
        let ep: Vec<String> = list
            .iter()
            .filter(|m| m.kind() == MoveKind::EnPassant)
            .map(|&m| p.long(m))
            .collect();
        assert_eq!(ep, ["e5d6"]);
    }
}

/// Cells already tested for attack while generating castles (a few per king).
#[derive(Default)]
struct SeenCells {
    cells: [(Cell, bool); 8],
    len: usize,
}

impl SeenCells {
    /// Whether `cell` is attacked: remembered, or found by `test` and remembered.
    #[inline]
    fn attacked(&mut self, cell: Cell, test: impl FnOnce() -> bool) -> bool {
        if let Some(&(_, hit)) = self.cells[..self.len].iter().find(|(c, _)| *c == cell) {
            return hit;
        }
        let hit = test();
        if self.len < self.cells.len() {
            self.cells[self.len] = (cell, hit);
            self.len += 1;
        }
        hit
    }
}

//! The search: iterative deepening over alpha-beta with a transposition table, and
//! quiescence on captures.
//!
//! Every value is taken from the side of the player who searches (the root player):
//! he maximises, everyone else minimises. With two players this is alpha-beta in its
//! minimax form (the same tree and cuts as negamax); with more it is the paranoid
//! search, which treats the other players as one coalition. Who moves next is read
//! from the position after each move, so passes, skipped turns of eliminated players
//! and moves played again by the same player need no special case.

use super::eval::Evaluator;
use super::limits::{Budget, Limits};
use super::order::Orderer;
use super::report::{principal_variation, Report};
use super::terminal::{self, from_table, is_mate_value, to_table, MATE};
use super::tt::{Bound, Entry, Table};
use super::Decide;
use crate::ids::Player;
use crate::{Move, MoveList, Outcome, Position, Variant};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Deepest ply (full width plus quiescence) below the root.
const MAX_PLY: usize = 96;
/// Most capture plies in quiescence.
const QUIESCENCE: u32 = 8;
/// Above every value.
const INF: i32 = 8 * MATE;
/// Default table size: 2^18 slots (about 8 MB).
const TABLE_BITS: u32 = 18;

/// What a search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play (always one of the position's legal moves).
    pub best: Move,
    /// Its value for the player to move, in centipawns; beyond
    /// [`super::is_mate_value`] a forced result.
    pub value: i32,
    /// The deepest completed iteration (0: only one legal move, nothing searched).
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
}

/// A computer player for one variant. Its tables (transposition table, killers,
/// history) are allocated once and reused from move to move.
pub struct Searcher {
    eval: Evaluator,
    limits: Limits,
    tt: Table,
    order: Orderer,
    lists: Vec<MoveList>,
    scores: Vec<Vec<i32>>,
    root: Player,
    salt: u64,
    nodes: u64,
    stop: bool,
    budget: Budget,
    samples: usize,
    /// Set from outside (another thread) to stop the search at once.
    halt: Option<Arc<AtomicBool>>,
    /// Deepest ply reached in this search.
    seldepth: usize,
    /// How many best lines the root search keeps exact (`analyse --lines`, MultiPV).
    lines: usize,
    /// The values of the best lines of the last finished iteration, best first.
    line_values: Vec<(i32, Move)>,
}

impl Searcher {
    /// A searcher for `variant` that searches within `limits`.
    pub fn new(variant: &Arc<Variant>, limits: Limits) -> Searcher {
        Searcher::with_table_bits(variant, limits, TABLE_BITS)
    }

    /// A searcher with a transposition table of `2^bits` slots.
    pub fn with_table_bits(variant: &Arc<Variant>, limits: Limits, bits: u32) -> Searcher {
        let cells = variant.cell_count();
        Searcher {
            eval: Evaluator::new(variant),
            limits,
            tt: Table::new(bits),
            order: Orderer::new(cells, MAX_PLY + 1),
            lists: (0..=MAX_PLY).map(|_| MoveList::new()).collect(),
            scores: (0..=MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            root: 0,
            salt: 0,
            nodes: 0,
            stop: false,
            budget: Budget::start(&limits),
            samples: 1,
            halt: None,
            seldepth: 0,
            lines: 1,
            line_values: Vec::new(),
        }
    }

    /// The limits in force.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Changes the limits of later searches.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// A flag another thread may set to stop the search in progress (engine
    /// protocols' `stop`): the search then returns the best move of its last finished
    /// iteration. The searcher never clears the flag itself.
    pub fn set_halt_flag(&mut self, flag: Arc<AtomicBool>) {
        self.halt = Some(flag);
    }

    /// How many best lines each search reports (at least 1, at most 64): with more
    /// than one, every finished iteration calls the report once per line, `line` 0
    /// the best. The best move and its value are unchanged by it.
    pub fn set_lines(&mut self, lines: usize) {
        self.lines = lines.clamp(1, 64);
    }

    /// Replaces the transposition table by one of about `megabytes` MB (empty).
    pub fn set_table_megabytes(&mut self, megabytes: usize) {
        let slots = (megabytes.clamp(1, 4096) << 20) / std::mem::size_of::<Option<Entry>>();
        let bits = usize::BITS - 1 - slots.max(16).leading_zeros();
        self.tt = Table::new(bits);
    }

    /// Forgets everything learnt (transposition table, killers, history): the next
    /// search gives what a new searcher would.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.order = Orderer::new(self.eval.variant().cell_count(), MAX_PLY + 1);
    }

    /// How many positions [`Searcher::choose`] searches under hidden information:
    /// the player's model, plus `samples - 1` with unseen mines laid by chance.
    pub fn samples(&self) -> usize {
        self.samples
    }

    /// Sets [`Searcher::samples`] (at least 1, at most 64).
    pub fn set_samples(&mut self, samples: usize) {
        self.samples = samples.clamp(1, 64);
    }

    /// The evaluation this searcher uses.
    pub fn evaluator(&self) -> &Evaluator {
        &self.eval
    }

    /// The best move for the player to move, or `None` when the game is over or
    /// there is no legal move. The position is unchanged afterwards.
    pub fn search(&mut self, pos: &mut Position) -> Option<SearchResult> {
        self.search_reporting(pos, &mut |_| {})
    }

    /// [`Searcher::search`], calling `report` after each finished iteration (not
    /// when there is only one legal move).
    pub fn search_reporting(
        &mut self,
        pos: &mut Position,
        report: &mut dyn FnMut(&Report),
    ) -> Option<SearchResult> {
        if !Arc::ptr_eq(self.eval.variant(), pos.variant()) {
            let samples = self.samples;
            *self = Searcher::new(pos.variant(), self.limits);
            self.samples = samples;
        }
        let mut root_moves = MoveList::new();
        pos.legal_moves_into(&mut root_moves);
        if root_moves.is_empty() || !matches!(pos.outcome_given(false), Outcome::Ongoing) {
            return None;
        }
        self.root = pos.to_move();
        self.salt = crate::zobrist::splitmix64(&mut (0x5ea2c4 + self.root as u64));
        self.nodes = 0;
        self.seldepth = 0;
        self.stop = false;
        self.budget = Budget::start(&self.limits);
        self.order.age();
        let mut best = SearchResult {
            best: root_moves[0],
            value: self.eval.value(pos, self.root),
            depth: 0,
            nodes: 0,
        };
        if root_moves.len() == 1 {
            return Some(best);
        }
        let table_move = self.tt.probe(pos.hash() ^ self.salt).and_then(|e| e.mv);
        let mut scratch = Vec::new();
        self.order
            .sort(pos, &mut root_moves, &mut scratch, table_move, 0);
        best.best = root_moves[0];
        let mut stable = 0;
        for depth in 1..=self.limits.max_depth() {
            let (value, mv) = self.root_search(pos, &mut root_moves, depth);
            if self.stop {
                break;
            }
            stable = if mv == best.best { stable + 1 } else { 0 };
            // A best move that just changed, or a value that fell, earns more time.
            let scale = if stable == 0 && depth > 1 {
                200
            } else if value < best.value - 30 {
                150
            } else {
                100
            };
            best = SearchResult {
                best: mv,
                value,
                depth,
                nodes: self.nodes,
            };
            for (line, &(v, m)) in self.line_values.clone().iter().enumerate() {
                report(&Report {
                    depth,
                    seldepth: self.seldepth as u32,
                    value: v,
                    nodes: self.nodes,
                    elapsed: self.budget.elapsed(),
                    pv: principal_variation(pos, &self.tt, self.salt, m, depth as usize + 8),
                    line,
                });
            }
            if is_mate_value(value) || self.budget.soft_stop(stable, scale) {
                break;
            }
        }
        best.nodes = self.nodes;
        Some(best)
    }

    /// One iteration at the root; the best move is moved to the front of `moves`.
    ///
    /// With several lines wanted, the window stays open below the value of the
    /// `lines`-th best move so far, so the first `lines` values are exact; they are
    /// left in `self.line_values`, best first, and those moves lead `moves`.
    fn root_search(&mut self, pos: &mut Position, moves: &mut MoveList, depth: u32) -> (i32, Move) {
        let beta = INF;
        let mut best = (-INF, moves[0], 0usize);
        let mut values: Vec<(i32, usize)> = Vec::with_capacity(moves.len());
        for (i, &m) in moves.iter().enumerate() {
            let alpha = if values.len() >= self.lines {
                values[self.lines - 1].0
            } else {
                -INF
            };
            pos.make(m);
            let v = self.node(pos, depth - 1, 1, alpha, beta);
            pos.unmake();
            if self.stop {
                break;
            }
            if v > best.0 {
                best = (v, m, i);
            }
            let at = values.partition_point(|&(x, _)| x >= v);
            values.insert(at, (v, i));
        }
        if !self.stop {
            values.truncate(self.lines);
            self.line_values.clear();
            let mut order: Vec<Move> = values.iter().map(|&(_, i)| moves[i]).collect();
            self.line_values
                .extend(values.iter().map(|&(v, i)| (v, moves[i])));
            let rest: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| !order.contains(m))
                .collect();
            order.extend(rest);
            moves.clear();
            for m in order {
                moves.push(m);
            }
            self.tt.store(Entry {
                key: pos.hash() ^ self.salt,
                mv: Some(best.1),
                value: to_table(best.0, 0),
                depth: depth as i16,
                bound: Bound::Exact,
            });
        }
        (best.0, best.1)
    }

    /// Counts a node; true when the budget is spent.
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if !self.stop && self.budget.exhausted(self.nodes) {
            self.stop = true;
        }
        if self.nodes % 1024 == 0
            && self
                .halt
                .as_ref()
                .is_some_and(|h| h.load(Ordering::Relaxed))
        {
            self.stop = true;
        }
        self.stop
    }

    /// The value of a finished game, or of the root player's elimination.
    fn end_value(
        &mut self,
        pos: &mut Position,
        none: bool,
        clauses: bool,
        ply: usize,
    ) -> Option<i32> {
        if none || pos.finish.is_some() || clauses {
            if let Outcome::Finished { scores, .. } = pos.outcome_given(none) {
                return Some(terminal::value(
                    pos.variant(),
                    &scores,
                    self.root,
                    ply as u32,
                ));
            }
        }
        if pos.is_eliminated(self.root) {
            return Some(-(MATE / 2) + ply as i32);
        }
        None
    }

    /// Full-width alpha-beta, `depth` plies left.
    fn node(
        &mut self,
        pos: &mut Position,
        depth: u32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        self.seldepth = self.seldepth.max(ply);
        if depth == 0 || ply >= MAX_PLY {
            return self.quiesce(pos, ply, alpha, beta, QUIESCENCE);
        }
        if self.tick() {
            return 0;
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
        pos.legal_moves_into(&mut list);
        if let Some(v) = self.end_value(pos, list.is_empty(), true, ply) {
            self.lists[ply] = list;
            return v;
        }
        let key = pos.hash() ^ self.salt;
        let mut table_move = None;
        if let Some(e) = self.tt.probe(key) {
            table_move = e.mv;
            if e.depth >= depth as i16 {
                let tv = from_table(e.value, ply as u32);
                let hit = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => tv >= beta,
                    Bound::Upper => tv <= alpha,
                };
                if hit {
                    self.lists[ply] = list;
                    return tv;
                }
            }
        }
        let mut scores = std::mem::take(&mut self.scores[ply]);
        self.order
            .sort(pos, &mut list, &mut scores, table_move, ply);
        self.scores[ply] = scores;
        let maximise = pos.to_move() == self.root;
        let (alpha0, beta0) = (alpha, beta);
        let mut best = if maximise { -INF } else { INF };
        let mut best_move = None;
        for &m in list.iter() {
            pos.make(m);
            let v = self.node(pos, depth - 1, ply + 1, alpha, beta);
            pos.unmake();
            if self.stop {
                self.lists[ply] = list;
                return 0;
            }
            let better = if maximise { v > best } else { v < best };
            if better {
                best = v;
                best_move = Some(m);
            }
            if maximise {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                self.order.cut(pos, m, ply, depth, pos.to_move());
                break;
            }
        }
        self.lists[ply] = list;
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.tt.store(Entry {
            key,
            mv: best_move,
            value: to_table(best, ply as u32),
            depth: depth as i16,
            bound,
        });
        best
    }

    /// Captures only, with the static value as the floor (or ceiling) the player to
    /// move can stand on.
    fn quiesce(
        &mut self,
        pos: &mut Position,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        left: u32,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let mut list = std::mem::take(&mut self.lists[ply]);
        pos.legal_captures_into(&mut list);
        // Without a capture, whether there is any move at all (mate, stalemate).
        let none = list.is_empty() && {
            pos.legal_moves_into(&mut list);
            let none = list.is_empty();
            list.clear();
            none
        };
        if let Some(v) = self.end_value(pos, none, false, ply) {
            self.lists[ply] = list;
            return v;
        }
        let stand = self.eval.value(pos, self.root);
        let maximise = pos.to_move() == self.root;
        if left == 0 || ply >= MAX_PLY {
            self.lists[ply] = list;
            return stand;
        }
        if maximise {
            if stand >= beta {
                self.lists[ply] = list;
                return stand;
            }
            alpha = alpha.max(stand);
        } else {
            if stand <= alpha {
                self.lists[ply] = list;
                return stand;
            }
            beta = beta.min(stand);
        }
        let mut scores = std::mem::take(&mut self.scores[ply]);
        self.order.sort(pos, &mut list, &mut scores, None, ply);
        self.scores[ply] = scores;
        let mut best = stand;
        for &m in list.iter() {
            pos.make(m);
            let v = self.quiesce(pos, ply + 1, alpha, beta, left - 1);
            pos.unmake();
            if self.stop {
                break;
            }
            if maximise {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        self.lists[ply] = list;
        if self.stop {
            0
        } else {
            best
        }
    }
}

impl Decide for Searcher {
    /// [`Searcher::choose`]: from the player's view when the variant hides state.
    fn decide(&mut self, pos: &mut Position) -> Option<Move> {
        self.choose(pos)
    }
}

//! The search driver: iterative deepening with aspiration windows over a
//! principal-variation search ([`super::node`]) with a transposition table, and
//! quiescence ([`super::quiesce`]).
//!
//! Values are negamax values for the side to move, where the sides are the root
//! player and everyone else: with two players this is plain negamax; with more it is
//! the paranoid search, which treats the other players as one coalition. A child's
//! value is negated only when the side changes, so passes, skipped turns of
//! eliminated players and moves played again by the same player need no special case.

use super::eval::Evaluator;
use super::limits::{Budget, Limits};
use super::multi::MultiPlayer;
use super::order::Orderer;
use super::report::{principal_variation, Report};
use super::terminal::{self, is_mate_value, to_table, MATE};
use super::tt::{Bound, Entry, Table};
use super::Decide;
use crate::ids::Player;
use crate::{Move, MoveList, Outcome, Position, Variant};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Deepest ply (full width plus quiescence) below the root.
pub(super) const MAX_PLY: usize = 96;
/// Above every value.
pub(super) const INF: i32 = 8 * MATE;
/// What having the move is worth (centipawns) where two players alternate: the
/// static value of a node is its mover's, and the side to move can usually improve
/// on it. Without it the values of odd and even iterations swing apart.
const TEMPO: i32 = 20;
/// Half the first aspiration window (centipawns).
const ASPIRATION: i32 = 30;
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
    /// When set, the root may play only these moves (from, to, promotion): a player
    /// deciding on a model of hidden pieces still knows his own legal moves.
    pub(super) allowed: Option<Vec<(crate::Cell, crate::Cell, Option<crate::PieceType>)>>,
    pub(super) eval: Evaluator,
    pub(super) limits: Limits,
    pub(super) tt: Table,
    pub(super) order: Orderer,
    pub(super) lists: Vec<MoveList>,
    pub(super) scores: Vec<Vec<i32>>,
    /// Per ply, the quiet moves searched so far at the node (their history falls
    /// when another move cuts).
    pub(super) quiets: Vec<Vec<Move>>,
    pub(super) root: Player,
    pub(super) salt: u64,
    pub(super) nodes: u64,
    pub(super) stop: bool,
    budget: Budget,
    samples: usize,
    /// Set from outside (another thread) to stop the search at once.
    halt: Option<Arc<AtomicBool>>,
    /// Deepest ply reached in this search.
    pub(super) seldepth: usize,
    /// How many best lines the root search keeps exact (`analyse --lines`, MultiPV).
    lines: usize,
    /// The values of the best lines of the last finished iteration, best first.
    line_values: Vec<(i32, Move)>,
    /// In the iteration in progress, a move other than the first whose value beat
    /// the first's.
    partial: Option<(i32, Move)>,
    /// False inside a null-move search (no two passes in a row).
    pub(super) null_ok: bool,
    /// The move the node about to be entered leaves out: the table move, while the
    /// search asks whether any other move comes near it (singular extension).
    pub(super) excluded: Option<Move>,
    /// Whether the player to move at the node about to be entered is in check, when
    /// the parent just found it (it tests each move for check after making it):
    /// taken by the node on entry, so that it is never read for another position.
    pub(super) next_check: Option<bool>,
    /// Per ply, the static value of the node for its mover (`NO_STATIC` in check).
    pub(super) statics: Vec<i32>,
    /// True when the sides alternate move by move (two players, no turn tracks):
    /// only then is the node two plies up the same player's.
    pub(super) alternating: bool,
    /// Scratch lists of the exchange evaluation, one per capture in the sequence.
    pub(super) exchange_lists: Vec<MoveList>,
    /// Whether exchanges are evaluated on the board alone
    /// ([`Searcher::exchange_on_board`]): two players, and captures that only take
    /// (nothing changes the board after a move, no transfers or turn tracks). Otherwise each recapture is
    /// a legal move, made and unmade.
    pub(super) board_exchange: bool,
    /// Depth of the iteration in progress: check extensions stop at twice it, so
    /// a long series of checks cannot grow the tree without bound.
    pub(super) root_depth: i32,
    /// How three or more players are searched.
    multi: MultiPlayer,
    /// True when this search uses best reply ([`MultiPlayer::best_reply_in`]).
    pub(super) best_reply: bool,
    /// Under best reply, the opponents who do not reply play their first ordered
    /// move instead of passing (BRS+).
    pub(super) guess_others: bool,
    /// Under best reply: an opponent has already replied since the searching
    /// player's last move, so the opponents still to move in this round pass.
    pub(super) replied: bool,
    /// True when every check extends the search by a ply (two players). With more,
    /// only a check the check rule makes the checked player answer extends: where
    /// the rule is off (Zubrin's three players) a check is a threat like any other,
    /// and two opponents' threats chain: on 30 Zubrin middle-game positions a
    /// depth-4 search took 32.8 million nodes extending them and 228 thousand not.
    pub(super) extend_checks: bool,
    /// What a drawn game costs the searching player, in centipawns (`None`: the
    /// variant's default, [`terminal::default_contempt`]).
    contempt: Option<i32>,
    /// [`Searcher::contempt`], read once per search (terminal nodes subtract it).
    draw_cost: i32,
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
            order: Orderer::new(cells, variant.kind_count(), MAX_PLY + 1),
            quiets: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            lists: (0..=MAX_PLY).map(|_| MoveList::new()).collect(),
            scores: (0..=MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            statics: vec![super::node::NO_STATIC; MAX_PLY + 1],
            alternating: variant.player_count() == 2 && !variant.has_tracks(),
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
            partial: None,
            null_ok: true,
            excluded: None,
            next_check: None,
            root_depth: 1,
            multi: MultiPlayer::default(),
            allowed: None,
            best_reply: false,
            guess_others: false,
            replied: false,
            extend_checks: variant.player_count() == 2,
            contempt: None,
            draw_cost: 0,
            board_exchange: variant.player_count() == 2
                && !variant.rules.teams
                && !variant.rules.after_changes_board
                && variant.rules.transfer.is_none()
                && !variant.has_tracks(),
            exchange_lists: (0..=super::exchange::MAX_EXCHANGE)
                .map(|_| MoveList::new())
                .collect(),
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
        let v = self.eval.variant();
        self.order = Orderer::new(v.cell_count(), v.kind_count(), MAX_PLY + 1);
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

    /// How this searcher treats three or more players (default: paranoid).
    pub fn multi_player(&self) -> MultiPlayer {
        self.multi
    }

    /// Sets [`Searcher::multi_player`].
    pub fn set_multi_player(&mut self, multi: MultiPlayer) {
        self.multi = multi;
    }

    /// What a drawn game costs the searching player (centipawns below even): by
    /// default none with two sides (players or teams) and
    /// [`super::MULTI_PLAYER_CONTEMPT`] with more (see it for why).
    pub fn contempt(&self) -> i32 {
        self.contempt
            .unwrap_or_else(|| terminal::default_contempt(self.eval.variant()))
    }

    /// Sets [`Searcher::contempt`] (at most ten pawns either way); `None` restores the
    /// default.
    pub fn set_contempt(&mut self, contempt: Option<i32>) {
        self.contempt = contempt.map(|c| c.clamp(-1000, 1000));
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
            let (samples, lines, halt, multi, contempt) = (
                self.samples,
                self.lines,
                self.halt.take(),
                self.multi,
                self.contempt,
            );
            let allowed = self.allowed.take();
            *self = Searcher::new(pos.variant(), self.limits);
            (
                self.samples,
                self.lines,
                self.halt,
                self.multi,
                self.contempt,
            ) = (samples, lines, halt, multi, contempt);
            self.allowed = allowed;
        }
        let mut root_moves = MoveList::new();
        pos.legal_moves_into(&mut root_moves);
        if let Some(keys) = &self.allowed {
            let mut w = 0;
            for r in 0..root_moves.len() {
                let m = root_moves[r];
                if keys.contains(&(m.from(), m.to(), m.promotion())) {
                    root_moves.set(w, m);
                    w += 1;
                }
            }
            root_moves.truncate(w);
        }
        if root_moves.is_empty() || !matches!(pos.outcome_given(false), Outcome::Ongoing) {
            return None;
        }
        self.root = pos.to_move();
        self.draw_cost = self.contempt();
        self.best_reply = self.multi.best_reply_in(pos);
        self.guess_others = self.best_reply && self.multi == MultiPlayer::BestReplyPlus;
        self.replied = false;
        self.salt = crate::zobrist::splitmix64(&mut (0x5ea2c4 + self.root as u64));
        self.nodes = 0;
        self.seldepth = 0;
        self.stop = false;
        self.budget = Budget::start(&self.limits);
        self.order.age();
        self.line_values.clear();
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
        // Below the root a repeated position is valued as the repetition rule's
        // result: the player who could repeat it can repeat it again.
        let repeats_decide = std::mem::replace(&mut pos.repeats_decide, true);
        for depth in 1..=self.limits.max_depth() {
            let (value, mv, finished) = self.aspire(pos, &mut root_moves, depth, best.value);
            if !finished {
                // A stopped iteration still counts when a move beat the previous best
                // (searched first) with its value proven.
                if let Some((v, m)) = self.partial.take() {
                    best.best = m;
                    best.value = v;
                }
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
            // The lines of this iteration; when its value was not exact (a bound
            // at the edge of the full window), only the best move.
            let lines = if self.line_values.first().is_some_and(|&(_, m)| m == mv) {
                self.line_values.clone()
            } else {
                vec![(value, mv)]
            };
            for (line, &(v, m)) in lines.iter().enumerate() {
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
            // A forced result stops the deepening once searched a few plies past it.
            let distance = (MATE - value.abs()).clamp(0, 64) as u32;
            if (is_mate_value(value) && depth >= distance + 4)
                || self.budget.soft_stop(stable, scale)
            {
                break;
            }
        }
        pos.repeats_decide = repeats_decide;
        best.nodes = self.nodes;
        Some(best)
    }

    /// One iteration in an aspiration window around the last value, widened until
    /// the value falls inside. Returns the value, the best move, and whether the
    /// iteration finished.
    fn aspire(
        &mut self,
        pos: &mut Position,
        moves: &mut MoveList,
        depth: u32,
        last: i32,
    ) -> (i32, Move, bool) {
        let mut delta = ASPIRATION;
        let (mut alpha, mut beta) = if depth >= 4 && self.lines == 1 && !is_mate_value(last) {
            (last - delta, last + delta)
        } else {
            (-INF, INF)
        };
        loop {
            let (v, m) = self.root_search(pos, moves, depth, alpha, beta);
            if self.stop {
                return (v, m, false);
            }
            if v <= alpha && alpha > -INF {
                alpha = (alpha - delta).max(-INF);
            } else if v >= beta && beta < INF {
                beta = (beta + delta).min(INF);
            } else {
                return (v, m, true);
            }
            delta *= 3;
            if delta > 1000 {
                (alpha, beta) = (-INF, INF);
            }
        }
    }

    /// One iteration at the root in the window `alpha..beta`; the best moves lead
    /// `moves` afterwards.
    ///
    /// The first move is searched with the full window, the others with a null
    /// window first (principal-variation search). With several lines wanted, the
    /// window stays open below the value of the `lines`-th best move so far, so the
    /// first `lines` values are exact; they are left in `self.line_values`.
    fn root_search(
        &mut self,
        pos: &mut Position,
        moves: &mut MoveList,
        depth: u32,
        alpha0: i32,
        beta: i32,
    ) -> (i32, Move) {
        let mut best = (-INF, moves[0]);
        let mut values: Vec<(i32, usize)> = Vec::with_capacity(moves.len());
        self.partial = None;
        let depth = depth as i32;
        self.root_depth = depth;
        for (i, &m) in moves.iter().enumerate() {
            let alpha = if values.len() >= self.lines {
                values[self.lines - 1].0.max(alpha0)
            } else {
                alpha0
            };
            pos.make(m);
            let gives_check = pos.in_check();
            let ext = i32::from(gives_check);
            self.next_check = Some(gives_check);
            let v = if i == 0 {
                self.child(pos, depth - 1 + ext, 1, alpha, beta, true, 1)
            } else {
                let v = self.child(pos, depth - 1 + ext, 1, alpha, alpha + 1, false, 1);
                if v > alpha && v < beta && !self.stop {
                    self.next_check = Some(gives_check);
                    self.child(pos, depth - 1 + ext, 1, alpha, beta, true, 1)
                } else {
                    v
                }
            };
            pos.unmake();
            if self.stop {
                break;
            }
            if v > best.0 {
                best = (v, m);
                if i > 0 && v > alpha {
                    self.partial = Some((v, m));
                }
            }
            let at = values.partition_point(|&(x, _)| x >= v);
            values.insert(at, (v, i));
            if v >= beta {
                break;
            }
        }
        if !self.stop {
            let exact = best.0 > alpha0 && best.0 < beta;
            let mut order: Vec<Move> = values.iter().map(|&(_, i)| moves[i]).collect();
            values.truncate(self.lines);
            if exact || self.lines > 1 {
                self.line_values.clear();
                self.line_values
                    .extend(values.iter().map(|&(v, i)| (v, moves[i])));
            }
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
                bound: Bound::of(best.0, alpha0, beta),
            });
        }
        best
    }

    /// Counts a node; true when the budget is spent.
    pub(super) fn tick(&mut self) -> bool {
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

    /// +1 when the player to move is the root player (or of his team), -1 when he is
    /// an opponent: the sign that turns values from the root's side into the mover's
    /// (negamax, with all opponents one side: the paranoid view).
    #[inline]
    pub(super) fn side(&self, pos: &Position) -> i32 {
        if pos.team_of(self.root) & (1 << pos.to_move()) != 0 {
            1
        } else {
            -1
        }
    }

    /// The static value of `pos` for the side to move, `side` as [`Searcher::side`]
    /// gives it, with the bonus of having the move where two players alternate.
    #[inline]
    pub(super) fn static_value(&self, pos: &Position, side: i32) -> i32 {
        side * self.eval.value(pos, self.root) + if self.alternating { TEMPO } else { 0 }
    }

    /// The value of a finished game, or of the root player's elimination, from the
    /// root player's side.
    pub(super) fn end_value(
        &mut self,
        pos: &mut Position,
        none: bool,
        clauses: bool,
        ply: usize,
    ) -> Option<i32> {
        if none || pos.finish.is_some() || clauses {
            if let Outcome::Finished { scores, .. } = pos.outcome_given(none) {
                let v = terminal::value(pos.variant(), &scores, self.root, ply as u32);
                // A draw or a middle place is worth less than an even game by the
                // contempt.
                return Some(if is_mate_value(v) {
                    v
                } else {
                    v - self.draw_cost
                });
            }
        }
        if pos.is_eliminated(self.root) {
            return Some(-(MATE / 2) + ply as i32);
        }
        None
    }
}

impl Decide for Searcher {
    /// [`Searcher::choose`]: from the player's view when the variant hides state.
    fn decide(&mut self, pos: &mut Position) -> Option<Move> {
        self.choose(pos)
    }
}

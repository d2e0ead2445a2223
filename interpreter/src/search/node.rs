//! The full-width part of the search: principal-variation search with a
//! transposition table, null-move pruning, razoring, ProbCut, reverse futility and
//! late-move pruning, late-move reductions, and check and singular extensions. Every
//! technique is about the tree, none about a game: the rules only enter through
//! legal moves, checks and values.

use super::engine::{Searcher, INF, MAX_PLY};
use super::order::{is_capture, HISTORY};
use super::singular::Singular;
use super::terminal::{is_mate_value, to_table, MATE};
use super::tt::{Bound, Entry};
use crate::ids::Player;
use crate::{Move, Position};

/// Reverse futility: a node this far above beta per ply of depth left is cut.
const FUTILITY: i32 = 110;
/// Mixed into the table key while an opponent has replied (best reply): the same
/// position then has a different tree below it.
const REPLIED: u64 = 0x9e37_79b9_7f4a_7c15;
/// Quiet moves whose history is below minus this per ply of depth left are skipped
/// near the horizon (history pruning): they failed to cut again and again.
const HISTORY_PRUNE: i32 = 400;
/// Deepest node reverse futility and late-move pruning apply to.
const SHALLOW: i32 = 3;
/// Deepest node razoring applies to.
const RAZOR_DEPTH: i32 = 2;

/// Razoring: how far below alpha a node `depth` plies from the horizon must stand
/// to be searched by its captures alone (quiescence) first. Wide (Stockfish's
/// margins): with 300 a ply, measured stronger in self-play, the search missed
/// quiet mates near the horizon (a mate in two unseen at depth 8).
fn razor_margin(depth: i32) -> i32 {
    450 + 250 * depth * depth
}

/// The late-move reduction of the `index`-th move at `depth` (plies):
/// about ln(depth)·ln(index)/2.
pub(super) fn reduction(depth: i32, index: usize) -> i32 {
    let (d, i) = (depth.clamp(1, 63) as f32, index.clamp(1, 63) as f32);
    (0.5 + d.ln() * i.ln() / 2.0) as i32
}

/// How far below alpha the static value of a node `depth` plies from the horizon
/// may be before its quiet moves are skipped (futility pruning).
fn futility(depth: i32) -> i32 {
    80 + 90 * depth
}

/// Quiet moves searched at `depth` before the rest are skipped (late-move pruning):
/// half as many when the mover's position is not improving.
fn late_move_count(depth: i32, improving: bool) -> usize {
    let n = (3 + depth * depth * 2) as usize;
    if improving {
        n
    } else {
        n / 2
    }
}

/// Static values per ply for the improving test: none (in check, or not kept).
pub(super) const NO_STATIC: i32 = i32::MIN;

impl Searcher {
    /// The transposition-table key of `pos` in this search: the root player's salt,
    /// and under best reply whether an opponent has replied (the same position then
    /// has another tree below it).
    pub(super) fn table_key(&self, pos: &Position) -> u64 {
        pos.hash() ^ self.salt ^ if self.replied { REPLIED } else { 0 }
    }

    /// The value of the child position `pos` (a move was just made) for the side
    /// to move at the parent, `parent` (+1 root's side, -1 the others): negated when
    /// the side changed, passed through when the same side moves again.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(super) fn child(
        &mut self,
        pos: &mut Position,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        pv: bool,
        parent: i32,
    ) -> i32 {
        // Under best reply, a move of the searching player opens a round of
        // replies; an opponent's move is the round's reply.
        let replied = self.replied;
        if self.best_reply {
            self.replied = parent < 0;
        }
        let v = self.descend(pos, depth, ply, alpha, beta, pv, parent);
        self.replied = replied;
        v
    }

    /// [`Searcher::node`] at `pos` seen from the side `parent`: negated when the
    /// side changed, passed through when the same side moves again.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn descend(
        &mut self,
        pos: &mut Position,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        pv: bool,
        parent: i32,
    ) -> i32 {
        if self.side(pos) == parent {
            self.node(pos, depth, ply, alpha, beta, pv)
        } else {
            -self.node(pos, depth, ply, -beta, -alpha, pv)
        }
    }

    /// The value of `m` (a pass, or a move that is not the round's reply) for the
    /// coalition of opponents: `None` when it would hand the turn to the searching
    /// player before anyone replied (unless `forced`) or ends the game. Under best
    /// reply an opponent's pass (`Move::voluntary_pass`) leaves the round's reply to
    /// the opponents after him.
    #[allow(clippy::too_many_arguments)]
    fn round_goes_on(
        &mut self,
        pos: &mut Position,
        m: Move,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        pv: bool,
        forced: bool,
    ) -> Option<i32> {
        pos.make(m);
        let v = if pos.finish.is_none() && (forced || self.side(pos) < 0) {
            Some(self.descend(pos, depth, ply + 1, alpha, beta, pv, -1))
        } else {
            None
        };
        pos.unmake();
        v
    }

    /// Under BRS+, the value of an opponent playing his most likely move (the first
    /// of `list` in the move order) instead of passing: the round's reply is left to
    /// the opponents after him when none was made (`replied` false). `None` as for
    /// [`Searcher::round_goes_on`], or when he has no move.
    #[allow(clippy::too_many_arguments)]
    fn guess_on(
        &mut self,
        pos: &mut Position,
        list: &mut crate::moves::MoveList,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        pv: bool,
        forced: bool,
    ) -> Option<i32> {
        let table_move = self.tt.probe(self.table_key(pos)).and_then(|e| e.mv);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        self.order.sort(pos, list, &mut scores, table_move, ply);
        self.scores[ply] = scores;
        let &m = list.first()?;
        self.round_goes_on(pos, m, depth, ply, alpha, beta, pv, forced)
    }

    /// Best reply: the value of the round going on without this opponent's reply: his
    /// most likely move under BRS+ ([`Searcher::guess_on`]), else a pass. `forced`
    /// as for [`Searcher::round_goes_on`].
    #[allow(clippy::too_many_arguments)]
    fn leave_reply(
        &mut self,
        pos: &mut Position,
        list: &mut crate::moves::MoveList,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        pv: bool,
        forced: bool,
    ) -> Option<i32> {
        if self.guess_others {
            return self.guess_on(pos, list, depth, ply, alpha, beta, pv, forced);
        }
        let pass = Move::voluntary_pass();
        self.round_goes_on(pos, pass, depth, ply, alpha, beta, pv, forced)
    }

    /// True when passing is a fair test of "this side is doing well" here: two
    /// players, no hidden state or turn tracks, the variant allows it, and the side
    /// to move has a piece that is neither a pawn nor royal (zugzwang is rare then).
    fn null_move_allowed(&self, pos: &Position) -> bool {
        let v = pos.variant();
        if v.player_count() != 2 || !v.null_move_pruning() || v.has_tracks() || v.has_mines() {
            return false;
        }
        let me = pos.to_move();
        let small = v.pawn_kinds | v.royal_kinds;
        let mut kinds = pos.present & !small;
        while kinds != 0 {
            let k = kinds.trailing_zeros() as u8;
            kinds &= kinds - 1;
            if v.kind_owner[k as usize] == me as Player && !pos.pieces_of(k).is_empty() {
                return true;
            }
        }
        false
    }

    /// Fills `list` with the moves of `pos` the rules allow (adjudication aside),
    /// best first by the move order.
    fn generate(
        &mut self,
        pos: &mut Position,
        list: &mut crate::moves::MoveList,
        table_move: Option<Move>,
        ply: usize,
    ) {
        pos.rule_moves_into(list);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        self.order.sort(pos, list, &mut scores, table_move, ply);
        self.scores[ply] = scores;
    }

    /// Full-width search of `pos` with `depth` plies left: its value for the side
    /// to move, within `alpha..beta` (fail-soft).
    pub(super) fn node(
        &mut self,
        pos: &mut Position,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        pv: bool,
    ) -> i32 {
        let known_check = self.next_check.take();
        let excluded = self.excluded.take();
        self.seldepth = self.seldepth.max(ply);
        if depth <= 0 || ply >= MAX_PLY {
            self.next_check = known_check;
            return self.quiesce(pos, ply, alpha, beta, super::quiesce::QUIESCENCE);
        }
        if self.tick() {
            return 0;
        }
        let side = self.side(pos);
        // A game already decided (or adjudicated) needs no moves; a game without a
        // legal move is looked at once the moves are known, below.
        if let Some(v) = self.end_value(pos, false, true, ply) {
            return side * v;
        }
        let in_check = known_check.unwrap_or_else(|| pos.in_check());
        let mut list = std::mem::take(&mut self.lists[ply]);
        list.clear();
        // Best reply: once an opponent replied, the others pass (not out of check).
        let opponent_of_best_reply = self.best_reply && side < 0;
        if opponent_of_best_reply && self.replied && !in_check {
            pos.legal_moves_into(&mut list);
            if !list.is_empty() {
                let v = self.leave_reply(pos, &mut list, depth, ply, alpha, beta, pv, true);
                if let Some(v) = v {
                    self.lists[ply] = list;
                    return v;
                }
            }
            list.clear();
        }
        let key = self.table_key(pos);
        let mut table_move = None;
        let entry = self.tt.probe(key);
        if let Some(e) = entry.filter(|_| excluded.is_none()) {
            table_move = e.mv;
            if !pv && e.depth as i32 >= depth {
                if let Some(v) = e.cut(ply, alpha, beta) {
                    self.lists[ply] = list;
                    return v;
                }
            }
        }
        let stand = if in_check {
            -INF
        } else {
            self.static_value(pos, side)
        };
        // With two players, a static value above the mover's two plies ago says his
        // position is improving: prune and reduce less. Otherwise (more players, a
        // check then or now) the node counts as improving.
        self.statics[ply] = if in_check { NO_STATIC } else { stand };
        let improving = !self.alternating
            || ply < 2
            || self.statics[ply - 2] == NO_STATIC
            || in_check
            || stand > self.statics[ply - 2];
        // Cuts before the moves are generated: a position far above beta, or one
        // where even passing keeps the value above it.
        if !pv && !in_check && !is_mate_value(beta) && excluded.is_none() {
            let margin = FUTILITY * (depth - i32::from(improving && self.alternating));
            if depth <= SHALLOW && stand - margin >= beta {
                self.lists[ply] = list;
                return stand;
            }
            // Razoring: a node near the horizon far below alpha is worth what its
            // captures make of it; when they do not lift it to alpha it fails low.
            if self.alternating && depth <= RAZOR_DEPTH && stand + razor_margin(depth) < alpha {
                self.lists[ply] = list;
                self.next_check = Some(false);
                let v = self.quiesce(pos, ply, alpha, alpha + 1, super::quiesce::QUIESCENCE);
                if v <= alpha {
                    return v;
                }
                list = std::mem::take(&mut self.lists[ply]);
                list.clear();
            }
            if depth >= 3 && stand >= beta && self.null_ok && self.null_move_allowed(pos) {
                // The further above beta, the less a pass needs proving.
                let r = 3 + depth / 4 + ((stand - beta) / 200).min(3);
                pos.make(Move::voluntary_pass());
                self.null_ok = false;
                let v = self.child(pos, depth - 1 - r, ply + 1, beta - 1, beta, false, side);
                self.null_ok = true;
                pos.unmake();
                if self.stop {
                    self.lists[ply] = list;
                    return 0;
                }
                if v >= beta {
                    self.lists[ply] = list;
                    return if is_mate_value(v) { beta } else { v };
                }
            }
        }
        // A capture that wins enough to stay above beta by a margin in a shallow
        // search cuts the node (ProbCut).
        if !pv && !in_check && excluded.is_none() && !is_mate_value(beta) {
            if let Some(v) = self.probe_cut(pos, &mut list, depth, ply, beta, stand, table_move) {
                self.lists[ply] = list;
                return v;
            }
        }
        // Without a table move this node was not searched before, or not deep enough
        // to leave one: a shallower search costs less and orders the next iteration
        // (internal iterative reduction).
        let depth = if depth >= 4 && table_move.is_none() && excluded.is_none() {
            depth - 1
        } else {
            depth
        };
        // A table move whose value no other move comes near is extended.
        let singular = match entry {
            Some(e) if excluded.is_none() && ply > 0 => {
                self.lists[ply] = list;
                let s = self.singular(pos, e, depth, ply, beta, in_check);
                list = std::mem::take(&mut self.lists[ply]);
                list.clear();
                if self.stop {
                    self.lists[ply] = list;
                    return 0;
                }
                match s {
                    Singular::Cut(v) => {
                        self.lists[ply] = list;
                        return v;
                    }
                    Singular::Extend => table_move,
                    Singular::No => None,
                }
            }
            _ => None,
        };
        // The table move, when it is legal here, is searched before the other moves
        // are generated: it often cuts, and they are then never needed.
        let first = table_move.filter(|&m| pos.legal_alone(m, &mut list));
        if let Some(m) = first {
            list.clear();
            list.push(m);
        } else {
            self.generate(pos, &mut list, table_move, ply);
            // The adjudication rules were looked at above.
            if list.is_empty() {
                if let Some(v) = self.end_value(pos, true, true, ply) {
                    self.lists[ply] = list;
                    return side * v;
                }
            }
        }
        // Captures that lose material by the exchange are put off to the end of the
        // list when their turn comes (the exchange is evaluated only for the moves a
        // cut leaves to be searched).
        let mut ordered = list.len();
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = None;
        let mut searched = 0usize;
        let mut tried = std::mem::take(&mut self.quiets[ply]);
        tried.clear();
        // Moves taken in turn so far (put-off captures count where they are taken).
        let mut taken = 0;
        let mut i = 0;
        // Whether the moves after the table move searched first are listed.
        let mut rest = first.is_none();
        loop {
            while i < list.len() {
                let m = list[i];
                i += 1;
                if (rest && first == Some(m)) || excluded == Some(m) {
                    continue;
                }
                let quiet = !is_capture(pos, m) && m.promotion().is_none();
                // Captures that lose material by the exchange come last; near the
                // horizon they are not searched unless they check.
                let losing_capture = i > ordered;
                if !quiet && !losing_capture && self.loses_by_exchange(pos, m, table_move) {
                    list.push(m);
                    continue;
                }
                taken += 1;
                let prunable = !pv && !in_check && quiet && taken > 1 && !is_mate_value(alpha);
                // Read before the move: the history and killers are the mover's.
                let (history, remembered) = if quiet {
                    (
                        self.order.history_of(pos, m),
                        self.order.is_remembered(pos, m, ply),
                    )
                } else {
                    (0, false)
                };
                // Late quiet moves of a shallow node are skipped, checks excepted, and so
                // are quiet moves that cannot lift a value far below alpha (futility).
                // Captures that lose by the exchange are skipped near the horizon, checks
                // excepted.
                let skip_unless_check = depth <= SHALLOW
                    && ((prunable
                        && (searched >= late_move_count(depth, improving)
                            || stand + futility(depth) <= alpha
                            || (!remembered && history < -HISTORY_PRUNE * depth)))
                        || (losing_capture
                            && !pv
                            && !in_check
                            && searched > 0
                            && !is_mate_value(alpha)));
                // With two players the check cells usually tell without making the move.
                if skip_unless_check
                    && self.alternating
                    && pos.gives_check_fast(m, pos.to_move(), 3 & !(1 << pos.to_move()))
                        == Some(false)
                {
                    continue;
                }
                pos.make(m);
                let gives_check = pos.in_check();
                if skip_unless_check && !gives_check {
                    pos.unmake();
                    continue;
                }
                if quiet && tried.len() < tried.capacity() {
                    tried.push(m);
                }
                // A check extends when it forces an answer (see `extend_checks`).
                let forcing =
                    gives_check && (self.extend_checks || pos.check_applies(pos.to_move()));
                let ext = i32::from(
                    (forcing || singular == Some(m)) && (ply as i32) < 2 * self.root_depth,
                );
                let new_depth = depth - 1 + ext;
                let v = if searched == 0 {
                    self.next_check = Some(gives_check);
                    self.child(pos, new_depth, ply + 1, alpha, beta, pv, side)
                } else {
                    let mut r = 0;
                    if depth >= 3 && quiet && !in_check && !gives_check && searched >= 2 {
                        r = reduction(depth, searched) - i32::from(pv) - i32::from(remembered)
                            + i32::from(!improving);
                        r -= history * 2 / HISTORY;
                        r = r.clamp(0, new_depth - 1);
                    }
                    self.next_check = Some(gives_check);
                    let mut v =
                        self.child(pos, new_depth - r, ply + 1, alpha, alpha + 1, false, side);
                    if v > alpha && r > 0 && !self.stop {
                        self.next_check = Some(gives_check);
                        v = self.child(pos, new_depth, ply + 1, alpha, alpha + 1, false, side);
                    }
                    if v > alpha && v < beta && pv && !self.stop {
                        self.next_check = Some(gives_check);
                        v = self.child(pos, new_depth, ply + 1, alpha, beta, true, side);
                    }
                    v
                };
                pos.unmake();
                searched += 1;
                if self.stop {
                    self.lists[ply] = list;
                    self.quiets[ply] = tried;
                    return 0;
                }
                if v > best {
                    best = v;
                    best_move = Some(m);
                    if v > alpha {
                        alpha = v;
                        if alpha >= beta {
                            self.order.cut(pos, m, ply, depth as u32, &tried);
                            break;
                        }
                    }
                }
            }
            if rest || alpha >= beta {
                break;
            }
            rest = true;
            self.generate(pos, &mut list, table_move, ply);
            ordered = list.len();
            i = 0;
        }
        self.quiets[ply] = tried;
        list.truncate(ordered);
        // Best reply: this opponent may leave the round's reply to the next one.
        if opponent_of_best_reply && !self.replied && !in_check && best < beta && !self.stop {
            let left = self.leave_reply(pos, &mut list, depth, ply, alpha, beta, pv, false);
            if let Some(v) = left {
                searched += 1;
                if v > best {
                    best = v;
                    best_move = None;
                }
            }
            if self.stop {
                self.lists[ply] = list;
                return 0;
            }
        }
        self.lists[ply] = list;
        if searched == 0 && excluded.is_some() {
            // No move but the one left out: it is singular.
            return alpha;
        }
        if searched == 0 {
            // In check, no move was searched only when there is none, yet the game
            // goes on (with three or more players a mated player is out at his own
            // turn): as bad as being out. Otherwise every move was pruned, or there
            // is none and no check: the static value stands.
            return if in_check {
                -(MATE / 2) + ply as i32
            } else {
                stand
            };
        }
        if excluded.is_none() {
            self.tt.store(Entry {
                key,
                mv: best_move,
                value: to_table(best, ply as u32),
                depth: depth as i16,
                bound: Bound::of(best, alpha0, beta),
            });
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reductions_grow_with_depth_and_index() {
        assert_eq!(reduction(1, 1), 0);
        assert!(reduction(8, 20) > reduction(4, 20));
        assert!(reduction(8, 20) > reduction(8, 3));
        assert!(reduction(63, 63) < 10);
    }

    #[test]
    fn a_repetition_in_the_search_is_valued_as_the_rule_says() {
        let v = crate::testing::chess();
        let mut p = Position::start(&v);
        for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            let m = p.parse_long(m).unwrap();
            p.make(m);
        }
        assert_eq!(p.repetitions(), 2);
        assert!(
            p.adjudicated().is_none(),
            "twice is not yet a draw in the game"
        );
        p.repeats_decide = true;
        assert!(p.adjudicated().is_some(), "but is one inside a search");
    }

    #[test]
    fn threats_to_kings_without_a_check_rule_do_not_extend_the_search() {
        // A Zubrin middle game (three players: no check rule) full of attacks on
        // kings by two opponents: extending them, a depth-4 search took 3.8 million
        // nodes; without, 3.4 thousand.
        let v = crate::testing::variant("zubrin");
        let mut p = Position::from_str(
            &v,
            "rR1rB2rB1rR/rKrP2rPrPrPrP/2rPbP4/4rQ3/3bK3bR/2bNbN2bBbP/1rN2bP1bP1/\
             2bR1wP3/1wPbQ2wP2/2wN1wQ2wP/1wBwN1wB2wP/5wRwK1 w h12,l12,a8 - 3 31",
        )
        .unwrap();
        let r = crate::search::Searcher::new(&v, crate::search::Limits::depth(4))
            .search(&mut p)
            .unwrap();
        assert!(r.nodes < 100_000, "{}", r.nodes);
    }
}

//! Facts of the position after a move, read before it is made.
//!
//! A filter such as Sittuyin's `forbid promotes and pieces fers of mover > 1` or
//! `forbid promotes and threatens` asks about the position after the move. Making and
//! unmaking each move to ask is most of the cost of such a filter; an ordinary move
//! changes the board in at most three cells (the piece leaves its cell, a piece lands,
//! a piece is taken), so piece counts are the counts before plus that change, and what
//! the moved piece attacks is read with the piece lifted and put down. Where rules run
//! after the move and may change the board (explosions, mines, eliminations,
//! transfers), the move is still made.

use super::cond::Scope;
use super::expr::Expr;
use super::{compare, Whose};
use crate::ids::{bit, Cell, Kind, Player};
use crate::moves::{mk, Move};
use crate::position::Position;
use dsl::rules::ast::CmpOp;

/// What an ordinary move changes on the board: the piece that leaves a cell, the
/// piece that lands, the piece taken (each a kind and its cell).
#[derive(Clone, Copy, Debug)]
struct Change {
    left: Option<(Kind, Cell)>,
    landed: (Kind, Cell),
    taken: Option<(Kind, Cell)>,
}

impl Expr {
    /// True when the value after a move can be read before it
    /// ([`Position::compare_after`]): piece counts of players the move does not
    /// change, and the values a filter reads before the move anyway.
    pub(crate) fn counted_after(&self) -> bool {
        let fixed = |w: &Whose| {
            matches!(
                w,
                Whose::Subject | Whose::Mover | Whose::All | Whose::Team | Whose::Player(_)
            )
        };
        match self {
            Expr::Pieces { whose, .. } | Expr::Royals(whose) => fixed(whose),
            Expr::Sum(ts) => ts.iter().all(|(_, t)| t.counted_after()),
            e => e.constant_in_move(),
        }
    }
}

impl Position {
    /// `a op b` in the position after `mover`'s move `m`, read before it is made, when
    /// both sides are [`Expr::counted_after`] and the move only moves, lands and takes
    /// pieces ([`Position::change_of`]); `None` otherwise.
    pub(crate) fn compare_after(
        &self,
        a: &Expr,
        op: CmpOp,
        b: &Expr,
        m: Move,
        mover: Player,
    ) -> Option<bool> {
        if !a.counted_after() || !b.counted_after() {
            return None;
        }
        let change = self.change_of(m)?;
        let scope = Scope {
            subject: mover,
            mover,
            facts: Some(self.facts_before(m)),
        };
        let x = self.value_after(a, &scope, &change);
        let y = self.value_after(b, &scope, &change);
        Some(compare(x, op, y))
    }

    /// The board change of `m`, when nothing else changes the board: an ordinary
    /// move, en-passant capture or drop without a gate, that takes no royal, in a
    /// variant with no after-move rule that changes the board.
    fn change_of(&self, m: Move) -> Option<Change> {
        let v = &*self.v;
        if self.by_making
            || v.rules.after_changes_board
            || v.rules.mines.is_some()
            || v.rules.transfer.is_some()
            || m.gate().is_some()
        {
            return None;
        }
        match m.kind {
            mk::DROP => Some(Change {
                left: None,
                landed: (m.aux as Kind, m.to),
                taken: None,
            }),
            mk::NORMAL | mk::CREATES_EP | mk::EP_CAPTURE => {
                let kind = self.board[m.from as usize].checked_sub(1)?;
                let owner = v.kind_owner[kind as usize];
                let heir = v.heir(owner, m.to);
                let landed = match m.promotion() {
                    Some(t) => v.kind(t, heir),
                    None if heir != owner => v.kind(v.kind_type[kind as usize], heir),
                    None => kind,
                };
                let at = if m.kind == mk::EP_CAPTURE {
                    self.ep[m.aux as usize].victim
                } else {
                    m.to
                };
                let taken = match self.board[at as usize] {
                    _ if at == m.from => None,
                    0 => None,
                    sq if v.royal_kinds & bit(sq - 1) != 0 => return None,
                    sq => Some((sq - 1, at)),
                };
                Some(Change {
                    left: Some((kind, m.from)),
                    landed: (landed, m.to),
                    taken,
                })
            }
            _ => None,
        }
    }

    /// Whether the piece `m` lands could capture a piece of another player of `kinds`
    /// once `m` is made ([`super::cond::Cond::Threatens`]), read with the piece lifted and put down;
    /// `None` when the move changes more than [`Position::change_of`] sees, or when a
    /// limited promotion could make the answer depend on the piece counts.
    pub(crate) fn threatens_after(&mut self, m: Move, kinds: u64) -> Option<bool> {
        let change = self.change_of(m)?;
        if self.v.tables.limited_promos {
            return None;
        }
        let (to, from) = (m.to as usize, m.from as usize);
        let taken_at = change.taken.map(|(_, c)| c as usize);
        let (was_from, was_to, was_present) = (self.board[from], self.board[to], self.present);
        let was_taken = taken_at.map(|c| self.board[c]);
        let was_virgin = self.virgin.contains(m.to);
        if change.left.is_some() {
            self.board[from] = 0;
        }
        if let Some(c) = taken_at {
            self.board[c] = 0;
        }
        self.board[to] = change.landed.0 + 1;
        self.present |= bit(change.landed.0);
        if was_virgin {
            self.virgin.remove(m.to);
        }
        let threat = self.threatens(m.to, kinds);
        if was_virgin {
            self.virgin.insert(m.to);
        }
        self.present = was_present;
        if let (Some(c), Some(sq)) = (taken_at, was_taken) {
            self.board[c] = sq;
        }
        self.board[to] = was_to;
        self.board[from] = was_from;
        Some(threat)
    }

    /// The value of `e` after the move whose board change is `change`.
    fn value_after(&self, e: &Expr, s: &Scope, change: &Change) -> i64 {
        match e {
            Expr::Pieces { kinds, zone, whose } => {
                self.value(e, s) + self.count_change(*kinds, *zone, *whose, s, change)
            }
            Expr::Royals(whose) => {
                let royals = self.v.royal_kinds;
                self.value(e, s) + self.count_change(royals, None, *whose, s, change)
            }
            Expr::Sum(terms) => terms.iter().fold(0i64, |acc, (minus, t)| {
                let v = self.value_after(t, s, change);
                if *minus {
                    acc.saturating_sub(v)
                } else {
                    acc.saturating_add(v)
                }
            }),
            e => self.value(e, s),
        }
    }

    /// How the count of the pieces of `kinds` (in `zone`, of the players `whose`
    /// names) changes with `change`.
    fn count_change(
        &self,
        kinds: u64,
        zone: Option<u16>,
        whose: Whose,
        s: &Scope,
        change: &Change,
    ) -> i64 {
        let v = &*self.v;
        let set = self.players_of(whose, s);
        let counts = |(kind, cell): (Kind, Cell)| -> i64 {
            let owner = v.kind_owner[kind as usize];
            let counted = set & (1 << owner) != 0
                && kinds & v.owner_kinds[owner as usize] & bit(kind) != 0
                && zone.map_or(true, |z| {
                    v.rules.zones[z as usize][owner as usize].contains(cell)
                });
            i64::from(counted)
        };
        counts(change.landed) - change.left.map_or(0, counts) - change.taken.map_or(0, counts)
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::{compile, random_games_match_making, CHESS_BOARD, CHESS_RULES};
    use crate::Position;

    /// Chess with filters that ask about the position after the move: counts of
    /// several players, in zones, royals, sums, and threats by the moved piece. Each
    /// keeps some moves and refuses others, so a wrong answer changes the lists.
    fn filtered_chess(filters: bool) -> std::sync::Arc<crate::Variant> {
        let rules = format!(
            "{CHESS_RULES}\n\
             extend piece knight {{\n slide orthogonal max 2 first\n}}\n{}",
            if filters { FILTERS } else { "" }
        );
        compile(&rules, CHESS_BOARD).expect("compiles")
    }

    /// The filters of [`filtered_chess`].
    const FILTERS: &str = "zone centre = c3 d3 e3 f3 c4 d4 e4 f4 c5 d5 e5 f5 c6 d6 e6 f6\n\
             forbid pieces pawn of others = 5\n\
             forbid pieces knight bishop in centre of all + pieces rook of mover = 4\n\
             forbid pieces in far of mover > 1 and not captures\n\
             forbid royals of mover < 1\n\
             forbid promotes and pieces queen of mover > 1\n\
             forbid threatens queen rook and pieces knight of others - pieces bishop of mover >= 1\n\
             forbid move of knight and threatens pawn\n";

    /// Every legal-move list read before the moves equals the one made move by move,
    /// over random games that reach promotions, en passant and captures.
    #[test]
    fn foreseen_filters_agree_with_making_the_moves() {
        let plain = filtered_chess(false);
        let (mut refused, mut promotions) = (0, 0);
        random_games_match_making(&filtered_chess(true), 40, 160, |p, moves| {
            let unfiltered = Position::from_str(&plain, &p.to_string())
                .expect("the same position without the filters")
                .every_move();
            refused += unfiltered.len() - moves.len();
            promotions += moves.iter().filter(|m| m.promotion().is_some()).count();
        });
        assert!(refused > 1000, "the filters refused only {refused} moves");
        assert!(promotions > 10, "only {promotions} promotions met");
    }

    /// A promotion in place takes nothing: `forbid captures pawn` keeps it (it read
    /// the promoting pawn on its own target as taken).
    #[test]
    fn a_promotion_in_place_captures_nothing() {
        let v = crate::testing::chess_with(
            "piece queen Q value 9 {\n slide n e s w ne nw se sw\n}\n\
             piece pawn P value 1 pawn {\n step n to empty\n \
             promote in place to queen\n}\nforbid captures pawn\n",
        );
        let mut p = Position::from_str(&v, "4k3/8/8/8/8/8/P7/4K3 w - - 0 1").expect("a position");
        let longs: Vec<String> = p.every_move().iter().map(|&m| p.long(m)).collect();
        assert!(longs.iter().any(|l| l.starts_with("a2a2")), "{longs:?}");
    }
}

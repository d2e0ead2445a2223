//! Singular extension: a table move whose value no other move of the node comes
//! near (a reduced search without it falls short by a margin) is searched a ply
//! deeper, since the line hangs on it; when the other moves hold above beta even
//! without it, the node is cut. Two alternating players only: with more, the
//! value of "every other move" is the coalition's and the margin means nothing.

use super::engine::Searcher;
use super::terminal::is_mate_value;
use super::tt::{Bound, Entry};
use crate::Position;

/// Shallowest node whose table move may be found singular and extended.
const SINGULAR_DEPTH: i32 = 6;

impl Searcher {
    /// Singular extension: whether the table move `e.mv` of this node (`depth`
    /// plies left, window up to `beta`) is far better than every other move, by a
    /// reduced search that leaves it out. When even without it the node holds above
    /// beta, the node is cut (several moves would).
    pub(super) fn singular(
        &mut self,
        pos: &mut Position,
        e: Entry,
        depth: i32,
        ply: usize,
        beta: i32,
        in_check: bool,
    ) -> Singular {
        let value = super::terminal::from_table(e.value, ply as u32);
        if !self.alternating
            || depth < SINGULAR_DEPTH
            || e.mv.is_none()
            || e.bound == Bound::Upper
            || (e.depth as i32) < depth - 3
            || is_mate_value(value)
        {
            return Singular::No;
        }
        let singular_beta = value - 2 * depth;
        self.excluded = e.mv;
        self.next_check = Some(in_check);
        let v = self.node(
            pos,
            (depth - 1) / 2,
            ply,
            singular_beta - 1,
            singular_beta,
            false,
        );
        if v < singular_beta {
            Singular::Extend
        } else if singular_beta >= beta {
            Singular::Cut(singular_beta)
        } else {
            Singular::No
        }
    }
}

/// What the singular test found ([`Searcher::singular`]).
pub(super) enum Singular {
    /// The table move is not singular.
    No,
    /// The table move is singular: it is extended.
    Extend,
    /// Other moves hold the node above beta too: its value.
    Cut(i32),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::engine::INF;

    /// [`Searcher::singular`] of `pos` (one ply below the root) with `mv` as its
    /// table move, valued `value` as a lower bound eight plies deep.
    fn singular_test(fen: &str, mv: &str, value: i32, beta: i32) -> Singular {
        let v = crate::testing::fide_chess();
        let mut p = Position::from_str(&v, fen).unwrap();
        let m = p.parse_long(mv).unwrap();
        let mut s = Searcher::new(&v, crate::search::Limits::depth(20));
        let e = Entry {
            key: s.table_key(&p),
            mv: Some(m),
            value,
            depth: 8,
            bound: Bound::Lower,
        };
        s.singular(&mut p, e, 8, 1, beta, false)
    }

    #[test]
    fn a_move_no_other_comes_near_is_singular() {
        // Only the rook's capture of the queen keeps White's value.
        let fen = "k7/8/8/8/3q4/8/8/3R3K w - - 0 1";
        assert!(matches!(
            singular_test(fen, "d1d4", 900, INF),
            Singular::Extend
        ));
        // From the start, other moves are as good as e4: no extension, and a cut when
        // they hold above beta too.
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert!(matches!(singular_test(start, "e2e4", 0, INF), Singular::No));
        assert!(matches!(
            singular_test(start, "e2e4", 0, -100),
            Singular::Cut(-16)
        ));
    }
}

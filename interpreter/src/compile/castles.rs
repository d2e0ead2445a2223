//! `castle "NAME" for PLAYER: king A to B, rook C to D [, safe path|between]`.
//!
//! The four cells must lie on one line of the board (a ray from the king's cell and
//! its continuation the other way). From that line the compiler derives the cells
//! that must be empty and the cells no opponent may attack, so castling at move time
//! is a few table lookups.

use super::cx::Cx;
use super::names::BoardNames;
use super::options::Active;
use super::players::Players;
use crate::ids::{Cell, Kind, PieceType};
use crate::topology::Topology;
use crate::variant::CastleInfo;
use dsl::rules::ast::CastleSafety;

/// The cells of the line through `from` in `dir` and its opposite, in order, with
/// the index of `from`. At forks the first branch is taken.
fn line(topo: &Topology, from: Cell, dir: u8) -> (Vec<Cell>, usize) {
    let first_branch = |d: u8| -> Vec<Cell> {
        let ray = topo.ray(topo.ray_id(from, d));
        let mut out = Vec::new();
        let mut want = 1;
        for n in ray {
            if n.depth == want {
                out.push(n.cell);
                want += 1;
            }
        }
        out
    };
    let mut back = first_branch(topo.opposite[dir as usize]);
    back.reverse();
    let at = back.len();
    back.push(from);
    back.extend(first_branch(dir));
    (back, at)
}

/// Cells of `l` after index `a` up to and including index `b` (either direction).
fn walk(l: &[Cell], a: usize, b: usize) -> Vec<Cell> {
    if a <= b {
        l[a + 1..=b].to_vec()
    } else {
        l[b..a].iter().rev().copied().collect()
    }
}

/// Finds a line holding all four cells: `(line, king, rook, king target, rook target)`.
fn locate(
    topo: &Topology,
    kf: Cell,
    kt: Cell,
    rf: Cell,
    rt: Cell,
) -> Option<(Vec<Cell>, [usize; 4])> {
    for d in 0..topo.dirs as u8 {
        let (l, a) = line(topo, kf, d);
        let pos = |c: Cell| l.iter().position(|&x| x == c);
        if let (Some(b), Some(c), Some(e)) = (pos(rf), pos(kt), pos(rt)) {
            if b > a {
                return Some((l, [a, b, c, e]));
            }
        }
    }
    None
}

/// Compiles the castles, given the start position.
pub(crate) fn compile(
    active: &Active,
    names: &BoardNames,
    players: &Players,
    topo: &Topology,
    setup: &[(Cell, Kind)],
    ntypes: usize,
    cx: &mut Cx,
) -> Vec<CastleInfo> {
    let mut out = Vec::new();
    for (i, c) in active.castles.iter().enumerate() {
        if i == super::limits::MAX_CASTLES {
            super::limits::too_many(cx, "castles", super::limits::MAX_CASTLES, c.span);
            break;
        }
        let player = players.resolve(&c.player, cx);
        let cells = [&c.king_from, &c.king_to, &c.rook_from, &c.rook_to].map(|n| names.cell(n, cx));
        let (Some(player), [Some(kf), Some(kt), Some(rf), Some(rt)]) = (player, cells) else {
            continue;
        };
        let piece_on = |cell: Cell| -> Option<PieceType> {
            setup
                .iter()
                .find(|&&(x, k)| x == cell && k as usize / ntypes.max(1) == player as usize)
                .map(|&(_, k)| (k as usize % ntypes) as PieceType)
        };
        let mut ok = true;
        for (ident, cell, what) in [(&c.king_from, kf, "king"), (&c.rook_from, rf, "rook")] {
            if piece_on(cell).is_none() {
                cx.error(
                    "compile::castle-without-piece",
                    format!(
                        "castle \"{}\" needs a piece of `{}` on `{}` in the setup",
                        c.name.node, c.player.node, ident.node
                    ),
                    ident.span,
                    format!("no {what} here at the start"),
                    "castling moves two unmoved pieces of the player: set them up on these cells",
                );
                ok = false;
            }
        }
        if kf == rf {
            cx.error(
                "compile::castle-same-cell",
                "the king and the rook start on the same cell",
                c.rook_from.span,
                "same as the king's cell",
                "castling moves two different pieces",
            );
            continue;
        }
        let Some((l, [a, b, k, r])) = locate(topo, kf, kt, rf, rt) else {
            cx.error(
                "compile::castle-not-on-line",
                format!(
                    "castle \"{}\": `{}`, `{}`, `{}` and `{}` are not on one line",
                    c.name.node, c.king_from.node, c.king_to.node, c.rook_from.node, c.rook_to.node
                ),
                c.span,
                "not on one line",
                "the king's and the rook's cells must lie on one line of the board's directions, \
                 like e1, g1, h1 and f1",
            );
            continue;
        };
        if !ok {
            continue;
        }
        let between = walk(&l, a, b);
        let between: Vec<Cell> = between.into_iter().filter(|&x| x != rf).collect();
        let king_path = walk(&l, a, k);
        let rook_path = walk(&l, b, r);
        let mut empty: Vec<Cell> = Vec::new();
        for &x in between.iter().chain(&king_path).chain(&rook_path) {
            if x != kf && x != rf && !empty.contains(&x) {
                empty.push(x);
            }
        }
        let mut safe = vec![kf];
        let rest = match c.safety.node {
            CastleSafety::Path => king_path,
            CastleSafety::Between => between,
        };
        for x in rest {
            if !safe.contains(&x) {
                safe.push(x);
            }
        }
        out.push(CastleInfo {
            name: c.name.node.clone(),
            player,
            king_from: kf,
            king_to: kt,
            rook_from: rf,
            rook_to: rt,
            king_type: piece_on(kf).unwrap_or(0),
            rook_type: piece_on(rf).unwrap_or(0),
            empty,
            safe,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::tests::chess_board;

    #[test]
    fn chess_castles_lie_on_the_first_rank() {
        let b = chess_board();
        let t = Topology::build(&b).unwrap();
        let c = |n: &str| b.cell(n).unwrap();
        let (l, [a, r, k, rt]) = locate(&t, c("e1"), c("c1"), c("a1"), c("d1")).unwrap();
        assert_eq!(walk(&l, a, r), vec![c("d1"), c("c1"), c("b1"), c("a1")]);
        assert_eq!(walk(&l, a, k), vec![c("d1"), c("c1")]);
        assert_eq!(walk(&l, r, rt), vec![c("b1"), c("c1"), c("d1")]);
        assert!(locate(&t, c("e1"), c("g2"), c("h1"), c("f1")).is_none());
    }
}

#[cfg(test)]
mod compiled {
    use crate::testing::chess_with;

    #[test]
    fn safe_path_and_safe_between() {
        let v = chess_with(
            "piece rook R {\n slide n e s w\n}\n\
             castle \"a\" for white: king e1 to c1, rook a1 to d1\n\
             castle \"b\" for white: king e1 to c1, rook a1 to d1, safe between\n\
             castle \"c\" for black: king e8 to g8, rook h8 to f8\n\
             setup white: K e1, R a1\nsetup black: K e8, R h8\n",
        );
        let names = |cells: &[u16]| cells.iter().map(|&c| v.cell_name(c)).collect::<Vec<_>>();
        let c = v.castles();
        assert_eq!(names(&c[0].safe), ["e1", "d1", "c1"]);
        assert_eq!(names(&c[1].safe), ["e1", "d1", "c1", "b1"]);
        assert_eq!(names(&c[0].empty), ["d1", "c1", "b1"]);
        assert_eq!(names(&c[2].empty), ["f8", "g8"]);
    }
}

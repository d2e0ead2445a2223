//! The `line` fact: N pieces in a row (`line 3`, `line 5 stone along orthogonal`), the
//! end condition of connection games (tic-tac-toe's movement phase, Tapatan,
//! Fairy-Stockfish's `connectN`).
//!
//! A row follows the board's edges, so it bends with them: on a cylinder it wraps, at a
//! fork it may take either branch, through a remap it continues in the remapped
//! direction. Evaluation walks the precomputed rays (`topology.rs`) from each of the
//! player's pieces: a ray is a tree in pre-order, so skipping the subtree of the first
//! cell that breaks the row leaves only rows that are still whole. Cost: pieces x
//! directions x N cells, no allocation.

use super::cond::{Cond, Scope};
use super::expr::Whose;
use crate::compile::dirsets::dirs_of;
use crate::compile::rules::{Lower, Stage};
use crate::ids::{bit, Cell, Kind, Player};
use crate::position::Position;
use dsl::rules::ast;

/// Longest row a `line` fact may ask for (rays are capped in length too).
pub(crate) const MAX_LINE: i64 = 64;

/// The compiled fact.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Line {
    /// Pieces in the row, the first included (2 or more: 1 is lowered to a piece count).
    pub length: u16,
    /// Kinds that count (over every owner; the owner is picked by `whose`).
    pub kinds: u64,
    /// Per owner and cell, the directions a row may leave the cell in.
    pub dirs: Box<[u32]>,
    /// Whose pieces.
    pub whose: Whose,
}

impl Position {
    /// Whether some player `line.whose` names in `s` has a row of `line.length`.
    pub(crate) fn has_line(&self, line: &Line, s: &Scope) -> bool {
        let set = self.players_of(line.whose, s);
        (0..self.v.player_count() as Player)
            .filter(|&p| set & (1 << p) != 0)
            .any(|p| self.player_has_line(line, p))
    }

    /// Whether `player`'s pieces of `line.kinds` form a row of `line.length`.
    fn player_has_line(&self, line: &Line, player: Player) -> bool {
        let kinds = line.kinds & self.v.owner_kinds[player as usize];
        let cells = self.v.cell_count();
        let topo = &self.v.topo;
        let counts = |c: Cell| {
            let sq = self.board[c as usize];
            sq != 0 && kinds & bit(sq - 1) != 0
        };
        let mut mask = kinds & self.present;
        while mask != 0 {
            let k = mask.trailing_zeros() as Kind;
            mask &= mask - 1;
            for &from in self.pieces_of(k) {
                let dirs = line.dirs[player as usize * cells + from as usize];
                for d in dirs_of(dirs) {
                    let ray = topo.ray(topo.ray_id(from, d));
                    let mut i = 0;
                    while i < ray.len() {
                        let node = ray[i];
                        if !counts(node.cell) {
                            i = node.skip as usize;
                            continue;
                        }
                        if node.depth as usize + 1 >= line.length as usize {
                            return true;
                        }
                        i += 1;
                    }
                }
            }
        }
        false
    }
}

impl Lower<'_, '_> {
    /// `line N [PIECES] [along DIRS] [of WHOSE]`.
    pub(crate) fn line(&mut self, f: &ast::LineFact, stage: Stage) -> Option<Cond> {
        let n = f.length.node;
        let length_ok = (1..=MAX_LINE).contains(&n);
        if !length_ok {
            self.cx.error(
                "compile::line-length",
                format!("a line of {n} pieces"),
                f.length.span,
                "out of range",
                format!("a line holds 1 to {MAX_LINE} pieces"),
            );
        }
        let kinds = self.piece_kinds(&f.pieces);
        let whose = self.whose(f.whose.as_ref(), stage);
        let dirs = self.line_dirs(&f.dirs);
        let (kinds, whose, dirs) = (kinds?, whose?, dirs?);
        if !length_ok {
            return None;
        }
        if n == 1 {
            // One piece in a row is one piece on the board.
            let count = super::expr::Expr::Pieces {
                kinds,
                zone: None,
                whose,
            };
            return Some(Cond::Cmp(count, ast::CmpOp::Ge, super::expr::Expr::Lit(1)));
        }
        Some(Cond::Line(Box::new(Line {
            length: n as u16,
            kinds,
            dirs,
            whose,
        })))
    }

    /// The directions of `along DIRS` per owner and cell (every board direction when
    /// none are named).
    pub(crate) fn line_dirs(&mut self, names: &[ast::Ident]) -> Option<Box<[u32]>> {
        let env = self.env;
        let (players, cells) = (env.players.len(), env.topo.cells);
        if names.is_empty() {
            let all = if env.topo.dirs >= 32 {
                u32::MAX
            } else {
                (1u32 << env.topo.dirs) - 1
            };
            return Some(vec![all; players * cells].into_boxed_slice());
        }
        let refs: Vec<_> = names
            .iter()
            .map(|d| env.dirsets.resolve(d, env.names, self.cx))
            .collect();
        let refs: Vec<_> = refs.into_iter().collect::<Option<_>>()?;
        let mut masks = Vec::with_capacity(players * cells);
        for p in 0..players as Player {
            for c in 0..cells as Cell {
                masks.push(refs.iter().fold(0, |m, &r| m | env.dirsets.mask(r, p, c)));
            }
        }
        Some(masks.into_boxed_slice())
    }
}

//! Name lookups on the board, built once per compile so that resolving thousands of
//! references is a hash lookup each.

use super::cx::Cx;
use crate::ids::{Cell, Dir};
use dsl::board::BoardGraph;
use dsl::rules::ast::Ident;
use std::collections::HashMap;

/// The board's names.
pub(crate) struct BoardNames<'b> {
    /// The board.
    pub board: &'b BoardGraph,
    /// Cells by name.
    pub cells: HashMap<&'b str, Cell>,
    /// Directions by name.
    pub dirs: HashMap<&'b str, Dir>,
    /// Board zones by name (index into `board.zones`).
    pub zones: HashMap<&'b str, usize>,
}

impl<'b> BoardNames<'b> {
    /// Indexes `board`.
    pub fn new(board: &'b BoardGraph) -> BoardNames<'b> {
        BoardNames {
            board,
            cells: board
                .cells
                .iter()
                .enumerate()
                .map(|(i, c)| (c.name.as_str(), i as Cell))
                .collect(),
            dirs: board
                .directions
                .iter()
                .enumerate()
                .map(|(i, d)| (d.name.as_str(), i as Dir))
                .collect(),
            zones: board
                .zones
                .iter()
                .enumerate()
                .map(|(i, z)| (z.name.as_str(), i))
                .collect(),
        }
    }

    /// Resolves a cell name, reporting unknown ones.
    pub fn cell(&self, name: &Ident, cx: &mut Cx) -> Option<Cell> {
        let c = self.cells.get(name.node.as_str()).copied();
        if c.is_none() {
            cx.unknown(
                "compile::unknown-cell",
                "cell",
                name,
                self.board.cells.iter().map(|c| c.name.as_str()),
                "cells",
            );
        }
        c
    }

    /// Resolves a seat name, reporting unknown ones.
    pub fn seat(&self, name: &Ident, cx: &mut Cx) -> Option<usize> {
        let s = self.board.seat(&name.node);
        if s.is_none() {
            cx.unknown(
                "compile::unknown-seat",
                "seat",
                name,
                self.board.seats.iter().map(String::as_str),
                "seats",
            );
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dsl::{SourceFile, Spanned};

    #[test]
    fn cells_and_seats_by_name() {
        let board = dsl::board::load_board(&SourceFile::new("b.yaml", crate::testing::CHESS_BOARD))
            .unwrap()
            .0;
        let names = BoardNames::new(&board);
        let mut cx = Cx::new(SourceFile::new("t.rules", "e4 e9"));
        let ident =
            |s: &str, at: usize| Spanned::new(s.to_owned(), dsl::Span::new(at, at + s.len()));
        assert_eq!(names.cell(&ident("e4", 0), &mut cx), board.cell("e4"));
        assert_eq!(names.cell(&ident("e9", 3), &mut cx), None);
        assert_eq!(names.seat(&ident("white", 0), &mut cx), Some(0));
        assert!(cx.has_errors());
        assert_eq!(cx.finish().0.len(), 1);
    }
}

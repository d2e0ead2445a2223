//! Qualified cell names in move text. A board may name its cells `qualifier:name`
//! (`2:e4`, `k:a3`: board 2, board k). Move text may leave the qualifier out: a text
//! that is no cell's name but is the part after the last `:` of some cells' names
//! (`e4` for `1:e4`, `2:e4`, `3:e4`) stands for any of them, and the legal moves tell
//! which one is meant (the move readers accept a text when exactly one legal move fits
//! over all its readings). A full name always wins: a text that is a cell's name is
//! that cell alone. Names without `:` are never shortened, so boards without qualified
//! names read exactly as before.
//!
//! Nothing here assumes what a qualifier looks like (digits, letters, several `:`).

use crate::ids::Cell;
use crate::variant::Variant;
use std::collections::HashSet;

/// The part of a cell name after its last `:` (`2:e4` -> `e4`, `a:b:c3` -> `c3`);
/// `None` for a name without `:` or ending with it.
pub(crate) fn unqualified(name: &str) -> Option<&str> {
    name.rsplit_once(':')
        .map(|(_, s)| s)
        .filter(|s| !s.is_empty())
}

/// A cell as written in move text: one cell by its full name, or an unqualified name
/// standing for every cell whose name ends with `:` and it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CellText<'a> {
    /// A cell's full name.
    Cell(Cell),
    /// The unqualified part of one or more cells' names, itself no cell's name.
    Unqualified(&'a str),
}

impl CellText<'_> {
    /// True when `cell` is (one of) the cell(s) written.
    pub(crate) fn fits(&self, v: &Variant, cell: Cell) -> bool {
        match *self {
            CellText::Cell(c) => c == cell,
            CellText::Unqualified(s) => unqualified(v.cell_name(cell)) == Some(s),
        }
    }

    /// True when the text was a full cell name.
    pub(crate) fn is_full(&self) -> bool {
        matches!(self, CellText::Cell(_))
    }

    /// The text as written (a full name for [`CellText::Cell`]).
    pub(crate) fn shown<'v>(&self, v: &'v Variant) -> &'v str
    where
        Self: 'v,
    {
        match *self {
            CellText::Cell(c) => v.cell_name(c),
            CellText::Unqualified(s) => s,
        }
    }
}

/// The unqualified names of a variant's cells, gathered once per move read (a set,
/// so that looking up every substring of a hostile text stays cheap).
pub(crate) struct ShortNames<'v> {
    v: &'v Variant,
    names: HashSet<&'v str>,
}

impl<'v> ShortNames<'v> {
    /// The unqualified names of `v`'s cells (empty for a board without `:` names).
    pub(crate) fn new(v: &'v Variant) -> Self {
        let names = (0..v.cell_count() as Cell)
            .filter_map(|c| unqualified(v.cell_name(c)))
            .collect();
        ShortNames { v, names }
    }

    /// True when no cell name has a qualifier.
    pub(crate) fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// `text` as a cell: a full name first, else an unqualified name of some cells.
    pub(crate) fn lookup<'a>(&self, text: &'a str) -> Option<CellText<'a>> {
        match self.v.cell(text) {
            Some(c) => Some(CellText::Cell(c)),
            None if self.names.contains(text) => Some(CellText::Unqualified(text)),
            None => None,
        }
    }
}

impl Variant {
    /// The cells a name written in move text stands for: the cell of that full name,
    /// else every cell whose name's part after its last `:` is `text` (`e4` -> `1:e4`,
    /// `2:e4`...), in cell order; empty when none.
    pub fn cells_named(&self, text: &str) -> Vec<Cell> {
        if let Some(c) = self.cell(text) {
            return vec![c];
        }
        (0..self.cell_count() as Cell)
            .filter(|&c| unqualified(self.cell_name(c)) == Some(text))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::{unqualified, CellText, ShortNames};
    use crate::testing::{chess, compile};

    #[test]
    fn the_part_after_the_last_colon() {
        assert_eq!(unqualified("2:e4"), Some("e4"));
        assert_eq!(unqualified("k:a3"), Some("a3"));
        assert_eq!(unqualified("a:b:c3"), Some("c3"));
        assert_eq!(unqualified("e4"), None);
        assert_eq!(unqualified("e4:"), None);
    }

    #[test]
    fn chess_has_no_short_names() {
        let v = chess();
        let short = ShortNames::new(&v);
        assert!(short.is_empty());
        assert_eq!(
            short.lookup("e4"),
            Some(CellText::Cell(v.cell("e4").unwrap()))
        );
        assert_eq!(short.lookup("e9"), None);
        assert_eq!(v.cells_named("e4"), vec![v.cell("e4").unwrap()]);
        assert!(v.cells_named("x").is_empty());
    }

    #[test]
    fn a_full_name_wins_over_an_unqualified_one() {
        // Cells `b1` and `q:b1`: `b1` is the first alone; `a1` stands for `p:a1`, `q:a1`.
        let board = "name: line\nseats: [white, black]\ndirections:\n  e: { opposite: w }\n  w: { opposite: e }\n\
                     cells:\n  - { name: 'p:a1', at: [0, 0], links: { e: 'q:a1' } }\n  - { name: 'q:a1', at: [1, 0], links: { e: b1, w: 'p:a1' } }\n\
                     \x20 - { name: b1, at: [2, 0], links: { e: 'q:b1', w: 'q:a1' } }\n  - { name: 'q:b1', at: [3, 0], links: { w: b1 } }\n\
                     rows: [['p:a1', 'q:a1', b1, 'q:b1']]\n";
        let rules = "board \"line.yaml\"\nplayer white\nplayer black\npiece rook R {\n slide e w\n}\nsetup white: R p:a1\nsetup black: R q:b1\n";
        let v = compile(rules, board).unwrap();
        let short = ShortNames::new(&v);
        let b1 = v.cell("b1").unwrap();
        assert_eq!(short.lookup("b1"), Some(CellText::Cell(b1)));
        assert_eq!(v.cells_named("b1"), vec![b1]);
        let a1 = short.lookup("a1").unwrap();
        assert!(!a1.is_full());
        assert_eq!(a1.shown(&v), "a1");
        assert!(a1.fits(&v, v.cell("p:a1").unwrap()) && a1.fits(&v, v.cell("q:a1").unwrap()));
        assert!(!a1.fits(&v, b1));
        assert_eq!(v.cells_named("a1").len(), 2);
        assert_eq!(short.lookup("p:a"), None);
    }
}

//! AST of the hidden-mine statements: where mines lie at the start (`mines N in ZONE
//! seed S`, `mines mirror D E`), who sees them (`mines shown ...`), and what a piece
//! entering one does (`mine primed|unprimed PIECES: EFFECTS`).
//!
//! Kept apart from `ast.rs` because it is one concept: hidden objects on cells and
//! chance, which any variant may use.

use super::ast::{Ident, Num, ZoneExpr};
use crate::span::{Span, Spanned};

/// A `mines ...` statement.
#[derive(Clone, Debug, PartialEq)]
pub struct MinesDecl {
    /// Which of the three forms.
    pub kind: MinesKind,
    /// The whole statement.
    pub span: Span,
}

/// The three forms of `mines`.
#[derive(Clone, Debug, PartialEq)]
pub enum MinesKind {
    /// `mines N in ZONE seed S`: N mines on distinct cells of ZONE, drawn by a
    /// generator seeded with S when the game starts.
    Layout {
        /// How many mines.
        count: Spanned<Num>,
        /// Where they may lie.
        zone: ZoneExpr,
        /// The generator's seed.
        seed: Spanned<Num>,
    },
    /// `mines mirror D E`: mines come in pairs, a cell and its mirror image on the
    /// line through it along D and E (the cell as far from the D end as the first
    /// is from the E end).
    Mirror(Ident, Ident),
    /// `mines shown always|primed|never`: which mines players see on the board.
    Shown(Spanned<MineShown>),
}

/// Which mines the players see drawn on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MineShown {
    /// Every mine, from the start.
    Always,
    /// Primed mines only (a mine is exposed when it is primed).
    Primed,
    /// None: a primed mine is only announced.
    Never,
}

/// `mine primed|unprimed [PIECES]: EFFECTS`: what a non-capturing move of one of
/// PIECES (all types when none is named) onto a mine in that state does.
#[derive(Clone, Debug, PartialEq)]
pub struct MineRuleDecl {
    /// The state of the mine entered: primed (true) or not.
    pub primed: Spanned<bool>,
    /// The piece types the rule is for (empty: every type).
    pub pieces: Vec<Ident>,
    /// What happens, in order.
    pub effects: Vec<Spanned<MineEffect>>,
    /// The whole statement.
    pub span: Span,
}

/// One effect of entering a mine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MineEffect {
    /// The mine becomes primed (and is announced).
    Prime,
    /// The move is taken back; the same player moves again, and may not repeat it.
    Undo,
    /// The piece that entered is removed from the board.
    Blast,
    /// The same player moves again.
    Again,
}

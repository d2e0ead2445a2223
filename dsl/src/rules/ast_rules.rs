//! AST of the rule core: conditions, expressions and effects, and the statements that
//! attach them to a stage of the game (`end if`, `after move`, `forbid`, `must`,
//! `counter`, `allow pass`).
//!
//! Kept apart from `ast.rs` because it is one concept: a small expression language over
//! the position and the move, shared by every statement that tests something. A new
//! condition is a new [`Cond`] (or [`Term`]) here, its grammar rule, and its compiled
//! form in the interpreter (ARCHITECTURE.md, "Adding a primitive").

use super::ast::{CmpOp, Ident, MaterialScope, Outcome, ZoneExpr};
use crate::span::{Span, Spanned};

/// A condition: true or false for a position, a rule's subject and, where the stage
/// has one, the move just made or being tested.
#[derive(Clone, Debug, PartialEq)]
pub enum Cond {
    /// `A or B or ...`.
    Or(Vec<Spanned<Cond>>),
    /// `A and B and ...`.
    And(Vec<Spanned<Cond>>),
    /// `not A`.
    Not(Box<Spanned<Cond>>),
    /// `EXPR OP EXPR`.
    Compare(Spanned<Expr>, CmpOp, Spanned<Expr>),
    /// `check [of WHOSE]`: a royal of the subject (or of WHOSE) is attacked.
    Check(Option<Spanned<Whose>>),
    /// `gives check [to WHOSE]`: after the move, the mover attacks a royal of another
    /// player (of WHOSE).
    GivesCheck(Option<Spanned<Whose>>),
    /// `captures [PIECES]`: the move removed such a piece of another player (by
    /// capture or explosion). An empty list is any piece; `royal` names every royal
    /// type.
    Captures(Vec<Ident>),
    /// `move [of PIECES] [from ZONE] [into ZONE]`.
    Move(MoveFact),
    /// `can move ...`: the player to move has such a legal move.
    Can(MoveFact),
    /// `promotes`: the move promotes.
    Promotes,
    /// `castles`: the move is a castle.
    Castles,
    /// `turn`: the subject is the player to move.
    Turn,
    /// `moved`: the subject made the last move.
    Moved,
    /// `round start`: the player to move is the first of the turn order still in.
    RoundStart,
    /// A name standing for a condition (a `bool` option).
    Name(Ident),
    /// `material each|all ALTS`: piece letters on the board.
    Material {
        /// Per player or the whole board.
        scope: MaterialScope,
        /// Alternatives, each a multiset of piece letters.
        alternatives: Vec<Vec<Spanned<char>>>,
    },
}

/// `move [of PIECES] [from ZONE] [into ZONE]`.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveFact {
    /// The moving piece's type (empty: any); `royal` names every royal type.
    pub pieces: Vec<Ident>,
    /// Where it starts (resolved for the mover's seat).
    pub from: Option<ZoneExpr>,
    /// Where it arrives (resolved for the mover's seat).
    pub into: Option<ZoneExpr>,
}

/// A whole-number expression: terms added or subtracted, left to right.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// Each term with `true` when it is subtracted.
    pub terms: Vec<(bool, Spanned<Term>)>,
}

/// One term of an expression.
#[derive(Clone, Debug, PartialEq)]
pub enum Term {
    /// A literal.
    Num(i64),
    /// `pieces [PIECES] [in ZONE] [of WHOSE]`: pieces on the board (empty list: every
    /// type; `royal`: the royal types). A per-seat zone is read for each piece's owner.
    Pieces {
        /// Types counted.
        pieces: Vec<Ident>,
        /// Where they stand.
        zone: Option<ZoneExpr>,
        /// Whose pieces (default: the subject's).
        whose: Option<Spanned<Whose>>,
    },
    /// `royals [of WHOSE]`: royal pieces owned.
    Royals(Option<Spanned<Whose>>),
    /// `players`: players still in the game.
    Players,
    /// `lost [of WHOSE]`: points of material lost to captures.
    Lost(Option<Spanned<Whose>>),
    /// `repetitions`: how often the position occurred since the last irreversible move.
    Repetitions,
    /// `quiet`: plies since the last capture or pawn move.
    Quiet,
    /// `NAME [of WHOSE]`: a counter (per player), or an `int` option.
    Name(Ident, Option<Spanned<Whose>>),
}

/// Whose pieces, counter or royals a term or fact reads.
#[derive(Clone, Debug, PartialEq)]
pub enum Whose {
    /// The rule's subject (the default).
    Subject,
    /// The player who made the last move.
    Mover,
    /// The player to move.
    Next,
    /// The owner of the piece the move captured.
    Victim,
    /// Every other player still in (summed; for facts: any of them).
    Others,
    /// Every player (summed; for facts: any of them).
    All,
    /// A player by name.
    Player(Ident),
}

/// What an `after move` rule does.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// `add N to COUNTER`: the mover's counter changes by N.
    Add {
        /// How much.
        amount: Spanned<i64>,
        /// Which counter.
        counter: Ident,
    },
    /// `explode DIRS [except PIECES]`: after a capture, the capturing piece and the
    /// pieces next to the target along DIRS (but those of the excepted types) leave the
    /// board.
    Explode {
        /// Directions or direction sets, resolved for the mover.
        dirs: Vec<Ident>,
        /// Piece types the explosion spares (the capturing piece is never spared).
        except: Vec<Ident>,
    },
    /// A game outcome, as in `end` clauses.
    Outcome(Outcome),
}

/// `after move [if COND]: EFFECTS`.
#[derive(Clone, Debug, PartialEq)]
pub struct AfterDecl {
    /// When (always when absent).
    pub cond: Option<Spanned<Cond>>,
    /// What follows, in the order written.
    pub effects: Vec<Spanned<Effect>>,
    /// The whole statement.
    pub span: Span,
}

/// `forbid COND` or `must COND`.
#[derive(Clone, Debug, PartialEq)]
pub struct FilterDecl {
    /// `must` (when some legal move meets COND, only those are legal) rather than
    /// `forbid` (moves that meet COND are illegal).
    pub must: bool,
    /// The condition, about the mover and the move.
    pub cond: Spanned<Cond>,
    /// The whole statement.
    pub span: Span,
}

/// `counter NAME [fen remaining N] ["doc"]`.
#[derive(Clone, Debug, PartialEq)]
pub struct CounterDecl {
    /// Its name, used in conditions and `add N to NAME`.
    pub name: Ident,
    /// FEN writes it as `N - value` per player (Fairy-Stockfish's check counts).
    pub fen_remaining: Option<Spanned<i64>>,
    /// A description.
    pub doc: Option<Spanned<String>>,
    /// The whole statement.
    pub span: Span,
}

//! The rule file's game rules in compiled form: the check rule, the `end` clauses, the
//! en-passant window and the non-aggression rule. `outcome.rs`, `effects.rs`,
//! `legality.rs` and `aggression.rs` interpret them.

use crate::cellset::CellSet;
use crate::ids::PieceType;
use dsl::rules::ast::CmpOp;

/// When no move may leave one's own royal attacked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CheckRule {
    /// `check always`.
    Always,
    /// `check never` (also the default).
    Never,
    /// `check when players OP N`: players not eliminated.
    Players(CmpOp, i64),
    /// `check when royals OP N`: royals the player to move owns.
    Royals(CmpOp, i64),
}

/// An `end` event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum EndEvent {
    /// In check, no legal move.
    Checkmate,
    /// A checkmate that one opponent gives alone (`true`: `checkmate by one`) or that
    /// needs several opponents (`false`: `checkmate by many`). A checkmate without
    /// such a clause falls back to the `checkmate` clause.
    CheckmateBy(bool),
    /// Not in check, no legal move (a check rule in force).
    Stalemate,
    /// No legal move and no check rule in force.
    NoMoves,
    /// A royal piece was captured.
    RoyalCaptured,
    /// A royal piece was removed by a mine.
    RoyalBlasted,
    /// A royal piece was captured and its owner has none left; where this clause
    /// exists it applies to that capture instead of `RoyalCaptured`.
    LastRoyalCaptured,
    /// The same position for the N-th time since the last irreversible move.
    Repetition(u32),
    /// N plies without a capture or a pawn move.
    Quiet(u32),
    /// Every player has made N moves (N > 0).
    Moves(u32),
    /// Material: each player's (`each`) or the whole board's types, as sorted lists.
    Material {
        /// Per player rather than the whole board.
        each: bool,
        /// Alternatives, each a sorted list of piece types.
        alts: Vec<Vec<PieceType>>,
    },
    /// One player left.
    LastPlayer,
    /// After a move, the mover's pieces attack a royal of every other active player
    /// (two or more); `mate`: one of them also has no legal move.
    CheckAll {
        /// `check all opponents and mate`.
        mate: bool,
    },
}

/// What an `end` clause does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Effect {
    /// The subject loses, the others win.
    Lose,
    /// The actor wins, the others lose.
    Win,
    /// Everyone draws.
    Draw,
    /// The subject is out.
    Eliminate,
    /// The subject passes.
    Pass,
    /// The actor controls the subject's pieces.
    CaptorControls,
    /// The subject loses, the actor wins, the other players still in draw.
    LoseToActor,
    /// The players with the most royals win, the others lose; all equal: a draw.
    MostRoyals,
}

/// One `end` clause.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct EndClause {
    /// When.
    pub event: EndEvent,
    /// What follows, in the order written.
    pub effects: Vec<Effect>,
}

/// The compiled game rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Clauses {
    /// The check rule.
    pub check: CheckRule,
    /// `end` clauses in file order.
    pub ends: Vec<EndClause>,
    /// `en passant lasts round` (else: the next turn only).
    pub ep_round: bool,
    /// The non-aggression rule, if any.
    pub non_aggression: Option<NonAggression>,
    /// Some `check all opponents` clause exists: `make` tests every move for it.
    pub check_all: bool,
    /// What a win, a draw and a loss are worth (`points`), see `scoring.rs`.
    pub points: crate::scoring::Points,
    /// Hidden mines (`mines`, `mine` statements), if the variant has any.
    pub mines: Option<Box<crate::mines::MineRules>>,
}

impl Default for Clauses {
    fn default() -> Self {
        Clauses {
            check: CheckRule::Never,
            ends: Vec::new(),
            ep_round: false,
            non_aggression: None,
            check_all: false,
            points: crate::scoring::Points::default(),
            mines: None,
        }
    }
}

/// `non-aggression`: captures a player may not make (see `aggression.rs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct NonAggression {
    /// The victim's lost points must satisfy this.
    pub lost: Option<(CmpOp, i64)>,
    /// The victim's lost points minus the captor's must satisfy this.
    pub lead: Option<(CmpOp, i64)>,
    /// Per victim (owner of the captured piece): where the rule protects his pieces.
    pub zone: Vec<CellSet>,
    /// A capture that leaves a royal of the victim attacked by the captor is allowed.
    pub unless_check: bool,
}

impl Clauses {
    /// True when a rule reads lost points: they are then hashed and written in
    /// position strings.
    pub fn reads_lost(&self) -> bool {
        self.non_aggression.is_some()
    }
}

impl Clauses {
    /// The effects of the first clause for a no-move, royal-capture or last-player
    /// event (these events carry no number); `None` when the file has no such clause.
    pub fn effects(&self, event: &EndEvent) -> Option<&[Effect]> {
        self.ends
            .iter()
            .find(|c| &c.event == event)
            .map(|c| c.effects.as_slice())
    }
}

/// `a OP b`.
pub(crate) fn compare(a: i64, op: CmpOp, b: i64) -> bool {
    match op {
        CmpOp::Lt => a < b,
        CmpOp::Le => a <= b,
        CmpOp::Eq => a == b,
        CmpOp::Ge => a >= b,
        CmpOp::Gt => a > b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compare_all_ops() {
        assert!(compare(2, CmpOp::Le, 2));
        assert!(!compare(3, CmpOp::Le, 2));
        assert!(compare(1, CmpOp::Lt, 2));
        assert!(compare(2, CmpOp::Eq, 2));
        assert!(compare(3, CmpOp::Ge, 2));
        assert!(!compare(2, CmpOp::Gt, 2));
    }

    #[test]
    fn effects_finds_the_first_clause() {
        let c = Clauses {
            ends: vec![
                EndClause {
                    event: EndEvent::Checkmate,
                    effects: vec![Effect::Lose],
                },
                EndClause {
                    event: EndEvent::Checkmate,
                    effects: vec![Effect::Draw],
                },
            ],
            ..Clauses::default()
        };
        assert_eq!(c.effects(&EndEvent::Checkmate), Some(&[Effect::Lose][..]));
        assert_eq!(c.effects(&EndEvent::Stalemate), None);
    }
}

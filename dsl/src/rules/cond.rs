//! Conditions of the rule core: their syntax tree and how the builder makes it from
//! the grammar's pairs.
//!
//! A condition joins facts (`check`, `captures`, `move of king into hill`...) and
//! comparisons of expressions (`expr.rs`) with `and`, `or`, `not`. A new fact is a
//! variant of [`Cond`] with its arm in [`Builder::fact`] here, its grammar rule, and its
//! meaning in the interpreter's `rules/cond.rs` (ARCHITECTURE.md, "Adding a primitive").

use super::ast::{CmpOp, Ident, MaterialScope, ZoneExpr};
use super::build::{child, children, find, first, letter, tight, Builder, P};
use super::expr::Expr;
use super::parser::Rule;
use crate::span::Spanned;

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
    /// `drops`: the move puts a piece from hand on the board.
    Drops,
    /// `threatens [PIECES]`: after the move, the piece that moved could capture a piece
    /// of another player (of those types; any type when none is named).
    Threatens(Vec<Ident>),
    /// `turn`: the subject is the player to move.
    Turn,
    /// `moved`: the subject made the last move.
    Moved,
    /// `round start`: the player to move is the first of the turn order still in.
    RoundStart,
    /// A name standing for a condition (a `bool` option).
    Name(Ident),
    /// `eliminated [of WHOSE]`: the subject (or one of WHOSE) is out of the game.
    Eliminated(Option<Spanned<Whose>>),
    /// `line N [PIECES] [along DIRS] [of WHOSE]`: pieces in a row.
    Line(LineFact),
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

/// `line N [PIECES] [along DIRS] [of WHOSE]`: N pieces of the listed types (empty: any)
/// of the subject (or WHOSE) on N cells in a row, each one step from the one before
/// along one of DIRS (empty: every board direction), following the board's edges.
#[derive(Clone, Debug, PartialEq)]
pub struct LineFact {
    /// How many in a row.
    pub length: Spanned<i64>,
    /// The piece types that count (empty: every type; `royal`: the royal types).
    pub pieces: Vec<Ident>,
    /// Directions or direction sets (empty: every board direction).
    pub dirs: Vec<Ident>,
    /// Whose pieces (default: the subject's).
    pub whose: Option<Spanned<Whose>>,
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
    /// The subject's team, himself included (summed; for facts: any of them).
    Team,
    /// A player by name.
    Player(Ident),
}

impl Builder<'_> {
    /// A condition (`cond`, `cond_and` or `cond_not` pair).
    pub(in crate::rules) fn cond(&mut self, pair: P<'_>) -> Spanned<Cond> {
        let span = tight(&pair);
        match pair.as_rule() {
            Rule::cond | Rule::cond_and => {
                let mut parts: Vec<Spanned<Cond>> = pair
                    .clone()
                    .into_inner()
                    .filter(|p| matches!(p.as_rule(), Rule::cond_and | Rule::cond_not))
                    .map(|p| self.cond(p))
                    .collect();
                if parts.len() == 1 {
                    return parts.pop().expect("one part");
                }
                let cond = if pair.as_rule() == Rule::cond {
                    Cond::Or(parts)
                } else {
                    Cond::And(parts)
                };
                Spanned::new(cond, span)
            }
            _ => {
                let inner = first(pair);
                match inner.as_rule() {
                    Rule::negation => {
                        let c = self.cond(child(&inner, Rule::cond_not));
                        Spanned::new(Cond::Not(Box::new(c)), span)
                    }
                    Rule::group => {
                        let c = self.cond(child(&inner, Rule::cond));
                        Spanned::new(c.node, span)
                    }
                    Rule::compare => {
                        let mut exprs = children(&inner, Rule::expr);
                        let (a, b) = (exprs.next(), exprs.next());
                        let (Some(a), Some(b)) = (a, b) else {
                            unreachable!("grammar: a comparison has two sides")
                        };
                        let op = super::build::cmp_op(child(&inner, Rule::cmp_op).as_str());
                        Spanned::new(Cond::Compare(self.expr(a), op, self.expr(b)), span)
                    }
                    _ => Spanned::new(self.fact(first(inner)), span),
                }
            }
        }
    }

    /// A fact: `check`, `gives check`, `captures`, `move ...`, `can move ...`, ...
    fn fact(&mut self, pair: P<'_>) -> Cond {
        match pair.as_rule() {
            Rule::check_fact => Cond::Check(find(&pair, Rule::whose).map(|w| self.whose(w))),
            Rule::gives_check => {
                let to = pair
                    .clone()
                    .into_inner()
                    .find(|p| {
                        matches!(
                            p.as_rule(),
                            Rule::kw_victim | Rule::kw_others | Rule::kw_next | Rule::player_ref
                        )
                    })
                    .map(|p| self.whose_word(p));
                Cond::GivesCheck(to)
            }
            Rule::captures_fact => Cond::Captures(self.piece_sels(&pair)),
            Rule::move_fact => Cond::Move(self.move_fact(pair)),
            Rule::can_fact => Cond::Can(self.move_fact(child(&pair, Rule::move_fact))),
            Rule::kw_promotes => Cond::Promotes,
            Rule::kw_castles => Cond::Castles,
            Rule::kw_drops => Cond::Drops,
            Rule::threatens_fact => Cond::Threatens(self.piece_sels(&pair)),
            Rule::kw_turn => Cond::Turn,
            Rule::kw_moved => Cond::Moved,
            Rule::round_start => Cond::RoundStart,
            Rule::cond_name => Cond::Name(self.ident(pair)),
            Rule::eliminated_fact => {
                Cond::Eliminated(find(&pair, Rule::whose).map(|w| self.whose(w)))
            }
            Rule::line_fact => Cond::Line(self.line_fact(pair)),
            _ => Cond::Material {
                scope: match find(&pair, Rule::kw_each) {
                    Some(_) => MaterialScope::Each,
                    None => MaterialScope::All,
                },
                alternatives: children(&pair, Rule::material_alt)
                    .map(|alt| children(&alt, Rule::letter).map(|l| letter(&l)).collect())
                    .collect(),
            },
        }
    }

    /// `move [of PIECES] [from ZONE] [into ZONE]`.
    fn move_fact(&mut self, pair: P<'_>) -> MoveFact {
        let mut from = None;
        let mut into = None;
        let mut after = None;
        for p in pair.clone().into_inner() {
            match p.as_rule() {
                Rule::kw_from | Rule::kw_into => after = Some(p.as_rule()),
                Rule::cond_zone => {
                    let z = self.cond_zone(p);
                    if after == Some(Rule::kw_from) {
                        from = Some(z);
                    } else {
                        into = Some(z);
                    }
                }
                _ => {}
            }
        }
        MoveFact {
            pieces: self.piece_sels(&pair),
            from,
            into,
        }
    }

    /// `line N [PIECES] [along DIRS] [of WHOSE]`.
    fn line_fact(&mut self, pair: P<'_>) -> LineFact {
        let n = child(&pair, Rule::number);
        LineFact {
            length: Spanned::new(self.int(&n), tight(&n)),
            pieces: self.piece_sels(&pair),
            dirs: children(&pair, Rule::line_dir)
                .map(|d| self.ident(d))
                .collect(),
            whose: find(&pair, Rule::whose).map(|w| self.whose(w)),
        }
    }

    /// The piece names of `piece_sel` children.
    pub(in crate::rules) fn piece_sels(&mut self, pair: &P<'_>) -> Vec<crate::rules::ast::Ident> {
        children(pair, Rule::piece_sel)
            .map(|s| self.ident(child(&s, Rule::piece_ref)))
            .collect()
    }

    /// A zone inside a condition (same terms as everywhere else).
    pub(in crate::rules) fn cond_zone(&mut self, pair: P<'_>) -> crate::rules::ast::ZoneExpr {
        self.zone_expr(pair)
    }

    /// `of WHOSE`.
    pub(in crate::rules) fn whose(&mut self, pair: P<'_>) -> Spanned<Whose> {
        let word = pair
            .clone()
            .into_inner()
            .find(|p| p.as_rule() != Rule::kw_of)
            .expect("grammar: `of` names someone");
        self.whose_word(word)
    }

    /// The word after `of` or `to`.
    fn whose_word(&mut self, word: P<'_>) -> Spanned<Whose> {
        let span = tight(&word);
        let whose = match word.as_rule() {
            Rule::kw_subject => Whose::Subject,
            Rule::kw_mover => Whose::Mover,
            Rule::kw_next => Whose::Next,
            Rule::kw_victim => Whose::Victim,
            Rule::kw_others => Whose::Others,
            Rule::kw_all => Whose::All,
            Rule::kw_team => Whose::Team,
            _ => Whose::Player(self.ident(word)),
        };
        Spanned::new(whose, span)
    }
}

//! Expressions of the rule core: whole numbers read from the position (piece counts,
//! royals, players, lost points, repetitions, counters), added and subtracted; their
//! syntax tree and how the builder makes it.
//!
//! A new term is a variant of [`Term`] with its arm in [`Builder::term`] here, its
//! grammar rule, and its value in the interpreter's `rules/expr.rs`.

use super::ast::{Ident, ZoneExpr};
use super::build::{child, children, find, first, tight, Builder, P};
use super::cond::Whose;
use super::parser::Rule;
use crate::span::Spanned;

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
        /// `along DIRS`: only on the cells reached from the move's target by any
        /// number of steps along these directions (Shogi's file of a pawn drop).
        along: Option<Vec<Ident>>,
        /// Whose pieces (default: the subject's).
        whose: Option<Spanned<Whose>>,
    },
    /// `royals [of WHOSE]`: royal pieces owned.
    Royals(Option<Spanned<Whose>>),
    /// `players`: players still in the game.
    Players,
    /// `players checked`: other players still in whose royal the subject attacks.
    PlayersChecked,
    /// `captured value`: the `value`s of the other players' pieces the move removed.
    CapturedValue,
    /// `lost [of WHOSE]`: points of material lost to captures.
    Lost(Option<Spanned<Whose>>),
    /// `repetitions`: how often the position occurred since the last irreversible move.
    Repetitions,
    /// `quiet`: plies since the last capture or pawn move.
    Quiet,
    /// `NAME [of WHOSE]`: a counter (per player), or an `int` option.
    Name(Ident, Option<Spanned<Whose>>),
}

impl Builder<'_> {
    /// `TERM (+|- TERM)*`.
    pub(in crate::rules) fn expr(&mut self, pair: P<'_>) -> Spanned<Expr> {
        let span = tight(&pair);
        let mut terms = Vec::new();
        let mut minus = false;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::sign => minus = find(&p, Rule::p_minus).is_some(),
                _ => {
                    terms.push((minus, self.term(p)));
                    minus = false;
                }
            }
        }
        Spanned::new(Expr { terms }, span)
    }

    fn term(&mut self, pair: P<'_>) -> Spanned<Term> {
        let span = tight(&pair);
        let inner = first(pair);
        let whose = |b: &mut Self, p: &P<'_>| find(p, Rule::whose).map(|w| b.whose(w));
        let term = match inner.as_rule() {
            Rule::number => Term::Num(self.int(&inner)),
            Rule::pieces_term => Term::Pieces {
                pieces: self.piece_sels(&inner),
                zone: find(&inner, Rule::in_zone)
                    .map(|z| self.cond_zone(child(&z, Rule::cond_zone))),
                along: find(&inner, Rule::along_dirs).map(|a| {
                    children(&a, Rule::line_dir)
                        .map(|d| self.ident(d))
                        .collect()
                }),
                whose: whose(self, &inner),
            },
            Rule::royals_term => Term::Royals(whose(self, &inner)),
            Rule::players_term => Term::Players,
            Rule::players_checked => Term::PlayersChecked,
            Rule::captured_value => Term::CapturedValue,
            Rule::lost_term => Term::Lost(whose(self, &inner)),
            Rule::kw_repetitions => Term::Repetitions,
            Rule::kw_quiet => Term::Quiet,
            _ => Term::Name(
                self.ident(child(&inner, Rule::counter_ref)),
                whose(self, &inner),
            ),
        };
        Spanned::new(term, span)
    }
}

//! The rule core: conditions, expressions, effects, and the statements `after move`,
//! `forbid`, `must`, `counter` and `allow pass`.

use super::{child, children, find, first, letter, string, tight, Builder, P};
use crate::rules::ast::{
    AfterDecl, Cond, CounterDecl, DefDecl, Effect, EndKey, Expr, ExtendDecl, FilterDecl,
    MaterialScope, MoveFact, RemoveDecl, RemoveTarget, Term, Whose,
};
use crate::rules::parser::Rule;
use crate::Spanned;

impl Builder<'_> {
    /// `after move [if COND]: EFFECTS`.
    pub(super) fn after(&mut self, pair: P<'_>) -> AfterDecl {
        AfterDecl {
            cond: find(&pair, Rule::cond).map(|c| self.cond(c)),
            effects: children(&pair, Rule::effect)
                .map(|e| self.effect(e))
                .collect(),
            span: tight(&pair),
        }
    }

    /// `forbid COND` or `must COND`.
    pub(super) fn filter(&mut self, pair: P<'_>, must: bool) -> FilterDecl {
        FilterDecl {
            must,
            cond: self.cond(child(&pair, Rule::cond)),
            span: tight(&pair),
        }
    }

    /// `counter NAME [fen remaining N] ["doc"]`.
    pub(super) fn counter(&mut self, pair: P<'_>) -> CounterDecl {
        CounterDecl {
            name: self.ident(child(&pair, Rule::counter_def)),
            fen_remaining: find(&pair, Rule::counter_fen).map(|f| {
                let n = child(&f, Rule::number);
                Spanned::new(self.int(&n), tight(&n))
            }),
            doc: find(&pair, Rule::string).map(string),
            span: tight(&pair),
        }
    }

    /// `remove ...`.
    pub(super) fn remove(&mut self, pair: P<'_>) -> RemoveDecl {
        let span = tight(&pair);
        let t = first(child(&pair, Rule::remove_target));
        let target = match t.as_rule() {
            Rule::kw_castles => RemoveTarget::Castles,
            Rule::castle_target => RemoveTarget::Castle(
                string(child(&t, Rule::string)),
                find(&t, Rule::player_ref).map(|p| self.ident(p)),
            ),
            Rule::piece_target => RemoveTarget::Piece(self.ident(child(&t, Rule::piece_ref))),
            Rule::setup_target => RemoveTarget::Setup(self.ident(child(&t, Rule::player_ref))),
            Rule::end_target => match find(&t, Rule::string) {
                Some(s) => RemoveTarget::End(EndKey::Label(string(s).node)),
                None => {
                    let kind = child(&t, Rule::end_kind);
                    let words: Vec<&str> = kind.as_str().split_whitespace().collect();
                    RemoveTarget::End(EndKey::Kind(words.join(" ")))
                }
            },
            Rule::kw_check => RemoveTarget::Check,
            Rule::kw_filters => RemoveTarget::Filters,
            _ => RemoveTarget::Notation,
        };
        RemoveDecl { target, span }
    }

    /// `extend piece NAME { ... }`.
    pub(super) fn extend(&mut self, pair: P<'_>) -> ExtendDecl {
        let block = child(&pair, Rule::piece_block);
        let open = tight(&child(&block, Rule::p_lbrace));
        ExtendDecl {
            piece: self.ident(child(&pair, Rule::piece_ref)),
            span: crate::Span {
                start: tight(&pair).start,
                end: open.end,
            },
            body: self.piece_block(block),
        }
    }

    /// `def NAME = COND`.
    pub(super) fn def(&mut self, pair: P<'_>) -> DefDecl {
        DefDecl {
            name: self.ident(child(&pair, Rule::def_name)),
            cond: self.cond(child(&pair, Rule::cond)),
            span: tight(&pair),
        }
    }

    /// One effect of an `after move` rule.
    fn effect(&mut self, pair: P<'_>) -> Spanned<Effect> {
        let span = tight(&pair);
        let inner = first(pair);
        let effect = match inner.as_rule() {
            Rule::add_effect => {
                let n = child(&inner, Rule::int_lit);
                Effect::Add {
                    amount: Spanned::new(self.int(&n), tight(&n)),
                    counter: self.ident(child(&inner, Rule::counter_ref)),
                }
            }
            Rule::explode_effect => Effect::Explode {
                dirs: children(&inner, Rule::explode_dir)
                    .map(|d| self.ident(d))
                    .collect(),
                except: children(&inner, Rule::piece_ref)
                    .map(|d| self.ident(d))
                    .collect(),
            },
            _ => Effect::Outcome(self.outcome(&inner).node),
        };
        Spanned::new(effect, span)
    }

    /// A condition (`cond`, `cond_and` or `cond_not` pair).
    pub(super) fn cond(&mut self, pair: P<'_>) -> Spanned<Cond> {
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
                        let op = super::clauses::cmp_op(child(&inner, Rule::cmp_op).as_str());
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
            Rule::kw_turn => Cond::Turn,
            Rule::kw_moved => Cond::Moved,
            Rule::round_start => Cond::RoundStart,
            Rule::cond_name => Cond::Name(self.ident(pair)),
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

    /// The piece names of `piece_sel` children.
    fn piece_sels(&mut self, pair: &P<'_>) -> Vec<crate::rules::ast::Ident> {
        children(pair, Rule::piece_sel)
            .map(|s| self.ident(child(&s, Rule::piece_ref)))
            .collect()
    }

    /// A zone inside a condition (same terms as everywhere else).
    fn cond_zone(&mut self, pair: P<'_>) -> crate::rules::ast::ZoneExpr {
        self.zone_expr(pair)
    }

    /// `TERM (+|- TERM)*`.
    pub(super) fn expr(&mut self, pair: P<'_>) -> Spanned<Expr> {
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
                whose: whose(self, &inner),
            },
            Rule::royals_term => Term::Royals(whose(self, &inner)),
            Rule::players_term => Term::Players,
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

    /// `of WHOSE`.
    fn whose(&mut self, pair: P<'_>) -> Spanned<Whose> {
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
            _ => Whose::Player(self.ident(word)),
        };
        Spanned::new(whose, span)
    }
}

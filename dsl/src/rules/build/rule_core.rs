//! The statements of the rule core: `after move` (with its effects), `forbid`, `must`,
//! `counter`, `remove`, `extend` and `def` (conditions are built in `rules/cond.rs`).

use super::{child, children, find, first, string, tight, Builder, P};
use crate::rules::ast::TeamDecl;
use crate::rules::ast::{
    AfterDecl, CounterDecl, DefDecl, Effect, EndKey, ExtendDecl, FilterDecl, RemoveDecl,
    RemoveTarget,
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

    /// `forbid COND`, `refuse COND` or `must COND`.
    pub(super) fn filter(&mut self, pair: P<'_>, must: bool) -> FilterDecl {
        FilterDecl {
            must,
            in_play: pair.as_rule() == Rule::refuse_stmt,
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

    /// `team NAME: PLAYERS [wins when any|all] [share royals]`.
    pub(super) fn team(&mut self, pair: P<'_>) -> TeamDecl {
        TeamDecl {
            name: self.ident(child(&pair, Rule::team_def)),
            players: children(&pair, Rule::player_ref)
                .map(|p| self.ident(p))
                .collect(),
            all: find(&pair, Rule::team_wins).is_some_and(|w| find(&w, Rule::kw_all).is_some()),
            shares_royals: find(&pair, Rule::team_shares).is_some(),
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
            Rule::explode_effect => Effect::Explode {
                dirs: children(&inner, Rule::explode_dir)
                    .map(|d| self.ident(d))
                    .collect(),
                except: children(&inner, Rule::piece_ref)
                    .map(|d| self.ident(d))
                    .collect(),
            },
            Rule::transfer_effect => Effect::Transfer {
                map: self.ident(child(&inner, Rule::map_ref)),
            },
            _ => Effect::Outcome(self.outcome(&inner).node),
        };
        Spanned::new(effect, span)
    }
}

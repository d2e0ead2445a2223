//! `mines ...` and `mine primed|unprimed ...` statements.

use super::{child, children, find, first, tight, Builder, P};
use crate::rules::ast::{MineEffect, MineRuleDecl, MineShown, MinesDecl, MinesKind};
use crate::rules::parser::Rule;
use crate::Spanned;

impl Builder<'_> {
    /// `mines N in ZONE seed S` | `mines mirror D E` | `mines shown always|primed|never`.
    pub(super) fn mines(&mut self, pair: P<'_>) -> MinesDecl {
        let span = tight(&pair);
        let inner = pair
            .into_inner()
            .find(|p| p.as_rule() != Rule::kw_mines)
            .expect("grammar: mines has a body");
        let kind = match inner.as_rule() {
            Rule::mines_mirror => {
                let mut dirs = children(&inner, Rule::dir_ref);
                let a = dirs.next().expect("grammar: two directions");
                let b = dirs.next().expect("grammar: two directions");
                MinesKind::Mirror(self.ident(a), self.ident(b))
            }
            Rule::mines_shown => {
                let shown = if find(&inner, Rule::kw_always).is_some() {
                    MineShown::Always
                } else if find(&inner, Rule::kw_primed).is_some() {
                    MineShown::Primed
                } else {
                    MineShown::Never
                };
                MinesKind::Shown(Spanned::new(shown, tight(&inner)))
            }
            _ => {
                let mut nums = children(&inner, Rule::num);
                let count = self.num(nums.next().expect("grammar: count"));
                let seed = self.num(nums.next().expect("grammar: seed"));
                let zone = self.zone_expr(child(&inner, Rule::mine_zone));
                MinesKind::Layout { count, zone, seed }
            }
        };
        MinesDecl { kind, span }
    }

    /// `mine primed|unprimed [PIECES]: EFFECTS`. `undo` takes the move back, so it
    /// cannot be combined with `blast` or `again`; each effect is given once.
    pub(super) fn mine_rule(&mut self, pair: P<'_>) -> MineRuleDecl {
        let span = tight(&pair);
        let state = pair
            .clone()
            .into_inner()
            .find(|p| matches!(p.as_rule(), Rule::kw_primed | Rule::kw_unprimed))
            .expect("grammar: mine state");
        let primed = Spanned::new(state.as_rule() == Rule::kw_primed, tight(&state));
        let pieces = children(&pair, Rule::piece_ref)
            .map(|p| self.ident(p))
            .collect();
        let mut effects: Vec<Spanned<MineEffect>> = Vec::new();
        for e in children(&pair, Rule::mine_effect) {
            let effect = match first(e.clone()).as_rule() {
                Rule::kw_prime => MineEffect::Prime,
                Rule::kw_undo => MineEffect::Undo,
                Rule::kw_blast => MineEffect::Blast,
                _ => MineEffect::Again,
            };
            let here = tight(&e);
            if let Some(earlier) = effects.iter().find(|x| x.node == effect) {
                let d = self
                    .error(
                        "rules::duplicate-mine-effect",
                        format!("the effect `{}` is given twice", e.as_str()),
                        here,
                        "again",
                    )
                    .also(earlier.span, "first time")
                    .help("give each effect once");
                self.push(d);
            }
            effects.push(Spanned::new(effect, here));
        }
        let undo = effects.iter().find(|e| e.node == MineEffect::Undo);
        let clash = effects
            .iter()
            .find(|e| matches!(e.node, MineEffect::Blast | MineEffect::Again));
        if let (Some(u), Some(c)) = (undo, clash) {
            let d = self
                .error(
                    "rules::mine-undo-clash",
                    "`undo` takes the move back, so nothing can be blasted or moved again".into(),
                    c.span,
                    "cannot follow an undone move",
                )
                .also(u.span, "the move is undone here")
                .help("use `prime, undo` alone, or `blast[, again]` without `undo`");
            self.push(d);
        }
        MineRuleDecl {
            primed,
            pieces,
            effects,
            span,
        }
    }
}

//! `points win N, draw N, loss N`: what each result is worth, each key once.

use super::{child, children, first, tight, Builder, P};
use crate::rules::ast::{Item, PointsDecl, ResultKey};
use crate::rules::parser::Rule;
use crate::{Span, Spanned};

impl Builder<'_> {
    /// `points KEY N, ...`; a key given twice is an error naming both places.
    pub(super) fn points(&mut self, pair: P<'_>) -> PointsDecl {
        let mut entries: Vec<(Spanned<ResultKey>, Spanned<crate::rules::ast::Num>)> = Vec::new();
        for entry in children(&pair, Rule::points_entry) {
            let key_pair = child(&entry, Rule::points_key);
            let key = match first(key_pair.clone()).as_rule() {
                Rule::kw_win => ResultKey::Win,
                Rule::kw_draw => ResultKey::Draw,
                _ => ResultKey::Loss,
            };
            let key = Spanned::new(key, tight(&key_pair));
            if let Some((earlier, _)) = entries.iter().find(|(k, _)| k.node == key.node) {
                self.push(
                    self.error(
                        "rules::duplicate-points",
                        format!("the points of a `{}` are given twice", key_pair.as_str()),
                        key.span,
                        "again",
                    )
                    .also(earlier.span, "first time")
                    .help("give each result's points once"),
                );
            }
            let value = self.num(child(&entry, Rule::num));
            entries.push((key, value));
        }
        PointsDecl {
            entries,
            span: tight(&pair),
        }
    }
}

/// The span of a `points` statement, for the once-per-block check.
pub(super) fn points_of(item: &Item) -> Option<Span> {
    match item {
        Item::Points(p) => Some(p.span),
        _ => None,
    }
}

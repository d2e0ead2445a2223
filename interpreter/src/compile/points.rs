//! `points win N, draw N, loss N` (see `scoring.rs`).

use super::cx::Cx;
use super::options::{Active, Options};
use crate::scoring::Points;
use dsl::rules::ast::ResultKey;

/// Largest number of points a result may be worth.
const MAX_POINTS: i64 = 1_000_000;

/// Compiles the `points` statement in force (the parser allows one per block; two
/// in force through `when` blocks are reported).
pub(crate) fn compile(active: &Active, opts: &Options, cx: &mut Cx) -> Points {
    let mut points = Points::default();
    if let [first, second, ..] = active.points.as_slice() {
        cx.error(
            "compile::duplicate-statement",
            "the rules in force have two `points` statements",
            second.span,
            "second one",
            "keep one (inside `when` blocks, make sure only one applies)",
        )
        .secondary
        .push((first.span, "first one".into()));
    }
    if let Some(decl) = active.points.first() {
        for (key, value) in &decl.entries {
            let i = match key.node {
                ResultKey::Win => 0,
                ResultKey::Draw => 1,
                ResultKey::Loss => 2,
            };
            if let Some(n) = opts.num_in(value, 0, MAX_POINTS, "points", cx) {
                points.halves[i] = 2 * n;
            }
        }
    }
    points
}

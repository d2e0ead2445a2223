//! The `notation` statement: SAN marks.

use super::options::Active;
use crate::variant::NotationMarks;
use dsl::rules::ast::NotationKey;

/// The `notation` marks (defaults `=`, `+`, `#`, no draw mark).
pub(crate) fn marks(active: &Active) -> NotationMarks {
    let mut m = NotationMarks::default();
    for n in &active.notations {
        for (key, mark) in &n.marks {
            let slot = match key.node {
                NotationKey::Promotion => &mut m.promotion,
                NotationKey::Check => &mut m.check,
                NotationKey::Mate => &mut m.mate,
                NotationKey::Draw => &mut m.draw,
            };
            *slot = mark.node.clone();
        }
    }
    m
}

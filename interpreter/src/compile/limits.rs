//! Limits on what one rule file may declare, so that hostile files answer with an
//! error instead of exhausting memory: the tables grow with declarations times
//! owners times cells.

use super::cx::Cx;
use dsl::Span;

/// Most direction sets (each is a mask per owner and cell).
pub(crate) const MAX_DIR_SETS: usize = 256;
/// Most rule zones (each is a cell set per owner).
pub(crate) const MAX_RULE_ZONES: usize = 256;
/// Most move rules of one piece type (compiled for every owner and cell).
pub(crate) const MAX_MOVE_RULES: usize = 64;
/// Most paths in one move rule.
pub(crate) const MAX_PATHS: usize = 64;
/// Most promotion rules of one piece type.
pub(crate) const MAX_PROMOTIONS: usize = 16;
/// Most castles (a castle move holds the index and the partner's cell in 16 bits).
pub(crate) const MAX_CASTLES: usize = 64;
const _: () = assert!(
    MAX_CASTLES <= 1 << crate::moves::mk::CASTLE_BITS
        && dsl::limits::MAX_CELLS <= 1 << (16 - crate::moves::mk::CASTLE_BITS)
);

/// Reports that more than `limit` `what` were declared, at the first one too many.
pub(crate) fn too_many(cx: &mut Cx, what: &str, limit: usize, span: Span) {
    cx.error(
        "compile::limit",
        format!("more than {limit} {what}"),
        span,
        "one too many",
        format!("a variant may have at most {limit} {what}; the engine's tables grow with each"),
    );
}

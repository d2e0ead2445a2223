//! Legal-move review files (stub: the start position's moves until the review module
//! lands).

use crate::{Error, Position, Variant};
use std::sync::Arc;

/// The review text of `variant` for the positions of `spec` (a `review.txt`).
pub fn review(variant: &Arc<Variant>, spec: &str) -> Result<String, Error> {
    let _ = spec;
    let mut pos = Position::start(variant);
    let moves = pos.legal_moves();
    Ok(moves
        .iter()
        .map(|&m| format!("{}\n", pos.long(m)))
        .collect())
}

/// The contents of `snapshots/<variant_name>.snap` holding `text`, in insta's format.
pub fn snapshot_file_contents(variant_name: &str, text: &str) -> String {
    format!("---\nsource: chessgraph snapshot\nexpression: {variant_name}\n---\n{text}")
}

//! Loading the variant and the position a command works on.

use super::config::VariantSpec;
use super::error::CliError;
use super::term::Term;
use chessgraph::{Position, Variant};
use std::sync::Arc;

/// Compiles the variant; its warnings go to the message stream.
pub fn variant(spec: &VariantSpec, t: &mut Term) -> Result<Arc<Variant>, CliError> {
    let loaded = Variant::load(&spec.at.rules, &spec.options)?;
    if !loaded.warnings.is_empty() {
        let text = t.report.render_all(&loaded.warnings);
        t.eprint(&text)?;
    }
    Ok(loaded.variant)
}

/// The start position, or the one given as text.
pub fn position(v: &Arc<Variant>, text: Option<&str>) -> Result<Position, CliError> {
    match text {
        None => Ok(Position::start(v)),
        Some(s) => Position::from_str(v, s.trim()).map_err(CliError::Position),
    }
}

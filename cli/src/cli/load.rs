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

/// Plays `moves` (SAN or long form) from `pos`; a move that cannot be played is an
/// error that lists the legal moves there.
pub fn play_moves(pos: &mut Position, moves: &[String], long: bool) -> Result<(), CliError> {
    for (i, text) in moves.iter().enumerate() {
        match chessgraph::san::parse_move(pos, text) {
            Ok(m) => pos.make(m),
            Err(source) => {
                let legal = super::show::grouped_moves(pos, long, None);
                let help = if legal.is_empty() {
                    "no move is legal there: the game is over".to_owned()
                } else {
                    format!("legal moves there: {}", legal.join("; "))
                };
                return Err(CliError::Move {
                    index: i + 1,
                    text: text.chars().take(60).collect(),
                    source: Box::new(source),
                    help,
                });
            }
        }
    }
    Ok(())
}

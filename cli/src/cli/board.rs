//! `chessgraph board FILE`: the expanded graph of a board file, as the engine reads it.

use super::error::CliError;
use super::term::Term;
use super::validate::read_text;
use dsl::board::{describe, load_board};
use dsl::SourceFile;
use std::path::Path;

/// Prints the board's listing (warnings to the message stream).
pub fn run(path: &Path, t: &mut Term) -> Result<(), CliError> {
    let file = SourceFile::new(path.display().to_string(), read_text(path)?);
    let (board, warnings) =
        load_board(&file).map_err(|ds| CliError::Library(chessgraph::Error::Variant(ds)))?;
    if !warnings.is_empty() {
        let text = t.report.render_all(&warnings);
        t.eprint(&text)?;
    }
    t.print(&describe(&board))
}

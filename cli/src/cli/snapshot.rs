//! `chessgraph snapshot VARIANT`: writes the review snapshot of the variant's
//! `review.txt` (the legal moves of its chosen positions) under `snapshots/`.

use super::config::VariantSpec;
use super::error::CliError;
use super::load;
use super::term::Term;
use super::validate::read_text;
use chessgraph::review::{review, snapshot_file_contents};
use std::path::Path;

/// Runs the command and prints the path written.
pub fn run(
    spec: &VariantSpec,
    review_path: &Path,
    out: &Path,
    t: &mut Term,
) -> Result<(), CliError> {
    let v = load::variant(spec, t)?;
    let spec_text = read_text(review_path)?;
    let text = review(&v, &spec_text)?;
    let contents = snapshot_file_contents(&spec.at.name, &text);
    if let Some(dir) = out.parent() {
        if !dir.as_os_str().is_empty() {
            std::fs::create_dir_all(dir).map_err(|e| CliError::io("write", dir, e))?;
        }
    }
    std::fs::write(out, contents).map_err(|e| CliError::io("write", out, e))?;
    t.print(&format!("{}\n", out.display()))
}

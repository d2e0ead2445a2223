//! Renders diagnostics the way the binary will, without colour, for snapshots.

use dsl::{Diagnostic, Diagnostics};
use miette::{GraphicalReportHandler, GraphicalTheme};

/// One diagnostic as plain text with file:line:col, labels and help.
pub fn render(d: &Diagnostic) -> String {
    let mut out = String::new();
    GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
        .with_width(100)
        .render_report(&mut out, d)
        .expect("rendering to a String cannot fail");
    out
}

/// Every diagnostic, separated by blank lines.
pub fn render_all(ds: &Diagnostics) -> String {
    ds.0.iter().map(render).collect::<Vec<_>>().join("\n")
}

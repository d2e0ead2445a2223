//! Rendering diagnostics for people: the one place where errors become text.
//!
//! Colour is used only when stderr is a terminal and `NO_COLOR` is unset; otherwise
//! the plain unicode theme at a fixed width keeps the output deterministic (tests
//! snapshot it, scripts grep it).

use miette::{GraphicalReportHandler, GraphicalTheme};
use std::io::IsTerminal;

/// Width of rendered diagnostics when not on a terminal.
const PLAIN_WIDTH: usize = 100;

/// How diagnostics are drawn.
#[derive(Clone, Debug)]
pub struct Reporter {
    colour: bool,
}

impl Reporter {
    /// Colour on a terminal unless `NO_COLOR` is set.
    pub fn from_env() -> Reporter {
        let no_colour = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Reporter {
            colour: !no_colour && std::io::stderr().is_terminal(),
        }
    }

    /// Plain text (tests).
    #[cfg(test)]
    pub fn plain() -> Reporter {
        Reporter { colour: false }
    }

    fn handler(&self) -> GraphicalReportHandler {
        if self.colour {
            GraphicalReportHandler::new_themed(GraphicalTheme::unicode())
        } else {
            GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
                .with_width(PLAIN_WIDTH)
        }
    }

    /// One diagnostic with its source lines, labels and help.
    pub fn render(&self, d: &dyn miette::Diagnostic) -> String {
        let mut out = String::new();
        if self.handler().render_report(&mut out, d).is_err() {
            out = format!("error: {d}\n");
        }
        out
    }

    /// Every diagnostic of a load, one after the other (not nested under a
    /// summary, so each shows its own file:line:col).
    pub fn render_all(&self, ds: &dsl::Diagnostics) -> String {
        ds.0.iter()
            .map(|d| self.render(d))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// An error of a command: a broken variant shows each of its diagnostics.
    pub fn render_error(&self, e: &super::CliError) -> String {
        match e {
            super::CliError::Library(chessgraph::Error::Variant(ds)) => {
                format!("{}\n{ds}\n", self.render_all(ds))
            }
            other => self.render(other),
        }
    }
}

//! Errors of the command line itself (library errors are wrapped, not rendered).
//!
//! Every variant is a `miette::Diagnostic` with a help line, so `main` renders them
//! all the same way; none of them is ever a panic.

use std::path::PathBuf;

/// What can go wrong in a command.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum CliError {
    /// A library error: unreadable or broken variant files, positions, moves.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Library(#[from] chessgraph::Error),
    /// The variant named on the command line was not found.
    #[error("no variant `{name}`")]
    #[diagnostic(code(cli::unknown_variant), help("{help}"))]
    UnknownVariant {
        /// The name as given.
        name: String,
        /// Where it was searched and what exists.
        help: String,
    },
    /// A path that is neither a rule file, a board file nor a variant directory.
    #[error("`{path}` is not a rule file, a board file or a variant directory")]
    #[diagnostic(code(cli::not_a_variant), help("{help}"))]
    NotAVariant {
        /// The path as given.
        path: PathBuf,
        /// What was expected or found.
        help: String,
    },
    /// `--option` without `=`.
    #[error("`--option {0}` is not of the form NAME=VALUE")]
    #[diagnostic(
        code(cli::option_syntax),
        help("write the option's name, `=`, then its value, e.g. `--option mines=8`")
    )]
    OptionSyntax(String),
    /// A perft depth beyond the bound.
    #[error("depth {depth} is too large (at most {max})")]
    #[diagnostic(
        code(cli::depth),
        help("the tree grows about thirty-fold per ply: start low and go up")
    )]
    DepthTooLarge {
        /// As given.
        depth: u32,
        /// The bound.
        max: u32,
    },
    /// The `--position` text cannot be read.
    #[error("cannot read the position given with --position")]
    #[diagnostic(code(cli::position))]
    Position(#[diagnostic_source] chessgraph::PositionError),
    /// A move of `--moves` cannot be played.
    #[error("cannot play move {index} of --moves, `{text}`")]
    #[diagnostic(code(cli::moves), help("{help}"))]
    Move {
        /// 1-based index in the list.
        index: usize,
        /// The move text.
        text: String,
        /// Why.
        #[diagnostic_source]
        source: chessgraph::MoveError,
        /// The legal moves there.
        help: String,
    },
    /// A file could not be read or written.
    #[error("cannot {action} `{path}`: {reason}")]
    #[diagnostic(code(cli::io))]
    Io {
        /// `read` or `write`.
        action: &'static str,
        /// The path.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// Some files of `validate` have errors (already printed).
    #[error("{failed} of {total} files have errors")]
    #[diagnostic(code(cli::invalid))]
    Invalid {
        /// Files with errors.
        failed: usize,
        /// Files checked.
        total: usize,
    },
    /// `play` input ended before the game did.
    #[error("the input ended before the game did")]
    #[diagnostic(
        code(cli::abandoned),
        help("type `quit` to stop a game on purpose, `resign` or `draw` to end it")
    )]
    Abandoned,
}

impl CliError {
    /// An I/O error on `path`.
    pub fn io(action: &'static str, path: impl Into<PathBuf>, e: impl ToString) -> CliError {
        CliError::Io {
            action,
            path: path.into(),
            reason: e.to_string(),
        }
    }
}

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
        #[source]
        source: Box<chessgraph::MoveError>,
        /// The legal moves there.
        help: String,
    },
    /// A cell name that is not on the board.
    #[error("no cell `{name}` on this board")]
    #[diagnostic(code(cli::unknown_cell), help("{help}"))]
    UnknownCell {
        /// As given (bounded).
        name: String,
        /// Some cell names of the board.
        help: String,
    },
    /// `--from` a cell without a piece the side to move may move.
    #[error("{what}")]
    #[diagnostic(code(cli::not_movable), help("{help}"))]
    NotMovable {
        /// What is on the cell.
        what: String,
        /// Whose turn it is and which cells hold their pieces.
        help: String,
    },
    /// The web board could not start.
    #[error(transparent)]
    #[diagnostic(
        code(cli::serve),
        help("choose another port with --port, or the folder with --variants")
    )]
    Serve(web::ServeError),
    /// A file could not be read or written (`write` to the standard streams is
    /// what a closed pipe gives; `main` ends quietly on it).
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
    /// A number of the command line out of its range.
    #[error("{what} {value} is out of range ({range})")]
    #[diagnostic(code(cli::range))]
    OutOfRange {
        /// Which value.
        what: &'static str,
        /// As given.
        value: u64,
        /// The accepted range.
        range: &'static str,
    },
    /// A `--seat` or `--computer` that names no player, or a bad `--seat` value.
    #[error("{given}")]
    #[diagnostic(code(cli::seat), help("{help}"))]
    Seat {
        /// What was wrong.
        given: String,
        /// The players of the variant.
        help: String,
    },
    /// `--opponent` other than `random`.
    #[error("unknown opponent `{0}`")]
    #[diagnostic(
        code(cli::opponent),
        help("the only opponent is `random` (a uniformly random mover)")
    )]
    Opponent(String),
    /// A game record that cannot be read or replayed.
    #[error("in the record `{path}`")]
    #[diagnostic(code(cli::record))]
    Record {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        #[diagnostic_source]
        #[source]
        source: chessgraph::record::RecordError,
    },
    /// A computer or random player broke the rules (a bug: reported, not hidden).
    #[error(transparent)]
    #[diagnostic(transparent)]
    Game(#[from] chessgraph::search::GameError),
    /// `play` input ended before the game did.
    #[error("the input ended before the game did")]
    #[diagnostic(
        code(cli::abandoned),
        help("type `quit` to stop a game on purpose, `resign` or `draw` to end it")
    )]
    Abandoned,
    /// An engine protocol (`uci`, `xboard`) found no variant it can offer.
    #[error("no two-player variant found to offer")]
    #[diagnostic(code(cli::no_engine_variant), help("{help}"))]
    NoEngineVariant {
        /// Where it looked.
        help: String,
    },
    /// `tune` cannot tune on what it was given.
    #[error("{what}")]
    #[diagnostic(code(cli::tune), help("{help}"))]
    Tune {
        /// What is wrong.
        what: String,
        /// What to do.
        help: String,
    },
    /// `play` was interrupted (Ctrl-C); the record was printed (exit status 130).
    #[error("interrupted; the game is unfinished")]
    #[diagnostic(code(cli::interrupted))]
    Interrupted,
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

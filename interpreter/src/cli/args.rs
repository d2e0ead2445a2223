//! The command line as clap sees it: parsing only, no checks beyond types.
//!
//! [`super::config`] turns these raw values into a validated configuration, so every
//! rule about what a value may be lives in one place and clap stays a thin layer.

use clap::{Args as ClapArgs, Parser, Subcommand};
use std::path::PathBuf;

/// chessgraph: chess variants as data (graph boards and a small rule language).
#[derive(Debug, Parser)]
#[command(name = "chessgraph", version, about, long_about = None)]
pub struct Args {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check rule files, board files or variant directories; print a summary of each
    /// or every problem found (exit status 1).
    Validate {
        /// `*.rules` files, board `*.yaml` files or directories holding one `*.rules`.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Print a board file's expanded graph: cells, directions, edges, zones, rows.
    Board {
        /// A board `*.yaml` file.
        file: PathBuf,
    },
    /// List the legal moves of a position, with the board drawn.
    Moves {
        /// The variant and its options.
        #[command(flatten)]
        variant: VariantArgs,
        /// The position (the variant's position string, or FEN on rectangular boards).
        #[arg(long, short)]
        position: Option<String>,
        /// Moves to play first (SAN or long form; several values or one quoted list).
        #[arg(long, short, num_args = 1..)]
        moves: Vec<String>,
        /// Write the moves in long form (`e2e4`) instead of SAN.
        #[arg(long)]
        long: bool,
    },
    /// Count the leaf nodes of the legal-move tree (the standard move-generator test).
    Perft {
        /// The variant and its options.
        #[command(flatten)]
        variant: VariantArgs,
        /// How many plies deep.
        depth: u32,
        /// The position (default: the start position).
        #[arg(long, short)]
        position: Option<String>,
        /// Also print the count below each first move.
        #[arg(long)]
        divide: bool,
    },
    /// Write `snapshots/<name>.snap` from the variant's `review.txt`.
    Snapshot {
        /// The variant and its options.
        #[command(flatten)]
        variant: VariantArgs,
        /// Folder to write into (default: the `snapshots/` folder beside the
        /// `variants/` folder holding the variant, else `./snapshots`).
        #[arg(long)]
        out_dir: Option<PathBuf>,
    },
    /// Play at one terminal: every player types his moves in turn.
    Play {
        /// The variant and its options.
        #[command(flatten)]
        variant: VariantArgs,
        /// The position to start from (default: the start position).
        #[arg(long, short)]
        position: Option<String>,
    },
    // `render` (SVG drawing of a position) comes with the drawing module.
}

/// How a variant is named on the command line.
#[derive(Debug, ClapArgs)]
pub struct VariantArgs {
    /// A variant name under `variants/`, a variant directory or a `*.rules` file.
    pub variant: String,
    /// A rule option, `NAME=VALUE` (repeatable).
    #[arg(long = "option", short = 'o', value_name = "NAME=VALUE")]
    pub options: Vec<String>,
}

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
        /// Draw the board as this player may see it (a player's name, seat or tag:
        /// the mines he knows of marked), or `referee` (every mine).
        #[arg(long, value_name = "SEAT")]
        view: Option<String>,
        /// Read games from standard input, one a line (`[POSITION |] MOVE...`, from
        /// `--position` or the start when no position is given) and print one line per
        /// position along each game: `PLY<TAB>FEN<TAB>END<TAB>MOVES` (END `-` or
        /// `REASON POINTS`, adjudication included; MOVES what perft counts, long form,
        /// sorted), `error<TAB>PLY<TAB>MESSAGE` for a move that cannot be played, then
        /// `end`. For comparisons with other engines.
        #[arg(long, conflicts_with = "moves")]
        batch: bool,
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
        /// Count on this many threads (the work split after two plies).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: u32,
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
        /// Who plays a seat: `NAME=human` or `NAME=computer`, NAME a player of the
        /// rule file, or a team (all its players; repeatable; unnamed seats are human).
        #[arg(long = "seat", value_name = "NAME=human|computer")]
        seats: Vec<String>,
        /// The computer's strength.
        #[command(flatten)]
        strength: StrengthArgs,
        /// Also write the game record to this file.
        #[arg(long, value_name = "FILE")]
        record: Option<PathBuf>,
    },
    /// Computer against computer (or against a random mover): a table of results
    /// per seat, to see whether a variant is balanced.
    #[command(
        after_help = "Example:\n  chessgraph selfplay chess --games 100 --opponent random --depth 2"
    )]
    Selfplay {
        /// The variant and its options.
        #[command(flatten)]
        variant: VariantArgs,
        /// How many games.
        #[arg(long, default_value_t = 10)]
        games: u32,
        /// The computer's strength.
        #[command(flatten)]
        strength: StrengthArgs,
        /// Seed of the random movers (game i uses seed + i).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// `random`: every seat but the computer's is a uniformly random mover.
        #[arg(long, value_name = "random")]
        opponent: Option<String>,
        /// With `--opponent`: the player the computer plays (default: the first).
        #[arg(long, value_name = "NAME")]
        computer: Option<String>,
        /// Stop a game unfinished after this many plies.
        #[arg(long, default_value_t = 600)]
        max_plies: u32,
        /// Each seat's first moves that are random (seeded), so that games between
        /// deterministic computers differ.
        #[arg(long, default_value_t = 2)]
        random_opening: u32,
        /// Write each game's record into this folder (`game-0001.pgn`...).
        #[arg(long, value_name = "DIR")]
        records: Option<PathBuf>,
        /// One seat searches three or more players this way instead (a seat-rotated
        /// round robin: game i puts it on seat i mod players); its points are totalled.
        #[arg(long, value_name = "SEARCH", value_parser = chessgraph::search::MultiPlayer::NAMES)]
        challenger: Option<String>,
    },
    /// Tune the evaluation's weights to a variant's games (Texel's method): prints the
    /// `hint WORD = N` lines to put beside the variant (e.g. in a file its rules
    /// include).
    #[command(
        after_help = "Examples:\n  chessgraph selfplay chess --games 200 --time-ms 20 --records games/\n  \
                            chessgraph tune chess --games games/ --output variants/chess/tuned.rules"
    )]
    Tune {
        /// The variant and its options.
        #[command(flatten)]
        variant: VariantArgs,
        /// Game records: files (one game or many) or folders of them.
        #[arg(long, num_args = 1.., required_unless_present = "positions")]
        games: Vec<PathBuf>,
        /// Scored positions: files of `POSITION;P` lines, P the first player's
        /// expected score (0 to 1), e.g. an engine's judgement (`tools/uci-positions`).
        #[arg(long, num_args = 1..)]
        positions: Vec<PathBuf>,
        /// Rounds of coordinate descent (0 to 50; 0 keeps the weights).
        #[arg(long, default_value_t = 20)]
        rounds: u32,
        /// Then fit the tables of places (what each piece is worth on each cell, in
        /// the middle game and the endgame) by this many steps of gradient descent
        /// (0: not at all), printed as `hint place` lines.
        #[arg(long, default_value_t = 0)]
        places: u32,
        /// Plies of each game left out at its start (openings, often random).
        #[arg(long, default_value_t = 8)]
        skip_plies: u32,
        /// Most positions used (taken evenly from all games).
        #[arg(long, default_value_t = 500_000)]
        max_positions: usize,
        /// Write the hint lines to this file as well.
        #[arg(long)]
        output: Option<PathBuf>,
    },
    /// Read a game record, check every move and show the positions.
    Replay {
        /// The record file.
        file: PathBuf,
        /// Show only the final position (as a board, then as FEN or a position string).
        #[arg(long = "final")]
        final_only: bool,
    },
    /// Draw a position as SVG: cells in their colours, names, pieces; with `--from`,
    /// the legal moves of the piece on that cell marked.
    #[command(
        after_help = "Examples:\n  chessgraph render chess --output chess.svg\n  \
                            chessgraph render chess --moves e4 e5 Nf3 --from f8 --output f8.svg\n  \
                            chessgraph render zubrin --from b2 --output zubrin-b2.svg\n  \
                            chessgraph render zubrin -o inherit=true --position \"...\" > board.svg"
    )]
    Render {
        /// The variant and its options.
        #[command(flatten)]
        variant: VariantArgs,
        /// The position (default: the start position).
        #[arg(long, short)]
        position: Option<String>,
        /// Moves to play first (SAN or long form; several values or one quoted list).
        #[arg(long, short, num_args = 1..)]
        moves: Vec<String>,
        /// Mark the legal moves of the piece on this cell (of any side: a piece whose
        /// player is not to move is shown as if it were his turn).
        #[arg(long, value_name = "CELL")]
        from: Option<String>,
        /// The SVG file to write (default: standard output).
        #[arg(long = "output", value_name = "FILE.svg")]
        output: Option<PathBuf>,
        /// Draw the board as this player may see it (a player's name, seat or tag:
        /// the mines he knows of marked), or `referee` (every mine).
        #[arg(long, value_name = "SEAT")]
        view: Option<String>,
    },
    /// Analyse a position: the best lines with their values and depth, after each
    /// finished iteration of the search, in the variant's notation.
    #[command(
        alias = "analyze",
        after_help = "Examples:\n  chessgraph analyse chess --moves e4 e5 Nf3 --lines 3\n  \
                            chessgraph analyse capablanca --depth 6\n  \
                            chessgraph analyse chess -p \"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\" --time-ms 3000"
    )]
    Analyse {
        /// The variant and its options.
        #[command(flatten)]
        variant: VariantArgs,
        /// The position (default: the start position).
        #[arg(long, short)]
        position: Option<String>,
        /// Moves to play first (SAN or long form; several values or one quoted list).
        #[arg(long, short, num_args = 1..)]
        moves: Vec<String>,
        /// Search depth in plies.
        #[arg(long)]
        depth: Option<u32>,
        /// Thinking time in milliseconds (default 1000 when no depth is given).
        #[arg(long = "time-ms")]
        time_ms: Option<u64>,
        /// How many best lines to show (1 to 64).
        #[arg(long, default_value_t = 1)]
        lines: u32,
    },
    /// Be a UCI engine on standard input and output (GUIs, cutechess-cli,
    /// python-chess, lichess-bot): every two-player variant found is offered through
    /// the `UCI_Variant` option.
    Uci {
        /// A folder of further variant folders to offer (repeatable; first found wins).
        #[arg(long = "variants", value_name = "DIR")]
        variants: Vec<PathBuf>,
    },
    /// Serve the web board: play and design every variant in the browser, at
    /// http://127.0.0.1:PORT/ (the page works offline: everything comes from here).
    #[command(
        after_help = "Examples:\n  chessgraph serve\n  chessgraph serve --port 8080 --variants my-variants"
    )]
    Serve {
        /// The port (0: any free port; the address is printed).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The address to listen on; other machines reach the page only when this is
        /// not a loopback address.
        #[arg(long, default_value = "127.0.0.1")]
        host: std::net::IpAddr,
        /// The variants folder: the page lists its variants and saves only into it
        /// (default: `variants/` as `play` finds it).
        #[arg(long = "variants", value_name = "DIR")]
        variants: Option<PathBuf>,
        /// Threads for the computer's moves (default: the number of cores).
        #[arg(long)]
        workers: Option<usize>,
    },
    /// Be an XBoard/WinBoard engine (CECP version 2) on standard input and output:
    /// every two-player variant found is offered to the `variant` command.
    Xboard {
        /// A folder of further variant folders to offer (repeatable; first found wins).
        #[arg(long = "variants", value_name = "DIR")]
        variants: Vec<PathBuf>,
    },
}

/// How strong the computer plays: a depth, a thinking time, or both.
#[derive(Debug, ClapArgs)]
pub struct StrengthArgs {
    /// Search depth in plies (without it, and without a time, 1000 ms a move).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Thinking time per move in milliseconds.
    #[arg(long = "time-ms")]
    pub time_ms: Option<u64>,
    /// Under hidden information (mined chess): how many positions the computer
    /// searches, its own model of the unseen plus N - 1 guesses; they vote on the
    /// move (1 to 64, default 1).
    #[arg(long, value_name = "N")]
    pub samples: Option<u32>,
    /// How the computer searches three or more players.
    #[arg(long, value_name = "SEARCH", value_parser = chessgraph::search::MultiPlayer::NAMES, default_value = "paranoid")]
    pub multi_player: String,
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

//! The validated configuration: [`super::args::Args`] with variants located, options
//! split into name/value pairs and numbers bounded.
//!
//! Everything a command may assume about its inputs is checked here, before any
//! file is compiled, so the commands themselves only do their job.

use super::args::{Args, Command, StrengthArgs, VariantArgs};
use super::error::CliError;
use super::locate::{locate, Located};
use chessgraph::search::{Limits, MultiPlayer};
use std::path::{Path, PathBuf};

/// Deepest perft the command line accepts: chess perft 10 is ~7e13 nodes already.
pub const MAX_PERFT_DEPTH: u32 = 10;
/// Longest `--from` cell name accepted (board names are short).
const MAX_CELL_NAME: usize = 64;
/// Most `--option` values accepted.
const MAX_OPTIONS: usize = 64;
/// Most steps of gradient descent `tune --places` takes.
pub const MAX_PLACE_STEPS: u32 = 5000;

/// A variant and the options to compile it with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantSpec {
    /// Where it is.
    pub at: Located,
    /// `--option` values as `(name, value)`.
    pub options: Vec<(String, String)>,
}

/// One command, ready to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Config {
    /// `validate FILE...`.
    Validate {
        /// Files or directories.
        files: Vec<PathBuf>,
    },
    /// `board FILE`.
    Board {
        /// A board file.
        file: PathBuf,
    },
    /// `moves VARIANT`.
    Moves {
        /// The variant.
        variant: VariantSpec,
        /// Start position text.
        position: Option<String>,
        /// Moves to play first, one text each.
        moves: Vec<String>,
        /// Long notation instead of SAN.
        long: bool,
        /// `--view`: whose view the board shows (checked against the variant later).
        view: Option<String>,
        /// Read games from the input, one a line, and trace them.
        batch: bool,
    },
    /// `perft VARIANT DEPTH`.
    Perft {
        /// The variant.
        variant: VariantSpec,
        /// Plies, at most [`MAX_PERFT_DEPTH`].
        depth: u32,
        /// Start position text.
        position: Option<String>,
        /// Counts per first move.
        divide: bool,
        /// Threads to count on.
        threads: usize,
    },
    /// `snapshot VARIANT`.
    Snapshot {
        /// The variant.
        variant: VariantSpec,
        /// The review spec to read.
        review: PathBuf,
        /// The snapshot file to write.
        out: PathBuf,
    },
    /// `play VARIANT`.
    Play {
        /// The variant.
        variant: VariantSpec,
        /// Start position text.
        position: Option<String>,
        /// `(player name, is computer)` as given (names are checked once the
        /// variant is loaded).
        seats: Vec<(String, bool)>,
        /// The computer's limits.
        limits: Limits,
        /// Positions searched under hidden information (`None`: the searcher's
        /// default).
        samples: Option<usize>,
        /// How the computer searches three or more players.
        multi: MultiPlayer,
        /// Where to write the record.
        record: Option<PathBuf>,
    },
    /// `selfplay VARIANT`.
    Selfplay {
        /// The variant.
        variant: VariantSpec,
        /// Games, at least 1.
        games: u32,
        /// The computer's limits.
        limits: Limits,
        /// Positions searched under hidden information (`None`: the searcher's
        /// default).
        samples: Option<usize>,
        /// Seed of the random movers.
        seed: u64,
        /// The other seats are random movers.
        random: bool,
        /// The computer's player with `random` (default: the first).
        computer: Option<String>,
        /// Length guard.
        max_plies: u32,
        /// Random first moves per seat.
        random_opening: u32,
        /// Folder for the records.
        records: Option<PathBuf>,
        /// How the computer searches three or more players.
        multi: MultiPlayer,
        /// A seat (rotating game by game) that searches this way instead.
        challenger: Option<MultiPlayer>,
    },
    /// `tune VARIANT --games ...`.
    Tune {
        /// The variant.
        variant: VariantSpec,
        /// Record files and folders.
        games: Vec<PathBuf>,
        /// Files of scored positions.
        positions: Vec<PathBuf>,
        /// Rounds, 0 to 50.
        rounds: u32,
        /// Steps of gradient descent for the tables of places (0: none), at most
        /// [`MAX_PLACE_STEPS`].
        places: u32,
        /// Plies left out at each game's start.
        skip_plies: u32,
        /// Most positions, at least 1.
        max_positions: usize,
        /// Where the hint lines also go.
        output: Option<PathBuf>,
    },
    /// `replay FILE`.
    Replay {
        /// The record.
        file: PathBuf,
        /// Only the final position.
        final_only: bool,
    },
    /// `analyse VARIANT`.
    Analyse {
        /// The variant.
        variant: VariantSpec,
        /// Position text.
        position: Option<String>,
        /// Moves to play first.
        moves: Vec<String>,
        /// The search's limits.
        limits: Limits,
        /// Best lines to show, 1 to [`MAX_LINES`].
        lines: usize,
    },
    /// `uci`: an engine protocol session.
    Uci {
        /// Folders of further variants (`--variants`), each an existing folder.
        variants: Vec<PathBuf>,
    },
    /// `serve`: the web board.
    Serve(web::ServeConfig),
    /// `xboard`: an engine protocol session.
    Xboard {
        /// Folders of further variants (`--variants`), each an existing folder.
        variants: Vec<PathBuf>,
    },
    /// `render VARIANT`.
    Render {
        /// The variant.
        variant: VariantSpec,
        /// Position text.
        position: Option<String>,
        /// Moves to play first.
        moves: Vec<String>,
        /// The cell whose piece's moves are marked (checked against the board later).
        from: Option<String>,
        /// The file to write; `None`: standard output.
        output: Option<PathBuf>,
        /// `--view`: whose view the board shows (checked against the variant later).
        view: Option<String>,
    },
}

/// Thinking time a move when neither a depth nor a time is given (ms).
pub const DEFAULT_TIME_MS: u64 = 1000;

/// `NAME=VALUE` pairs.
fn options(given: &[String]) -> Result<Vec<(String, String)>, CliError> {
    if given.len() > MAX_OPTIONS {
        return Err(CliError::OptionSyntax(format!(
            "... ({} options; at most {MAX_OPTIONS})",
            given.len()
        )));
    }
    given
        .iter()
        .map(|o| match o.split_once('=') {
            Some((n, v)) if !n.trim().is_empty() => Ok((n.trim().to_owned(), v.trim().to_owned())),
            _ if o.ends_with(".svg") => Err(CliError::OptionSyntax(format!(
                "{} (`-o` is `--option NAME=VALUE`; write the SVG with `--output FILE`)",
                o.chars().take(60).collect::<String>()
            ))),
            _ => Err(CliError::OptionSyntax(o.chars().take(60).collect())),
        })
        .collect()
}

fn variant(v: &VariantArgs) -> Result<VariantSpec, CliError> {
    located(&v.variant, &v.options)
}

fn located(name: &str, given: &[String]) -> Result<VariantSpec, CliError> {
    let options = options(given)?;
    Ok(VariantSpec {
        at: locate(name)?,
        options,
    })
}

/// A `--from` cell name: trimmed, not empty, bounded.
fn cell_name(text: String) -> Result<String, CliError> {
    let name = text.trim();
    if name.is_empty() || name.chars().count() > MAX_CELL_NAME {
        return Err(CliError::UnknownCell {
            name: name.chars().take(MAX_CELL_NAME).collect(),
            help: format!("give a cell name of the board (1 to {MAX_CELL_NAME} characters)"),
        });
    }
    Ok(name.to_owned())
}

/// Where `snapshot` writes: beside the `variants/` folder that holds the variant.
fn snapshot_dir(at: &Located) -> PathBuf {
    let dir = std::fs::canonicalize(&at.dir).unwrap_or_else(|_| at.dir.clone());
    match dir.parent() {
        Some(p) if p.file_name().is_some_and(|n| n == "variants") => {
            p.parent().map(|r| r.join("snapshots")).unwrap_or_default()
        }
        _ => PathBuf::from("snapshots"),
    }
}

/// Deepest search the command line accepts.
pub const MAX_SEARCH_DEPTH: u32 = 20;

fn in_range(
    what: &'static str,
    value: u64,
    lo: u64,
    hi: u64,
    range: &'static str,
) -> Result<(), CliError> {
    if (lo..=hi).contains(&value) {
        Ok(())
    } else {
        Err(CliError::OutOfRange { what, value, range })
    }
}

/// Most best lines `analyse --lines` shows (as
/// [`chessgraph::search::Searcher::set_lines`] allows).
pub const MAX_LINES: u32 = 64;

/// The computer's limits: `--depth`, `--time-ms`, or [`DEFAULT_TIME_MS`] a move
/// when neither is given (thinking by time: quick on small boards, deeper where
/// moves are few).
fn limits(s: &StrengthArgs) -> Result<Limits, CliError> {
    limits_of(s.depth, s.time_ms)
}

fn limits_of(depth: Option<u32>, time_ms: Option<u64>) -> Result<Limits, CliError> {
    if let Some(d) = depth {
        in_range("--depth", d as u64, 1, MAX_SEARCH_DEPTH as u64, "1 to 20")?;
    }
    if let Some(t) = time_ms {
        in_range("--time-ms", t, 1, 3_600_000, "1 to 3600000")?;
    }
    let time_ms = match (depth, time_ms) {
        (None, None) => Some(DEFAULT_TIME_MS),
        (_, t) => t,
    };
    Ok(Limits {
        depth,
        time: time_ms.map(std::time::Duration::from_millis),
        nodes: None,
        clock: None,
    })
}

/// `--variants` folders: each must be a folder.
fn folders(given: Vec<PathBuf>) -> Result<Vec<PathBuf>, CliError> {
    for dir in &given {
        if !dir.is_dir() {
            return Err(CliError::io("read", dir, "no such folder"));
        }
    }
    Ok(given)
}

/// Most positions the computer searches under hidden information (as
/// [`chessgraph::search::Searcher::set_samples`] allows).
pub const MAX_SAMPLES: u32 = 64;

/// `--samples`: 1 to [`MAX_SAMPLES`], or `None` when not given.
fn samples(s: &StrengthArgs) -> Result<Option<usize>, CliError> {
    s.samples
        .map(|n| {
            in_range("--samples", n as u64, 1, MAX_SAMPLES as u64, "1 to 64")?;
            Ok(n as usize)
        })
        .transpose()
}

/// A multi-player search by name; clap allows only [`MultiPlayer::NAMES`].
fn multi_player_named(name: &str) -> MultiPlayer {
    MultiPlayer::from_name(name).unwrap_or_default()
}

/// `NAME=human|computer`.
fn seat(text: &str) -> Result<(String, bool), CliError> {
    let bad = || CliError::Seat {
        given: format!(
            "`--seat {}` is not NAME=human or NAME=computer",
            text.chars().take(60).collect::<String>()
        ),
        help: "name a player of the rule file, e.g. `--seat black=computer`".into(),
    };
    let (name, who) = text.split_once('=').ok_or_else(bad)?;
    let computer = match who.trim().to_ascii_lowercase().as_str() {
        "computer" | "engine" | "ai" => true,
        "human" => false,
        _ => return Err(bad()),
    };
    let name = name.trim();
    if name.is_empty() || name.len() > 64 {
        return Err(bad());
    }
    Ok((name.to_owned(), computer))
}

/// Moves given as several values or as one space- or comma-separated list.
fn move_texts(given: &[String]) -> Vec<String> {
    given
        .iter()
        .flat_map(|m| m.split(|c: char| c.is_whitespace() || c == ','))
        .filter(|m| !m.is_empty())
        .map(str::to_owned)
        .collect()
}

impl Config {
    /// Checks the parsed arguments.
    pub fn from_args(args: Args) -> Result<Config, CliError> {
        Ok(match args.command {
            Command::Validate { files } => Config::Validate { files },
            Command::Board { file } => Config::Board { file },
            Command::Moves {
                variant: v,
                position,
                moves,
                long,
                view,
                batch,
            } => Config::Moves {
                variant: variant(&v)?,
                position,
                moves: move_texts(&moves),
                long,
                view,
                batch,
            },
            Command::Perft {
                variant: v,
                depth,
                position,
                divide,
                threads,
            } => {
                if depth > MAX_PERFT_DEPTH {
                    return Err(CliError::DepthTooLarge {
                        depth,
                        max: MAX_PERFT_DEPTH,
                    });
                }
                Config::Perft {
                    variant: variant(&v)?,
                    depth,
                    position,
                    divide,
                    threads: threads as usize,
                }
            }
            Command::Snapshot {
                variant: v,
                out_dir,
            } => {
                let variant = variant(&v)?;
                let dir = out_dir.unwrap_or_else(|| snapshot_dir(&variant.at));
                Config::Snapshot {
                    review: variant.at.dir.join("review.txt"),
                    out: dir.join(format!("{}.snap", variant.at.name)),
                    variant,
                }
            }
            Command::Play {
                variant: v,
                position,
                seats,
                strength,
                record,
            } => Config::Play {
                variant: variant(&v)?,
                position,
                seats: seats.iter().map(|s| seat(s)).collect::<Result<_, _>>()?,
                limits: limits(&strength)?,
                samples: samples(&strength)?,
                multi: multi_player_named(&strength.multi_player),
                record,
            },
            Command::Selfplay {
                variant: v,
                games,
                strength,
                seed,
                opponent,
                computer,
                max_plies,
                random_opening,
                records,
                challenger,
            } => {
                in_range(
                    "--random-opening",
                    random_opening as u64,
                    0,
                    1000,
                    "0 to 1000",
                )?;
                in_range("--games", games as u64, 1, 1_000_000, "1 to 1000000")?;
                in_range("--max-plies", max_plies as u64, 1, 100_000, "1 to 100000")?;
                let random = match opponent.as_deref().map(str::trim) {
                    None => false,
                    Some(o) if o.eq_ignore_ascii_case("random") => true,
                    Some(o) => return Err(CliError::Opponent(o.chars().take(60).collect())),
                };
                Config::Selfplay {
                    variant: variant(&v)?,
                    games,
                    limits: limits(&strength)?,
                    samples: samples(&strength)?,
                    seed,
                    random,
                    computer,
                    max_plies,
                    random_opening,
                    records,
                    multi: multi_player_named(&strength.multi_player),
                    challenger: challenger.as_deref().map(multi_player_named),
                }
            }
            Command::Replay { file, final_only } => Config::Replay { file, final_only },
            Command::Tune {
                variant: v,
                games,
                positions,
                rounds,
                places,
                skip_plies,
                max_positions,
                output,
            } => {
                if rounds > chessgraph::search::MAX_TUNE_ROUNDS {
                    return Err(CliError::OutOfRange {
                        what: "--rounds",
                        value: rounds.into(),
                        range: "0 to 50",
                    });
                }
                if places > MAX_PLACE_STEPS {
                    return Err(CliError::OutOfRange {
                        what: "--places",
                        value: places.into(),
                        range: "0 to 5000",
                    });
                }
                Config::Tune {
                    variant: variant(&v)?,
                    games,
                    positions,
                    rounds,
                    places,
                    skip_plies,
                    max_positions: max_positions.max(1),
                    output,
                }
            }
            Command::Analyse {
                variant: v,
                position,
                moves,
                depth,
                time_ms,
                lines,
            } => {
                in_range("--lines", lines as u64, 1, MAX_LINES as u64, "1 to 64")?;
                Config::Analyse {
                    variant: variant(&v)?,
                    position,
                    moves: move_texts(&moves),
                    limits: limits_of(depth, time_ms)?,
                    lines: lines as usize,
                }
            }
            Command::Uci { variants } => Config::Uci {
                variants: folders(variants)?,
            },
            Command::Serve {
                port,
                host,
                variants,
                workers,
            } => {
                let dir = match variants {
                    Some(d) => d,
                    None => super::locate::search_dirs()
                        .into_iter()
                        .find(|d| d.is_dir())
                        .ok_or_else(|| {
                            CliError::io("read", Path::new("variants"), "no such folder")
                        })?,
                };
                if !dir.is_dir() {
                    return Err(CliError::io("read", &dir, "no such folder"));
                }
                let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
                let workers = workers.unwrap_or(cores);
                in_range("--workers", workers as u64, 1, 64, "1 to 64")?;
                Config::Serve(web::ServeConfig {
                    addr: std::net::SocketAddr::new(host, port),
                    variants: dir,
                    workers,
                })
            }
            Command::Xboard { variants } => Config::Xboard {
                variants: folders(variants)?,
            },
            Command::Render {
                variant: v,
                position,
                moves,
                from,
                output,
                view,
            } => Config::Render {
                variant: variant(&v)?,
                position,
                moves: move_texts(&moves),
                from: from.map(cell_name).transpose()?,
                output,
                view,
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    fn config(line: &[&str]) -> Result<Config, CliError> {
        Config::from_args(Args::try_parse_from(line).unwrap())
    }

    #[test]
    fn options_are_split_and_checked() {
        let c = config(&[
            "chessgraph",
            "play",
            "chess",
            "-o",
            "a=1",
            "--option",
            "b = x",
        ])
        .unwrap();
        let Config::Play { variant, .. } = c else {
            panic!("play")
        };
        assert_eq!(
            variant.options,
            [("a".into(), "1".into()), ("b".into(), "x".into())]
        );
        assert!(matches!(
            config(&["chessgraph", "play", "chess", "-o", "novalue"]),
            Err(CliError::OptionSyntax(_))
        ));
    }

    #[test]
    fn seats_strength_and_opponents() {
        let c = config(&[
            "chessgraph",
            "play",
            "chess",
            "--seat",
            "black=computer",
            "--depth",
            "3",
        ])
        .unwrap();
        let Config::Play { seats, limits, .. } = c else {
            panic!("play")
        };
        assert_eq!(seats, [("black".to_owned(), true)]);
        assert_eq!(limits, Limits::depth(3));
        assert!(matches!(
            config(&["chessgraph", "play", "chess", "--seat", "black=robot"]),
            Err(CliError::Seat { .. })
        ));
        assert!(matches!(
            config(&["chessgraph", "selfplay", "chess", "--depth", "0"]),
            Err(CliError::OutOfRange { .. })
        ));
        assert!(matches!(
            config(&["chessgraph", "selfplay", "chess", "--opponent", "stockfish"]),
            Err(CliError::Opponent(_))
        ));
        let c = config(&["chessgraph", "selfplay", "chess", "--time-ms", "50"]).unwrap();
        let Config::Selfplay { limits, random, .. } = c else {
            panic!("selfplay")
        };
        assert_eq!((limits.depth, random), (None, false));
        // Neither a depth nor a time: thinking by time.
        let c = config(&["chessgraph", "play", "chess"]).unwrap();
        let Config::Play { limits, .. } = c else {
            panic!("play")
        };
        assert_eq!(limits, Limits::time_ms(DEFAULT_TIME_MS));
    }

    #[test]
    fn multi_player_searches_are_named() {
        let c = config(&["chessgraph", "selfplay", "zubrin"]).unwrap();
        assert!(matches!(
            c,
            Config::Selfplay {
                multi: MultiPlayer::Paranoid,
                challenger: None,
                ..
            }
        ));
        let c = config(&[
            "chessgraph",
            "selfplay",
            "zubrin",
            "--challenger",
            "best-reply",
        ])
        .unwrap();
        assert!(matches!(
            c,
            Config::Selfplay {
                challenger: Some(MultiPlayer::BestReply),
                ..
            }
        ));
        let c = config(&[
            "chessgraph",
            "selfplay",
            "zubrin",
            "--multi-player",
            "best-reply-plus",
        ]);
        assert!(matches!(
            c.unwrap(),
            Config::Selfplay {
                multi: MultiPlayer::BestReplyPlus,
                ..
            }
        ));
        for bad in [["--challenger", "max-n"], ["--multi-player", ""]] {
            let mut a = vec!["chessgraph", "selfplay", "zubrin"];
            a.extend(bad);
            assert!(Args::try_parse_from(a).is_err());
        }
        // `play` (and its hints) takes the search too; paranoid by default.
        let c = config(&[
            "chessgraph",
            "play",
            "zubrin",
            "--multi-player",
            "best-reply",
        ]);
        assert!(matches!(
            c.unwrap(),
            Config::Play {
                multi: MultiPlayer::BestReply,
                ..
            }
        ));
        let c = config(&["chessgraph", "play", "zubrin"]).unwrap();
        assert!(matches!(
            c,
            Config::Play {
                multi: MultiPlayer::Paranoid,
                ..
            }
        ));
        assert!(
            Args::try_parse_from(["chessgraph", "play", "zubrin", "--multi-player", "x"]).is_err()
        );
    }

    #[test]
    fn samples_are_bounded() {
        let c = config(&["chessgraph", "play", "mined-chess", "--samples", "8"]).unwrap();
        assert!(matches!(
            c,
            Config::Play {
                samples: Some(8),
                ..
            }
        ));
        let c = config(&["chessgraph", "selfplay", "chess"]).unwrap();
        assert!(matches!(c, Config::Selfplay { samples: None, .. }));
        for bad in ["0", "65"] {
            assert!(matches!(
                config(&["chessgraph", "selfplay", "chess", "--samples", bad]),
                Err(CliError::OutOfRange {
                    what: "--samples",
                    ..
                })
            ));
        }
        assert!(Args::try_parse_from(["chessgraph", "play", "chess", "--samples", "x"]).is_err());
    }

    #[test]
    fn analyse_and_engine_protocols() {
        let c = config(&[
            "chessgraph",
            "analyse",
            "chess",
            "--lines",
            "3",
            "--depth",
            "4",
        ]);
        let Ok(Config::Analyse { lines, limits, .. }) = c else {
            panic!("analyse")
        };
        assert_eq!((lines, limits), (3, Limits::depth(4)));
        assert!(matches!(
            config(&["chessgraph", "analyse", "chess", "--lines", "0"]),
            Err(CliError::OutOfRange {
                what: "--lines",
                ..
            })
        ));
        assert!(matches!(
            config(&["chessgraph", "uci"]),
            Ok(Config::Uci { variants }) if variants.is_empty()
        ));
        assert!(matches!(
            config(&["chessgraph", "xboard", "--variants", "/no/such/folder"]),
            Err(CliError::Io { .. })
        ));
    }

    #[test]
    fn perft_depth_is_bounded() {
        assert!(matches!(
            config(&["chessgraph", "perft", "chess", "11"]),
            Err(CliError::DepthTooLarge { depth: 11, .. })
        ));
        assert!(config(&["chessgraph", "perft", "chess", "10"]).is_ok());
    }

    #[test]
    fn moves_may_be_one_list() {
        let c = config(&[
            "chessgraph",
            "moves",
            "chess",
            "--moves",
            "e4 e5,Nf3",
            "Nc6",
        ])
        .unwrap();
        let Config::Moves { moves, .. } = c else {
            panic!("moves")
        };
        assert_eq!(moves, ["e4", "e5", "Nf3", "Nc6"]);
    }

    #[test]
    fn render_takes_o_as_an_option_like_every_command() {
        let c = config(&[
            "chessgraph",
            "render",
            "chess",
            "-o",
            "a=1",
            "--from",
            " e2 ",
            "--moves",
            "e4 e5",
            "--output",
            "x.svg",
        ])
        .unwrap();
        let Config::Render {
            variant,
            from,
            output,
            ..
        } = c
        else {
            panic!("render")
        };
        assert_eq!(variant.options, [("a".into(), "1".into())]);
        assert_eq!(from.as_deref(), Some("e2"));
        assert_eq!(output, Some(PathBuf::from("x.svg")));
        let Err(CliError::OptionSyntax(why)) =
            config(&["chessgraph", "render", "chess", "-o", "x.svg"])
        else {
            panic!("-o x.svg")
        };
        assert!(why.contains("--output FILE"), "{why}");
        assert!(matches!(
            config(&["chessgraph", "render", "chess", "--from", "  "]),
            Err(CliError::UnknownCell { .. })
        ));
        let c = config(&["chessgraph", "render", "chess"]).unwrap();
        assert!(matches!(
            c,
            Config::Render {
                output: None,
                from: None,
                ..
            }
        ));
    }

    #[test]
    fn snapshots_go_beside_variants() {
        let c = config(&["chessgraph", "snapshot", "chess"]).unwrap();
        let Config::Snapshot { review, out, .. } = c else {
            panic!("snapshot")
        };
        assert!(review.ends_with("chess/review.txt"));
        assert!(out.ends_with("snapshots/chess.snap"));
        assert!(out
            .parent()
            .unwrap()
            .parent()
            .unwrap()
            .join("variants")
            .is_dir());
    }
}

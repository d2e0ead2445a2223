//! The validated configuration: [`super::args::Args`] with variants located, options
//! split into name/value pairs and numbers bounded.
//!
//! Everything a command may assume about its inputs is checked here, before any
//! file is compiled, so the commands themselves only do their job.

use super::args::{Args, Command, VariantArgs};
use super::error::CliError;
use super::locate::{locate, Located};
use std::path::PathBuf;

/// Deepest perft the command line accepts: chess perft 10 is ~7e13 nodes already.
pub const MAX_PERFT_DEPTH: u32 = 10;
/// Most `--option` values accepted.
const MAX_OPTIONS: usize = 64;

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
    },
}

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
            _ => Err(CliError::OptionSyntax(o.chars().take(60).collect())),
        })
        .collect()
}

fn variant(v: &VariantArgs) -> Result<VariantSpec, CliError> {
    let options = options(&v.options)?;
    Ok(VariantSpec {
        at: locate(&v.variant)?,
        options,
    })
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
            } => Config::Moves {
                variant: variant(&v)?,
                position,
                moves: move_texts(&moves),
                long,
            },
            Command::Perft {
                variant: v,
                depth,
                position,
                divide,
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
            } => Config::Play {
                variant: variant(&v)?,
                position,
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

//! `chessgraph tune VARIANT --games FILES...`: the evaluation's weights fitted to the
//! results of recorded games (Texel's method), printed as `hint WORD = N` lines for
//! the variant's rule files.
//!
//! The positions taken are the quiet ones (the mover not in check, the last move no
//! capture or pawn move by the variant's quiet count) after the first `--skip-plies`
//! of each game; each carries the game's result.

use super::config::Config;
use super::error::CliError;
use super::load;
use super::term::Term;
use chessgraph::record::GameRecord;
use chessgraph::search::{tune, tune_places, PlaceTuning, Places, Sample, Weights};
use chessgraph::Position;
use std::path::PathBuf;

/// Most record files read.
const MAX_FILES: usize = 100_000;
/// Largest file read (a file of many games).
const MAX_FILE_BYTES: u64 = 512 << 20;

/// Runs `tune`.
pub fn run(config: &Config, t: &mut Term) -> Result<(), CliError> {
    let Config::Tune {
        variant,
        games,
        positions,
        rounds,
        places,
        skip_plies,
        max_positions,
        output,
    } = config
    else {
        unreachable!("tune::run is called with Config::Tune")
    };
    let v = load::variant(variant, t)?;
    if v.players().len() != 2 {
        return Err(CliError::Tune {
            what: format!(
                "tune reads results of two-player games; this variant has {} players",
                v.players().len()
            ),
            help: "tune a two-player variant".into(),
        });
    }
    let mut found = Vec::new();
    let (mut read, mut refused) = (0usize, 0usize);
    for file in record_files(games)? {
        let text = read_bounded(&file)?;
        for game in split_games(&text) {
            match positions_of(&v, game, *skip_plies) {
                Some(p) => {
                    read += 1;
                    found.extend(p);
                }
                None => refused += 1,
            }
        }
    }
    let mut scored = 0usize;
    for file in positions {
        let text = read_bounded(file)?;
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            match scored_position(line) {
                Some(p) => {
                    scored += 1;
                    found.push(p);
                }
                None => {
                    return Err(CliError::Tune {
                        what: format!("{}:{}: not `POSITION;P`", file.display(), i + 1),
                        help: "each line is a position string, `;`, and the first player's \
                               expected score from 0 to 1"
                            .into(),
                    })
                }
            }
        }
    }
    if found.is_empty() {
        return Err(CliError::Tune {
            what: format!("no positions to tune on ({read} games read, {refused} refused)"),
            help: "give records of finished games of this variant (`selfplay --records DIR`)"
                .into(),
        });
    }
    // Evenly thinned to the most asked for.
    let every = found.len().div_ceil(*max_positions);
    let samples: Vec<Sample> = found
        .iter()
        .step_by(every)
        .filter_map(|(text, score)| {
            Position::from_str(&v, text)
                .ok()
                .map(|pos| Sample { pos, score: *score })
        })
        .collect();
    t.eprint(&format!(
        "tune: {read} games read ({refused} refused), {scored} scored positions; {} positions of {}\n",
        samples.len(),
        found.len()
    ))?;
    drop(found);
    let start = Weights::of(&v);
    let mut progress = Vec::new();
    let (best, before, after) = if *rounds == 0 {
        (start, f64::NAN, f64::NAN)
    } else {
        tune(&v, &samples, start, *rounds, &mut |r| {
            progress.push(format!("round {}: error {:.6}\n", r.round, r.error));
        })
    };
    for line in progress {
        t.eprint(&line)?;
    }
    let mut hints = if *rounds == 0 {
        format!(
            "# The evaluation's weights, as the variant gives them (`--rounds 0`).\n{}",
            best.to_hints()
        )
    } else {
        format!(
            "# The evaluation's weights, tuned by `chessgraph tune` on {} positions of {read} games\n\
             # (mean squared error {before:.6} with the weights before, {after:.6} after).\n{}",
            samples.len(),
            best.to_hints()
        )
    };
    if *places > 0 {
        let how = PlaceTuning {
            steps: *places,
            ..PlaceTuning::default()
        };
        // Every tenth position is held out: the fit is measured on it, not made to it.
        let (mut fitted, mut held) = (Vec::new(), Vec::new());
        for (i, s) in samples.into_iter().enumerate() {
            if i % 10 == 9 {
                held.push(s);
            } else {
                fitted.push(s);
            }
        }
        let mut failed = None;
        let fit = tune_places(
            &v,
            &fitted,
            &held,
            best,
            Places::of(&v),
            how,
            &mut |step, e| {
                if failed.is_none() {
                    failed = t
                        .eprint(&format!("places step {step}: error {e:.6}\n"))
                        .err();
                }
            },
        );
        if let Some(e) = failed {
            return Err(e);
        }
        let ((before, after), (held_before, held_after)) = (fit.error, fit.held_out);
        hints.push_str(&format!(
            "# What each piece is worth on each cell (middle game, endgame), fitted by\n\
             # `chessgraph tune --places {places}` to {} positions (mean squared error {before:.6}\n\
             # before, {after:.6} after; on {} positions held out, {held_before:.6} before,\n\
             # {held_after:.6} after). One value per cell, in the board's order of cells (as\n\
             # position strings list them).\n{}",
            fitted.len(),
            held.len(),
            fit.places.to_hints(&v)
        ));
    }
    t.print(&hints)?;
    if let Some(path) = output {
        std::fs::write(path, &hints).map_err(|e| CliError::io("write", path, e))?;
    }
    Ok(())
}

/// The text of `file`, refused when larger than [`MAX_FILE_BYTES`].
fn read_bounded(file: &std::path::Path) -> Result<String, CliError> {
    let meta = std::fs::metadata(file).map_err(|e| CliError::io("read", file, e))?;
    if meta.len() > MAX_FILE_BYTES {
        return Err(CliError::io("read", file, "larger than 512 MiB"));
    }
    std::fs::read_to_string(file).map_err(|e| CliError::io("read", file, e))
}

/// The files named, with the files directly in the folders named (sorted).
fn record_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, CliError> {
    let mut files = Vec::new();
    for p in paths {
        if p.is_dir() {
            let entries = std::fs::read_dir(p).map_err(|e| CliError::io("read", p, e))?;
            let mut inner: Vec<PathBuf> = entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.is_file())
                .collect();
            inner.sort();
            files.extend(inner);
        } else {
            files.push(p.clone());
        }
        if files.len() > MAX_FILES {
            return Err(CliError::Tune {
                what: format!("more than {MAX_FILES} record files"),
                help: "put the games into fewer files (a file may hold many)".into(),
            });
        }
    }
    Ok(files)
}

/// The games of a file of records: each starts at a tag line that follows moves (or
/// the file's start).
fn split_games(text: &str) -> Vec<&str> {
    let mut starts = vec![0];
    let mut in_moves = false;
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let l = line.trim_start();
        if l.starts_with('[') {
            if in_moves {
                starts.push(at);
                in_moves = false;
            }
        } else if !l.trim().is_empty() {
            in_moves = true;
        }
        at += line.len();
    }
    starts.push(text.len());
    starts
        .windows(2)
        .map(|w| &text[w[0]..w[1]])
        .filter(|g| !g.trim().is_empty())
        .collect()
}

/// A line `POSITION;P` of a file of scored positions: the position string and the
/// first player's expected score (0 to 1); `None` when it is not one.
fn scored_position(line: &str) -> Option<(String, f64)> {
    let (position, score) = line.trim().rsplit_once(';')?;
    let score: f64 = score.trim().parse().ok()?;
    (score.is_finite() && (0.0..=1.0).contains(&score) && !position.trim().is_empty())
        .then(|| (position.trim().to_owned(), score))
}

/// The quiet positions of one game (as position strings) with the first player's
/// result; `None` when the record cannot be read or replayed or has no result.
fn positions_of(
    v: &std::sync::Arc<chessgraph::Variant>,
    text: &str,
    skip: u32,
) -> Option<Vec<(String, f64)>> {
    let record = GameRecord::parse(text).ok()?;
    let score = match record.result() {
        "1-0" => 1.0,
        "0-1" => 0.0,
        "1/2-1/2" => 0.5,
        _ => return None,
    };
    let mut out = Vec::new();
    let mut ply = 0;
    record
        .replay(v, |pos, _| {
            ply += 1;
            if ply > skip && pos.quiet_plies() > 0 && !pos.in_check() {
                out.push((pos.to_string(), score));
            }
        })
        .ok()?;
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_split_at_tags_after_moves() {
        let text = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n[Event \"b\"]\n\n1. d4 0-1\n";
        let games = split_games(text);
        assert_eq!(games.len(), 2);
        assert!(games[0].contains("e4") && !games[0].contains("d4"));
        assert!(games[1].starts_with("[Event \"b\"]"));
        assert!(split_games("").is_empty());
    }

    #[test]
    fn scored_positions_are_a_position_and_a_share() {
        let fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
        assert_eq!(
            scored_position(&format!("{fen};0.25")),
            Some((fen.to_owned(), 0.25))
        );
        for bad in ["", ";0.5", "x;1.5", "x;-0.1", "x;NaN", "x", "x;y"] {
            assert_eq!(scored_position(bad), None, "{bad}");
        }
    }
}

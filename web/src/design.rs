//! The designer's page: a variant's rule and board files opened, checked as typed
//! (every diagnostic with its file, line, column, label and hint, and the board drawn
//! when it compiles), perft and a short self-play table run as jobs with progress,
//! and the files saved back into the variants folder.

use crate::catalogue::{is_plain_file, is_plain_name, shown, Catalogue, CatalogueError};
use crate::jobs::Progress;
use chessgraph::search::{play_game, Decide, Limits, Searcher};
use chessgraph::{Position, Score, Variant};
use dsl::{Diagnostic, Severity, SourceFile};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Instant;

/// Deepest perft a page may ask for.
pub const MAX_PERFT_DEPTH: u32 = 6;
/// Most nodes a perft job counts before it stops (a bound for huge branching).
pub const MAX_PERFT_NODES: u64 = 200_000_000;
/// Most self-play games a page may ask for.
pub const MAX_SELFPLAY_GAMES: u32 = 40;
/// Longest self-play game, in plies.
const SELFPLAY_PLIES: u32 = 300;
/// Most thinking time a self-play move may have, in milliseconds (a job of the most
/// games, each of the most plies, then ends within 40 minutes; Stop ends it sooner).
pub const MAX_SELFPLAY_MS: u64 = 200;

/// The sources a page sends: a rule file and the board file it names.
#[derive(Clone, Debug, serde::Deserialize)]
pub struct Sources {
    /// The variant's name (its folder), for files the rules include.
    #[serde(default)]
    pub name: Option<String>,
    /// The rule file's text.
    pub rules: String,
    /// The board file's text.
    pub board: String,
    /// The board file's path as the rules name it (`board.yaml`).
    #[serde(default, rename = "boardFile")]
    pub board_file: Option<String>,
    /// `NAME=VALUE` options.
    #[serde(default)]
    pub options: Vec<(String, String)>,
}

/// The files of variant `name`: its rule file and the board file the rules name.
pub fn files(cat: &Catalogue, name: &str) -> Result<Value, CatalogueError> {
    let rules_path = cat.rules_path(name)?;
    let rules = read(&rules_path)?;
    // The board the compiled variant read (the rules may name it in an included file),
    // relative to the rule file's folder; else the one the file names.
    let compiled = cat.load(name, &[]).ok().and_then(|v| {
        let dir = rules_path.parent()?;
        let board = std::path::PathBuf::from(&v.board().source.name);
        Some(board.strip_prefix(dir).ok()?.to_string_lossy().into_owned())
    });
    let board_file = compiled
        .or_else(|| board_named(&rules))
        .unwrap_or_else(|| "board.yaml".into());
    let board = cat
        .file_path(name, &board_file)
        .and_then(|p| read(&p))
        .unwrap_or_default();
    Ok(json!({
        "name": name,
        "rulesFile": rules_path.file_name().map(|f| f.to_string_lossy().into_owned()),
        "rules": rules,
        "boardFile": board_file,
        "board": board,
    }))
}

fn read(path: &std::path::Path) -> Result<String, CatalogueError> {
    let bytes = std::fs::read(path).map_err(|e| CatalogueError::Io(e.to_string()))?;
    if bytes.len() > crate::http::request::MAX_BODY {
        return Err(CatalogueError::Io("the file is over 1 MiB".into()));
    }
    String::from_utf8(bytes).map_err(|_| CatalogueError::Io("the file is not UTF-8".into()))
}

/// The path in the first `board "PATH"` line of a rule file.
pub fn board_named(rules: &str) -> Option<String> {
    rules.lines().find_map(|l| {
        let rest = l.trim_start().strip_prefix("board")?;
        let rest = rest.trim_start().strip_prefix('"')?;
        Some(rest.split('"').next()?.to_owned())
    })
}

/// Compiles the sources; `Err` holds the diagnostics as JSON.
pub fn compile(cat: &Catalogue, src: &Sources) -> Result<(Arc<Variant>, Vec<Value>), Vec<Value>> {
    let name = src.name.clone().filter(|n| is_plain_name(n));
    let rules_name = format!("{}.rules", name.as_deref().unwrap_or("variant"));
    let board_file = src
        .board_file
        .clone()
        .or_else(|| board_named(&src.rules))
        .unwrap_or_else(|| "board.yaml".into());
    let rules = SourceFile::new(rules_name.clone(), src.rules.clone());
    let mut read_board = |rel: &str| -> Result<String, String> {
        if rel == board_file {
            return Ok(src.board.clone());
        }
        // Other files (included rules, shared boards) from the variant's folder.
        let Some(n) = &name else {
            return Err("only the board in the editor can be read for a new variant".into());
        };
        let path = cat.file_path(n, rel).map_err(|e| e.to_string())?;
        read(&path).map_err(|e| e.to_string())
    };
    match Variant::load_with(rules, &mut read_board, &src.options) {
        Ok(loaded) => Ok((
            loaded.variant,
            loaded
                .warnings
                .0
                .iter()
                .map(|d| diagnostic(d, &rules_name, &board_file))
                .collect(),
        )),
        Err(chessgraph::Error::Variant(ds)) => Err(ds
            .0
            .iter()
            .map(|d| diagnostic(d, &rules_name, &board_file))
            .collect()),
        Err(e) => Err(vec![json!({
            "severity": "error", "code": "load", "message": e.to_string(),
            "file": Value::Null, "line": Value::Null, "column": Value::Null,
        })]),
    }
}

/// One diagnostic as JSON: which editor (`rules` or `board`), line and column (1-based,
/// in characters) of its start and end, its label, hint and code.
pub fn diagnostic(d: &Diagnostic, rules_name: &str, board_file: &str) -> Value {
    let mut out = json!({
        "severity": match d.severity { Severity::Error => "error", Severity::Warning => "warning" },
        "code": d.code,
        "message": d.message,
        "help": d.help,
        "file": Value::Null,
        "editor": Value::Null,
        "line": Value::Null,
        "column": Value::Null,
    });
    let Some(file) = &d.file else { return out };
    let (part, _) = file.part_of(d.primary.as_ref().map_or(0, |p| p.0.start as usize));
    out["file"] = json!(part.name);
    out["editor"] = if part.name == rules_name {
        json!("rules")
    } else if part.name == board_file {
        json!("board")
    } else {
        Value::Null
    };
    if let Some((span, label)) = &d.primary {
        let (l, c) = file.line_col(span.start);
        let (el, ec) = file.line_col(span.end);
        out["line"] = json!(l);
        out["column"] = json!(c);
        out["endLine"] = json!(el);
        out["endColumn"] = json!(ec);
        out["label"] = json!(label);
        out["location"] = json!(file.location(span.start));
    }
    out
}

/// The answer to a check: diagnostics, and when the variant compiles, its drawing and
/// its players.
pub fn check(cat: &Catalogue, src: &Sources) -> Value {
    match compile(cat, src) {
        Ok((v, warnings)) => {
            let pos = Position::start(&v);
            json!({
                "ok": true,
                "diagnostics": warnings,
                "svg": chessgraph::draw::svg(&pos, &[]),
                "title": v.name(),
                "players": v.players().iter().map(|p| p.name.clone()).collect::<Vec<_>>(),
                "cells": v.cell_count(),
            })
        }
        Err(ds) => json!({ "ok": false, "diagnostics": ds }),
    }
}

/// Perft from the start, depth 1 to `depth`, a row per depth into `progress`.
pub fn perft(v: &Arc<Variant>, depth: u32, progress: &Progress) {
    let mut pos = Position::start(v);
    for d in 1..=depth.min(MAX_PERFT_DEPTH) {
        let t = Instant::now();
        let nodes = chessgraph::perft(&mut pos, d);
        let ms = t.elapsed().as_millis() as u64;
        progress.push(json!({ "depth": d, "nodes": nodes, "ms": ms }));
        if nodes > MAX_PERFT_NODES / 8 || progress.cancelled() {
            progress.note("stopped: the next depth would count too many nodes");
            break;
        }
    }
}

/// `games` games of the computer against itself at `ms` a move, seats rotating; a
/// row per game into `progress` and the points per player at the end.
pub fn selfplay(v: &Arc<Variant>, games: u32, ms: u64, progress: &Progress) {
    let n = v.players().len();
    let mut points = vec![0.0f64; n];
    let (mut decided, mut unfinished) = (0u32, 0u32);
    for game in 0..games.min(MAX_SELFPLAY_GAMES) {
        if progress.cancelled() {
            break;
        }
        let mut pos = Position::start(v);
        let mut searchers: Vec<Searcher> = (0..n)
            .map(|_| {
                let mut s = Searcher::new(v, Limits::time_ms(ms.clamp(1, MAX_SELFPLAY_MS)));
                s.set_table_megabytes(4);
                s
            })
            .collect();
        let mut seats: Vec<&mut dyn Decide> =
            searchers.iter_mut().map(|s| s as &mut dyn Decide).collect();
        let mut record = chessgraph::record::GameRecord::new(v.name());
        let end = play_game(&mut pos, &mut seats, SELFPLAY_PLIES, &mut record);
        let row = match end {
            Ok(end) => {
                if let Some(scores) = &end.scores {
                    decided += u32::from(scores.iter().any(|s| *s != Score::Draw));
                    for (p, s) in scores.iter().enumerate() {
                        points[p] += s.points();
                    }
                } else {
                    unfinished += 1;
                }
                json!({
                    "game": game + 1,
                    "result": end.scores.as_ref().map(|s| chessgraph::record::result_text(v, s)),
                    "reason": end.reason,
                    "plies": end.plies,
                })
            }
            Err(e) => json!({ "game": game + 1, "error": e.to_string() }),
        };
        progress.push(row);
    }
    progress.set_summary(json!({
        "points": v.players().iter().zip(&points).map(|(p, x)| json!({ "player": p.name, "points": x })).collect::<Vec<_>>(),
        "decided": decided,
        "unfinished": unfinished,
    }));
}

/// What a save request names.
#[derive(Debug, serde::Deserialize)]
pub struct Save {
    /// The variant's folder name.
    pub name: String,
    /// The rule file's text.
    pub rules: String,
    /// The board file's text.
    pub board: String,
    /// The board file's path as the rules name it.
    #[serde(default, rename = "boardFile")]
    pub board_file: Option<String>,
    /// Replace files that exist.
    #[serde(default)]
    pub overwrite: bool,
}

/// Writes the files into `DIR/NAME/`; files that exist are replaced only with
/// `overwrite`. `Ok` lists the files written; `Err((409, existing))` when confirmation
/// is needed.
pub fn save(cat: &Catalogue, s: &Save) -> Result<Vec<String>, (u16, String)> {
    if !is_plain_name(&s.name) {
        return Err((422, CatalogueError::BadName(shown(&s.name)).to_string()));
    }
    let board_file = s
        .board_file
        .clone()
        .or_else(|| board_named(&s.rules))
        .unwrap_or_else(|| "board.yaml".into());
    let rules_path = cat
        .file_path(&s.name, &format!("{}.rules", s.name))
        .map_err(|e| (403, e.to_string()))?;
    let board_path = cat
        .file_path(&s.name, &board_file)
        .map_err(|e| (403, e.to_string()))?;
    if !board_path
        .file_name()
        .is_some_and(|f| is_plain_file(&f.to_string_lossy()))
    {
        return Err((403, "the board file must be a plain file name".into()));
    }
    let existing: Vec<String> = [&rules_path, &board_path]
        .iter()
        .filter(|p| p.exists())
        .map(|p| p.display().to_string())
        .collect();
    if !existing.is_empty() && !s.overwrite {
        return Err((
            409,
            format!(
                "these files exist: {}; confirm to replace them",
                existing.join(", ")
            ),
        ));
    }
    let folder = rules_path.parent().ok_or((403, "no folder".to_owned()))?;
    std::fs::create_dir_all(folder).map_err(|e| (500, e.to_string()))?;
    if let Some(parent) = board_path.parent() {
        if !parent.exists() {
            return Err((403, "the board file's folder does not exist".into()));
        }
    }
    std::fs::write(&rules_path, &s.rules).map_err(|e| (500, e.to_string()))?;
    std::fs::write(&board_path, &s.board).map_err(|e| (500, e.to_string()))?;
    Ok(vec![
        rules_path.display().to_string(),
        board_path.display().to_string(),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_line_names_the_board() {
        assert_eq!(
            board_named("game \"x\"\nboard \"../boards/tri96.yaml\"\n").as_deref(),
            Some("../boards/tri96.yaml")
        );
        assert_eq!(board_named("boardless"), None);
    }
}

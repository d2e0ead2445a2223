//! Legal-move review files: the text of `snapshots/<variant>.snap`.
//!
//! A spec (`variants/<name>/review.txt`, read by `spec.rs`) lists positions; for each
//! block the review shows the title, the moves played to reach it (SAN, numbered),
//! the position string, the board drawn in text (with `cells:`, the targets of those
//! pieces marked), the player to move, the outcome when the game is over, one line per
//! piece with its legal moves in SAN (`N g1: Nf3 Nh3`, pieces in cell order, each
//! piece's moves sorted as text, so that only a change of the legal moves changes the
//! review), and the count. With `view: PLAYER` the position string is that player's
//! view string, the board marks the mines shown to him (`*` empty, `x` occupied)
//! instead of targets, and a `heard:` line lists the announcements he heard. `cargo test` compares it with the snapshot, so a
//! change in any rule that changes a legal move shows up there.

mod spec;

use crate::draw::text_board;
use crate::error::{ReviewError, ReviewErrorKind};
use crate::ids::{Cell, PieceType};
use crate::moves::{mk, Move};
use crate::outcome::{Outcome, Score};
use crate::san::{parse_move, san};
use crate::{Error, Position, Variant};
use spec::{short, Block};
use std::fmt::Write;
use std::sync::Arc;

/// The source file the review snapshots are asserted from, relative to the workspace
/// root, as insta records it.
const SNAPSHOT_SOURCE: &str = "interpreter/tests/it/review.rs";

/// The review text of `variant` for the positions of `spec` (a `review.txt`).
pub fn review(variant: &Arc<Variant>, spec: &str) -> Result<String, Error> {
    let blocks = spec::parse(spec)?;
    let mut out = String::new();
    for (i, b) in blocks.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out += &block(variant, b)?;
    }
    Ok(out)
}

/// The contents of `snapshots/<variant_name>.snap` holding `text`, in insta's format:
/// what `insta::assert_snapshot!` with `omit_expression` writes from the review test
/// (`interpreter/tests/it/review.rs`), so that a file written by the CLI is accepted
/// as it is.
pub fn snapshot_file_contents(variant_name: &str, text: &str) -> String {
    let _ = variant_name; // the name is the file's, not part of its contents
    format!("---\nsource: {SNAPSHOT_SOURCE}\n---\n{}\n", text.trim_end())
}

/// The review of one block.
fn block(v: &Arc<Variant>, b: &Block) -> Result<String, ReviewError> {
    let mut pos = match &b.position {
        None => Position::start(v),
        Some((line, text)) => Position::from_str(v, text).map_err(|e| {
            b.error(
                *line,
                ReviewErrorKind::Position,
                format!("`{}`: {e}", short(text)),
            )
        })?,
    };
    let mut out = format!("== {}\n", b.title);
    if let Some((line, moves)) = &b.moves {
        let mut played = String::new();
        for (i, text) in moves.iter().enumerate() {
            let m = parse_move(&mut pos, text).map_err(|e| {
                let msg = format!("move {} `{}`: {e}", i + 1, short(text));
                b.error(*line, ReviewErrorKind::Move, msg)
            })?;
            if pos.to_move() == 0 {
                let _ = write!(played, "{}. ", pos.move_number());
            } else if i == 0 {
                let _ = write!(played, "{}... ", pos.move_number());
            }
            played += &san(&mut pos, m);
            played.push(' ');
            pos.make(m);
        }
        let _ = writeln!(out, "moves: {}", played.trim_end());
    }
    let viewer = match &b.view {
        None => None,
        Some((line, name)) => Some(
            v.players()
                .iter()
                .position(|p| p.name == *name)
                .ok_or_else(|| {
                    let msg = format!("unknown player `{}`", short(name));
                    b.error(*line, ReviewErrorKind::Syntax, msg)
                })? as crate::Player,
        ),
    };
    match viewer {
        None => {
            let _ = writeln!(out, "position: {pos}");
        }
        Some(p) => {
            let view = pos.view(p);
            let _ = writeln!(out, "view of {}: {}", v.players()[p as usize].name, view);
            let heard: Vec<String> = view.announcements().map(|a| a.text(v)).collect();
            if !heard.is_empty() {
                let _ = writeln!(out, "heard: {}", heard.join("; "));
            }
        }
    }
    let only: Option<Vec<Cell>> = match &b.cells {
        None => None,
        Some((line, names)) => Some(
            names
                .iter()
                .map(|n| {
                    v.cell(n).ok_or_else(|| {
                        let msg = format!("unknown cell `{}`", short(n));
                        b.error(*line, ReviewErrorKind::UnknownCell, msg)
                    })
                })
                .collect::<Result<_, _>>()?,
        ),
    };
    // Every move the rules allow, as perft counts them: a review shows move
    // generation, so adjudicated ends (a dead position) do not hide the moves.
    let mut legal = crate::moves::MoveList::new();
    pos.perft_moves_into(&mut legal);
    let shown: Vec<Move> = legal
        .iter()
        .filter(|m| {
            only.as_ref()
                .map_or(true, |cs| m.kind != mk::PASS && cs.contains(&m.from))
        })
        .copied()
        .collect();
    let marks: Vec<Cell> = match (viewer, only) {
        (Some(p), _) => pos.view(p).shown_mines().iter().map(|m| m.0).collect(),
        (None, Some(_)) => shown.iter().map(|m| m.to).collect(),
        (None, None) => Vec::new(),
    };
    out.push('\n');
    out += &text_board(&pos, &marks);
    out.push('\n');
    let _ = writeln!(out, "to move: {}", pos.turns_text());
    if let Outcome::Finished { reason, scores } = pos.outcome() {
        let _ = writeln!(
            out,
            "outcome: {}; {}",
            v.end_label(reason),
            score_text(v, &scores)
        );
    }
    out += &by_piece(&mut pos, &shown);
    let _ = match &b.cells {
        Some(_) => writeln!(out, "total: {} of {}", shown.len(), legal.len()),
        None => writeln!(out, "total: {}", shown.len()),
    };
    Ok(out)
}

/// `white 1, black 0`.
fn score_text(v: &Variant, scores: &[Score]) -> String {
    let points = |s: &Score| s.text();
    v.players()
        .iter()
        .zip(scores)
        .map(|(p, s)| format!("{} {}", p.name, points(s)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// One line per moving piece, in cell order: `N g1: Nf3 Nh3`; then one line per type
/// in hand, in type order: `P in hand: P@a2 P@a3 ...`; a pass on its own line.
fn by_piece(pos: &mut Position, moves: &[Move]) -> String {
    let v = pos.variant().clone();
    let on_board = |m: &&Move| m.kind != mk::PASS && m.kind != mk::DROP;
    let mut from: Vec<Cell> = moves.iter().filter(on_board).map(|m| m.from).collect();
    from.sort_unstable();
    from.dedup();
    let mut out = String::new();
    for c in from {
        let Some(p) = pos.piece_at(c) else { continue };
        let letter = v.piece_types()[p.piece_type as usize].symbol(true);
        let who = if v.players().len() > 2 {
            v.players()[p.owner as usize].tag.to_string()
        } else {
            String::new()
        };
        let mut sans: Vec<String> = moves
            .iter()
            .filter(on_board)
            .filter(|m| m.from == c)
            .map(|&m| san(pos, m))
            .collect();
        sans.sort();
        let _ = writeln!(out, "{who}{letter} {}: {}", v.cell_name(c), sans.join(" "));
    }
    for t in 0..v.piece_types().len() as PieceType {
        let mut sans: Vec<String> = moves
            .iter()
            .filter(|&&m| v.dropped_type(m) == Some(t))
            .map(|&m| san(pos, m))
            .collect();
        if sans.is_empty() {
            continue;
        }
        sans.sort();
        let letter = v.piece_types()[t as usize].symbol(true);
        let _ = writeln!(out, "{letter} in hand: {}", sans.join(" "));
    }
    if moves.iter().any(|m| m.kind == mk::PASS) {
        out += "pass\n";
    }
    out
}

#[cfg(test)]
mod tests;

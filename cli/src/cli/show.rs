//! Texts shared by `moves` and `play`: legal moves grouped by piece, whose turn it
//! is, results.

use chessgraph::{Cell, EndReason, Move, MoveKind, Outcome, Position, Score, Variant};

/// The letter of the piece on `cell` as drawn (upper case for the first player, or
/// his colour).
pub fn piece_label(pos: &Position, cell: Cell) -> String {
    let v = pos.variant();
    match pos.piece_at(cell) {
        Some(p) => {
            let l = v.piece_types()[p.piece_type as usize].symbol(v.upper_case(p.owner));
            format!("{l} {}", v.cell_name(cell))
        }
        None => v.cell_name(cell).to_owned(),
    }
}

/// Legal moves grouped by the moving piece (cells in board order), one line each,
/// limited to pieces on `only` when given.
pub fn grouped_moves(pos: &mut Position, long: bool, only: Option<Cell>) -> Vec<String> {
    let every = pos.every_move();
    // The moves written all at once: SAN generates the position's moves once for all.
    let mut moves: Vec<(Move, String)> = if every.is_empty() {
        Vec::new()
    } else if long {
        every.iter().map(|&m| (m, pos.long(m))).collect()
    } else {
        chessgraph::san::san_every(pos)
    };
    let v = pos.variant().clone();
    moves.sort_by_key(|(m, _)| {
        (
            matches!(m.kind(), MoveKind::Pass),
            v.dropped_type(*m),
            m.from(),
        )
    });
    let mut lines: Vec<String> = Vec::new();
    let mut current: Option<Cell> = None;
    for (m, text) in moves {
        if matches!(m.kind(), MoveKind::Pass) {
            if only.is_none() {
                lines.push(format!("pass: {text}"));
            }
            continue;
        }
        if only.is_some_and(|c| c != m.from()) {
            continue;
        }
        if let MoveKind::Drop = m.kind() {
            // Drops are grouped by the type in hand: `P in hand: P@a3 P@b3 ...`.
            let ty = v.dropped_type(m).unwrap_or(0);
            let label = format!(
                "{} in hand",
                v.piece_types()[ty as usize].letter.to_ascii_uppercase()
            );
            match lines.last_mut() {
                Some(last) if last.starts_with(&format!("{label}:")) => {
                    last.push(' ');
                    last.push_str(&text);
                }
                _ => lines.push(format!("{label}: {text}")),
            }
            current = None;
            continue;
        }
        if current == Some(m.from()) {
            if let Some(last) = lines.last_mut() {
                last.push(' ');
                last.push_str(&text);
            }
        } else {
            current = Some(m.from());
            lines.push(format!("{}: {text}", piece_label(pos, m.from())));
        }
    }
    lines
}

/// `white to move (move 3)`, with `in check` when it is.
pub fn turn(pos: &Position) -> String {
    let v = pos.variant();
    let name = &v.players()[pos.to_move() as usize].name;
    let check = if pos.in_check() { ", in check" } else { "" };
    let tracks = pos.tracks_of_player_to_move();
    if tracks.is_empty() {
        return format!("{name} to move (move {}){check}", pos.move_number());
    }
    let labels: Vec<String> = tracks.iter().map(|t| track_label(v, t)).collect();
    format!(
        "{name} to move on {}{check} (turns: {})",
        labels.join(" "),
        pos.turns_text()
    )
}

/// A turn track's name, with the qualifier its cells share when they have one
/// (`board1 (1:)`), so that the turn line speaks the cells' language.
fn track_label(v: &Variant, track: &str) -> String {
    let Some(t) = v.track_names().iter().position(|n| n == track) else {
        return track.to_owned();
    };
    let mut prefix: Option<&str> = None;
    for c in 0..v.cell_count() as Cell {
        if v.track_of(c) != t {
            continue;
        }
        let Some((q, _)) = v.cell_name(c).rsplit_once(':') else {
            return track.to_owned();
        };
        match prefix {
            None => prefix = Some(q),
            Some(p) if p == q => {}
            Some(_) => return track.to_owned(),
        }
    }
    match prefix {
        Some(q) if q != track => format!("{track} ({q}:)"),
        _ => track.to_owned(),
    }
}

/// `white 1, black 0`.
pub fn score_line(v: &Variant, scores: &[Score]) -> String {
    v.players()
        .iter()
        .zip(scores)
        .map(|(p, &s)| format!("{} {}", p.name, v.points_text(s)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Why a game ended, in words: the variant's own label for its rules, plain words
/// for the built-in reasons (not their short names of position strings).
pub fn end_words(v: &Variant, reason: EndReason) -> String {
    let words = match reason {
        EndReason::Checkmate => "checkmate",
        EndReason::Stalemate => "stalemate",
        EndReason::NoMoves => "no legal move",
        EndReason::RoyalCaptured => "royal piece captured",
        EndReason::RoyalBlasted => "royal piece blown up",
        EndReason::Repetition => "repetition",
        EndReason::Quiet => "too many moves without a capture or a pawn move",
        EndReason::Material => "material",
        EndReason::LastPlayer => "one player left",
        EndReason::CheckAll => "every opponent in check",
        EndReason::CheckAllMate => "every opponent in check, one without a move",
        EndReason::Agreement => "draw agreed",
        EndReason::MoveLimit => "move limit",
        EndReason::Rule(_) => v.end_label(reason),
    };
    words.to_owned()
}

/// The game's end in words, or `None` while it goes on.
pub fn outcome(pos: &mut Position) -> Option<String> {
    match pos.outcome() {
        Outcome::Ongoing => None,
        Outcome::Finished { reason, scores } => Some(format!(
            "game over ({}): {}",
            end_words(pos.variant(), reason),
            score_line(pos.variant(), &scores)
        )),
    }
}

/// A line of moves from `pos` in the variant's SAN with move numbers (`1. e4 e5 2.
/// Nf3`, `3... Nc6 4. Bb5` when the first player is not to move). Moves that stop
/// being legal along the way end the line; `pos` is unchanged afterwards.
pub fn line_text(pos: &mut Position, line: &[Move]) -> String {
    let mut words = Vec::with_capacity(line.len() * 2);
    let mut made = 0;
    for (i, &m) in line.iter().enumerate() {
        if !pos.legal_moves().contains(&m) {
            break;
        }
        let number = pos.move_number();
        if pos.to_move() == 0 {
            words.push(format!("{number}."));
        } else if i == 0 {
            words.push(format!("{number}..."));
        }
        words.push(chessgraph::san::san(pos, m));
        pos.make(m);
        made += 1;
    }
    for _ in 0..made {
        pos.unmake();
    }
    words.join(" ")
}

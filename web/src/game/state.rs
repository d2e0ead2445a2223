//! The game as one page may see it, as JSON: the drawing, the legal moves when that
//! page's player is to move, the move list, the players and the result. Under hidden
//! information a seat gets only its own view (its mines, its view string); the table
//! (a shared screen) gets the view of the player to move.

use super::{Game, Seat, LEVELS};
use chessgraph::{MoveKind, Outcome, Player, Position};
use serde_json::{json, Value};

/// Whose eyes the state is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewer {
    /// One seat (a second browser with `?seat=NAME`).
    Seat(Player),
    /// Everyone at one screen: the player to move's view when the variant hides
    /// anything.
    Table,
}

impl Viewer {
    /// The player whose view is drawn, when the variant hides anything.
    fn eyes(self, pos: &Position) -> Player {
        match self {
            Viewer::Seat(p) => p,
            Viewer::Table => pos.to_move(),
        }
    }
}

/// The state JSON.
pub fn state(id: u64, g: &mut Game, viewer: Viewer) -> Value {
    let v = g.variant();
    let hidden = v.has_hidden_state();
    let eyes = viewer.eyes(&g.pos);
    let over = g.is_over();
    let mines: Vec<u16> = if hidden && !over {
        g.pos.view(eyes).shown_mines().iter().map(|m| m.0).collect()
    } else if hidden {
        g.pos.mines().iter().map(|m| m.0).collect()
    } else {
        Vec::new()
    };
    let svg = if hidden && !over && v.hides_pieces() {
        let view = g.pos.view(eyes);
        let fog = view.fog();
        chessgraph::draw::svg_view(&mut view.seen_position(), None, &mines, &fog)
    } else {
        chessgraph::draw::svg_seen(&mut g.pos, None, &mines)
    };
    let to_move = g.pos.to_move();
    let may_move = !over
        && !g.is_computer(to_move)
        && match viewer {
            Viewer::Seat(p) => p == to_move,
            Viewer::Table => true,
        };
    let legal: Vec<Value> = if may_move {
        let list = g.offered_moves();
        list.iter()
            .enumerate()
            .map(|(i, &m)| {
                // A try (Kriegspiel) may not be legal: its long form, which tells
                // nothing the player does not know (no check mark).
                let san = if v.takes_attempts() {
                    g.pos.long(m)
                } else {
                    chessgraph::san::san(&mut g.pos, m)
                };
                let (from, to) = match m.kind() {
                    MoveKind::Pass => (None, None),
                    _ => (Some(v.cell_name(m.from())), Some(v.cell_name(m.to()))),
                };
                let drop = v
                    .dropped_type(m)
                    .map(|t| v.piece_types()[t as usize].name.clone());
                json!({
                    "index": i,
                    "san": san,
                    "long": g.pos.long(m),
                    "from": if drop.is_some() { None } else { from },
                    "to": to,
                    "drop": drop,
                })
            })
            .collect()
    } else {
        Vec::new()
    };
    let check = if over {
        Vec::new()
    } else {
        checked_royals(&mut g.pos)
    };
    let last = g
        .played
        .last()
        .and_then(|p| p.cells)
        .map(|(f, t)| json!({ "from": v.cell_name(f), "to": v.cell_name(t) }));
    let mut homes: Vec<Vec<&str>> = vec![Vec::new(); v.players().len()];
    for (cell, piece) in v.setup() {
        if let Some(h) = homes.get_mut(piece.owner as usize) {
            h.push(v.cell_name(cell));
        }
    }
    let players: Vec<Value> = v
        .players()
        .iter()
        .enumerate()
        .map(|(i, info)| {
            let p = i as Player;
            let controllers: Vec<&str> = g
                .pos
                .controllers_of(p)
                .iter()
                .map(|&c| v.players()[c as usize].name.as_str())
                .collect();
            let seat = match g.seats.get(i) {
                Some(Seat::Computer(level)) => json!({ "computer": true, "level": level }),
                _ => json!({ "computer": false }),
            };
            json!({
                "name": info.name,
                "seat": info.seat,
                "tag": info.tag.to_string(),
                "colour": info.colour,
                "eliminated": g.pos.is_eliminated(p),
                "movedBy": controllers,
                "player": seat,
                "lost": g.pos.lost_points(p),
                "home": homes[i],
                "counters": v.counter_names().enumerate().map(|(c, name)| json!({ "name": name, "value": g.pos.counter(c, p) })).collect::<Vec<_>>(),
            })
        })
        .collect();
    let moves: Vec<Value> = g
        .played
        .iter()
        .map(|p| json!({ "player": p.player, "text": p.text }))
        .collect();
    let result = g.result().map(|(scores, reason)| {
        json!({
            "text": chessgraph::record::result_text(&v, &scores),
            "reason": reason,
            "points": scores.iter().map(|s| s.points()).collect::<Vec<_>>(),
        })
    });
    let position = if hidden && !over {
        g.pos.view(eyes).view_string()
    } else {
        g.pos.to_string()
    };
    let announcements: Vec<String> = if hidden {
        g.pos
            .view(eyes)
            .announcements()
            .map(|a| a.text(&v))
            .collect()
    } else {
        Vec::new()
    };
    let record = if hidden && !over {
        None
    } else {
        Some(g.record.to_string())
    };
    json!({
        "id": id.to_string(),
        "version": g.version,
        "variant": g.name,
        "title": v.name(),
        "svg": svg,
        "toMove": to_move,
        "players": players,
        "legal": legal,
        "check": check,
        "last": last,
        "moves": moves,
        "result": result,
        "over": over,
        "thinking": g.thinking,
        "about": g.about,
        "position": position,
        "fen": if hidden { None } else { g.pos.fen() },
        "record": record,
        "hidden": hidden,
        "viewer": match viewer { Viewer::Seat(p) => json!(p), Viewer::Table => Value::Null },
        "eyes": eyes,
        "announcements": announcements,
        "offer": g.offer.as_ref().map(|(p, yes)| json!({ "by": p, "accepted": yes })),
        "levels": LEVELS.iter().map(|l| l.0).collect::<Vec<_>>(),
        "outcomeOngoing": matches!(g.pos.outcome(), Outcome::Ongoing),
    })
}

/// The board after the first `ply` moves of the game, as `viewer` may see it: the
/// drawing, the move that led there and the position string, for stepping through a
/// game or a replayed record. Under hidden information only a finished game is shown
/// this way (the referee's drawing would give the mines away).
pub fn frame(g: &mut Game, ply: usize) -> Option<Value> {
    let v = g.variant();
    if v.has_hidden_state() && !g.is_over() {
        return None;
    }
    let plies = g.played.len();
    let ply = ply.min(plies);
    let mut pos = g.pos.clone();
    for _ in ply..plies {
        pos.unmake()?;
    }
    let mines: Vec<u16> = if v.has_hidden_state() {
        pos.mines().iter().map(|m| m.0).collect()
    } else {
        Vec::new()
    };
    let svg = chessgraph::draw::svg_seen(&mut pos, None, &mines);
    let last = ply
        .checked_sub(1)
        .and_then(|i| g.played.get(i))
        .and_then(|p| p.cells)
        .map(|(f, t)| json!({ "from": v.cell_name(f), "to": v.cell_name(t) }));
    let check = checked_royals(&mut pos);
    Some(json!({
        "ply": ply,
        "plies": plies,
        "svg": svg,
        "last": last,
        "check": check,
        "toMove": pos.to_move(),
        "position": pos.to_string(),
        "fen": pos.fen(),
    }))
}

/// The cells of the royal pieces of the player to move, when he is in check.
fn checked_royals(pos: &mut Position) -> Vec<String> {
    if !pos.in_check() {
        return Vec::new();
    }
    let v = pos.variant().clone();
    let me = pos.to_move();
    (0..v.cell_count())
        .filter(|&c| {
            pos.piece_at(c as u16)
                .is_some_and(|p| p.owner == me && v.piece_types()[p.piece_type as usize].royal)
        })
        .map(|c| v.cell_name(c as u16).to_owned())
        .collect()
}

//! `--view SEAT` of `moves` and `render`: the board as one player may see it (the
//! mines he knows of marked, nothing else of the hidden layout), or as the referee
//! sees it (`--view referee`: every mine). `play` shows each player his own view the
//! same way (`play/hidden.rs`); these commands let a variant author check any view
//! without playing a game.

use super::error::CliError;
use chessgraph::{Cell, Position, Variant};

/// Whose view is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seen {
    /// Every mine: the referee's view.
    Referee,
    /// What this player (index in turn order) may see.
    Player(u8),
}

/// The view named `name`: a player's name, seat or tag, or `referee`.
pub fn seen(v: &Variant, name: &str) -> Result<Seen, CliError> {
    let name = name.trim();
    if name.eq_ignore_ascii_case("referee") {
        return Ok(Seen::Referee);
    }
    v.player_named(name).map(Seen::Player).ok_or_else(|| {
        let players: Vec<&str> = v.players().iter().map(|p| p.name.as_str()).collect();
        CliError::Seat {
            given: format!(
                "no view `{}` in {}",
                name.chars().take(60).collect::<String>(),
                v.name()
            ),
            help: format!("give a player ({}) or `referee`", players.join(", ")),
        }
    })
}

/// The mines drawn in this view: the referee's every mine, a player's those shown to
/// him (not those he only heard announced: he does not know where they are drawn).
pub fn mines(pos: &Position, seen: Seen) -> Vec<Cell> {
    match seen {
        Seen::Referee => pos.mines().iter().map(|m| m.0).collect(),
        Seen::Player(p) => pos.view(p).shown_mines().iter().map(|m| m.0).collect(),
    }
}

/// The position as this view sees it: a player's holds only the pieces he sees
/// (`see own|reach`); the referee's is the whole position.
pub fn position(pos: &Position, seen: Seen) -> Position {
    match seen {
        Seen::Referee => pos.clone(),
        Seen::Player(p) => pos.view(p).seen_position(),
    }
}

/// The cells this view does not see (none for the referee).
pub fn fog(pos: &Position, seen: Seen) -> Vec<Cell> {
    match seen {
        Seen::Referee => Vec::new(),
        Seen::Player(p) => pos.view(p).fog(),
    }
}

/// The position string this view may read: a player's view string hides the mines he
/// does not know of and the generator state.
pub fn position_string(pos: &Position, seen: Seen) -> String {
    match seen {
        Seen::Referee => pos.to_string(),
        Seen::Player(p) => pos.view(p).view_string(),
    }
}

/// `white's view (mines shown: * empty, x occupied)`: the line above a drawing with
/// mines, so the marks are not read as moves.
pub fn heading(v: &Variant, seen: Seen) -> String {
    match seen {
        Seen::Referee => "the referee's view (every mine: * empty, x occupied)".to_owned(),
        Seen::Player(p) => format!(
            "{}'s view (mines shown to him: * empty, x occupied)",
            v.players().get(p as usize).map_or("?", |i| i.name.as_str())
        ),
    }
}

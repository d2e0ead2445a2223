//! `player` lines: turn order, tags for position strings, seats on the board, colours.

use super::cx::Cx;
use super::options::Active;
use crate::ids::Player;
use crate::variant::PlayerInfo;
use dsl::board::BoardGraph;
use dsl::limits::MAX_PLAYERS;
use dsl::rules::ast::Ident;
use dsl::Span;

/// The players and where their seats are.
pub(crate) struct Players {
    /// In turn order.
    pub infos: Vec<PlayerInfo>,
    /// Board seat index of each player.
    pub seat: Vec<usize>,
    /// Team names and their members (`team` lines, checked in `rules::teams`), so
    /// that player lists (`for white` in `dirs`) may name a team.
    pub teams: Vec<(String, u16)>,
}

impl Players {
    /// A player by name.
    pub fn find(&self, name: &str) -> Option<Player> {
        self.infos
            .iter()
            .position(|p| p.name == name)
            .map(|i| i as Player)
    }

    /// Resolves a player name, reporting unknown ones.
    pub fn resolve(&self, name: &Ident, cx: &mut Cx) -> Option<Player> {
        let p = self.find(&name.node);
        if p.is_none() {
            cx.unknown(
                "compile::unknown-player",
                "player",
                name,
                self.infos.iter().map(|p| p.name.as_str()),
                "players",
            );
        }
        p
    }

    /// A `u16` mask of the named players (all players when `names` is empty); a
    /// name may be a team's, standing for its members.
    pub fn mask(&self, names: &[Ident], cx: &mut Cx) -> u16 {
        if names.is_empty() {
            return u16::MAX;
        }
        let mut mask = 0;
        for n in names {
            if let Some(p) = self.find(&n.node) {
                mask |= 1 << p;
            } else if let Some((_, members)) = self.teams.iter().find(|(t, _)| *t == n.node) {
                mask |= members;
            } else {
                let known = self.infos.iter().map(|p| p.name.as_str());
                let teams = self.teams.iter().map(|(t, _)| t.as_str());
                cx.unknown(
                    "compile::unknown-player",
                    "player",
                    n,
                    known.chain(teams),
                    "players and teams",
                );
            }
        }
        mask
    }

    /// Number of players.
    pub fn len(&self) -> usize {
        self.infos.len()
    }
}

/// Reads the `player` lines.
pub(crate) fn compile(active: &Active, board: &BoardGraph, cx: &mut Cx) -> Players {
    let mut ps = Players {
        infos: Vec::new(),
        seat: Vec::new(),
        teams: Vec::new(),
    };
    let mut tag_at: Vec<Span> = Vec::new();
    for p in &active.players {
        if ps.find(&p.name.node).is_some() {
            cx.error(
                "compile::duplicate-player",
                format!("player `{}` is declared twice", p.name.node),
                p.name.span,
                "second declaration",
                "give every player a different name",
            );
            continue;
        }
        if ps.len() == MAX_PLAYERS {
            cx.error(
                "compile::too-many-players",
                format!("more than {MAX_PLAYERS} players"),
                p.span,
                "one too many",
                "player sets are 16-bit masks in the engine",
            );
            break;
        }
        let tag = p
            .tag
            .as_ref()
            .map(|t| t.node)
            .or_else(|| p.name.node.chars().next())
            .unwrap_or('?');
        let span = p.tag.as_ref().map_or(p.name.span, |t| t.span);
        if !tag.is_alphabetic() {
            cx.error(
                "compile::bad-tag",
                format!("player `{}` has the tag `{tag}`, which is not a letter", p.name.node),
                span,
                "not a letter",
                "tags start piece names and name the player to move in position strings: use a letter",
            );
        }
        if let Some(j) = ps.infos.iter().position(|q| q.tag == tag) {
            cx.error(
                "compile::duplicate-tag",
                format!(
                    "players `{}` and `{}` both have the tag `{tag}`",
                    ps.infos[j].name, p.name.node
                ),
                span,
                "same tag",
                "position strings tell players apart by tag: add `tag C` with another character",
            )
            .secondary
            .push((tag_at[j], "first here".into()));
        }
        let seat_name = p.seat.as_ref().unwrap_or(&p.name);
        let seat = match board.seat(&seat_name.node) {
            Some(s) => s,
            None => {
                cx.unknown(
                    "compile::unknown-seat",
                    "seat",
                    seat_name,
                    board.seats.iter().map(String::as_str),
                    "seats",
                );
                0
            }
        };
        let colour = p
            .colour
            .as_ref()
            .and_then(|c| super::colours::given(c, cx))
            .unwrap_or_else(|| super::colours::default(&p.name.node, ps.len()));
        tag_at.push(span);
        ps.seat.push(seat);
        ps.infos.push(PlayerInfo {
            name: p.name.node.clone(),
            tag,
            seat: board.seats.get(seat).cloned().unwrap_or_default(),
            colour,
        });
    }
    for t in &active.teams {
        let members = t
            .players
            .iter()
            .filter_map(|n| ps.find(&n.node))
            .fold(0u16, |m, p| m | 1 << p);
        ps.teams.push((t.name.node.clone(), members));
    }
    ps
}

#[cfg(test)]
mod tests {
    use crate::testing::{codes, compile, CHESS_BOARD};

    #[test]
    fn tags_and_seats() {
        let v = compile(
            "board \"b\"\nplayer white\nplayer black tag x\n",
            CHESS_BOARD,
        )
        .unwrap();
        assert_eq!(v.players()[1].tag, 'x');
        assert_eq!(v.players()[1].seat, "black");
        let base = "board \"b\"\n";
        assert_eq!(
            codes(
                &format!("{base}player white\nplayer wolf seat black\n"),
                CHESS_BOARD
            ),
            ["compile::duplicate-tag"]
        );
        assert_eq!(
            codes(&format!("{base}player white\nplayer white\n"), CHESS_BOARD),
            ["compile::duplicate-player"]
        );
        assert_eq!(
            codes(&format!("{base}player white seat red\n"), CHESS_BOARD),
            ["compile::unknown-seat"]
        );
        assert_eq!(
            codes(&format!("{base}player white tag 1\n"), CHESS_BOARD),
            ["compile::bad-tag"]
        );
        assert_eq!(codes(base, CHESS_BOARD), ["compile::no-players"]);
    }
}

//! `turns per zone Z1, Z2, ...`: the turn tracks of a game played on several boards at
//! once. Each zone becomes a track with its own player to move; every cell belongs to
//! exactly one track, so the track of a move is the track of the cell it starts from.
//! `Z: P P ...` names the players who take turns on a track (else every player, in
//! turn order). With teams, a piece that arrives on a track where its owner does not
//! play but a partner does passes to that partner ([`Tracks::heirs`]): pieces are moved
//! by their team's player of the board they stand on.

use super::cx::Cx;
use super::names::BoardNames;
use super::options::Active;
use super::players::Players;
use super::zones::Zones;
use crate::cellset::CellSet;
use crate::ids::Player;

/// Most turn tracks a game may have.
pub(crate) const MAX_TRACKS: usize = 16;

/// The compiled tracks: none (one turn for the whole board) or one per zone.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tracks {
    /// Per cell, its track (empty when the game has a single turn).
    pub track_of: Vec<u8>,
    /// Per track, its name as written (the zone expression).
    pub names: Vec<String>,
    /// Per track, the players who take turns there, in order (empty: every player).
    pub players: Vec<Vec<Player>>,
    /// `heir[owner * tracks + track]`: who owns a piece of `owner` once it arrives on
    /// `track` (the owner, or his partner who plays there); empty without teams.
    pub heir: Vec<Player>,
}

impl Tracks {
    /// Fills [`Tracks::heir`] from the teams (`team[p]`: the players of p's team):
    /// on a track where the owner does not play, the first partner who plays there.
    pub(crate) fn heirs(&mut self, team: &[u16], players: usize) {
        let tracks = self.names.len();
        if tracks == 0 || self.players.iter().all(Vec::is_empty) {
            return;
        }
        self.heir = (0..players * tracks)
            .map(|i| {
                let (owner, track) = ((i / tracks) as Player, i % tracks);
                let plays = &self.players[track];
                if plays.is_empty() || plays.contains(&owner) {
                    return owner;
                }
                let partners = team.get(owner as usize).copied().unwrap_or(0);
                plays
                    .iter()
                    .copied()
                    .find(|&p| partners & (1 << p) != 0)
                    .unwrap_or(owner)
            })
            .collect();
    }
}

/// Compiles the `turns per zone` statement in force, if any.
pub(crate) fn compile(
    active: &Active,
    names: &BoardNames,
    zones: &Zones,
    players: &Players,
    cx: &mut Cx,
) -> Tracks {
    if let [first, second, ..] = active.turns.as_slice() {
        cx.error(
            "compile::duplicate-statement",
            "the rules in force have two `turns per zone` statements",
            second.span,
            "second one",
            "keep one (inside `when` blocks, make sure only one applies)",
        )
        .secondary
        .push((first.span, "first one".into()));
    }
    let Some(decl) = active.turns.first() else {
        return Tracks::default();
    };
    if decl.zones.len() < 2 || decl.zones.len() > MAX_TRACKS {
        cx.error(
            "compile::turn-tracks",
            format!("`turns per zone` names {} zones", decl.zones.len()),
            decl.span,
            "here",
            format!("name between 2 and {MAX_TRACKS} zones, one per board played at once"),
        );
        return Tracks::default();
    }
    let cells = names.board.cells.len();
    let mut track_of = vec![u8::MAX; cells];
    let mut ok = true;
    for (t, expr) in decl.zones.iter().enumerate() {
        let Some(resolved) = zones.resolve(expr, names, cx) else {
            ok = false;
            continue;
        };
        let per_owner = zones.eval_all(&resolved);
        let set = per_owner
            .first()
            .cloned()
            .unwrap_or_else(|| CellSet::new(cells));
        if per_owner.iter().any(|s| *s != set) {
            cx.error(
                "compile::turn-zone-per-seat",
                "a turn zone must be the same cells for every player",
                expr.span,
                "differs per seat",
                "name a zone that is not per seat",
            );
            ok = false;
            continue;
        }
        for c in set.iter() {
            let other = track_of[c as usize];
            if other != u8::MAX {
                cx.error(
                    "compile::turn-zones-overlap",
                    format!(
                        "cell `{}` is in turn zones {} and {}",
                        names.board.cells[c as usize].name,
                        other + 1,
                        t + 1
                    ),
                    expr.span,
                    "overlaps an earlier zone",
                    "every cell belongs to exactly one turn zone",
                );
                ok = false;
                break;
            }
            track_of[c as usize] = t as u8;
        }
    }
    if let Some(c) = track_of.iter().position(|&t| t == u8::MAX).filter(|_| ok) {
        cx.error(
            "compile::turn-zones-cover",
            format!("cell `{}` is in no turn zone", names.board.cells[c].name),
            decl.span,
            "these zones",
            "every cell belongs to exactly one turn zone: add it to one",
        );
        ok = false;
    }
    let mut plays = Vec::new();
    for list in &decl.players {
        let mut order: Vec<Player> = Vec::new();
        for name in list {
            let Some(p) = players.resolve(name, cx) else {
                ok = false;
                continue;
            };
            if order.contains(&p) {
                cx.error(
                    "compile::turn-player-twice",
                    format!("`{}` is named twice for one turn zone", name.node),
                    name.span,
                    "again here",
                    "name each player of a turn zone once, in turn order",
                );
                ok = false;
            }
            order.push(p);
        }
        plays.push(order);
    }
    if !ok {
        return Tracks::default();
    }
    Tracks {
        players: plays,
        heir: Vec::new(),
        track_of,
        names: decl
            .zones
            .iter()
            .map(|z| {
                z.terms
                    .iter()
                    .map(|t| t.name.node.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect(),
    }
}

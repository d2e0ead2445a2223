//! Direction sets (`dirs NAME = CASE, ...`), resolved to a direction mask per owner
//! and cell, so that `dirs forward = f in home, b` costs nothing at move time.

use super::cx::Cx;
use super::names::BoardNames;
use super::options::Active;
use super::players::Players;
use super::zones::Zones;
use crate::cellset::CellSet;
use crate::ids::{Cell, Dir, Player};
use dsl::rules::ast::Ident;
use std::collections::HashMap;

/// A direction or a direction set, as used in a path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DirRef {
    /// A board direction.
    Board(Dir),
    /// A rule direction set.
    Set(usize),
}

/// Direction sets with their masks.
pub(crate) struct DirSets {
    names: HashMap<String, usize>,
    masks: Vec<u32>,
    players: usize,
    cells: usize,
}

impl DirSets {
    /// Resolves a direction or set name, reporting unknown ones.
    pub fn resolve(&self, name: &Ident, names: &BoardNames, cx: &mut Cx) -> Option<DirRef> {
        if let Some(&d) = names.dirs.get(name.node.as_str()) {
            return Some(DirRef::Board(d));
        }
        if let Some(&s) = self.names.get(&name.node) {
            return Some(DirRef::Set(s));
        }
        let mut known: Vec<&str> = names
            .board
            .directions
            .iter()
            .map(|d| d.name.as_str())
            .collect();
        let mut sets: Vec<&str> = self.names.keys().map(String::as_str).collect();
        sets.sort_unstable();
        known.extend(sets);
        cx.unknown(
            "compile::unknown-direction",
            "direction",
            name,
            known,
            "directions and direction sets",
        );
        None
    }

    /// The directions `r` stands for on `cell` for pieces of `owner`.
    #[inline]
    pub fn mask(&self, r: DirRef, owner: Player, cell: Cell) -> u32 {
        match r {
            DirRef::Board(d) => 1 << d,
            DirRef::Set(s) => {
                self.masks[(s * self.players + owner as usize) * self.cells + cell as usize]
            }
        }
    }
}

/// The directions of a mask, in increasing order.
pub(crate) fn dirs_of(mask: u32) -> impl Iterator<Item = Dir> {
    (0..32u8).filter(move |d| mask & (1 << d) != 0)
}

struct Case {
    names: Vec<DirRef>,
    players: u16,
    zone: Option<Vec<CellSet>>,
}

/// Declares the sets, checks their names and cycles, and computes every mask.
pub(crate) fn compile(
    active: &Active,
    names: &BoardNames,
    players: &Players,
    zones: &Zones,
    cx: &mut Cx,
) -> DirSets {
    let cells = names.board.cells.len();
    let mut sets = DirSets {
        names: HashMap::new(),
        masks: Vec::new(),
        players: players.len(),
        cells,
    };
    let mut decls = Vec::new();
    for d in &active.dirs {
        if decls.len() == super::limits::MAX_DIR_SETS {
            super::limits::too_many(cx, "direction sets", super::limits::MAX_DIR_SETS, d.span);
            break;
        }
        let name = &d.name.node;
        let clash = if names.dirs.contains_key(name.as_str()) {
            Some("a board direction")
        } else if sets.names.contains_key(name) {
            Some("a set declared earlier in this file")
        } else {
            None
        };
        if let Some(what) = clash {
            cx.error(
                "compile::duplicate-dirs",
                format!("direction set `{name}` has the name of {what}"),
                d.name.span,
                "name taken",
                "give the set another name",
            );
            continue;
        }
        sets.names.insert(name.clone(), decls.len());
        decls.push(*d);
    }
    let mut cases: Vec<Vec<Case>> = Vec::new();
    for d in &decls {
        let mut cs = Vec::new();
        for c in &d.cases {
            let refs: Vec<DirRef> = c
                .names
                .iter()
                .filter_map(|n| sets.resolve(n, names, cx))
                .collect();
            let players = players.mask(&c.players, cx);
            let zone = match &c.zone {
                Some(z) => match zones.resolve(z, names, cx) {
                    Some(e) => Some(zones.eval_all(&e)),
                    None => continue,
                },
                None => None,
            };
            cs.push(Case {
                names: refs,
                players,
                zone,
            });
        }
        cases.push(cs);
    }
    let deps: Vec<Vec<usize>> = cases
        .iter()
        .map(|cs| {
            cs.iter()
                .flat_map(|c| c.names.iter())
                .filter_map(|r| match r {
                    DirRef::Set(s) => Some(*s),
                    DirRef::Board(_) => None,
                })
                .collect()
        })
        .collect();
    let order = super::order::topological(&deps);
    sets.masks = vec![0; decls.len() * players.len() * cells];
    for &s in &order.sorted {
        for p in 0..players.len() {
            for c in 0..cells {
                let case = cases[s].iter().find(|k| {
                    k.players & (1 << p) != 0
                        && k.zone.as_ref().map_or(true, |z| z[p].contains(c as Cell))
                });
                let mask = case.map_or(0, |k| {
                    k.names
                        .iter()
                        .fold(0, |m, &r| m | sets.mask(r, p as Player, c as Cell))
                });
                sets.masks[(s * players.len() + p) * cells + c] = mask;
            }
        }
    }
    for cycle in order.cycles {
        let first = decls[cycle[0]];
        let path: Vec<String> = cycle
            .iter()
            .chain(std::iter::once(&cycle[0]))
            .map(|&s| format!("`{}`", decls[s].name.node))
            .collect();
        cx.error(
            "compile::dirs-cycle",
            format!(
                "direction set `{}` is defined in terms of itself",
                first.name.node
            ),
            first.name.span,
            "part of a cycle",
            format!("the definitions go round: {}", path.join(" -> ")),
        );
    }
    sets
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mask_directions() {
        assert_eq!(dirs_of(0b1010).collect::<Vec<_>>(), vec![1, 3]);
    }
}

#[cfg(test)]
mod more_tests {
    use crate::testing::{codes, compile, CHESS_BOARD};
    use crate::Position;

    #[test]
    fn sets_depend_on_owner_and_cell() {
        let rules =
            "board \"b\"\nplayer white\nplayer black\ndirs forward = n for white, s for black\n\
                     dirs walk = forward in rank2, e\npiece walker W {\n step walk\n}\n";
        let v = compile(rules, CHESS_BOARD).unwrap();
        let mut p = Position::from_str(&v, "8/8/8/8/3W4/8/4W3/8 w - - 0 1").unwrap();
        let mut moves: Vec<String> = p.legal_moves().iter().map(|&m| p.long(m)).collect();
        moves.sort();
        assert_eq!(moves, ["d4e4", "e2e3"]);
        let mut p = Position::from_str(&v, "8/4w3/8/8/8/8/4w3/8 b - - 0 1").unwrap();
        let mut moves: Vec<String> = p.legal_moves().iter().map(|&m| p.long(m)).collect();
        moves.sort();
        assert_eq!(moves, ["e2e1", "e7f7"]);
    }

    #[test]
    fn set_mistakes_are_reported() {
        let base = "board \"b\"\nplayer white\nplayer black\npiece king K {\n step n\n}\n";
        assert_eq!(
            codes(&format!("{base}dirs a = b\ndirs b = a n\n"), CHESS_BOARD),
            ["compile::dirs-cycle"]
        );
        assert_eq!(
            codes(&format!("{base}dirs n = s\n"), CHESS_BOARD),
            ["compile::duplicate-dirs"]
        );
        assert_eq!(
            codes(&format!("{base}dirs a = north\n"), CHESS_BOARD),
            ["compile::unknown-direction"]
        );
        assert_eq!(
            codes(&format!("{base}dirs a = n in nowhere\n"), CHESS_BOARD),
            ["compile::unknown-zone"]
        );
    }
}

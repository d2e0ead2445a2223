//! Direction sets (`dirs NAME = CASE, ...`), resolved to a direction mask per owner
//! and cell, so that `dirs forward = f in home, b` costs nothing at move time.

use super::cx::Cx;
use super::frame::{frames, Frames};
use super::names::BoardNames;
use super::options::Active;
use super::players::Players;
use super::zones::{Expr, Zones};
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
    /// A step of the owner's frame (Betza moves): see [`Frames`].
    Frame(u8),
}

/// Direction sets with their masks.
pub(crate) struct DirSets {
    names: HashMap<String, usize>,
    masks: Vec<u32>,
    players: usize,
    cells: usize,
    /// Each player's frame, for Betza moves.
    pub frames: Frames,
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
        if cx.full() {
            cx.unknown("compile::unknown-direction", "direction", name, [], "");
            return None;
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
            DirRef::Frame(k) => self.frames.dirs[owner as usize][k as usize],
        }
    }
}

/// The directions of a mask, in increasing order.
pub(crate) fn dirs_of(mask: u32) -> impl Iterator<Item = Dir> {
    (0..32u8).filter(move |d| mask & (1 << d) != 0)
}

/// One case of a set, resolved but not evaluated: its zone is evaluated when the
/// masks are computed, so a set of many `in ZONE` cases does not hold a cell set per
/// case and owner.
struct Case {
    /// The board directions named, as a mask.
    board: u32,
    /// The sets named, each once.
    sets: Vec<usize>,
    players: u16,
    zone: Option<Expr>,
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
        frames: Frames {
            dirs: Vec::new(),
            unoriented: None,
        },
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
    let mut named = vec![false; decls.len()];
    for d in &decls {
        let mut cs = Vec::new();
        for c in &d.cases {
            let mut case = Case {
                board: 0,
                sets: Vec::new(),
                players: players.mask(&c.players, cx),
                zone: None,
            };
            for n in &c.names {
                match sets.resolve(n, names, cx) {
                    Some(DirRef::Board(d)) => case.board |= 1 << d,
                    Some(DirRef::Set(s)) if !named[s] => {
                        named[s] = true;
                        case.sets.push(s);
                    }
                    _ => {}
                }
            }
            for &s in &case.sets {
                named[s] = false;
            }
            if let Some(z) = &c.zone {
                match zones.resolve(z, names, cx) {
                    Some(e) => case.zone = Some(e),
                    None => continue,
                }
            }
            cs.push(case);
        }
        cases.push(cs);
    }
    let deps: Vec<Vec<usize>> = cases
        .iter()
        .map(|cs| cs.iter().flat_map(|c| c.sets.iter().copied()).collect())
        .collect();
    let order = super::order::topological(&deps);
    let np = players.len();
    sets.masks = vec![0; decls.len() * np * cells];
    let all = CellSet::from_cells(cells, 0..cells as Cell);
    for &s in &order.sorted {
        for p in 0..np {
            // The cells no earlier case applies to; each case takes those of its zone.
            let mut left = all.clone();
            for k in &cases[s] {
                if left.is_empty() {
                    break;
                }
                if k.players & (1 << p) == 0 {
                    continue;
                }
                let mut here = left.clone();
                if let Some(z) = &k.zone {
                    here.intersect_with(&zones.eval(z, p as Player));
                }
                for c in here.iter() {
                    let mask = k.sets.iter().fold(k.board, |m, &r| {
                        m | sets.mask(DirRef::Set(r), p as Player, c)
                    });
                    sets.masks[(s * np + p) * cells + c as usize] = mask;
                    left.remove(c);
                }
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
    let forward = sets.names.get("forward").copied();
    sets.frames = frames(names.board, np, |p| {
        let s = forward?;
        let at = |c: usize| sets.masks[(s * np + p as usize) * cells + c];
        let m = if cells == 0 { 0 } else { at(0) };
        let uniform = m.count_ones() == 1 && (0..cells).all(|c| at(c) == m);
        Some(if uniform { Ok(m) } else { Err(()) })
    });
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

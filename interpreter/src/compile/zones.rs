//! Zones: board zones, rule zones (`zone NAME = ...`) and zone expressions, resolved
//! to one cell set per owner.
//!
//! A term names a board zone (a per-seat zone means the owner's seat's version), a rule
//! zone, or a cell; `.SEAT`, `.others` and `.all` pick other seats' versions. Rule
//! zones may use each other in any order; a cycle is an error.

use super::cx::Cx;
use super::names::BoardNames;
use super::options::Active;
use super::players::Players;
use crate::cellset::CellSet;
use crate::ids::{Cell, Player};
use dsl::board::graph::ZoneCells;
use dsl::rules::ast::{SeatSelector, ZoneExpr};
use std::collections::HashMap;

/// What a term names.
#[derive(Clone, Copy, Debug)]
enum Src {
    Board(usize),
    Rule(usize),
    Cell(Cell),
}

/// Which seat's version.
#[derive(Clone, Copy, Debug)]
enum Sel {
    Own,
    Seat(usize),
    Others,
    All,
}

/// A resolved zone expression.
#[derive(Clone, Debug, Default)]
pub(crate) struct Expr(Vec<(Src, Sel)>);

/// Rule zones, evaluated per owner.
pub(crate) struct Zones {
    cells: usize,
    names: HashMap<String, usize>,
    /// `values[zone][owner]`.
    values: Vec<Vec<CellSet>>,
    board_sets: Vec<Vec<CellSet>>,
    player_seat: Vec<usize>,
}

impl Zones {
    /// Resolves the names of a zone expression (unknown names are reported).
    pub fn resolve(&self, e: &ZoneExpr, names: &BoardNames, cx: &mut Cx) -> Option<Expr> {
        let mut out = Vec::new();
        let mut ok = true;
        for t in &e.terms {
            let src = if let Some(&z) = names.zones.get(t.name.node.as_str()) {
                Src::Board(z)
            } else if let Some(&z) = self.names.get(&t.name.node) {
                Src::Rule(z)
            } else if let Some(&c) = names.cells.get(t.name.node.as_str()) {
                Src::Cell(c)
            } else {
                let mut known: Vec<&str> = Vec::new();
                if !cx.full() {
                    known.extend(names.board.zones.iter().map(|z| z.name.as_str()));
                    known.extend(self.names.keys().map(String::as_str));
                    known.sort_unstable();
                }
                cx.unknown(
                    "compile::unknown-zone",
                    "zone or cell",
                    &t.name,
                    known,
                    "zones",
                );
                ok = false;
                continue;
            };
            let sel = match &t.seat {
                SeatSelector::Own => Sel::Own,
                SeatSelector::Others => Sel::Others,
                SeatSelector::All => Sel::All,
                SeatSelector::Seat(s) => match names.seat(s, cx) {
                    Some(i) => Sel::Seat(i),
                    None => {
                        ok = false;
                        continue;
                    }
                },
            };
            if matches!(src, Src::Cell(_)) && !matches!(sel, Sel::Own) {
                cx.error(
                    "compile::cell-selector",
                    format!("`{}` is a cell; it has no per-seat versions", t.name.node),
                    t.span,
                    "a cell",
                    "write the cell alone, or name a per-seat zone",
                );
                ok = false;
                continue;
            }
            out.push((src, sel));
        }
        ok.then_some(Expr(out))
    }

    /// The cells of a resolved expression for pieces of `owner`.
    pub fn eval(&self, e: &Expr, owner: Player) -> CellSet {
        let mut s = CellSet::new(self.cells);
        for &(src, sel) in &e.0 {
            match src {
                Src::Cell(c) => {
                    s.insert(c);
                }
                Src::Board(z) => {
                    let own = self.player_seat[owner as usize];
                    let sets = &self.board_sets[z];
                    for (seat, set) in sets.iter().enumerate() {
                        let take = sets.len() == 1
                            || match sel {
                                Sel::Own => seat == own,
                                Sel::Seat(x) => seat == x,
                                Sel::Others => seat != own,
                                Sel::All => true,
                            };
                        if take {
                            s.union_with(set);
                        }
                    }
                }
                Src::Rule(z) => {
                    for (p, set) in self.values[z].iter().enumerate() {
                        let take = match sel {
                            Sel::Own => p == owner as usize,
                            Sel::Seat(x) => self.player_seat[p] == x,
                            Sel::Others => p != owner as usize,
                            Sel::All => true,
                        };
                        if take {
                            s.union_with(set);
                        }
                    }
                }
            }
        }
        s
    }

    /// An expression's cells for every owner.
    pub fn eval_all(&self, e: &Expr) -> Vec<CellSet> {
        (0..self.player_seat.len())
            .map(|p| self.eval(e, p as Player))
            .collect()
    }
}

/// Declares and evaluates the rule zones.
pub(crate) fn compile(
    active: &Active,
    names: &BoardNames,
    players: &Players,
    cx: &mut Cx,
) -> Zones {
    let cells = names.board.cells.len();
    let board_sets = names
        .board
        .zones
        .iter()
        .map(|z| match &z.cells {
            ZoneCells::Global(cs) => vec![CellSet::from_cells(cells, cs.iter().copied())],
            ZoneCells::PerSeat(per) => per
                .iter()
                .map(|cs| CellSet::from_cells(cells, cs.iter().copied()))
                .collect(),
        })
        .collect();
    let mut zones = Zones {
        cells,
        names: HashMap::new(),
        values: Vec::new(),
        board_sets,
        player_seat: players.seat.clone(),
    };
    let mut decls = Vec::new();
    for z in &active.zones {
        if decls.len() == super::limits::MAX_RULE_ZONES {
            super::limits::too_many(cx, "zones", super::limits::MAX_RULE_ZONES, z.span);
            break;
        }
        let name = &z.name.node;
        let clash = if names.zones.contains_key(name.as_str()) {
            Some("a board zone")
        } else if names.cells.contains_key(name.as_str()) {
            Some("a cell")
        } else if zones.names.contains_key(name) {
            Some("a zone declared earlier in this file")
        } else {
            None
        };
        if let Some(what) = clash {
            cx.error(
                "compile::duplicate-zone",
                format!("zone `{name}` has the name of {what}"),
                z.name.span,
                "name taken",
                "give the zone another name",
            );
            continue;
        }
        zones.names.insert(name.clone(), decls.len());
        decls.push(*z);
    }
    // Resolve every case, then evaluate in dependency order.
    let mut cases: Vec<Vec<(Expr, u16)>> = Vec::new();
    for z in &decls {
        let mut cs = Vec::new();
        for c in &z.cases {
            let players = players.mask(&c.players, cx);
            if let Some(e) = zones.resolve(&c.zone, names, cx) {
                cs.push((e, players));
            }
        }
        cases.push(cs);
    }
    let deps: Vec<Vec<usize>> = cases
        .iter()
        .map(|cs| {
            cs.iter()
                .flat_map(|(e, _)| e.0.iter())
                .filter_map(|(s, _)| match s {
                    Src::Rule(z) => Some(*z),
                    _ => None,
                })
                .collect()
        })
        .collect();
    let order = super::order::topological(&deps);
    zones.values = vec![vec![CellSet::new(cells); players.len()]; decls.len()];
    for &z in &order.sorted {
        for p in 0..players.len() {
            let value = cases[z]
                .iter()
                .find(|(_, m)| m & (1 << p) != 0)
                .map(|(e, _)| zones.eval(e, p as Player))
                .unwrap_or_else(|| CellSet::new(cells));
            zones.values[z][p] = value;
        }
    }
    for cycle in order.cycles {
        let first = decls[cycle[0]];
        let path: Vec<String> = cycle
            .iter()
            .chain(std::iter::once(&cycle[0]))
            .map(|&z| format!("`{}`", decls[z].name.node))
            .collect();
        cx.error(
            "compile::zone-cycle",
            format!("zone `{}` is defined in terms of itself", first.name.node),
            first.name.span,
            "part of a cycle",
            format!("the definitions go round: {}", path.join(" -> ")),
        );
    }
    zones
}

#[cfg(test)]
mod tests {
    use crate::testing::{codes, compile, CHESS_BOARD};

    /// The chess board with a per-seat zone `home`.
    fn board() -> String {
        CHESS_BOARD.replace(
            "zones:\n",
            "zones:\n  home: { white: { y: [1, 2] }, black: { y: [7, 8] } }\n",
        )
    }

    #[test]
    fn per_seat_zones_resolve_per_owner() {
        let rules = "board \"b\"\nplayer white\nplayer black\nzone goal = home.others\nzone mine = home e4\n\
                     piece pawn P {\n step n s\n promote into goal to queen\n}\npiece queen Q {\n step n from mine\n}\n";
        let v = compile(rules, &board()).unwrap();
        let t = &v.tables;
        let at = |kind, cell: &str| t.promo_at[t.slot(kind, v.cell(cell).unwrap())];
        let (white_pawn, black_pawn) = (v.kind(0, 0), v.kind(0, 1));
        assert!(at(white_pawn, "e8") != 0 && at(white_pawn, "e7") != 0);
        assert_eq!(at(white_pawn, "e2"), 0);
        assert!(at(black_pawn, "e1") != 0 && at(black_pawn, "e8") == 0);
        // `from mine`: white queens step from ranks 1-2 and e4 only.
        let wq = v.kind(1, 0);
        assert!(!t.atoms(t.slot(wq, v.cell("e4").unwrap())).is_empty());
        assert!(t.atoms(t.slot(wq, v.cell("e5").unwrap())).is_empty());
        assert!(!t
            .atoms(t.slot(v.kind(1, 1), v.cell("e7").unwrap()))
            .is_empty());
    }

    #[test]
    fn zone_mistakes_are_reported() {
        let b = board();
        let base = "board \"b\"\nplayer white\nplayer black\npiece king K {\n step n\n}\n";
        assert_eq!(
            codes(&format!("{base}zone a = b\nzone b = a\n"), &b),
            ["compile::zone-cycle"]
        );
        assert_eq!(
            codes(&format!("{base}zone rank1 = e4\n"), &b),
            ["compile::duplicate-zone"]
        );
        assert_eq!(
            codes(&format!("{base}zone z = e4.others\n"), &b),
            ["compile::cell-selector"]
        );
        assert_eq!(
            codes(&format!("{base}zone z = home.red\n"), &b),
            ["compile::unknown-seat"]
        );
        assert_eq!(
            codes(&format!("{base}zone z = hom\n"), &b),
            ["compile::unknown-zone"]
        );
        assert_eq!(
            codes(&format!("{base}zone z = home for red\n"), &b),
            ["compile::unknown-player"]
        );
    }
}

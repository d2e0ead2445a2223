//! `[may] promote into ZONE to TYPES`, folded into one promotion id per
//! `(kind, cell)`: move generation looks up the target cell and knows at once which
//! types a piece arriving there may or must become.

use super::atoms::Env;
use super::cx::Cx;
use super::options::Active;
use crate::cellset::CellSet;
use crate::ids::{Cell, Kind, PieceType};
use crate::tables::{Promo, Tables};

struct Rule {
    in_place: Option<bool>,
    from: bool,
    zone: Vec<CellSet>,
    types: Vec<PieceType>,
    optional: bool,
    limited: bool,
}

/// Fills `t.promo_at`, `t.promo_from` and `t.promos`.
pub(crate) fn compile(active: &Active, env: &Env, t: &mut Tables, cx: &mut Cx) {
    let ntypes = env.types.infos.len();
    let nplayers = env.players.len();
    let cells = env.topo.cells;
    let mut rules: Vec<Vec<Rule>> = (0..ntypes).map(|_| Vec::new()).collect();
    for (block, ty) in active.pieces.iter().zip(&env.types.of_block) {
        for (i, p) in block.promotes.iter().enumerate() {
            if i == super::limits::MAX_PROMOTIONS {
                super::limits::too_many(
                    cx,
                    "promotion rules in one piece",
                    super::limits::MAX_PROMOTIONS,
                    p.span,
                );
                break;
            }
            // `promote in place` without a zone: every cell.
            let zone = if p.zone.terms.is_empty() {
                None
            } else {
                env.zones.resolve(&p.zone, env.names, cx)
            };
            let everywhere = p.zone.terms.is_empty();
            let types: Vec<PieceType> = p
                .into
                .iter()
                .filter_map(|n| env.types.resolve(n, cx))
                .collect();
            let zone = match zone {
                Some(z) => Some(env.zones.eval_all(&z)),
                None if everywhere => {
                    Some(vec![CellSet::from_cells(cells, 0..cells as Cell); nplayers])
                }
                None => None,
            };
            if let (Some(zone), Some(ty), true) = (zone, ty, types.len() == p.into.len()) {
                rules[*ty as usize].push(Rule {
                    in_place: p.in_place,
                    from: p.from,
                    zone,
                    types,
                    optional: p.optional,
                    limited: p.only_lost,
                });
            }
        }
    }
    t.promos = vec![Promo {
        types: Vec::new(),
        optional: true,
        limited: false,
    }];
    t.promo_at = vec![0; ntypes * nplayers * cells];
    t.promo_from = vec![0; ntypes * nplayers * cells];
    in_place(&rules, ntypes, nplayers, cells, t);
    let mut reported = false;
    // Arriving (`into`), then leaving (`from`): the same fold into each table.
    for from in [false, true] {
        for owner in 0..nplayers {
            for (ty, rs) in rules.iter().enumerate() {
                if !rs.iter().any(|r| r.from == from && r.in_place.is_none()) {
                    continue;
                }
                let kind = (owner * ntypes + ty) as Kind;
                for cell in 0..cells as Cell {
                    let mut p = Promo {
                        types: Vec::new(),
                        optional: true,
                        limited: false,
                    };
                    for r in rs.iter().filter(|r| {
                        r.from == from && r.in_place.is_none() && r.zone[owner].contains(cell)
                    }) {
                        p.optional &= r.optional;
                        p.limited |= r.limited;
                        for &x in &r.types {
                            if !p.types.contains(&x) {
                                p.types.push(x);
                            }
                        }
                    }
                    if p.types.is_empty() {
                        continue;
                    }
                    let id = match t.promos.iter().position(|q| *q == p) {
                        Some(i) => i,
                        None => {
                            t.promos.push(p);
                            t.promos.len() - 1
                        }
                    };
                    if id > u8::MAX as usize {
                        if !reported {
                            reported = true;
                            let span = active.pieces[0].decl.span;
                            cx.error(
                            "compile::too-many-promotions",
                            "more than 255 different promotion choices",
                            span,
                            "here",
                            "promotion choices are numbered in a byte; use fewer different promotion lists",
                        );
                        }
                        continue;
                    }
                    let slot = t.slot(kind, cell);
                    t.promo_kinds |= crate::ids::bit(kind);
                    if from {
                        t.promo_from[slot] = id as u8;
                        t.promo_from_kinds |= crate::ids::bit(kind);
                    } else {
                        t.promo_at[slot] = id as u8;
                    }
                }
            }
        }
    }
    t.limited_promos = t.promos.iter().any(|p| p.limited);
}

/// Fills `t.in_place`: per kind, the union of its `promote in place` rules.
fn in_place(rules: &[Vec<Rule>], ntypes: usize, nplayers: usize, cells: usize, t: &mut Tables) {
    t.in_place = vec![None; ntypes * nplayers];
    for owner in 0..nplayers {
        for (ty, rs) in rules.iter().enumerate() {
            let kind = owner * ntypes + ty;
            for r in rs {
                let Some(step) = r.in_place else { continue };
                let slot = t.in_place[kind].get_or_insert_with(|| crate::tables::InPlace {
                    zone: CellSet::new(cells),
                    types: Vec::new(),
                    step: false,
                });
                slot.zone.union_with(&r.zone[owner]);
                slot.step |= step;
                for &x in &r.types {
                    if !slot.types.contains(&x) {
                        slot.types.push(x);
                    }
                }
                t.in_place_kinds |= crate::ids::bit(kind as Kind);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::{chess, codes, CHESS_BOARD};

    #[test]
    fn chess_pawns_promote_on_the_far_rank_only() {
        let v = chess();
        let t = &v.tables;
        let pawn = v.piece_type_by_letter('P').unwrap();
        let (white, black) = (v.kind(pawn, 0), v.kind(pawn, 1));
        let at = |k, c: &str| t.promo_at[t.slot(k, v.cell(c).unwrap())] as usize;
        assert_eq!(t.promos[at(white, "a8")].types.len(), 4);
        assert!(!t.promos[at(white, "a8")].optional);
        assert_eq!(at(white, "a1"), 0);
        assert_ne!(at(black, "a1"), 0);
        assert_eq!(t.promo_kinds.count_ones(), 2);
    }

    #[test]
    fn promotion_on_leaving_or_moving_inside_a_zone() {
        // Shogi's rule: a move that starts or ends in the far zone may promote.
        let rules = "board \"b\"\nplayer white\nplayer black\n\
                     piece king K royal {\n step n\n}\n\
                     piece gold G {\n step n s\n}\n\
                     piece silver S {\n step n s\n\
                     may promote into rank7 rank8 to gold\n\
                     may promote from rank7 rank8 to gold\n}\n\
                     setup white: K a1\nsetup black: K h8\n";
        let v = crate::testing::compile(rules, CHESS_BOARD).unwrap();
        let count = |fen: &str, from: &str| {
            let mut p = crate::Position::from_str(&v, fen).unwrap();
            let c = v.cell(from).unwrap();
            let moves = p.legal_moves();
            let mut out: Vec<String> = moves
                .iter()
                .filter(|m| m.from() == c)
                .map(|&m| p.long(m))
                .collect();
            out.sort();
            out
        };
        // Entering: e6-e7 may promote; leaving: e7-e6 may promote; outside: e5 none.
        assert_eq!(
            count("7k/8/8/8/8/4S3/8/K7 w - - 0 1", "e3"),
            ["e3e2", "e3e4"]
        );
        assert_eq!(
            count("7k/8/4S3/8/8/8/8/K7 w - - 0 1", "e6"),
            ["e6e5", "e6e7", "e6e7g"]
        );
        assert_eq!(
            count("7k/4S3/8/8/8/8/8/K7 w - - 0 1", "e7"),
            ["e7e6", "e7e6g", "e7e8", "e7e8g"]
        );
    }

    #[test]
    fn unknown_types_are_reported() {
        let rules =
            "board \"b\"\nplayer white\npiece pawn P {\n step n\n promote into rank8 to quen\n}\n";
        assert_eq!(codes(rules, CHESS_BOARD), ["compile::unknown-piece"]);
    }
}

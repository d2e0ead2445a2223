//! Cell maps: named maps from cells to cells, most often between the cells of linked
//! boards (Alice chess's looking glass: `1:e4` <-> `2:e4`). A rule moves a piece through
//! one (`transfer through NAME`); the board only says which cell answers which.

use super::draft::Draft;
use super::graph::CellMap;
use super::locate::YamlPath;
use super::report::Reporter;
use super::schema::BoardFile;

/// Most cell maps on one board.
pub const MAX_MAPS: usize = 8;

/// Resolves every map of `maps:`.
pub(crate) fn resolve(file: &BoardFile, d: &Draft, rep: &mut Reporter) -> Vec<CellMap> {
    let base = YamlPath::root().key("maps");
    let mut maps: Vec<CellMap> = Vec::new();
    for (i, (name, pairs)) in file.maps.iter().enumerate() {
        let path = base.entry(i);
        let span = rep.key(&path);
        if maps.len() == MAX_MAPS {
            rep.error(
                "board::too-many-maps",
                format!("more than {MAX_MAPS} cell maps"),
                span,
                "one too many",
                "a board needs a map per way between boards; merge the others",
            );
            break;
        }
        if maps.iter().any(|m| m.name == *name) {
            rep.error(
                "board::duplicate-map",
                format!("cell map `{name}` is declared twice"),
                span,
                "second one",
                "give each map its own name",
            );
            continue;
        }
        if d.cell_names.get(name).is_some() {
            rep.error(
                "board::map-shadows-cell",
                format!("cell map `{name}` has the name of a cell"),
                span,
                "also a cell name",
                "rule files name maps and cells in the same places; rename the map",
            );
        }
        let mut map = CellMap {
            name: name.to_owned(),
            pairs: Vec::with_capacity(pairs.len()),
        };
        for (j, (from, to)) in pairs.iter().enumerate() {
            let epath = path.entry(j);
            let help = "a map pairs cells of the board (`1:e4: 2:e4`)";
            let (from_at, to_at) = (rep.key(&epath), rep.value(&epath));
            let mut cell = |name: &str, at| {
                d.cell_names
                    .resolve(rep, "board::unknown-cell", "cell", name, at, help)
            };
            let (f, t) = (cell(from, from_at), cell(to, to_at));
            let (Some(f), Some(t)) = (f, t) else {
                continue;
            };
            if map.pairs.iter().any(|&(x, _)| x as usize == f) {
                rep.error(
                    "board::bad-map",
                    format!("cell map `{name}` maps `{from}` twice"),
                    rep.key(&epath),
                    "mapped again here",
                    format!("keep one entry for `{from}`"),
                );
                continue;
            }
            map.pairs.push((f as _, t as _));
        }
        maps.push(map);
    }
    maps
}

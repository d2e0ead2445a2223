//! `load_board`: board file text -> validated [`BoardGraph`].
//!
//! The phases run in dependency order (names before the things that refer to them)
//! and each reports every problem it finds instead of stopping at the first; only a
//! broken lattice or too many cells end the load early, because nothing after them
//! could be checked meaningfully.

use super::cells;
use super::composite;
use super::directions;
use super::draft::Draft;
use super::graph::{BoardGraph, Direction};
use super::lattice;
use super::locate::YamlPath;
use super::maps;
use super::remaps;
use super::report::Reporter;
use super::rows;
use super::schema::BoardFile;
use super::shade;
use super::validate;
use super::yaml::parse_board_yaml;
use super::zones;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::limits::{MAX_FILE_BYTES, MAX_PLAYERS};
use crate::source::SourceFile;
use std::collections::HashSet;
use std::sync::Arc;

/// Reads, expands and validates a board file.
///
/// On success returns the graph and the warnings; on failure every error found (and
/// the warnings), at most [`crate::limits::MAX_DIAGNOSTICS`] of them.
pub fn load_board(file: &Arc<SourceFile>) -> Result<(BoardGraph, Diagnostics), Diagnostics> {
    if file.text.len() > MAX_FILE_BYTES {
        let d = Diagnostic::error(
            "board::file-too-large",
            format!(
                "the board file has {} bytes; at most {MAX_FILE_BYTES} are read",
                file.text.len()
            ),
        )
        .in_file(file)
        .help("board files are small; a generated file this large is probably a mistake");
        return Err(Diagnostics(vec![d]));
    }
    let decl = parse_board_yaml(file).map_err(|d| Diagnostics(vec![d]))?;
    let mut rep = Reporter::new(file);
    let graph = build(&decl, file, &mut rep);
    let diags = rep.finish();
    match graph {
        Some(g) if !diags.has_errors() => Ok((g, diags)),
        _ => Err(diags),
    }
}

/// Runs the phases; `None` when the load had to stop early.
fn build(decl: &BoardFile, file: &Arc<SourceFile>, rep: &mut Reporter) -> Option<BoardGraph> {
    let mut d = Draft::default();
    seats(decl, &mut d, rep);
    directions::declare(decl, &mut d, rep);
    directions::declare_composite(decl, &mut d, rep);
    remaps::declare(decl, &mut d, rep);
    if let Some(lat) = &decl.lattice {
        if !lattice::expand_cells(lat, &mut d, rep) {
            return None;
        }
    }
    let explicit = cells::declare(decl, &mut d, rep)?;
    if let Some(lat) = &decl.lattice {
        lattice::expand_edges(lat, &mut d, rep);
    }
    cells::link(decl, &explicit, &mut d, rep);
    d.sort_edges();
    composite::expand(&mut d, rep);
    d.sort_edges();
    validate::check(&d, rep);
    let rows = rows::resolve(decl, &d, rep);
    let zones = zones::resolve(decl, &d, rep);
    let palette = palette(decl, &d, rep);
    let shade = shade::resolve(decl, &zones, rep);
    let maps = maps::resolve(decl, &d, rep);

    let directions = d
        .dirs
        .names()
        .enumerate()
        .map(|(i, name)| Direction {
            name: name.to_owned(),
            opposite: d.opposite[i],
            composite: d.composite[i].clone(),
        })
        .collect();
    Some(BoardGraph {
        name: decl.name.clone().unwrap_or_else(|| file_stem(&file.name)),
        source: file.clone(),
        seats: d.seats.names().map(str::to_owned).collect(),
        directions,
        cells: d.cells,
        edges: d.edges,
        remaps: d.remaps,
        zones,
        rows,
        palette,
        shade,
        maps,
    })
}

fn seats(decl: &BoardFile, d: &mut Draft, rep: &mut Reporter) {
    let base = YamlPath::root().key("seats");
    for (i, name) in decl.seats.iter().enumerate() {
        let span = rep.value(&base.index(i));
        if d.seats.len() == MAX_PLAYERS {
            rep.error(
                "board::too-many-seats",
                format!(
                    "the board has {} seats; at most {MAX_PLAYERS} are allowed",
                    decl.seats.len()
                ),
                span,
                "one too many",
                "player sets are 16-bit masks in the engine",
            );
            break;
        }
        d.seats
            .declare(rep, "board::duplicate-seat", "seat", name, span);
    }
}

/// The palette, checked against the colours the cells use.
fn palette(decl: &BoardFile, d: &Draft, rep: &mut Reporter) -> Vec<(String, String)> {
    let base = YamlPath::root().key("palette");
    let used: HashSet<&str> = d.cells.iter().filter_map(|c| c.colour.as_deref()).collect();
    let mut out: Vec<(String, String)> = Vec::new();
    let mut named: HashSet<&str> = HashSet::new();
    for (i, (name, css)) in decl.palette.iter().enumerate() {
        let span = rep.key(&base.entry(i));
        if !named.insert(name) {
            rep.error(
                "board::duplicate-colour",
                format!("colour `{name}` appears twice in the palette"),
                span,
                "second entry",
                "keep one entry per colour",
            );
            continue;
        }
        if !used.contains(name) {
            rep.warning(
                "board::unused-colour",
                format!("no cell has colour `{name}`"),
                span,
                "unused",
                "remove it, or check the spelling against the cells' colours",
            );
        }
        out.push((name.to_owned(), css.to_owned()));
    }
    if !out.is_empty() {
        let mut missing: Vec<&str> = used
            .iter()
            .copied()
            .filter(|c| !named.contains(c))
            .collect();
        missing.sort_unstable();
        missing.dedup();
        if !missing.is_empty() {
            rep.warning(
                "board::colour-not-in-palette",
                format!(
                    "the palette has no drawing colour for {}",
                    remaps::quoted_list(&missing)
                ),
                rep.key(&base),
                "palette",
                format!("add `{}: \"#rrggbb\"` to the palette", missing[0]),
            );
        }
    }
    out
}

/// `variants/chess/board.yaml` -> `board`.
fn file_stem(path: &str) -> String {
    let name = path.rsplit(['/', '\\']).next().unwrap_or(path);
    name.split_once('.')
        .map_or(name, |(stem, _)| stem)
        .to_owned()
}

//! Expands `lattice:` into cells and edges.
//!
//! Cells are generated row by row from the top row (largest y) down, x ascending, so
//! cell ids, default rows and position strings all read like a FEN board. Each vector
//! gives an edge from every cell whose target exists.
//!
//! Flanks (`between`) that fall off the board are dropped: the edge keeps only the
//! flank cells that exist. An off-board flank can never be emptied, so it acts as a
//! permanently occupied wall and the step is blocked as soon as the remaining flanks
//! are occupied; with no flank left the step is never blocked. Convex boards such as
//! Dreierschach's never lose a flank; the loader warns once per vector when one does.

use super::draft::{Draft, LatticeCells, Origin};
use super::geometry;
use super::graph::{Cell, CellId, DirId, Edge};
use super::locate::YamlPath;
use super::names::check_name;
use super::report::Reporter;
use super::schema::LatticeDecl;
use crate::limits::{MAX_CELLS, MAX_LATTICE_AREA};
use std::collections::HashSet;

/// File letters when `files:` is not given.
const DEFAULT_FILES: &str = "abcdefghijklmnopqrstuvwxyz";

/// Generates the lattice's cells into `d`. Returns false when the lattice cannot be
/// built (too large, unnamed files); the caller stops loading then, since every later
/// phase needs the cells.
pub(crate) fn expand_cells(lat: &LatticeDecl, d: &mut Draft, rep: &mut Reporter) -> bool {
    let base = YamlPath::root().key("lattice");
    if lat.width == 0 || lat.height == 0 {
        let which = if lat.width == 0 { "width" } else { "height" };
        rep.error(
            "board::lattice-size",
            format!("the lattice {which} is 0"),
            rep.value(&base.key(which)),
            "empty lattice",
            "width and height count cells and start at 1",
        );
        return false;
    }
    let area = u64::from(lat.width) * u64::from(lat.height);
    if area > MAX_LATTICE_AREA as u64 {
        rep.error(
            "board::lattice-too-large",
            format!(
                "the lattice has {} x {} = {area} coordinates; at most {MAX_LATTICE_AREA} \
                 are allowed",
                lat.width, lat.height
            ),
            rep.key(&base),
            "too large",
            format!("use a smaller lattice; a board holds at most {MAX_CELLS} cells anyway"),
        );
        return false;
    }
    let Some(files) = files(lat, rep, &base) else {
        return false;
    };
    let colour_names = colour_names(lat, rep, &base);

    let kept: Vec<(i32, i32)> = (1..=lat.height as i32)
        .rev()
        .flat_map(|y| (1..=lat.width as i32).map(move |x| (x, y)))
        .filter(|&(x, y)| keeps(lat, x, y))
        .collect();
    if kept.len() + d.cells.len() > MAX_CELLS {
        rep.error(
            "board::too-many-cells",
            format!(
                "the lattice keeps {} cells; a board has at most {MAX_CELLS}",
                kept.len()
            ),
            rep.key(&base),
            "too many cells",
            "make the lattice smaller or add `keep:` constraints",
        );
        return false;
    }

    let span = rep.key(&base);
    let mut out = LatticeCells::default();
    for (x, y) in kept {
        let name = format!("{}{}", files[(x - 1) as usize], y);
        let colour = lat.colour.as_ref().and_then(|c| {
            let v = i64::from(c.x) * i64::from(x) + i64::from(c.y) * i64::from(y);
            let m = i64::from(c.modulo.max(1));
            colour_names
                .as_ref()
                .and_then(|names| names.get(v.rem_euclid(m) as usize).cloned())
        });
        if d.cell_names
            .declare(rep, "board::duplicate-cell", "cell", &name, span)
            .is_none()
        {
            continue;
        }
        let id = d.cells.len() as CellId;
        d.cells.push(Cell {
            name,
            colour,
            at: geometry::centre(lat.geometry, x, y),
            polygon: geometry::polygon(lat.geometry, x, y),
            coords: Some((x, y)),
            span,
        });
        out.by_coords.insert((x, y), id);
        match out.rows.last_mut() {
            Some(row) if d.cells[row[0] as usize].coords.map(|c| c.1) == Some(y) => row.push(id),
            _ => out.rows.push(vec![id]),
        }
    }
    d.lattice = Some(out);
    true
}

/// True when `(x, y)` satisfies every `keep` rule.
fn keeps(lat: &LatticeDecl, x: i32, y: i32) -> bool {
    lat.keep.iter().all(|k| {
        let v = i64::from(k.x) * i64::from(x) + i64::from(k.y) * i64::from(y);
        k.min.map_or(true, |m| v >= m) && k.max.map_or(true, |m| v <= m)
    })
}

/// The file letters, checked; `None` (after reporting) when they cannot name every x.
fn files(lat: &LatticeDecl, rep: &mut Reporter, base: &YamlPath) -> Option<Vec<char>> {
    let text = lat.files.as_deref().unwrap_or(DEFAULT_FILES);
    let files: Vec<char> = text.chars().collect();
    let span = rep.value(&base.key("files"));
    let mut ok = true;
    let mut seen = HashSet::new();
    for &c in &files {
        if !c.is_ascii_alphabetic() {
            rep.error(
                "board::lattice-files",
                format!("file letter {c:?} cannot start a cell name"),
                span,
                "bad file letter",
                "file letters are ASCII letters: a cell name starts with its file (not a \
                 digit: `1` + `12` and `11` + `2` would both be `112`)",
            );
            ok = false;
        } else if !seen.insert(c) {
            rep.error(
                "board::lattice-files",
                format!("file letter {c:?} is used twice"),
                span,
                "repeated file letter",
                "every file needs its own letter, or two cells would share a name",
            );
            ok = false;
        }
    }
    if files.len() < lat.width as usize {
        rep.error(
            "board::too-few-files",
            format!(
                "the lattice is {} wide but there are only {} file letters",
                lat.width,
                files.len()
            ),
            if lat.files.is_some() {
                span
            } else {
                rep.value(&base.key("width"))
            },
            "not enough files",
            format!(
                "give `files:` with at least {} distinct letters (cell (x, y) is named \
                 files[x-1] followed by y)",
                lat.width
            ),
        );
        ok = false;
    }
    ok.then_some(files)
}

/// The colour names, checked against `modulo`.
fn colour_names(lat: &LatticeDecl, rep: &mut Reporter, base: &YamlPath) -> Option<Vec<String>> {
    let c = lat.colour.as_ref()?;
    let path = base.key("colour");
    if c.modulo == 0 || c.names.len() != c.modulo as usize {
        rep.error(
            "board::lattice-colour",
            format!(
                "the colour rule has modulo {} but {} names",
                c.modulo,
                c.names.len()
            ),
            rep.value(&path.key("names")),
            "one name per residue",
            "give `modulo: N` and exactly N names; cell (x, y) gets names[(x*X + y*Y) mod N]",
        );
        return None;
    }
    for (i, n) in c.names.iter().enumerate() {
        let span = rep.value(&path.key("names").index(i));
        check_name(rep, "colour", n, span);
    }
    Some(c.names.clone())
}

/// A vector resolved to its direction.
struct Vector {
    dir: DirId,
    offset: (i32, i32),
    between: Vec<(i32, i32)>,
    path: YamlPath,
}

/// Generates the edges of `lattice.vectors`. Runs after the directions are declared
/// and [`expand_cells`] succeeded.
pub(crate) fn expand_edges(lat: &LatticeDecl, d: &mut Draft, rep: &mut Reporter) {
    let vectors = vectors(lat, d, rep);
    let Some(cells) = d.lattice.take() else {
        return;
    };
    let mut coords: Vec<(CellId, (i32, i32))> =
        cells.by_coords.iter().map(|(&xy, &id)| (id, xy)).collect();
    coords.sort_unstable();
    for v in &vectors {
        let mut lost_flanks = 0usize;
        let mut example = None;
        for &(from, (x, y)) in &coords {
            let Some(&to) = shifted(x, y, v.offset).and_then(|xy| cells.by_coords.get(&xy)) else {
                continue;
            };
            let between: Vec<CellId> = v
                .between
                .iter()
                .filter_map(|&b| {
                    shifted(x, y, b)
                        .and_then(|xy| cells.by_coords.get(&xy))
                        .copied()
                })
                .collect();
            if between.len() < v.between.len() {
                lost_flanks += 1;
                example.get_or_insert((from, to));
            }
            d.add_edge(
                Edge {
                    from,
                    dir: v.dir,
                    to,
                    remap: None,
                    between,
                    stop: false,
                },
                Origin::Vector(v.path.clone()),
            );
        }
        if let Some((from, to)) = example {
            rep.warning(
                "board::flank-off-board",
                format!(
                    "{lost_flanks} edge{} of `{}` (such as {} -> {}) pass{} a flank cell that \
                     is not on the board",
                    if lost_flanks == 1 { "" } else { "s" },
                    d.dir_name(v.dir),
                    d.cell_name(from),
                    d.cell_name(to),
                    if lost_flanks == 1 { "es" } else { "" },
                ),
                rep.key(&v.path),
                "flanked vector",
                "such an edge keeps only the flank cells that exist, so it is blocked as \
                 soon as those are occupied (the missing cell acts as a wall)",
            );
        }
    }
    d.lattice = Some(cells);
}

/// `(x, y) + offset`, or `None` on overflow (hostile offsets are simply off the board).
fn shifted(x: i32, y: i32, offset: (i32, i32)) -> Option<(i32, i32)> {
    Some((x.checked_add(offset.0)?, y.checked_add(offset.1)?))
}

/// Resolves and checks `lattice.vectors`.
fn vectors(lat: &LatticeDecl, d: &Draft, rep: &mut Reporter) -> Vec<Vector> {
    let base = YamlPath::root().key("lattice").key("vectors");
    let mut out: Vec<Vector> = Vec::new();
    for (i, (name, decl)) in lat.vectors.iter().enumerate() {
        let path = base.entry(i);
        let key = rep.key(&path);
        let Some(dir) = d.dirs.resolve(
            rep,
            "board::unknown-direction",
            "direction",
            name,
            key,
            &format!("declare `{name}` under `directions:` with its opposite"),
        ) else {
            continue;
        };
        if d.is_composite[dir] {
            rep.error(
                "board::vector-on-composite",
                format!("`{name}` is a composite direction; its edges come from its paths"),
                key,
                "composite direction",
                format!("remove this vector, or remove `{name}` from `composite:`"),
            );
            continue;
        }
        if out.iter().any(|v| v.dir as usize == dir) {
            rep.error(
                "board::duplicate-vector",
                format!("direction `{name}` has two vectors"),
                key,
                "second vector",
                "a direction has one vector; declare another direction for another offset",
            );
            continue;
        }
        let [vx, vy] = decl.vector();
        if (vx, vy) == (0, 0) {
            rep.error(
                "board::lattice-vector",
                format!("the vector of `{name}` is [0, 0]"),
                rep.value(&path),
                "zero vector",
                "a vector is the offset to the neighbour, e.g. `[0, 1]`",
            );
            continue;
        }
        let mut between: Vec<(i32, i32)> = Vec::new();
        let mut ok = true;
        for (k, &[bx, by]) in decl.between().iter().enumerate() {
            let span = rep.value(&path.key("between").index(k));
            if (bx, by) == (0, 0) || (bx, by) == (vx, vy) {
                rep.error(
                    "board::between-endpoint",
                    format!("flank [{bx}, {by}] of `{name}` is an end of the step"),
                    span,
                    "endpoint",
                    "flanks are the cells the step passes between, not its start [0, 0] \
                     or its end",
                );
                ok = false;
            } else if between.contains(&(bx, by)) {
                rep.error(
                    "board::duplicate-between",
                    format!("flank [{bx}, {by}] of `{name}` is listed twice"),
                    span,
                    "repeated flank",
                    "list each flank cell once",
                );
                ok = false;
            } else {
                between.push((bx, by));
            }
        }
        if ok {
            out.push(Vector {
                dir: dir as DirId,
                offset: (vx, vy),
                between,
                path: path.clone(),
            });
        }
    }
    out
}

//! Explicit cells (`cells:`) and their links.
//!
//! Cells are declared in one pass and linked in a second, so a link may name a cell
//! declared further down. A link that cannot be resolved is left out and its
//! `(cell, direction)` marked broken, so the reversibility check does not report the
//! same typo a second time from the other end.

use super::draft::{Draft, Origin};
use super::graph::{Cell, CellId, DirId, Edge, RemapId};
use super::locate::YamlPath;
use super::names::check_name;
use super::report::Reporter;
use super::schema::{BoardFile, LinkDecl, LinkTarget};
use crate::limits::{MAX_CELLS, MAX_SUCCESSORS};

/// Declares the explicit cells. Returns their ids (by position in `cells:`; `None`
/// for duplicates), or `None` when there are too many cells to go on.
pub(crate) fn declare(
    file: &BoardFile,
    d: &mut Draft,
    rep: &mut Reporter,
) -> Option<Vec<Option<CellId>>> {
    let base = YamlPath::root().key("cells");
    if d.cells.len() + file.cells.len() > MAX_CELLS {
        rep.error(
            "board::too-many-cells",
            format!(
                "the board has {} cells; at most {MAX_CELLS} are allowed",
                d.cells.len() + file.cells.len()
            ),
            rep.key(&base),
            "too many cells",
            "cell ids are 16-bit and kind masks are sized for 1024 cells; split the board",
        );
        return None;
    }
    let mut ids = Vec::with_capacity(file.cells.len());
    for (i, c) in file.cells.iter().enumerate() {
        let path = base.index(i);
        let span = rep.value(&path.key("name"));
        if let Some(colour) = &c.colour {
            let cspan = rep.value(&path.key("colour"));
            check_name(rep, "colour", colour, cspan);
        }
        let polygon: Vec<(f64, f64)> = c.polygon.iter().flatten().map(|&[x, y]| (x, y)).collect();
        let at = match c.at {
            Some([x, y]) => (x, y),
            None if !polygon.is_empty() => centroid(&polygon),
            None => (0.0, 0.0),
        };
        let finite = |p: &(f64, f64)| p.0.is_finite() && p.1.is_finite();
        if !finite(&at) || !polygon.iter().all(finite) {
            rep.error(
                "board::bad-position",
                format!(
                    "cell `{}` has a position that is not a finite number",
                    c.name
                ),
                span,
                "this cell",
                "`at` and `polygon` take ordinary numbers such as `[3.5, 3.5]`",
            );
        }
        let id = d
            .cell_names
            .declare(rep, "board::duplicate-cell", "cell", &c.name, span)
            .map(|_| d.cells.len() as CellId);
        if id.is_some() {
            d.cells.push(Cell {
                name: c.name.clone(),
                colour: c.colour.clone(),
                at,
                polygon,
                coords: None,
                span,
            });
        }
        ids.push(id);
    }
    Some(ids)
}

/// Average of the vertices: a good enough centre for drawing a label.
fn centroid(points: &[(f64, f64)]) -> (f64, f64) {
    let n = points.len() as f64;
    let (sx, sy) = points
        .iter()
        .fold((0.0, 0.0), |(ax, ay), &(x, y)| (ax + x, ay + y));
    (sx / n, sy / n)
}

/// Turns the links of the explicit cells into edges.
pub(crate) fn link(file: &BoardFile, ids: &[Option<CellId>], d: &mut Draft, rep: &mut Reporter) {
    let base = YamlPath::root().key("cells");
    for (i, c) in file.cells.iter().enumerate() {
        let Some(from) = ids[i] else { continue };
        let mut linked: Vec<DirId> = Vec::new();
        for (j, (dname, decl)) in c.links.iter().enumerate() {
            let path = base.index(i).key("links").entry(j);
            let key = rep.key(&path);
            let Some(dir) = d.dirs.resolve(
                rep,
                "board::unknown-direction",
                "direction",
                dname,
                key,
                "links are keyed by directions declared under `directions:`",
            ) else {
                continue;
            };
            let dir = dir as DirId;
            if d.is_composite[dir as usize] {
                rep.error(
                    "board::link-on-composite",
                    format!("`{dname}` is a composite direction; its edges come from its paths"),
                    key,
                    "composite direction",
                    format!(
                        "remove this link; to change where `{dname}` leads, change \
                         `composite.{dname}`"
                    ),
                );
                continue;
            }
            if linked.contains(&dir) {
                rep.error(
                    "board::duplicate-link",
                    format!("cell `{}` links direction `{dname}` twice", c.name),
                    key,
                    "second link",
                    format!("write one entry; a fork lists its targets: `{dname}: [x, y]`"),
                );
                continue;
            }
            linked.push(dir);
            link_targets(decl, &path, from, dir, d, rep);
        }
    }
}

/// The edges of one `links:` entry.
fn link_targets(
    decl: &LinkDecl,
    path: &YamlPath,
    from: CellId,
    dir: DirId,
    d: &mut Draft,
    rep: &mut Reporter,
) {
    let targets = decl.targets();
    if targets.is_empty() || targets.len() > MAX_SUCCESSORS {
        rep.error(
            "board::successor-count",
            format!(
                "this link has {} targets; a link needs 1 to {MAX_SUCCESSORS}",
                targets.len()
            ),
            rep.value(path),
            "here",
            "list between one and eight cells, or remove the link",
        );
        d.broken.insert((from, dir));
        return;
    }
    let mut seen: Vec<CellId> = Vec::new();
    for (k, t) in targets.iter().enumerate() {
        let tpath = match decl {
            LinkDecl::One(_) => path.clone(),
            LinkDecl::Fork(_) => path.index(k),
        };
        let to_path = match t {
            LinkTarget::Name(_) => tpath.clone(),
            LinkTarget::Full(_) => tpath.key("to"),
        };
        let Some(edge) = resolve_target(t, &tpath, &to_path, from, dir, d, rep) else {
            d.broken.insert((from, dir));
            continue;
        };
        if seen.contains(&edge.to) {
            rep.error(
                "board::duplicate-link",
                format!("`{}` is listed twice in this fork", t.to()),
                rep.value(&to_path),
                "repeated target",
                "list each target of a fork once",
            );
            continue;
        }
        seen.push(edge.to);
        d.add_edge(edge, Origin::Link(to_path));
    }
}

/// One target of a link, resolved; `None` after reporting what is wrong.
fn resolve_target(
    t: &LinkTarget,
    tpath: &YamlPath,
    to_path: &YamlPath,
    from: CellId,
    dir: DirId,
    d: &Draft,
    rep: &mut Reporter,
) -> Option<Edge> {
    let cell_help = "link to a cell declared under `cells:` or generated by the lattice";
    let to = d.cell_names.resolve(
        rep,
        "board::unknown-cell",
        "cell",
        t.to(),
        rep.value(to_path),
        cell_help,
    );
    let remap = match t.remap() {
        None => Some(None),
        Some(r) => d
            .remap_names
            .resolve(
                rep,
                "board::unknown-remap",
                "remap",
                r,
                rep.value(&tpath.key("remap")),
                "remaps are declared under `remaps:`",
            )
            .map(|id| Some(id as RemapId)),
    };
    let mut between: Vec<CellId> = Vec::new();
    let mut ok = true;
    for (m, name) in t.between().iter().enumerate() {
        let span = rep.value(&tpath.key("between").index(m));
        let Some(b) =
            d.cell_names
                .resolve(rep, "board::unknown-cell", "cell", name, span, cell_help)
        else {
            ok = false;
            continue;
        };
        let b = b as CellId;
        if b == from || Some(b as usize) == to {
            rep.error(
                "board::between-endpoint",
                format!("flank `{name}` is an end of the step"),
                span,
                "endpoint",
                "flanks are the cells a step passes between, not its start or end",
            );
            ok = false;
        } else if between.contains(&b) {
            rep.error(
                "board::duplicate-between",
                format!("flank `{name}` is listed twice"),
                span,
                "repeated flank",
                "list each flank cell once",
            );
            ok = false;
        } else {
            between.push(b);
        }
    }
    let (to, remap) = (to?, remap?);
    ok.then_some(Edge {
        from,
        dir,
        to: to as CellId,
        remap,
        between,
        stop: t.stop(),
    })
}

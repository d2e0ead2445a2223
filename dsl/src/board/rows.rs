//! Rows: the cell order of position strings and text drawings, top row first.
//!
//! Position strings list cells row by row, so when `rows:` is given it must name
//! every cell exactly once: a missing cell could never hold a piece in a position
//! string, a repeated one would be read twice.

use super::draft::Draft;
use super::graph::CellId;
use super::locate::YamlPath;
use super::remaps::quoted_list;
use super::report::Reporter;
use super::schema::BoardFile;

/// The board's rows: `rows:` checked, or the lattice rows followed by one row of the
/// explicit cells.
pub(crate) fn resolve(file: &BoardFile, d: &Draft, rep: &mut Reporter) -> Vec<Vec<CellId>> {
    match &file.rows {
        Some(rows) => written(rows, d, rep),
        None => derived(d, rep),
    }
}

fn derived(d: &Draft, rep: &mut Reporter) -> Vec<Vec<CellId>> {
    let mut rows = d
        .lattice
        .as_ref()
        .map(|l| l.rows.clone())
        .unwrap_or_default();
    let explicit: Vec<CellId> = d
        .cells
        .iter()
        .enumerate()
        .filter(|(_, c)| c.coords.is_none())
        .map(|(i, _)| i as CellId)
        .collect();
    if !explicit.is_empty() {
        rep.warning(
            "board::no-rows",
            format!(
                "no `rows:` given; position strings will list the {} explicit cells as one row",
                explicit.len()
            ),
            rep.key(&YamlPath::root().key("cells")),
            "explicit cells",
            "add `rows:` (top row first) so position strings read like the board",
        );
        rows.push(explicit);
    }
    rows
}

fn written(rows: &[Vec<String>], d: &Draft, rep: &mut Reporter) -> Vec<Vec<CellId>> {
    let base = YamlPath::root().key("rows");
    // Where each cell was first listed, to point at both places of a repeat.
    let mut first: Vec<Option<YamlPath>> = vec![None; d.cells.len()];
    let mut out = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        if row.is_empty() {
            rep.error(
                "board::empty-row",
                format!("row {} is empty", r + 1),
                rep.value(&base.index(r)),
                "empty row",
                "remove the empty row",
            );
        }
        let mut ids = Vec::new();
        for (k, name) in row.iter().enumerate() {
            let path = base.index(r).index(k);
            let span = rep.value(&path);
            let Some(c) = d.cell_names.resolve(
                rep,
                "board::unknown-cell",
                "cell",
                name,
                span,
                "rows list the board's cells, each exactly once",
            ) else {
                continue;
            };
            if let Some(p) = &first[c] {
                let diag = crate::Diagnostic::error(
                    "board::duplicate-row-cell",
                    format!("cell `{name}` is listed twice in `rows`"),
                )
                .at(rep.file(), span, "listed again here")
                .also(rep.value(p), "first listed here")
                .help("rows list every cell exactly once; remove one of the two");
                rep.push(diag);
                continue;
            }
            first[c] = Some(path);
            ids.push(c as CellId);
        }
        out.push(ids);
    }
    let missing: Vec<&str> = d
        .cells
        .iter()
        .enumerate()
        .filter(|(i, _)| first[*i].is_none())
        .map(|(_, c)| c.name.as_str())
        .collect();
    if !missing.is_empty() {
        rep.error(
            "board::rows-incomplete",
            format!("`rows` does not list {}", quoted_list(&missing)),
            rep.key(&base),
            "incomplete rows",
            "when `rows:` is given it must list every cell exactly once (position strings \
             follow it); add the missing cells to their row",
        );
    }
    out
}

//! A readable listing of an expanded board, printed by `chessgraph board FILE`.
//!
//! Variant authors read it to check that the lattice, composite directions and remaps
//! expanded as they meant, so it spells out everything the engine will use, in id
//! order, with aligned columns. The format is stable (tests snapshot it): change it
//! deliberately.

use super::graph::{BoardGraph, Edge, ZoneCells};
use std::fmt::Write;

/// Lines of cell lists are wrapped at this width.
const WIDTH: usize = 100;

/// The whole board as text.
pub fn describe(board: &BoardGraph) -> String {
    let mut out = String::new();
    header(board, &mut out);
    directions(board, &mut out);
    remaps(board, &mut out);
    cells(board, &mut out);
    zones(board, &mut out);
    rows(board, &mut out);
    palette(board, &mut out);
    shade(board, &mut out);
    out
}

fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

fn header(b: &BoardGraph, out: &mut String) {
    let _ = writeln!(out, "board {} ({})", b.name, b.source.name);
    let _ = writeln!(
        out,
        "  {}, {}, {}, {}, {}, {}, {}",
        plural(b.cells.len(), "cell"),
        plural(b.directions.len(), "direction"),
        plural(b.edges.len(), "edge"),
        plural(b.remaps.len(), "remap"),
        plural(b.zones.len(), "zone"),
        plural(b.seats.len(), "seat"),
        plural(b.rows.len(), "row"),
    );
    if !b.seats.is_empty() {
        let _ = writeln!(out, "\nseats: {}", b.seats.join(", "));
    }
}

fn directions(b: &BoardGraph, out: &mut String) {
    let _ = writeln!(out, "\ndirections:");
    let w = b.directions.iter().map(|d| d.name.len()).max().unwrap_or(0);
    for d in &b.directions {
        let opp = &b.directions[d.opposite as usize].name;
        let _ = write!(out, "  {:<w$}  opposite {opp}", d.name);
        if let Some(paths) = &d.composite {
            let paths: Vec<String> = paths
                .iter()
                .map(|p| {
                    p.iter()
                        .map(|&s| b.directions[s as usize].name.as_str())
                        .collect::<Vec<_>>()
                        .join(".")
                })
                .collect();
            let _ = write!(out, "  composite {}", paths.join(" | "));
        }
        out.push('\n');
    }
}

fn remaps(b: &BoardGraph, out: &mut String) {
    if b.remaps.is_empty() {
        return;
    }
    let _ = writeln!(out, "\nremaps:");
    let w = b.remaps.iter().map(|r| r.name.len()).max().unwrap_or(0);
    for r in &b.remaps {
        let pairs: Vec<String> = r
            .map
            .iter()
            .enumerate()
            .filter(|&(i, &m)| i != m as usize)
            .map(|(i, &m)| format!("{}>{}", b.directions[i].name, b.directions[m as usize].name))
            .collect();
        let kind = if r.name.contains('*') { "derived " } else { "" };
        let _ = writeln!(out, "  {:<w$}  {kind}{}", r.name, pairs.join(" "));
    }
}

fn cells(b: &BoardGraph, out: &mut String) {
    let _ = writeln!(out, "\ncells:");
    let nw = b.cells.iter().map(|c| c.name.len()).max().unwrap_or(0);
    let cw = b
        .cells
        .iter()
        .map(|c| c.colour.as_deref().unwrap_or("-").len())
        .max()
        .unwrap_or(0);
    let dw = b.directions.iter().map(|d| d.name.len()).max().unwrap_or(0);
    let mut edges = b.edges.iter().peekable();
    for (id, c) in b.cells.iter().enumerate() {
        let colour = c.colour.as_deref().unwrap_or("-");
        let _ = write!(
            out,
            "  {:<nw$}  {colour:<cw$}  at ({}, {})",
            c.name,
            num(c.at.0),
            num(c.at.1)
        );
        if let Some((x, y)) = c.coords {
            let _ = write!(out, "  coords ({x}, {y})");
        }
        out.push('\n');
        // Edges are sorted by (from, dir): take this cell's, grouped by direction.
        let mut mine: Vec<&Edge> = Vec::new();
        while let Some(e) = edges.next_if(|e| e.from as usize == id) {
            mine.push(e);
        }
        if mine.is_empty() {
            let _ = writeln!(out, "      (no links)");
        }
        for group in mine.chunk_by(|a, b| a.dir == b.dir) {
            let dir = &b.directions[group[0].dir as usize].name;
            let targets: Vec<String> = group.iter().map(|e| successor(b, e)).collect();
            let fork = if group.len() > 1 { "fork " } else { "" };
            let _ = writeln!(out, "      {dir:<dw$}  {fork}{}", targets.join(" | "));
        }
    }
}

/// `e5`, `1:b2 (remap flip, continues bl)`, `e5 (between d5 e4)`, `2:a3 (stop)`.
fn successor(b: &BoardGraph, e: &Edge) -> String {
    let mut notes = Vec::new();
    if let Some(r) = e.remap {
        notes.push(format!(
            "remap {}, continues {}",
            b.remaps[r as usize].name,
            b.directions[e.continues(b) as usize].name
        ));
    }
    if !e.between.is_empty() {
        let names: Vec<&str> = e
            .between
            .iter()
            .map(|&c| b.cells[c as usize].name.as_str())
            .collect();
        notes.push(format!("between {}", names.join(" ")));
    }
    if e.stop {
        notes.push("stop".to_owned());
    }
    let to = &b.cells[e.to as usize].name;
    if notes.is_empty() {
        to.clone()
    } else {
        format!("{to} ({})", notes.join("; "))
    }
}

fn zones(b: &BoardGraph, out: &mut String) {
    if b.zones.is_empty() {
        return;
    }
    let _ = writeln!(out, "\nzones:");
    let zw = b.zones.iter().map(|z| z.name.len()).max().unwrap_or(0);
    let sw = b.seats.iter().map(String::len).max().unwrap_or(0);
    for z in &b.zones {
        match &z.cells {
            ZoneCells::Global(cells) => {
                let lead = format!("  {:<zw$}  ", z.name);
                wrapped(out, &lead, &names(b, cells));
            }
            ZoneCells::PerSeat(per) => {
                for (s, cells) in per.iter().enumerate() {
                    let name = if s == 0 { z.name.as_str() } else { "" };
                    let seat = format!("{}:", b.seats[s]);
                    let lead = format!("  {name:<zw$}  {seat:<w$} ", w = sw + 1);
                    wrapped(out, &lead, &names(b, cells));
                }
            }
        }
    }
}

fn rows(b: &BoardGraph, out: &mut String) {
    let _ = writeln!(out, "\nrows (top first):");
    for row in &b.rows {
        wrapped(out, "  ", &names(b, row));
    }
}

fn palette(b: &BoardGraph, out: &mut String) {
    if b.palette.is_empty() {
        return;
    }
    let _ = writeln!(out, "\npalette:");
    let w = b.palette.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
    for (name, css) in &b.palette {
        let _ = writeln!(out, "  {name:<w$}  {css}");
    }
}

fn shade(b: &BoardGraph, out: &mut String) {
    if b.shade.is_empty() {
        return;
    }
    let _ = writeln!(out, "\nshade:");
    let w = b.shade.iter().map(|s| s.zone.len()).max().unwrap_or(0);
    for s in &b.shade {
        let _ = writeln!(
            out,
            "  {:<w$}  {}  ({})",
            s.zone,
            s.colour,
            plural(s.cells.len(), "cell")
        );
    }
}

fn names<'a>(b: &'a BoardGraph, cells: &[u16]) -> Vec<&'a str> {
    cells
        .iter()
        .map(|&c| b.cells[c as usize].name.as_str())
        .collect()
}

/// Writes `lead` and the words, wrapping at [`WIDTH`] with continuation lines
/// indented like the first word.
fn wrapped(out: &mut String, lead: &str, words: &[&str]) {
    let indent = " ".repeat(lead.len());
    let mut line = lead.to_owned();
    let mut first = true;
    if words.is_empty() {
        line.push('-');
    }
    for w in words {
        if !first && line.len() + 1 + w.len() > WIDTH {
            let _ = writeln!(out, "{}", line.trim_end());
            line = indent.clone();
            first = true;
        }
        if !first {
            line.push(' ');
        }
        line.push_str(w);
        first = false;
    }
    let _ = writeln!(out, "{}", line.trim_end());
}

/// A coordinate: integers without decimals, others with up to three.
fn num(v: f64) -> String {
    if (v - v.round()).abs() < 1e-9 && v.abs() < 1e15 {
        let r = v.round();
        return format!("{}", if r == 0.0 { 0.0 } else { r });
    }
    let s = format!("{v:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_owned()
    } else {
        s.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short() {
        assert_eq!(num(3.0), "3");
        assert_eq!(num(-0.0), "0");
        assert_eq!(num(0.5), "0.5");
        assert_eq!(num(0.866_025_4), "0.866");
        assert_eq!(num(-0.0001), "0");
    }

    #[test]
    fn wrapping_keeps_lines_short() {
        let mut out = String::new();
        let words: Vec<String> = (0..60).map(|i| format!("c{i}")).collect();
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        wrapped(&mut out, "  zone  ", &words);
        assert!(out.lines().count() > 1);
        assert!(out.lines().all(|l| l.len() <= WIDTH));
        assert!(out.lines().skip(1).all(|l| l.starts_with("        c")));
    }
}

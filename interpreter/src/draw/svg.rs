//! SVG drawing of a position on any board: cells as polygons in their colours, cell
//! names, pieces as discs in their owners' colours with their letters, marked cells.
//!
//! Variant authors check their boards with it, so it draws what the board file says:
//! the cells' `polygon`s (or, for cells given by their centre only, squares or
//! hexagons from `outline.rs`), the palette's colour for each cell colour, tinted
//! zones (`shade:`) under a translucent layer of their colour, and y growing upwards.
//! Every text that comes from a file (cell names, colours, the variant's name) is
//! escaped or checked, since board and rule files may be hostile.
//! The output is deterministic (fixed number formatting, cell order), so drawings can
//! be committed and compared.

use super::outline::{nearest_distance, outlines, Pt};
use super::shade::cell_shades;
use crate::compile::colours::well_formed;
use crate::moves::MoveKind;
use crate::{Cell, Position};
use std::fmt::Write;

/// Pixels per nearest-neighbour distance.
const CELL_PX: f64 = 64.0;
/// Margin around the board, in pixels.
const MARGIN_PX: f64 = 16.0;
/// Cell colours when the palette has none for a cell's colour name.
const DEFAULT_DARK: &str = "#b58863";
const DEFAULT_LIGHT: &str = "#f0d9b5";
const DEFAULT_OTHER: &str = "#d8d0c0";
/// Overlay of marked cells (legal move targets) and of the cell moved from.
const MARK: &str = "#2e8b57";
const FROM: &str = "#f2c230";
/// The grey over cells a player does not see (fog of war, Kriegspiel).
const FOG: &str = "#6f6f6f";
/// Ring of a mine the view may see.
const MINE: &str = "#c0392b";
/// Height of the line that lists the pieces in hand under the board.
const HAND_BAND_PX: f64 = 28.0;
/// Opacity of a tinted zone's colour over its cells (`shade:` in the board file).
const TINT_OPACITY: &str = "0.45";

/// The position drawn as an SVG document, with `marks` highlighted.
pub fn svg(pos: &Position, marks: &[Cell]) -> String {
    draw(pos, marks, None, &[], &[])
}

/// The position with the legal moves of the piece on `from` marked (and `from`
/// itself highlighted): what `chessgraph render --from CELL` draws.
pub fn svg_moves(pos: &mut Position, from: Cell) -> String {
    let marks = move_targets(pos, from);
    draw(pos, &marks, Some(from), &[], &[])
}

/// The position with the legal moves of the piece on `from` marked when given, and
/// `mines` ringed: what `chessgraph render [--from CELL] [--view SEAT]` draws, the
/// mines being those the chosen view may see.
pub fn svg_seen(pos: &mut Position, from: Option<Cell>, mines: &[Cell]) -> String {
    let marks = from.map(|c| move_targets(pos, c)).unwrap_or_default();
    draw(pos, &marks, from, mines, &[])
}

/// [`svg_seen`] of a player's view of a game with hidden pieces (`see own|reach`):
/// `pos` is his [`crate::PlayerView::seen_position`] and the cells of `fog`, those he
/// does not see, are greyed (`<g class="fog">`), so an unseen cell never looks empty.
pub fn svg_view(pos: &mut Position, from: Option<Cell>, mines: &[Cell], fog: &[Cell]) -> String {
    let marks = from.map(|c| move_targets(pos, c)).unwrap_or_default();
    draw(pos, &marks, from, mines, fog)
}

/// The cells the piece on `from` may move to (castles: the king's target), in cell
/// order without repeats.
pub fn move_targets(pos: &mut Position, from: Cell) -> Vec<Cell> {
    let mut out: Vec<Cell> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.kind() != MoveKind::Pass && m.from() == from)
        .map(|m| m.to())
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Maps board units (y up) to pixels (y down).
struct Frame {
    scale: f64,
    min_x: f64,
    max_y: f64,
}

impl Frame {
    fn x(&self, x: f64) -> f64 {
        (x - self.min_x) * self.scale + MARGIN_PX
    }
    fn y(&self, y: f64) -> f64 {
        (self.max_y - y) * self.scale + MARGIN_PX
    }
    fn points(&self, poly: &[Pt]) -> String {
        let v: Vec<String> = poly
            .iter()
            .map(|&(x, y)| format!("{},{}", num(self.x(x)), num(self.y(y))))
            .collect();
        v.join(" ")
    }
}

/// Two decimals, no trailing zeros, no `-0`.
fn num(x: f64) -> String {
    let r = (x * 100.0).round() / 100.0;
    let s = format!("{r:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.into()
    }
}

/// `text` with XML's special characters escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// A colour fit to write into the SVG, else `fallback`.
fn colour<'a>(text: &'a str, fallback: &'a str) -> &'a str {
    if well_formed(text) {
        text
    } else {
        fallback
    }
}

/// Black or white, whichever reads better on `fill` (`#rgb`/`#rrggbb`; names: black).
fn ink(fill: &str) -> &'static str {
    let hex = fill.trim_start_matches('#');
    let channel = |i: usize, w: usize| {
        u8::from_str_radix(hex.get(i * w..i * w + w).unwrap_or("0"), 16).unwrap_or(0) as f64
            * if w == 1 { 17.0 } else { 1.0 }
    };
    let w = match hex.len() {
        3 if fill.starts_with('#') => 1,
        6 if fill.starts_with('#') => 2,
        _ => {
            return if fill.eq_ignore_ascii_case("black") {
                "#fff"
            } else {
                "#000"
            }
        }
    };
    let lum = 0.299 * channel(0, w) + 0.587 * channel(1, w) + 0.114 * channel(2, w);
    if lum > 140.0 {
        "#000"
    } else {
        "#fff"
    }
}

/// The ring round a piece disc of colour `fill`: light round a dark disc, dark round a
/// light one.
fn halo(fill: &str) -> &'static str {
    if ink(fill) == "#fff" {
        "#f4f4f4"
    } else {
        "#3c3c3c"
    }
}

fn draw(
    pos: &Position,
    marks: &[Cell],
    from: Option<Cell>,
    mines: &[Cell],
    fog: &[Cell],
) -> String {
    let v = pos.variant();
    let board = v.board();
    let d = nearest_distance(board);
    let shapes = outlines(board, d);
    let (mut min_x, mut min_y, mut max_x, mut max_y) = (
        f64::INFINITY,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NEG_INFINITY,
    );
    for &(x, y) in shapes.iter().flatten() {
        min_x = min_x.min(x);
        min_y = min_y.min(y);
        max_x = max_x.max(x);
        max_y = max_y.max(y);
    }
    if !min_x.is_finite() {
        (min_x, min_y, max_x, max_y) = (0.0, 0.0, 0.0, 0.0);
    }
    let f = Frame {
        scale: CELL_PX / d,
        min_x,
        max_y,
    };
    let width = (max_x - min_x) * f.scale + 2.0 * MARGIN_PX;
    // Pieces in hand: one line of text under the board.
    let hand_band = if v.has_hands() { HAND_BAND_PX } else { 0.0 };
    let height = (max_y - min_y) * f.scale + 2.0 * MARGIN_PX + hand_band;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\">",
        w = num(width),
        h = num(height)
    );
    let _ = writeln!(s, "<title>{}</title>", escape(v.name()));
    let _ = writeln!(s, "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>");
    // Cells.
    let _ = writeln!(
        s,
        "<g stroke=\"#3c3c3c\" stroke-width=\"1\" stroke-linejoin=\"round\">"
    );
    let fills: Vec<&str> = board
        .cells
        .iter()
        .map(|cell| {
            let name = cell.colour.as_deref().unwrap_or("");
            let fallback = match name {
                "dark" => DEFAULT_DARK,
                "light" => DEFAULT_LIGHT,
                _ => DEFAULT_OTHER,
            };
            board
                .palette
                .iter()
                .find(|(n, _)| n == name)
                .map_or(fallback, |(_, c)| colour(c, fallback))
        })
        .collect();
    // Each cell names itself (`data-cell`), so a page can find what was clicked.
    for ((fill, poly), cell) in fills.iter().zip(&shapes).zip(&board.cells) {
        let _ = writeln!(
            s,
            "<polygon class=\"cell\" data-cell=\"{}\" points=\"{}\" fill=\"{fill}\"/>",
            escape(&cell.name),
            f.points(poly)
        );
    }
    let _ = writeln!(s, "</g>");
    // Tinted zones: the zone's colour over the cell's, so the chequering shows through.
    let tints = cell_shades(board);
    if tints.iter().any(Option::is_some) {
        let _ = writeln!(s, "<g class=\"tints\" fill-opacity=\"{TINT_OPACITY}\">");
        for (tint, poly) in tints.iter().zip(&shapes) {
            if let Some(shade) = tint.and_then(|t| board.shade.get(t)) {
                let _ = writeln!(
                    s,
                    "<polygon points=\"{}\" fill=\"{}\"/>",
                    f.points(poly),
                    colour(&shade.colour, DEFAULT_OTHER)
                );
            }
        }
        let _ = writeln!(s, "</g>");
    }
    // Fog: the cells the viewer does not see.
    if !fog.is_empty() {
        let _ = writeln!(s, "<g class=\"fog\" fill=\"{FOG}\" fill-opacity=\"0.6\">");
        for &c in fog {
            if let (Some(poly), Some(cell)) = (shapes.get(c as usize), board.cells.get(c as usize))
            {
                let _ = writeln!(
                    s,
                    "<polygon data-cell=\"{}\" points=\"{}\"/>",
                    escape(&cell.name),
                    f.points(poly)
                );
            }
        }
        let _ = writeln!(s, "</g>");
    }
    // Marks.
    let overlay = |cell: Cell, fill: &str, s: &mut String| {
        if let Some(poly) = shapes.get(cell as usize) {
            let _ = writeln!(
                s,
                "<polygon points=\"{}\" fill=\"{fill}\" fill-opacity=\"0.55\"/>",
                f.points(poly)
            );
        }
    };
    if let Some(c) = from {
        overlay(c, FROM, &mut s);
    }
    for &c in marks {
        overlay(c, MARK, &mut s);
    }
    // Names, small, below each cell's centre (under the piece discs' rims).
    let font = num(d * f.scale * 0.17);
    let _ = writeln!(
        s,
        "<g font-size=\"{font}\" fill-opacity=\"0.75\" text-anchor=\"middle\">"
    );
    for (cell, fill) in board.cells.iter().zip(&fills) {
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\" fill=\"{}\">{}</text>",
            num(f.x(cell.at.0)),
            num(f.y(cell.at.1) + d * f.scale * 0.4),
            ink(fill),
            escape(&cell.name)
        );
    }
    let _ = writeln!(s, "</g>");
    // Pieces: a disc in the owner's colour with the piece's letter, ringed in the
    // controller's colour when they differ, else in the ink that contrasts with the
    // disc (a light ring round a dark disc), so a piece stands out on a cell of its
    // own colour.
    let r = d * f.scale * 0.26;
    let dy = -d * f.scale * 0.05;
    let _ = writeln!(
        s,
        "<g font-size=\"{}\" font-weight=\"bold\" text-anchor=\"middle\" dominant-baseline=\"central\">",
        num(r * 1.2)
    );
    let players = v.players();
    for (i, cell) in board.cells.iter().enumerate() {
        let Some(p) = pos.piece_at(i as Cell) else {
            continue;
        };
        let owner = &players[p.owner as usize];
        let fill = colour(&owner.colour, "#888888");
        let controller = pos.controller(p.owner, i as Cell);
        let ring = if controller != p.owner {
            format!(
                " stroke=\"{}\" stroke-width=\"{}\"",
                colour(&players[controller as usize].colour, "#888888"),
                num(r * 0.25)
            )
        } else {
            format!(
                " stroke=\"{}\" stroke-width=\"{}\"",
                halo(fill),
                num(r * 0.12)
            )
        };
        let (x, y) = (num(f.x(cell.at.0)), num(f.y(cell.at.1) + dy));
        let _ = writeln!(
            s,
            "<g class=\"piece\" data-cell=\"{}\">",
            escape(&cell.name)
        );
        let _ = writeln!(
            s,
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"{fill}\"{ring}/>",
            num(r)
        );
        let symbol = v.piece_types()[p.piece_type as usize].symbol(true);
        let _ = writeln!(
            s,
            "<text x=\"{x}\" y=\"{y}\" fill=\"{}\">{}</text>",
            ink(fill),
            escape(&symbol.to_string())
        );
        let _ = writeln!(s, "</g>");
    }
    let _ = writeln!(s, "</g>");
    // Mines: a dashed ring around the cell's centre, outside any piece disc.
    if !mines.is_empty() {
        let _ = writeln!(
            s,
            "<g class=\"mines\" fill=\"none\" stroke=\"{MINE}\" stroke-width=\"{}\" stroke-dasharray=\"{} {}\">",
            num(r * 0.22),
            num(r * 0.4),
            num(r * 0.25)
        );
        for &c in mines {
            if let Some(cell) = board.cells.get(c as usize) {
                let _ = writeln!(
                    s,
                    "<circle data-cell=\"{}\" cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
                    escape(&cell.name),
                    num(f.x(cell.at.0)),
                    num(f.y(cell.at.1) + dy),
                    num(r * 1.35)
                );
            }
        }
        let _ = writeln!(s, "</g>");
    }
    if v.has_hands() {
        let _ = writeln!(
            s,
            "<text class=\"hands\" x=\"{}\" y=\"{}\" font-size=\"16\" fill=\"#000\">{}</text>",
            num(MARGIN_PX),
            num(height - hand_band / 2.0),
            escape(&super::text::hands_line(pos))
        );
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::chess;

    #[test]
    fn chess_start_has_64_cells_and_32_pieces() {
        let v = chess();
        let p = Position::start(&v);
        let s = svg(&p, &[]);
        assert_eq!(s.matches("<polygon").count(), 64);
        assert_eq!(s.matches("<circle").count(), 32);
        assert!(s.contains(">e4</text>") && s.contains("fill=\"#b58863\""));
        // a1 (dark) is drawn at the bottom left: y grows downwards in SVG.
        let a1 = s.find(">a1<").unwrap();
        let a8 = s.find(">a8<").unwrap();
        let y = |at: usize| -> f64 {
            let t = &s[..at];
            let i = t.rfind("y=\"").unwrap() + 3;
            t[i..].split('"').next().unwrap().parse().unwrap()
        };
        assert!(y(a1) > y(a8));
    }

    #[test]
    fn moves_from_a_cell_are_marked() {
        let v = chess();
        let mut p = Position::start(&v);
        let g1 = v.cell("g1").unwrap();
        let t = move_targets(&mut p, g1);
        assert_eq!(t, [v.cell("f3").unwrap(), v.cell("h3").unwrap()]);
        let s = svg_moves(&mut p, g1);
        assert_eq!(s.matches(MARK).count(), 2);
        assert_eq!(s.matches(FROM).count(), 1);
        assert!(move_targets(&mut p, v.cell("e4").unwrap()).is_empty());
    }

    #[test]
    fn shaded_zones_are_tinted_over_their_cells() {
        let board = include_str!("../../../variants/strategichess/board.yaml");
        let rules =
            "board \"b.yaml\"\nplayer white tag w seat white\nplayer black tag b seat black\n\
                     piece king K royal {\n step n\n}\nsetup white: K e1\nsetup black: K e14\n";
        let v = crate::testing::compile(rules, board).unwrap();
        let s = svg(&Position::start(&v), &[]);
        let tint = &v.board().shade[0].colour;
        // Six road ranks of 14 cells, each drawn once more in the road's colour.
        assert_eq!(s.matches(&format!("fill=\"{tint}\"")).count(), 6 * 14);
        assert_eq!(s.matches("<polygon").count(), 14 * 14 + 6 * 14);
        assert!(s.find(TINT_OPACITY).unwrap() < s.find(&format!("fill=\"{tint}\"")).unwrap());
        // Boards without `shade:` draw no tint layer.
        assert!(!svg(&Position::start(&chess()), &[]).contains(TINT_OPACITY));
    }

    #[test]
    fn text_and_colours_are_escaped_or_refused() {
        assert_eq!(escape("a<b>&\"'\u{7}"), "a&lt;b&gt;&amp;&quot;&apos;");
        assert_eq!(colour("red\"/><script", "#000"), "#000");
        assert_eq!(colour("#abc", "#000"), "#abc");
        assert_eq!(ink("#f4f1ea"), "#000");
        assert_eq!(ink("#1e1e1e"), "#fff");
        assert_eq!(ink("#fff"), "#000");
        assert_eq!(ink("black"), "#fff");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(2.5), "2.5");
    }
}

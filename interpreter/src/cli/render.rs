//! `chessgraph render VARIANT [--position P] [--from CELL] [--view SEAT] [-o FILE.svg]`:
//! the position drawn as SVG, with the legal moves of one piece marked and the mines
//! one view may see ringed (`view.rs`).
//!
//! Variant authors check their boards with it, so a `--from` that names no cell, or a
//! cell without a piece of the side to move, is an error that says what is there,
//! rather than a drawing with nothing marked.

use super::config::VariantSpec;
use super::error::CliError;
use super::load;
use super::show;
use super::term::Term;
use super::view;
use chessgraph::draw::svg_seen;
use chessgraph::{Cell, Position};
use std::path::Path;

/// How many cell names an error lists as examples.
const SHOWN: usize = 12;

/// Runs the command.
pub fn run(
    spec: &VariantSpec,
    position: Option<&str>,
    from: Option<&str>,
    output: Option<&Path>,
    view: Option<&str>,
    t: &mut Term,
) -> Result<(), CliError> {
    let v = load::variant(spec, t)?;
    let seen = view.map(|n| view::seen(&v, n)).transpose()?;
    let mut pos = load::position(&v, position)?;
    let from = from.map(|name| movable(&pos, name)).transpose()?;
    let mines = seen.map(|s| view::mines(&pos, s)).unwrap_or_default();
    let drawing = svg_seen(&mut pos, from, &mines);
    match output {
        None => t.print(&drawing),
        Some(path) => {
            std::fs::write(path, drawing).map_err(|e| CliError::io("write", path, e))?;
            t.print(&format!("{}\n", path.display()))
        }
    }
}

/// The cell named `name`, when it holds a piece the side to move moves.
fn movable(pos: &Position, name: &str) -> Result<Cell, CliError> {
    let v = pos.variant();
    let me = pos.to_move();
    let mine: Vec<Cell> = (0..v.cell_count() as Cell)
        .filter(|&c| {
            pos.piece_at(c)
                .is_some_and(|p| pos.controller(p.owner, c) == me)
        })
        .collect();
    let list = |cells: &[Cell]| {
        let names: Vec<&str> = cells.iter().take(SHOWN).map(|&c| v.cell_name(c)).collect();
        let more = if cells.len() > SHOWN { ", ..." } else { "" };
        format!("{}{more}", names.join(", "))
    };
    let Some(cell) = v.cell(name) else {
        let all: Vec<Cell> = (0..v.cell_count() as Cell).collect();
        return Err(CliError::UnknownCell {
            name: name.chars().take(64).collect(),
            help: format!("the board's cells are {}", list(&all)),
        });
    };
    let turn = show::turn(pos);
    let help = format!("{turn}; its pieces stand on {}", list(&mine));
    match pos.piece_at(cell) {
        None => Err(CliError::NotMovable {
            what: format!("{} is empty", v.cell_name(cell)),
            help,
        }),
        Some(_) if !mine.contains(&cell) => Err(CliError::NotMovable {
            what: format!(
                "{} is not moved by the side to move",
                show::piece_label(pos, cell)
            ),
            help,
        }),
        Some(_) => Ok(cell),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::locate::locate;
    use crate::cli::report::Reporter;

    fn render(from: Option<&str>, output: Option<&Path>) -> (Result<(), CliError>, String) {
        let spec = VariantSpec {
            at: locate("chess").unwrap(),
            options: Vec::new(),
        };
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut t = Term {
            out: &mut out,
            err: &mut err,
            report: Reporter::plain(),
        };
        let r = run(&spec, None, from, output, None, &mut t);
        (r, String::from_utf8(out).unwrap())
    }

    #[test]
    fn draws_to_standard_output_and_marks_moves() {
        let (r, out) = render(None, None);
        assert!(r.is_ok());
        assert!(out.starts_with("<svg") && out.ends_with("</svg>\n"));
        let (r, marked) = render(Some("g1"), None);
        assert!(r.is_ok());
        assert!(
            marked.matches("fill-opacity=\"0.55\"").count() == 3,
            "{marked}"
        );
    }

    #[test]
    fn bad_cells_say_what_is_there() {
        let (r, _) = render(Some("z9"), None);
        assert!(matches!(r, Err(CliError::UnknownCell { .. })));
        let (r, _) = render(Some("e4"), None);
        let Err(CliError::NotMovable { what, help }) = r else {
            panic!("empty cell")
        };
        assert_eq!(what, "e4 is empty");
        assert!(
            help.starts_with("white to move (move 1); its pieces stand on ")
                && help.ends_with(", ..."),
            "{help}"
        );
        assert!(!help.contains("e7"), "{help}");
        let (r, _) = render(Some("e7"), None);
        let Err(CliError::NotMovable { what, .. }) = r else {
            panic!("black's pawn")
        };
        assert_eq!(what, "p e7 is not moved by the side to move");
    }

    #[test]
    fn an_unwritable_file_is_an_error() {
        let (r, _) = render(None, Some(Path::new("/no/such/folder/x.svg")));
        assert!(matches!(
            r,
            Err(CliError::Io {
                action: "write",
                ..
            })
        ));
    }
}

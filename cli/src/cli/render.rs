//! `chessgraph render VARIANT [--position P] [--moves M...] [--from CELL] [--view SEAT]
//! [--output FILE.svg]`: the position (after the moves) drawn as SVG, with the legal
//! moves of one piece marked and the mines one view may see ringed (`view.rs`).
//!
//! Variant authors check their boards with it, so a `--from` that names no cell, or an
//! empty cell, is an error that says what is there, rather than a drawing with nothing
//! marked. A piece of a player not to move is shown with the moves it would have on
//! its player's turn (the others pass until then).

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

/// What to draw besides the variant.
pub struct Options<'a> {
    /// Start position text.
    pub position: Option<&'a str>,
    /// Moves to play first.
    pub moves: &'a [String],
    /// The cell whose piece's moves are marked.
    pub from: Option<&'a str>,
    /// The file to write (`None`: standard output).
    pub output: Option<&'a Path>,
    /// The player (or `referee`) whose mines are ringed.
    pub view: Option<&'a str>,
}

/// Runs the command.
pub fn run(spec: &VariantSpec, opts: &Options<'_>, t: &mut Term) -> Result<(), CliError> {
    let v = load::variant(spec, t)?;
    let seen = opts.view.map(|n| view::seen(&v, n)).transpose()?;
    let mut pos = load::position(&v, opts.position)?;
    load::play_moves(&mut pos, opts.moves, false)?;
    let mines = seen.map(|s| view::mines(&pos, s)).unwrap_or_default();
    let from = opts.from.map(|name| movable(&mut pos, name)).transpose()?;
    let drawing = match seen {
        Some(s) if v.hides_pieces() => {
            let fog = view::fog(&pos, s);
            chessgraph::draw::svg_view(&mut view::position(&pos, s), from, &mines, &fog)
        }
        _ => svg_seen(&mut pos, from, &mines),
    };
    match opts.output {
        None => t.print(&drawing),
        Some(path) => {
            std::fs::write(path, drawing).map_err(|e| CliError::io("write", path, e))?;
            t.print(&format!("{}\n", path.display()))
        }
    }
}

/// The cell named `name`, when it holds a piece; its player is given the turn when
/// he is not to move.
fn movable(pos: &mut Position, name: &str) -> Result<Cell, CliError> {
    let v = pos.variant().clone();
    let me = pos.to_move();
    let occupied: Vec<Cell> = (0..v.cell_count() as Cell)
        .filter(|&c| pos.piece_at(c).is_some())
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
    let Some(piece) = pos.piece_at(cell) else {
        return Err(CliError::NotMovable {
            what: format!("{} is empty", v.cell_name(cell)),
            help: format!("pieces stand on {}", list(&occupied)),
        });
    };
    let player = pos.controller(piece.owner, cell);
    if player != me && !pos.hand_turn_to(player) {
        return Err(CliError::NotMovable {
            what: format!(
                "{} belongs to {}, who has no turn any more",
                show::piece_label(pos, cell),
                v.players()[player as usize].name
            ),
            help: show::turn(pos),
        });
    }
    Ok(cell)
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
        let opts = Options {
            position: None,
            moves: &[],
            from,
            output,
            view: None,
        };
        let r = run(&spec, &opts, &mut t);
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
            help.starts_with("pieces stand on a8, b8") && help.ends_with(", ..."),
            "{help}"
        );
        // A piece of the side not to move shows its moves as on its turn.
        let (r, marked) = render(Some("b8"), None);
        assert!(r.is_ok());
        assert_eq!(
            marked.matches("fill-opacity=\"0.55\"").count(),
            3,
            "{marked}"
        );
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

//! `chessgraph moves VARIANT [--position P] [--moves M...] [--long]`: the board and
//! the legal moves after the given moves. The position string comes first, then its
//! FEN (`fen: ...`) when FEN can describe the position.

use super::config::VariantSpec;
use super::error::CliError;
use super::load;
use super::show;
use super::term::Term;
use chessgraph::draw::text_board;
use chessgraph::san::parse_move;

/// Runs the command.
pub fn run(
    spec: &VariantSpec,
    position: Option<&str>,
    moves: &[String],
    long: bool,
    t: &mut Term,
) -> Result<(), CliError> {
    let v = load::variant(spec, t)?;
    let mut pos = load::position(&v, position)?;
    for (i, text) in moves.iter().enumerate() {
        match parse_move(&mut pos, text) {
            Ok(m) => pos.make(m),
            Err(source) => {
                let legal = show::grouped_moves(&mut pos, long, None);
                let help = if legal.is_empty() {
                    "no move is legal there: the game is over".to_owned()
                } else {
                    format!("legal moves there: {}", legal.join("; "))
                };
                return Err(CliError::Move {
                    index: i + 1,
                    text: text.chars().take(60).collect(),
                    source: Box::new(source),
                    help,
                });
            }
        }
    }
    let fen = pos.fen().map(|f| format!("fen: {f}\n")).unwrap_or_default();
    let mut s = format!("{pos}\n{fen}\n{}\n", text_board(&pos, &[]));
    if let Some(end) = show::outcome(&mut pos) {
        s.push_str(&format!("{end}\n"));
    }
    let lines = show::grouped_moves(&mut pos, long, None);
    let count = pos.every_move().len();
    s.push_str(&format!("{}\n", show::turn(&pos)));
    for l in &lines {
        s.push_str(&format!("  {l}\n"));
    }
    s.push_str(&format!(
        "{count} legal move{}\n",
        if count == 1 { "" } else { "s" }
    ));
    t.print(&s)
}

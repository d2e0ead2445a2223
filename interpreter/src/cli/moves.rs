//! `chessgraph moves VARIANT [--position P] [--moves M...] [--long]`: the board and
//! the legal moves after the given moves.

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
    let mut s = format!("{}\n\n{}\n", pos, text_board(&pos, &[]));
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

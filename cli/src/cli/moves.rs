//! `chessgraph moves VARIANT [--position P] [--moves M...] [--long] [--view SEAT]`: the
//! board and the legal moves after the given moves. The position string comes first,
//! then its FEN (`fen: ...`) when FEN can describe the position. With `--view` the
//! position string and the drawing are those of one view (`view.rs`): a player's view
//! string and the mines he may see, or the referee's every mine.
//!
//! `chessgraph moves VARIANT --batch [--position P]`: games read from the input, one a
//! line, traced position by position in a form a program reads (see [`batch`]).

use super::config::VariantSpec;
use super::error::CliError;
use super::load;
use super::show;
use super::term::Term;
use super::view;
use chessgraph::draw::text_board;
use chessgraph::san::parse_move;
use chessgraph::{Move, Outcome, Position, Variant};
use std::io::BufRead;
use std::sync::Arc;

/// Longest input line `--batch` reads (a game of some thousand moves).
const MAX_LINE: usize = 1 << 20;

/// Runs the command.
pub fn run(
    spec: &VariantSpec,
    position: Option<&str>,
    moves: &[String],
    long: bool,
    view: Option<&str>,
    t: &mut Term,
) -> Result<(), CliError> {
    let v = load::variant(spec, t)?;
    let seen = view.map(|n| view::seen(&v, n)).transpose()?;
    let mut pos = load::position(&v, position)?;
    load::play_moves(&mut pos, moves, long)?;
    let fen = pos.fen().map(|f| format!("fen: {f}\n")).unwrap_or_default();
    let mut s = match seen {
        None => format!("{pos}\n{fen}\n{}\n", text_board(&pos, &[])),
        Some(seen) => {
            let string = view::position_string(&pos, seen);
            let heading = if v.has_mines() {
                format!("{}\n", view::heading(&v, seen))
            } else {
                String::new()
            };
            let board = chessgraph::draw::text_view(
                &view::position(&pos, seen),
                &view::mines(&pos, seen),
                &view::fog(&pos, seen),
            );
            let fen = if v.hides_pieces() { String::new() } else { fen };
            format!("{string}\n{fen}\n{heading}{board}\n")
        }
    };
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

/// `--batch`: every line of `input` is a game, `[POSITION |] MOVE...` (moves in long
/// form or SAN; without a position, `position` or the start). For the position before
/// the first move and after every move one line is printed,
/// `PLY<TAB>FEN<TAB>END<TAB>MOVES`: the FEN (the position string when FEN cannot
/// describe the position), `-` or the game's end as `REASON POINTS` (`checkmate 0-1`,
/// adjudication included), and the moves perft counts (adjudication left out, as
/// Fairy-Stockfish's perft does) in long form, sorted, separated by spaces. A move is
/// looked up among those moves, so it may be played after an adjudicated end. A move
/// that is not one of them prints `error<TAB>PLY<TAB>MESSAGE` and ends the game; each
/// game ends with a line `end`. A position that cannot be read is an error line too.
pub fn batch(
    spec: &VariantSpec,
    position: Option<&str>,
    input: &mut dyn BufRead,
    t: &mut Term,
) -> Result<(), CliError> {
    let v = load::variant(spec, t)?;
    let mut line = String::new();
    loop {
        line.clear();
        let n = <&mut dyn BufRead as std::io::Read>::take(&mut *input, MAX_LINE as u64)
            .read_line(&mut line)
            .map_err(|e| CliError::io("read", "standard input", e))?;
        if n == 0 {
            return Ok(());
        }
        let (given, moves) = match line.split_once('|') {
            Some((p, m)) => (Some(p.trim()), m),
            None => (position, line.as_str()),
        };
        let mut out = String::new();
        match load::position(&v, given) {
            Ok(mut pos) => trace(&v, &mut pos, moves, &mut out),
            Err(e) => out.push_str(&format!("error\t0\t{}\n", one_line(&e.to_string()))),
        }
        out.push_str("end\n");
        t.print(&out)?;
    }
}

/// The lines of one game of `--batch` (see [`batch`]).
fn trace(v: &Arc<Variant>, pos: &mut Position, moves: &str, out: &mut String) {
    let mut ply = 0;
    let mut texts = moves.split_whitespace();
    loop {
        let legal: Vec<Move> = chessgraph::divide(pos, 1)
            .into_iter()
            .map(|(m, _)| m)
            .collect();
        let mut names: Vec<String> = legal.iter().map(|&m| pos.long(m)).collect();
        names.sort();
        let fen = pos.fen().unwrap_or_else(|| pos.to_string());
        let end = match pos.outcome() {
            Outcome::Ongoing => "-".to_owned(),
            Outcome::Finished { reason, scores } => {
                let points: Vec<String> = scores.iter().map(|&s| v.points_text(s)).collect();
                format!("{} {}", v.end_label(reason), points.join("-"))
            }
        };
        out.push_str(&format!("{ply}\t{fen}\t{end}\t{}\n", names.join(" ")));
        let Some(text) = texts.next() else { return };
        ply += 1;
        let plain = |s: &str| s.replace('-', "");
        let found = legal
            .iter()
            .copied()
            .find(|&m| pos.long(m) == text)
            .or_else(|| {
                legal
                    .iter()
                    .copied()
                    .find(|&m| plain(&pos.long(m)) == plain(text))
            });
        let mv = match found {
            Some(m) => Ok(m),
            None => parse_move(pos, text).map_err(|e| e.to_string()),
        };
        match mv {
            Ok(m) => pos.make(m),
            Err(e) => {
                let text: String = text.chars().take(60).collect();
                out.push_str(&format!("error\t{ply}\t{text}: {}\n", one_line(&e)));
                return;
            }
        }
    }
}

/// `s` on one line (tabs and line breaks as spaces).
fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

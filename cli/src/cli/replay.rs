//! `chessgraph replay FILE`: read a game record, check every move, show the positions.

use super::error::CliError;
use super::records::locate_tagged;
use super::show;
use super::term::Term;
use chessgraph::draw::text_board;
use chessgraph::record::{Entry, GameRecord, MAX_BYTES};
use chessgraph::Variant;
use std::path::Path;

/// Runs `replay`.
pub fn run(file: &Path, final_only: bool, t: &mut Term) -> Result<(), CliError> {
    let record_err = |source| CliError::Record {
        path: file.to_path_buf(),
        source,
    };
    let meta = std::fs::metadata(file).map_err(|e| CliError::io("read", file, e))?;
    if meta.len() > MAX_BYTES as u64 {
        return Err(record_err(chessgraph::record::RecordError::TooLarge(
            format!("{} bytes", meta.len()),
        )));
    }
    let text = std::fs::read_to_string(file).map_err(|e| CliError::io("read", file, e))?;
    let record = GameRecord::parse(&text).map_err(record_err)?;
    let name = record.tag("Variant").unwrap_or_default();
    let at = locate_tagged(name)?;
    let options = record.options().map_err(record_err)?;
    let loaded = Variant::load(&at.rules, &options)?;
    let v = loaded.variant;
    let start = record.start(&v).map_err(record_err)?;
    if !final_only {
        t.print(&format!(
            "{}\n{}\n",
            text_board(&start, &[]),
            show::turn(&start)
        ))?;
    }
    let mut shown = Vec::new();
    let mut index = 0;
    let fin = record
        .replay(&v, |pos, m| {
            index += 1;
            if !final_only {
                let note = match m.entry {
                    Entry::TakenBack => " (taken back)",
                    _ => "",
                };
                let mut s = format!("\n{index}. {}{note}", m.text);
                for c in &m.comments {
                    s += &format!(" {{{c}}}");
                }
                s += &format!("\n{}\n", text_board(pos, &[]));
                shown.push(s);
            }
        })
        .map_err(record_err)?;
    for s in shown {
        t.print(&s)?;
    }
    let mut fin = fin;
    let verdict = show::outcome(&mut fin).unwrap_or_else(|| show::turn(&fin));
    if final_only {
        t.print(&format!("{}\n", text_board(&fin, &[])))?;
    }
    // The final position as text (and FEN when it can say it), to go on with
    // `play --position` or to compare with another program's replay.
    let fen = fin.fen().map(|f| format!("fen: {f}\n")).unwrap_or_default();
    t.print(&format!("position: {fin}\n{fen}"))?;
    t.print(&format!(
        "{} moves replayed; {verdict}; result {}\n",
        record.moves.len(),
        record.result()
    ))
}

//! What the engine says about a search: `info` lines and `bestmove`.

use chessgraph::search::Shown;
use chessgraph::search::{Report, SearchResult};
use chessgraph::{Move, MoveKind, Outcome, Position, Score as Points, Variant};

/// A move as UCI writes it: the variant's long notation, `0000` for a pass.
pub fn move_text(v: &Variant, m: Move) -> String {
    if matches!(m.kind(), MoveKind::Pass) {
        "0000".into()
    } else {
        v.long_notation(m)
    }
}

/// `info depth .. seldepth .. multipv .. score .. nodes .. nps .. time .. pv ..`.
pub fn info(v: &Variant, r: &Report) -> String {
    let pv: Vec<String> = r.pv.iter().map(|&m| move_text(v, m)).collect();
    format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} time {} pv {}",
        r.depth,
        r.seldepth.max(r.depth),
        r.line + 1,
        Shown::of(r.value).uci(),
        r.nodes,
        r.nps(),
        r.elapsed.as_millis(),
        pv.join(" ")
    )
}

/// The lines that end a search of `pos`: `bestmove`, after an `info` line when the
/// search reported nothing (one legal move, or stopped in its first iteration), or
/// `bestmove (none)` when the game is over.
pub fn done(pos: &mut Position, result: Option<SearchResult>, reported: bool) -> Vec<String> {
    let v = pos.variant().clone();
    match result {
        Some(r) => {
            let mut lines = Vec::new();
            if !reported {
                lines.push(format!(
                    "info depth {} score {} nodes {} pv {}",
                    r.depth,
                    Shown::of(r.value).uci(),
                    r.nodes,
                    move_text(&v, r.best)
                ));
            }
            lines.push(format!("bestmove {}", move_text(&v, r.best)));
            lines
        }
        None => {
            let me = pos.to_move() as usize;
            let mut lines = Vec::new();
            match pos.outcome() {
                Outcome::Finished { scores, reason } => {
                    match scores.get(me) {
                        Some(Points::Loss) => lines.push("info depth 0 score mate 0".into()),
                        Some(Points::Draw) => lines.push("info depth 0 score cp 0".into()),
                        _ => {}
                    }
                    lines.push(format!(
                        "info string the game is over ({})",
                        super::super::show::end_words(&v, reason)
                    ));
                }
                Outcome::Ongoing => lines.push("info string no legal move".into()),
            }
            lines.push("bestmove (none)".into());
            lines
        }
    }
}

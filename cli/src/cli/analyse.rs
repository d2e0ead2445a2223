//! `chessgraph analyse VARIANT`: the best lines of a position for a person to read,
//! after each finished iteration of the search, in the variant's notation.
//!
//! Values are in pawns for the player to move (`+0.35`), or the moves to a forced
//! end (`wins in 3`); `--lines N` shows the N best first moves with their lines.

use super::config::VariantSpec;
use super::error::CliError;
use super::load;
use super::show;
use super::term::Term;
use chessgraph::search::Shown;
use chessgraph::search::{Limits, Report, Searcher};

/// What to analyse besides the variant.
pub struct Options<'a> {
    /// Start position text.
    pub position: Option<&'a str>,
    /// Moves to play first.
    pub moves: &'a [String],
    /// How long to think.
    pub limits: Limits,
    /// Best lines to show.
    pub lines: usize,
}

/// The heading of one iteration.
fn heading(r: &Report) -> String {
    format!(
        "depth {} (selective {}), {} nodes, {:.2} s, {} nodes/s\n",
        r.depth,
        r.seldepth.max(r.depth),
        r.nodes,
        r.elapsed.as_secs_f64(),
        r.nps()
    )
}

/// Runs the command.
pub fn run(spec: &VariantSpec, opts: &Options<'_>, t: &mut Term) -> Result<(), CliError> {
    let v = load::variant(spec, t)?;
    let mut pos = load::position(&v, opts.position)?;
    load::play_moves(&mut pos, opts.moves, false)?;
    let me = &v.players()[pos.to_move() as usize].name;
    t.print(&format!(
        "{} — {}; values for {me}\n",
        v.name(),
        show::turn(&pos)
    ))?;
    if let Some(end) = show::outcome(&mut pos) {
        return t.print(&format!("{end}: nothing to analyse\n"));
    }
    let mut searcher = Searcher::new(&v, opts.limits);
    searcher.set_lines(opts.lines);
    let mut root = pos.clone();
    let mut last: Vec<(i32, String)> = Vec::new();
    let mut failed = None;
    let result = searcher.search_reporting(&mut pos, &mut |r: &Report| {
        let mut text = String::new();
        if r.line == 0 {
            text += &heading(r);
            last.clear();
        }
        let line = show::line_text(&mut root, &r.pv);
        text += &format!(
            "  {:>2}. {:>9}  {line}\n",
            r.line + 1,
            Shown::of(r.value).words()
        );
        last.push((r.value, line));
        if let Err(e) = t.print(&text) {
            failed.get_or_insert(e);
        }
    });
    if let Some(e) = failed {
        return Err(e);
    }
    let Some(best) = result else {
        return t.print("no legal move\n");
    };
    let san = chessgraph::san::san(&mut pos, best.best);
    if best.depth == 0 {
        return t.print(&format!("only move: {san}\n"));
    }
    t.print(&format!(
        "best: {san} ({}, depth {}, {} nodes)\n",
        Shown::of(best.value).words(),
        best.depth,
        best.nodes
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::locate::locate;
    use crate::cli::report::Reporter;

    fn analyse(name: &str, position: Option<&str>, limits: Limits, lines: usize) -> String {
        let spec = VariantSpec {
            at: locate(name).unwrap(),
            options: Vec::new(),
        };
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut t = Term {
            out: &mut out,
            err: &mut err,
            report: Reporter::plain(),
        };
        let opts = Options {
            position,
            moves: &[],
            limits,
            lines,
        };
        run(&spec, &opts, &mut t).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn lines_depths_and_mates() {
        let text = analyse("chess", None, Limits::depth(3), 2);
        assert!(text.contains("values for white"), "{text}");
        for d in 1..=3 {
            assert!(text.contains(&format!("depth {d} (selective")), "{text}");
        }
        assert!(
            text.contains("   1.  ") && text.contains("   2.  "),
            "{text}"
        );
        assert!(text.contains("  1. "), "move numbers: {text}");
        assert!(text.contains("best: "), "{text}");
        // Black to move mates at once: a number after the dots, the mate in words.
        let mate = analyse(
            "chess",
            Some("r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1"),
            Limits::depth(2),
            1,
        );
        assert!(mate.contains("wins in 1  1... Ra1"), "{mate}");
        let over = analyse(
            "chess",
            Some("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"),
            Limits::depth(2),
            1,
        );
        assert!(over.contains("nothing to analyse"), "{over}");
    }
}

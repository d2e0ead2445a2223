//! `go`: its words read into the search's [`Limits`].
//!
//! The clock of the player to move (`wtime`/`winc` for the first player, `btime`/
//! `binc` for the second) becomes a [`Clock`] and the search shares it out itself;
//! `movetime`, `depth` and `nodes` are hard limits; `infinite` (and `ponder`, which
//! is not offered but tolerated) searches without limit and holds `bestmove` until
//! `stop`, and so does a `go` with no limit at all (it would search for hours). A
//! word or number not understood is reported and skipped, never fatal.

use super::super::protocol::input::quote;
use chessgraph::search::{Clock, Limits};
use std::time::Duration;

/// Deepest search asked for (the search stops at its own maximum anyway).
const MAX_DEPTH: u32 = 64;

/// Time kept back from `movetime` for the answer to reach the GUI.
const MOVETIME_RESERVE: Duration = Duration::from_millis(10);

/// A `go` command, understood.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// The search's limits.
    pub limits: Limits,
    /// `infinite` or `ponder`: answer only when stopped.
    pub hold: bool,
    /// What was not understood, one message each.
    pub notes: Vec<String>,
}

/// The words `go` may carry.
const KEYWORDS: &[&str] = &[
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];

/// Reads the words after `go` for a position where player `mover` (0 or 1) moves.
pub fn parse(args: &str, mover: u8) -> Go {
    let mut go = Go::default();
    let words: Vec<&str> = args.split_whitespace().collect();
    let (mut time, mut inc) = ([None, None], [None, None]);
    let mut moves_to_go = None;
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        i += 1;
        // The number after a keyword (negative clock times, which some GUIs send
        // when a player is over time, count as zero).
        let mut value = |go: &mut Go| -> Option<u64> {
            let text = words.get(i).copied();
            match text.map(|t| t.parse::<i64>()) {
                Some(Ok(n)) => {
                    i += 1;
                    Some(n.max(0) as u64)
                }
                _ => {
                    // A word that is no keyword was meant as the number: skip it too.
                    if text.is_some_and(|t| !KEYWORDS.contains(&t)) {
                        i += 1;
                    }
                    go.notes.push(format!(
                        "`go {word}` needs a number{}",
                        text.map_or(String::new(), |t| format!(", not `{}`", quote(t, 20)))
                    ));
                    None
                }
            }
        };
        match word {
            "infinite" | "ponder" => go.hold = true,
            "wtime" => time[0] = value(&mut go),
            "btime" => time[1] = value(&mut go),
            "winc" => inc[0] = value(&mut go),
            "binc" => inc[1] = value(&mut go),
            "movestogo" => moves_to_go = value(&mut go).map(|n| n.clamp(1, 1000) as u32),
            "depth" => {
                go.limits.depth = value(&mut go).map(|d| d.clamp(1, MAX_DEPTH as u64) as u32)
            }
            "mate" => {
                go.limits.depth = value(&mut go).map(|n| (2 * n).clamp(1, MAX_DEPTH as u64) as u32)
            }
            "nodes" => go.limits.nodes = value(&mut go).map(|n| n.max(1)),
            "movetime" => {
                go.limits.time = value(&mut go).map(|ms| {
                    Duration::from_millis(ms)
                        .saturating_sub(MOVETIME_RESERVE)
                        .max(Duration::from_millis(1))
                })
            }
            "searchmoves" => {
                go.notes
                    .push("`searchmoves` is not supported: every move is searched".into());
                while i < words.len() && !KEYWORDS.contains(&words[i]) {
                    i += 1;
                }
            }
            other => go
                .notes
                .push(format!("`go {}` is not understood", quote(other, 20))),
        }
    }
    let me = (mover as usize).min(1);
    // The mover's clock; a GUI that sends only the other player's is taken at its word.
    if let Some(remaining) = time[me].or(time[1 - me]) {
        go.limits.clock = Some(Clock {
            remaining: Duration::from_millis(remaining),
            increment: Duration::from_millis(inc[me].unwrap_or(0)),
            moves_to_go,
        });
    }
    if go.limits == Limits::default() {
        go.hold = true;
    }
    go
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_clocks_and_holding() {
        let go = parse("depth 3", 0);
        assert_eq!(go.limits, Limits::depth(3));
        assert!(!go.hold && go.notes.is_empty());
        let go = parse("wtime 60000 btime 30000 winc 1000 binc 500 movestogo 20", 1);
        assert_eq!(
            go.limits.clock,
            Some(Clock {
                remaining: Duration::from_millis(30000),
                increment: Duration::from_millis(500),
                moves_to_go: Some(20),
            })
        );
        let go = parse("wtime -50", 0);
        assert_eq!(go.limits.clock.unwrap().remaining, Duration::ZERO);
        assert_eq!(
            parse("movetime 200", 0).limits.time,
            Some(Duration::from_millis(190))
        );
        assert!(parse("infinite", 0).hold);
        assert!(parse("", 0).hold && !parse("wtime 1000", 0).hold);
        assert_eq!(parse("infinite", 0).limits, Limits::default());
        assert_eq!(parse("depth 999", 0).limits.depth, Some(64));
        assert_eq!(parse("mate 2", 0).limits.depth, Some(4));
        assert_eq!(parse("nodes 5000", 0).limits.nodes, Some(5000));
    }

    #[test]
    fn bad_words_are_noted_and_skipped() {
        let go = parse("depth x searchmoves e2e4 d2d4 movetime 100 frob", 0);
        assert_eq!(go.limits.depth, None);
        assert_eq!(go.limits.time, Some(Duration::from_millis(90)));
        assert_eq!(go.notes.len(), 3, "{:?}", go.notes);
        let go = parse("depth", 0);
        assert_eq!(go.notes.len(), 1);
    }
}

//! `chessgraph xboard`: the Chess Engine Communication Protocol (CECP, version 2)
//! that XBoard, WinBoard and cutechess speak.
//!
//! The engine keeps the game (every move made, so `undo` and `remove` take moves
//! back) and plays the side it is told (`go`, `playother`; none in `force` mode).
//! Moves are the variant's long notation (`e2e4`, `e7e8q`, `P@e4`), which is CECP's
//! coordinate notation on rectangular boards; variants are offered by name as the
//! UCI session offers them, chess as `normal` and Chess960 as `fischerandom`.
//!
//! The search runs on its own thread, so `?` (move now), `ping`, `force`, `new` and
//! `quit` are read while it thinks. A command that changes the game during a search
//! cancels it: the move is not played, unless it was already sent, in which case
//! it is played here too (the GUI saw it). `ping` waits for the move, as the
//! protocol asks.

mod time;

use super::error::CliError;
use super::protocol::catalogue::Catalogue;
use super::protocol::input::{next_line, quote, MAX_LINE};
use super::protocol::out::Out;
use super::protocol::thinker::{Done, OnDone, OnReport, Thinking};
use super::show;
use chessgraph::record::result_text;
use chessgraph::search::Shown;
use chessgraph::search::{Limits, Report, SearchResult, Searcher};
use chessgraph::{Move, MoveKind, Outcome, Player, Position, Score as Points, Variant};
use std::io::BufRead;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use time::TimeControl;

/// Runs a session until `quit` or the end of input; `dirs` are the `--variants`
/// folders.
pub fn run(dirs: &[PathBuf], input: &mut dyn BufRead, out: Out) -> Result<(), CliError> {
    let catalogue = Catalogue::scan(dirs);
    let Some(first) = catalogue.default_entry().cloned() else {
        return Err(CliError::NoEngineVariant {
            help: "name a folder of variant folders with `--variants DIR`".into(),
        });
    };
    let mut s = Session {
        out,
        pos: Position::start(&first.variant),
        variant: first.variant,
        catalogue,
        force: false,
        engine: Some(1),
        post: Arc::new(AtomicBool::new(false)),
        clock: TimeControl::default(),
        searcher: None,
        thinking: None,
    };
    while let Some(line) = next_line(input) {
        s.collect();
        if line.cut {
            s.out.line(&format!(
                "Error (line too long, more than {MAX_LINE} bytes): ignored"
            ));
            continue;
        }
        if !s.command(&line.text) {
            s.settle(Settle::Discard);
            return Ok(());
        }
        if s.out.broken() {
            break;
        }
    }
    // The end of input: a move being thought about is still made.
    s.settle(Settle::Wait);
    Ok(())
}

/// How a search in progress is ended before a command runs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Settle {
    /// Cancel it: its move is not played (unless already sent).
    Discard,
    /// `?`: play the best move found so far.
    MoveNow,
    /// Wait for its move.
    Wait,
}

/// A search in progress and the flag that cancels its move.
struct Search {
    thinking: Thinking,
    discard: Arc<AtomicBool>,
}

/// An XBoard session's state.
struct Session {
    out: Out,
    catalogue: Catalogue,
    variant: Arc<Variant>,
    /// The game, with its moves (for `undo`).
    pos: Position,
    /// `force`: the engine plays neither side.
    force: bool,
    /// The side the engine plays when not in force mode.
    engine: Option<Player>,
    /// `post`: thinking output.
    post: Arc<AtomicBool>,
    clock: TimeControl,
    /// The searcher while no search runs.
    searcher: Option<Searcher>,
    thinking: Option<Search>,
}

/// The line CECP ends a game with: `1-0 {white wins by checkmate}`, or `None` while
/// it goes on.
fn result_line(pos: &mut Position) -> Option<String> {
    let Outcome::Finished { reason, scores } = pos.outcome() else {
        return None;
    };
    let v = pos.variant();
    let words = show::end_words(v, reason);
    let comment = match scores.iter().position(|&s| s == Points::Win) {
        Some(p) => format!("{} wins by {words}", v.players()[p].name),
        None => words,
    };
    Some(format!("{} {{{comment}}}", result_text(v, &scores)))
}

/// A move as CECP writes it: the variant's long notation (`@@@@` for a pass).
fn move_text(v: &Variant, m: Move) -> String {
    if matches!(m.kind(), MoveKind::Pass) {
        "@@@@".into()
    } else {
        v.long_notation(m)
    }
}

impl Session {
    /// Runs one command line; false on `quit`.
    fn command(&mut self, text: &str) -> bool {
        let (word, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
        let rest = rest.trim();
        match word {
            "" => {}
            "xboard" | "accepted" | "rejected" | "random" | "computer" | "name" | "rating"
            | "ics" | "hard" | "easy" | "otim" | "draw" | "hint" | "bk" | "nps" | "memory"
            | "cores" | "white" | "black" => {}
            "protover" => self.features(),
            "new" => {
                self.settle(Settle::Discard);
                if let Some(e) = self.catalogue.default_entry().cloned() {
                    self.set_variant(e.variant);
                }
                if let Some(s) = &mut self.searcher {
                    s.clear();
                }
                self.force = false;
                self.engine = Some(1);
                self.clock.depth = None;
                self.clock.own = None;
            }
            "variant" => {
                self.settle(Settle::Discard);
                match self.catalogue.find(rest).cloned() {
                    Some(e) => self.set_variant(e.variant),
                    None => self.error("unknown variant", rest),
                }
            }
            "force" => {
                self.settle(Settle::Discard);
                self.force = true;
            }
            "go" => {
                self.settle(Settle::Discard);
                self.force = false;
                self.engine = Some(self.pos.to_move());
                self.think();
            }
            "playother" => {
                self.settle(Settle::Discard);
                self.force = false;
                self.engine = Some(1 - self.pos.to_move().min(1));
            }
            "level" => match time::parse_level(rest) {
                Ok(level) => self.clock.level = Some(level),
                Err(why) => self.error(&why, text),
            },
            "st" => match time::parse_seconds(rest) {
                Ok(t) => self.clock.per_move = Some(t),
                Err(why) => self.error(&why, text),
            },
            "sd" => match time::parse_depth(rest) {
                Ok(d) => self.clock.depth = Some(d),
                Err(why) => self.error(&why, text),
            },
            "time" => match time::parse_centiseconds(rest) {
                Ok(t) => self.clock.own = Some(t),
                Err(why) => self.error(&why, text),
            },
            "post" => self.post.store(true, Ordering::Relaxed),
            "nopost" => self.post.store(false, Ordering::Relaxed),
            "?" => self.settle(Settle::MoveNow),
            "ping" => {
                self.settle(Settle::Wait);
                self.out.line(&format!("pong {}", quote(rest, 20)));
            }
            "result" => {
                self.settle(Settle::Discard);
                self.force = true;
            }
            "setboard" => {
                self.settle(Settle::Discard);
                match Position::from_str(&self.variant, rest) {
                    Ok(pos) => self.pos = pos,
                    Err(e) => {
                        self.out.line("tellusererror Illegal position");
                        self.error(&format!("illegal position: {e}"), "setboard");
                    }
                }
            }
            "undo" => self.take_back(1, text),
            "remove" => self.take_back(2, text),
            "usermove" => self.user_move(rest),
            "quit" => return false,
            "analyze" | "exit" | "edit" | "." | "pause" | "resume" => {
                self.error("command not implemented", word)
            }
            // A move without `usermove` (protocol version 1), else unknown.
            _ => {
                if self.pos.parse_long(text).is_ok() {
                    self.user_move(text);
                } else {
                    self.error("unknown command", text);
                }
            }
        }
        true
    }

    /// `Error (WHY): COMMAND`.
    fn error(&self, why: &str, command: &str) {
        self.out
            .line(&format!("Error ({why}): {}", quote(command, 60)));
    }

    /// The `feature` lines of `protover 2`.
    fn features(&self) {
        let names: Vec<&str> = self
            .catalogue
            .names()
            .map(|n| match n {
                "chess" => "normal",
                "chess960" => "fischerandom",
                n => n,
            })
            .collect();
        let mut out = self.out.hold();
        out.line(&format!(
            "feature myname=\"chessgraph {}\" variants=\"{}\"",
            env!("CARGO_PKG_VERSION"),
            names.join(",")
        ));
        out.line(
            "feature setboard=1 usermove=1 ping=1 playother=1 san=0 colors=0 sigint=0 \
             sigterm=0 analyze=0 reuse=1 debug=1 done=1",
        );
    }

    /// A new game of `variant` from its start.
    fn set_variant(&mut self, variant: Arc<Variant>) {
        if !Arc::ptr_eq(&variant, &self.variant) {
            self.variant = variant;
            self.searcher = None;
        }
        self.pos = Position::start(&self.variant);
    }

    /// `undo` / `remove`: takes back `n` moves.
    fn take_back(&mut self, n: usize, command: &str) {
        self.settle(Settle::Discard);
        for _ in 0..n {
            if self.pos.unmake().is_none() {
                return self.error("no move to take back", command);
            }
        }
    }

    /// The opponent's move; the engine answers when it is its turn.
    fn user_move(&mut self, text: &str) {
        self.settle(Settle::Discard);
        let Ok(m) = self.pos.parse_long(text) else {
            return self.out.line(&format!("Illegal move: {}", quote(text, 40)));
        };
        self.pos.make(m);
        if let Some(line) = result_line(&mut self.pos) {
            return self.out.line(&line);
        }
        self.think();
    }

    /// Starts thinking when the engine is to move in a game that goes on.
    fn think(&mut self) {
        if self.force || self.engine != Some(self.pos.to_move()) {
            return;
        }
        if let Some(line) = result_line(&mut self.pos) {
            return self.out.line(&line);
        }
        let mut searcher = self.searcher.take().unwrap_or_else(|| {
            let mut s = Searcher::new(&self.variant, Limits::default());
            s.set_table_megabytes(16);
            s
        });
        searcher.set_limits(self.clock.limits(self.pos.move_number().saturating_sub(1)));
        let discard = Arc::new(AtomicBool::new(false));
        let (v, out, post) = (self.variant.clone(), self.out.clone(), self.post.clone());
        let on_report: OnReport = Box::new(move |r: &Report| {
            if r.line != 0 || !post.load(Ordering::Relaxed) {
                return;
            }
            let pv: Vec<String> = r.pv.iter().map(|&m| move_text(&v, m)).collect();
            out.line(&format!(
                "{} {} {} {} {}",
                r.depth,
                Shown::of(r.value).xboard(),
                r.elapsed.as_millis() / 10,
                r.nodes,
                pv.join(" ")
            ));
        });
        let (out, cancel) = (self.out.clone(), discard.clone());
        let on_done: OnDone = Box::new(move |pos: &mut Position, result: Option<SearchResult>| {
            let mut out = out.hold();
            if cancel.load(Ordering::Acquire) {
                return None;
            }
            let r = result?;
            out.line(&format!("move {}", move_text(pos.variant(), r.best)));
            pos.make(r.best);
            if let Some(line) = result_line(pos) {
                out.line(&line);
            }
            Some(r.best)
        });
        match Thinking::start(searcher, self.pos.clone(), false, on_report, on_done) {
            Ok(thinking) => self.thinking = Some(Search { thinking, discard }),
            Err(e) => self.out.line(&format!(
                "tellusererror cannot start the search thread: {e}"
            )),
        }
    }

    /// Ends the search in progress as `how` says and plays the move it sent.
    fn settle(&mut self, how: Settle) {
        let Some(search) = self.thinking.take() else {
            return;
        };
        let done = match how {
            Settle::Discard => {
                // Under the output lock: the search either sent its move already or
                // will see the flag and send nothing.
                let held = self.out.hold();
                search.discard.store(true, Ordering::Release);
                drop(held);
                search.thinking.stop()
            }
            Settle::MoveNow => search.thinking.stop(),
            Settle::Wait => search.thinking.join(),
        };
        self.take_done(done);
    }

    /// Takes the searcher back and plays the move the search sent.
    fn take_done(&mut self, done: Option<Done>) {
        if let Some(done) = done {
            self.searcher = Some(done.searcher);
            if let Some(m) = done.announced {
                self.pos.make(m);
            }
        }
    }

    /// Takes back a search that ended on its own.
    fn collect(&mut self) {
        if self
            .thinking
            .as_ref()
            .is_some_and(|s| s.thinking.finished())
        {
            self.settle(Settle::Wait);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::protocol::out::Capture;

    fn session(script: &str) -> String {
        let capture = Capture::default();
        let out = Out::new(Box::new(capture.clone()));
        let mut input = script.as_bytes();
        run(&[], &mut input, out).unwrap();
        capture.text()
    }

    #[test]
    fn a_game_with_moves_undo_and_errors() {
        let text = session(
            "xboard\nprotover 2\nnew\nsd 2\npost\nusermove e2e4\nping 1\n\
             usermove e2e5\nfrob\nforce\nundo\nundo\nsetboard nonsense\nquit\n",
        );
        assert!(text.contains("feature myname=\"chessgraph"), "{text}");
        assert!(
            text.contains("variants=\"") && text.contains("normal,"),
            "{text}"
        );
        assert!(text.contains("capablanca"), "{text}");
        assert!(text.contains("done=1"), "{text}");
        // The engine answers e4 as black, posting its thinking first.
        let mv = text.find("move ").unwrap();
        let pong = text.find("pong 1").unwrap();
        assert!(mv < pong, "{text}");
        assert!(text.contains("\n1 "), "thinking output: {text}");
        assert!(text.contains("Illegal move: e2e5"), "{text}");
        assert!(text.contains("Error (unknown command): frob"), "{text}");
        assert!(text.contains("tellusererror Illegal position"), "{text}");
    }

    #[test]
    fn results_are_announced() {
        // Fool's mate: the engine (white, to move after `go`... here black) mates.
        let text = session(
            "new\nforce\nusermove f2f3\nusermove e7e5\nusermove g2g4\nsd 2\ngo\nping 2\nquit\n",
        );
        assert!(text.contains("move d8h4"), "{text}");
        assert!(text.contains("0-1 {black wins by checkmate}"), "{text}");
        let text = session("variant capablanca\nsd 1\ngo\nping 3\nvariant nonesuch\nquit\n");
        assert!(text.contains("move "), "{text}");
        assert!(text.contains("Error (unknown variant): nonesuch"), "{text}");
    }
}

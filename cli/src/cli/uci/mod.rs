//! `chessgraph uci`: the Universal Chess Interface on standard input and output,
//! for GUIs, match runners (cutechess-cli), python-chess and lichess-bot.
//!
//! Every two-player variant the command line can find is offered through the
//! `UCI_Variant` option ([`super::protocol::catalogue`]); `UCI_Chess960` plays chess
//! from Chess960 setups (the `chess960` variant). Positions are FEN, or the
//! variant's position string on boards FEN cannot describe, and moves are the
//! variant's long notation (`e2e4`, `e7e8q`, `P@e4`; qualified cells are joined by
//! `-`): on rectangular boards that is UCI's own notation.
//!
//! Commands are read on this thread while the search runs on another
//! ([`super::protocol::thinker`]): `isready`, `uci`, `stop`, `ponderhit` and `quit`
//! are answered at once. Any other command that arrives during a search (GUIs do not
//! send them; scripts piped in do) first lets the search end: a search with limits
//! is waited for, one without (`go infinite`, or `go` alone) is stopped; either
//! answers `bestmove`. The end of input does the same, then ends the session. A line
//! that is too long, not understood or refused (a bad FEN, an illegal move) is
//! answered with `info string` and changes nothing.

mod go;
mod info;
mod options;
mod position;

use super::error::CliError;
use super::protocol::catalogue::Catalogue;
use super::protocol::input::{next_line, quote, MAX_LINE};
use super::protocol::out::Out;
use super::protocol::thinker::{OnDone, OnReport, Thinking};
use chessgraph::search::{Limits, Report, SearchResult, Searcher};
use chessgraph::{Position, Variant};
use options::Setting;
use std::io::BufRead;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The commands of the protocol (words before the first of them are skipped, as
/// UCI asks).
const COMMANDS: &[&str] = &[
    "uci",
    "isready",
    "setoption",
    "ucinewgame",
    "position",
    "go",
    "stop",
    "ponderhit",
    "quit",
    "debug",
    "register",
];

/// Runs a session until `quit` or the end of input; `dirs` are the `--variants`
/// folders.
pub fn run(dirs: &[PathBuf], input: &mut dyn BufRead, out: Out) -> Result<(), CliError> {
    let mut session = Session::new(dirs.to_vec(), out)?;
    while let Some(line) = next_line(input) {
        session.collect();
        if line.cut {
            session.say(&format!(
                "line too long (more than {MAX_LINE} bytes): ignored"
            ));
            continue;
        }
        if !session.command(&line.text) {
            session.stop();
            return Ok(());
        }
        if session.out.broken() {
            break;
        }
    }
    session.settle();
    Ok(())
}

/// A UCI session's state.
struct Session {
    out: Out,
    /// `--variants` folders.
    dirs: Vec<PathBuf>,
    /// The `VariantPath` option's folder.
    variant_path: Option<PathBuf>,
    catalogue: Catalogue,
    /// `UCI_Variant` as chosen.
    chosen: String,
    /// `UCI_Chess960`.
    chess960: bool,
    variant: Arc<Variant>,
    pos: Position,
    /// The searcher while no search runs (`None` while one does).
    searcher: Option<Searcher>,
    thinking: Option<Thinking>,
    /// `Hash` (MB).
    hash: usize,
    /// `MultiPV`.
    lines: usize,
}

impl Session {
    fn new(dirs: Vec<PathBuf>, out: Out) -> Result<Session, CliError> {
        let catalogue = Catalogue::scan(&dirs);
        let Some(first) = catalogue.default_entry().cloned() else {
            return Err(CliError::NoEngineVariant {
                help: "name a folder of variant folders with `--variants DIR`".into(),
            });
        };
        Ok(Session {
            out,
            dirs,
            variant_path: None,
            catalogue,
            chosen: first.name,
            chess960: false,
            pos: Position::start(&first.variant),
            variant: first.variant,
            searcher: None,
            thinking: None,
            hash: options::DEFAULT_HASH,
            lines: 1,
        })
    }

    /// `info string TEXT`.
    fn say(&self, text: &str) {
        self.out.line(&format!("info string {text}"));
    }

    /// Runs one command line; false on `quit`.
    fn command(&mut self, text: &str) -> bool {
        let mut rest = text.trim();
        let word = loop {
            let (word, after) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
            if word.is_empty() {
                if !text.trim().is_empty() {
                    self.say(&format!("unknown command: {}", quote(text.trim(), 60)));
                }
                return true;
            }
            rest = after.trim();
            if COMMANDS.contains(&word) {
                break word;
            }
        };
        if !matches!(
            word,
            "uci" | "isready" | "stop" | "ponderhit" | "quit" | "debug"
        ) {
            self.settle();
        }
        match word {
            "uci" => self.identify(),
            "isready" => self.out.line("readyok"),
            "setoption" => self.set_option(rest),
            "ucinewgame" => {
                if let Some(s) = &mut self.searcher {
                    s.clear();
                }
                self.pos = Position::start(&self.variant);
            }
            "position" => match position::parse(&self.variant, rest) {
                Ok(pos) => self.pos = pos,
                Err(e) => self.say(&format!("error: {e}; the position is unchanged")),
            },
            "go" => self.go(rest),
            // `ponder` is not offered; a `go ponder` searched without limit, and
            // `ponderhit` asks for its move.
            "stop" | "ponderhit" => self.stop(),
            "quit" => return false,
            _ => {} // debug, register
        }
        true
    }

    /// The answer to `uci`.
    fn identify(&self) {
        let mut out = self.out.hold();
        out.line(&format!("id name chessgraph {}", env!("CARGO_PKG_VERSION")));
        out.line("id author the chessgraph authors");
        for line in options::declarations(&self.catalogue, &self.chosen) {
            out.line(&line);
        }
        for skipped in &self.catalogue.skipped {
            out.line(&format!("info string not offered: {skipped}"));
        }
        out.line("uciok");
    }

    fn set_option(&mut self, args: &str) {
        let setting = match options::parse(args) {
            Ok(s) => s,
            Err(why) => return self.say(&format!("error: {why}")),
        };
        match setting {
            Setting::Hash(mb) => {
                self.hash = mb;
                if let Some(s) = &mut self.searcher {
                    s.set_table_megabytes(mb);
                }
            }
            Setting::ClearHash => {
                if let Some(s) = &mut self.searcher {
                    s.clear();
                }
            }
            Setting::Lines(n) => self.lines = n,
            Setting::Threads => self.say("Threads: the search uses one thread"),
            Setting::Ignored(_) => {}
            Setting::Variant(name) => match self.catalogue.find(&name) {
                Some(e) => {
                    self.chosen = e.name.clone();
                    self.select();
                }
                None => self.say(&format!(
                    "error: no variant `{}` on offer; still {}",
                    quote(&name, 40),
                    self.chosen
                )),
            },
            Setting::Chess960(on) => {
                self.chess960 = on;
                self.select();
            }
            Setting::VariantPath(path) => {
                if !path.is_empty() && !std::path::Path::new(&path).is_dir() {
                    return self.say(&format!("error: no folder `{}`", quote(&path, 100)));
                }
                self.variant_path = (!path.is_empty()).then(|| PathBuf::from(path));
                let mut dirs = self.dirs.clone();
                dirs.extend(self.variant_path.clone());
                self.catalogue = Catalogue::scan(&dirs);
                let names: Vec<&str> = self.catalogue.names().collect();
                self.say(&format!(
                    "{} variants on offer: {}",
                    names.len(),
                    names.join(" ")
                ));
                for skipped in &self.catalogue.skipped {
                    self.say(&format!("not offered: {skipped}"));
                }
                self.select();
            }
        }
    }

    /// Puts the variant `UCI_Variant` and `UCI_Chess960` name in force (a new game
    /// from its start) unless it is in force already.
    fn select(&mut self) {
        let wanted = match (self.chess960, self.chosen.as_str()) {
            (true, "chess") => "chess960".to_owned(),
            (_, name) => name.to_owned(),
        };
        if self.chess960 && wanted != "chess960" {
            self.say(&format!(
                "UCI_Chess960 applies to chess only: playing {wanted}"
            ));
        }
        let Some(entry) = self.catalogue.find(&wanted).cloned() else {
            return self.say(&format!("error: no variant `{wanted}` on offer"));
        };
        if Arc::ptr_eq(&entry.variant, &self.variant) {
            return;
        }
        self.variant = entry.variant;
        self.pos = Position::start(&self.variant);
        self.searcher = None;
    }

    /// The searcher for the variant in force, made when there is none.
    fn take_searcher(&mut self) -> Searcher {
        self.searcher.take().unwrap_or_else(|| {
            let mut s = Searcher::new(&self.variant, Limits::default());
            s.set_table_megabytes(self.hash);
            s
        })
    }

    fn go(&mut self, args: &str) {
        let go = go::parse(args, self.pos.to_move());
        for note in &go.notes {
            self.say(note);
        }
        let mut searcher = self.take_searcher();
        searcher.set_limits(go.limits);
        searcher.set_lines(self.lines);
        let reported = Arc::new(AtomicBool::new(false));
        let (v, out, said) = (self.variant.clone(), self.out.clone(), reported.clone());
        let on_report: OnReport = Box::new(move |r: &Report| {
            said.store(true, Ordering::Relaxed);
            out.line(&info::info(&v, r));
        });
        let out = self.out.clone();
        let on_done: OnDone = Box::new(move |pos: &mut Position, result: Option<SearchResult>| {
            let lines = info::done(pos, result, reported.load(Ordering::Relaxed));
            let mut out = out.hold();
            for line in lines {
                out.line(&line);
            }
            result.map(|r| r.best)
        });
        match Thinking::start(searcher, self.pos.clone(), go.hold, on_report, on_done) {
            Ok(t) => self.thinking = Some(t),
            Err(e) => {
                // No thread: answer at once from a shallow search on this one.
                self.say(&format!(
                    "cannot start the search thread ({e}): a quick move"
                ));
                let mut s = self.take_searcher();
                s.set_limits(Limits::depth(1));
                let result = s.search(&mut self.pos);
                for line in info::done(&mut self.pos, result, false) {
                    self.out.line(&line);
                }
                self.searcher = Some(s);
            }
        }
    }

    /// Stops the search in progress (it answers `bestmove`) and takes its searcher
    /// back.
    fn stop(&mut self) {
        if let Some(t) = self.thinking.take() {
            self.searcher = t.stop().map(|d| d.searcher);
        }
    }

    /// Lets a search in progress end ([`Thinking::settle`]) and takes its searcher
    /// back.
    fn settle(&mut self) {
        if let Some(t) = self.thinking.take() {
            self.searcher = t.settle().map(|d| d.searcher);
        }
    }

    /// Takes the searcher back from a search that has answered on its own.
    fn collect(&mut self) {
        if self.thinking.as_ref().is_some_and(Thinking::finished) {
            if let Some(t) = self.thinking.take() {
                self.searcher = t.join().map(|d| d.searcher);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::protocol::out::Capture;

    /// Runs `script` and returns what the session wrote.
    fn session(script: &str) -> String {
        let capture = Capture::default();
        let out = Out::new(Box::new(capture.clone()));
        let mut input = script.as_bytes();
        run(&[], &mut input, out).unwrap();
        capture.text()
    }

    #[test]
    fn handshake_search_and_errors() {
        let text = session(
            "uci\nisready\nposition startpos moves e2e4\ngo depth 2\nisready\n\
             position fen nonsense\nposition startpos moves e2e5\nfrobnicate\n\
             setoption name MultiPV value 2\nposition startpos\ngo depth 1\nquit\n",
        );
        assert!(
            text.contains("option name UCI_Variant type combo default chess"),
            "{text}"
        );
        assert!(text.contains(" var capablanca"), "{text}");
        assert!(
            text.contains("\nuciok\n") && text.contains("readyok"),
            "{text}"
        );
        assert!(text.contains("info depth 2 "), "{text}");
        assert!(text.contains("multipv 2 "), "{text}");
        assert_eq!(text.matches("bestmove ").count(), 2, "{text}");
        assert!(
            text.contains("info string error: cannot read the position"),
            "{text}"
        );
        assert!(text.contains("info string error: move 1 `e2e5`"), "{text}");
        assert!(
            text.contains("info string unknown command: frobnicate"),
            "{text}"
        );
    }

    #[test]
    fn variants_are_chosen_by_option() {
        let text = session(
            "setoption name UCI_Variant value capablanca\nposition startpos moves f1i1\n\
             setoption name UCI_Variant value nonesuch\n\
             setoption name UCI_Variant value capablanca\n\
             position startpos moves e2e4\ngo depth 1\n\
             setoption name UCI_Chess960 value true\n\
             setoption name UCI_Variant value chess\nposition fen \
             rkrbbqnn/pppppppp/8/8/8/8/PPPPPPPP/RKRBBQNN w KQkq - 0 1\ngo depth 1\n",
        );
        // f1i1 is no move at the start (the path is not clear).
        assert!(text.contains("error: move 1 `f1i1`"), "{text}");
        assert!(
            text.contains("no variant `nonesuch` on offer; still capablanca"),
            "{text}"
        );
        assert_eq!(text.matches("bestmove ").count(), 2, "{text}");
        assert!(
            text.contains("applies to chess only: playing capablanca"),
            "{text}"
        );
        assert!(!text.contains("cannot read the position"), "{text}");
    }

    #[test]
    fn game_over_gives_no_move() {
        let text = session("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\ngo depth 3\nquit\n");
        assert!(text.contains("info depth 0 score mate 0"), "{text}");
        assert!(text.contains("bestmove (none)"), "{text}");
    }
}

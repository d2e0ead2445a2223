//! The engine protocols driven through the real binary, as a GUI drives them: a
//! UCI session (handshake, options, searches with every kind of limit, `stop` during
//! `go infinite`, refused input that changes nothing, variants chosen by option and
//! from `--variants DIR`), an XBoard session, and `analyse`.

use crate::cli::{run_in, scratch};
use crate::common::{chess, named, root};
use chessgraph::{Position, Variant};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The binary in an engine protocol, its output read line by line on a thread.
struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Everything read so far, for failure messages.
    seen: Vec<String>,
}

impl Engine {
    fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chessgraph"))
            .args(args)
            .current_dir(root())
            .env("NO_COLOR", "1")
            .env_remove("CHESSGRAPH_VARIANTS")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the binary starts");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            stdin: child.stdin.take(),
            child,
            lines,
            seen: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("the engine reads");
        stdin.flush().expect("the engine reads");
    }

    /// The lines up to the first for which `done` holds, which must come within
    /// `within`.
    fn until(&mut self, within: Duration, done: impl Fn(&str) -> bool) -> Vec<String> {
        let start = Instant::now();
        let mut got = Vec::new();
        loop {
            let left = within.saturating_sub(start.elapsed());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    let end = done(&line);
                    got.push(line);
                    if end {
                        return got;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!(
                    "no expected line within {within:?}; read so far:\n{}",
                    self.seen.join("\n")
                ),
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the engine ended; read so far:\n{}", self.seen.join("\n"))
                }
            }
        }
    }

    /// The lines that come within `wait`.
    fn quiet(&mut self, wait: Duration) -> Vec<String> {
        let start = Instant::now();
        let mut got = Vec::new();
        while let Ok(line) = self
            .lines
            .recv_timeout(wait.saturating_sub(start.elapsed()))
        {
            self.seen.push(line.clone());
            got.push(line);
        }
        got
    }

    /// Sends `line` and waits for the engine to end, which it must do with status 0
    /// within 10 s.
    fn finish(mut self, line: &str) {
        self.send(line);
        drop(self.stdin.take());
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                assert!(status.success(), "status {status}");
                return;
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "the engine did not end"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

const SECONDS_30: Duration = Duration::from_secs(30);

/// The move of a `bestmove` line, checked legal in `pos`.
fn best_move(lines: &[String], pos: &Position) -> String {
    let last = lines.last().expect("a line");
    let mv = last
        .strip_prefix("bestmove ")
        .unwrap_or_else(|| panic!("not a bestmove: {last}"))
        .split_whitespace()
        .next()
        .expect("a move")
        .to_owned();
    let mut p = pos.clone();
    assert!(p.parse_long(&mv).is_ok(), "{mv} is not legal in {p}");
    mv
}

fn is_best(line: &str) -> bool {
    line.starts_with("bestmove ")
}

fn position(v: &Arc<Variant>, text: &str, moves: &[&str]) -> Position {
    let mut p = Position::from_str(v, text).expect("position");
    for m in moves {
        let mv = p.parse_long(m).expect("move");
        p.make(mv);
    }
    p
}

#[test]
fn a_uci_session_answers_as_the_protocol_says() {
    let v = chess();
    let mut e = Engine::start(&["uci"]);
    e.send("uci");
    let hello = e.until(SECONDS_30, |l| l == "uciok");
    let combo = hello
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant type combo"))
        .expect("UCI_Variant");
    for name in ["chess", "capablanca", "crazyhouse", "xiangqi"] {
        assert!(combo.contains(&format!(" var {name}")), "{combo}");
    }
    assert!(!combo.contains(" var zubrin"), "three players: {combo}");
    assert!(hello.iter().any(|l| l.starts_with("id name chessgraph")));
    assert!(hello.iter().any(|l| l.starts_with("option name MultiPV")));
    e.send("isready");
    e.until(SECONDS_30, |l| l == "readyok");
    e.send("ucinewgame");

    // go depth 3: one info line per depth, then a legal move.
    e.send("position startpos");
    e.send("go depth 3");
    let lines = e.until(SECONDS_30, is_best);
    for d in 1..=3 {
        let info = lines
            .iter()
            .find(|l| l.starts_with(&format!("info depth {d} ")))
            .unwrap_or_else(|| panic!("no depth {d}: {lines:?}"));
        for word in [
            " seldepth ",
            " score cp ",
            " nodes ",
            " nps ",
            " time ",
            " pv ",
        ] {
            assert!(info.contains(word), "{info}");
        }
    }
    best_move(&lines, &Position::start(&v));

    // A FEN and moves.
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    e.send(&format!("position fen {fen} moves f1b5 a7a6"));
    e.send("go depth 2");
    let lines = e.until(SECONDS_30, is_best);
    best_move(&lines, &position(&v, fen, &["f1b5", "a7a6"]));

    // movetime 200 answers within a second.
    let start = Instant::now();
    e.send("go movetime 200");
    e.until(Duration::from_secs(1), is_best);
    assert!(start.elapsed() < Duration::from_secs(1));

    // go infinite holds its move until stop.
    e.send("position startpos moves e2e4");
    e.send("go infinite");
    let early = e.quiet(Duration::from_millis(500));
    assert!(!early.iter().any(|l| is_best(l)), "{early:?}");
    e.send("isready");
    e.until(SECONDS_30, |l| l == "readyok");
    e.send("stop");
    let lines = e.until(Duration::from_secs(5), is_best);
    best_move(
        &lines,
        &position(&v, &Position::start(&v).to_string(), &["e2e4"]),
    );

    // A clock: both sides' times, the mover's is used.
    e.send("go wtime 3000 btime 3000 winc 100 binc 100");
    e.until(Duration::from_secs(5), is_best);

    // Refused input changes nothing: the position stays after 1. e4.
    e.send("position fen this is no fen");
    e.until(SECONDS_30, |l| {
        l.starts_with("info string error: cannot read the position")
    });
    e.send("position startpos moves e2e4 e2e4");
    e.until(SECONDS_30, |l| {
        l.starts_with("info string error: move 2 `e2e4` cannot be played")
    });
    e.send("frobnicate the engine");
    e.until(SECONDS_30, |l| {
        l.starts_with("info string unknown command: frob")
    });
    e.send_bytes(b"\xff\xfe\x00garbage\n");
    e.until(SECONDS_30, |l| l.starts_with("info string unknown command"));
    let mut huge = vec![b'x'; 300 * 1024];
    huge.push(b'\n');
    e.send_bytes(&huge);
    e.until(SECONDS_30, |l| l.starts_with("info string line too long"));
    e.send("setoption name Hash value lots");
    e.until(SECONDS_30, |l| {
        l.starts_with("info string error: Hash takes")
    });
    e.send("go depth 1");
    let lines = e.until(SECONDS_30, is_best);
    let after_e4 = position(&v, &Position::start(&v).to_string(), &["e2e4"]);
    best_move(&lines, &after_e4);

    // MultiPV: three lines per depth.
    e.send("setoption name MultiPV value 3");
    e.send("go depth 2");
    let lines = e.until(SECONDS_30, is_best);
    assert!(lines
        .iter()
        .any(|l| l.starts_with("info depth 2 ") && l.contains(" multipv 3 ")));
    e.finish("quit");
}

#[test]
fn uci_variants_by_option_and_from_a_folder() {
    // A folder of variant folders holding a copy of the tutorial's Los Alamos chess.
    let dir = scratch("uci-variants");
    let mine = dir.join("myalamos");
    std::fs::create_dir_all(&mine).unwrap();
    for f in ["los-alamos.rules", "board.yaml"] {
        std::fs::copy(root().join("examples/first-variant").join(f), mine.join(f)).unwrap();
    }
    let mut e = Engine::start(&["uci", "--variants", dir.to_str().unwrap()]);
    e.send("uci");
    let hello = e.until(SECONDS_30, |l| l == "uciok");
    assert!(
        hello.iter().any(|l| l.contains(" var myalamos")),
        "{hello:?}"
    );
    e.send("setoption name UCI_Variant value myalamos");
    e.send("position startpos moves b2b3");
    e.send("go depth 2");
    let lines = e.until(SECONDS_30, is_best);
    let alamos = named("losalamos", &[]);
    best_move(
        &lines,
        &position(&alamos, &Position::start(&alamos).to_string(), &["b2b3"]),
    );

    // Capablanca chess from its start, by name.
    e.send("setoption name UCI_Variant value capablanca");
    e.send("position startpos moves e2e4");
    e.send("go depth 2");
    let lines = e.until(SECONDS_30, is_best);
    let capa = named("capablanca", &[]);
    best_move(
        &lines,
        &position(&capa, &Position::start(&capa).to_string(), &["e2e4"]),
    );
    e.send("setoption name UCI_Variant value no-such-game");
    e.until(SECONDS_30, |l| {
        l.contains("no variant `no-such-game` on offer")
    });

    // VariantPath names a folder while the engine runs.
    e.send("setoption name VariantPath value /no/such/folder");
    e.until(SECONDS_30, |l| {
        l.starts_with("info string error: no folder")
    });
    e.finish("quit");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_xboard_session_plays_and_takes_back() {
    let v = chess();
    let mut e = Engine::start(&["xboard"]);
    e.send("xboard");
    e.send("protover 2");
    let features = e.until(SECONDS_30, |l| l.contains("done=1"));
    let all = features.join(" ");
    for f in [
        "myname=\"chessgraph",
        "setboard=1",
        "usermove=1",
        "ping=1",
        "sigint=0",
    ] {
        assert!(all.contains(f), "{all}");
    }
    assert!(
        all.contains("variants=\"") && all.contains("normal,"),
        "{all}"
    );
    assert!(all.contains("capablanca"), "{all}");
    e.send("new");
    e.send("level 0 1 0");
    e.send("time 6000");
    e.send("otim 6000");
    e.send("post");
    e.send("usermove e2e4");
    let lines = e.until(SECONDS_30, |l| l.starts_with("move "));
    // Thinking output: ply score time nodes pv.
    assert!(
        lines.iter().any(|l| l.split_whitespace().count() >= 5
            && l.split_whitespace()
                .take(4)
                .all(|w| w.parse::<i64>().is_ok())),
        "{lines:?}"
    );
    // The reply is legal after 1. e4 (`position` plays it or fails).
    let reply = lines.last().unwrap()["move ".len()..].to_owned();
    position(&v, &Position::start(&v).to_string(), &["e2e4", &reply]);
    e.send("ping 7");
    e.until(SECONDS_30, |l| l == "pong 7");
    e.send("usermove e2e5");
    e.until(SECONDS_30, |l| l == "Illegal move: e2e5");
    e.send("setboard no such board");
    e.until(SECONDS_30, |l| l == "tellusererror Illegal position");
    // Take back both moves, set a depth and let the engine play white.
    e.send("force");
    e.send("remove");
    e.send("sd 2");
    e.send("nopost");
    e.send("go");
    let lines = e.until(SECONDS_30, |l| l.starts_with("move "));
    let first = lines.last().unwrap()["move ".len()..].to_owned();
    assert!(Position::start(&v).parse_long(&first).is_ok(), "{first}");
    // A mate the engine finds ends the game with a result line.
    e.send("new");
    e.send("force");
    for m in ["f2f3", "e7e5", "g2g4"] {
        e.send(&format!("usermove {m}"));
    }
    e.send("go");
    e.until(SECONDS_30, |l| l == "move d8h4");
    e.until(SECONDS_30, |l| l == "0-1 {black wins by checkmate}");
    e.send("variant nonesuch");
    e.until(SECONDS_30, |l| l == "Error (unknown variant): nonesuch");
    e.finish("quit");
}

#[test]
fn analyse_prints_lines_values_and_depths() {
    let r = run_in(
        &root(),
        &[
            "analyse", "chess", "--moves", "e4", "e5", "--depth", "3", "--lines", "2",
        ],
        b"",
    );
    assert!(r.ok, "{}", r.err);
    for d in 1..=3 {
        assert!(
            r.out.contains(&format!("depth {d} (selective")),
            "{}",
            r.out
        );
    }
    assert!(r.out.contains("values for white"), "{}", r.out);
    assert!(r.out.contains("   2.  "), "two lines: {}", r.out);
    assert!(r.out.contains("2. "), "SAN with move numbers: {}", r.out);
    assert!(r.out.contains("best: "), "{}", r.out);
    // A variant of its own notation: Shogi's drops and promotions read as SAN.
    let r = run_in(&root(), &["analyse", "minishogi", "--depth", "2"], b"");
    assert!(r.ok && r.out.contains("best: "), "{}{}", r.out, r.err);
    // Time-limited by default.
    let r = run_in(&root(), &["analyse", "chess", "--time-ms", "200"], b"");
    assert!(r.ok && r.out.contains("best: "), "{}{}", r.out, r.err);
}

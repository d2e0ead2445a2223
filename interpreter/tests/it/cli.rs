//! The `chessgraph` binary driven as a user would: every command's happy path, and
//! bad input on every entry answered with an error and a non-zero status, never a
//! panic.

use crate::common::root;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// What a run printed.
struct Run {
    ok: bool,
    out: String,
    err: String,
}

/// Runs the binary from the repository root without colours, `stdin` piped in.
fn run_in(dir: &Path, args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chessgraph"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env_remove("CHESSGRAPH_VARIANTS")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut pipe = child.stdin.take().expect("stdin");
    let input = stdin.to_vec();
    // A separate writer, so a child that stops reading early (or fills its output
    // pipe first) cannot block the test; a closed pipe is not an error here.
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let o = child.wait_with_output().expect("the binary ends");
    writer.join().expect("the writer ends");
    let run = Run {
        ok: o.status.success(),
        out: String::from_utf8_lossy(&o.stdout).into_owned(),
        err: String::from_utf8_lossy(&o.stderr).into_owned(),
    };
    assert!(!run.err.contains("panicked"), "panic: {}", run.err);
    if !run.ok {
        // 1 for errors, 2 for usage errors (clap); 101 would be a panic.
        assert!(
            matches!(o.status.code(), Some(1 | 2)),
            "status {:?}: {}",
            o.status.code(),
            run.err
        );
    }
    run
}

fn run(args: &[&str]) -> Run {
    run_in(&root(), args, b"")
}

/// Asserts a failure whose message contains `needle`.
fn fails(args: &[&str], stdin: &[u8], needle: &str) -> Run {
    let r = run_in(&root(), args, stdin);
    assert!(!r.ok, "{args:?} should fail:\n{}", r.out);
    assert!(
        r.err.contains(needle),
        "{args:?}: stderr lacks `{needle}`:\n{}",
        r.err
    );
    r
}

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chessgraph-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

#[test]
fn validate_summarises_good_files() {
    let r = run(&["validate", "variants/chess", "variants/chess/board.yaml"]);
    assert!(r.ok, "{}", r.err);
    assert!(r.out.contains(
        "variants/chess/chess.rules: ok, Chess: 64 cells, 8 directions, 2 players (white, black), 6 piece types (KQRBNP), no options"
    ), "{}", r.out);
    assert!(
        r.out
            .contains("variants/chess/board.yaml: ok, board chess: 64 cells"),
        "{}",
        r.out
    );
}

#[test]
fn validate_reports_all_three_mistakes() {
    let r = fails(
        &["validate", "interpreter/tests/fixtures/err_three_mistakes"],
        b"",
        "compile::dirs-cycle",
    );
    assert_eq!(
        r.err.matches(" × ").count(),
        4,
        "three mistakes and the summary"
    );
    insta::with_settings!({
        snapshot_path => concat!(env!("CARGO_MANIFEST_DIR"), "/../snapshots/diagnostics"),
        prepend_module_to_snapshot => false,
    }, {
        insta::assert_snapshot!("cli__validate_three_mistakes", format!("{}\n--- stdout ---\n{}", r.err, r.out));
    });
}

#[test]
fn validate_goes_on_after_a_bad_file() {
    let r = fails(
        &["validate", "no/such/file.rules", "variants/chess"],
        b"",
        "no/such/file.rules",
    );
    assert!(r.out.contains("chess.rules: ok"), "{}", r.out);
    fails(&["validate", "Cargo.toml"], b"", "not a rule file");
    let r = fails(
        &[
            "validate",
            "dsl/tests/fixtures/boards/err_three_mistakes.yaml",
        ],
        b"",
        "err_three_mistakes.yaml:",
    );
    assert!(
        r.out.contains("err_three_mistakes.yaml: 3 errors"),
        "{}",
        r.out
    );
    let r = run(&["validate", "dsl/tests/fixtures/boards/ok_tri_centre.yaml"]);
    assert!(r.ok && r.out.contains(": ok, board "), "{}", r.err);
    fails(
        &[
            "validate",
            "variants/chess/chess.rules",
            "variants/chess/chess.rules",
            "README.md",
        ],
        b"",
        "1 of 3 files",
    );
}

#[test]
fn board_prints_the_expanded_graph() {
    let r = run(&["board", "variants/chess/board.yaml"]);
    assert!(r.ok, "{}", r.err);
    assert!(r.out.starts_with("board chess"), "{}", r.out);
    assert!(r.out.contains("64 cells"), "{}", r.out);
    fails(&["board", "variants/chess/chess.rules"], b"", "board::");
    fails(&["board", "nothing.yaml"], b"", "cannot read");
}

#[test]
fn moves_lists_the_legal_moves() {
    let r = run(&["moves", "chess", "--moves", "e2e4", "e7e5"]);
    assert!(r.ok, "{}", r.err);
    assert!(r.out.contains("29 legal moves"), "{}", r.out);
    assert!(r.out.contains("white to move (move 2)"), "{}", r.out);
    let r = run(&[
        "moves",
        "variants/chess/chess.rules",
        "--long",
        "-p",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    ]);
    assert!(r.ok, "{}", r.err);
    assert!(r.out.contains("e1g1"), "{}", r.out);
    let r = run(&["moves", "chess", "-p", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"]);
    assert!(r.ok, "{}", r.err);
    assert!(r.out.contains("game over (stalemate)"), "{}", r.out);
    assert!(r.out.contains("0 legal moves"), "{}", r.out);
}

#[test]
fn perft_counts_and_divides() {
    let r = run(&["perft", "chess", "3"]);
    assert!(r.ok, "{}", r.err);
    assert!(r.out.contains("depth 3: 8902 nodes in "), "{}", r.out);
    assert!(r.out.contains("nodes/s"), "{}", r.out);
    let r = run(&["perft", "chess", "2", "--divide"]);
    assert!(r.ok, "{}", r.err);
    assert!(r.out.contains("e2e4: 20\n"), "{}", r.out);
    assert!(r.out.contains("depth 2: 400 nodes"), "{}", r.out);
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";
    let r = run(&["perft", "chess", "1", "--position", kiwipete]);
    assert!(r.out.contains("depth 1: 48 nodes"), "{}", r.out);
}

#[test]
fn snapshot_writes_the_review_file() {
    let dir = scratch("snapshot");
    let variant = dir.join("mini");
    std::fs::create_dir_all(&variant).unwrap();
    for f in ["chess.rules", "board.yaml"] {
        std::fs::copy(root().join("variants/chess").join(f), variant.join(f)).unwrap();
    }
    std::fs::write(variant.join("review.txt"), "== start\n").unwrap();
    let out = dir.join("out");
    let r = run(&[
        "snapshot",
        variant.to_str().unwrap(),
        "--out-dir",
        out.to_str().unwrap(),
    ]);
    assert!(r.ok, "{}", r.err);
    let written = out.join("mini.snap");
    assert_eq!(r.out.trim(), written.display().to_string());
    let text = std::fs::read_to_string(&written).unwrap();
    assert!(text.starts_with("---\n"), "{text}");
    assert!(text.contains("e2e4") || text.contains("e4"), "{text}");
    std::fs::remove_file(variant.join("review.txt")).unwrap();
    fails(
        &[
            "snapshot",
            variant.to_str().unwrap(),
            "--out-dir",
            out.to_str().unwrap(),
        ],
        b"",
        "review.txt",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn play_to_mate_prints_the_record() {
    let r = run_in(&root(), &["play", "chess"], b"f2f3\ne7e5\ng2g4\nd8h4\n");
    assert!(r.ok, "{}", r.err);
    assert!(
        r.out.contains("game over (checkmate): white 0, black 1"),
        "{}",
        r.out
    );
    assert!(r.out.contains("[Result \"0-1\"]"), "{}", r.out);
    assert!(r.out.trim_end().ends_with("0-1"), "{}", r.out);
    assert!(r.out.contains("1. "), "{}", r.out);
}

#[test]
fn play_explains_undoes_resigns_and_offers_draws() {
    let lines = b"help\ne2e5\ne2e4\nmoves\nundo\nundo\nd2d4\ndraw\nno\nresign\n";
    let r = run_in(&root(), &["play", "chess"], lines);
    assert!(r.ok, "{}", r.err);
    assert!(r.err.contains("`e2e5` refused"), "{}", r.err);
    assert!(r.err.contains("legal moves of P e2"), "{}", r.err);
    assert!(r.err.contains("nothing to undo"), "{}", r.err);
    assert!(r.out.contains("white declines the draw"), "{}", r.out);
    assert!(r.out.contains("black resigns"), "{}", r.out);
    assert!(
        r.out.contains("game over (last-player): white 1, black 0"),
        "{}",
        r.out
    );
    let r = run_in(&root(), &["play", "chess"], b"e2e4\ndraw\nyes\n");
    assert!(r.ok, "{}", r.err);
    assert!(r.out.contains("[Result \"1/2-1/2\"]"), "{}", r.out);
    let r = run_in(
        &root(),
        &["play", "chess", "-p", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"],
        b"quit\n",
    );
    assert!(r.ok, "{}", r.err);
    assert!(r.out.contains("game stopped"), "{}", r.out);
}

#[test]
fn bad_input_on_every_entry_is_an_error() {
    fails(&["moves", "no-such-variant"], b"", "known variants: ");
    fails(&["perft", "../../etc/nothing", "1"], b"", "no variant");
    fails(
        &["moves", "chess", "-o", "mines=3"],
        b"",
        "unknown option `mines`",
    );
    fails(&["moves", "chess", "-o", "garbage"], b"", "NAME=VALUE");
    fails(
        &["moves", "examples/first-variant", "-o", "double_step=maybe"],
        b"",
        "give `true` or `false`",
    );
    fails(
        &["moves", "interpreter/tests/fixtures/err_three_mistakes"],
        b"",
        "compile::unknown-piece",
    );
    fails(
        &["moves", "chess", "-p", "rnbqkbnr/pppppppp/8/8 x"],
        b"",
        "--position",
    );
    fails(
        &["perft", "chess", "2", "-p", "\u{7f}\u{1b}[2J ☃ é"],
        b"",
        "--position",
    );
    fails(
        &["moves", "chess", "--moves", "e2e4", "e2e4"],
        b"",
        "move 2 of --moves, `e2e4`",
    );
    fails(
        &["moves", "chess", "--moves", "Zz9"],
        b"",
        "legal moves there",
    );
    fails(&["perft", "chess", "99"], b"", "depth 99 is too large");
    fails(&["perft", "chess", "-3"], b"", "");
    fails(&["frobnicate"], b"", "");
    let garbage = b"\xff\xfe\x00\nzz99\n\n\x1b[2J\nO-O-O-O\n".repeat(20);
    let r = fails(
        &["play", "chess"],
        &garbage,
        "the input ended before the game did",
    );
    assert!(r.err.contains("refused"), "{}", r.err);
    let long_line = vec![b'e'; 100_000];
    fails(&["play", "chess"], &long_line, "refused");
}

#[test]
fn play_with_three_players() {
    let dir = scratch("three");
    std::fs::copy(
        root().join("variants/chess/board.yaml"),
        dir.join("board.yaml"),
    )
    .unwrap();
    let rules = "board \"board.yaml\"\nplayer white\nplayer red tag r seat white\nplayer black\n\
                 piece king K royal {\n step n e s w\n}\n\
                 setup white: K a1\nsetup red: K h1\nsetup black: K h8\n\
                 check never\nend royal captured: eliminate\n";
    std::fs::write(dir.join("three.rules"), rules).unwrap();
    let d = dir.to_str().unwrap();
    // White offers a draw: red accepts, black declines; then white resigns, red
    // moves, black resigns and red is left.
    let lines = b"draw\nyes\nno\nresign\nh1g1\nresign\n";
    let r = run_in(&root(), &["play", d], lines);
    assert!(r.ok, "{}", r.err);
    assert!(r.out.contains("red: white offers a draw"), "{}", r.out);
    assert!(r.out.contains("black declines the draw"), "{}", r.out);
    assert!(
        r.out
            .contains("game over (last-player): white 0, red 1, black 0"),
        "{}",
        r.out
    );
    assert!(r.out.contains("[Result \"0-1-0\"]"), "{}", r.out);
    assert!(
        r.out.contains("1. (resigns) h1g1 (resigns) 0-1-0"),
        "{}",
        r.out
    );
    let r = run_in(&root(), &["play", d], b"draw\nyes\nyes\n");
    assert!(
        r.out.contains("draw agreed: white 1/2, red 1/2, black 1/2"),
        "{}",
        r.out
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn play_passes_for_a_player_without_moves() {
    let dir = scratch("pass");
    std::fs::copy(
        root().join("variants/chess/board.yaml"),
        dir.join("board.yaml"),
    )
    .unwrap();
    let rules = "board \"board.yaml\"\nplayer white\nplayer black\n\
                 piece king K royal {\n step n e s w\n}\npiece pawn P pawn {\n step n to empty\n}\n\
                 setup white: P a8\nsetup black: K h1\ncheck never\nend no moves: pass\nend quiet 4: draw\n";
    std::fs::write(dir.join("pass.rules"), rules).unwrap();
    let r = run_in(&root(), &["play", dir.to_str().unwrap()], b"h1g1\ng1f1\n");
    assert!(r.ok, "{}", r.err);
    assert!(r.out.contains("white has no move and passes"), "{}", r.out);
    assert!(r.out.contains("game over (quiet)"), "{}", r.out);
    assert!(r.out.contains("\n1. pass "), "{}", r.out);
    let _ = std::fs::remove_dir_all(&dir);
}

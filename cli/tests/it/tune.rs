//! `chessgraph tune`: weights fitted to recorded games, printed as hint lines that the
//! variant's rules accept; bad input answered with an error.

use crate::cli::run_in;
use crate::common::root;

fn temp(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("chessgraph-tune-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn tunes_on_selfplay_records_and_the_hints_compile() {
    let dir = temp("records");
    let games = dir.join("games");
    let d = games.to_str().unwrap();
    let r = run_in(
        &root(),
        &[
            "selfplay",
            "chess",
            "--games",
            "6",
            "--depth",
            "1",
            "--max-plies",
            "80",
            "--random-opening",
            "4",
            "--records",
            d,
        ],
        b"",
    );
    assert!(r.ok, "{}", r.err);
    let out = dir.join("tuned.rules");
    let r = run_in(
        &root(),
        &[
            "tune",
            "chess",
            "--games",
            d,
            "--rounds",
            "2",
            "--skip-plies",
            "2",
            "--output",
            out.to_str().unwrap(),
        ],
        b"",
    );
    assert!(r.ok, "{}", r.err);
    // Games the length guard stopped have no result and are refused.
    let unfinished = std::fs::read_dir(&games)
        .unwrap()
        .filter(|f| {
            let text = std::fs::read_to_string(f.as_ref().unwrap().path()).unwrap();
            text.contains("[Result \"*\"]")
        })
        .count();
    assert!(unfinished < 6, "some game must end");
    let line = format!("{} games read ({unfinished} refused)", 6 - unfinished);
    assert!(r.err.contains(&line), "{line}: {}", r.err);
    assert!(r.out.contains("hint mobility = "), "{}", r.out);
    let written = std::fs::read_to_string(&out).unwrap();
    assert_eq!(written, r.out);
    assert_accepted(&dir);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `dir/tuned.rules` is rule-file text chess accepts: chess's files are copied
/// into `dir`, its rule file then includes the tuned lines, and `validate` passes.
fn assert_accepted(dir: &std::path::Path) {
    let rules = std::fs::read_to_string(root().join("variants/chess/chess.rules")).unwrap();
    for f in ["base.rules", "fide.rules", "places.rules", "board.yaml"] {
        std::fs::copy(root().join("variants/chess").join(f), dir.join(f)).unwrap();
    }
    std::fs::write(
        dir.join("chess.rules"),
        format!("{rules}\ninclude \"tuned.rules\"\n"),
    )
    .unwrap();
    let r = run_in(
        dir,
        &["validate", dir.join("chess.rules").to_str().unwrap()],
        b"",
    );
    assert!(r.ok, "{}", r.err);
}

#[test]
fn bad_games_and_variants_are_errors() {
    let dir = temp("bad");
    let junk = dir.join("junk.pgn");
    std::fs::write(&junk, "this is no record\n\n[Event \"x\"]\n1. e4\n").unwrap();
    let j = junk.to_str().unwrap();
    let r = run_in(&root(), &["tune", "chess", "--games", j], b"");
    assert!(
        !r.ok
            && r.err
                .contains("no positions to tune on (0 games read, 2 refused)"),
        "{}",
        r.err
    );
    let r = run_in(
        &root(),
        &["tune", "chess", "--games", "/nonexistent/games.pgn"],
        b"",
    );
    assert!(!r.ok && r.err.contains("cannot read"), "{}", r.err);
    let r = run_in(&root(), &["tune", "zubrin", "--games", j], b"");
    assert!(!r.ok && r.err.contains("two-player"), "{}", r.err);
    let r = run_in(
        &root(),
        &["tune", "chess", "--games", j, "--rounds", "51"],
        b"",
    );
    assert!(!r.ok && r.err.contains("out of range"), "{}", r.err);
    let r = run_in(
        &root(),
        &["tune", "chess", "--games", j, "--places", "5001"],
        b"",
    );
    assert!(!r.ok && r.err.contains("out of range"), "{}", r.err);
    let r = run_in(&root(), &["tune", "chess"], b"");
    assert!(!r.ok, "--games or --positions is required");
    // A file of scored positions must hold `POSITION;P` lines, P from 0 to 1.
    let scored = dir.join("scored.txt");
    for bad in ["8/8/8/8/8/8/8/K6k w - - 0 1;1.5\n", "no score here\n"] {
        std::fs::write(&scored, bad).unwrap();
        let r = run_in(
            &root(),
            &["tune", "chess", "--positions", scored.to_str().unwrap()],
            b"",
        );
        assert!(!r.ok && r.err.contains("scored.txt:1"), "{}", r.err);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tables_of_places_fit_scored_positions_and_compile() {
    // Positions scored by an engine (here by hand): White's extra knight wins, an
    // extra black knight loses; the fitted tables are rule-file text the variant
    // accepts.
    let dir = temp("places");
    let scored = dir.join("scored.txt");
    let mut text = String::from("# scored positions\n");
    // A table entry is fitted once it is met in 50 positions.
    for _ in 0..60 {
        for rank in ["N3K3", "1N2K3", "2N1K3", "3NK3"] {
            text.push_str(&format!("4k3/8/8/8/8/8/8/{rank} w - - 0 1;0.9\n"));
            let black = rank.replace('N', "n");
            text.push_str(&format!("4k3/8/8/8/8/8/8/{black} w - - 0 1;0.1\n"));
        }
    }
    std::fs::write(&scored, text).unwrap();
    let out = dir.join("tuned.rules");
    let r = run_in(
        &root(),
        &[
            "tune",
            "chess",
            "--positions",
            scored.to_str().unwrap(),
            "--rounds",
            "0",
            "--places",
            "20",
            "--output",
            out.to_str().unwrap(),
        ],
        b"",
    );
    assert!(r.ok, "{}", r.err);
    assert!(r.err.contains("480 scored positions"), "{}", r.err);
    assert!(r.out.contains("hint place"), "{}", r.out);
    assert_accepted(&dir);
    let _ = std::fs::remove_dir_all(&dir);
}

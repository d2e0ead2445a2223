//! Bad input for every entry point: rule files, board files, options, position
//! strings, move texts. Each answers with a typed error; none panics.

use crate::common::{chess, chess_board, compile, root, Rng};
use chessgraph::{Error, MoveError, Position, PositionErrorKind, Variant};

fn chess_rules() -> String {
    std::fs::read_to_string(root().join("variants/chess/fide.rules")).unwrap()
}

#[test]
fn bad_rule_files_are_errors() {
    let board = chess_board();
    let huge = "player white\n".repeat(400_000);
    let bad: Vec<String> = vec![
        String::new(),
        "\u{0}\u{1}\u{2}garbage \u{7f}".into(),
        "game \"ünïcødé ♞\"\nboard \"board.yaml\"\nplayer wëiß\n".into(),
        "board \"board.yaml\"\n".repeat(3),
        huge,
        "board \"missing.yaml\"\nplayer white\n".into(),
        "player white\npiece king K { step n }\n".into(),
        "board \"board.yaml\"\nplayer 😀\n".into(),
        format!("{}\nsetup white: K e1 e1\n", chess_rules()),
    ];
    for text in &bad {
        match compile(text, &[("board.yaml", &board)], &[]) {
            Ok(_) => panic!("should fail: {:.80}", text),
            Err(Error::Variant(ds)) => assert!(ds.has_errors()),
            Err(e) => panic!("unexpected error kind: {e}"),
        }
    }
}

#[test]
fn truncated_and_mutated_rule_files_never_panic() {
    let board = chess_board();
    let rules = chess_rules();
    let mut cut = 0;
    while cut < rules.len() {
        if rules.is_char_boundary(cut) {
            let _ = compile(&rules[..cut], &[("board.yaml", &board)], &[]);
        }
        cut += 23;
    }
    let mut rng = Rng(3);
    for _ in 0..60 {
        let mut bytes = rules.clone().into_bytes();
        for _ in 0..4 {
            let i = rng.below(bytes.len());
            bytes[i] = b" \n{}.:,#abcKN0129-"[rng.below(18)];
        }
        let text = String::from_utf8_lossy(&bytes).to_string();
        let _ = compile(&text, &[("board.yaml", &board)], &[]);
    }
}

#[test]
fn bad_board_files_are_errors() {
    let rules = chess_rules();
    let boards = [
        String::new(),
        "]]]: [".into(),
        "name: x\nseats: [white, black]\ndirections: {}\n".into(),
        "ünïcødé: ♞\n".into(),
        "cells:\n".to_owned() + &"  - { name: a, at: [0, 0] }\n".repeat(5000),
        chess_board()[..900].to_owned(),
        "#".repeat(5 << 20),
    ];
    for b in &boards {
        match compile(&rules, &[("board.yaml", b)], &[]) {
            Ok(_) => panic!("should fail: {:.80}", b),
            Err(Error::Variant(ds)) => assert!(ds.has_errors()),
            Err(e) => panic!("unexpected: {e}"),
        }
    }
}

#[test]
fn positions_are_shared_between_threads() {
    fn shared<T: Send + Sync>() {}
    shared::<Position>();
    shared::<Variant>();
    shared::<Error>();
}

#[test]
fn missing_files_are_read_errors() {
    match Variant::load(root().join("no/such/file.rules"), &[]) {
        Err(Error::Read { .. }) => {}
        other => panic!("{other:?}"),
    }
}

#[test]
fn bad_options_are_errors() {
    let text =
        "game \"o\"\nboard \"board.yaml\"\noption n: int(1..3) = 2\noption b: bool = false\n\
                option c: choice(x, y-z) = x\nplayer white\nplayer black\n\
                piece king K royal { step n e s w }\nsetup white: K e1\nsetup black: K e8\n";
    let board = chess_board();
    let ok = compile(
        text,
        &[("board.yaml", &board)],
        &[("n", "3"), ("b", "true"), ("c", "y-z")],
    );
    let opts = ok.expect("valid options").variant.options().to_vec();
    assert_eq!(opts[0].value.to_string(), "3");
    let huge = "9".repeat(10_000);
    for (k, val) in [
        ("n", "4"),
        ("n", "-1"),
        ("n", "x"),
        ("n", huge.as_str()),
        ("b", "1"),
        ("c", "z"),
        ("nope", "1"),
        ("ünï", "♞"),
        ("", ""),
    ] {
        match compile(text, &[("board.yaml", &board)], &[(k, val)]) {
            Err(Error::Variant(ds)) => {
                assert!(ds
                    .0
                    .iter()
                    .any(|d| d.code.starts_with("compile::unknown-option")
                        || d.code == "compile::option-value"))
            }
            other => panic!("{k}={val:.20}: {:?}", other.map(|_| ())),
        }
    }
}

#[test]
fn bad_position_strings_are_errors() {
    let v = chess();
    let huge = "8/".repeat(40_000);
    let cases: Vec<(String, PositionErrorKind)> = vec![
        ("".into(), PositionErrorKind::Syntax),
        ("garbage".into(), PositionErrorKind::Syntax),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1".into(),
            PositionErrorKind::RowLength,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w - - 0 1".into(),
            PositionErrorKind::RowLength,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w - - 0 1".into(),
            PositionErrorKind::RowLength,
        ),
        (
            "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1".into(),
            PositionErrorKind::UnknownLetter,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x - - 0 1".into(),
            PositionErrorKind::UnknownTag,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w z9 - 0 1".into(),
            PositionErrorKind::UnknownCell,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w e2 - 0 1".into(),
            PositionErrorKind::Illegal,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - e3>e4 0 1".into(),
            PositionErrorKind::Illegal,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - e5>e2 0 1".into(),
            PositionErrorKind::Illegal,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - -1 1".into(),
            PositionErrorKind::Number,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 0".into(),
            PositionErrorKind::Number,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 99999999999".into(),
            PositionErrorKind::Number,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 bogus".into(),
            PositionErrorKind::Syntax,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 elim=q".into(),
            PositionErrorKind::UnknownTag,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6".into(),
            PositionErrorKind::Illegal,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1".into(),
            PositionErrorKind::Illegal,
        ),
        (
            "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1".into(),
            PositionErrorKind::Illegal,
        ),
        ("♞♞♞♞/é/ü w - - 0 1".into(), PositionErrorKind::RowLength),
        (
            "8/8/8/8/8/8/8/7♞ w - - 0 1".into(),
            PositionErrorKind::UnknownLetter,
        ),
        (
            "8/8/8/8/8/8/8/99999999999999999999 w - - 0 1".into(),
            PositionErrorKind::RowLength,
        ),
        (huge, PositionErrorKind::TooLong),
    ];
    for (s, kind) in cases {
        let e = Position::from_str(&v, &s).expect_err(&s[..s.len().min(80)]);
        assert_eq!(e.kind, kind, "{:.80}: {}", s, e.message);
        assert!(e.offset() <= s.len());
    }
}

#[test]
fn truncated_and_mutated_position_strings_never_panic() {
    let v = chess();
    let good = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w a8,e8,h8,a1,e1,h1 e3>e4 0 1 elim=b ctl=w:b end=checkmate:1,0";
    for cut in 0..=good.len() {
        let _ = Position::from_str(&v, &good[..cut]);
    }
    let mut rng = Rng(11);
    let alphabet: Vec<char> = " /,>+@=:-0123456789KQkqpPwbé♞xe".chars().collect();
    for _ in 0..2000 {
        let mut chars: Vec<char> = good.chars().collect();
        for _ in 0..1 + rng.below(3) {
            let i = rng.below(chars.len());
            chars[i] = alphabet[rng.below(alphabet.len())];
        }
        let s: String = chars.into_iter().collect();
        if let Ok(mut p) = Position::from_str(&v, &s) {
            // Whatever reads must write back to something that reads the same, and
            // play on without panicking.
            let again = Position::from_str(&v, &p.to_string()).expect("written strings read");
            assert_eq!(again, p);
            chessgraph::perft(&mut p, 2);
            let _ = p.outcome();
            assert_eq!(p, again);
        }
    }
}

#[test]
fn bad_move_texts_are_typed_errors() {
    let v = chess();
    let mut p = Position::start(&v);
    let before = p.to_string();
    let huge = "e2".repeat(10_000);
    let cases: [(&str, MoveError); 10] = [
        ("", MoveError::Empty),
        ("   ", MoveError::Empty),
        ("e2", MoveError::UnknownCell("e2".into())),
        ("e2e9", MoveError::UnknownCell("e2e9".into())),
        ("é2é4", MoveError::UnknownCell("é2é4".into())),
        ("e3e4", MoveError::NoPiece("e3".into())),
        ("e2e5", MoveError::Illegal("e2e5".into())),
        ("e2-e5", MoveError::Illegal("e2-e5".into())),
        ("e2e4x", MoveError::UnknownPromotion("e2e4x".into())),
        ("pass", MoveError::Illegal("pass".into())),
    ];
    for (text, want) in cases {
        assert_eq!(p.parse_long(text), Err(want), "{text:?}");
    }
    assert!(matches!(
        p.parse_long(&huge),
        Err(MoveError::UnknownCell(_))
    ));
    assert_eq!(p.to_string(), before, "errors leave the position alone");
    let m = p.parse_long("e2-e4").unwrap();
    assert_eq!(p.long(m), "e2e4");
    let mut mate = Position::from_str(
        &v,
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    )
    .unwrap();
    assert!(matches!(
        mate.parse_long("e2e4"),
        Err(MoveError::GameOver(_))
    ));
    assert!(matches!(mate.play(m), Err(MoveError::GameOver(_))));
}

#[test]
fn huge_declarations_hit_limits() {
    let board = chess_board();
    let base = "board \"board.yaml\"\nplayer white\nplayer black\n";
    let sets: String = (0..300).map(|i| format!("dirs s{i} = n\n")).collect();
    let rules: String = (0..100).map(|_| " slide n e\n").collect();
    let zones: String = (0..300).map(|i| format!("zone z{i} = e4\n")).collect();
    for extra in [sets, format!("piece rook R {{\n{rules}}}\n"), zones] {
        match compile(&format!("{base}{extra}"), &[("board.yaml", &board)], &[]) {
            Err(Error::Variant(ds)) => assert!(ds.0.iter().any(|d| d.code == "compile::limit")),
            other => panic!("{:?}", other.map(|_| ())),
        }
    }
}

#[test]
fn a_large_board_compiles_quickly() {
    // 32 x 32 cells (1024, the most a board may have) with queens and knights.
    let board = "name: big\nseats: [white, black]\ndirections:\n  n: { opposite: s }\n  s: { opposite: n }\n\
                 \x20 e: { opposite: w }\n  w: { opposite: e }\n  ne: { opposite: sw }\n  sw: { opposite: ne }\n\
                 \x20 nw: { opposite: se }\n  se: { opposite: nw }\nlattice:\n  kind: grid\n  width: 32\n  height: 32\n\
                 \x20 files: ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef\n\
                 \x20 vectors: { n: [0, 1], s: [0, -1], e: [1, 0], w: [-1, 0], ne: [1, 1], sw: [-1, -1], nw: [-1, 1], se: [1, -1] }\n";
    let rules = "board \"big.yaml\"\nplayer white\nplayer black\n\
                 piece king K royal {\n step n s e w ne sw nw se\n}\npiece queen Q {\n slide n s e w ne sw nw se\n}\n\
                 piece knight N {\n leap n.n.e n.n.w s.s.e s.s.w e.e.n e.e.s w.w.n w.w.s\n}\n\
                 setup white: K A1, Q B1, N C1\nsetup black: K f32, Q e32, N d32\ncheck always\nend checkmate: lose\n";
    let t = std::time::Instant::now();
    let v = compile(rules, &[("big.yaml", board)], &[])
        .expect("compiles")
        .variant;
    assert_eq!(v.cell_count(), 1024);
    let mut p = Position::start(&v);
    assert!(p.legal_moves().len() > 50);
    assert!(t.elapsed().as_secs() < 20, "{:?}", t.elapsed());
}

#[test]
fn boards_whose_rays_explode_are_refused() {
    // Two cells per layer, each joined to both cells of the next layer: a ray has
    // 2^layers branches.
    let layers = 24;
    let mut board = String::from(
        "name: ladder\nseats: [white]\ndirections:\n  x: { opposite: y }\n  y: { opposite: x }\ncells:\n",
    );
    for i in 0..layers {
        for side in ["a", "b"] {
            let mut links = Vec::new();
            if i + 1 < layers {
                links.push(format!("x: [a{}, b{}]", i + 1, i + 1));
            }
            if i > 0 {
                links.push(format!("y: [a{}, b{}]", i - 1, i - 1));
            }
            board += &format!(
                "  - {{ name: {side}{i}, at: [{i}, 0], links: {{ {} }} }}\n",
                links.join(", ")
            );
        }
    }
    let rules = "board \"ladder.yaml\"\nplayer white\npiece rook R {\n slide x\n}\n";
    match compile(rules, &[("ladder.yaml", &board)], &[]) {
        Err(Error::Variant(ds)) => assert!(
            ds.0.iter().any(|d| d.code == "compile::rays-too-large"),
            "{:?}",
            ds.0
        ),
        other => panic!("{:?}", other.map(|_| ())),
    }
}

#[test]
fn counters_at_their_limits_do_not_overflow() {
    let v = chess();
    let mut p = Position::from_str(&v, "4k3/8/8/8/8/8/8/R3K3 b - - 4294967295 4294967295").unwrap();
    // The 50-move rule has long ended this game: no legal move, yet make/unmake of a
    // generated move (what perft does) must not overflow the counters.
    assert!(p.legal_moves().is_empty());
    let m = chessgraph::divide(&mut p, 1)
        .into_iter()
        .map(|(m, _)| m)
        .find(|&m| p.long(m) == "e8d8")
        .unwrap();
    p.make(m);
    assert_eq!(
        p.to_string(),
        "3k4/8/8/8/8/8/8/R3K3 w - - 4294967295 4294967295"
    );
    p.unmake();
    assert_eq!(
        p.to_string(),
        "4k3/8/8/8/8/8/8/R3K3 b - - 4294967295 4294967295"
    );
}

#[test]
fn long_digit_runs_after_pieces_are_row_length_errors() {
    // `col + n` on a run of 20+ digits used to wrap around (two pieces on one cell in
    // release builds, an overflow panic in debug builds).
    let v = chess();
    for s in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RN99999999999999999999999NBQKBNR w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RN18446744073709551615NBQKBNR w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RN18446744073709551614NBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN99999999999999999999999 w - - 0 1",
    ] {
        let e = Position::from_str(&v, s).expect_err(s);
        assert_eq!(e.kind, PositionErrorKind::RowLength, "{s}: {}", e.message);
        assert!(e.message.contains("does not fit"), "{}", e.message);
    }
}

#[test]
fn extreme_lost_points_are_number_errors() {
    // `i64::MIN.abs()` overflowed (a panic in debug builds, accepted in release).
    let v = crate::common::named("chess-for-3", &[]);
    let start = Position::start(&v).to_string();
    for lost in [
        "lost=w:-9223372036854775808",
        "lost=w:9223372036854775807",
        "lost=w:99999999999999999999",
    ] {
        let s = format!("{start} {lost}");
        let e = Position::from_str(&v, &s).expect_err(&s);
        assert_eq!(e.kind, PositionErrorKind::Number, "{s}: {}", e.message);
    }
}

#[test]
fn track_move_numbers_at_their_limit_are_errors_or_unmake_exactly() {
    let v = crate::common::named("strategichess-team", &[("boards", "2")]);
    let s = Position::start(&v).to_string();
    let base = s.split(" turns=").next().unwrap();
    for turns in ["A4294967295,B4294967295", "A4294967294,B4294967295"] {
        let s = format!("{base} turns={turns} next=1");
        match Position::from_str(&v, &s) {
            Ok(mut p) => {
                let before = p.clone();
                let moves = p.legal_moves();
                p.make(moves[0]);
                p.unmake();
                assert_eq!(p, before, "{s}");
            }
            Err(e) => assert_eq!(e.kind, PositionErrorKind::Number, "{s}: {}", e.message),
        }
    }
}

/// Asserts that `load(4 n)` takes at most eight times as long as `load(n)` (linear: 4
/// times, quadratic: 16, so noise has a factor of two either way): the best of five
/// runs of each, interleaved so that a burst of other work on the machine
/// slows both (times under 10 ms count as 10 ms, below which noise dominates). A
/// failing measurement is taken again, up to three times: other tests run beside this
/// one, and a quadratic load fails every time while noise does not.
fn scales_linearly(what: &str, n: usize, mut load: impl FnMut(usize)) {
    let mut time = |n: usize| {
        let t = std::time::Instant::now();
        load(n);
        t.elapsed()
    };
    let floor = std::time::Duration::from_millis(10);
    let mut seen = Vec::new();
    for _ in 0..3 {
        let (mut small, mut large) = (std::time::Duration::MAX, std::time::Duration::MAX);
        for _ in 0..5 {
            small = small.min(time(n));
            large = large.min(time(4 * n));
        }
        if large <= 8 * small.max(floor) {
            return;
        }
        seen.push((small, large));
    }
    panic!("{what}: {n} and {} took {seen:?}", 4 * n);
}

/// A rule file on the chess board that must fail to compile; its diagnostics.
fn fails_on_chess(rules: &str) -> dsl::Diagnostics {
    match compile(rules, &[("board.yaml", &chess_board())], &[]) {
        Err(Error::Variant(ds)) => ds,
        other => panic!("should fail: {:?}", other.map(|_| ())),
    }
}

/// Loads a board file that must fail.
fn board_fails(text: &str) {
    let file = dsl::SourceFile::new("t.yaml", text);
    assert!(dsl::board::load_board(&file).is_err());
}

const TWO_DIRS: &str =
    "name: x\nseats: [white, black]\ndirections:\n  n: { opposite: s }\n  s: { opposite: n }\n";

#[test]
fn hostile_inputs_load_in_linear_time() {
    // One test, so that its timings do not compete with each other.
    hostile_inputs_load_linearly();
    hostile_inputs_render_bounded_diagnostics_linearly();
}

fn hostile_inputs_load_linearly() {
    // Point 2 of issue 19: nested YAML (serde_yaml's scanner is quadratic in flow
    // depth), 100,000 choices, options, piece types, palette entries: every
    // duplicate check and lookup must be linear.
    scales_linearly("nested flow YAML", 20_000, |n| {
        board_fails(&format!("{TWO_DIRS}zones: {}\n", "[".repeat(n)));
    });
    scales_linearly("nested block YAML", 100_000, |n| {
        board_fails(&format!("{TWO_DIRS}zones:\n{}x\n", "- ".repeat(n)));
    });
    scales_linearly("palette entries", 5_000, |n| {
        let palette: String = (0..n).map(|i| format!("  c{i}: \"#fff\"\n")).collect();
        board_fails(&format!(
            "{TWO_DIRS}cells:\n  - {{ name: a }}\npalette:\n{palette}  c0: \"#000\"\n"
        ));
    });
    let base = "board \"board.yaml\"\nplayer white\nplayer black\n";
    scales_linearly("choice values", 20_000, |n| {
        let values: Vec<String> = (0..n).map(|i| format!("v{i}")).collect();
        fails_on_chess(&format!(
            "{base}option c: choice({}) = v0\nwhen c = v1 {{\n}}\nsetup white: X e1\n",
            values.join(", ")
        ));
    });
    scales_linearly("option lines", 5_000, |n| {
        let options: String = (0..n)
            .map(|i| format!("option o{i}: bool = false\n"))
            .collect();
        let whens: String = (0..n).map(|i| format!("when o{i} {{\n}}\n")).collect();
        fails_on_chess(&format!("{base}{options}{whens}setup white: X e1\n"));
    });
    scales_linearly("piece lines", 4_000, |n| {
        let pieces: String = (0..n)
            .map(|i| format!("piece p{i} P {{\n step n\n}}\n"))
            .collect();
        fails_on_chess(&format!("{base}{pieces}"));
    });
}

fn hostile_inputs_render_bounded_diagnostics_linearly() {
    // Point 3 of issue 19: a long setup line of duplicates printed the whole line
    // with every diagnostic, and `dirs` cases with zones held a cell set per case
    // and owner. Output stays bounded, time linear.
    let render = |ds: &dsl::Diagnostics| -> usize {
        ds.0.iter()
            .map(|d| {
                let mut out = String::new();
                miette::GraphicalReportHandler::new_themed(
                    miette::GraphicalTheme::unicode_nocolor(),
                )
                .render_report(&mut out, d)
                .expect("renders");
                out.len()
            })
            .sum()
    };
    let base = "board \"board.yaml\"\nplayer white\nplayer black\npiece king K { step n }\n";
    let mut sizes = Vec::new();
    scales_linearly("a long setup line", 30_000, |n| {
        let ds = fails_on_chess(&format!("{base}setup white: K {}\n", "e1 ".repeat(n)));
        sizes.push(render(&ds));
    });
    assert!(
        sizes.iter().all(|&s| s < 40_000),
        "rendered diagnostics grow with the line: {sizes:?}"
    );
    scales_linearly("dirs cases with zones", 20_000, |n| {
        let cases = "n for white in rank2 e4, ".repeat(n);
        fails_on_chess(&format!(
            "{base}dirs d = {cases}s\npiece rook R {{\n slide d\n}}\nsetup white: K e1, X e2\n"
        ));
    });
}

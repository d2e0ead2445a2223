//! The oracles of the fuzz targets (`fuzz_targets/*.rs`): each target turns its input
//! into a text or a choice of moves and calls one `check_*` function here, which
//! panics (a libFuzzer crash) when a property fails. The functions are plain Rust, so
//! a crash input can be replayed under a debugger or in a unit test.

use chessgraph::record::GameRecord;
use chessgraph::{san, Error, Move, Outcome, Position, PositionError, Variant};
use dsl::{Diagnostic, Diagnostics, SourceFile, Span};
use std::sync::{Arc, OnceLock};

mod http;
pub use http::check_http;

/// The variants the position and move targets play, with their options: the first
/// byte of an input picks one (modulo the length). The first eight are the variants
/// the fuzzing brief names; the others cover every folder of `variants/` and the
/// options that change the position string or the notation.
pub const VARIANTS: &[(&str, &[(&str, &str)])] = &[
    ("chess", &[]),
    ("zubrin", &[]),
    ("dreierschach", &[]),
    ("mined-chess", &[]),
    ("atomic", &[]),
    ("xiangqi", &[]),
    ("3check", &[]),
    ("strategichess-team", &[]),
    (
        "strategichess-team",
        &[("boards", "2"), ("move_limit", "30")],
    ),
    (
        "mined-chess",
        &[
            ("visibility", "visible"),
            ("mines", "12"),
            ("first_entry", "stay"),
            ("after_blast", "move-again"),
        ],
    ),
    (
        "mined-chess",
        &[
            ("visibility", "hidden"),
            ("symmetric", "false"),
            ("mine_zone", "c3-f6"),
            ("seed", "7"),
        ],
    ),
    ("chess960", &[("array", "0")]),
    ("chess960", &[("array", "959")]),
    ("chess960", &[("array", "333")]),
    ("zubrin", &[("inherit", "true")]),
    ("chess-for-3", &[]),
    ("dreierschach", &[("ep_window", "turn")]),
    ("strategichess", &[]),
    ("antichess", &[]),
    ("capablanca", &[]),
    ("extinction", &[]),
    ("grand", &[]),
    ("horde", &[]),
    ("kingofthehill", &[]),
    ("makruk", &[]),
    ("racingkings", &[]),
    ("shatranj", &[]),
    ("crazyhouse", &[]),
    ("shogi", &[]),
    ("minishogi", &[]),
    ("seirawan", &[]),
    ("sittuyin", &[]),
];

/// The repository root (the fuzz crate is its `fuzz/` folder).
pub fn root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Variant `i` of [`VARIANTS`] (modulo its length), compiled once per process.
pub fn variant(i: usize) -> &'static Arc<Variant> {
    const N: usize = VARIANTS.len();
    static CACHE: [OnceLock<Arc<Variant>>; N] = [const { OnceLock::new() }; N];
    let i = i % N;
    CACHE[i].get_or_init(|| {
        let (name, options) = VARIANTS[i];
        let options: Vec<(String, String)> = options
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let path = root().join(format!("variants/{name}/{name}.rules"));
        match Variant::load(&path, &options) {
            Ok(l) => l.variant,
            Err(e) => panic!("{}: {e}", path.display()),
        }
    })
}

/// The variant a record's `Variant` tag names, when it is one of [`VARIANTS`] with
/// the same options (records name variants as the command line does).
pub fn variant_named(name: &str, options: &[(String, String)]) -> Option<&'static Arc<Variant>> {
    let i = VARIANTS.iter().position(|(n, o)| {
        *n == name
            && o.len() == options.len()
            && o.iter()
                .zip(options)
                .all(|((a, b), (c, d))| a == c && b == d)
    })?;
    Some(variant(i))
}

// ---------------------------------------------------------------------------
// Diagnostics

/// Panics unless `span` lies inside the text of `file` (of the part it falls in, for a
/// rule file with includes) on character boundaries.
fn check_span(file: &SourceFile, span: Span, what: &str) {
    let (start, end) = (span.start as usize, span.end as usize);
    assert!(start <= end, "{what}: span {start}..{end} is reversed");
    let (part, base) = file.part_of(start);
    assert!(
        start >= base,
        "{what}: span {start}..{end} before its part ({base})"
    );
    let text = part.text.as_str();
    let (s, e) = (start - base, end - base);
    assert!(
        e <= text.len(),
        "{what}: span {start}..{end} past the end of {:?} ({} bytes from {base})",
        part.name,
        text.len()
    );
    assert!(
        text.is_char_boundary(s) && text.is_char_boundary(e),
        "{what}: span {start}..{end} splits a character of {:?}",
        part.name
    );
}

/// Every span of every diagnostic lies inside its file; rendering never panics and
/// stays bounded.
pub fn check_diagnostics(ds: &Diagnostics, errors_expected: bool) {
    if errors_expected {
        assert!(ds.has_errors(), "a failed load without an error: {ds:?}");
    }
    for d in &ds.0 {
        check_diagnostic(d);
    }
}

fn check_diagnostic(d: &Diagnostic) {
    assert!(!d.message.is_empty(), "empty message: {d:?}");
    let Some(file) = &d.file else {
        assert!(
            d.primary.is_none() && d.secondary.is_empty(),
            "spans without a file: {d:?}"
        );
        return;
    };
    if let Some((s, _)) = &d.primary {
        check_span(file, *s, d.code);
    }
    for (s, _) in &d.secondary {
        check_span(file, *s, d.code);
    }
    let _ = d.location();
    let mut out = String::new();
    miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
        .render_report(&mut out, d)
        .expect("rendering a diagnostic");
    // Excerpts are windows of at most 160 bytes either side of each label.
    let labels = 1 + d.secondary.len();
    let bound =
        4096 + labels * 2048 + d.message.len() * 2 + d.help.as_ref().map_or(0, |h| h.len() * 2);
    assert!(
        out.len() <= bound,
        "{}: a rendering of {} bytes for {labels} labels",
        d.code,
        out.len()
    );
}

// ---------------------------------------------------------------------------
// Rule files and board files

/// The chess board, the board every fuzzed rule file gets.
const CHESS_BOARD: &str = include_str!("../../variants/chess/board.yaml");
/// Rule files an `include` may name (by the file name, any folder).
const INCLUDES: &[(&str, &str)] = &[
    (
        "base.rules",
        include_str!("../../variants/chess/base.rules"),
    ),
    (
        "chess.rules",
        include_str!("../../variants/chess/chess.rules"),
    ),
    (
        "fide.rules",
        include_str!("../../variants/chess/fide.rules"),
    ),
    (
        "places.rules",
        include_str!("../../variants/chess/places.rules"),
    ),
    (
        "compound.rules",
        include_str!("../../variants/chess/compound.rules"),
    ),
];

/// Parses `text` as a rule file, then compiles it against the chess board (includes
/// of the chess family's rule files resolve): no panic, every diagnostic inside the
/// text; a variant that compiles has a start position whose string round-trips.
pub fn check_rules(text: &str) {
    let file = SourceFile::new("fuzz.rules", text);
    match dsl::rules::parse_rules(&file) {
        Ok(_) => {}
        Err(ds) => check_diagnostics(&ds, true),
    }
    let mut read = |path: &str| -> Result<String, String> {
        let name = path.rsplit('/').next().unwrap_or(path);
        if name.ends_with(".yaml") {
            return Ok(CHESS_BOARD.to_owned());
        }
        INCLUDES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, t)| (*t).to_owned())
            .ok_or_else(|| "no such file".to_owned())
    };
    match Variant::load_with(file, &mut read, &[]) {
        Ok(loaded) => {
            check_diagnostics(&loaded.warnings, false);
            let mut p = Position::start(&loaded.variant);
            check_round_trip(&p);
            // Every move written (one generation for all), the first 64 made.
            let moves = san::san_every(&mut p);
            for &(m, _) in moves.iter().take(64) {
                p.make(m);
                assert_eq!(p.hash(), p.compute_hash(), "hash after {}", p.long(m));
                p.unmake();
            }
        }
        Err(Error::Variant(ds)) => check_diagnostics(&ds, true),
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

/// Loads `text` as a board file: no panic, every diagnostic inside the text.
pub fn check_board(text: &str) {
    let file = SourceFile::new("fuzz.yaml", text);
    match dsl::board::load_board(&file) {
        Ok((graph, warnings)) => {
            check_diagnostics(&warnings, false);
            let _ = graph;
        }
        Err(ds) => check_diagnostics(&ds, true),
    }
}

// ---------------------------------------------------------------------------
// Positions

/// A position error's label lies inside its quoted input.
pub fn check_position_error(e: &PositionError) {
    let (at, len) = (e.at.offset(), e.at.len());
    assert!(
        at + len <= e.input.len()
            && e.input.is_char_boundary(at)
            && e.input.is_char_boundary(at + len),
        "position error label {at}+{len} outside {:?}: {}",
        e.input,
        e.message
    );
    let mut out = String::new();
    miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
        .render_report(&mut out, e)
        .expect("rendering a position error");
}

/// `p` is consistent and its string reads back to an equal position with the same
/// hash and the same string; its FEN, when it has one, reads back to a position with
/// the same FEN.
pub fn check_round_trip(p: &Position) {
    let v = p.variant();
    if let Err(e) = p.debug_validate() {
        panic!("{p:?}: {e}");
    }
    assert_eq!(p.hash(), p.compute_hash(), "incremental hash of {p:?}");
    let s = p.to_string();
    let q = Position::from_str(v, &s).unwrap_or_else(|e| panic!("{s:?} does not read back: {e}"));
    assert!(q == *p, "{s:?} reads back as {q:?}");
    assert_eq!(q.hash(), p.hash(), "hash of {s:?} read back");
    assert_eq!(q.to_string(), s, "string of {s:?} read back");
    if let Some(fen) = p.fen() {
        let r = Position::from_str(v, &fen).unwrap_or_else(|e| panic!("FEN {fen:?} of {s:?}: {e}"));
        assert_eq!(
            r.fen().as_deref(),
            Some(fen.as_str()),
            "FEN of {s:?} read back"
        );
    }
}

/// Reads `text` as a position of `v`: an error labels its input; a position
/// round-trips, its moves are generated, and making and unmaking the first and the
/// last restores it.
pub fn check_position_text(v: &Arc<Variant>, text: &str) {
    let mut p = match Position::from_str(v, text) {
        Ok(p) => p,
        Err(e) => return check_position_error(&e),
    };
    check_round_trip(&p);
    let (s, h) = (p.to_string(), p.hash());
    let moves = p.every_move();
    assert_eq!(p.to_string(), s, "every_move changed {text:?}");
    // The oracle: legality by making every move, none of the shortcuts.
    let made = p.every_move_by_making();
    assert!(
        moves[..] == made[..],
        "{s:?}: legal moves {:?}, by making each {:?}",
        moves.iter().map(|&m| p.long(m)).collect::<Vec<_>>(),
        made.iter().map(|&m| p.long(m)).collect::<Vec<_>>()
    );
    // The first and the last move (the moves target tries them all).
    let ends = moves
        .first()
        .into_iter()
        .chain(moves.last().filter(|_| moves.len() > 1));
    for &m in ends {
        p.make(m);
        if let Err(e) = p.debug_validate() {
            panic!("{s:?} after {}: {e}", p.long(m));
        }
        p.unmake();
        assert_eq!(p.to_string(), s, "unmake of {}", p.long(m));
        assert_eq!(p.hash(), h, "hash after unmake of {}", p.long(m));
    }
}

// ---------------------------------------------------------------------------
// Moves

/// The moves that a text read as a move may name: every move the rules allow, and
/// the pass (`parse_long("pass")` finds it among the scheduled player's moves).
fn allowed(p: &mut Position) -> Vec<Move> {
    let mut all: Vec<Move> = p.every_move().iter().copied().collect();
    all.extend(p.legal_moves().iter().copied());
    all
}

/// The `moves` target's input: a byte picking a variant of [`VARIANTS`], a byte `n`
/// (plies: `n % 64`), `n % 64` bytes choosing the moves, then the text.
pub fn fuzz_moves(data: &[u8]) {
    let [pick, n, rest @ ..] = data else {
        return;
    };
    let plies = (*n as usize % 64).min(rest.len());
    let (choices, text) = rest.split_at(plies);
    check_moves(
        variant(*pick as usize),
        choices,
        &String::from_utf8_lossy(text),
    );
}

/// Plays the plies `choices` pick (each byte an index into the moves the rules allow,
/// modulo their count) from the start of `v`, checking the hash of every position. At
/// the position reached, the first time it is met ([`first_visit`]), its string
/// round-trips, every move's SAN and long notation read back as the move, and
/// make/unmake of every move restores it; every time, `text` (any text) reads as
/// nothing or as an allowed move. Then everything is unmade back to the start.
pub fn check_moves(v: &Arc<Variant>, choices: &[u8], text: &str) {
    let mut p = Position::start(v);
    let start = (p.to_string(), p.hash());
    let mut made = 0;
    for &c in choices {
        let moves = p.every_move();
        if moves.is_empty() {
            break;
        }
        let m = moves[c as usize % moves.len()];
        p.make(m);
        made += 1;
        assert_eq!(p.hash(), p.compute_hash(), "hash after {}", p.long(m));
    }
    let (s, h) = (p.to_string(), p.hash());
    if first_visit(v, &s) {
        check_round_trip(&p);
        check_every_move(&mut p, &s, h);
    }
    check_text(&mut p, &s, h, text);
    for _ in 0..made {
        assert!(p.unmake().is_some(), "fewer unmakes than makes");
    }
    assert_eq!((p.to_string(), p.hash()), start, "unmaking the game");
}

/// True the first time a position string of `v` is met in this process. The
/// round-trip and every-move checks are a function of the position alone, and most mutations of an
/// input reach a position met before (they change the text or pick the same moves),
/// so each position is checked once: several times more executions per second.
fn first_visit(v: &Arc<Variant>, s: &str) -> bool {
    use std::collections::HashSet;
    use std::sync::Mutex;
    /// Bounded memory: the set starts again when full.
    const MAX: usize = 1 << 20;
    static SEEN: Mutex<Option<HashSet<(usize, String)>>> = Mutex::new(None);
    let mut seen = SEEN.lock().unwrap_or_else(|e| e.into_inner());
    let seen = seen.get_or_insert_with(HashSet::new);
    if seen.len() >= MAX {
        seen.clear();
    }
    seen.insert((Arc::as_ptr(v) as usize, s.to_owned()))
}

/// At `p` (string `s`, hash `h`): perft(1) counts every move; each move's SAN and long
/// notation read back as the move; make/unmake of each restores the position.
fn check_every_move(p: &mut Position, s: &str, h: u64) {
    // perft(1) counts what the rules allow, adjudication aside, and what a `refuse`
    // rule keeps out of play (and nothing else).
    let moves = p.every_move();
    let nodes = chessgraph::perft(p, 1);
    let mut refused = 0;
    if !moves.is_empty() {
        for (m, _) in chessgraph::divide(p, 1) {
            if !moves.contains(&m) {
                assert!(p.refuses(m), "{s:?}: perft counts {}", p.long(m));
                refused += 1;
            }
        }
    }
    if nodes != (moves.len() + refused) as u64 {
        assert!(
            moves.is_empty() && matches!(p.outcome(), Outcome::Finished { .. }),
            "{s:?}: perft(1) = {nodes}, every_move() has {}",
            moves.len()
        );
    }

    if moves.is_empty() {
        return;
    }
    // Written all at once and read among the moves generated once (the one-move
    // writer and readers generate them, then run the same code: checked on the
    // first move); compared by value (what the string holds) per move, the string
    // once at the end.
    let written_all = san::san_every(p);
    assert_eq!(written_all.len(), moves.len(), "{s:?}: SAN of every move");
    let first = moves[0];
    let one = san::san(p, first);
    assert_eq!(one, written_all[0].1, "{s:?}: SAN of one move and of all");
    assert_eq!(san::parse_move(p, &one), Ok(first), "{s:?}: {one:?}");
    assert_eq!(
        p.parse_long(&p.long(first)),
        Ok(first),
        "{s:?}: long of {one:?}"
    );
    let before = p.clone();
    for (&m, (w, written)) in moves.iter().zip(written_all) {
        assert!(w == m, "{s:?}: SAN's moves in another order");
        match san::parse_move_among(p, &written, &moves) {
            Ok(back) => assert!(
                back == m,
                "{s:?}: SAN {written:?} of {} reads as {}",
                p.long(m),
                p.long(back)
            ),
            Err(e) => panic!("{s:?}: SAN {written:?} of {} does not read: {e}", p.long(m)),
        }
        let long = p.long(m);
        match p.parse_long_among(&long, &moves) {
            Ok(back) => assert!(back == m, "{s:?}: long {long:?} reads as {}", p.long(back)),
            Err(e) => panic!("{s:?}: long {long:?} does not read: {e}"),
        }
        p.make(m);
        assert_eq!(p.hash(), p.compute_hash(), "{s:?}: hash after {long}");
        p.unmake();
        // Reading the texts and make/unmake changed nothing.
        assert!(
            *p == before,
            "{s:?}: reading {written:?}, unmake of {long}: {p}"
        );
        assert_eq!(p.hash(), h, "{s:?}: hash after unmake of {long}");
    }
    assert_eq!(p.to_string(), s, "the moves changed the position's string");
}

/// `text` (any text) read at `p` is an error or a move the rules allow; reading it
/// changes nothing.
fn check_text(p: &mut Position, s: &str, h: u64, text: &str) {
    let before = p.clone();
    if !text.is_empty() {
        for read in [san::parse_move(p, text), p.parse_long(text)] {
            if let Ok(m) = read {
                assert!(
                    allowed(p).contains(&m),
                    "{s:?}: {text:?} reads as {}, not allowed",
                    p.long(m)
                );
                p.make(m);
                assert_eq!(p.hash(), p.compute_hash(), "{s:?}: hash after {text:?}");
                p.unmake();
            } else if let Err(e) = read {
                let _ = e.to_string();
            }
            assert!(*p == before, "{s:?}: reading {text:?} changed the position");
            assert_eq!(p.hash(), h);
        }
    }
}

// ---------------------------------------------------------------------------
// Game records

/// Reads `text` as a game record: no panic; a record that reads writes back to a text
/// that reads as the same record; when it names one of [`VARIANTS`], replaying it
/// does not panic, and a replay that succeeds is written again in SAN from the moves
/// made, which replays to the same position.
pub fn check_record(text: &str) {
    let r = match GameRecord::parse(text) {
        Ok(r) => r,
        Err(e) => {
            let _ = e.to_string();
            return;
        }
    };
    let written = r.to_string();
    match GameRecord::parse(&written) {
        Ok(again) => assert_eq!(again.to_string(), written, "record text is not stable"),
        Err(e) => panic!("record {written:?} does not read back: {e}"),
    }
    let Some(name) = r.tag("Variant") else {
        panic!("a record read without a Variant tag");
    };
    let Ok(options) = r.options() else { return };
    let Some(v) = variant_named(name, &options) else {
        return;
    };
    let end = match r.replay(v, |p, _| {
        assert_eq!(p.hash(), p.compute_hash());
    }) {
        Ok(end) => end,
        Err(e) => {
            let _ = e.to_string();
            return;
        }
    };
    check_round_trip(&end);
    if r.moves
        .iter()
        .any(|m| m.entry == chessgraph::record::Entry::Resigns)
    {
        return;
    }
    // The moves made, written in SAN, replay to the same position.
    let made: Vec<Move> = end.moves_made().collect();
    let mut p = r.start(v).expect("the start read once");
    let mut again = GameRecord::new(name);
    for (k, v) in &r.tags {
        again.set_tag(k, v);
    }
    for m in made {
        let text = san::san(&mut p, m);
        again.push(p.move_number(), p.mover(m), text);
        p.make(m);
    }
    let replayed = again
        .replay(v, |_, _| {})
        .unwrap_or_else(|e| panic!("{again} written from a replay does not replay: {e}"));
    assert!(
        replayed == end,
        "{again}: replays to {replayed:?}, not {end:?}"
    );
}

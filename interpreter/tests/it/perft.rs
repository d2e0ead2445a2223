//! Perft data: `tests/perft/*.perft` (shakmaty's format). Every entry whose count is
//! at most 1,000,000 runs here; the deeper ones run with `-- --ignored` and in the
//! benchmark. An `option NAME=VALUE` line sets a rule option for the entries after it
//! (the StrategiChess team game's `boards`).

use crate::common::chess;
use chessgraph::{divide, perft, Position, Variant};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Largest count run by the ordinary test.
const FAST: u64 = 1_000_000;

/// One `perft` line of a file, with the position and rule options in force.
struct Entry {
    id: String,
    /// Rule options from `option NAME=VALUE` lines (they hold until the next `option`
    /// line naming the same option).
    options: Vec<(String, String)>,
    pos: String,
    depth: u32,
    count: u64,
}

/// Every `perft` line of a file.
fn entries(text: &str) -> Vec<Entry> {
    let mut out = Vec::new();
    let (mut id, mut pos) = (String::new(), String::new());
    let mut options: Vec<(String, String)> = Vec::new();
    for line in text.lines().map(str::trim) {
        if let Some(x) = line.strip_prefix("id ") {
            id = x.to_owned();
        } else if let Some(x) = line.strip_prefix("option ") {
            let (k, v) = x.split_once('=').expect("option NAME=VALUE");
            options.retain(|(name, _)| name != k);
            options.push((k.to_owned(), v.to_owned()));
        } else if let Some(x) = line
            .strip_prefix("epd ")
            .or_else(|| line.strip_prefix("pos "))
        {
            pos = x.to_owned();
        } else if let Some(x) = line.strip_prefix("perft ") {
            let (d, n) = x.split_once(' ').expect("perft DEPTH COUNT");
            out.push(Entry {
                id: id.clone(),
                options: options.clone(),
                pos: pos.clone(),
                depth: d.parse().expect("depth"),
                count: n.trim().parse().expect("count"),
            });
        }
    }
    out
}

fn read(file: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/perft/{file}", env!("CARGO_MANIFEST_DIR")))
        .expect("perft file")
}

/// Runs the entries of `file` with a count up to `max`, the variant loaded by `load`
/// from each entry's options; returns how many ran.
fn run_with(file: &str, max: u64, load: impl Fn(&[(String, String)]) -> Arc<Variant>) -> usize {
    let mut ran = 0;
    for e in entries(&read(file)) {
        if e.count > max {
            continue;
        }
        let v = load(&e.options);
        let id = &e.id;
        let mut pos = Position::from_str(&v, &e.pos).unwrap_or_else(|err| panic!("{id}: {err}"));
        let before = pos.to_string();
        assert_eq!(perft(&mut pos, e.depth), e.count, "{id} perft {}", e.depth);
        assert_eq!(pos.to_string(), before, "{id}: perft changed the position");
        ran += 1;
    }
    ran
}

/// Runs a file of one variant without options.
fn run(v: &Arc<Variant>, file: &str, max: u64) -> usize {
    run_with(file, max, |options| {
        assert!(options.is_empty(), "{file}: options need run_with");
        v.clone()
    })
}

/// The StrategiChess team game with the given rule options.
fn team(options: &[(String, String)]) -> Arc<Variant> {
    let o: Vec<(&str, &str)> = options
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    crate::common::named("strategichess-team", &o)
}

#[test]
fn tapatan_perft_matches_its_naive_generator() {
    let v = crate::common::named("tapatan", &[]);
    assert_eq!(run(&v, "tapatan.perft", FAST), 39);
}

#[test]
#[ignore = "deep counts"]
fn tapatan_perft_all() {
    let v = crate::common::named("tapatan", &[]);
    assert_eq!(run(&v, "tapatan.perft", u64::MAX), 41);
}

#[test]
fn glinski_perft_matches_its_naive_generator() {
    // The start counts are the published ones (51, 2586, 137858, 7282418); every
    // count was also made by variants/glinski/naive-perft.py.
    let v = crate::common::named("glinski", &[]);
    assert_eq!(run(&v, "glinski.perft", FAST), 23);
}

#[test]
#[ignore = "deep counts"]
fn glinski_perft_all() {
    let v = crate::common::named("glinski", &[]);
    assert_eq!(run(&v, "glinski.perft", u64::MAX), 34);
}

/// The movement rules of four-player chess (no points, eliminations at the player's
/// own turn) and the free-for-all variant (eliminations at once), each against
/// variants/four-player/naive-perft.py.
fn four_player(file: &str) -> Arc<Variant> {
    let path = crate::common::root()
        .join("variants/four-player")
        .join(file);
    Variant::load(&path, &[]).expect("compiles").variant
}

#[test]
fn four_player_perft_matches_its_naive_generator() {
    let movement = four_player("movement.rules");
    assert!(run(&movement, "four-player.perft", FAST) >= 30);
}

#[test]
#[ignore = "deep counts"]
fn four_player_perft_all() {
    let movement = four_player("movement.rules");
    assert!(run(&movement, "four-player.perft", u64::MAX) >= 40);
    let ffa = crate::common::named("four-player", &[]);
    assert!(run(&ffa, "four-player-ffa.perft", u64::MAX) >= 60);
    let teams = crate::common::named("four-player-teams", &[]);
    assert!(run(&teams, "four-player-teams.perft", u64::MAX) >= 40);
}

#[test]
fn four_player_teams_perft_matches_its_naive_generator() {
    // Partners never take or attack each other: naive-perft.py --teams.
    let teams = crate::common::named("four-player-teams", &[]);
    assert!(run(&teams, "four-player-teams.perft", FAST) >= 30);
}

#[test]
fn four_player_free_for_all_eliminates_at_once_as_its_naive_generator() {
    // `end checkmate at once`, `end stalemate at once`: naive-perft.py --at-once.
    let ffa = crate::common::named("four-player", &[]);
    assert!(run(&ffa, "four-player-ffa.perft", FAST) >= 40);
}

#[test]
fn alice_perft_matches_its_naive_generator() {
    // Two boards and a looking glass: every count also made by
    // variants/alice/naive-perft.py (its own rules engine, no board file).
    let v = crate::common::named("alice", &[]);
    assert!(run(&v, "alice.perft", FAST) >= 30);
}

#[test]
#[ignore = "deep counts"]
fn alice_perft_all() {
    let v = crate::common::named("alice", &[]);
    assert!(run(&v, "alice.perft", u64::MAX) >= 45);
}

#[test]
fn fog_of_war_perft_matches_its_naive_generator() {
    // No check, the king taken ends the game, castling needs no safe cells: every
    // count also made by variants/fogofwar/naive-perft.py.
    let v = crate::common::named("fogofwar", &[]);
    assert!(run(&v, "fogofwar.perft", FAST) >= 30);
}

#[test]
#[ignore = "deep counts"]
fn fog_of_war_perft_all() {
    let v = crate::common::named("fogofwar", &[]);
    assert!(run(&v, "fogofwar.perft", u64::MAX) >= 45);
}

#[test]
fn kriegspiel_moves_are_chess_moves() {
    // Hidden pieces and a referee change what players know, not the moves.
    let v = crate::common::named("kriegspiel", &[]);
    assert!(run(&v, "chess.perft", FAST) >= 40);
}

#[test]
fn chess_perft_up_to_a_million() {
    assert!(run(&chess(), "chess.perft", FAST) >= 40);
}

#[test]
fn three_player_perft_from_the_start() {
    for name in ["zubrin", "chess-for-3"] {
        let v = crate::common::named(name, &[]);
        assert_eq!(run(&v, &format!("{name}.perft"), FAST), 4, "{name}");
        let start = Position::start(&v).to_string();
        assert!(
            entries(&read(&format!("{name}.perft")))
                .iter()
                .any(|e| e.pos == start),
            "{name}.perft holds the start position"
        );
    }
}

/// Counts cross-checked by `variants/strategichess-team/naive-perft.py` (see the file).
#[test]
fn strategichess_team_perft_up_to_a_million() {
    let file = "strategichess-team.perft";
    let all = entries(&read(file));
    let fast = all.iter().filter(|e| e.count <= FAST).count();
    assert!(fast >= 20, "{fast} entries");
    assert_eq!(run_with(file, FAST, team), fast);
    // Both start positions are there, under the board count they were written for.
    for n in ["2", "3"] {
        let v = team(&[("boards".to_owned(), n.to_owned())]);
        let start = Position::start(&v).to_string();
        assert!(
            all.iter()
                .any(|e| e.pos == start && e.options == [("boards".to_owned(), n.to_owned())]),
            "start with {n} boards"
        );
    }
}

/// Chess960 with the given rule options (the start array), compiled once per array.
fn chess960(options: &[(String, String)]) -> Arc<Variant> {
    type Cache = Mutex<HashMap<Vec<(String, String)>, Arc<Variant>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
    cache
        .entry(options.to_vec())
        .or_insert_with(|| {
            let o: Vec<(&str, &str)> = options
                .iter()
                .map(|(k, v)| (k.as_str(), v.as_str()))
                .collect();
            crate::common::named("chess960", &o)
        })
        .clone()
}

/// Counts checked against Fairy-Stockfish (UCI_Chess960) and the published Chess960
/// list; see the file.
#[test]
fn chess960_perft_up_to_a_million() {
    let file = "chess960.perft";
    let all = entries(&read(file));
    let fast = all.iter().filter(|e| e.count <= FAST).count();
    assert!(fast >= 150, "{fast} entries");
    assert_eq!(run_with(file, FAST, chess960), fast);
    // At least ten start arrays, each the start position of its `array` option, and
    // positions with Shredder-FEN and X-FEN rights.
    let mut arrays = 0;
    for e in all
        .iter()
        .filter(|e| e.id.starts_with("start-array-") && e.depth == 1)
    {
        let v = chess960(&e.options);
        let fen = Position::from_str(&v, &e.pos).unwrap();
        assert_eq!(Position::start(&v), fen, "{}", e.id);
        assert_eq!(fen.fen().unwrap(), format!("{} 0 1", e.pos), "{}", e.id);
        arrays += 1;
    }
    assert!(arrays >= 10, "{arrays} start arrays");
    for rights in [" HFhf ", " KQkq ", " DHa "] {
        assert!(all.iter().any(|e| e.pos.contains(rights)), "{rights}");
    }
}

#[test]
#[ignore = "deep counts: minutes in the test profile"]
fn chess960_perft_all() {
    let file = "chess960.perft";
    assert_eq!(
        run_with(file, u64::MAX, chess960),
        entries(&read(file)).len()
    );
}

#[test]
#[ignore = "deep counts: minutes in the test profile"]
fn chess_perft_all() {
    run(&chess(), "chess.perft", u64::MAX);
}

#[test]
#[ignore = "deep counts: minutes in the test profile"]
fn strategichess_team_perft_all() {
    let file = "strategichess-team.perft";
    assert_eq!(run_with(file, u64::MAX, team), entries(&read(file)).len());
}

#[test]
fn divide_sums_to_perft() {
    let v = chess();
    let mut pos = Position::from_str(
        &v,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
    )
    .unwrap();
    let parts = divide(&mut pos, 2);
    assert_eq!(parts.len(), 48);
    assert_eq!(parts.iter().map(|(_, n)| n).sum::<u64>(), 2039);
    let castle = parts
        .iter()
        .find(|(m, _)| pos.long(*m) == "e1g1")
        .expect("O-O is legal");
    assert_eq!(castle.1, 43);
}

#[test]
fn perft_zero_is_one_and_finished_games_have_no_moves() {
    let v = chess();
    let mut mate = Position::from_str(
        &v,
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    )
    .unwrap();
    assert_eq!(perft(&mut mate, 0), 1);
    assert_eq!(perft(&mut mate, 1), 0);
    assert_eq!(perft(&mut mate, 3), 0);
}

/// The variants of the rule core, whose counts come from Fairy-Stockfish (see each file
/// and `tests/perft/fsf-notes.md`): every variant's file, start position included.
const FSF_VARIANTS: &[&str] = &[
    "atomic",
    "antichess",
    "3check",
    "kingofthehill",
    "racingkings",
    "horde",
    "extinction",
    "xiangqi",
    "grand",
    "shatranj",
    "makruk",
    "capablanca",
    "crazyhouse",
    "shogi",
    "minishogi",
    "seirawan",
    "sittuyin",
    "grasshopper",
    "berolina",
    "losalamos",
];

#[test]
fn rule_core_variants_match_fairy_stockfish_up_to_a_million() {
    for name in FSF_VARIANTS {
        let v = crate::common::named(name, &[]);
        let file = format!("{name}.perft");
        let all = entries(&read(&file));
        assert!(
            all.iter()
                .filter(|e| e.count > 100_000)
                .map(|e| &e.id)
                .collect::<std::collections::HashSet<_>>()
                .len()
                >= 3,
            "{name}: three positions with counts over 100,000"
        );
        let start = Position::start(&v);
        let from_fen = Position::from_str(&v, &all[0].pos).unwrap();
        assert_eq!(
            start.to_string(),
            from_fen.to_string(),
            "{name}: the first entry is the start"
        );
        assert!(run(&v, &file, FAST) >= 10, "{name}");
    }
}

#[test]
#[ignore = "deep counts: minutes in the test profile"]
fn rule_core_variants_match_fairy_stockfish_all() {
    for name in FSF_VARIANTS {
        let v = crate::common::named(name, &[]);
        let file = format!("{name}.perft");
        assert_eq!(
            run(&v, &file, u64::MAX),
            entries(&read(&file)).len(),
            "{name}"
        );
    }
}

/// A variant of `tests/betza/`.
fn betza_variant(name: &str) -> Arc<Variant> {
    let path = format!("{}/tests/betza/{name}.rules", env!("CARGO_MANIFEST_DIR"));
    match Variant::load(path, &[]) {
        Ok(l) => l.variant,
        Err(e) => panic!("{name}: {e}"),
    }
}

#[test]
fn pieces_written_in_betza_give_the_same_perft() {
    // Chess: the published positions (castling, en passant, promotions, pins).
    assert!(run(&betza_variant("chess"), "chess.perft", FAST) >= 10);
    // Xiangqi: Fairy-Stockfish's counts, with its own Betza strings for the pieces.
    assert!(run(&betza_variant("xiangqi"), "xiangqi.perft", FAST) >= 10);
}

#[test]
fn every_variant_is_in_the_benchmark() {
    let bench = read_root("interpreter/benches/common/mod.rs");
    let dir = crate::common::root().join("variants");
    for e in std::fs::read_dir(dir).unwrap() {
        let e = e.unwrap();
        let name = e.file_name().into_string().unwrap();
        if e.path().join(format!("{name}.rules")).exists() {
            assert!(
                bench.contains(&format!("(\"{name}\", ")),
                "{name} is missing from benches/common/mod.rs"
            );
        }
    }
}

fn read_root(path: &str) -> String {
    std::fs::read_to_string(crate::common::root().join(path)).expect(path)
}

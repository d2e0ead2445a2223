//! Shared helpers: loading variants from `variants/` or from text.

use chessgraph::{Error, Loaded, Position, Variant};
use dsl::SourceFile;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Standard chess, compiled once per test run.
pub fn chess() -> Arc<Variant> {
    static CHESS: OnceLock<Arc<Variant>> = OnceLock::new();
    CHESS
        .get_or_init(|| {
            Variant::load(root().join("variants/chess/chess.rules"), &[])
                .expect("chess compiles")
                .variant
        })
        .clone()
}

/// The variant `variants/NAME/NAME.rules` with these options, compiled or a panic
/// with the rendered diagnostics.
pub fn named(name: &str, options: &[(&str, &str)]) -> Arc<Variant> {
    let options: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let path = root().join(format!("variants/{name}/{name}.rules"));
    match Variant::load(path, &options) {
        Ok(l) => l.variant,
        Err(Error::Variant(ds)) => panic!("{name}:\n{}", crate::render::render_all(&ds)),
        Err(e) => panic!("{name}: {e}"),
    }
}

/// The chess board's text.
pub fn chess_board() -> String {
    std::fs::read_to_string(root().join("variants/chess/board.yaml")).expect("chess board")
}

/// A board fixture of the dsl crate.
pub fn dsl_board(name: &str) -> String {
    std::fs::read_to_string(root().join("dsl/tests/fixtures/boards").join(name))
        .expect("dsl board fixture")
}

/// Compiles a rule text whose `board` lines name entries of `boards`.
pub fn compile(
    rules: &str,
    boards: &[(&str, &str)],
    options: &[(&str, &str)],
) -> Result<Loaded, Error> {
    let boards: HashMap<String, String> = boards
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let options: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Variant::load_with(
        SourceFile::new("test.rules", rules),
        &mut |p| {
            boards
                .get(p)
                .cloned()
                .ok_or_else(|| "no such file".to_owned())
        },
        &options,
    )
}

/// Compiles or panics with the rendered diagnostics.
pub fn variant(rules: &str, boards: &[(&str, &str)]) -> Arc<Variant> {
    match compile(rules, boards, &[]) {
        Ok(l) => l.variant,
        Err(Error::Variant(ds)) => panic!("does not compile:\n{}", crate::render::render_all(&ds)),
        Err(e) => panic!("does not compile: {e}"),
    }
}

/// A deterministic generator for random games (splitmix64).
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (> 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The legal moves of `p` in long notation, sorted.
pub fn sorted_longs(p: &mut Position) -> Vec<String> {
    let moves = p.legal_moves();
    let mut out: Vec<String> = moves.iter().map(|&m| p.long(m)).collect();
    out.sort();
    out
}

/// A position from `"K h3, k h12, P e4"` (as the placement writes pieces: FEN case with
/// two players, `wK gP` tag + letter with more), the tag of the player to move and the
/// unmoved cells, comma-separated (empty: none).
pub fn place(v: &Arc<Variant>, pieces: &str, to_move: char, unmoved: &str) -> Position {
    let mut at: HashMap<&str, &str> = HashMap::new();
    for item in pieces.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (piece, cell) = item.split_once(' ').expect("PIECE CELL");
        assert!(v.cell(cell).is_some(), "no cell {cell}");
        assert!(at.insert(cell, piece).is_none(), "{cell} twice");
    }
    let mut rows = Vec::new();
    for row in v.rows() {
        let (mut text, mut empty) = (String::new(), 0);
        for &c in row {
            match at.get(v.cell_name(c)) {
                Some(p) => {
                    if empty > 0 {
                        text += &empty.to_string();
                        empty = 0;
                    }
                    text += p;
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            text += &empty.to_string();
        }
        rows.push(text);
    }
    let unmoved = if unmoved.is_empty() { "-" } else { unmoved };
    let s = format!("{} {to_move} {unmoved} - 0 1", rows.join("/"));
    Position::from_str(v, &s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// The long notations of the moves the rules allow from `cell` (every board's, with
/// turn tracks), sorted.
pub fn moves_from(p: &mut Position, cell: &str) -> Vec<String> {
    let v = Arc::clone(p.variant());
    let from = v.cell(cell).expect("cell");
    let mut out: Vec<String> = p
        .every_move()
        .iter()
        .filter(|m| m.from() == from)
        .map(|&m| p.long(m))
        .collect();
    out.sort();
    out
}

/// Makes the moves of `moves` (long form) in `p`.
pub fn play(p: &mut Position, moves: &[&str]) {
    for m in moves {
        let mv = p
            .parse_long(m)
            .unwrap_or_else(|e| panic!("{m} in {p}: {e}"));
        p.make(mv);
    }
}

/// The diagnostic codes of a two-player king-only variant on the chess board with
/// `extra` rule lines, which must not compile.
pub fn error_codes(extra: &str) -> Vec<&'static str> {
    let text = format!(
        "game \"x\"\nboard \"board.yaml\"\nplayer white\nplayer black\n\
         piece king K royal {{\n step n e s w\n}}\nsetup white: K e1\nsetup black: K e8\n{extra}\n"
    );
    match compile(&text, &[("board.yaml", &chess_board())], &[]) {
        Err(Error::Variant(ds)) => ds.0.iter().map(|d| d.code).collect(),
        _ => panic!("{extra}: compiles"),
    }
}

//! What the benches share: every variant under `variants/` and how to load one.

use chessgraph::Variant;
use std::sync::Arc;

/// Every variant, with the depth its perft bench counts to (the search bench runs
/// to a node budget instead).
pub const VARIANTS: &[(&str, u32)] = &[
    ("3check", 5),
    ("alice", 4),
    ("antichess", 5),
    ("atomic", 4),
    ("berolina", 4),
    ("capablanca", 4),
    ("chess", 5),
    ("chess-for-3", 4),
    ("chess960", 5),
    ("crazyhouse", 4),
    ("dreierschach", 4),
    ("extinction", 5),
    ("fogofwar", 5),
    ("four-player", 4),
    ("four-player-teams", 4),
    ("glinski", 4),
    ("grand", 4),
    ("grasshopper", 4),
    ("horde", 5),
    ("kingofthehill", 5),
    ("kriegspiel", 5),
    ("losalamos", 6),
    ("makruk", 5),
    ("mined-chess", 5),
    ("minishogi", 5),
    ("racingkings", 4),
    ("seirawan", 4),
    ("shatranj", 5),
    ("shogi", 4),
    ("sittuyin", 3),
    ("strategichess", 3),
    ("strategichess-team", 3),
    ("tapatan", 9),
    ("xiangqi", 4),
    ("zubrin", 5),
];

/// The variant `name` under `variants/`, compiled.
pub fn load(name: &str) -> Arc<Variant> {
    let path = format!(
        "{}/../variants/{name}/{name}.rules",
        env!("CARGO_MANIFEST_DIR")
    );
    Variant::load(&path, &[])
        .expect("the variant compiles")
        .variant
}

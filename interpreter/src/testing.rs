//! Helpers for unit tests: compiling variants from text.

use crate::search::RandomMover;
use crate::{Error, MoveList, Position, Variant};
use dsl::SourceFile;
use std::sync::Arc;

/// The chess rule file (it includes the two below).
pub(crate) const CHESS_RULES: &str = include_str!("../../variants/chess/chess.rules");
/// The laws of chess the family shares (chess.rules includes them).
pub(crate) const FIDE_RULES: &str = include_str!("../../variants/chess/fide.rules");
/// Chess's tables of places (chess.rules includes them).
pub(crate) const PLACES_RULES: &str = include_str!("../../variants/chess/places.rules");
/// The rules the chess family shares (fide.rules includes them).
pub(crate) const BASE_RULES: &str = include_str!("../../variants/chess/base.rules");
/// The chess board file.
pub(crate) const CHESS_BOARD: &str = include_str!("../../variants/chess/board.yaml");

/// Compiles `rules` whose board is `board` (any board path reads it; `base.rules`,
/// `fide.rules` and `places.rules` are the chess family's files).
pub(crate) fn compile(rules: &str, board: &str) -> Result<Arc<Variant>, Error> {
    Variant::load_with(
        SourceFile::new("test.rules", rules),
        &mut |p| Ok(chess_file(p).unwrap_or(board).to_owned()),
        &[],
    )
    .map(|l| l.variant)
}

/// The chess family's rule file named `path`, if it is one.
pub(crate) fn chess_file(path: &str) -> Option<&'static str> {
    match path {
        "base.rules" => Some(BASE_RULES),
        "fide.rules" => Some(FIDE_RULES),
        "places.rules" => Some(PLACES_RULES),
        _ => None,
    }
}

/// Standard chess.
pub(crate) fn chess() -> Arc<Variant> {
    compile(CHESS_RULES, CHESS_BOARD).expect("chess compiles")
}

/// Chess's laws without its tables of places: an evaluation without learnt terms.
pub(crate) const FIDE_CHESS: &str = "game \"Chess\"\ninclude \"fide.rules\"\n";

/// Chess without its tables of places ([`FIDE_CHESS`]).
pub(crate) fn fide_chess() -> Arc<Variant> {
    compile(FIDE_CHESS, CHESS_BOARD).expect("chess compiles")
}

/// Chess rules with `pieces` instead of chess's pieces (a king is always there).
pub(crate) fn chess_with(pieces: &str) -> Arc<Variant> {
    let rules = format!(
        "board \"b\"\nplayer white\nplayer black\nzone far = rank8 for white, rank1 for black\n\
         piece king K royal {{\n step n e s w ne nw se sw\n}}\n{pieces}\ncheck always\n\
         end checkmate: lose\nend stalemate: draw\n"
    );
    match compile(&rules, CHESS_BOARD) {
        Ok(v) => v,
        Err(Error::Variant(ds)) => {
            panic!("{:?}", ds.0.iter().map(|d| &d.message).collect::<Vec<_>>())
        }
        Err(e) => panic!("{e}"),
    }
}

/// The diagnostic codes of a failed compile.
pub(crate) fn codes(rules: &str, board: &str) -> Vec<&'static str> {
    match compile(rules, board) {
        Ok(_) => Vec::new(),
        Err(Error::Variant(ds)) => {
            ds.0.iter()
                .filter(|d| d.is_error())
                .map(|d| d.code)
                .collect()
        }
        Err(e) => panic!("{e}"),
    }
}

/// The variant `name` of the repository's `variants/` folder (`variants/NAME/NAME.rules`).
pub(crate) fn variant(name: &str) -> Arc<Variant> {
    let path = format!(
        "{}/../variants/{name}/{name}.rules",
        env!("CARGO_MANIFEST_DIR")
    );
    Variant::load(&path, &[])
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .variant
}

/// Random games of `v` (seeds `0..games`, at most `plies` plies each) in which every
/// legal-move list equals the one found by making every move
/// ([`Position::every_move_by_making`]): the oracle of the shortcuts that read a move
/// without making it. `visit` sees each position with its moves.
pub(crate) fn random_games_match_making(
    v: &Arc<Variant>,
    games: u64,
    plies: usize,
    mut visit: impl FnMut(&Position, &MoveList),
) {
    for seed in 0..games {
        let mut p = Position::start(v);
        let mut rng = RandomMover::new(seed);
        for _ in 0..plies {
            let fast = p.every_move();
            let made = p.every_move_by_making();
            assert_eq!(fast[..], made[..], "seed {seed}: {p:?}");
            visit(&p, &fast);
            if fast.is_empty() {
                break;
            }
            p.make(fast[rng.below(fast.len())]);
        }
    }
}

//! Position strings: the first byte picks a variant of `fuzzcheck::VARIANTS`, the rest
//! is the text. A position that reads writes a string that reads back to an equal
//! position with the same hash; `compute_hash() == hash()`; its legal moves are those
//! found by making each move (`Position::every_move_by_making`); make/unmake of each
//! move restores it.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, text)) = data.split_first() else {
        return;
    };
    let v = fuzzcheck::variant(pick as usize);
    fuzzcheck::check_position_text(v, &String::from_utf8_lossy(text));
});

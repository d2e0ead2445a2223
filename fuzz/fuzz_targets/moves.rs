//! Move texts after random plies. Input: a byte picking a variant of
//! `fuzzcheck::VARIANTS`, a byte `n` (plies: `n % 64`), `n % 64` bytes choosing the
//! moves, then any text to read as a move. At the position reached every move's SAN
//! and long notation read back as the move, the text reads as an allowed move or an
//! error, and make/unmake restores the string and the hash.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuzzcheck::fuzz_moves(data));

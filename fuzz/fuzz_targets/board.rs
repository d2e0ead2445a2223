//! Board files: `dsl::board::load_board`. Never a panic; every diagnostic's spans
//! inside the text.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fuzzcheck::check_board(&String::from_utf8_lossy(data));
});

//! Rule files: `dsl::rules::parse_rules`, then `Variant::load_with` against the chess
//! board. Never a panic; every diagnostic's spans inside the text.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fuzzcheck::check_rules(&String::from_utf8_lossy(data));
});

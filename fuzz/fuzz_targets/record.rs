//! Game records: `GameRecord::parse` never panics; a record that reads writes back
//! stably and, when it names a variant of `fuzzcheck::VARIANTS`, replays without a
//! panic (a replay that succeeds is written again in SAN and replays the same).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fuzzcheck::check_record(&String::from_utf8_lossy(data));
});

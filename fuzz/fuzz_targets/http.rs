//! The web board: any request bytes are refused with a typed error or answered (JSON
//! under `/api/`), never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fuzzcheck::check_http(data);
});

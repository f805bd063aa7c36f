#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    tally::fuzzing::with_text(data, tally::fuzzing::flent);
});

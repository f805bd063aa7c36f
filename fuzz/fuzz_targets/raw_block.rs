#![no_main]

use libfuzzer_sys::fuzz_target;

// The first line is the info string (`raw raw/x.txt 38-52`), the rest the file's text.
fuzz_target!(|data: &[u8]| {
    tally::fuzzing::with_text(data, tally::fuzzing::raw_block);
});

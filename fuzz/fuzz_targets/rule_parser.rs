//! The rule grammar on any text: it never panics, and every error renders.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let db = grammar::parse_database(&text);
    for error in &db.errors {
        let _ = error.to_string();
    }
});

//! The explanations table on any text: it never panics, and every error
//! names a line of its file.
#![no_main]

use engine::resolve::explanations::Explanations;
use libfuzzer_sys::fuzz_target;
use std::path::PathBuf;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data).into_owned();
    let lines = text.lines().count().max(1);
    let files = [(PathBuf::from("explanations.txt"), text)];
    let (table, errors) = Explanations::parse_files(&files);
    for e in &errors {
        assert!(
            e.line >= 1 && e.line <= lines + 1,
            "line {} of {lines}",
            e.line
        );
    }
    let _ = table;
});

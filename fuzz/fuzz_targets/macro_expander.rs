//! The macro expander on any text: the bytes before the first NUL are the
//! macro file, the rest the source. It never panics, and going on after
//! errors agrees with stopping at the first: the same text when there is no
//! error, the same first error when there is one.
#![no_main]

use libfuzzer_sys::fuzz_target;
use macro_expander::{Expander, Limits, MemoryLoader};
use std::path::{Path, PathBuf};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (macros, source) = text.split_once('\0').unwrap_or(("", &text));
    let loader = MemoryLoader::new()
        .with("m.m4", macros)
        .with("s.txt2", source)
        .with("inc.txt2", "1 1C 10 . . #1\n");
    let limits = Limits {
        max_depth: 32,
        max_output: 1 << 16,
    };
    let expander = Expander::new(&loader).limits(limits);
    let macro_files = [PathBuf::from("m.m4")];
    let first = expander.expand(Path::new("s.txt2"), &macro_files);
    let all = expander.expand_recovering(Path::new("s.txt2"), &macro_files);
    match first {
        Ok(expansion) => {
            assert!(all.errors.is_empty(), "{:?}", all.errors);
            let recovered = all.expansion.expect("an expansion");
            assert_eq!(expansion.text, recovered.text);
            // Every output byte maps back somewhere.
            for at in (0..expansion.text.len()).step_by(7) {
                let _ = expansion.map.locate(at).to_string();
            }
        }
        Err(error) => {
            assert_eq!(
                all.errors.first().map(ToString::to_string),
                Some(error.to_string())
            );
            if let Some(expansion) = all.expansion {
                for at in (0..expansion.text.len()).step_by(7) {
                    let _ = expansion.map.locate(at).to_string();
                }
            }
        }
    }
});

//! The RBN reader on any bytes: it never panics, and every game it reads
//! can be written back.
#![no_main]

use deal_formats::rbn::{RbnReader, RbnWriter};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut out = Vec::new();
    let mut writer = RbnWriter::new(&mut out);
    for game in RbnReader::new(data).take(64) {
        if let Ok(game) = game {
            let _ = writer.write_game(&game, None);
            let _ = game.into_board();
        }
    }
});

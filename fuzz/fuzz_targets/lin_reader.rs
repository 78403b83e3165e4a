//! The LIN reader on any bytes: it never panics.
#![no_main]

use deal_formats::lin::LinReader;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for game in LinReader::new(data).take(64) {
        if let Ok(game) = game {
            let _ = game.players();
            let _ = game.into_board();
        }
    }
});

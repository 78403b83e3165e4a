//! The PBN reader on any bytes: it never panics, and a game it reads can
//! be written back with a new auction and read again with that auction.
#![no_main]

use bridge::auction::Call;
use deal_formats::pbn::{PbnReader, write_game};
use deal_formats::{RecordedAuction, RecordedCall};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for game in PbnReader::new(data).take(64) {
        let Ok(game) = game else { continue };
        let mut same = Vec::new();
        write_game(&mut same, &game, None).expect("writes to memory");
        let new = RecordedAuction {
            dealer: game.board().effective_dealer(),
            calls: vec![RecordedCall::plain(Call::Pass); 4],
        };
        let mut rewritten = Vec::new();
        write_game(&mut rewritten, &game, Some(&new)).expect("writes to memory");
        let again: Vec<_> = PbnReader::new(rewritten.as_slice()).collect();
        let [Ok(again)] = &again[..] else {
            panic!(
                "a rewritten game does not read back as one game: {again:?}\n{}",
                String::from_utf8_lossy(&rewritten)
            );
        };
        let calls = again.board().auction.as_ref().map(|a| a.calls.len());
        assert_eq!(calls, Some(4), "{}", String::from_utf8_lossy(&rewritten));
    }
});

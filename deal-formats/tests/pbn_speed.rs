//! Reading speed of deal-only games (the `bidbook auction` case: a million
//! generated deals). Ignored by default; run it in release:
//!
//! ```text
//! cargo test --release -p deal-formats --test pbn_speed -- --ignored --nocapture
//! ```

use bridge::deal::format_pbn_deal;
use deal_formats::pbn::{PbnReader, write_game};
use std::path::Path;
use std::time::Instant;

#[test]
#[ignore = "a timing; run in release with --ignored"]
fn deal_only_games_read_fast() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pbn/dealer4.pbn");
    let deals: Vec<_> = PbnReader::new(std::fs::read(path).unwrap().as_slice())
        .map(|g| g.unwrap().board().deal)
        .collect();
    let n = 200_000;
    let mut file = String::from("% PBN 2.1\n% EXPORT\n");
    for k in 0..n {
        let dealer = contract_bridge::Seat::ALL[k % 4];
        file.push_str(&format!(
            "[Event \"#\"]\n[Board \"{}\"]\n[Dealer \"{}\"]\n[Vulnerable \"{}\"]\n[Deal \"{}\"]\n\n",
            k + 1,
            dealer.letter(),
            bridge::vulnerability::Vulnerability::of_board(k as u32 + 1).pbn(),
            format_pbn_deal(&deals[k % deals.len()], dealer),
        ));
    }
    let bytes = file.into_bytes();
    let mut best = f64::INFINITY;
    for _ in 0..3 {
        let start = Instant::now();
        let mut count = 0;
        let mut out = Vec::with_capacity(bytes.len());
        for game in PbnReader::new(bytes.as_slice()) {
            let game = game.unwrap();
            count += usize::from(game.board().deal.is_full());
            write_game(&mut out, &game, None).unwrap();
        }
        let secs = start.elapsed().as_secs_f64();
        best = best.min(secs);
        assert_eq!(count, n);
        assert_eq!(out, bytes);
    }
    let rate = n as f64 / best;
    println!("{n} deal-only games read and written back in {best:.3} s: {rate:.0} games/s");
    assert!(rate > 200_000.0, "{rate:.0} games/s");
}

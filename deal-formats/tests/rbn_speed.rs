//! Reading speed of deal-only RBN games (a million-deal file streams at
//! this rate). Ignored by default; run in release:
//!
//! ```text
//! cargo test --release -p deal-formats --test rbn_speed -- --ignored --nocapture
//! ```

use bridge::deal::{Deal, format_rbn_hands};
use contract_bridge::{Card, Hand, Rank, Seat, Suit};
use deal_formats::rbn::{RbnReader, RbnWriter, write_game};
use std::time::Instant;

/// `count` deal-only games (`B n` and a full `H`), from a fixed seed.
fn deal_only_file(count: usize) -> Vec<u8> {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut out = Vec::with_capacity(count * 64);
    let mut deck: Vec<u8> = (0..52).collect();
    for n in 1..=count {
        for i in (1..52).rev() {
            deck.swap(i, (next() % (i as u64 + 1)) as usize);
        }
        let mut hands = [Hand::EMPTY; 4];
        for (k, &c) in deck.iter().enumerate() {
            hands[k / 13].insert(Card {
                suit: Suit::ASC[usize::from(c / 13)],
                rank: Rank::new(c % 13 + 2),
            });
        }
        let deal = Deal::from_hands(hands).unwrap();
        out.extend_from_slice(
            format!("B {n}\nH {}\n\n", format_rbn_hands(&deal, Seat::West)).as_bytes(),
        );
    }
    out
}

#[test]
#[ignore = "a timing; run in release"]
fn deal_only_games_per_second() {
    let count = 400_000;
    let file = deal_only_file(count);
    let start = Instant::now();
    let mut games = 0;
    let mut cards = 0;
    for game in RbnReader::new(&file[..]) {
        let game = game.unwrap();
        cards += game.board().deal.hands().len();
        games += 1;
    }
    let read = start.elapsed();
    assert_eq!((games, cards), (count, count * 52));
    let rate = count as f64 / read.as_secs_f64();
    println!("read {count} games in {read:?}: {rate:.0} games/s");

    // Writing them back, unchanged.
    let games: Vec<_> = RbnReader::new(&file[..]).map(Result::unwrap).collect();
    let start = Instant::now();
    let mut out = Vec::with_capacity(file.len());
    for g in &games {
        write_game(&mut out, g, None).unwrap();
    }
    let mut w = RbnWriter::new(Vec::with_capacity(file.len()));
    for g in &games {
        w.write_game(g, None).unwrap();
    }
    println!("wrote them twice in {:?}", start.elapsed());
    assert_eq!(out, file);
    assert_eq!(w.into_inner(), file);
    if !cfg!(debug_assertions) {
        assert!(rate >= 200_000.0, "{rate:.0} games/s");
    }
}

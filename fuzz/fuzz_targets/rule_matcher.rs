//! Rules compiled and matched: the text's rules (those that parse and
//! compile) make a book, which bids a random deal (the seed, dealer and
//! vulnerability from the last bytes) and decides after an auction made
//! from the first bytes. Nothing may panic.
#![no_main]

use bridge::auction::{Bidding, Vulnerability};
use bridge::random::DealGenerator;
use contract_bridge::Seat;
use engine::analysis::bid_deal::bid_deal;
use engine::compile::rules::Rule;
use engine::resolve::book::Book;
use engine::resolve::explanations::Explanations;
use engine::resolve::hand_eval::HandEval;
use engine::resolve::resolver::Table;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() < 8 {
        return;
    }
    let (text, tail) = data.split_at(data.len() - 8);
    let seed = u64::from_le_bytes(tail.try_into().expect("8 bytes"));
    let text = String::from_utf8_lossy(text);
    let db = grammar::parse_database(&text);
    let rules: Vec<Rule> = db
        .rules
        .iter()
        .enumerate()
        .filter_map(|(i, r)| Rule::compile(r, i as u32).ok())
        .collect();
    if rules.is_empty() {
        return;
    }
    let Ok(book) = Book::new(rules, Explanations::default()) else {
        return;
    };
    let dealer = Seat::ALL[(seed % 4) as usize];
    let vul = [
        Vulnerability::None,
        Vulnerability::NS,
        Vulnerability::EW,
        Vulnerability::Both,
    ][(seed >> 2) as usize % 4];
    let deal = DealGenerator::new(seed).next_deal();
    let mut scratch = book.scratch();
    let _ = bid_deal(&book, &deal, dealer, vul, &mut scratch);
    // An auction from the text's first bytes: each byte picks a legal call.
    let mut bidding = Bidding::new(dealer, vul);
    for &b in text.as_bytes().iter().take(24) {
        if bidding.has_ended() {
            break;
        }
        let legal: Vec<_> = bidding.legal_calls().collect();
        if legal.is_empty() {
            break;
        }
        let _ = bidding.push(legal[b as usize % legal.len()]);
    }
    if bidding.has_ended() {
        return;
    }
    if let Ok(table) = Table::with_calls(&book, dealer, vul, bidding.calls(), &mut scratch) {
        let seat = bidding.turn();
        let hand = HandEval::new(deal[seat]);
        let _ = table.decide(&hand, &mut scratch);
    }
});

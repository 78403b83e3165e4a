//! Decision speed and rulebook loading.
//!
//! - `decide/5000-rules`: one decision in the middle of an auction
//!   (`1C P 1H P`, the hand to call holds 13 HCP with four spades) with a
//!   generated 5,000-rule book of realistic shape: most rules are regular
//!   sequence patterns at depths 1-6 with HCP/length constraints, some use
//!   grabs, some are `START…$` fallbacks.
//! - `load/default`: expanding, parsing and compiling the embedded rulebook.

use bridge::auction::{Bidding, Vulnerability, call_token};
use contract_bridge::Seat;
use criterion::{Criterion, criterion_group, criterion_main};
use engine::resolve::hand_eval::HandEval;
use engine::resolve::resolver::Table;
use engine::rulebook::{RulebookSource, compile_expansion, load, load_expanding};
use std::hint::black_box;

const CALLS: [&str; 12] = [
    "1C", "1D", "1H", "1S", "1N", "2C", "2D", "2H", "2S", "2N", "3C", "3N",
];
const SUITS: [char; 4] = ['C', 'D', 'H', 'S'];

/// A deterministic generator (xorshift) so the book is the same every run.
struct Gen(u64);

impl Gen {
    fn next(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// An expanded database of `n` rules.
pub fn generated_book(n: usize) -> String {
    let mut g = Gen(0x9E37_79B9_7F4A_7C15);
    let mut text = String::with_capacity(n * 80);
    let mut id = 1;
    while id <= n {
        let kind = g.next(100);
        let depth = 1 + g.next(6);
        // An auction of `depth` calls: our bids separated by opponents' passes.
        let mut calls = Vec::new();
        let mut level = 1;
        for i in 0..depth {
            if i % 2 == 1 {
                calls.push("P".to_string());
            } else {
                let strain = ['C', 'D', 'H', 'S', 'N'][g.next(5)];
                calls.push(format!("{level}{strain}"));
                level = (level + g.next(2)).min(7);
            }
        }
        let seq = calls.join(":");
        let lo = 6 + g.next(12);
        let hi = lo + 2 + g.next(6);
        let suit = SUITS[g.next(4)];
        let len = 3 + g.next(4);
        let prio = 10 + g.next(80);
        let line = match kind {
            // Grabs: a raise of the suit the sequence grabbed.
            0..=3 => format!(
                "{depth} 1a.:P:2#a {prio} &&~#24(a)>=3~@00P~.[{lo},{hi}]~ :P{lo}:p{hi}:D3#a #{id}\n"
            ),
            // Fallbacks that float over the whole auction.
            4 => format!(
                "0 START{}$ {prio} @00P~.>={lo}~ :P{lo} #{id}\n",
                CALLS[g.next(CALLS.len())]
            ),
            _ => format!(
                "{depth} {seq} {prio} @00P~.[{lo},{hi}]~&&~#24({suit})>={len}~ :P{lo}:p{hi}:D{len}{suit} #{id}\n"
            ),
        };
        text.push_str(&line);
        id += 1;
    }
    text
}

fn bench_decide(c: &mut Criterion) {
    let text = generated_book(5000);
    let expansion = macro_expander::expand_str(&text, "").expect("expands");
    let rulebook = compile_expansion(expansion, Vec::new()).expect("the generated book compiles");
    let book = &rulebook.book;
    let mut scratch = book.scratch();
    let bidding = Bidding::parse("1C P 1H P", Seat::North).unwrap();
    let table = Table::with_calls(
        book,
        Seat::North,
        Vulnerability::None,
        bidding.calls(),
        &mut scratch,
    )
    .unwrap();
    let hand = HandEval::new(bridge::hand::parse_hand("KQ32.A54.K83.J72").unwrap());
    let d = table.decide(&hand, &mut scratch);
    eprintln!(
        "generated book: {:?} (regular, backtracking, redirect); decision {} by {:?}",
        book.matcher_counts(),
        call_token(d.call),
        d.rule.map(|r| book.rule_name(r))
    );
    c.bench_function("decide/5000-rules", |b| {
        b.iter(|| black_box(table.decide(black_box(&hand), &mut scratch)))
    });
}

fn bench_load(c: &mut Criterion) {
    // What every command does: the embedded rulebook, expanded at build time.
    c.bench_function("load/default", |b| {
        b.iter(|| black_box(load(&RulebookSource::Embedded).expect("loads")))
    });
    // The same rulebook by the path a user's rulebook takes: expanded now.
    c.bench_function("load/default-expanded-now", |b| {
        b.iter(|| black_box(load_expanding(&RulebookSource::Embedded).expect("loads")))
    });
}

criterion_group!(benches, bench_decide, bench_load);
criterion_main!(benches);

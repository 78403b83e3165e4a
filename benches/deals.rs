//! Bidding whole deals, the work of `bidbook auction` and `bidbook regress`.
//!
//! - `bid_deal/default-rulebook`: 1,000 random deals (seed 1) bid to the end
//!   with all four seats using the embedded SAYC rulebook, on one thread,
//!   with the question memo warm (as in a long `bidbook auction` run).
//!   Throughput is in deals.
//! - `bid_deal/no-memo`: the same without the memo (every question worked
//!   out by the matchers).
//!
//! The end-to-end figure (reading, bidding, writing JSON, threads) is
//! `bidbook auction --random 100000 --seed 1 --format json -o /dev/null`;
//! see the README's performance section.

use bridge::random::DealGenerator;
use contract_bridge::FullDeal;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::analysis::bid_deal::bid_boards;
use engine::rulebook::{RulebookSource, load};
use std::hint::black_box;

const DEALS: usize = 1000;

fn bench(c: &mut Criterion) {
    let rulebook = load(&RulebookSource::Embedded).expect("embedded rulebook");
    let deals: Vec<FullDeal> = DealGenerator::new(1).take(DEALS).collect();
    let mut group = c.benchmark_group("bid_deal");
    group.throughput(Throughput::Elements(DEALS as u64));
    group.sample_size(10);
    for (name, memo) in [("default-rulebook", true), ("no-memo", false)] {
        let mut scratch = if memo {
            rulebook.book.scratch_with_memo(65_536)
        } else {
            rulebook.book.scratch()
        };
        group.bench_function(name, |b| {
            b.iter(|| black_box(bid_boards(&rulebook.book, &deals, &mut scratch)));
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

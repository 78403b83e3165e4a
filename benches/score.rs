//! Scoring a bid deal whose table is known — the work `bidbook score` does
//! per deal on a rerun, when every table comes from the deal file or the
//! `--dd-cache` (bidding is measured by the `deals` bench, solving by
//! `cargo bench -p scoring --bench dd`).
//!
//! - `score_deal/par-and-score`: 20 random deals (seed 1), solved once
//!   before timing, each bid with the embedded rulebook and scored against
//!   par for every dealer and vulnerability (320 scorings): declarer's
//!   tricks, the score, par (pons-dds's port of DDS's par), IMPs and the
//!   kind. Throughput is in scorings.
//!
//! The end-to-end figures (`bidbook score --random 200 --seed 1` solving on
//! both cores; a rerun with the tables present) are in the README.

use bidbook::dd;
use bridge::random::DealGenerator;
use bridge::vulnerability::Vulnerability;
use contract_bridge::{FullDeal, Seat};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::analysis::bid_deal::bid_deal;
use engine::rulebook::{RulebookSource, load};
use std::hint::black_box;

const DEALS: usize = 20;

fn bench(c: &mut Criterion) {
    let rulebook = load(&RulebookSource::Embedded).expect("embedded rulebook");
    let deals: Vec<FullDeal> = DealGenerator::new(1).take(DEALS).collect();
    let pool = scoring::thread_pool(0).expect("a thread pool");
    let tables: Vec<_> = pool
        .install(|| scoring::solve_all(&deals))
        .into_iter()
        .map(|t| t.expect("a full deal"))
        .collect();
    let mut scratch = rulebook.book.scratch_with_memo(65_536);
    let mut boards = Vec::new();
    for (deal, table) in deals.iter().zip(&tables) {
        for dealer in Seat::ALL {
            for vul in Vulnerability::ALL {
                let bidden = bid_deal(&rulebook.book, deal, dealer, vul, &mut scratch);
                boards.push((bidden.table.bidding().contract(), *table, dealer, vul));
            }
        }
    }
    let mut group = c.benchmark_group("score_deal");
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function("par-and-score", |b| {
        b.iter(|| {
            let mut imps = 0;
            for &(contract, table, dealer, vul) in &boards {
                imps += dd::score_deal(contract, &table, dealer, vul).imps;
            }
            black_box(imps)
        });
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

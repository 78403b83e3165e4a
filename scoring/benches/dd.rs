//! Double-dummy solving speed: one full table (20 results) per deal, on
//! fixed random deals (`tests/data/random_deals.txt`, the same file
//! `benches/dds_endplay.py` times DDS on), one thread.
//!
//! ```sh
//! CARGO_TARGET_DIR=target cargo bench -p scoring --bench dd
//! taskset -c 0 python3 scoring/benches/dds_endplay.py scoring/tests/data/random_deals.txt 20
//! ```
//!
//! Each benchmark solves the first `DEALS` deals in turn; the time per
//! table is the reported time divided by `DEALS`. Variants:
//!
//! * `scoring::solve` — what the crate does: one solver per thread, kept
//!   from deal to deal (its transposition table allocated once);
//! * `fresh solver` — a new `pons_dds::Solver` per deal, to see what the
//!   reuse saves;
//! * `tt N MiB` — the transposition table's size (default 160 / 256 MiB).
//!
//! Results and the comparison with DDS are in the crate's README: about
//! 185 ms per table on this machine's cores, within 5% of DDS.

use contract_bridge::{FullDeal, Strain};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

const DEALS: usize = 20;

fn deals() -> Vec<FullDeal> {
    include_str!("../tests/data/random_deals.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(DEALS)
        .map(|l| l.parse().expect("a deal"))
        .collect()
}

fn bench(c: &mut Criterion) {
    let deals = deals();
    // One worker with a solver-sized stack; its thread-local solver lives
    // as long as the pool.
    let pool = scoring::thread_pool(1).expect("a thread");
    let mut group = c.benchmark_group(format!("dd table x{DEALS}"));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(30));
    group.warm_up_time(Duration::from_secs(1));

    group.bench_function("scoring::solve", |b| {
        b.iter(|| {
            pool.install(|| {
                for &deal in &deals {
                    black_box(scoring::solve(deal).expect("full deal"));
                }
            });
        });
    });

    group.bench_function("fresh solver", |b| {
        b.iter(|| {
            pool.install(|| {
                for &deal in &deals {
                    let mut solver = pons_dds::Solver::new(Strain::Notrump);
                    black_box(pons_dds::solve_deal_on(&mut solver, deal));
                }
            });
        });
    });

    for (default_mb, max_mb) in [(32, 64), (512, 1024)] {
        group.bench_function(format!("tt {default_mb}-{max_mb} MiB"), |b| {
            b.iter(|| {
                pool.install(|| {
                    let mut solver =
                        pons_dds::Solver::with_memory(Strain::Notrump, default_mb, max_mb);
                    for &deal in &deals {
                        black_box(pons_dds::solve_deal_on(&mut solver, deal));
                    }
                });
            });
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

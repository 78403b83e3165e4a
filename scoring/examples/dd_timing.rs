//! Time pons-dds per table on a deal file and compare its tables with a
//! cache file of tables from another solver (DDS through endplay).
//!
//! ```sh
//! cargo run --release -p scoring --example dd_timing -- \
//!     scoring/tests/data/random_deals.txt 300 [--compare scoring/tests/data/random_deals.dds]
//! ```
//!
//! Solves the deals one after another on one thread (the crate's
//! thread-local solver, reused), prints mean and median ms per table, and,
//! with `--compare`, every cell that differs.

use contract_bridge::FullDeal;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args.first().expect("a deal file");
    let count: usize = args
        .get(1)
        .map_or(usize::MAX, |n| n.parse().expect("a count"));
    let compare = args
        .iter()
        .position(|a| a == "--compare")
        .map(|i| args[i + 1].clone());

    let text = std::fs::read_to_string(path).expect("the deal file");
    let deals: Vec<FullDeal> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(count)
        .map(|l| l.parse().expect("a deal"))
        .collect();

    let pool = scoring::thread_pool(1).expect("a thread");
    let (tables, mut times) = pool.install(|| {
        let mut tables = Vec::new();
        let mut times = Vec::new();
        for &deal in &deals {
            let start = Instant::now();
            tables.push(scoring::solve(deal).expect("a full deal"));
            times.push(start.elapsed().as_secs_f64() * 1000.0);
        }
        (tables, times)
    });
    let total: f64 = times.iter().sum();
    times.sort_by(f64::total_cmp);
    println!(
        "pons-dds single thread: {} tables, mean {:.1} ms/table, median {:.1} ms/table, total {:.2} s",
        deals.len(),
        total / deals.len() as f64,
        times[times.len() / 2],
        total / 1000.0
    );

    if let Some(compare) = compare {
        let (cache, errors) =
            scoring::DdCache::parse(&std::fs::read_to_string(compare).expect("the cache file"));
        assert!(errors.is_empty(), "{errors:?}");
        let mut differ = 0;
        let mut checked = 0;
        for (deal, table) in deals.iter().zip(&tables) {
            if let Some(other) = cache.get(deal) {
                checked += 1;
                if other != *table {
                    differ += 1;
                    println!("differs: {}\n pons-dds\n{table}\n other\n{other}", deal);
                }
            }
        }
        println!("compared {checked} tables: {differ} differ");
    }
}

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
//! with `--compare`, every cell that differs. `--tt DEFAULT,MAX` solves
//! with a `pons_dds::Solver` whose transposition table has that budget in
//! MiB instead (the default is 160,256). `--stack KIB` solves on a plain
//! thread with that much stack instead of a `scoring::thread_pool` thread
//! (16 MiB), to see how much the search really needs. `--mask CELLS`
//! solves only those cells through `scoring::solve_some` (`N:NT` for one
//! cell, `N:NT,S:NT` for two, `NT` for a whole strain) and reports its time
//! (no comparison then). `--threads N` solves all the deals at once with
//! `scoring::solve_all` on an N-thread `scoring::thread_pool` and reports
//! the wall time per table.

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

    let tt: Option<(u32, u32)> = args.iter().position(|a| a == "--tt").map(|i| {
        let (d, m) = args[i + 1].split_once(',').expect("--tt DEFAULT,MAX");
        (d.parse().expect("MiB"), m.parse().expect("MiB"))
    });

    let stack_kib: Option<usize> = args
        .iter()
        .position(|a| a == "--stack")
        .map(|i| args[i + 1].parse().expect("KiB"));

    let mask: Option<scoring::DdMask> = args.iter().position(|a| a == "--mask").map(|i| {
        args[i + 1]
            .split(',')
            .map(|cell| match cell.split_once(':') {
                Some((seat, strain)) => scoring::DdMask::cell(
                    match seat {
                        "N" => contract_bridge::Seat::North,
                        "E" => contract_bridge::Seat::East,
                        "S" => contract_bridge::Seat::South,
                        _ => contract_bridge::Seat::West,
                    },
                    strain.parse().expect("a strain"),
                ),
                None => scoring::DdMask::strain(cell.parse().expect("a strain")),
            })
            .fold(scoring::DdMask::NONE, |a, b| a | b)
    });

    if let Some(threads) = args
        .iter()
        .position(|a| a == "--threads")
        .map(|i| args[i + 1].parse::<usize>().expect("a thread count"))
    {
        let pool = scoring::thread_pool(threads).expect("threads");
        // Warm each worker's solver up on a first batch, then time.
        pool.install(|| scoring::solve_all(&deals[..threads.min(deals.len())]));
        let start = Instant::now();
        let tables = pool.install(|| scoring::solve_all(&deals));
        let wall = start.elapsed().as_secs_f64() * 1000.0;
        assert!(tables.iter().all(Result::is_ok));
        println!(
            "pons-dds on {threads} threads: {} tables in {:.2} s, {:.1} ms/table wall, {:.1} ms/table/thread",
            deals.len(),
            wall / 1000.0,
            wall / deals.len() as f64,
            wall * threads as f64 / deals.len() as f64
        );
        return;
    }

    let work = || {
        let mut solver =
            tt.map(|(d, m)| pons_dds::Solver::with_memory(contract_bridge::Strain::Notrump, d, m));
        let mut tables = Vec::new();
        let mut times = Vec::new();
        for &deal in &deals {
            let start = Instant::now();
            let table = match (&mut solver, mask) {
                (Some(solver), _) => pons_dds::solve_deal_on(solver, deal).into(),
                (None, Some(mask)) => {
                    let _ = scoring::solve_some(deal, mask).expect("a full deal");
                    scoring::DdTable::default()
                }
                (None, None) => scoring::solve(deal).expect("a full deal"),
            };
            tables.push(table);
            times.push(start.elapsed().as_secs_f64() * 1000.0);
        }
        (tables, times)
    };
    let (tables, mut times) = match stack_kib {
        Some(kib) => std::thread::scope(|s| {
            std::thread::Builder::new()
                .stack_size(kib * 1024)
                .spawn_scoped(s, work)
                .expect("a thread")
                .join()
                .expect("the solving thread")
        }),
        None => scoring::thread_pool(1).expect("a thread").install(work),
    };
    let total: f64 = times.iter().sum();
    times.sort_by(f64::total_cmp);
    if let Some((d, m)) = tt {
        println!("transposition table {d},{m} MiB");
    }
    println!(
        "pons-dds single thread: {} tables, mean {:.1} ms/table, median {:.1} ms/table, total {:.2} s",
        deals.len(),
        total / deals.len() as f64,
        times[times.len() / 2],
        total / 1000.0
    );

    if let Some(compare) = compare.filter(|_| mask.is_none()) {
        let (cache, errors) =
            scoring::DdCache::parse(&std::fs::read_to_string(compare).expect("the cache file"));
        assert!(errors.is_empty(), "{errors:?}");
        let mut differ = 0;
        let mut checked = 0;
        for (deal, table) in deals.iter().zip::<&Vec<scoring::DdTable>>(&tables) {
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

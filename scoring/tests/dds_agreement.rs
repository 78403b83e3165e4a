//! pons-dds against DDS 2.9: the first random deals of
//! `tests/data/random_deals.txt`, solved here, against the tables DDS gave
//! for them (`tests/data/random_deals.dds`, written by
//! `benches/dds_endplay.py`). All 300 are compared by
//! `examples/dd_timing.rs --compare` in a release build.

use contract_bridge::FullDeal;
use scoring::DdCache;

#[test]
fn first_random_deals_match_dds() {
    let (dds, errors) = DdCache::parse(include_str!("data/random_deals.dds"));
    assert!(errors.is_empty(), "{errors:?}");
    let deals: Vec<FullDeal> = include_str!("data/random_deals.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(4)
        .map(|l| l.parse().unwrap())
        .collect();
    let pool = scoring::thread_pool(2).unwrap();
    let tables = pool.install(|| scoring::solve_all(&deals));
    for (deal, table) in deals.iter().zip(tables) {
        let table = table.unwrap();
        assert_eq!(Some(table), dds.get(deal), "{deal}\n{table}");
    }
}

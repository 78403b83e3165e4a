//! The default rulebook explains the calls of `tests/data/explained-auctions.tsv`:
//! for each auction, `bidbook explain --json` names the given rule among
//! those proposing its last call. A table, so that coverage of real players'
//! calls, once written, is kept.

mod common;

use common::{bidbook, stderr, stdout};

#[test]
fn the_default_rulebook_explains_the_tabled_calls() {
    let table = include_str!("data/explained-auctions.tsv");
    let mut rows = 0;
    let mut failures = Vec::new();
    for (i, line) in table.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        assert!(cols.len() >= 2, "line {}: auction and rule expected", i + 1);
        let (auction, rule) = (cols[0], cols[1]);
        let o = bidbook(&["explain", auction, "--json"]);
        assert!(o.status.success(), "line {}: {}", i + 1, stderr(&o));
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("one line of JSON");
        let last = v["calls"]
            .as_array()
            .and_then(|calls| calls.last())
            .expect("at least one call");
        let rules: Vec<&str> = last["rules"]
            .as_array()
            .map(|r| r.iter().filter_map(|x| x.as_str()).collect())
            .unwrap_or_default();
        if !rules.contains(&rule) {
            failures.push(format!(
                "line {}: `{auction}`: the last call is explained by {rules:?}, not {rule}",
                i + 1
            ));
        }
        rows += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(rows >= 5, "the table should have rows ({rows})");
}

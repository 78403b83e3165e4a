//! `bidbook bid` and `bidbook explain` end to end: output, JSON, and bad input
//! (every bad input names the problem and exits non-zero, never panics).

mod common;

use common::{bidbook, stderr, stdout};

#[test]
fn bids_a_one_notrump_opening_with_the_embedded_rulebook() {
    let o = bidbook(&["bid", "--hand", "AKQ2.K52.J83.Q74"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("1N"), "{}", stdout(&o));
}

#[test]
fn bid_json_has_the_documented_keys() {
    let o = bidbook(&["bid", "--hand", "AKQ2.K52.J83.Q74", "--json"]);
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("one line of JSON");
    for key in [
        "call",
        "rule",
        "priority",
        "flags",
        "explanation",
        "alert",
        "shown",
    ] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    assert_eq!(v["call"], "1N");
    assert_eq!(v["shown"]["hcp"], serde_json::json!([15, 17]));
}

#[test]
fn explain_json_has_the_documented_keys() {
    let o = bidbook(&["explain", "1N P", "--json"]);
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("one line of JSON");
    let first = &v["calls"][0];
    for key in [
        "seat",
        "call",
        "rules",
        "explanation",
        "alert",
        "unexplained",
    ] {
        assert!(first.get(key).is_some(), "missing {key}");
    }
    assert_eq!(v["players"]["N"]["hcp"], serde_json::json!([15, 17]));
}

#[test]
fn uses_the_rulebook_given_with_rules() {
    let o = bidbook(&[
        "bid",
        "--rules",
        "tests/mini-rulebook",
        "--hand",
        "QT73.K652.A3.T93",
        "--auction",
        "1N P",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("2C (alert) — Stayman"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn a_bad_hand_is_named() {
    let o = bidbook(&["bid", "--hand", "AKQ2.K52.J83.Q7"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("expected 13 cards, found 12"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn an_illegal_auction_names_the_call() {
    let o = bidbook(&["explain", "1S P 1H"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("call 3 `1H`: insufficient bid after 1S"),
        "{}",
        stderr(&o)
    );
    let o = bidbook(&["bid", "--hand", "AKQ2.K52.J83.Q74", "--auction", "1S Q"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("call 2 `Q`"), "{}", stderr(&o));
}

#[test]
fn an_ended_auction_has_no_call_to_make() {
    let o = bidbook(&["bid", "--hand", "AKQ2.K52.J83.Q74", "--auction", "P P P P"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("the auction has ended"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_broken_rulebook_is_reported_with_its_location() {
    let o = bidbook(&[
        "bid",
        "--rules",
        "tests/bad-rulebooks/unknown-function",
        "--hand",
        "AKQ2.K52.J83.Q74",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("tests/bad-rulebooks/unknown-function/main.txt2:2:9"),
        "{err}"
    );
    assert!(err.contains("unknown function #99"), "{err}");
}

#[test]
fn bad_seat_and_vulnerability_are_named() {
    let o = bidbook(&["bid", "--hand", "AKQ2.K52.J83.Q74", "--dealer", "Q"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown seat `Q`"), "{}", stderr(&o));
    let o = bidbook(&["bid", "--hand", "AKQ2.K52.J83.Q74", "--vul", "sometimes"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("unknown vulnerability"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn test_refuses_a_file_with_no_case() {
    for path in ["/dev/null", "Cargo.toml"] {
        let o = bidbook(&["test", path, "--min-pass", "50"]);
        assert!(!o.status.success(), "{path}: {}", stdout(&o));
        assert!(
            stderr(&o).contains("no case read"),
            "{path}: {}",
            stderr(&o)
        );
    }
}

#[test]
fn test_reads_a_corpus_with_a_why_column() {
    let dir = std::env::temp_dir().join(format!("bidbook-why-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("why.tsv");
    std::fs::write(
        &path,
        "group\thand\tcall\tauction\tdealer\tvul\tkind\twhy\n\
         open\tAKQ2.K52.J83.Q74\t1N\t\tN\tNone\twritten\t15-17 balanced opens 1NT\n",
    )
    .unwrap();
    let o = bidbook(&["test", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("1 cases, pass rate 100.0%"),
        "{}",
        stdout(&o)
    );
    std::fs::remove_dir_all(&dir).ok();
}

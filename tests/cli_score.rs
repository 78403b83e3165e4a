//! `bidbook score` and `bidbook regress --score` end to end: tables read
//! from deal files (PBN's OptimumResultTable, Bridge Composer's
//! DoubleDummyTricks) instead of solved, written back losing nothing, kept
//! in a cache for random deals; partial deals reported and skipped; and a
//! rulebook edit known to lose IMPs.
//!
//! Solving is slow in a debug build, so the deal files carry most tables.

mod common;

use common::{bidbook, bidbook_in, scratch, stderr, stdout};
use serde_json::Value;
use std::path::Path;

fn path(rel: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(rel)
        .display()
        .to_string()
}

fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).expect("a line of JSON"))
        .collect()
}

/// The scores of IMPs the JSON contract promises, checked against each
/// other: score from North-South's side, IMPs of score - par.
fn check_deal_line(v: &Value) {
    for key in [
        "deal", "dealer", "vul", "auction", "contract", "declarer", "tricks", "score", "par",
        "imps",
    ] {
        assert!(v.get(key).is_some(), "{key} missing: {v}");
    }
    assert!(v["deal"].as_str().unwrap().starts_with("N:"), "{v}");
    let diff = v["score"].as_i64().unwrap() - v["par"].as_i64().unwrap();
    let imps = v["imps"].as_i64().unwrap();
    assert_eq!(imps.signum(), diff.signum(), "{v}");
}

#[test]
fn score_reads_tables_from_the_file_solves_the_rest_and_skips_partial_deals() {
    let o = bidbook(&["score", &path("tests/deals/scored.pbn"), "--json", "-q"]);
    // The partial deal is reported and skipped: exit status 1.
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("scored.pbn:48: skipped: double-dummy solving needs all 52 cards"),
        "{}",
        stderr(&o)
    );
    let lines = json_lines(&stdout(&o));
    assert_eq!(lines.len(), 4, "{}", stdout(&o));
    let tables: Vec<&str> = lines[..3]
        .iter()
        .map(|v| v["table"].as_str().unwrap())
        .collect();
    assert_eq!(tables, ["file", "file", "solved"]);
    for v in &lines[..3] {
        check_deal_line(v);
    }
    // Board 1: 1NT by West, 7 tricks (the file's table), -90 for North-South
    // against par -420 (4H by East-West): +8 IMPs, a game missed.
    let b1 = &lines[0];
    assert_eq!(b1["contract"], "1NT");
    assert_eq!(b1["declarer"], "W");
    assert_eq!(b1["tricks"], 7);
    assert_eq!(b1["score"], -90);
    assert_eq!(b1["par"], -420);
    assert_eq!(b1["imps"], 8);
    assert_eq!(b1["kind"], "game missed");
    assert_eq!(b1["auction"][0], "1D");
    let summary = &lines[3];
    assert_eq!(summary["deals"], 3);
    assert_eq!(summary["skipped"], 1);
    let mean = summary["mean_abs_imps"].as_f64().unwrap();
    let total: i64 = lines[..3]
        .iter()
        .map(|v| v["imps"].as_i64().unwrap().abs())
        .sum();
    assert!((mean - total as f64 / 3.0).abs() < 1e-9, "{summary}");
    assert!(
        summary["by_kind"].as_array().unwrap().len() >= 2,
        "{summary}"
    );
    // Each deal's prefix is listed once with its board as the example
    // (their order follows the IMPs the rulebook loses, which its edits move).
    let prefixes = summary["by_prefix"].as_array().unwrap();
    assert_eq!(prefixes.len(), 3, "{summary}");
    let board1 = prefixes
        .iter()
        .find(|p| p["prefix"] == "1D P P")
        .unwrap_or_else(|| panic!("no 1D P P prefix: {summary}"));
    assert_eq!(board1["imps"], 8, "{summary}");
    assert_eq!(board1["examples"].as_array().unwrap().len(), 1);

    // The text and HTML reports say the same.
    let dir = scratch("score", "text");
    let o = bidbook_in(
        &dir,
        &[
            "score",
            &path("tests/deals/scored.pbn"),
            "-q",
            "--html",
            "score.html",
        ],
    );
    let html = std::fs::read_to_string(dir.join("score.html")).unwrap();
    assert!(
        html.contains("<td>1D P P X P 1S P 1N P P P</td><td>1NT by W</td><td>7</td>"),
        "{html}"
    );
    let text = stdout(&o);
    assert!(text.contains("3 deals scored (1 skipped)"), "{text}");
    assert!(
        text.contains("par -420 (4H by E, 4H by W)  +8 IMPs"),
        "{text}"
    );
    assert!(text.contains("IMPs by kind:"), "{text}");
}

#[test]
fn tables_written_to_pbn_come_back_and_nothing_is_lost() {
    let dir = scratch("score", "round-trip");
    let first = bidbook_in(
        &dir,
        &[
            "score",
            &path("tests/deals/scored.pbn"),
            "-o",
            "out.pbn",
            "--json",
            "-q",
        ],
    );
    assert_eq!(first.status.code(), Some(1), "{}", stderr(&first));
    let out = std::fs::read_to_string(dir.join("out.pbn")).unwrap();
    let input = std::fs::read_to_string(path("tests/deals/scored.pbn")).unwrap();
    // Every line of the input is kept (the games only gain their auctions
    // and the solved board its table), the partial deal included.
    let kept: Vec<&str> = out.lines().collect();
    for line in input.lines() {
        assert!(kept.contains(&line), "lost {line:?}:\n{out}");
    }
    // Board 3 had no table: it has one now, in PBN's own section.
    assert_eq!(out.matches("[OptimumResultTable ").count(), 2, "{out}");
    assert!(out.contains("N  D 10\n"), "{out}");
    // Read back: every table from the file, the same scores.
    let again = bidbook_in(
        &dir,
        &["score", "out.pbn", "-o", "out2.pbn", "--json", "-q"],
    );
    let (a, b) = (json_lines(&stdout(&first)), json_lines(&stdout(&again)));
    for (x, y) in a[..3].iter().zip(&b[..3]) {
        assert_eq!(y["table"], "file");
        for key in ["auction", "contract", "tricks", "score", "par", "imps"] {
            assert_eq!(x[key], y[key], "{key}");
        }
    }
    // Written again with every table present: byte for byte the same.
    assert_eq!(
        std::fs::read(dir.join("out.pbn")).unwrap(),
        std::fs::read(dir.join("out2.pbn")).unwrap()
    );
}

#[test]
fn the_dd_cache_serves_random_deals_on_the_second_run() {
    let dir = scratch("score", "cache");
    let args = [
        "score",
        "--random",
        "2",
        "--seed",
        "3",
        "--json",
        "--dd-cache",
        "dd.txt",
        "-q",
    ];
    let first = bidbook_in(&dir, &args);
    assert!(first.status.success(), "{}", stderr(&first));
    let cache = std::fs::read_to_string(dir.join("dd.txt")).unwrap();
    assert_eq!(cache.lines().filter(|l| l.starts_with("N:")).count(), 2);
    let second = bidbook_in(&dir, &args);
    let (a, b) = (json_lines(&stdout(&first)), json_lines(&stdout(&second)));
    assert_eq!(a.len(), 3);
    assert_eq!(a[0]["table"], "solved");
    assert_eq!(b[0]["table"], "cache");
    assert_eq!(b[2]["tables"]["cache"], 2);
    for (x, y) in a[..2].iter().zip(&b[..2]) {
        check_deal_line(x);
        assert_eq!(x["score"], y["score"]);
        assert_eq!(x["par"], y["par"]);
    }
    // Nothing new was solved, so nothing was appended.
    assert_eq!(std::fs::read_to_string(dir.join("dd.txt")).unwrap(), cache);
}

#[test]
fn regress_score_finds_that_opening_7nt_on_every_deal_loses_imps() {
    let o = bidbook(&[
        "regress",
        "--base",
        &path("tests/mini-rulebook"),
        "--new",
        &path("tests/seven-nt-rulebook"),
        &path("tests/deals/scored.pbn"),
        "--score",
        "--json",
    ]);
    let report: Value = serde_json::from_str(&stdout(&o)).expect("one JSON object");
    assert_eq!(report["deals"], 3, "{report}");
    let changes = report["changes"].as_array().unwrap();
    assert_eq!(changes.len(), 3, "{report}");
    for c in changes {
        assert_eq!(c["new"]["contract"], "7NT", "{c}");
        let s = &c["score"];
        assert!(s["new"]["tricks"].as_u64().unwrap() < 13, "{c}");
        assert!(s["imps"].as_i64().unwrap() < 0, "{c}");
    }
    let score = &report["score"];
    assert!(score["net_imps"].as_i64().unwrap() < 0, "{score}");
    assert!(score["imps_per_board"].as_f64().unwrap() < 0.0, "{score}");
    assert!(score["standard_error"].as_f64().unwrap() > 0.0, "{score}");
    let groups = score["by_prefix"].as_array().unwrap();
    assert_eq!(groups[0]["prefix"], "(first call)", "{score}");
    assert_eq!(groups[0]["count"], 3);
    assert_eq!(groups[0]["gained"], 0);

    // The text and HTML reports carry the same, with the DD tricks.
    let dir = scratch("score", "regress-html");
    let o = bidbook_in(
        &dir,
        &[
            "regress",
            "--base",
            &path("tests/mini-rulebook"),
            "--new",
            &path("tests/seven-nt-rulebook"),
            &path("tests/deals/scored.pbn"),
            "--score",
            "--html",
            "report.html",
        ],
    );
    let text = stdout(&o);
    assert!(text.contains("Net IMPs for the new rulebook: -"), "{text}");
    assert!(text.contains("DD tricks"), "{text}");
    let html = std::fs::read_to_string(dir.join("report.html")).unwrap();
    assert!(html.contains("DD tricks: <b>"), "{html}");
    assert!(html.contains("IMPs per board"), "{html}");
}

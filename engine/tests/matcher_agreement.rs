//! Table-driven matcher tests: every row of `data/matcher_cases.tsv` runs on
//! the backtracking matcher and — for regular sequence patterns — on the
//! multi-pattern DFA; both must give the expected answer.

use engine::compile::functions::{Env, Situation};
use engine::compile::grabs::Grabs;
use engine::compile::matcher::auction_split::AuctionSplit;
use engine::compile::matcher::regular::{RegularSet, to_regex, to_regex_approx};
use engine::compile::matcher::{Backtracker, EndMode, ir};

struct Case {
    line: usize,
    kind: String,
    pattern: String,
    subject: String,
    expect: bool,
    what: String,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/matcher_cases.tsv");
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            let cols: Vec<&str> = l.split('\t').collect();
            assert!(cols.len() >= 4, "line {}: four columns expected", i + 1);
            Case {
                line: i + 1,
                kind: cols[0].to_string(),
                pattern: cols[1].to_string(),
                subject: cols[2].to_string(),
                expect: match cols[3] {
                    "yes" => true,
                    "no" => false,
                    other => panic!("line {}: expect yes or no, not {other}", i + 1),
                },
                what: cols.get(4).unwrap_or(&"").to_string(),
            }
        })
        .collect()
}

#[test]
fn every_case_holds_on_every_matcher() {
    let situation = Situation::default();
    let env = Env {
        situation: &situation,
        hand: None,
    };
    let mut regular_rows = 0;
    let mut failures = Vec::new();
    for c in cases() {
        let goal = grammar::parse_goal(&c.pattern)
            .unwrap_or_else(|e| panic!("line {}: `{}` does not parse: {e}", c.line, c.pattern));
        let alt = ir::compile_alt(goal.pattern.as_ref().expect("a pattern"), true)
            .unwrap_or_else(|e| panic!("line {}: does not compile: {}", c.line, e.message));
        let mode = match c.kind.as_str() {
            "seq" => EndMode::Full,
            "constraint" => EndMode::Prefix,
            other => panic!("line {}: unknown kind {other}", c.line),
        };
        let got =
            Backtracker::new(c.subject.as_bytes(), &env).matches(&alt, mode, &mut Grabs::new());
        if got != c.expect {
            failures.push(format!(
                "line {} ({}): backtracking `{}` on `{}` gave {got}",
                c.line, c.what, c.pattern, c.subject
            ));
        }
        // Matched through its auction part (the subject up to its last `:`,
        // walked once), the pattern must give the same answer and grabs.
        if mode == EndMode::Full
            && let Some(split) = AuctionSplit::of(&alt)
        {
            let subject = c.subject.as_bytes();
            let auction = subject
                .iter()
                .rposition(|&b| b == b':')
                .map_or(0, |i| i + 1);
            let mut parts = Vec::new();
            assert!(
                split.auction_parts(&Backtracker::new(&subject[..auction], &env), &mut parts),
                "line {}: too many auction parts",
                c.line
            );
            let mut whole = Grabs::new();
            Backtracker::new(subject, &env).matches(&alt, mode, &mut whole);
            let mut grabs = Grabs::new();
            let split_got =
                split.matches(&alt, &Backtracker::new(subject, &env), &parts, &mut grabs);
            if split_got != got || (got && grabs != whole) {
                failures.push(format!(
                    "line {} ({}): through its auction part `{}` on `{}` gave {split_got}",
                    c.line, c.what, c.pattern, c.subject
                ));
            }
        }
        // The prefilter must never lose a match.
        if mode == EndMode::Full
            && got
            && let Some(re) = to_regex_approx(&alt)
        {
            let set =
                RegularSet::new(vec![(0, true, re.clone())]).expect("the approximation compiles");
            let mut cache = set.cache();
            let mut hits = Vec::new();
            set.matches(&mut cache, c.subject.as_bytes(), &mut hits);
            if hits.is_empty() {
                failures.push(format!(
                    "line {} ({}): the approximation `{re}` misses `{}`",
                    c.line, c.what, c.subject
                ));
            }
        }
        if mode == EndMode::Full
            && let Some(re) = to_regex(&alt)
        {
            regular_rows += 1;
            let set = RegularSet::new(vec![(0, false, re.clone())]).expect("the regex compiles");
            let mut cache = set.cache();
            let mut hits = Vec::new();
            set.matches(&mut cache, c.subject.as_bytes(), &mut hits);
            let hit = !hits.is_empty();
            if hit != c.expect {
                failures.push(format!(
                    "line {} ({}): DFA `{re}` on `{}` gave {hit}",
                    c.line, c.what, c.subject
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        regular_rows >= 25,
        "the table should exercise the DFA ({regular_rows} rows)"
    );
}

#[test]
fn one_dfa_reports_every_matching_pattern() {
    let patterns = ["1C:P:1H", "1C:,:1H", "START1H$", "1C:P:1[HS]", "1D:P:1H"];
    let mut compiled = Vec::new();
    for (i, p) in patterns.iter().enumerate() {
        let goal = grammar::parse_goal(p).unwrap();
        let alt = ir::compile_alt(goal.pattern.as_ref().unwrap(), true).unwrap();
        compiled.push((i as u32, false, to_regex(&alt).unwrap()));
    }
    let set = RegularSet::new(compiled).unwrap();
    let mut cache = set.cache();
    let mut found = Vec::new();
    set.matches(&mut cache, b"1C:P:1H", &mut found);
    let mut hits: Vec<u32> = found.iter().map(|h| h.0).collect();
    hits.sort();
    assert_eq!(hits, vec![0, 1, 2, 3]);
    // The split walk (auction once, then each candidate) agrees.
    let state = set.prefix_state(&mut cache, b"1C:P:").unwrap();
    let mut split = Vec::new();
    assert!(set.matches_after(&mut cache, &state, b"1S", &mut |r, _| split.push(r)));
    assert_eq!(split, vec![3]);
}

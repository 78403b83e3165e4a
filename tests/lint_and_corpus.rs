//! `bidbook lint` on a rulebook with known problems, and the default
//! rulebook's floor on the development corpus (CI keeps it from sliding).

use bidbook::cmd::{lint, test};
use bidbook::corpus;
use engine::rulebook::{RulebookSource, load};

#[test]
fn lint_finds_shadowing_overlaps_holes_and_unsound_specs() {
    let rulebook = load(&RulebookSource::Path("tests/lint-rulebook".into())).expect("loads");
    let (report, findings) = lint::render(&rulebook, 200, 1, 2000, false);
    assert!(
        report.contains("shadowed: #2 (tests/lint-rulebook/main.txt2:5) never fires: #1"),
        "{report}"
    );
    assert!(
        report.contains("overlap: #3 (tests/lint-rulebook/main.txt2:7) and #4"),
        "{report}"
    );
    assert!(
        report.contains("spec: #1 (tests/lint-rulebook/main.txt2:4): 1N after ``"),
        "{report}"
    );
    assert!(
        report.lines().last().unwrap().starts_with("no rule: "),
        "{report}"
    );
    assert!(
        !report.contains("no rule: 0.00%"),
        "the fixture has holes: {report}"
    );
    assert_eq!(
        findings, 2,
        "one shadowed rule and one unsound spec: {report}"
    );
}

#[test]
fn the_default_rulebook_keeps_its_floor_on_the_development_corpus() {
    // A copy kept in the project (tests/data/README.md says where from).
    let text = include_str!("data/sayc-dev.tsv");
    let (cases, errors) = corpus::parse(text);
    assert!(errors.is_empty(), "{errors:?}");
    let rulebook = load(&RulebookSource::Embedded).expect("loads");
    let mut scratch = rulebook.book.scratch();
    let outcomes: Vec<test::Outcome> = cases
        .iter()
        .map(|c| test::run_case(&rulebook, c, &mut scratch))
        .collect();
    let passed = outcomes.iter().filter(|o| o.passed()).count();
    let rate = test::pass_rate(passed, outcomes.len());
    // Measured 88.9% when this floor was set; the floor leaves room for
    // honest trade-offs, not for regressions.
    assert!(
        rate >= 86.0,
        "pass rate {rate:.1}% fell below the 86% floor"
    );
}

/// The rulebook issue's lint goals, on a fixed seed: no pass of a forcing
/// call with the opponents silent, "no rule" under 0.1% of decisions, and
/// no call made with a hand outside what its rule says it shows.
#[test]
fn the_default_rulebook_keeps_its_lint_goals() {
    let rulebook = load(&RulebookSource::Embedded).expect("loads");
    let audit = engine::analysis::lint::audit_deals(&rulebook.book, 2000, 1);
    assert_eq!(
        audit.forcing_passes.total,
        0,
        "{:?}",
        audit.forcing_passes.auctions.first()
    );
    assert!(
        audit.no_rule_percent() < 0.1,
        "no rule in {:.2}% of decisions",
        audit.no_rule_percent()
    );
    assert!(
        audit.violations.is_empty(),
        "{:?}",
        audit.violations.first()
    );
}

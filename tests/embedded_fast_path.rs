//! The embedded rulebook's fast path — its rules parsed at build time from
//! its text expanded at build time, expanded again only when asked where a
//! rule was written —
//! gives the same rulebook as the normal path (expanded, parsed and compiled
//! at run time): the same text, rules and warnings, the same calls on random
//! deals and the same explanations of them.

use bridge::auction::Vulnerability;
use bridge::random::DealGenerator;
use contract_bridge::Seat;
use engine::analysis::bid_deal::bid_deal;
use engine::rulebook::{
    EMBEDDED_EXPANDED, EMBEDDED_PARSED, Rulebook, RulebookSource, load, load_expanding,
};

/// Deals bid with both rulebooks.
const DEALS: u64 = 2000;
/// Of those, the deals whose auctions are explained with both.
const EXPLAINED: u64 = 200;

/// The embedded rulebook by the normal path: expanded now, then compiled.
fn normal_path() -> Rulebook {
    load_expanding(&RulebookSource::Embedded)
        .unwrap_or_else(|e| panic!("the embedded rulebook expands and compiles: {e}"))
}

#[test]
fn the_fast_path_loads_the_same_rulebook_as_the_normal_path() {
    let text = EMBEDDED_EXPANDED.expect(
        "the embedded rulebook expands at build time with no error and no warning (else it loads by the normal path, slower)",
    );
    assert!(
        EMBEDDED_PARSED.is_some(),
        "the embedded rulebook's rules parse at build time with no error and every level can match (else loading parses them, slower)"
    );
    let fast = load(&RulebookSource::Embedded).unwrap_or_else(|e| panic!("{e}"));
    let normal = normal_path();
    assert_eq!(fast.text(), text);
    assert_eq!(fast.text(), normal.text());
    assert_eq!(fast.book.rules(), normal.book.rules());
    assert_eq!(fast.book.matcher_counts(), normal.book.matcher_counts());
    let rendered = |r: &Rulebook| {
        r.warnings
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(rendered(&fast), rendered(&normal));
    // Where rules were written: from the build-time table, with no
    // expansion; then the fast path expands the rulebook when asked.
    for rule in 0..fast.book.rules().len() as u32 {
        assert_eq!(fast.rule_location(rule), normal.rule_location(rule));
    }
    assert!(
        !fast.has_expansion(),
        "every rule's location is in the build-time table"
    );
    assert_eq!(fast.expansion().text, normal.expansion().text);
    assert!(fast.has_expansion());
    assert_eq!(fast.expansion().files, normal.expansion().files);
}

#[test]
fn the_fast_path_bids_and_explains_random_deals_as_the_normal_path() {
    let fast = load(&RulebookSource::Embedded).unwrap_or_else(|e| panic!("{e}"));
    let normal = normal_path();
    let mut fast_scratch = fast.book.scratch();
    let mut normal_scratch = normal.book.scratch();
    let mut deals = DealGenerator::new(20261124);
    for board in 1..=DEALS {
        let deal = deals.next_deal();
        let dealer = Seat::ALL[(board % 4) as usize];
        let vulnerability = Vulnerability::of_board(board as u32);
        let a = bid_deal(&fast.book, &deal, dealer, vulnerability, &mut fast_scratch);
        let b = bid_deal(
            &normal.book,
            &deal,
            dealer,
            vulnerability,
            &mut normal_scratch,
        );
        assert_eq!(a.calls(), b.calls(), "board {board}");
        let rules = |d: &engine::analysis::bid_deal::BiddenDeal<'_>| {
            d.decisions.iter().map(|d| d.rule).collect::<Vec<_>>()
        };
        assert_eq!(rules(&a), rules(&b), "board {board}");
        if board <= EXPLAINED {
            assert_eq!(
                reports::explain_json::explain_json(&fast, &a.table),
                reports::explain_json::explain_json(&normal, &b.table),
                "board {board}"
            );
        }
    }
}

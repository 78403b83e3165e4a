//! Forcing calls (`[forcing]` / `[game forcing]` in the explanations table):
//! the resolver weighs no Pass for a forced player, `explain` and `bid` say a
//! call is forcing, and `lint` reports the passes left (tests/forcing-rulebook).

use bidbook::auction_args::{TableArgs, replay};
use bidbook::cmd::{bid, explain, lint};
use bridge::auction::{Call, Vulnerability, parse_call};
use bridge::hand::parse_hand;
use contract_bridge::Seat;
use engine::resolve::explanations::Forcing;
use engine::resolve::hand_eval::HandEval;
use engine::rulebook::{Rulebook, RulebookSource, load};

fn book() -> Rulebook {
    load(&RulebookSource::Path("tests/forcing-rulebook".into())).expect("loads")
}

const NORTH: TableArgs = TableArgs {
    dealer: Seat::North,
    vul: Vulnerability::None,
};

fn decide(rb: &Rulebook, hand: &str, auction: &str) -> (Call, Option<String>, Forcing) {
    let mut scratch = rb.book.scratch();
    let table = replay(rb, auction, &NORTH, &mut scratch).unwrap();
    let d = table.decide(&HandEval::new(parse_hand(hand).unwrap()), &mut scratch);
    (d.call, d.rule.map(|r| rb.book.rule_name(r)), table.forced())
}

#[test]
fn a_forced_player_weighs_no_pass_rule() {
    let rb = book();
    // Rule #5 (pass, priority 60) would outrank #6 (1NT, 50) for a minimum.
    let (call, rule, forced) = decide(&rb, "Q52.K52.J83.AQ74", "1C P 1H P");
    assert_eq!(
        (call, rule.as_deref(), forced),
        (parse_call("1N").unwrap(), Some("#6"), Forcing::OneRound)
    );
    // A player who is not forced passes by the same rule.
    let (call, rule, forced) = decide(&rb, "Q52.K52.J83.AQ74", "1C P P P");
    assert_eq!((call, forced), (Call::Pass, Forcing::No));
    assert_ne!(rule.as_deref(), Some("#6"));
}

#[test]
fn interference_lifts_a_one_round_force() {
    let rb = book();
    let mut scratch = rb.book.scratch();
    let table = replay(&rb, "1C P 1H X", &NORTH, &mut scratch).unwrap();
    assert_eq!(table.forced(), Forcing::No);
}

#[test]
fn a_game_force_holds_below_game_only() {
    let rb = book();
    let mut scratch = rb.book.scratch();
    let below = replay(&rb, "1C P 2N P", &NORTH, &mut scratch).unwrap();
    assert_eq!(below.forced(), Forcing::Game);
    let game = replay(&rb, "1C P 2N P 3N P", &NORTH, &mut scratch).unwrap();
    assert_eq!(game.forced(), Forcing::No, "3NT is game");
}

#[test]
fn bid_and_explain_say_a_call_is_forcing() {
    let rb = book();
    let mut scratch = rb.book.scratch();
    let table = replay(&rb, "1C P 2N P", &NORTH, &mut scratch).unwrap();
    let text = explain::render(&rb, &table, false);
    assert!(
        text.contains("2N  [#3] (alert) (game forcing) — 2NT: 13+ HCP"),
        "{text}"
    );
    let json = explain::render(&rb, &table, true);
    assert!(json.contains(r#""forcing":"game""#), "{json}");
    let eval = HandEval::new(parse_hand("A52.K52.K83.AQ74").unwrap());
    let why = bid::render(&rb, &table, &eval, &mut scratch, false, true);
    assert!(why.contains("no rule for Pass is weighed"), "{why}");
    assert!(why.contains("fails: #20<=14: 16"), "{why}");
    let json = bid::render(&rb, &table, &eval, &mut scratch, true, true);
    assert!(json.contains(r#""forced":"game""#), "{json}");
    assert!(
        json.contains(r##""failed":"#20<=14","value":16"##),
        "{json}"
    );
}

#[test]
fn lint_reports_forcing_passes_with_an_example_deal() {
    let rb = book();
    let (report, findings) = lint::render(&rb, 400, 1, 200, false);
    assert!(
        report.contains("forcing pass after `1C:P:1H:P`"),
        "{report}"
    );
    assert!(report.contains("partner's call by #2"), "{report}");
    assert!(report.contains(" in N:"), "an example deal: {report}");
    assert!(findings > 0, "forcing passes count as findings: {report}");
    let (json, _) = lint::render(&rb, 400, 1, 200, true);
    let value: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert!(
        value["forcing_passes"]["decisions"].as_u64().unwrap() > 0,
        "{json}"
    );
}

#[test]
fn a_forced_player_whom_no_rule_fits_falls_back_on_superseded_defaults() {
    let rb = book();
    // 16 HCP and four hearts: the minimum raise (#10) fails, the default
    // raise (#11) gave way to it — and is the last resort.
    let (call, rule, _) = decide(&rb, "A5.K852.K83.AQ74", "1C P 1H P");
    assert_eq!(
        (call, rule.as_deref()),
        (parse_call("2H").unwrap(), Some("#11"))
    );
    // What 2H means is still the specific raise's (the default gave way).
    let mut scratch = rb.book.scratch();
    let table = replay(&rb, "1C P 1H P 2H", &NORTH, &mut scratch).unwrap();
    let names: Vec<String> = table.records()[4]
        .rules
        .iter()
        .map(|&r| rb.book.rule_name(r))
        .collect();
    assert_eq!(names, ["#10"]);
}

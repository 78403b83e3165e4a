//! Snapshots of what users read: explanations and bids rendered from the mini
//! rulebook, and the errors of broken rulebooks, auctions and hands.

use bidbook::auction_args::{TableArgs, replay};
use bidbook::cmd::{bid, explain};
use bridge::auction::Vulnerability;
use bridge::hand::parse_hand;
use contract_bridge::Seat;
use engine::resolve::hand_eval::HandEval;
use engine::rulebook::{Rulebook, RulebookSource, load};

/// North deals, nobody vulnerable.
fn north() -> TableArgs {
    TableArgs {
        dealer: Seat::North,
        vul: Vulnerability::None,
    }
}

fn mini() -> Rulebook {
    load(&RulebookSource::Path("tests/mini-rulebook".into())).expect("the mini rulebook loads")
}

fn explain_text(auction: &str, json: bool) -> String {
    let rb = mini();
    let mut scratch = rb.book.scratch();
    let table = replay(&rb, auction, &north(), &mut scratch).unwrap();
    explain::render(&rb, &table, json)
}

fn bid_text(hand: &str, auction: &str, json: bool, why: bool) -> String {
    let rb = mini();
    let mut scratch = rb.book.scratch();
    let table = replay(&rb, auction, &north(), &mut scratch).unwrap();
    let eval = HandEval::new(parse_hand(hand).unwrap());
    bid::render(&rb, &table, &eval, &mut scratch, json, why)
}

#[test]
fn explain_stayman_through_a_redirection() {
    insta::assert_snapshot!(explain_text("1N P 2C P", false));
}

#[test]
fn explain_a_raise_and_an_unexplained_call() {
    insta::assert_snapshot!(explain_text("1H P 2H P 3N", false));
}

#[test]
fn explain_json() {
    insta::assert_snapshot!(explain_text("1D X", true));
}

#[test]
fn bid_with_why() {
    insta::assert_snapshot!(bid_text("KQT5.A4.Q73.8652", "", false, true));
}

#[test]
fn bid_no_rule() {
    insta::assert_snapshot!(bid_text("JT987.32.432.432", "1C P 1H P", false, true));
}

#[test]
fn bid_json() {
    insta::assert_snapshot!(bid_text("AKQJ.AKQ.AKQ.AK2", "", true, false));
}

fn load_error(dir: &str) -> String {
    load(&RulebookSource::Path(
        format!("tests/bad-rulebooks/{dir}").into(),
    ))
    .expect_err("the rulebook is broken")
    .to_string()
}

#[test]
fn error_unknown_function_through_a_macro() {
    insta::assert_snapshot!(load_error("unknown-function"));
}

#[test]
fn error_redirection_cycle() {
    insta::assert_snapshot!(load_error("redirect-cycle"));
}

#[test]
fn error_parse_error_reports_only_the_bad_rule() {
    insta::assert_snapshot!(load_error("parse-error"));
}

#[test]
fn error_hand_function_in_a_sequence() {
    insta::assert_snapshot!(load_error("hand-in-sequence"));
}

#[test]
fn error_missing_rulebook() {
    insta::assert_snapshot!(load_error("no-such-directory"));
}

#[test]
fn error_illegal_auction_names_the_call() {
    let rb = mini();
    let mut scratch = rb.book.scratch();
    let err = replay(&rb, "1S P 1H", &north(), &mut scratch).expect_err("1H is insufficient");
    insta::assert_snapshot!(err.to_string(), @"call 3 `1H`: insufficient bid after 1S");
    let err = replay(&rb, "1S X X", &north(), &mut scratch).expect_err("a second double");
    insta::assert_snapshot!(err.to_string(), @"call 3 `X`: double of a bid already doubled");
}

#[test]
fn error_bad_hand_names_the_problem() {
    let err = parse_hand("AKQ2.K52.J83.Q7").expect_err("12 cards");
    insta::assert_snapshot!(err.to_string(), @"expected 13 cards, found 12");
    let err = parse_hand("AKQ2.K52.J83.Q7Z").expect_err("Z");
    insta::assert_snapshot!(err.to_string(), @"unknown rank `Z` at column 16");
}

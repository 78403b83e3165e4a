//! The mini rulebook (`tests/mini-rulebook/`) against `tests/mini_cases.tsv`:
//! for each row, the call chosen for the hand, the rule that chose it, and
//! what each player has shown after the auction.

use bridge::auction::{Bidding, Vulnerability, call_token};
use bridge::hand::parse_hand;
use contract_bridge::Seat;
use engine::knowledge::{FieldId, Range};
use engine::resolve::hand_eval::HandEval;
use engine::resolve::resolver::Table;
use engine::rulebook::{RulebookSource, load};
use grammar::ast::SpecField;

fn seat(s: &str) -> Seat {
    match s {
        "N" => Seat::North,
        "E" => Seat::East,
        "S" => Seat::South,
        "W" => Seat::West,
        other => panic!("bad seat {other}"),
    }
}

fn suit(c: &str) -> usize {
    match c {
        "C" => 0,
        "D" => 1,
        "H" => 2,
        "S" => 3,
        other => panic!("bad suit {other}"),
    }
}

/// `N.len.H=5-13` → (seat, field, range).
fn knowledge(item: &str) -> (Seat, FieldId, Range) {
    let (lhs, rhs) = item.split_once('=').expect("field=min-max");
    let parts: Vec<&str> = lhs.split('.').collect();
    let field = match parts[1] {
        "hcp" => FieldId::new(SpecField::Hcp, 0),
        "points" => FieldId::new(SpecField::Points, 0),
        "losers" => FieldId::new(SpecField::Losers, 0),
        "controls" => FieldId::new(SpecField::Controls, 0),
        "len" => FieldId::new(SpecField::Length, suit(parts[2])),
        "hon" => FieldId::new(SpecField::Honors, suit(parts[2])),
        "stop" => FieldId::new(SpecField::Stopper, suit(parts[2])),
        "qual" => FieldId::new(SpecField::Quality, suit(parts[2])),
        other => panic!("bad field {other}"),
    };
    let (min, max) = rhs.split_once('-').expect("min-max");
    (
        seat(parts[0]),
        field,
        Range::new(min.parse().unwrap(), max.parse().unwrap()),
    )
}

#[test]
fn mini_rulebook_cases() {
    let rulebook = load(&RulebookSource::Path("tests/mini-rulebook".into()))
        .unwrap_or_else(|e| panic!("the mini rulebook loads:\n{e}"));
    let book = &rulebook.book;
    let mut scratch = book.scratch();
    let mut failures = Vec::new();
    let mut rows = 0;
    for (i, line) in include_str!("mini_cases.tsv").lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        rows += 1;
        let cols: Vec<&str> = line.split('\t').collect();
        let [hand, auction, dealer, vul, call, rule, know, what] = cols[..] else {
            panic!("line {}: eight columns expected", i + 1);
        };
        let dealer = seat(dealer);
        let vul: Vulnerability = vul.parse().unwrap();
        let bidding = Bidding::parse(auction, dealer).unwrap();
        let table = Table::with_calls(book, dealer, vul, bidding.calls(), &mut scratch).unwrap();
        if hand != "-" {
            let eval = HandEval::new(parse_hand(hand).unwrap());
            let d = table.decide(&eval, &mut scratch);
            let got_rule = d.rule.map_or("-".to_string(), |r| book.rule_name(r));
            if call_token(d.call) != call || got_rule != rule {
                failures.push(format!(
                    "line {} ({what}): expected {call} by {rule}, got {} by {got_rule}",
                    i + 1,
                    call_token(d.call)
                ));
            }
        }
        for item in know.split(';').filter(|s| !s.is_empty()) {
            let (s, f, want) = knowledge(item);
            let got = table.shown(s).get(f);
            if got != want {
                failures.push(format!(
                    "line {} ({what}): {item}: got {}-{}",
                    i + 1,
                    got.min,
                    got.max
                ));
            }
        }
    }
    assert!(rows >= 20);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

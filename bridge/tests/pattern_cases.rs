//! Table-driven pattern-string cases: `tests/data/pattern_cases.tsv` holds
//! hand-computed strings for boundary hands of every field.

use bridge::hand::parse_hand;
use bridge::pattern::{HandFeatures, PATTERN_LEN, PatternString};

const CASES: &str = include_str!("data/pattern_cases.tsv");

/// (line number, hand, expected string, comment) for every data row.
fn cases() -> Vec<(usize, &'static str, &'static str, &'static str)> {
    CASES
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.starts_with('#') && !line.trim().is_empty())
        .map(|(i, line)| {
            let mut cols = line.split('\t');
            let hand = cols.next().unwrap_or_default();
            let expected = cols.next().unwrap_or_default();
            let comment = cols.next().unwrap_or_default();
            (i + 1, hand, expected, comment)
        })
        .collect()
}

#[test]
fn boundary_hands_match_hand_computed_strings() {
    let cases = cases();
    assert!(cases.len() >= 30, "only {} cases", cases.len());
    let mut failures = Vec::new();
    for (line, hand, expected, comment) in cases {
        assert_eq!(
            expected.len(),
            PATTERN_LEN,
            "line {line}: expected string length"
        );
        let parsed = parse_hand(hand).unwrap_or_else(|e| panic!("line {line}: {hand}: {e}"));
        let got = PatternString::of(parsed);
        if got.as_str() != expected {
            failures.push(format!(
                "line {line}: {hand}\n  expected {expected}\n  got      {got}\n  ({comment})"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn features_agree_with_strings() {
    for (line, hand, expected, _) in cases() {
        let f = HandFeatures::of(parse_hand(hand).unwrap());
        let num = |at: usize| expected[at + 1..at + 3].parse::<u8>().unwrap();
        assert_eq!(f.hcp, num(0), "line {line} hcp");
        assert_eq!(f.points, num(3), "line {line} points");
        assert_eq!(f.losers, num(20), "line {line} losers");
        assert_eq!(f.controls, num(36), "line {line} controls");
    }
}

//! Helpers shared by the matcher's tests: constraints compiled as rules
//! compile them, random hands, and the backtracking matcher's verdict that
//! the faster checks are held to.

use super::hand_fields::read_fields_directly;
use super::ir::{self, Alt};
use super::{Backtracker, EndMode};
use crate::compile::functions::{Env, Situation};
use crate::compile::grabs::Grabs;
use bridge::pattern::HandFeatures;
use bridge::random::DealGenerator;
use contract_bridge::Seat;

/// A constraint compiled as [`crate::compile::rules::Rule::compile`] compiles one.
pub fn constraint(text: &str) -> Alt {
    let goal = grammar::parse_goal(text).expect("parses");
    let mut alt = ir::compile_alt(&goal.pattern.expect("a pattern"), true).expect("compiles");
    read_fields_directly(&mut alt);
    alt
}

/// The four hands of each of `deals` random deals from `seed`.
pub fn random_hands(seed: u64, deals: usize) -> Vec<HandFeatures> {
    DealGenerator::new(seed)
        .take(deals)
        .flat_map(|deal| Seat::ALL.map(|s| HandFeatures::of(deal[s])))
        .collect()
}

/// Whether the backtracking matcher finds that `constraint` holds for the
/// hand, in `situation`, with the sequence's `grabs`.
pub fn walk_holds(
    constraint: &Alt,
    hand: &HandFeatures,
    situation: &Situation,
    grabs: &Grabs,
) -> bool {
    let env = Env {
        situation,
        hand: Some(hand),
    };
    let pattern = hand.pattern();
    let mut grabs = *grabs;
    Backtracker::new(pattern.as_bytes(), &env).matches(constraint, EndMode::Prefix, &mut grabs)
}

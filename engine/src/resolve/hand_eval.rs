//! A hand as the rules read it, evaluated once per hand.
//!
//! Its features (for functions), its pattern string (for constraints) and
//! its spec fields' values (for hand bounds), for the book, the resolver and
//! lint alike.

use crate::compile::matcher::hand_bounds::FieldValues;
use bridge::pattern::{HandFeatures, PatternString};
use contract_bridge::Hand;

/// A hand as the resolver reads it: its features, its pattern string and
/// its spec fields' values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandEval {
    /// The fields as numbers (for functions).
    pub features: HandFeatures,
    /// The 57-character pattern string (for constraints).
    pub pattern: PatternString,
    /// [`HandFeatures::field_values`] (for the rules' hand bounds).
    pub values: FieldValues,
}

impl HandEval {
    /// Evaluates a hand.
    pub fn new(hand: Hand) -> HandEval {
        let features = HandFeatures::of(hand);
        HandEval {
            pattern: features.pattern(),
            values: features.field_values(),
            features,
        }
    }
}

//! What a call means in words: the explanation texts of the rules behind it,
//! whether it is alerted, and what it shows rendered as text.

use engine::compile::spec::describe;
use engine::knowledge::Shown;
use engine::resolve::explanations::{Explanation, Forcing};
use engine::rulebook::Rulebook;

/// The meaning of a call, ready to print.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Meaning {
    /// The explanation texts of the rules, distinct, joined with " / ";
    /// empty when no rule has one.
    pub explanation: String,
    /// Whether any of the rules' explanations is alerted.
    pub alert: bool,
    /// Whether the call is forcing: the most any of the rules' explanations
    /// says.
    pub forcing: Forcing,
    /// What the call shows, e.g. "15–17 HCP, 2–5 spades".
    pub shows: String,
}

/// The meaning of a call made by `rules` that shows `shown`.
pub fn meaning(rulebook: &Rulebook, rules: &[u32], shown: &Shown) -> Meaning {
    let mut texts: Vec<&str> = Vec::new();
    for e in explanations(rulebook, rules) {
        if !texts.contains(&e.text.as_str()) {
            texts.push(&e.text);
        }
    }
    Meaning {
        explanation: texts.join(" / "),
        alert: alerted(rulebook, rules),
        forcing: forcing(rulebook, rules),
        shows: describe(shown),
    }
}

impl Meaning {
    /// The marks printed after a call: ` (alert)`, ` (forcing)`,
    /// ` (game forcing)`, or nothing.
    pub fn marks(&self) -> String {
        let mut marks = String::new();
        if self.alert {
            marks.push_str(" (alert)");
        }
        if let Some(tag) = self.forcing.tag() {
            marks.push_str(&format!(" ({tag})"));
        }
        marks
    }
}

/// How forcing a call made by `rules` is: the most any of their
/// explanations says.
pub fn forcing(rulebook: &Rulebook, rules: &[u32]) -> Forcing {
    rules
        .iter()
        .map(|&r| rulebook.book.forcing(r))
        .max()
        .unwrap_or_default()
}

/// Whether a call made by `rules` is alerted: any of their explanations is.
pub fn alerted(rulebook: &Rulebook, rules: &[u32]) -> bool {
    rules.iter().any(|&r| rulebook.book.alerted(r))
}

/// The explanations of `rules`, in order (rules without one left out).
fn explanations<'a>(
    rulebook: &'a Rulebook,
    rules: &'a [u32],
) -> impl Iterator<Item = &'a Explanation> + 'a {
    let book = &rulebook.book;
    rules.iter().filter_map(move |&r| {
        book.rules()[r as usize]
            .explanation
            .and_then(|id| book.explanations().get(id))
    })
}

/// The ids of rules as text: `#104, #110` (positions for rules with no id).
pub fn rule_names(rulebook: &Rulebook, rules: &[u32]) -> Vec<String> {
    rules.iter().map(|&r| rulebook.book.rule_name(r)).collect()
}

//! The answer of `bidbook bid --json` (and of the web page's Bid view): the
//! call a hand makes at its turn, its meaning, and with `why` every rule
//! weighed. One function, so that the command line and the page answer alike.

use crate::meaning::{Meaning, meaning};
use crate::shown_json::shown_json;
use bridge::auction::call_token;
use engine::knowledge::Shown;
use engine::resolve::book::Scratch;
use engine::resolve::hand_eval::HandEval;
use engine::resolve::resolver::{Considered, Decision, Table};
use engine::rulebook::Rulebook;
use serde_json::{Value, json};

/// A hand's call at its turn, worked out once for the text and the JSON
/// answers of `bidbook bid` (and the web page).
pub struct BidAnswer {
    /// The call, the rule that chose it and its priority.
    pub decision: Decision,
    /// Every rule weighed, in priority order.
    pub trace: Vec<Considered>,
    /// The call's meaning as the rule that chose it explains it (the union
    /// of the rules proposing it when no rule chose it).
    pub meaning: Meaning,
    /// What the caller has shown once the call is made.
    pub after: Shown,
    /// Every rule proposing the call (whatever the hand).
    pub rules: Vec<u32>,
    /// The chosen rule's flags (`d`, `C`…), empty without a rule.
    pub flags: String,
}

/// Works out the call for `hand` at its turn on `table`.
pub fn bid_answer(
    rulebook: &Rulebook,
    table: &Table<'_>,
    hand: &HandEval,
    scratch: &mut Scratch,
) -> BidAnswer {
    let mut trace = Vec::new();
    let decision = table.decide_traced(hand, scratch, &mut trace);
    let (rules, shows) = table.meaning(decision.call, scratch);
    let mut after = *table.shown(table.bidding().turn());
    if !rules.is_empty() {
        after.restrict(&shows);
    }
    let chosen: Vec<u32> = decision.rule.into_iter().collect();
    let meaning = meaning(
        rulebook,
        if chosen.is_empty() { &rules } else { &chosen },
        &shows,
    );
    let flags = decision
        .rule
        .map(|r| rulebook.book.rules()[r as usize].flag_text())
        .unwrap_or_default();
    BidAnswer {
        decision,
        trace,
        meaning,
        after,
        rules: rules.to_vec(),
        flags,
    }
}

/// The call for `hand` at its turn on `table` as the JSON object the README
/// documents: `{"call","rule","priority","flags","explanation","alert",
/// "forcing","forced","shown","meaning","no_rule"}`, with `why` also
/// `"considered":[{"call","rule","location","priority","superseded","holds",
/// "failed","value"}]`.
pub fn bid_json(
    rulebook: &Rulebook,
    table: &Table<'_>,
    hand: &HandEval,
    scratch: &mut Scratch,
    why: bool,
) -> Value {
    let BidAnswer {
        decision,
        trace,
        meaning: m,
        after,
        flags,
        ..
    } = bid_answer(rulebook, table, hand, scratch);
    let mut value = json!({
        "call": call_token(decision.call),
        "rule": decision.rule.map(|r| rulebook.book.rule_name(r)),
        "priority": decision.priority,
        "flags": flags,
        "explanation": m.explanation,
        "alert": m.alert,
        "forcing": m.forcing.json_name(),
        "forced": table.forced().json_name(),
        "shown": shown_json(&after),
        "meaning": m.shows,
        "no_rule": decision.no_rule(),
    });
    if why {
        value["considered"] = trace
            .iter()
            .map(|c| considered_json(rulebook, table, hand, c))
            .collect::<Vec<_>>()
            .into();
    }
    value
}

/// One rule weighed, with the first condition that failed.
fn considered_json(
    rulebook: &Rulebook,
    table: &Table<'_>,
    hand: &HandEval,
    c: &Considered,
) -> Value {
    let failed = match c.holds {
        Some(false) => table.failed_condition(c, hand),
        _ => None,
    };
    json!({
        "call": call_token(c.call),
        "rule": rulebook.book.rule_name(c.rule),
        "location": rulebook.rule_location(c.rule),
        "priority": c.priority,
        "superseded": c.superseded,
        "holds": c.holds,
        "failed": failed.as_ref().map(|f| f.condition.clone()),
        "value": failed.and_then(|f| f.value),
    })
}

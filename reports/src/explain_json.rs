//! The answer of `bidbook explain --json` (and of the web page's Explain
//! view): each call's meaning and what each player has shown. One function,
//! so that the command line and the page answer alike.

use crate::meaning::{meaning, rule_names};
use crate::shown_json::shown_json;
use bridge::auction::call_token;
use contract_bridge::Seat;
use engine::resolve::resolver::Table;
use engine::rulebook::Rulebook;
use serde_json::{Map, Value, json};

/// The auction on `table` explained, as the JSON object the README
/// documents: `{"calls":[{"seat","call","rules","explanation","alert",
/// "forcing","unexplained","shows"}],"players":{"N":{…},"E":…,"S":…,"W":…}}`.
pub fn explain_json(rulebook: &Rulebook, table: &Table<'_>) -> Value {
    let calls: Vec<_> = table
        .records()
        .iter()
        .map(|r| {
            let m = meaning(rulebook, &r.rules, &r.shows);
            json!({
                "seat": r.seat.letter().to_string(),
                "call": call_token(r.call),
                "rules": rule_names(rulebook, &r.rules),
                "explanation": m.explanation,
                "alert": m.alert,
                "forcing": m.forcing.json_name(),
                "unexplained": r.unexplained(),
                "shows": if r.unexplained() { String::new() } else { m.shows },
            })
        })
        .collect();
    let mut players = Map::new();
    for seat in Seat::ALL {
        players.insert(seat.letter().to_string(), shown_json(table.shown(seat)));
    }
    json!({ "calls": calls, "players": players })
}

//! What a player has shown, as JSON for `--json` output and the web page:
//! the shape documented in the README (`{"hcp":[min,max], …, "length":{"S":[min,max], …}, …}`).

use engine::knowledge::{FieldId, Shown};
use grammar::ast::SpecField;
use serde_json::{Map, Value, json};

/// The JSON object for one player's knowledge.
pub fn shown_json(shown: &Shown) -> Value {
    let range = |field: SpecField, suit: usize| {
        let r = shown.get(FieldId::new(field, suit));
        json!([r.min, r.max])
    };
    let per_suit = |field: SpecField| {
        let mut m = Map::new();
        for (suit, letter) in [(3, "S"), (2, "H"), (1, "D"), (0, "C")] {
            m.insert(letter.to_string(), range(field, suit));
        }
        Value::Object(m)
    };
    json!({
        "hcp": range(SpecField::Hcp, 0),
        "points": range(SpecField::Points, 0),
        "losers": range(SpecField::Losers, 0),
        "controls": range(SpecField::Controls, 0),
        "length": per_suit(SpecField::Length),
        "honors": per_suit(SpecField::Honors),
        "stoppers": per_suit(SpecField::Stopper),
        "quality": per_suit(SpecField::Quality),
    })
}

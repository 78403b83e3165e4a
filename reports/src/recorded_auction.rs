//! The auction bidbook bid, as a deal file (and the page's auction grid)
//! records it: each call with its alert and its note.

use crate::meaning::{alerted, meaning};
use deal_formats::{RecordedAuction, RecordedCall};
use engine::analysis::bid_deal::BiddenDeal;
use engine::rulebook::Rulebook;

/// The auction bidbook bid, as a deal file records it: every alerted call
/// carries its meaning as a note, and with `explain` every call some rule
/// explains does.
pub fn recorded_auction(
    rulebook: &Rulebook,
    bidden: &BiddenDeal<'_>,
    explain: bool,
) -> RecordedAuction {
    let calls = bidden
        .table
        .records()
        .iter()
        .map(|r| {
            let alert = alerted(rulebook, &r.rules);
            // Words are only made for the calls that carry a note.
            let note = ((explain || alert) && !r.unexplained()).then(|| {
                let m = meaning(rulebook, &r.rules, &r.shows);
                note_text(&m.explanation, &m.shows)
            });
            RecordedCall {
                call: r.call,
                alert,
                note,
            }
        })
        .collect();
    RecordedAuction {
        dealer: bidden.table.bidding().seat_at(0),
        calls,
    }
}

/// A call's note: the explanation, then what the call shows.
fn note_text(explanation: &str, shows: &str) -> String {
    match (explanation.is_empty(), shows.is_empty()) {
        (true, _) => shows.to_owned(),
        (false, true) => explanation.to_owned(),
        (false, false) => format!("{explanation}; {shows}"),
    }
}

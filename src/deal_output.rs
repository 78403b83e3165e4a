//! Writing bid games: PBN and RBN through `deal-formats` (a game written in
//! the format it was read in keeps everything it had), and JSON Lines for
//! scripts.

use crate::deal_input::InputGame;
use crate::meaning::{alerted, meaning};
use contract_bridge::{Contract, Seat};
use deal_formats::{Board, RecordedAuction, RecordedCall, pbn, rbn};
use engine::auction::call_token;
use engine::bid_deal::BiddenDeal;
use engine::book::RuleLabel;
use engine::deal::format_pbn_deal;
use engine::rulebook::Rulebook;
use serde::Serialize;
use std::io::{self, Write};

/// A format `bidbook auction` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    /// Portable Bridge Notation (export format for new games).
    Pbn,
    /// Richard's Bridge Notation.
    Rbn,
    /// One JSON object per deal and line (JSON Lines).
    Json,
}

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

/// A contract as deal files write it: `3NT`, `4HX`, `2SXX`; `Pass` for a
/// passed-out deal.
pub fn contract_text(contract: Option<&(Contract, Seat)>) -> String {
    contract.map_or_else(|| "Pass".to_owned(), |&(c, _)| pbn::contract_text(c))
}

/// One deal as a line of JSON.
#[derive(Serialize)]
struct JsonDeal<'a> {
    board: Option<u32>,
    dealer: char,
    vul: &'static str,
    deal: String,
    auction: Vec<&'static str>,
    contract: String,
    declarer: Option<char>,
    calls: Vec<JsonCall<'a>>,
}

/// One call in [`JsonDeal`].
#[derive(Serialize)]
struct JsonCall<'a> {
    seat: char,
    call: &'static str,
    rule: Option<RuleLabel>,
    alert: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<&'a str>,
}

/// Writes `board` bid as `auction` (`bidden` has the rules behind each call)
/// as one line of JSON.
///
/// # Errors
///
/// Writing fails.
pub fn write_json(
    out: &mut impl Write,
    rulebook: &Rulebook,
    board: &Board,
    bidden: &BiddenDeal<'_>,
    auction: &RecordedAuction,
) -> io::Result<()> {
    let bidding = bidden.table.bidding();
    let contract = bidding.contract();
    let value = JsonDeal {
        board: board.number,
        dealer: bidding.seat_at(0).letter(),
        vul: bidding.vulnerability().pbn(),
        deal: format_pbn_deal(&board.deal, Seat::North),
        auction: bidding.calls().iter().map(|&c| call_token(c)).collect(),
        contract: contract_text(contract.as_ref()),
        declarer: contract.map(|(_, s)| s.letter()),
        calls: bidden
            .decisions
            .iter()
            .zip(&auction.calls)
            .enumerate()
            .map(|(i, (d, c))| JsonCall {
                seat: bidding.seat_at(i).letter(),
                call: call_token(c.call),
                rule: d.rule.map(|r| rulebook.book.rule_label(r)),
                alert: c.alert,
                note: c.note.as_deref(),
            })
            .collect(),
    };
    serde_json::to_writer(&mut *out, &value)?;
    out.write_all(b"\n")
}

/// Writes a game with a new auction in `format`. A game written in the
/// format it was read in keeps everything it had; others are written from
/// their board.
///
/// # Errors
///
/// Writing fails.
pub fn write_game(
    out: &mut impl Write,
    format: OutputFormat,
    rulebook: &Rulebook,
    game: &InputGame,
    bidden: &BiddenDeal<'_>,
    auction: &RecordedAuction,
) -> io::Result<()> {
    match (format, game) {
        (OutputFormat::Json, _) => write_json(out, rulebook, game.board(), bidden, auction),
        (OutputFormat::Pbn, InputGame::Pbn(g)) => pbn::write_game(out, g, Some(auction)),
        (OutputFormat::Pbn, _) => pbn::write_board(out, game.board(), Some(auction)),
        (OutputFormat::Rbn, InputGame::Rbn(g)) => rbn::write_game(out, g, Some(auction)),
        (OutputFormat::Rbn, _) => rbn::write_board(out, game.board(), Some(auction)),
    }
}

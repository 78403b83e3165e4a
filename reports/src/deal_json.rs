//! A bid deal as one line of JSON: what `bidbook auction --format json`
//! writes for each deal, and what the web page's Random deal view shows.

use crate::meaning::forcing;
use bridge::auction::call_token;
use bridge::deal::format_pbn_deal;
use bridge::vulnerability::Vulnerability;
use contract_bridge::Seat;
use deal_formats::{Board, RecordedAuction, pbn};
use engine::analysis::bid_deal::BiddenDeal;
use engine::resolve::book::RuleLabel;
use engine::rulebook::Rulebook;
use std::io::{self, Write};

/// Writes `board` bid as `auction` (`bidden` has the rules behind each call)
/// as one line of JSON: `{"board","dealer","vul","deal","auction",
/// "contract","declarer","calls":[{"seat","call","rule","alert","forcing","note"}]}`
/// (`note` only when there is one; see the README for the contract).
///
/// Written by hand rather than through serde: a deal run writes a line per
/// deal, and the fields are mostly fixed tokens that need no escaping.
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
    let mut numbers = itoa::Buffer::new();
    out.write_all(b"{\"board\":")?;
    match board.number {
        Some(n) => out.write_all(numbers.format(n).as_bytes())?,
        None => out.write_all(b"null")?,
    }
    write_seat(out, b",\"dealer\":", bidding.seat_at(0))?;
    // The word the text output and --vul use: `Both`, not PBN's `All`.
    let vul = match bidding.vulnerability() {
        Vulnerability::Both => "Both",
        v => v.pbn(),
    };
    write_token(out, b",\"vul\":", vul)?;
    // A deal is seat letters, card letters, digits, dots, colons and
    // spaces: nothing JSON escapes.
    write_token(
        out,
        b",\"deal\":",
        &format_pbn_deal(&board.deal, Seat::North),
    )?;
    out.write_all(b",\"auction\":[")?;
    for (i, &call) in bidding.calls().iter().enumerate() {
        write_token(out, if i == 0 { b"" } else { b"," }, call_token(call))?;
    }
    write_token(
        out,
        b"],\"contract\":",
        &pbn::contract_or_pass(contract.map(|(c, _)| c)),
    )?;
    match contract {
        Some((_, declarer)) => write_seat(out, b",\"declarer\":", declarer)?,
        None => out.write_all(b",\"declarer\":null")?,
    }
    out.write_all(b",\"calls\":[")?;
    let records = bidden.table.records();
    let calls = bidden.decisions.iter().zip(&auction.calls).enumerate();
    for (i, (decision, call)) in calls {
        write_seat(
            out,
            if i == 0 {
                b"{\"seat\":"
            } else {
                b",{\"seat\":"
            },
            bidding.seat_at(i),
        )?;
        write_token(out, b",\"call\":", call_token(call.call))?;
        match decision.rule.map(|r| rulebook.book.rule_label(r)) {
            Some(RuleLabel::Id(id)) => {
                out.write_all(b",\"rule\":\"#")?;
                out.write_all(numbers.format(id).as_bytes())?;
                out.write_all(b"\"")?;
            }
            Some(RuleLabel::Position(n)) => {
                out.write_all(b",\"rule\":\"rule ")?;
                out.write_all(numbers.format(n).as_bytes())?;
                out.write_all(b"\"")?;
            }
            None => out.write_all(b",\"rule\":null")?,
        }
        out.write_all(if call.alert {
            b",\"alert\":true"
        } else {
            b",\"alert\":false"
        })?;
        // As `explain --json` says it: the most forcing of the rules
        // that proposed the call.
        let rules = records.get(i).map_or(&[][..], |r| &r.rules[..]);
        match forcing(rulebook, rules).json_name() {
            Some(name) => write_token(out, b",\"forcing\":", name)?,
            None => out.write_all(b",\"forcing\":null")?,
        }
        if let Some(note) = &call.note {
            out.write_all(b",\"note\":")?;
            serde_json::to_writer(&mut *out, note)?;
        }
        out.write_all(b"}")?;
    }
    out.write_all(b"]}\n")
}

/// Writes `before`, then the seat's letter as a JSON string.
fn write_seat(out: &mut impl Write, before: &[u8], seat: Seat) -> io::Result<()> {
    out.write_all(before)?;
    out.write_all(&[b'"', seat.letter() as u8, b'"'])
}

/// Writes `before`, then `token` as a JSON string. Tokens are call names,
/// contracts, vulnerabilities and deals: plain ASCII letters, digits, `#`,
/// `.`, `:`, `-` and spaces, which JSON writes as they are.
fn write_token(out: &mut impl Write, before: &[u8], token: &str) -> io::Result<()> {
    debug_assert!(
        token
            .bytes()
            .all(|b| (b.is_ascii_graphic() || b == b' ') && b != b'"' && b != b'\\')
    );
    out.write_all(before)?;
    out.write_all(b"\"")?;
    out.write_all(token.as_bytes())?;
    out.write_all(b"\"")
}

//! Expectation corpora: TSV files of "what should this hand call here?"
//! (`tests/data/README.md`): a header row, then one case per row with the
//! columns `group hand call auction dealer vul kind`, and optionally an eighth
//! column `why` — the reason for the expected call, as a teacher would give
//! it (the topic tests in `tests/topics/` carry one).

use crate::auction_args::{parse_seat, parse_vul};
use bridge::auction::{Bidding, Call, Vulnerability, parse_call};
use bridge::hand::parse_hand;
use contract_bridge::{Hand, Seat};

/// One case of a corpus.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// The 1-based line of the file.
    pub line: usize,
    /// The topic, e.g. `test_jacoby_transfers`.
    pub group: String,
    /// The hand as written.
    pub hand_text: String,
    /// The hand.
    pub hand: Hand,
    /// The expected call.
    pub call: Call,
    /// The auction so far, as written.
    pub auction_text: String,
    /// The auction so far.
    pub auction: Bidding,
    /// The dealer.
    pub dealer: Seat,
    /// The vulnerability.
    pub vul: Vulnerability,
    /// `written` or `subtest`.
    pub kind: String,
    /// Why the call is right (the optional `why` column; empty without it).
    pub why: String,
}

/// A row that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct CaseError {
    /// The 1-based line.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// The columns a corpus must have, in order.
pub const COLUMNS: [&str; 7] = ["group", "hand", "call", "auction", "dealer", "vul", "kind"];

/// The optional eighth column: why the expected call is right.
pub const WHY_COLUMN: &str = "why";

/// Reads a corpus. Bad rows are returned beside the good ones.
pub fn parse(text: &str) -> (Vec<Case>, Vec<CaseError>) {
    let mut cases = Vec::new();
    let mut errors = Vec::new();
    let mut lines = text.lines().enumerate();
    match lines.next() {
        Some((_, header))
            if header.split('\t').eq(COLUMNS)
                || header
                    .split('\t')
                    .eq(COLUMNS.iter().copied().chain([WHY_COLUMN])) => {}
        _ => errors.push(CaseError {
            line: 1,
            message: format!(
                "the header row must be: {} (and optionally \\t{WHY_COLUMN})",
                COLUMNS.join("\\t")
            ),
        }),
    }
    for (i, line) in lines {
        if line.trim().is_empty() {
            continue;
        }
        match parse_row(line) {
            Ok(mut case) => {
                case.line = i + 1;
                cases.push(case);
            }
            Err(message) => errors.push(CaseError {
                line: i + 1,
                message,
            }),
        }
    }
    (cases, errors)
}

fn parse_row(line: &str) -> Result<Case, String> {
    let cols: Vec<&str> = line.split('\t').collect();
    let (group, hand, call, auction, dealer, vul, kind, why) = match cols[..] {
        [group, hand, call, auction, dealer, vul, kind] => {
            (group, hand, call, auction, dealer, vul, kind, "")
        }
        [group, hand, call, auction, dealer, vul, kind, why] => {
            (group, hand, call, auction, dealer, vul, kind, why)
        }
        _ => {
            return Err(format!(
                "expected 7 or 8 tab-separated columns, found {}",
                cols.len()
            ));
        }
    };
    let dealer = parse_seat(dealer)?;
    Ok(Case {
        line: 0,
        group: group.to_string(),
        hand_text: hand.to_string(),
        hand: parse_hand(hand).map_err(|e| format!("hand `{hand}`: {e}"))?,
        call: parse_call(call).map_err(|e| e.to_string())?,
        auction_text: auction.to_string(),
        auction: Bidding::parse(auction, dealer).map_err(|e| format!("auction: {e}"))?,
        dealer,
        vul: parse_vul(vul)?,
        kind: kind.to_string(),
        why: why.to_string(),
    })
}

//! A loaded rulebook answering the page's questions with the command line's
//! own functions: the same parsing of hands, seats, vulnerabilities and
//! auctions as `bidbook bid`, `explain` and `auction`, and the same JSON
//! (`reports::bid_json`, `reports::explain_json`, `reports::deal_json`).
//! Plain Rust, so that the native tests can hold it against the command
//! line; `Bidbook` wraps it for JavaScript.

use bridge::auction::{Bidding, Vulnerability, VulnerabilityError, call_token};
use bridge::hand::parse_hand;
use bridge::random::DealGenerator;
use contract_bridge::Seat;
use deal_formats::Board;
use engine::analysis::bid_deal::bid_deal;
use engine::resolve::book::Scratch;
use engine::resolve::hand_eval::HandEval;
use engine::resolve::resolver::Table;
use engine::rulebook::{self, Rulebook, RulebookSource};
use reports::bid_json::bid_json;
use reports::deal_json::write_json;
use reports::explain_json::explain_json;
use reports::recorded_auction::recorded_auction;
use serde_json::json;

/// The most boards [`Session::deal`] counts up to (each board is dealt in
/// turn from the seed, as `--random` deals them).
pub const MAX_BOARD: u32 = 100_000;

/// A rulebook and the scratch space its decisions use.
pub struct Session {
    name: String,
    rulebook: Rulebook,
    scratch: Scratch,
}

impl Session {
    /// The embedded SAYC rulebook.
    pub fn embedded() -> Result<Session, String> {
        let rulebook = rulebook::load(&RulebookSource::Embedded).map_err(|e| e.to_string())?;
        Ok(Session::with(
            RulebookSource::Embedded.to_string(),
            rulebook,
        ))
    }

    /// A rulebook given as `(file name, text)` pairs (see
    /// [`rulebook::load_texts`]), called `label` in messages. The error holds
    /// every problem rendered with its line and a caret.
    pub fn from_texts(label: &str, files: &[(&str, &str)]) -> Result<Session, String> {
        let rulebook = rulebook::load_texts(label, files).map_err(|e| e.to_string())?;
        Ok(Session::with(label.to_string(), rulebook))
    }

    fn with(name: String, rulebook: Rulebook) -> Session {
        let scratch = rulebook.book.scratch();
        Session {
            name,
            rulebook,
            scratch,
        }
    }

    /// `{"name","rules","explanations","warnings":[…]}`: what was loaded,
    /// with the loader's warnings rendered.
    pub fn summary(&self) -> String {
        json!({
            "name": self.name,
            "rules": self.rulebook.book.rules().len(),
            "explanations": self.rulebook.book.explanations().len(),
            "warnings": self.rulebook.warnings.iter().map(ToString::to_string).collect::<Vec<_>>(),
        })
        .to_string()
    }

    /// The answer of `bidbook bid --hand HAND --auction AUCTION --dealer
    /// DEALER --vul VUL --json [--why]`, without its line break.
    pub fn bid(
        &mut self,
        hand: &str,
        auction: &str,
        dealer: &str,
        vul: &str,
        why: bool,
    ) -> Result<String, String> {
        let hand = parse_hand(hand).map_err(|e| format!("bad hand: {e}"))?;
        let table = replay(&self.rulebook, auction, dealer, vul, &mut self.scratch)?;
        if table.bidding().has_ended() {
            return Err("the auction has ended: there is no call to make".to_string());
        }
        let value = bid_json(
            &self.rulebook,
            &table,
            &HandEval::new(hand),
            &mut self.scratch,
            why,
        );
        Ok(value.to_string())
    }

    /// The answer of `bidbook explain AUCTION --dealer DEALER --vul VUL
    /// --json`, without its line break.
    pub fn explain(&mut self, auction: &str, dealer: &str, vul: &str) -> Result<String, String> {
        let table = replay(&self.rulebook, auction, dealer, vul, &mut self.scratch)?;
        Ok(explain_json(&self.rulebook, &table).to_string())
    }

    /// `{"turn","ended","legal":[…]}`: whose turn it is after `auction`,
    /// whether the auction has ended, and the calls that are legal now, in
    /// the order of a bidding box (Pass, Double, Redouble, then the bids).
    pub fn calls(&self, auction: &str, dealer: &str) -> Result<String, String> {
        let bidding = Bidding::parse(auction, parse_seat(dealer)?).map_err(|e| e.to_string())?;
        let legal: Vec<&str> = if bidding.has_ended() {
            Vec::new()
        } else {
            bidding.legal_calls().map(call_token).collect()
        };
        Ok(json!({
            "turn": bidding.turn().letter().to_string(),
            "ended": bidding.has_ended(),
            "legal": legal,
        })
        .to_string())
    }

    /// Board `board` (1 or more) of `bidbook auction --random BOARD --seed
    /// SEED --json --explain`, bid by all four seats: the same JSON line,
    /// without its line break.
    pub fn deal(&mut self, seed: u32, board: u32) -> Result<String, String> {
        if !(1..=MAX_BOARD).contains(&board) {
            return Err(format!("board {board}: boards go from 1 to {MAX_BOARD}"));
        }
        let deal = DealGenerator::new(u64::from(seed))
            .nth(board as usize - 1)
            .ok_or("the deal generator stopped")?;
        let board = Board::numbered(board, deal.into());
        let bidden = bid_deal(
            &self.rulebook.book,
            &deal,
            board.effective_dealer(),
            board.effective_vulnerability(),
            &mut self.scratch,
        );
        let auction = recorded_auction(&self.rulebook, &bidden, true);
        let mut line = Vec::with_capacity(2048);
        write_json(&mut line, &self.rulebook, &board, &bidden, &auction)
            .map_err(|e| e.to_string())?;
        let mut line = String::from_utf8(line).map_err(|e| e.to_string())?;
        line.truncate(line.trim_end().len());
        Ok(line)
    }
}

/// A seat as `--dealer` reads it.
fn parse_seat(s: &str) -> Result<Seat, String> {
    s.trim()
        .parse()
        .map_err(|_| format!("unknown seat `{s}`: expected N, E, S or W"))
}

/// The auction replayed on a new table, as `bid` and `explain` replay it.
fn replay<'b>(
    rulebook: &'b Rulebook,
    auction: &str,
    dealer: &str,
    vul: &str,
    scratch: &mut Scratch,
) -> Result<Table<'b>, String> {
    let dealer = parse_seat(dealer)?;
    let vul: Vulnerability = vul.parse().map_err(|e: VulnerabilityError| e.to_string())?;
    let bidding = Bidding::parse(auction, dealer).map_err(|e| e.to_string())?;
    Table::with_calls(&rulebook.book, dealer, vul, bidding.calls(), scratch)
        .map_err(|e| e.to_string())
}

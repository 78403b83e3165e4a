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

#[cfg(test)]
mod tests {
    use super::*;
    use bidbook::auction_args::TableArgs;
    use serde_json::Value;

    fn sayc() -> Session {
        Session::embedded().unwrap()
    }

    /// What `bidbook bid --json [--why]` prints, without its line break.
    fn cli_bid(
        s: &Session,
        hand: &str,
        auction: &str,
        dealer: Seat,
        vul: Vulnerability,
        why: bool,
    ) -> String {
        let mut scratch = s.rulebook.book.scratch();
        let table = bidbook::auction_args::replay(
            &s.rulebook,
            auction,
            &TableArgs { dealer, vul },
            &mut scratch,
        )
        .unwrap();
        let hand = HandEval::new(parse_hand(hand).unwrap());
        bidbook::cmd::bid::render(&s.rulebook, &table, &hand, &mut scratch, true, why)
            .trim_end()
            .to_string()
    }

    #[test]
    fn bids_as_the_command_line_does() {
        let mut s = sayc();
        for (hand, auction, dealer, vul, why) in [
            (
                "AKQ2.K52.J83.Q74",
                "",
                Seat::North,
                Vulnerability::None,
                false,
            ),
            (
                "KQT52.A4.K73.Q82",
                "P P",
                Seat::North,
                Vulnerability::NS,
                true,
            ),
            ("8.KQJT97.Q72.543", "P", Seat::East, Vulnerability::NS, true),
            (
                "K93.A8.QJT52.K43",
                "1D P 1H P",
                Seat::West,
                Vulnerability::Both,
                false,
            ),
            (
                "AQxx.Kxx.xxx.Qxx",
                "1N P 2C P",
                Seat::South,
                Vulnerability::EW,
                true,
            ),
        ] {
            let page = s
                .bid(hand, auction, &dealer.letter().to_string(), vul.pbn(), why)
                .unwrap();
            assert_eq!(
                page,
                cli_bid(&s, hand, auction, dealer, vul, why),
                "{hand} after {auction}"
            );
        }
    }

    #[test]
    fn explains_as_the_command_line_does() {
        let mut s = sayc();
        for (auction, dealer) in [
            ("1N P 2C P 2H", Seat::North),
            ("P P 1S 2H", Seat::West),
            ("", Seat::South),
        ] {
            let mut scratch = s.rulebook.book.scratch();
            let args = TableArgs {
                dealer,
                vul: Vulnerability::Both,
            };
            let table =
                bidbook::auction_args::replay(&s.rulebook, auction, &args, &mut scratch).unwrap();
            let cli = bidbook::cmd::explain::render(&s.rulebook, &table, true);
            let page = s
                .explain(auction, &dealer.letter().to_string(), "Both")
                .unwrap();
            assert_eq!(page, cli.trim_end(), "{auction}");
        }
    }

    #[test]
    fn deals_board_n_of_a_seed_as_auction_random_does() {
        let mut s = sayc();
        let deals = bidbook::deal_input::GameSource::random(3, 7);
        let mut scratch = s.rulebook.book.scratch();
        for (i, game) in deals.games.enumerate() {
            let game = game.ok().unwrap();
            let bidden = bidbook::cmd::auction::bid_game(&s.rulebook, &game, &mut scratch).unwrap();
            let auction = recorded_auction(&s.rulebook, &bidden, true);
            let mut cli = Vec::new();
            write_json(&mut cli, &s.rulebook, game.board(), &bidden, &auction).unwrap();
            let page = s.deal(7, i as u32 + 1).unwrap();
            assert_eq!(
                page,
                String::from_utf8(cli).unwrap().trim_end(),
                "board {}",
                i + 1
            );
        }
        assert!(s.deal(7, 0).is_err());
        assert!(s.deal(7, MAX_BOARD + 1).is_err());
    }

    #[test]
    fn the_bidding_box_offers_the_legal_calls_only() {
        let s = sayc();
        let calls: Value = serde_json::from_str(&s.calls("1N X", "E").unwrap()).unwrap();
        assert_eq!(calls["turn"], "W");
        assert_eq!(calls["ended"], false);
        let legal: Vec<&str> = calls["legal"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap())
            .collect();
        assert_eq!(legal[..4], ["P", "R", "2C", "2D"]);
        assert!(!legal.contains(&"X") && !legal.contains(&"1S"));
        let ended: Value = serde_json::from_str(&s.calls("P P P P", "N").unwrap()).unwrap();
        assert_eq!(
            (
                ended["ended"].as_bool(),
                ended["legal"].as_array().unwrap().len()
            ),
            (Some(true), 0)
        );
    }

    #[test]
    fn bad_input_is_an_error_that_says_what_is_wrong() {
        let mut s = sayc();
        assert!(
            s.bid("AKQ2.K52.J83", "", "N", "None", false)
                .unwrap_err()
                .contains("bad hand")
        );
        assert!(
            s.bid("AKQ2.K52.J83.Q74", "1N 1C", "N", "None", false)
                .is_err()
        );
        assert!(
            s.bid("AKQ2.K52.J83.Q74", "P P P P", "N", "None", false)
                .unwrap_err()
                .contains("ended")
        );
        assert!(
            s.bid("AKQ2.K52.J83.Q74", "", "Q", "None", false)
                .unwrap_err()
                .contains("unknown seat")
        );
        assert!(s.explain("1N", "N", "sideways").is_err());
        assert!(s.calls("1N 1C", "N").is_err());
    }

    #[test]
    fn a_pasted_rulebook_replaces_sayc_and_its_errors_point_at_the_line() {
        let broken = "1 1N 80 . :P15\n1 1S 50 @00P1[2-9]] :P12\n";
        let error = Session::from_texts("pasted", &[("database.txt", broken)])
            .err()
            .unwrap();
        assert!(error.contains("pasted/database.txt:2:19"), "{error}");
        assert!(
            error.contains("2 | 1 1S 50 @00P1[2-9]] :P12") && error.contains('^'),
            "{error}"
        );

        let mut own =
            Session::from_texts("mine", &[("database.txt", "1 7N 200 . . #99\n")]).unwrap();
        let answer: Value =
            serde_json::from_str(&own.bid("AKQ2.K52.J83.Q74", "", "N", "None", false).unwrap())
                .unwrap();
        assert_eq!(
            (answer["call"].as_str(), answer["rule"].as_str()),
            (Some("7N"), Some("#99"))
        );
        let summary: Value = serde_json::from_str(&own.summary()).unwrap();
        assert_eq!(
            (summary["name"].as_str(), summary["rules"].as_u64()),
            (Some("mine"), Some(1))
        );

        // Source, macros and explanations, as a rulebook directory holds them.
        let source = Session::from_texts(
            "dir",
            &[
                ("main.txt2", "1 1N 80 HCP(15,17) :P15:p17 *1 #1\n"),
                ("macros.m4", "define(HCP, `@00P~.[0$1,0$2+99*!0$2]~')\n"),
                ("explanations.txt", "1 !Strong notrump\n"),
            ],
        );
        let mut source = source.unwrap();
        let answer: Value = serde_json::from_str(
            &source
                .bid("AKQ2.K52.J83.Q74", "", "N", "None", false)
                .unwrap(),
        )
        .unwrap();
        assert_eq!(answer["call"], "1N");
        assert_eq!(answer["explanation"], "Strong notrump");
        assert_eq!(answer["alert"], true);

        let error = Session::from_texts("two", &[("a.txt", ""), ("b.txt", "")])
            .err()
            .unwrap();
        assert!(error.contains("has no main.txt2"), "{error}");
    }
}

//! `bidbook bid`: the call a hand makes at its turn in an auction.

use crate::auction_args::{TableArgs, replay};
use crate::rules_arg::RulesArg;
use bridge::auction::call_token;
use bridge::hand::parse_hand;
use engine::resolve::book::Scratch;
use engine::resolve::hand_eval::HandEval;
use engine::resolve::resolver::Table;
use engine::rulebook::Rulebook;
use reports::bid_json::{BidAnswer, bid_answer, bid_json};
use reports::meaning::rule_names;
use std::fmt::Write;
use std::process::ExitCode;

/// Arguments of `bidbook bid`.
#[derive(Debug, clap::Args)]
#[command(about = "Choose the call a hand makes at its turn in an auction")]
#[command(
    long_about = "Choose the call for HAND at its turn in the auction, using the rulebook.\n\n\
The hand is written spades.hearts.diamonds.clubs (AKQ2.K52.J83.Q74; `T` or `10`; an empty \
suit or `-` for a void; `x` for a small card, as in AQxx.Kxx.xxx.Qxx: each suit's `x`s are \
the spot cards 2-9 the hand does not name, lowest first). The auction lists the calls so far from the dealer on; the hand \
belongs to the player whose turn it is. Every legal call is matched against the rules; \
the rule with the highest priority whose constraint holds for the hand wins.",
    after_help = "Examples:\n  bidbook bid --hand AKQ2.K52.J83.Q74\n  \
bidbook bid --hand AQxx.Kxx.xxx.Qxx\n  \
bidbook bid --hand KQT52.A4.K73.Q82 --auction \"1N P\" --why\n  \
bidbook bid --hand 8.KQJT97.Q72.543 --auction P --dealer E --vul NS --json"
)]
pub struct Args {
    /// The hand: spades.hearts.diamonds.clubs, e.g. AKQ2.K52.J83.Q74 (`x`
    /// for a small card: AQxx.Kxx.xxx.Qxx).
    #[arg(long, value_name = "HAND")]
    pub hand: String,
    /// The calls so far, dealer first, e.g. "1C P 1H P" (empty: the hand opens).
    #[arg(long, default_value = "", value_name = "CALLS")]
    pub auction: String,
    #[command(flatten)]
    pub table: TableArgs,
    #[command(flatten)]
    pub rules: RulesArg,
    /// Print one line of JSON: {"call","rule","priority","flags","explanation","alert","shown"}.
    #[arg(long)]
    pub json: bool,
    /// List every rule considered for every legal call, in priority order,
    /// and whether its constraint held.
    #[arg(long)]
    pub why: bool,
}

/// Runs `bidbook bid`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let hand = parse_hand(&args.hand).map_err(|e| anyhow::anyhow!("bad --hand: {e}"))?;
    let rulebook = args.rules.load()?;
    let mut scratch = rulebook.book.scratch();
    let table = replay(rulebook, &args.auction, &args.table, &mut scratch)?;
    if table.bidding().has_ended() {
        anyhow::bail!("the auction has ended: there is no call to make");
    }
    let eval = HandEval::new(hand);
    print!(
        "{}",
        render(rulebook, &table, &eval, &mut scratch, args.json, args.why)
    );
    Ok(ExitCode::SUCCESS)
}

/// The call for `hand` at its turn on `table`, as text or JSON; with `why`,
/// every rule considered.
pub fn render(
    rulebook: &Rulebook,
    table: &Table<'_>,
    hand: &HandEval,
    scratch: &mut Scratch,
    json: bool,
    why: bool,
) -> String {
    if json {
        let value = bid_json(rulebook, table, hand, scratch, why);
        return format!("{}\n", serde_json::to_string(&value).unwrap_or_default());
    }
    let BidAnswer {
        decision,
        trace,
        meaning: m,
        rules,
        flags,
        ..
    } = bid_answer(rulebook, table, hand, scratch);
    let call = call_token(decision.call);
    let mut out = String::new();
    match decision.rule {
        None => {
            let _ = writeln!(out, "{call}  no rule holds: Pass by default");
        }
        Some(r) => {
            let marks = m.marks();
            let expl = if m.explanation.is_empty() {
                String::new()
            } else {
                format!(" — {}", m.explanation)
            };
            let _ = writeln!(out, "{call}{marks}{expl}");
            let flags = if flags.is_empty() {
                String::new()
            } else {
                format!(", flags {flags}")
            };
            let _ = writeln!(
                out,
                "  rule {} ({}), priority {}{flags}",
                rulebook.book.rule_name(r),
                rulebook.rule_location(r),
                decision.priority
            );
            let _ = writeln!(out, "  shows: {}", m.shows);
        }
    }
    if why {
        let forced = match table.forced().tag() {
            Some(tag) => format!(
                " — partner's call is {tag} and the opponents are silent: no rule for Pass is weighed"
            ),
            None => String::new(),
        };
        let _ = writeln!(out, "\nrules considered (priority order){forced}:");
        for c in &trace {
            let status = match c.holds {
                None => "superseded default".to_string(),
                Some(true) => "holds".to_string(),
                Some(false) => match table.failed_condition(c, hand) {
                    Some(f) => format!("fails: {f}"),
                    None => "fails".to_string(),
                },
            };
            let mark = if Some(c.rule) == decision.rule {
                "=>"
            } else {
                "  "
            };
            let _ = writeln!(
                out,
                "{mark} {:>4}  {:<3} {:<7} {:<28} {status}",
                c.priority,
                call_token(c.call),
                rulebook.book.rule_name(c.rule),
                rulebook.rule_location(c.rule),
            );
        }
        if trace.is_empty() {
            let _ = writeln!(out, "   (no rule proposes any legal call here)");
        }
        let names = rule_names(rulebook, &rules);
        if decision.no_rule() && !names.is_empty() {
            let _ = writeln!(out, "rules proposing Pass: {}", names.join(", "));
        }
    }
    out
}

//! `bidbook explain`: what every call of an auction means, and what each
//! player has shown.

use crate::auction_args::{TableArgs, replay};
use crate::rules_arg::RulesArg;
use bridge::auction::call_token;
use contract_bridge::Seat;
use engine::compile::spec::describe;
use engine::resolve::resolver::Table;
use engine::rulebook::Rulebook;
use reports::explain_json::explain_json;
use reports::meaning::{meaning, rule_names};
use std::fmt::Write;
use std::process::ExitCode;

/// Arguments of `bidbook explain`.
#[derive(Debug, clap::Args)]
#[command(about = "Explain an auction call by call, and what each player has shown")]
#[command(
    long_about = "Explain an auction call by call: for each call the rules that propose it, \
their explanation, and what the call shows (the union of those rules' specs, whatever the \
hand); then what each player has shown so far (each call narrows what was known). A call \
no rule proposes is marked unexplained and changes nothing.",
    after_help = "Examples:\n  bidbook explain \"1N P 2C P 2H\"\n  \
bidbook explain \"P P 1S 2H\" --dealer W --vul Both --json"
)]
pub struct Args {
    /// The calls, dealer first, e.g. "1N P 2C P" (spaces or colons between calls).
    pub auction: String,
    #[command(flatten)]
    pub table: TableArgs,
    #[command(flatten)]
    pub rules: RulesArg,
    /// Print one line of JSON: {"calls":[…],"players":{"N":{…},…}}.
    #[arg(long)]
    pub json: bool,
}

/// Runs `bidbook explain`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let rulebook = args.rules.load()?;
    let mut scratch = rulebook.book.scratch();
    let table = replay(rulebook, &args.auction, &args.table, &mut scratch)?;
    print!("{}", render(rulebook, &table, args.json));
    Ok(ExitCode::SUCCESS)
}

/// The explanation of the auction on `table`, as text or JSON.
pub fn render(rulebook: &Rulebook, table: &Table<'_>, json: bool) -> String {
    let mut out = String::new();
    if json {
        let value = explain_json(rulebook, table);
        let _ = writeln!(out, "{}", serde_json::to_string(&value).unwrap_or_default());
        return out;
    }
    for (i, r) in table.records().iter().enumerate() {
        let call = call_token(r.call);
        let seat = r.seat.letter();
        if r.unexplained() {
            let _ = writeln!(
                out,
                "{:>2}. {seat} {call:<3} unexplained: no rule proposes this call",
                i + 1
            );
            continue;
        }
        let m = meaning(rulebook, &r.rules, &r.shows);
        let marks = m.marks();
        let expl = if m.explanation.is_empty() {
            String::new()
        } else {
            format!(" — {}", m.explanation)
        };
        let _ = writeln!(
            out,
            "{:>2}. {seat} {call:<3} [{}]{marks}{expl}",
            i + 1,
            rule_names(rulebook, &r.rules).join(", ")
        );
        let _ = writeln!(out, "          shows: {}", m.shows);
    }
    if table.records().is_empty() {
        let _ = writeln!(out, "(no calls)");
    }
    let _ = writeln!(out, "\nwhat each player has shown:");
    for seat in Seat::ALL {
        let _ = writeln!(out, "  {}: {}", seat.letter(), describe(table.shown(seat)));
    }
    out
}

//! `bidbook lint`: check a rulebook beyond syntax — shadowed rules,
//! equal-priority overlaps, free-call patterns, "no rule" holes and spec
//! soundness on random deals.

use crate::rules_arg::RulesArg;
use engine::analysis::lint::{AuctionFinding, ByAuction, audit_deals, shadowed_rules};
use engine::rulebook::Rulebook;
use serde_json::json;
use std::fmt::Write;
use std::process::ExitCode;

/// Arguments of `bidbook lint`.
#[derive(Debug, clap::Args)]
#[command(
    about = "Check the rulebook beyond syntax: shadowed rules, overlaps, holes, spec soundness"
)]
#[command(
    long_about = "Check the rulebook beyond syntax:\n\n\
- shadowed rules: a rule whose sequence is written like that of a rule weighed before it \
(higher priority, or equal and earlier) whose constraint held on every sampled hand where \
its own did, so it can never fire;\n\
- equal-priority overlaps: at a decision on a random deal, two rules of the winning priority \
held for different calls and only the order of the file chose;\n\
- sequence patterns that leave the candidate call free (`$1` and more);\n\
- on N random deals bid to completion by all four seats: how often no rule held, and every \
rule whose call was made with a hand outside what the call is recorded to show;\n\
- forcing passes: a pass of partner's forcing call (explanations tagged `[forcing]`), or below \
game after a `[game forcing]` call, with the opponents silent — by auction, with an example deal;\n\
- fallback calls: bids and doubles chosen only by a generic fallback rule (a default `START…` \
rule), by auction; how many passes were; and the 17+ HCP hands that pass through a fallback with the bidding at the one or two \
level.\n\n\
Each finding names the rule ids and source lines. The report ends with \
`no rule: X% of N decisions`. Lint measures: it exits 0 unless --strict is given.",
    after_help = "Examples:\n  bidbook lint\n  bidbook lint --deals 10000 --seed 7\n  \
bidbook lint --rules my-book --json"
)]
pub struct Args {
    #[command(flatten)]
    pub rules: RulesArg,
    /// Random deals to bid to the end (`--random N` is the same, as in
    /// `auction` and `regress`).
    #[arg(long, visible_alias = "random", default_value_t = 10_000)]
    pub deals: usize,
    /// Seed of the random deals (the same seed gives the same deals everywhere).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Random hands sampled to judge shadowing.
    #[arg(long, default_value_t = 20_000)]
    pub samples: usize,
    /// Print one line of JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Exit with status 1 when there is any spec-soundness violation,
    /// shadowed rule or forcing pass.
    #[arg(long)]
    pub strict: bool,
}

/// Runs `bidbook lint`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let rulebook = args.rules.load()?;
    let (report, findings) = render(rulebook, args.deals, args.seed, args.samples, args.json);
    print!("{report}");
    Ok(if args.strict && findings > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The lint report (text or JSON) and the number of shadowed rules, spec
/// violations and forcing passes found.
pub fn render(
    rulebook: &Rulebook,
    deals: usize,
    seed: u64,
    samples: usize,
    json: bool,
) -> (String, usize) {
    let book = &rulebook.book;
    let name = |r: u32| format!("{} ({})", book.rule_name(r), rulebook.rule_location(r));
    let shadowed = shadowed_rules(book, samples, seed);
    let free: Vec<u32> = book
        .rules()
        .iter()
        .enumerate()
        .filter(|(_, r)| r.free_call)
        .map(|(i, _)| i as u32)
        .collect();
    let audit = audit_deals(book, deals, seed);
    let findings = shadowed.len() + audit.violations.len() + audit.forcing_passes.total;
    let by_auction = |b: &ByAuction| {
        json!({
            "decisions": b.total,
            "auctions": b.auctions.iter().map(|f| json!({
                "auction": f.auction, "decisions": f.count,
                "rule": f.rule.map(&name), "deal": f.deal, "seat": f.seat.letter(),
            })).collect::<Vec<_>>(),
        })
    };
    let mut out = String::new();
    if json {
        let value = json!({
            "shadowed": shadowed.iter().map(|s| json!({
                "rule": name(s.rule), "by": name(s.by), "evidence": s.evidence,
            })).collect::<Vec<_>>(),
            "overlaps": audit.overlaps.iter().map(|o| json!({
                "winner": name(o.winner), "other": name(o.other), "auction": o.auction,
                "hand": o.hand, "decisions": o.count,
            })).collect::<Vec<_>>(),
            "free_call": free.iter().map(|&r| name(r)).collect::<Vec<_>>(),
            "violations": audit.violations.iter().map(|v| json!({
                "rule": name(v.rule), "detail": v.describe(),
            })).collect::<Vec<_>>(),
            "no_rule_auctions": audit.no_rule_examples.iter().map(|(a, n)| json!({"auction": a, "decisions": n})).collect::<Vec<_>>(),
            "deals": audit.deals,
            "decisions": audit.decisions,
            "no_rule": audit.no_rule,
            "no_rule_percent": audit.no_rule_percent(),
            "forcing_passes": by_auction(&audit.forcing_passes),
            "fallback_calls": by_auction(&audit.fallback_calls),
            "fallback_passes": audit.fallback_passes,
            "strong_fallback_passes": by_auction(&audit.strong_fallback_passes),
        });
        let _ = writeln!(out, "{value}");
        return (out, findings);
    }
    for s in &shadowed {
        let _ = writeln!(
            out,
            "shadowed: {} never fires: {} is weighed first and held on all {} sampled hands where it held",
            name(s.rule),
            name(s.by),
            s.evidence
        );
    }
    for o in &audit.overlaps {
        let _ = writeln!(
            out,
            "overlap: {} and {} hold at equal priority for different calls after `{}` ({} decisions, e.g. {}); the earlier rule wins",
            name(o.winner),
            name(o.other),
            o.auction,
            o.count,
            o.hand
        );
    }
    for &r in &free {
        let _ = writeln!(
            out,
            "free call: {} leaves the candidate call free: it proposes every legal call",
            name(r)
        );
    }
    for v in &audit.violations {
        let _ = writeln!(out, "spec: {}: {}", name(v.rule), v.describe());
    }
    for (auction, n) in &audit.no_rule_examples {
        let _ = writeln!(
            out,
            "no rule after `{}`: {n} decisions",
            opening_or(auction)
        );
    }
    for f in &audit.forcing_passes.auctions {
        let _ = writeln!(
            out,
            "forcing pass after `{}`: {} decisions; partner's call by {}; {}",
            f.auction,
            f.count,
            f.rule.map_or_else(|| "no rule".to_string(), &name),
            example(f)
        );
    }
    for f in audit.fallback_calls.auctions.iter().take(10) {
        let _ = writeln!(
            out,
            "fallback after `{}`: {} decisions by {}, {}",
            opening_or(&f.auction),
            f.count,
            f.rule.map_or_else(String::new, &name),
            example(f)
        );
    }
    for f in audit.strong_fallback_passes.auctions.iter().take(10) {
        let _ = writeln!(
            out,
            "strong hand passed by a fallback after `{}`: {} decisions, {}",
            opening_or(&f.auction),
            f.count,
            example(f)
        );
    }
    let _ = writeln!(
        out,
        "{} forcing passes; by fallback rules: {} calls ({:.2}% of decisions) and {} passes ({:.2}%); {} strong hands passed by a fallback",
        audit.forcing_passes.total,
        audit.fallback_calls.total,
        percent(audit.fallback_calls.total, audit.decisions),
        audit.fallback_passes,
        percent(audit.fallback_passes, audit.decisions),
        audit.strong_fallback_passes.total
    );
    let _ = writeln!(
        out,
        "{} shadowed, {} overlaps, {} free-call patterns, {} spec violations on {} deals",
        shadowed.len(),
        audit.overlaps.len(),
        free.len(),
        audit.violations.len(),
        audit.deals
    );
    let _ = writeln!(
        out,
        "no rule: {:.2}% of {} decisions",
        audit.no_rule_percent(),
        audit.decisions
    );
    (out, findings)
}

/// A finding's example: `e.g. S to call in N:…`.
fn example(f: &AuctionFinding) -> String {
    format!("e.g. {} to call in {}", f.seat.letter(), f.deal)
}

/// An auction as the report shows it: `(opening)` for the empty one.
fn opening_or(auction: &str) -> &str {
    if auction.is_empty() {
        "(opening)"
    } else {
        auction
    }
}

/// `part` as a percentage of `whole` (0 when `whole` is 0).
fn percent(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 * 100.0 / whole as f64
    }
}

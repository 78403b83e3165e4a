//! `bidbook test`: measure a rulebook against an expectation corpus.

use crate::corpus::{self, Case};
use crate::rules_arg::RulesArg;
use bridge::auction::call_token;
use engine::resolve::book::Scratch;
use engine::resolve::hand_eval::HandEval;
use engine::resolve::resolver::Table;
use engine::rulebook::Rulebook;
use serde_json::json;
use std::fmt::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `bidbook test`.
#[derive(Debug, clap::Args)]
#[command(about = "Measure the rulebook against an expectation corpus (TSV)")]
#[command(
    long_about = "Run an expectation corpus (TSV: group, hand, call, auction, dealer, vul, kind) \
against the rulebook: for each case, replay the auction, choose the call for the hand and \
compare it with the expected call. Prints passed/total per group, every failure (what was \
expected, what was bid and by which rule, and what the rules for the expected call required), \
and a last line `N passed, M failed`.\n\n\
It exits 0 even when cases fail: it measures. With --min-pass P it exits 1 when fewer than P \
percent pass, for CI.",
    after_help = "Examples:\n  bidbook test tests/data/sayc-dev.tsv\n  \
bidbook test corpus.tsv --group test_jacoby_transfers --failures\n  \
bidbook test corpus.tsv --json --min-pass 80"
)]
pub struct Args {
    /// The corpus file (TSV with a header row).
    pub corpus: PathBuf,
    #[command(flatten)]
    pub rules: RulesArg,
    /// Print one line of JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Run only the cases of this group.
    #[arg(long, value_name = "NAME")]
    pub group: Option<String>,
    /// Print only the failures (and the last line), not the group table.
    #[arg(long)]
    pub failures: bool,
    /// Exit with status 1 when fewer than P percent of the cases pass.
    #[arg(long, value_name = "P")]
    pub min_pass: Option<f64>,
}

/// The outcome of one case.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The case.
    pub case: Case,
    /// The call the rulebook chose.
    pub got: String,
    /// The rule that chose it (`None`: no rule).
    pub rule: Option<String>,
    /// For a failure: what the rules proposing the expected call required.
    pub expected_rules: Vec<String>,
}

impl Outcome {
    /// Whether the rulebook made the expected call.
    pub fn passed(&self) -> bool {
        self.got == call_token(self.case.call)
    }
}

/// Runs one case.
pub fn run_case(rulebook: &Rulebook, case: &Case, scratch: &mut Scratch) -> Outcome {
    let book = &rulebook.book;
    let table = match Table::with_calls(book, case.dealer, case.vul, case.auction.calls(), scratch)
    {
        Ok(t) => t,
        Err(e) => {
            return Outcome {
                case: case.clone(),
                got: format!("error: {e}"),
                rule: None,
                expected_rules: Vec::new(),
            };
        }
    };
    let mut trace = Vec::new();
    let hand = HandEval::new(case.hand);
    let d = table.decide_traced(&hand, scratch, &mut trace);
    let got = call_token(d.call).to_string();
    let mut expected_rules = Vec::new();
    if got != call_token(case.call) {
        for c in trace.iter().filter(|c| c.call == case.call) {
            let r = &book.rules()[c.rule as usize];
            let text = rulebook
                .text()
                .get(r.span.range())
                .unwrap_or("")
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            let status = match c.holds {
                None => "superseded".to_string(),
                Some(true) => "holds but a higher rule won".to_string(),
                Some(false) => match table.failed_condition(c, &hand) {
                    Some(f) => format!("constraint fails ({f})"),
                    None => "constraint fails".to_string(),
                },
            };
            expected_rules.push(format!(
                "{} ({}) {status}: {text}",
                book.rule_name(c.rule),
                rulebook.rule_location(c.rule)
            ));
        }
    }
    Outcome {
        case: case.clone(),
        got,
        rule: d.rule.map(|r| book.rule_name(r)),
        expected_rules,
    }
}

/// Runs `bidbook test`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let text = std::fs::read_to_string(&args.corpus)
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", args.corpus.display()))?;
    let (cases, errors) = corpus::parse(&text);
    for e in &errors {
        eprintln!(
            "{}:{}: skipped: {}",
            args.corpus.display(),
            e.line,
            e.message
        );
    }
    let rulebook = args.rules.load()?;
    let mut scratch = rulebook.book.scratch();
    let outcomes: Vec<Outcome> = cases
        .iter()
        .filter(|c| args.group.as_ref().is_none_or(|g| &c.group == g))
        .map(|c| run_case(rulebook, c, &mut scratch))
        .collect();
    if let Some(g) = &args.group
        && outcomes.is_empty()
    {
        anyhow::bail!("no case in group `{g}`");
    }
    if outcomes.is_empty() {
        anyhow::bail!(
            "{}: no case read: is it a corpus (a header row `{}`, then one case per row)?",
            args.corpus.display(),
            corpus::COLUMNS.join(" ")
        );
    }
    let report = render(&outcomes, args.json, args.failures);
    print!("{report}");
    let passed = outcomes.iter().filter(|o| o.passed()).count();
    let rate = pass_rate(passed, outcomes.len());
    if let Some(min) = args.min_pass
        && rate < min
    {
        eprintln!("pass rate {rate:.1}% is below --min-pass {min}%");
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

/// The percentage of cases passed (100 for no case).
pub fn pass_rate(passed: usize, total: usize) -> f64 {
    if total == 0 {
        100.0
    } else {
        passed as f64 * 100.0 / total as f64
    }
}

/// Per group, in order of first appearance: (group, passed, total).
pub fn by_group(outcomes: &[Outcome]) -> Vec<(String, usize, usize)> {
    let mut groups: Vec<(String, usize, usize)> = Vec::new();
    for o in outcomes {
        let i = match groups.iter().position(|g| g.0 == o.case.group) {
            Some(i) => i,
            None => {
                groups.push((o.case.group.clone(), 0, 0));
                groups.len() - 1
            }
        };
        groups[i].2 += 1;
        if o.passed() {
            groups[i].1 += 1;
        }
    }
    groups
}

/// The report, as text or JSON.
pub fn render(outcomes: &[Outcome], json: bool, failures_only: bool) -> String {
    let passed = outcomes.iter().filter(|o| o.passed()).count();
    let failed = outcomes.len() - passed;
    let groups = by_group(outcomes);
    let mut out = String::new();
    if json {
        let value = json!({
            "groups": groups.iter().map(|(g, p, t)| json!({"group": g, "passed": p, "total": t})).collect::<Vec<_>>(),
            "failures": outcomes.iter().filter(|o| !o.passed()).map(|o| json!({
                "line": o.case.line,
                "group": o.case.group,
                "hand": o.case.hand_text,
                "auction": o.case.auction_text,
                "dealer": o.case.dealer.to_string(),
                "vul": o.case.vul.to_string(),
                "expected": call_token(o.case.call),
                "got": o.got,
                "rule": o.rule,
                "expected_rules": o.expected_rules,
            })).collect::<Vec<_>>(),
            "passed": passed,
            "failed": failed,
            "total": outcomes.len(),
            "pass_rate": pass_rate(passed, outcomes.len()),
        });
        let _ = writeln!(out, "{value}");
        return out;
    }
    if !failures_only {
        let width = groups.iter().map(|g| g.0.len()).max().unwrap_or(5);
        for (g, p, t) in &groups {
            let _ = writeln!(out, "{g:<width$}  {p:>4}/{t:<4} {:5.1}%", pass_rate(*p, *t));
        }
        let _ = writeln!(out);
    }
    for o in outcomes.iter().filter(|o| !o.passed()) {
        let c = &o.case;
        let auction = if c.auction_text.is_empty() {
            "(opening)"
        } else {
            &c.auction_text
        };
        let _ = writeln!(
            out,
            "FAIL {} line {}: {} after {auction} (dealer {}, {}): expected {}, got {} by {}",
            c.group,
            c.line,
            c.hand_text,
            c.dealer,
            c.vul,
            call_token(c.call),
            o.got,
            o.rule.as_deref().unwrap_or("no rule"),
        );
        if o.expected_rules.is_empty() {
            let _ = writeln!(out, "     no rule proposes {}", call_token(c.call));
        }
        for r in &o.expected_rules {
            let _ = writeln!(out, "     {r}");
        }
    }
    let _ = writeln!(
        out,
        "{} cases, pass rate {:.1}%",
        outcomes.len(),
        pass_rate(passed, outcomes.len())
    );
    let _ = writeln!(out, "{passed} passed, {failed} failed");
    out
}

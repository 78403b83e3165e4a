//! `bidbook regress`: bid deal sets with two rulebooks (or against the
//! auctions stored in a golden file) and report every deal whose auction
//! changed.

use crate::cmd::auction::{QUESTION_MEMO, bid_game};
use crate::deal_input::{DealArgs, GameSource, InputFormat, InputGame};
use crate::deal_output::{OutputFormat, recorded_auction, write_game};
use crate::deal_pipeline::{RunOptions, for_each_game};
use crate::output_file::OutputFile;
use deal_formats::RecordedAuction;
use engine::analysis::bid_deal::{BiddenDeal, first_difference};
use engine::resolve::book::Scratch;
use engine::rulebook::{self, Rulebook, RulebookSource};
use reports::regress::{Change, Report, Side};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `bidbook regress`.
#[derive(Debug, clap::Args)]
#[command(
    about = "Report the deals whose auction changed between two rulebooks (or against a golden file)"
)]
#[command(
    long_about = "Bid every deal with two rulebooks and report each deal whose auction changed: \
board, dealer, vulnerability, the four hands, both auctions, the first call that differs and \
the rule that fired on each side, and the final contracts; then a summary (deals, changed, \
skipped, changes by the auction before the first difference).\n\n\
Golden workflow: with --golden GOLD.pbn the rulebook's auctions (--new, default the embedded \
rulebook) are compared with the auctions stored in GOLD.pbn; --bless rewrites them in place \
(everything else in the file is kept).\n\n\
Exit status: 0 nothing changed (or --allow-changes, or --bless), 1 something changed or some \
deal was skipped, 2 error.",
    after_help = "Examples:\n  bidbook regress --base old-rules/ --new rulebook/ tests/deals/club.pbn\n  \
bidbook regress --base old-rules/ --new rulebook/ --random 10000 --html report.html\n  \
bidbook regress --golden tests/deals/club.pbn\n  \
bidbook regress --golden tests/deals/club.pbn --bless"
)]
pub struct Args {
    #[command(flatten)]
    pub deals: DealArgs,
    /// The rulebook before the change (directory or expanded file).
    #[arg(long, value_name = "RULES", conflicts_with = "golden")]
    pub base: Option<PathBuf>,
    /// The rulebook after the change. Default: the embedded rulebook.
    #[arg(long, visible_alias = "rules", value_name = "RULES")]
    pub new: Option<PathBuf>,
    /// Compare with the auctions stored in this deal file (PBN or RBN).
    #[arg(long, value_name = "GOLD")]
    pub golden: Option<PathBuf>,
    /// With --golden: write the new auctions into the golden file.
    #[arg(long, requires = "golden")]
    pub bless: bool,
    /// Print the report as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Also write the report as an HTML page.
    #[arg(long, value_name = "REPORT.html")]
    pub html: Option<PathBuf>,
    /// Exit 0 even when auctions changed.
    #[arg(long)]
    pub allow_changes: bool,
    /// Worker threads (default: one per core).
    #[arg(short, long, value_name = "N")]
    pub jobs: Option<usize>,
}

/// What one deal gave: a change (if any) and, when blessing, the game
/// rewritten.
struct Outcome {
    change: Option<Change>,
    blessed: Option<Vec<u8>>,
}

/// Runs `bidbook regress`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    // A report that cannot be written is found before the run, not after.
    if let Some(path) = &args.html {
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => std::path::Path::new("."),
        };
        if !dir.is_dir() {
            anyhow::bail!(
                "cannot write the report {}: the folder {} does not exist",
                path.display(),
                dir.display()
            );
        }
    }
    let load = |path: &Option<PathBuf>| -> anyhow::Result<Rulebook> {
        Ok(rulebook::load(&RulebookSource::from_option(path.clone()))?)
    };
    let new = load(&args.new)?;
    let options = RunOptions {
        jobs: args.jobs,
        quiet: args.json,
    };
    let mut report = Report::default();
    let mut not_bid = 0usize;
    let summary = if let Some(golden) = &args.golden {
        if !args.deals.deals.is_empty() || args.deals.random.is_some() {
            anyhow::bail!(
                "--golden compares the golden file only: leave out the DEALS files and --random"
            );
        }
        report.names = ("stored".to_owned(), "now".to_owned());
        let source = GameSource::open(golden, args.deals.from)?;
        let format = match source.format {
            Some(InputFormat::Pbn) => OutputFormat::Pbn,
            Some(InputFormat::Rbn) => OutputFormat::Rbn,
            _ if args.bless => anyhow::bail!(
                "--bless writes PBN or RBN golden files; {} is neither",
                golden.display()
            ),
            _ => OutputFormat::Pbn,
        };
        let mut blessed = if args.bless {
            Some(OutputFile::create(
                Some(golden),
                std::slice::from_ref(golden),
            )?)
        } else {
            None
        };
        let bless = args.bless;
        let shared = new.book.shared_answers(QUESTION_MEMO);
        let summary = for_each_game(
            vec![source],
            options,
            || new.book.scratch_sharing(QUESTION_MEMO, &shared),
            |scratch: &mut Scratch, game: &InputGame| -> Result<Outcome, String> {
                let bidden = bid_game(&new, game, scratch)?;
                let stored = game.board().auction.clone();
                let change = compare_stored(game, stored.as_ref(), &new, &bidden);
                let blessed = if bless {
                    let auction = recorded_auction(&new, &bidden, false);
                    let mut bytes = Vec::new();
                    write_game(&mut bytes, format, &new, game, &bidden, &auction)
                        .map_err(|e| e.to_string())?;
                    Some(bytes)
                } else {
                    None
                };
                Ok(Outcome { change, blessed })
            },
            |name, game, outcome| {
                collect(
                    &mut report,
                    &mut not_bid,
                    name,
                    &game,
                    outcome,
                    blessed.as_mut(),
                )
            },
        )?;
        if let Some(out) = blessed {
            if summary.lost_input() || not_bid > 0 {
                drop(out);
                anyhow::bail!(
                    "not blessed: {} deal(s) of {} could not be read or bid, and rewriting the file would lose them",
                    summary.skipped + summary.stopped + not_bid,
                    golden.display()
                );
            }
            out.finish()?;
        }
        summary
    } else {
        let Some(base_path) = &args.base else {
            anyhow::bail!(
                "name the rulebook before the change with --base RULES (or use --golden GOLD.pbn)"
            );
        };
        report.names = ("base".to_owned(), "new".to_owned());
        let base = load(&Some(base_path.clone()))?;
        let sources = args.deals.sources()?;
        let shared = (
            base.book.shared_answers(QUESTION_MEMO),
            new.book.shared_answers(QUESTION_MEMO),
        );
        for_each_game(
            sources,
            options,
            || {
                (
                    base.book.scratch_sharing(QUESTION_MEMO, &shared.0),
                    new.book.scratch_sharing(QUESTION_MEMO, &shared.1),
                )
            },
            |(sb, sn): &mut (Scratch, Scratch), game: &InputGame| -> Result<Outcome, String> {
                let before = bid_game(&base, game, sb)?;
                let after = bid_game(&new, game, sn)?;
                let change = first_difference(before.calls(), after.calls()).map(|first| {
                    change_of(game, side_of(&base, &before), side_of(&new, &after), first)
                });
                Ok(Outcome {
                    change,
                    blessed: None,
                })
            },
            |name, game, outcome| collect(&mut report, &mut not_bid, name, &game, outcome, None),
        )?
    };
    report.skipped = summary.skipped + not_bid;
    report.deals = summary.games - not_bid;
    if args.json {
        println!("{}", serde_json::to_string(&report.json())?);
    } else {
        print!("{}", report.text());
        if summary.stopped > 0 {
            println!("{} file(s) not read to the end", summary.stopped);
        }
    }
    if let Some(path) = &args.html {
        std::fs::write(path, report.html())
            .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
    }
    let changed = !report.changes.is_empty() && !args.allow_changes && !args.bless;
    Ok(if changed || report.skipped > 0 || summary.stopped > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Files one deal's outcome: the change into the report, the blessed game
/// into the golden file, a deal that could not be bid onto standard error.
fn collect(
    report: &mut Report,
    not_bid: &mut usize,
    name: &str,
    game: &InputGame,
    outcome: Result<Outcome, String>,
    blessed: Option<&mut OutputFile>,
) -> anyhow::Result<()> {
    match outcome {
        Ok(o) => {
            if let Some(mut change) = o.change {
                change.origin = origin(name, game);
                report.changes.push(change);
            }
            if let (Some(out), Some(bytes)) = (blessed, o.blessed) {
                out.write_all(&bytes)?;
            }
        }
        Err(why) => {
            *not_bid += 1;
            eprintln!("{name}:{}: skipped: {why}", game.board().line);
        }
    }
    Ok(())
}

/// Where a game came from: `FILE:LINE`, or the source name for random deals.
fn origin(name: &str, game: &InputGame) -> String {
    match game {
        InputGame::Random(_) => name.to_owned(),
        _ => format!("{name}:{}", game.board().line),
    }
}

/// A bid auction with the rule behind each call.
fn side_of(rulebook: &Rulebook, bidden: &BiddenDeal<'_>) -> Side {
    Side {
        calls: bidden.calls().to_vec(),
        rules: bidden
            .decisions
            .iter()
            .map(|d| d.rule.map(|r| rulebook.book.rule_name(r)))
            .collect(),
        contract: bidden.table.bidding().contract(),
    }
}

/// The change between a stored auction (none: an empty one) and the one
/// bid now, if the calls differ.
fn compare_stored(
    game: &InputGame,
    stored: Option<&RecordedAuction>,
    rulebook: &Rulebook,
    bidden: &BiddenDeal<'_>,
) -> Option<Change> {
    let stored_calls: Vec<_> = stored.map(|a| a.calls().collect()).unwrap_or_default();
    let first = first_difference(&stored_calls, bidden.calls())?;
    let base = Side {
        contract: stored.and_then(RecordedAuction::contract),
        calls: stored_calls,
        rules: Vec::new(),
    };
    Some(change_of(game, base, side_of(rulebook, bidden), first))
}

/// A change record for `game`.
fn change_of(game: &InputGame, base: Side, new: Side, first: usize) -> Change {
    let board = game.board();
    Change {
        origin: String::new(),
        board: board.number,
        dealer: board.effective_dealer(),
        vulnerability: board.effective_vulnerability(),
        deal: board.deal,
        base,
        new,
        first,
    }
}

//! `bidbook regress`: bid deal sets with two rulebooks (or against the
//! auctions stored in a golden file) and report every deal whose auction
//! changed.

use crate::cmd::auction::{QUESTION_MEMO, bid_game};
use crate::dd;
use crate::deal_input::{DealArgs, GameSource, InputFormat, InputGame};
use crate::deal_output::{OutputFormat, recorded_auction, write_game};
use crate::deal_pipeline::{RunOptions, for_each_game};
use crate::output_file::OutputFile;
use deal_formats::RecordedAuction;
use engine::analysis::bid_deal::{BiddenDeal, first_difference};
use engine::resolve::book::Scratch;
use engine::rulebook::{self, Rulebook, RulebookSource};
use rayon::prelude::*;
use reports::regress::{Change, ChangeScore, Report, Side};
use scoring::{DdCache, DdMask, DdTable, PartialTable};
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
With --score every changed deal is scored double dummy: declarer's tricks in both contracts (only those two cells are solved, unless the deal file carries an OptimumResultTable or DoubleDummyTricks table or --dd-cache has the deal), both North-South scores, and the IMPs the new rulebook wins or loses for the side that made the first differing call. The summary gives the net IMPs, the IMPs per board over all deals compared (unchanged deals count 0) with its standard error, and the IMPs won and lost by the auction before the first difference.\n\n\
Exit status: 0 nothing changed (or --allow-changes, or --bless), 1 something changed or some \
deal was skipped, 2 error.",
    after_help = "Examples:\n  bidbook regress --base old-rules/ --new rulebook/ tests/deals/club.pbn\n  \
bidbook regress --base old-rules/ --new rulebook/ --random 10000 --html report.html\n  \
bidbook regress --golden tests/deals/club.pbn\n  \
bidbook regress --base old-rules/ --new rulebook/ --random 2000 --score --dd-cache dd.txt\n  \
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
    /// Score every changed deal double dummy: both contracts, and the IMPs
    /// the new rulebook wins or loses.
    #[arg(long)]
    pub score: bool,
    /// With --score: read solved tables from this file (`bidbook score
    /// --dd-cache` writes it).
    #[arg(long, value_name = "FILE", requires = "score")]
    pub dd_cache: Option<PathBuf>,
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
    /// With --score, the table the game carries, for a changed deal.
    table: Option<DdTable>,
}

impl Outcome {
    /// The outcome of one game; with `score`, a changed deal carries the
    /// table its file gives, if any.
    fn new(
        change: Option<Change>,
        blessed: Option<Vec<u8>>,
        score: bool,
        game: &InputGame,
    ) -> Self {
        let table = (score && change.is_some())
            .then(|| dd::carried_table(game))
            .flatten();
        Outcome {
            change,
            blessed,
            table,
        }
    }
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
    let mut tables: Vec<Option<DdTable>> = Vec::new();
    let score = args.score;
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
                Ok(Outcome::new(change, blessed, score, game))
            },
            |name, game, outcome| {
                collect(
                    &mut report,
                    &mut tables,
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
                Ok(Outcome::new(change, None, score, game))
            },
            |name, game, outcome| {
                collect(
                    &mut report,
                    &mut tables,
                    &mut not_bid,
                    name,
                    &game,
                    outcome,
                    None,
                )
            },
        )?
    };
    if args.score {
        score_changes(
            &mut report,
            &tables,
            args.dd_cache.as_deref(),
            args.jobs,
            args.json,
        )?;
    }
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
    tables: &mut Vec<Option<DdTable>>,
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
                tables.push(o.table);
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
        score: None,
    }
}

/// Scores every change double dummy: each deal's table from its file
/// (`tables`, in the order of the changes) or the cache, else only the two
/// cells of the two contracts solved, in parallel.
fn score_changes(
    report: &mut Report,
    tables: &[Option<DdTable>],
    cache: Option<&std::path::Path>,
    jobs: Option<usize>,
    quiet: bool,
) -> anyhow::Result<()> {
    report.scored = true;
    let cache = match cache {
        Some(path) => {
            let (cache, errors) = DdCache::load(path)
                .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
            for e in errors {
                eprintln!("{}:{e}", path.display());
            }
            Some(cache)
        }
        None => None,
    };
    let pool = scoring::thread_pool(jobs.unwrap_or(0))?;
    let bar = crate::cmd::score::progress_bar(quiet);
    let solved: Vec<Result<PartialTable, String>> = pool.install(|| {
        report
            .changes
            .par_iter()
            .zip(tables)
            .with_max_len(1)
            .map(|(c, table)| {
                let deal = dd::full_deal(&c.deal)?;
                if let Some(t) = table.or_else(|| cache.as_ref().and_then(|k| k.get(&deal))) {
                    return Ok(PartialTable::new(DdMask::ALL, t));
                }
                let mask = dd::contract_mask(c.base.contract) | dd::contract_mask(c.new.contract);
                let t = scoring::solve_some(deal, mask).map_err(|e| e.to_string());
                bar.inc(1);
                t
            })
            .collect()
    });
    bar.finish_and_clear();
    for (c, table) in report.changes.iter_mut().zip(solved) {
        let table = match table {
            Ok(t) => t,
            Err(why) => {
                eprintln!("{}: not scored: {why}", c.origin);
                continue;
            }
        };
        let base_tricks = dd::cell(&table, c.base.contract);
        let new_tricks = dd::cell(&table, c.new.contract);
        let base_score = dd::ns_score(c.base.contract, base_tricks, c.vulnerability);
        let new_score = dd::ns_score(c.new.contract, new_tricks, c.vulnerability);
        let ns = scoring::imps(new_score - base_score);
        let imps = match c.first_seat() {
            contract_bridge::Seat::North | contract_bridge::Seat::South => ns,
            _ => -ns,
        };
        c.score = Some(ChangeScore {
            base_tricks,
            new_tricks,
            base_score,
            new_score,
            imps,
        });
    }
    Ok(())
}

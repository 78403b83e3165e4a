//! `bidbook score`: bid every deal, score it double dummy, and report how
//! far the rulebook's contracts are from par, and where the IMPs go.

use crate::cmd::auction::{QUESTION_MEMO, bid_game};
use crate::dd::{self, Kind, Scored, TableSource};
use crate::deal_input::{DealArgs, InputGame};
use crate::deal_output::{OutputFormat, recorded_auction, write_game};
use crate::deal_pipeline::{RunOptions, for_each_game};
use crate::output_file::OutputFile;
use crate::rules_arg::RulesArg;
use bridge::auction::{Call, call_token};
use bridge::deal::format_pbn_deal;
use bridge::vulnerability::Vulnerability;
use contract_bridge::{Contract, FullDeal, Seat};
use deal_formats::pbn;
use engine::resolve::book::Scratch;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use scoring::{DdCache, DdTable};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Deals scored together: solved in parallel, then written in order.
const BATCH: usize = 256;

/// Arguments of `bidbook score`.
#[derive(Debug, clap::Args)]
#[command(
    about = "Bid every deal, solve it double dummy, and report each contract's score against par"
)]
#[command(
    long_about = "Bid every deal with the rulebook, solve it double dummy, and report per deal: \
contract, declarer, declarer's double-dummy tricks in that strain, the score, the par score and \
par contracts, and the IMPs from par (all North-South's). The summary gives the mean |IMPs \
from par|, the share of deals at par, and where the IMPs go: by kind and by auction prefix \
(the ten prefixes that lose the most IMPs, each with its count, total and two example deals).\n\n\
Kinds, the first that holds (\"ours\" is the declaring side): passed out (par is not 0); went down (the contract fails double \
dummy); competitive decision (par is 0, belongs to the other side, or is a doubled sacrifice); \
slam missed (par is a slam of ours and we stopped lower); game missed (par is a game of ours \
and we stopped in a partscore); wrong strain (no par contract of ours is in our strain); other \
(the right strain: another declarer or level).\n\n\
The auction prefix of a deal is its calls up to the opening bid and the --prefix-calls - 1 \
calls after it (all four passes when passed out).\n\n\
Tables are kept, not recomputed: a PBN game's OptimumResultTable section or Bridge Composer's \
DoubleDummyTricks tag is read instead of solving; -o writes the games (PBN) with their \
auction and an OptimumResultTable section for every table solved; --dd-cache FILE keeps the \
tables of any deal (random ones too) from run to run. Deals without all 52 cards are reported \
and skipped.\n\n\
Exit status: 0 all deals scored, 1 some deal skipped, 2 error.",
    after_help = "Examples:\n  bidbook score tests/deals/scored.pbn\n  \
bidbook score tests/deals/club.pbn -o club-scored.pbn   # keep the tables in the file\n  \
bidbook score --random 2000 --seed 11 --dd-cache dd.txt\n  \
bidbook score --random 200 --seed 1 --json | tail -1\n  \
bidbook score --random 2000 --seed 11 --dd-cache dd.txt --rules old-rules/"
)]
pub struct Args {
    #[command(flatten)]
    pub deals: DealArgs,
    #[command(flatten)]
    pub rules: RulesArg,
    /// One JSON object per deal and line, then one summary object.
    #[arg(long)]
    pub json: bool,
    /// Also write the report as an HTML page.
    #[arg(long, value_name = "REPORT.html")]
    pub html: Option<PathBuf>,
    /// Write the games (PBN) with their auctions and double-dummy tables
    /// (may be one of the inputs).
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// A file of solved tables: read before solving, new tables appended.
    #[arg(long, value_name = "FILE")]
    pub dd_cache: Option<PathBuf>,
    /// Calls after the opening bid that make up an auction prefix, counting
    /// the opening bid.
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub prefix_calls: usize,
    /// Worker threads for bidding and solving (default: one per core).
    #[arg(short, long, value_name = "N")]
    pub jobs: Option<usize>,
    /// No progress bar and no closing line on standard error.
    #[arg(short, long)]
    pub quiet: bool,
}

/// A deal bid, waiting for its table.
struct Bid {
    calls: Vec<Call>,
    contract: Option<(Contract, Seat)>,
    dealer: Seat,
    vul: Vulnerability,
    deal: FullDeal,
    table: Option<(DdTable, TableSource)>,
    /// The game as written to `-o` (without a table section).
    written: Option<Vec<u8>>,
}

/// A deal of the batch: where it came from and its bid.
struct Pending {
    origin: String,
    board: Option<u32>,
    game: Option<InputGame>,
    /// `None`: a deal that could not be bid or scored (written to `-o` as
    /// it was read).
    bid: Option<Bid>,
}

/// What one auction prefix cost.
#[derive(Debug, Default, Clone)]
struct PrefixCost {
    count: usize,
    imps: i64,
    examples: Vec<String>,
}

/// The run's totals.
#[derive(Debug, Default)]
struct Totals {
    deals: usize,
    abs_imps: i64,
    at_par: usize,
    by_kind: HashMap<Kind, (usize, i64)>,
    by_prefix: HashMap<String, PrefixCost>,
    from_file: usize,
    from_cache: usize,
    solved: usize,
}

/// Runs `bidbook score`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let rulebook = args.rules.load()?;
    let sources = args.deals.sources()?;
    let (cache, cache_errors) = match &args.dd_cache {
        Some(path) => {
            let (c, e) = DdCache::load(path)
                .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
            (Some(c), e)
        }
        None => (None, Vec::new()),
    };
    if let Some(path) = &args.dd_cache {
        for e in &cache_errors {
            eprintln!("{}:{e}", path.display());
        }
    }
    let pool = scoring::thread_pool(args.jobs.unwrap_or(0))?;
    let mut output = match &args.output {
        Some(path) => {
            let mut file = OutputFile::create(Some(path), &args.deals.deals)?;
            if sources[0].format != Some(crate::deal_input::InputFormat::Pbn) {
                pbn::write_header(&mut file)?;
            }
            Some(file)
        }
        None => None,
    };
    let writing = output.is_some();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let bar = progress_bar(args.quiet);
    let start = Instant::now();
    let mut totals = Totals::default();
    let mut html_rows = String::new();
    let mut fresh: HashMap<FullDeal, DdTable> = HashMap::new();
    let mut batch: Vec<Pending> = Vec::with_capacity(BATCH);
    let mut not_scored = 0usize;
    let shared = rulebook.book.shared_answers(QUESTION_MEMO);
    let cache_ref = cache.as_ref();
    let mut ctx = BatchContext {
        args: &args,
        pool: &pool,
        bar: &bar,
        totals: &mut totals,
        fresh: &mut fresh,
        out: &mut out,
        output: output.as_mut(),
        html: &mut html_rows,
    };
    let summary = for_each_game(
        sources,
        RunOptions {
            jobs: args.jobs,
            quiet: true,
        },
        || rulebook.book.scratch_sharing(QUESTION_MEMO, &shared),
        |scratch: &mut Scratch, game: &InputGame| -> Result<Bid, String> {
            let board = game.board();
            let deal = dd::full_deal(&board.deal)?;
            let bidden = bid_game(rulebook, game, scratch)?;
            let written = if writing {
                let auction = recorded_auction(rulebook, &bidden, false);
                let mut bytes = Vec::with_capacity(1024);
                write_game(
                    &mut bytes,
                    OutputFormat::Pbn,
                    rulebook,
                    game,
                    &bidden,
                    &auction,
                )
                .map_err(|e| e.to_string())?;
                Some(bytes)
            } else {
                None
            };
            Ok(Bid {
                calls: bidden.calls().to_vec(),
                contract: bidden.table.bidding().contract(),
                dealer: board.effective_dealer(),
                vul: board.effective_vulnerability(),
                table: dd::known_table(game, &deal, cache_ref),
                deal,
                written,
            })
        },
        |name, game, result| {
            match result {
                Ok(bid) => {
                    batch.push(Pending {
                        origin: origin(name, &game),
                        board: game.board().number,
                        game: writing.then_some(game),
                        bid: Some(bid),
                    });
                    if batch.len() >= BATCH {
                        ctx.flush(&mut batch)?;
                    }
                }
                Err(why) => {
                    bar.suspend(|| eprintln!("{name}:{}: skipped: {why}", game.board().line));
                    not_scored += 1;
                    if writing {
                        // Kept in the output as it was read: nothing is lost.
                        batch.push(Pending {
                            origin: origin(name, &game),
                            board: game.board().number,
                            game: Some(game),
                            bid: None,
                        });
                    }
                }
            }
            Ok(())
        },
    )?;
    ctx.flush(&mut batch)?;
    bar.finish_and_clear();
    let skipped = summary.skipped + not_scored;
    let summary_value = summary_json(&totals, skipped);
    if args.json {
        serde_json::to_writer(&mut out, &summary_value)?;
        writeln!(out)?;
    } else {
        write!(out, "{}", summary_text(&totals, skipped))?;
    }
    out.flush()?;
    drop(out);
    if let Some(file) = output {
        file.finish()?;
    }
    if let Some(path) = &args.html {
        std::fs::write(path, html_page(&totals, skipped, &html_rows))
            .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
    }
    if !args.quiet {
        let secs = start.elapsed().as_secs_f64().max(1e-9);
        eprintln!(
            "{} deals scored in {secs:.2} s ({:.0} deals/s); {} tables solved ({:.1}/s), {} from the deal files, {} from the cache{}",
            totals.deals,
            totals.deals as f64 / secs,
            totals.solved,
            totals.solved as f64 / secs,
            totals.from_file,
            totals.from_cache,
            if skipped > 0 {
                format!("; {skipped} skipped")
            } else {
                String::new()
            }
        );
    }
    Ok(if skipped > 0 || summary.stopped > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// What a batch is solved, scored and written with.
struct BatchContext<'a, W: Write> {
    args: &'a Args,
    pool: &'a rayon::ThreadPool,
    bar: &'a ProgressBar,
    totals: &'a mut Totals,
    fresh: &'a mut HashMap<FullDeal, DdTable>,
    out: &'a mut W,
    output: Option<&'a mut OutputFile>,
    html: &'a mut String,
}

impl<W: Write> BatchContext<'_, W> {
    /// Solves the tables the batch lacks (in parallel), then scores and
    /// writes every deal of it in order, and empties it.
    fn flush(&mut self, batch: &mut Vec<Pending>) -> anyhow::Result<()> {
        for bid in batch.iter_mut().filter_map(|p| p.bid.as_mut()) {
            if bid.table.is_none()
                && let Some(&t) = self.fresh.get(&bid.deal)
            {
                bid.table = Some((t, TableSource::Cache));
            }
        }
        let needed: Vec<FullDeal> = batch
            .iter()
            .filter_map(|p| p.bid.as_ref())
            .filter(|b| b.table.is_none())
            .map(|b| b.deal)
            .collect();
        if !needed.is_empty() {
            let bar = self.bar;
            let solved: Vec<DdTable> = self.pool.install(|| {
                needed
                    .par_iter()
                    .with_max_len(1)
                    .map(|&deal| {
                        let t = scoring::solve(deal).expect("a full deal solves");
                        bar.inc(1);
                        t
                    })
                    .collect()
            });
            let mut solved = solved.into_iter();
            let mut new_entries = Vec::new();
            let unsolved = batch
                .iter_mut()
                .filter_map(|p| p.bid.as_mut())
                .filter(|b| b.table.is_none());
            for bid in unsolved {
                let t = solved.next().expect("one table per deal solved");
                self.fresh.insert(bid.deal, t);
                new_entries.push((bid.deal, t));
                bid.table = Some((t, TableSource::Solved));
            }
            if let Some(path) = &self.args.dd_cache {
                DdCache::append(path, &new_entries)
                    .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
            }
        }
        for p in batch.drain(..) {
            self.one(p)?;
        }
        self.bar
            .set_message(format!("{} deals scored", self.totals.deals));
        Ok(())
    }

    /// Scores, counts and writes one deal.
    fn one(&mut self, p: Pending) -> anyhow::Result<()> {
        let Some(bid) = &p.bid else {
            if let (Some(file), Some(InputGame::Pbn(g))) = (self.output.as_deref_mut(), &p.game) {
                file.write_all(g.text())?;
            }
            return Ok(());
        };
        let (table, source) = bid.table.expect("every table known after flush");
        let s = dd::score_deal(bid.contract, &table, bid.dealer, bid.vul);
        let t = &mut *self.totals;
        t.deals += 1;
        match source {
            TableSource::File => t.from_file += 1,
            TableSource::Cache => t.from_cache += 1,
            TableSource::Solved => t.solved += 1,
        }
        t.abs_imps += i64::from(s.imps.abs());
        let prefix = prefix_text(&bid.calls, self.args.prefix_calls);
        let example = example_name(&p.origin, p.board);
        match s.kind {
            None => t.at_par += 1,
            Some(kind) => {
                let e = t.by_kind.entry(kind).or_default();
                e.0 += 1;
                e.1 += i64::from(s.imps.abs());
                let e = t.by_prefix.entry(prefix.clone()).or_default();
                e.count += 1;
                e.imps += i64::from(s.imps.abs());
                if e.examples.len() < 2 {
                    e.examples.push(example.clone());
                }
            }
        }
        let deal_text = format_pbn_deal(&bid.deal.into(), Seat::North);
        if self.args.json {
            let v = deal_json(&p, bid, &s, &deal_text, &prefix, source);
            serde_json::to_writer(&mut *self.out, &v)?;
            writeln!(self.out)?;
        } else {
            writeln!(self.out, "{}", deal_line(&example, bid, &s))?;
        }
        if self.args.html.is_some() {
            self.html.push_str(&html_row(&example, bid, &s));
        }
        if let (Some(file), Some(written)) = (self.output.as_deref_mut(), &bid.written) {
            match (&p.game, source) {
                (Some(InputGame::Pbn(g)), _) if pbn::has_dd_table(g) => file.write_all(written)?,
                (Some(InputGame::Pbn(g)), _) => file.write_all(&pbn::insert_section(
                    g,
                    written,
                    &scoring::optimum_result_table::format_section(&table),
                ))?,
                _ => {
                    // A game written from its board ends with an empty line.
                    let body = written.strip_suffix(b"\n").unwrap_or(written);
                    file.write_all(body)?;
                    file.write_all(
                        scoring::optimum_result_table::format_section(&table).as_bytes(),
                    )?;
                    file.write_all(b"\n")?;
                }
            }
        }
        Ok(())
    }
}

/// Where a game came from: `FILE:LINE`, or the source name for random deals.
fn origin(name: &str, game: &InputGame) -> String {
    match game {
        InputGame::Random(_) => name.to_owned(),
        _ => format!("{name}:{}", game.board().line),
    }
}

/// How a deal is named in examples: `FILE:LINE`, or `board N` for random deals.
fn example_name(origin: &str, board: Option<u32>) -> String {
    match (origin.starts_with('<'), board) {
        (true, Some(n)) => format!("board {n}"),
        _ => origin.to_owned(),
    }
}

/// The auction up to the opening bid and `calls - 1` calls after it (the
/// whole auction when it is shorter; `P P P P` when passed out).
pub fn prefix_text(auction: &[Call], calls: usize) -> String {
    let opening = auction
        .iter()
        .position(|c| matches!(c, Call::Bid(_)))
        .unwrap_or(auction.len());
    let end = (opening + calls.max(1)).min(auction.len());
    let tokens: Vec<&str> = auction[..end].iter().map(|&c| call_token(c)).collect();
    tokens.join(" ")
}

/// `4S by N`, or `Pass`.
fn contract_text(contract: Option<(Contract, Seat)>) -> String {
    match contract {
        Some((c, d)) => pbn::contract_by(c, d),
        None => pbn::contract_or_pass(None),
    }
}

/// The par contracts, `, `-separated.
fn par_text(s: &Scored) -> String {
    if s.par.contracts.is_empty() {
        return "passed out".to_owned();
    }
    let v: Vec<String> = s.par.contracts.iter().map(dd::par_contract_text).collect();
    v.join(", ")
}

/// One deal as a line of text.
fn deal_line(name: &str, bid: &Bid, s: &Scored) -> String {
    let auction: Vec<&str> = bid.calls.iter().map(|&c| call_token(c)).collect();
    let tricks = s.tricks.map_or_else(|| "-".to_owned(), |t| t.to_string());
    format!(
        "{name}  {} {}  {}  {}  tricks {tricks}  score {:+}  par {:+} ({})  {:+} IMPs{}",
        bid.dealer.letter(),
        bid.vul,
        auction.join(" "),
        contract_text(bid.contract),
        s.score,
        s.par.score,
        par_text(s),
        s.imps,
        s.kind
            .map_or_else(String::new, |k| format!("  [{}]", k.name()))
    )
}

/// One deal as a JSON object (see the README for the contract).
fn deal_json(
    p: &Pending,
    bid: &Bid,
    s: &Scored,
    deal: &str,
    prefix: &str,
    source: TableSource,
) -> Value {
    let auction: Vec<&str> = bid.calls.iter().map(|&c| call_token(c)).collect();
    let contract = pbn::contract_or_pass(bid.contract.map(|(c, _)| c));
    json!({
        "board": p.board,
        "origin": p.origin,
        "deal": deal,
        "dealer": bid.dealer.letter().to_string(),
        "vul": bid.vul.to_string(),
        "auction": auction,
        "contract": contract,
        "declarer": bid.contract.map(|(_, d)| d.letter().to_string()),
        "tricks": s.tricks,
        "score": s.score,
        "par": s.par.score,
        "par_contracts": s.par.contracts.iter().map(dd::par_contract_text).collect::<Vec<_>>(),
        "imps": s.imps,
        "kind": s.kind.map(Kind::name),
        "prefix": prefix,
        "table": match source {
            TableSource::File => "file",
            TableSource::Cache => "cache",
            TableSource::Solved => "solved",
        },
    })
}

/// The kinds with IMPs, most IMPs first.
fn kinds(t: &Totals) -> Vec<(Kind, usize, i64)> {
    let mut v: Vec<(Kind, usize, i64)> = Kind::ALL
        .iter()
        .filter_map(|k| t.by_kind.get(k).map(|&(n, i)| (*k, n, i)))
        .collect();
    v.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(&b.0)));
    v
}

/// The ten prefixes that lose the most IMPs.
fn top_prefixes(t: &Totals) -> Vec<(&String, &PrefixCost)> {
    let mut v: Vec<(&String, &PrefixCost)> = t.by_prefix.iter().collect();
    v.sort_by(|a, b| b.1.imps.cmp(&a.1.imps).then_with(|| a.0.cmp(b.0)));
    v.truncate(10);
    v
}

/// Mean |IMPs| and the share at par.
fn means(t: &Totals) -> (f64, f64) {
    let n = t.deals.max(1) as f64;
    (t.abs_imps as f64 / n, t.at_par as f64 / n)
}

/// The summary as text.
fn summary_text(t: &Totals, skipped: usize) -> String {
    let (mean, share) = means(t);
    let mut s = format!(
        "\n{} deals scored{}: mean |IMPs from par| {mean:.2}, {} at par ({:.1}%), {} IMPs from par in all\n",
        t.deals,
        if skipped > 0 {
            format!(" ({skipped} skipped)")
        } else {
            String::new()
        },
        t.at_par,
        share * 100.0,
        t.abs_imps,
    );
    s.push_str("\nIMPs by kind:\n");
    for (kind, n, imps) in kinds(t) {
        s.push_str(&format!("  {imps:>7} IMPs {n:>6} deals  {}\n", kind.name()));
    }
    s.push_str("\nThe auction prefixes that lose the most IMPs:\n");
    for (prefix, c) in top_prefixes(t) {
        s.push_str(&format!(
            "  {:>7} IMPs {:>6} deals  {prefix}   (e.g. {})\n",
            c.imps,
            c.count,
            c.examples.join(", ")
        ));
    }
    s
}

/// The summary object of `--json`.
fn summary_json(t: &Totals, skipped: usize) -> Value {
    let (mean, share) = means(t);
    json!({
        "deals": t.deals,
        "skipped": skipped,
        "mean_abs_imps": mean,
        "at_par": t.at_par,
        "at_par_share": share,
        "total_abs_imps": t.abs_imps,
        "tables": {"solved": t.solved, "file": t.from_file, "cache": t.from_cache},
        "by_kind": kinds(t).iter().map(|(k, n, i)| json!({"kind": k.name(), "count": n, "imps": i})).collect::<Vec<_>>(),
        "by_prefix": top_prefixes(t).iter().map(|(p, c)| json!({"prefix": p, "count": c.count, "imps": c.imps, "examples": c.examples})).collect::<Vec<_>>(),
    })
}

/// Escapes text for HTML.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// One deal as a row of the HTML table.
fn html_row(name: &str, bid: &Bid, s: &Scored) -> String {
    let auction: Vec<&str> = bid.calls.iter().map(|&c| call_token(c)).collect();
    format!(
        "<tr><td>{}</td><td>{} {}</td><td>{}</td><td>{}</td><td>{}</td><td>{:+}</td><td>{:+}</td><td>{}</td><td>{:+}</td><td>{}</td></tr>\n",
        escape(name),
        bid.dealer.letter(),
        bid.vul,
        escape(&auction.join(" ")),
        escape(&contract_text(bid.contract)),
        s.tricks.map_or_else(|| "-".to_owned(), |t| t.to_string()),
        s.score,
        s.par.score,
        escape(&par_text(s)),
        s.imps,
        s.kind.map_or("", Kind::name),
    )
}

/// The HTML page: the summary, then every deal.
fn html_page(t: &Totals, skipped: usize, rows: &str) -> String {
    let mut page = String::from(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>bidbook score</title>\n<style>body{font-family:sans-serif} td,th{padding:0.1em 0.6em;text-align:left} tr:nth-child(even){background:#f4f4f4}</style></head><body>\n<h1>Double-dummy score against par</h1>\n",
    );
    page.push_str(&format!(
        "<pre>{}</pre>\n",
        escape(&summary_text(t, skipped))
    ));
    page.push_str("<table><tr><th>Deal</th><th>Dealer, vul</th><th>Auction</th><th>Contract</th><th>DD tricks</th><th>Score</th><th>Par</th><th>Par contracts</th><th>IMPs</th><th>Kind</th></tr>\n");
    page.push_str(rows);
    page.push_str("</table>\n</body></html>\n");
    page
}

/// A spinner with the tables solved and the rate, on standard error when it
/// is a terminal and `CI` is not set.
pub fn progress_bar(quiet: bool) -> ProgressBar {
    let visible = !quiet && std::io::stderr().is_terminal() && std::env::var_os("CI").is_none();
    if !visible {
        return ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(
        "{spinner} {human_pos} deals solved ({per_sec}), {msg} {elapsed}",
    ) {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

#[cfg(test)]
mod tests {
    use super::*;
    use bridge::auction::Bidding;

    #[test]
    fn prefixes_run_to_two_calls_after_the_opening() {
        let calls = |s: &str| Bidding::parse(s, Seat::North).unwrap().calls().to_vec();
        assert_eq!(prefix_text(&calls("P 1S P 2S P P P"), 3), "P 1S P 2S");
        assert_eq!(prefix_text(&calls("P P P P"), 3), "P P P P");
        assert_eq!(prefix_text(&calls("1N P P P"), 1), "1N");
    }
}

//! `bidbook auction`: bid whole deals with all four seats using the
//! rulebook, and write the deals with their auctions.

use crate::deal_input::{DealArgs, InputFormat, InputGame};
use crate::deal_output::{GameWriter, OutputFormat, rbn_labels, recorded_auction, write_game};
use crate::deal_pipeline::{RunOptions, RunSummary, Unread, for_each_game_keeping};
use crate::output_file::OutputFile;
use crate::rules_arg::RulesArg;
use deal_formats::RecordedAuction;
use deal_formats::pbn;
use deal_formats::rbn::{self, RbnWriter};
use engine::analysis::bid_deal::{BiddenDeal, bid_deal};
use engine::resolve::book::Scratch;
use engine::rulebook::Rulebook;
use std::cell::{Cell, RefCell};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// How many auctions each worker thread remembers the proposals of, per
/// generation of its question memo (two generations; both full, about 40 MB
/// per thread with the default rulebook). Bidding many deals meets the same
/// auctions again and again — not only the early ones: on random deals a
/// 16,384-answer generation kept too little (100,000 deals: 13.6 CPU-s
/// against 8.9 with 65,536).
pub const QUESTION_MEMO: usize = 65_536;

/// Arguments of `bidbook auction`.
#[derive(Debug, clap::Args)]
#[command(about = "Bid whole deals with all four seats and write them with their auctions")]
#[command(
    long_about = "Bid whole deals with all four seats using the rulebook, and write the deals \
with their auctions. Dealer and vulnerability come from each deal (or from its board number \
when absent). Reads PBN, RBN and BBO's LIN (the format from the file extension or the first \
line); writes PBN, RBN or JSON Lines.\n\n\
Nothing is lost: a deal written in the format it was read in keeps every tag, comment and \
section bidbook does not produce; where the new auction changes the contract, the old \
auction, play and result are kept in a commentary block. Alerted calls carry their meaning \
as a note (with --explain, every explained call does).\n\n\
A malformed deal is reported on standard error as FILE:LINE: skipped: why, and every \
other deal is still bid; written in the format it was read in, the malformed deal is written \
back unchanged, in its place. A deal that is well formed but cannot be bid (a bidding \
problem giving only some hands) is reported as FILE:LINE: not bid: why and written back \
unchanged (in another format: without a new auction). -o may name an input: it is replaced \
only when nothing is lost, so converting a file with malformed deals to another format over \
itself is refused. Deals are bid in parallel; the output keeps the input order and is \
the same on every run.\n\n\
Exit status: 0 all deals read (deals not bid included), 1 some input skipped or unreadable, \
2 error.",
    after_help = "Examples:\n  bidbook auction tests/deals/club.pbn -o bid.pbn\n  \
bidbook auction hands.lin --format pbn --explain\n  \
bidbook auction --random 1000 --seed 7 --format json | head -1\n  \
bidbook auction --random 100000 --seed 1 --format json -o /dev/null --jobs 1"
)]
pub struct Args {
    #[command(flatten)]
    pub deals: DealArgs,
    /// Write here instead of standard output (may be one of the inputs).
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// Output format. Default: the format of the first deal file if it is
    /// PBN or RBN, else PBN.
    #[arg(long, value_enum)]
    pub format: Option<OutputFormat>,
    /// The same as --format json.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    #[command(flatten)]
    pub rules: RulesArg,
    /// Give every call some rule explains a note with its meaning (alerted
    /// calls always get one).
    #[arg(long)]
    pub explain: bool,
    /// Worker threads (default: one per core).
    #[arg(short, long, value_name = "N")]
    pub jobs: Option<usize>,
    /// No progress bar and no summary on standard error.
    #[arg(short, long)]
    pub quiet: bool,
}

/// Runs `bidbook auction`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let rulebook = args.rules.load()?;
    let sources = args.deals.sources()?;
    let format = args
        .format
        .or(args.json.then_some(OutputFormat::Json))
        .unwrap_or(match sources.first().and_then(|s| s.format) {
            Some(InputFormat::Rbn) => OutputFormat::Rbn,
            _ => OutputFormat::Pbn,
        });
    let needs_header = format == OutputFormat::Pbn && sources[0].format != Some(InputFormat::Pbn);
    let mut file = OutputFile::create(args.output.as_deref(), &args.deals.deals)?;
    if needs_header {
        pbn::write_header(&mut file)?;
    }
    // RBN games are written in order by one writer, which knows what each
    // game inherits from the one before (labels that repeat).
    let replaces_input = file.replaces_input();
    let out = RefCell::new(if format == OutputFormat::Rbn {
        Output::Rbn(Box::new(RbnWriter::new(GameWriter::new(file))))
    } else {
        Output::Plain(GameWriter::new(file), format)
    });
    let mut calls = 0usize;
    let mut not_bid = 0usize;
    // Games read (or skipped) that the output does not hold.
    let lost = Cell::new(0usize);
    // The last file warned about.
    let mut warned: Option<String> = None;
    let options = RunOptions {
        jobs: args.jobs,
        quiet: args.quiet,
    };
    // Each thread remembers answers; the ones a thread works out are
    // shared with the others.
    let shared = rulebook.book.shared_answers(QUESTION_MEMO);
    let summary = for_each_game_keeping(
        sources,
        options,
        || rulebook.book.scratch_sharing(QUESTION_MEMO, &shared),
        |scratch: &mut Scratch, game: &InputGame| {
            render(rulebook, format, args.explain, game, scratch)
        },
        |name, game, result| {
            if let InputGame::Pbn(g) = &game
                && let Some(warning) = g.warning()
                && warned.as_deref() != Some(name)
            {
                // Once per file: an exporter writes every game alike.
                eprintln!("{name}:{warning}; read anyway (not repeated for this file)");
                warned = Some(name.to_owned());
            }
            match result {
                Ok((rendered, n)) => {
                    calls += n;
                    out.borrow_mut().write(&game, rendered)?;
                }
                Err(why) => {
                    eprintln!("{name}:{}: not bid: {why}", game.board().line);
                    not_bid += 1;
                    if !out.borrow_mut().write_unbid(&game)? {
                        lost.set(lost.get() + 1);
                    }
                }
            }
            Ok(())
        },
        |_, unread: Unread| {
            if !out.borrow_mut().write_unread(format, &unread)? {
                lost.set(lost.get() + 1);
            }
            Ok(())
        },
    )?;
    let out = out.into_inner();
    if replaces_input && (lost.get() > 0 || summary.stopped > 0) {
        // Dropping the output leaves the input as it was.
        drop(out);
        let mut why = Vec::new();
        if lost.get() > 0 {
            why.push(format!(
                "{} deal(s) could not be written in the output's format",
                lost.get()
            ));
        }
        if summary.stopped > 0 {
            why.push(format!(
                "{} file(s) were not read to the end",
                summary.stopped
            ));
        }
        anyhow::bail!(
            "not replacing {}: {}, so replacing it would lose deals; it is left as it was \
             (write to another file, or keep the input's format)",
            args.output
                .as_deref()
                .unwrap_or(std::path::Path::new("-"))
                .display(),
            why.join(" and ")
        );
    }
    out.finish()?;
    let bid = summary.games - not_bid;
    if !args.quiet {
        eprintln!("{}", summary_line(&summary, bid, calls, not_bid));
    }
    Ok(if summary.lost_input() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// A bid game ready for the output: bytes written by a worker, or (RBN)
/// the auction for the writer that keeps the games in order.
enum Rendered {
    /// The game as written.
    Bytes(Vec<u8>),
    /// The auction bid, for the RBN writer.
    Rbn(RecordedAuction),
}

/// Bids one game and writes it; `Err(why)` when it cannot be bid. The
/// number of calls comes back with it.
fn render(
    rulebook: &Rulebook,
    format: OutputFormat,
    explain: bool,
    game: &InputGame,
    scratch: &mut Scratch,
) -> Result<(Rendered, usize), String> {
    let bidden = bid_game(rulebook, game, scratch)?;
    let auction = recorded_auction(rulebook, &bidden, explain);
    let calls = bidden.decisions.len();
    if format == OutputFormat::Rbn {
        return Ok((Rendered::Rbn(auction), calls));
    }
    // A JSON line is 700 bytes on average, a PBN game more.
    let mut bytes = Vec::with_capacity(1024);
    write_game(&mut bytes, format, rulebook, game, &bidden, &auction).map_err(|e| e.to_string())?;
    Ok((Rendered::Bytes(bytes), calls))
}

/// Where bid games go: the output file, or an RBN writer around it.
enum Output {
    /// PBN or JSON: bytes written by the workers (PBN games kept apart by
    /// a blank line whatever the game before ended with).
    Plain(GameWriter<OutputFile>, OutputFormat),
    /// RBN: games written in order by one writer (kept apart by a blank
    /// line, as PBN's).
    Rbn(Box<RbnWriter<GameWriter<OutputFile>>>),
}

impl Output {
    /// Writes a game that could not be bid: unchanged in its own format,
    /// from its board (with its own auction, if any) in the other deal
    /// format; not at all in JSON (`false`).
    fn write_unbid(&mut self, game: &InputGame) -> std::io::Result<bool> {
        match (self, game) {
            (Self::Plain(_, OutputFormat::Json), _) => return Ok(false),
            (Self::Plain(file, _), InputGame::Pbn(g)) => {
                file.start_game();
                pbn::write_game(file, g, None)?
            }
            (Self::Plain(file, _), other) => {
                file.start_game();
                pbn::write_board(file, other.board(), None)?
            }
            (Self::Rbn(writer), InputGame::Rbn(g)) => {
                writer.get_mut().start_game();
                writer.write_game(g, None)?
            }
            (Self::Rbn(writer), other) => {
                writer.get_mut().start_game();
                let labels = rbn_labels(other);
                let labels: Vec<(char, &str)> =
                    labels.iter().map(|(c, v)| (*c, v.as_str())).collect();
                writer.write_board_labelled(other.board(), None, &labels)?;
            }
        }
        Ok(true)
    }

    /// Writes a game a reader skipped, unchanged, when the output is in its
    /// format (`false` when it is not, or its text was not kept).
    fn write_unread(&mut self, format: OutputFormat, unread: &Unread) -> std::io::Result<bool> {
        if unread.text.is_empty() {
            return Ok(false);
        }
        match (self, format, unread.format) {
            (Self::Plain(file, _), OutputFormat::Pbn, Some(InputFormat::Pbn)) => {
                file.start_game();
                file.write_all(&unread.text)?;
            }
            (Self::Rbn(writer), OutputFormat::Rbn, Some(InputFormat::Rbn)) => {
                writer.get_mut().start_game();
                writer.write_unread(&unread.text)?;
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Writes one bid game.
    fn write(&mut self, game: &InputGame, rendered: Rendered) -> std::io::Result<()> {
        match (self, rendered) {
            (Self::Plain(file, format), Rendered::Bytes(bytes)) => {
                if *format == OutputFormat::Pbn {
                    file.start_game();
                }
                file.write_all(&bytes)
            }
            (Self::Rbn(writer), Rendered::Rbn(auction)) => match game {
                InputGame::Rbn(g) => {
                    writer.get_mut().start_game();
                    writer.write_game(g, Some(&auction))
                }
                other => {
                    writer.get_mut().start_game();
                    let labels = rbn_labels(other);
                    let labels: Vec<(char, &str)> =
                        labels.iter().map(|(c, v)| (*c, v.as_str())).collect();
                    writer.write_board_labelled(other.board(), Some(&auction), &labels)
                }
            },
            // Not produced (the format decides both), but well defined.
            (Self::Rbn(writer), Rendered::Bytes(bytes)) => writer.get_mut().write_all(&bytes),
            (Self::Plain(file, _), Rendered::Rbn(auction)) => {
                rbn::write_board(file, game.board(), Some(&auction))
            }
        }
    }

    /// Flushes and closes the output.
    fn finish(self) -> anyhow::Result<()> {
        match self {
            Self::Plain(file, _) => file.into_inner().finish(),
            Self::Rbn(writer) => writer.into_inner().into_inner().finish(),
        }
    }
}

/// Bids a game's deal with its dealer and vulnerability; `Err(why)` when
/// the deal is not complete.
pub fn bid_game<'b>(
    rulebook: &'b Rulebook,
    game: &InputGame,
    scratch: &mut Scratch,
) -> Result<BiddenDeal<'b>, String> {
    let board = game.board();
    let deal = board.deal.to_full().map_err(|e| e.to_string())?;
    Ok(bid_deal(
        &rulebook.book,
        &deal,
        board.effective_dealer(),
        board.effective_vulnerability(),
        scratch,
    ))
}

/// The closing line on standard error: deals, calls, time and rates, then
/// the deals not bid and those skipped.
pub fn summary_line(summary: &RunSummary, bid: usize, calls: usize, not_bid: usize) -> String {
    let secs = summary.elapsed.as_secs_f64().max(1e-9);
    let mut line = format!(
        "{bid} deals bid, {calls} calls, in {secs:.2} s ({:.0} deals/s, {:.0} calls/s)",
        bid as f64 / secs,
        calls as f64 / secs
    );
    if not_bid > 0 {
        line.push_str(&format!("; {not_bid} not bid"));
    }
    if summary.skipped > 0 {
        line.push_str(&format!("; {} skipped", summary.skipped));
    }
    if summary.stopped > 0 {
        line.push_str(&format!(
            "; {} file(s) not read to the end",
            summary.stopped
        ));
    }
    line
}

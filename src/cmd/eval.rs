//! `bidbook eval`: the 57-character hand pattern string of a hand, or of each
//! line of standard input.
//!
//! Standard-input mode is built for large batches: one buffered read loop
//! reusing a single line buffer, a locked and buffered stdout, and no
//! allocation per line on the success path. A bad line is reported on
//! standard error as `line N: <error>` and the rest are still processed.

use bridge::hand::{format_hand, parse_hand};
use bridge::pattern::{HandFeatures, PatternString};
use serde::Serialize;
use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

/// Arguments of `bidbook eval` (its long help is `AFTER_HELP`).
#[derive(Debug, clap::Args)]
#[command(
    about = "Print the 57-character hand pattern string of a hand (or of each line of stdin)"
)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// The hand, e.g. AKQ2.K52.J83.Q74; omit (or `-`) to read standard input.
    #[arg(allow_hyphen_values = true)]
    pub hand: Option<String>,

    /// Print every field by name as JSON (one object per line for standard
    /// input; pretty-printed for a single HAND).
    #[arg(long)]
    pub json: bool,
}

/// Shown after the options in `bidbook eval --help`.
const AFTER_HELP: &str = "\
A hand is written spades.hearts.diamonds.clubs, e.g. AKQ2.K52.J83.Q74: ranks
AKQJT98765432 in any case and order, 10 for the ten, an empty suit or - for a void.

With no HAND (or -), reads one hand per line from standard input and writes one
pattern string (or, with --json, one JSON object) per line; blank lines are
skipped. A bad line is reported on standard error as `line N: <error>`, writes
nothing to standard output, and the other lines are still processed.

Exit status: 0 if every hand was good; 1 if the HAND or any input line was bad;
2 on any other error (e.g. reading standard input failed).";

/// The numbers per suit, clubs first as in the `H`, `S` and `G` fields.
#[derive(Debug, Serialize)]
struct PerSuit {
    clubs: u8,
    diamonds: u8,
    hearts: u8,
    spades: u8,
}

impl From<[u8; 4]> for PerSuit {
    fn from(v: [u8; 4]) -> Self {
        Self {
            clubs: v[0],
            diamonds: v[1],
            hearts: v[2],
            spades: v[3],
        }
    }
}

/// Every field of the pattern string by name.
#[derive(Debug, Serialize)]
struct Fields<'a> {
    hand: String,
    pattern: &'a str,
    hcp: u8,
    points: u8,
    length: PerSuit,
    losers: u8,
    honors: PerSuit,
    controls: u8,
    stoppers: PerSuit,
    quality: PerSuit,
    suit_hcp: PerSuit,
}

/// The JSON fields of a hand (`hand` is its normalized spelling).
fn fields<'a>(hand: String, f: &HandFeatures, pattern: &'a PatternString) -> Fields<'a> {
    Fields {
        hand,
        pattern: pattern.as_str(),
        hcp: f.hcp,
        points: f.points,
        length: f.length.into(),
        losers: f.losers,
        honors: f.honors.into(),
        controls: f.controls,
        stoppers: f.stopper.into(),
        quality: f.quality.into(),
        suit_hcp: f.suit_hcp.into(),
    }
}

/// Counts from an [`eval_lines`] run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct EvalStats {
    /// Hands evaluated.
    pub hands: u64,
    /// Bad lines reported.
    pub bad: u64,
}

/// Evaluates one hand per line of `input`, writing a pattern string (or a
/// JSON object) per good line to `out` and `line N: <error>` per bad line to
/// `err`. Blank lines are skipped. Stops quietly if `out` is a closed pipe.
///
/// # Errors
///
/// Reading `input` or writing `err` failed, or writing `out` failed other
/// than by a closed pipe.
pub fn eval_lines(
    mut input: impl BufRead,
    out: impl Write,
    mut err: impl Write,
    json: bool,
) -> io::Result<EvalStats> {
    let mut out = BufWriter::with_capacity(1 << 16, out);
    let mut stats = EvalStats::default();
    let mut line = Vec::with_capacity(128);
    let mut number = 0u64;
    let result = (|| -> io::Result<()> {
        loop {
            line.clear();
            if input.read_until(b'\n', &mut line)? == 0 {
                return Ok(());
            }
            number += 1;
            let text = match std::str::from_utf8(&line) {
                Ok(text) => text.trim_ascii(),
                Err(_) => {
                    stats.bad += 1;
                    writeln!(err, "line {number}: not valid UTF-8")?;
                    continue;
                }
            };
            if text.is_empty() {
                continue;
            }
            match parse_hand(text) {
                Ok(hand) => {
                    stats.hands += 1;
                    let features = HandFeatures::of(hand);
                    let pattern = PatternString::from_features(&features);
                    if json {
                        serde_json::to_writer(
                            &mut out,
                            &fields(format_hand(hand), &features, &pattern),
                        )?;
                        out.write_all(b"\n")?;
                    } else {
                        let mut row = [b'\n'; 58];
                        row[..57].copy_from_slice(pattern.as_bytes());
                        out.write_all(&row)?;
                    }
                }
                Err(e) => {
                    stats.bad += 1;
                    writeln!(err, "line {number}: {e}")?;
                }
            }
        }
    })();
    let result = result.and_then(|()| out.flush());
    match result {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(stats),
        Err(e) => Err(e),
        Ok(()) => Ok(stats),
    }
}

/// Runs `bidbook eval`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.hand.as_deref() {
        Some(text) if text != "-" => {
            let hand = match parse_hand(text) {
                Ok(hand) => hand,
                Err(e) => {
                    eprintln!("error: {e}");
                    return Ok(ExitCode::from(1));
                }
            };
            let features = HandFeatures::of(hand);
            let pattern = PatternString::from_features(&features);
            let mut stdout = io::stdout().lock();
            let written = if args.json {
                serde_json::to_writer_pretty(
                    &mut stdout,
                    &fields(format_hand(hand), &features, &pattern),
                )
                .map_err(io::Error::from)
                .and_then(|()| writeln!(stdout))
            } else {
                writeln!(stdout, "{pattern}")
            };
            match written {
                Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e.into()),
                _ => Ok(ExitCode::SUCCESS),
            }
        }
        _ => {
            let stdin = io::stdin().lock();
            let stats = eval_lines(
                io::BufReader::with_capacity(1 << 16, stdin),
                io::stdout().lock(),
                io::stderr().lock(),
                args.json,
            )?;
            Ok(if stats.bad == 0 {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
    }
}

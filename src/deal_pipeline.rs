//! Bidding streams of games in parallel while keeping the input order.
//!
//! Games are read in chunks; each chunk is worked on by rayon's threads
//! (each thread with its own state, e.g. a rulebook scratch), then the
//! results are handed to the sink one by one in input order — while the
//! next chunk is being worked on. Output is therefore byte for byte the same
//! on every run and any number of threads, and memory holds three chunks at
//! most (one read, one being bid, one being written), not the file.
//!
//! A malformed game is reported on standard error as `FILE:LINE: skipped:
//! why` and counted (and, with [`for_each_game_keeping`], handed on as the
//! text it was read from, in its place, so that it can be written back); a fault that stops a reader (an RBN bad character, an
//! unreadable file) is reported as `FILE:LINE: error: why` and ends that
//! source. On a terminal a progress bar on standard error shows the games
//! done and the rate; piped or in CI it stays quiet.

use crate::deal_input::{GameSource, InputFormat, InputGame};
use crossbeam_utils::CachePadded;
use deal_formats::ReadError;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use std::io::IsTerminal;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Games per chunk: enough to keep every thread busy, small enough that a
/// chunk's results are a few megabytes at most.
const CHUNK: usize = 2048;

/// How a run goes.
#[derive(Debug, Clone, Copy, Default)]
pub struct RunOptions {
    /// Worker threads (`None`: one per core).
    pub jobs: Option<usize>,
    /// Never show a progress bar, even on a terminal.
    pub quiet: bool,
}

/// What a run did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RunSummary {
    /// Games worked on.
    pub games: usize,
    /// Games skipped because they were malformed.
    pub skipped: usize,
    /// Sources that stopped early on a fault.
    pub stopped: usize,
    /// Wall-clock time.
    pub elapsed: Duration,
}

impl RunSummary {
    /// Whether any input was skipped or not read to its end.
    pub fn lost_input(&self) -> bool {
        self.skipped > 0 || self.stopped > 0
    }
}

/// Works on every game of `sources` with `work` in parallel (each thread's
/// state made by `init`), and hands each game and its result to `sink` in
/// input order. `sink` gets the source's name too, for messages.
///
/// While the worker threads bid one chunk, this thread hands the previous
/// chunk's results to the sink and reads the next chunk, so reading and
/// writing take no time away from bidding.
///
/// # Errors
///
/// The thread pool cannot be built, or `sink` fails (e.g. a write error).
pub fn for_each_game<S, T, I, W, K>(
    sources: Vec<GameSource>,
    options: RunOptions,
    init: I,
    work: W,
    sink: K,
) -> anyhow::Result<RunSummary>
where
    S: Send,
    T: Send,
    I: Fn() -> S + Sync + Send,
    W: Fn(&mut S, &InputGame) -> T + Sync + Send,
    K: FnMut(&str, InputGame, T) -> anyhow::Result<()>,
{
    for_each_game_keeping(sources, options, init, work, sink, |_, _| Ok(()))
}

/// A game a reader skipped, as the file had it.
#[derive(Debug, Clone)]
pub struct Unread {
    /// The format of its file.
    pub format: Option<InputFormat>,
    /// The bytes read (empty where the reader keeps none: LIN).
    pub text: Vec<u8>,
}

/// [`for_each_game`], also handing every skipped game to `unread` in its
/// place among the others (after its message), with the source's name.
///
/// # Errors
///
/// The thread pool cannot be built, or a sink fails.
pub fn for_each_game_keeping<S, T, I, W, K, U>(
    sources: Vec<GameSource>,
    options: RunOptions,
    init: I,
    work: W,
    mut sink: K,
    mut unread: U,
) -> anyhow::Result<RunSummary>
where
    S: Send,
    T: Send,
    I: Fn() -> S + Sync + Send,
    W: Fn(&mut S, &InputGame) -> T + Sync + Send,
    K: FnMut(&str, InputGame, T) -> anyhow::Result<()>,
    U: FnMut(&str, Unread) -> anyhow::Result<()>,
{
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(jobs) = options.jobs {
        builder = builder.num_threads(jobs.max(1));
    }
    let pool = builder.build()?;
    // One state per worker thread, kept from chunk to chunk (a rulebook
    // scratch remembers answers across deals); each is only ever locked by
    // its own thread. Each lock on its own cache line and each state in its
    // own allocation: a thread locking its state for every game must not
    // write to a line where another thread keeps state it writes for every
    // call.
    let states: Vec<CachePadded<Mutex<Option<Box<S>>>>> = (0..pool.current_num_threads().max(1))
        .map(|_| CachePadded::new(Mutex::new(None)))
        .collect();
    let bid = |chunk: Chunk| -> (Chunk, Vec<T>) {
        let results = pool.install(|| {
            chunk
                .games
                .par_iter()
                .map(|game| {
                    let slot = rayon::current_thread_index().unwrap_or(0) % states.len();
                    let mut state = states[slot].lock().unwrap_or_else(PoisonError::into_inner);
                    work(state.get_or_insert_with(|| Box::new(init())), game)
                })
                .collect()
        });
        (chunk, results)
    };
    let start = Instant::now();
    let progress = progress_bar(options.quiet);
    let mut summary = RunSummary::default();
    let mut chunks = Chunks {
        sources: sources.into_iter(),
        current: None,
        gave: false,
    };
    std::thread::scope(|scope| -> anyhow::Result<()> {
        let mut next = chunks.read(&mut summary);
        let mut done: Option<(Chunk, Vec<T>)> = None;
        while let Some(chunk) = next.take() {
            let working = scope.spawn(|| bid(chunk));
            if let Some((chunk, results)) = done.take() {
                hand_over(chunk, results, &progress, &mut sink, &mut unread)?;
            }
            next = chunks.read(&mut summary);
            let (chunk, results) = working
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            summary.games += chunk.games.len();
            progress.inc(chunk.games.len() as u64);
            done = Some((chunk, results));
        }
        if let Some((chunk, results)) = done {
            hand_over(chunk, results, &progress, &mut sink, &mut unread)?;
        }
        Ok(())
    })?;
    progress.finish_and_clear();
    summary.elapsed = start.elapsed();
    Ok(summary)
}

/// Up to [`CHUNK`] games of one source, with the messages met while reading
/// them (each with the number of games read before it).
struct Chunk {
    /// The source's name.
    name: String,
    /// The source's format.
    format: Option<InputFormat>,
    /// The games, in input order.
    games: Vec<InputGame>,
    /// What was skipped (with its text) or stopped the source, and where.
    messages: Vec<(usize, String, Option<Vec<u8>>)>,
}

/// Reads the sources one chunk at a time.
struct Chunks {
    /// The sources not yet started.
    sources: std::vec::IntoIter<GameSource>,
    /// The source being read.
    current: Option<GameSource>,
    /// Whether the source being read gave anything (a game or a skipped one).
    gave: bool,
}

impl Chunks {
    /// The next chunk (of the current source, or the next one); `None` when
    /// every source is read. Skipped games and stopped sources are counted
    /// in `summary`.
    fn read(&mut self, summary: &mut RunSummary) -> Option<Chunk> {
        loop {
            let source = match &mut self.current {
                Some(source) => source,
                None => {
                    self.gave = false;
                    self.current.insert(self.sources.next()?)
                }
            };
            let mut chunk = Chunk {
                name: source.name.clone(),
                format: source.format,
                games: Vec::with_capacity(CHUNK),
                messages: Vec::new(),
            };
            let mut finished = false;
            while chunk.games.len() < CHUNK {
                let at = chunk.games.len();
                match source.games.next() {
                    None => {
                        finished = true;
                        if !self.gave
                            && let Some(m) = source.no_games_message()
                        {
                            summary.stopped += 1;
                            chunk.messages.push((at, m, None));
                        }
                        break;
                    }
                    Some(Ok(game)) => {
                        self.gave = true;
                        chunk.games.push(game);
                    }
                    Some(Err(ReadError::Skipped(mut s))) => {
                        self.gave = true;
                        summary.skipped += 1;
                        let text = core::mem::take(&mut s.text);
                        chunk
                            .messages
                            .push((at, format!("{}:{s}", source.name), Some(text)));
                    }
                    Some(Err(ReadError::Fatal { line, why })) => {
                        summary.stopped += 1;
                        let m = format!("{}:{line}: error: {why}", source.name);
                        chunk.messages.push((at, m, None));
                        finished = true;
                        break;
                    }
                    Some(Err(ReadError::Io(e))) => {
                        summary.stopped += 1;
                        chunk
                            .messages
                            .push((at, format!("{}: error: {e}", source.name), None));
                        finished = true;
                        break;
                    }
                }
            }
            if finished {
                self.current = None;
            }
            if !chunk.games.is_empty() || !chunk.messages.is_empty() {
                return Some(chunk);
            }
        }
    }
}

/// Hands a chunk's games and results to the sink in input order, with its
/// messages where they were met, between the games around them.
fn hand_over<T, K, U>(
    chunk: Chunk,
    results: Vec<T>,
    progress: &ProgressBar,
    sink: &mut K,
    unread: &mut U,
) -> anyhow::Result<()>
where
    K: FnMut(&str, InputGame, T) -> anyhow::Result<()>,
    U: FnMut(&str, Unread) -> anyhow::Result<()>,
{
    let format = chunk.format;
    let mut message = |m: String, text: Option<Vec<u8>>| {
        progress.suspend(|| eprintln!("{m}"));
        match text {
            Some(text) => unread(&chunk.name, Unread { format, text }),
            None => Ok(()),
        }
    };
    let mut messages = chunk.messages.into_iter().peekable();
    for (i, (game, result)) in chunk.games.into_iter().zip(results).enumerate() {
        while let Some((_, m, text)) = messages.next_if(|(at, _, _)| *at <= i) {
            message(m, text)?;
        }
        sink(&chunk.name, game, result)?;
    }
    for (_, m, text) in messages {
        message(m, text)?;
    }
    Ok(())
}

/// A spinner with the count and rate of games, drawn on standard error when
/// it is a terminal and `CI` is not set; hidden otherwise.
fn progress_bar(quiet: bool) -> ProgressBar {
    let visible = !quiet && std::io::stderr().is_terminal() && std::env::var_os("CI").is_none();
    if !visible {
        return ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    if let Ok(style) =
        ProgressStyle::with_template("{spinner} {human_pos} deals bid ({per_sec}) {elapsed}")
    {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

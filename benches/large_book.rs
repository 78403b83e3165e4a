//! Large rulebooks: books of 10,000 and 50,000 rules made from the default
//! rulebook by `engine::analysis::replicate` (its 2,128 rules, then copies
//! whose auctions are shifted behind an opening by the other side, with
//! ids of their own — see that module).
//!
//! - `large_book/load/N`: expanding (a no-op pass: the book is already
//!   expanded), parsing and compiling the book, with the default
//!   explanations.
//! - `large_book/bid_deal/N`: 1,000 random deals (seed 1) bid to the end
//!   with all four seats, on one thread, question memo warm. Throughput is
//!   in deals.
//!
//! Each book's rule count, matcher counts and the process's peak resident
//! memory so far are printed on standard error. The end-to-end figures
//! (`bidbook auction --rules book.txt --random 20000 --jobs 1`, with the
//! book written by `cargo run --release -p engine --example
//! replicated_book 50000`) are in the README's performance section.

use bridge::random::DealGenerator;
use contract_bridge::FullDeal;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::analysis::bid_deal::bid_boards;
use engine::analysis::replicate::replicated_book;
use engine::rulebook::{Rulebook, RulebookSource, compile_expansion, sources};
use std::hint::black_box;
use std::path::PathBuf;

const DEALS: usize = 1000;

/// Expands (a plain copy: there are no macros), parses and compiles `text`.
fn load(text: &str, explanations: &[(PathBuf, String)]) -> Rulebook {
    let expansion = macro_expander::expand_str(text, "").expect("expands");
    compile_expansion(expansion, explanations.to_vec()).expect("the large book compiles")
}

/// The process's peak resident memory so far, in MB (0 where unknown).
fn peak_rss_mb() -> u64 {
    #[cfg(unix)]
    {
        // SAFETY: getrusage fills the struct it is given.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) } == 0 {
            return u64::try_from(usage.ru_maxrss).unwrap_or(0) / 1024;
        }
    }
    0
}

fn bench(c: &mut Criterion) {
    let sources = sources(&RulebookSource::Embedded, &[]).expect("embedded rulebook");
    let expanded = sources
        .expand(&macro_expander::Limits::default())
        .expect("the embedded rulebook expands");
    let deals: Vec<FullDeal> = DealGenerator::new(1).take(DEALS).collect();
    let mut group = c.benchmark_group("large_book");
    group.sample_size(10);
    for rules in [10_000, 50_000] {
        let text = replicated_book(&expanded.text, rules);
        let rulebook = load(&text, &sources.explanations);
        eprintln!(
            "large_book/{rules}: {} rules, matchers {:?} (regular, backtracking, redirect); peak RSS so far {} MB",
            rulebook.book.rules().len(),
            rulebook.book.matcher_counts(),
            peak_rss_mb()
        );
        group.throughput(Throughput::Elements(1));
        group.bench_function(format!("load/{rules}"), |b| {
            b.iter(|| black_box(load(&text, &sources.explanations)))
        });
        group.throughput(Throughput::Elements(DEALS as u64));
        let mut scratch = rulebook.book.scratch_with_memo(65_536);
        group.bench_function(format!("bid_deal/{rules}"), |b| {
            b.iter(|| black_box(bid_boards(&rulebook.book, &deals, &mut scratch)));
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

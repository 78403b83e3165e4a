//! Expansion throughput: a generated source of 20,000 rule lines using 500
//! macros nested 5 deep, and the same doubled (expansion must stay linear).
//!
//! Throughput is reported in bytes of *output*. Run with
//! `cargo bench -p bidbook --bench expand`.

use std::hint::black_box;
use std::path::{Path, PathBuf};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use macro_expander::{Expander, Limits, MemoryLoader, ScanStrategy};

const LEVELS: usize = 5;
const PER_LEVEL: usize = 100;

/// 500 macros: level 0 are leaves with two arguments; a macro of level k
/// calls two macros of level k-1, so a top-level call is nested 5 deep.
fn macros() -> String {
    let mut text = String::from("dnl generated: 5 levels of 100 macros\n");
    for i in 0..PER_LEVEL {
        text.push_str(&format!("define(M0X{i}, `@0{}P[$1-$2]')dnl\n", i % 10));
    }
    for level in 1..LEVELS {
        for i in 0..PER_LEVEL {
            let a = (i * 7 + level) % PER_LEVEL;
            let b = (i * 13 + 3 * level) % PER_LEVEL;
            let below = level - 1;
            text.push_str(&format!(
                "define(M{level}X{i}, `M{below}X{a}($1,$2)&M{below}X{b}($2,$1)')dnl\n"
            ));
        }
    }
    text
}

/// `lines` rule lines, each with verbatim rule text and two macro calls.
fn source(lines: usize) -> String {
    let mut text = String::with_capacity(lines * 64);
    for n in 0..lines {
        let top = n % PER_LEVEL;
        let mid = (n * 31) % PER_LEVEL;
        text.push_str(&format!(
            "2 1N:P:{}C {} M{}X{top}({},{}) :P15:p17 M2X{mid}(4,5) *{} #{}\n",
            n % 7 + 1,
            n % 100 + 20,
            LEVELS - 1,
            n % 20,
            n % 20 + 2,
            n % 50,
            1000 + n
        ));
    }
    text
}

fn loader(lines: usize) -> MemoryLoader {
    MemoryLoader::new()
        .with("mac.m4", macros())
        .with("mb.txt2", source(lines))
}

fn run(loader: &MemoryLoader, strategy: ScanStrategy) -> usize {
    let macro_files = [PathBuf::from("mac.m4")];
    let expansion = Expander::new(loader)
        .limits(Limits::default())
        .strategy(strategy)
        .expand(Path::new("mb.txt2"), &macro_files)
        .expect("the generated rulebook expands");
    expansion.text.len()
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("expand");
    group.sample_size(20);
    for (label, lines) in [("20k_lines", 20_000), ("40k_lines", 40_000)] {
        let loader = loader(lines);
        let output = run(&loader, ScanStrategy::Auto);
        group.throughput(Throughput::Bytes(output as u64));
        for (name, strategy) in [
            ("auto", ScanStrategy::Auto),
            ("identifiers", ScanStrategy::Identifiers),
        ] {
            group.bench_function(format!("{label}/{name}"), |b| {
                b.iter(|| run(black_box(&loader), strategy))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

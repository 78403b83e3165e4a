//! Benchmarks of the hand pattern string.
//!
//! * `pattern/*`: one hand's features and pattern string (goal: ≤ 100 ns),
//!   over 4096 random hands so the table loads are not all cache hits.
//! * `eval_lines/100k`: the `bidbook eval` standard-input loop in process,
//!   100,000 hands from memory to a sink (throughput in hands/s).
//! * `binary_stdin/1M`: the `bidbook eval` binary reading 1,000,000 hands
//!   from a file on standard input (goal: ≥ 2 million hands/s).

use bidbook::cmd::eval::eval_lines;
use bridge::hand::{format_hand, parse_hand};
use bridge::pattern::{HandFeatures, PatternString};
use bridge::random::DealGenerator;
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// `n` random hands from a fixed seed, as written text.
fn hands_text(n: usize) -> String {
    let mut text = String::with_capacity(n * 17);
    for hand in DealGenerator::new(2024).flatten().take(n) {
        text.push_str(&format_hand(hand));
        text.push('\n');
    }
    text
}

fn pattern(c: &mut Criterion) {
    let hands: Vec<_> = DealGenerator::new(1).flatten().take(4096).collect();
    let written: Vec<String> = hands.iter().map(|&h| format_hand(h)).collect();
    let mut group = c.benchmark_group("pattern");
    group.throughput(Throughput::Elements(1));
    let mut i = 0;
    group.bench_function("features", |b| {
        b.iter(|| {
            i = (i + 1) & 4095;
            HandFeatures::of(black_box(hands[i]))
        });
    });
    group.bench_function("string", |b| {
        b.iter(|| {
            i = (i + 1) & 4095;
            PatternString::of(black_box(hands[i]))
        });
    });
    group.bench_function("parse_and_string", |b| {
        b.iter(|| {
            i = (i + 1) & 4095;
            parse_hand(black_box(&written[i])).map(PatternString::of)
        });
    });
    group.finish();
}

fn eval_in_process(c: &mut Criterion) {
    const N: usize = 100_000;
    let text = hands_text(N);
    let mut group = c.benchmark_group("eval_lines");
    group.throughput(Throughput::Elements(N as u64));
    group.sample_size(20);
    group.bench_function(BenchmarkId::from_parameter("100k"), |b| {
        b.iter(|| eval_lines(text.as_bytes(), std::io::sink(), std::io::sink(), false));
    });
    group.finish();
}

/// A file of one million random hands, written once per machine.
fn million_hands_file() -> Option<PathBuf> {
    const N: usize = 1_000_000;
    let path = std::env::temp_dir().join("bidbook-bench-eval-1m-hands.txt");
    let text = hands_text(N);
    let fresh = std::fs::metadata(&path).is_ok_and(|m| m.len() == text.len() as u64);
    if !fresh {
        std::fs::write(&path, text).ok()?;
    }
    Some(path)
}

fn eval_binary(c: &mut Criterion) {
    let Some(path) = million_hands_file() else {
        eprintln!("binary_stdin: could not write the input file; skipped");
        return;
    };
    let binary = env!("CARGO_BIN_EXE_bidbook");
    let mut group = c.benchmark_group("binary_stdin");
    group.throughput(Throughput::Elements(1_000_000));
    group.sample_size(10);
    group.bench_function(BenchmarkId::from_parameter("1M"), |b| {
        b.iter(|| {
            let input = std::fs::File::open(&path).ok();
            let status = input.and_then(|input| {
                Command::new(binary)
                    .arg("eval")
                    .stdin(input)
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .status()
                    .ok()
            });
            if !status.is_some_and(|s| s.success()) {
                let _ = writeln!(std::io::stderr(), "binary_stdin: `bidbook eval` failed");
            }
        });
    });
    group.finish();
}

criterion_group!(benches, pattern, eval_in_process, eval_binary);
criterion_main!(benches);

//! Exporting the default rulebook as system notes.
//!
//! - `export/walk`: the tree of auctions alone (every seat and
//!   vulnerability, depth 6): the engine's proposals at every auction.
//! - `export/bml`, `export/bss`: the whole export (walk and rendering), as
//!   `bidbook export --format …` runs it after loading the rulebook.
//!
//! Each run prints the number of auctions written once, for the README.

use criterion::{Criterion, criterion_group, criterion_main};
use engine::rulebook::{RulebookSource, load};
use reports::export::walk::{WalkOptions, walk};
use reports::export::{ExportOptions, Format, export};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let rulebook = load(&RulebookSource::Embedded).expect("the embedded rulebook loads");
    let options = ExportOptions {
        depth: 6,
        title: "bidbook SAYC".into(),
        description: "bench".into(),
    };
    for format in [Format::Bml, Format::Bss] {
        let out = export(&rulebook, format, &options);
        eprintln!(
            "{format:?}: {} auctions written, {} auctions walked, {} bytes",
            out.auctions,
            out.nodes,
            out.text.len()
        );
    }
    let mut group = c.benchmark_group("export");
    group.sample_size(10);
    group.bench_function("walk", |b| {
        b.iter(|| walk(black_box(&rulebook), WalkOptions { depth: 6 }))
    });
    group.bench_function("bml", |b| {
        b.iter(|| export(black_box(&rulebook), Format::Bml, &options))
    });
    group.bench_function("bss", |b| {
        b.iter(|| export(black_box(&rulebook), Format::Bss, &options))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

//! Parse throughput: a generated database of 50,000 rules, parsed whole with
//! `grammar::parse_database` (logical lines, lexing, parsing, AST building).
//! The goal is at least 300,000 rules/s on one core.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

/// How many rules the generated database holds.
const RULES: usize = 50_000;

/// A small deterministic generator (no dependency, same file every run).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[(self.next() as usize) % items.len()]
    }
}

/// A database of `n` rules in the shapes real rulebooks use: plain
/// sequences, classes, groups and iterators, GOTO-driven constraints, MATH,
/// specs with several fields, explanation and rule ids, comments and
/// continuation lines.
fn generate(n: usize) -> String {
    let calls = [
        "1C", "1D", "1H", "1S", "1N", "2C", "2D", "2H", "2S", "2N", "3N", "P", "X",
    ];
    let seqs = [
        "{a}:P:{b}",
        "(P:)*{a}:P:{b}:P:{c}",
        "{a}:[XP]:{b}",
        "1[CD]:P:{b}",
        "START{a}:X$",
        "{a}:P:,:P:{b}",
        "{a}@NT",
        "1d:P:[+#d]",
    ];
    let constraints = [
        "@00P1[2-9]",
        "@00P[0-1].@02+[4-9]",
        "@05[5-9]|@07[5-9]",
        "~a>=12&b<=14~",
        "@00P1[5-7]@10[2-3][2-3][2-3][2-3]",
        "~#3(a,b)+#4>20~",
        ".",
        "@20[3-9]&&P[1-2].",
    ];
    let specs = [
        ":P12:p14",
        ":D5S:d3H",
        ":P15:p17:D2S2H2D2C",
        ".",
        ":G4H:S3D",
        "~a=4~:D#aS",
        ":M20:l7:Q2",
    ];
    let mut rng = Lcg(0x5eed);
    let mut out = String::with_capacity(n * 64);
    for i in 0..n {
        if i % 50 == 0 {
            out.push_str("; section\n");
        }
        let seq = rng
            .pick(&seqs)
            .replace("{a}", rng.pick(&calls))
            .replace("{b}", rng.pick(&calls))
            .replace("{c}", rng.pick(&calls));
        let level = 1 + rng.next() % 5;
        let flag = rng.pick(&["", "", "d", "C", "dX", "?"]);
        let prio = rng.next() % 100;
        let constraint = rng.pick(&constraints);
        let spec = rng.pick(&specs);
        let sep = if i % 10 == 0 { "\n  " } else { " " };
        out.push_str(&format!(
            "{level}{flag} {seq} {prio}{sep}{constraint} {spec} *{} #{}\n",
            rng.next() % 500,
            10_000 + i
        ));
    }
    out
}

fn parse(c: &mut Criterion) {
    let text = generate(RULES);
    let db = grammar::parse_database(&text);
    if let Some(e) = db.errors.first() {
        panic!(
            "the generated database must parse:\n{}",
            e.render("generated", &text)
        );
    }
    assert_eq!(db.rules.len(), RULES);

    let mut group = c.benchmark_group("parse");
    group.throughput(Throughput::Elements(RULES as u64));
    group.sample_size(20);
    // Dropping the trees is not parsing: it happens outside the timing.
    group.bench_function("parse_database_50k_rules", |b| {
        b.iter_with_large_drop(|| grammar::parse_database(black_box(&text)))
    });
    group.finish();
}

criterion_group!(benches, parse);
criterion_main!(benches);

//! Times the stages of loading the embedded rulebook by the normal path
//! (expand, parse, compile, book: one thread), then the whole of
//! `rulebook::load` as every command runs it (the build-time expansion and
//! parse, the compile on rayon's pool); `N` repetitions for profiling:
//! `load_timing 50`.
use std::time::{Duration, Instant};
fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1);
    for _ in 0..n {
        let t = Instant::now();
        let src =
            engine::rulebook::sources(&engine::rulebook::RulebookSource::Embedded, &[]).unwrap();
        let exp = src.expand(&macro_expander::Limits::default()).unwrap();
        let t1 = t.elapsed();
        let db = grammar::parse_database(&exp.text);
        let t2 = t.elapsed();
        let rules: Vec<_> = db
            .rules
            .iter()
            .enumerate()
            .map(|(i, r)| engine::compile::rules::Rule::compile(r, i as u32).unwrap())
            .collect();
        let t3 = t.elapsed();
        let book = engine::resolve::book::Book::new(
            rules,
            engine::resolve::explanations::Explanations::default(),
        )
        .unwrap();
        let t4 = t.elapsed();
        if n == 1 {
            println!(
                "expand {:?} parse {:?} compile {:?} book {:?}; {:?} {} bytes",
                t1,
                t2 - t1,
                t3 - t2,
                t4 - t3,
                book.matcher_counts(),
                exp.text.len()
            );
        }
    }
    // The whole load, by the path every command takes and by the normal
    // path (expanded now), alternately, best of each.
    let (mut fast, mut normal) = (Duration::MAX, Duration::MAX);
    for _ in 0..n.max(5) {
        let t = Instant::now();
        let rulebook = engine::rulebook::load(&engine::rulebook::RulebookSource::Embedded).unwrap();
        fast = fast.min(t.elapsed());
        drop(rulebook);
        let t = Instant::now();
        let rulebook =
            engine::rulebook::load_expanding(&engine::rulebook::RulebookSource::Embedded).unwrap();
        normal = normal.min(t.elapsed());
        drop(rulebook);
    }
    println!(
        "load {fast:?} (rulebook::load, best of {}; expanded at build time: {}, parsed at build time: {}); expanded and parsed now {normal:?}",
        n.max(5),
        engine::rulebook::EMBEDDED_EXPANDED.is_some(),
        engine::rulebook::EMBEDDED_PARSED.is_some()
    );
}

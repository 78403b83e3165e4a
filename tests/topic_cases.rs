//! The default rulebook against the topic tests in `tests/topics/`: cases
//! written from the ACBL SAYC booklet and standard teaching, one file per
//! topic, each row a hand, an auction, the expected call and why. Unlike the
//! development corpus (a floor), every topic case must pass: a failure names
//! the case, what was bid and the reason the case gives.

use bidbook::cmd::test;
use bidbook::corpus;
use engine::rulebook::{RulebookSource, load};

#[test]
fn every_topic_case_passes_with_the_default_rulebook() {
    let rulebook = load(&RulebookSource::Embedded).expect("loads");
    let mut scratch = rulebook.book.scratch();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/topics");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("tests/topics exists")
        .map(|e| e.expect("readable").path())
        .filter(|p| p.extension().is_some_and(|e| e == "tsv"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no topic file in {dir}");
    let mut failures = Vec::new();
    let mut total = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).expect("readable");
        let (cases, errors) = corpus::parse(&text);
        assert!(errors.is_empty(), "{}: {errors:?}", path.display());
        assert!(!cases.is_empty(), "{}: no case", path.display());
        for case in &cases {
            total += 1;
            let outcome = test::run_case(&rulebook, case, &mut scratch);
            if !outcome.passed() {
                failures.push(format!(
                    "{}:{}: {} after `{}` with {}: expected {}, bid {} ({})",
                    path.file_name().unwrap().to_string_lossy(),
                    case.line,
                    case.group,
                    case.auction_text,
                    case.hand_text,
                    bridge::auction::call_token(case.call),
                    outcome.got,
                    case.why
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {total} topic cases fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

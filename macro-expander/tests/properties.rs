//! Property tests: no input panics, the scan strategies agree, and the
//! source map of a successful expansion is consistent.

use std::path::{Path, PathBuf};

use macro_expander::{Expander, Limits, MemoryLoader, ScanStrategy, Severity};
use proptest::prelude::*;

const LIMITS: Limits = Limits {
    max_depth: 12,
    max_output: 1 << 16,
};

/// Renders the outcome so strategies can be compared.
fn outcome(loader: &MemoryLoader, strategy: ScanStrategy) -> Result<(String, String), String> {
    Expander::new(loader)
        .limits(LIMITS)
        .strategy(strategy)
        .expand(Path::new("s.txt2"), &[PathBuf::from("m.m4")])
        .map(|exp| {
            check_map(&exp);
            (exp.text.clone(), exp.map_listing())
        })
        .map_err(|err| err.to_string())
}

/// Every byte locates inside a known file, and diagnostics render.
fn check_map(exp: &macro_expander::Expansion) {
    for offset in (0..=exp.text.len()).step_by(7) {
        let origin = exp.map.locate(offset);
        let file = exp.map.file(&origin.file).expect("origin file was read");
        assert!(origin.offset <= file.text.len());
        assert!(origin.line >= 1 && origin.col >= 1);
    }
    if !exp.text.is_empty() {
        let end = exp.text.len();
        let rendered = exp.diagnostic(Severity::Error, "probe", 0..end).to_string();
        assert!(rendered.starts_with("error: probe\n"));
    }
}

fn loader(source: String, macros: String) -> MemoryLoader {
    MemoryLoader::new()
        .with("s.txt2", source)
        .with("m.m4", macros)
        .with("inc.m4", "define(I, `i$1')dnl\nI(x)\n")
}

/// Text built from the pieces that matter to the expander.
fn tokens() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("define(".to_owned()),
        Just("A".to_owned()),
        Just("B".to_owned()),
        Just("I".to_owned()),
        Just("(".to_owned()),
        Just(")".to_owned()),
        Just(",".to_owned()),
        Just("`".to_owned()),
        Just("'".to_owned()),
        Just("$1".to_owned()),
        Just("$0".to_owned()),
        Just("@".to_owned()),
        Just("_".to_owned()),
        Just(" ".to_owned()),
        Just("\n".to_owned()),
        Just("dnl".to_owned()),
        Just("include(inc.m4)".to_owned()),
        Just("x".to_owned()),
        Just("é".to_owned()),
    ];
    prop::collection::vec(piece, 0..40).prop_map(|pieces| pieces.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(source in prop::collection::vec(any::<u8>(), 0..200),
                                macros in prop::collection::vec(any::<u8>(), 0..200)) {
        let loader = loader(String::from_utf8_lossy(&source).into_owned(), String::from_utf8_lossy(&macros).into_owned());
        let _ = outcome(&loader, ScanStrategy::Auto);
    }

    #[test]
    fn strategies_agree_on_token_soup(source in tokens(), macros in tokens()) {
        let loader = loader(source, macros);
        let auto = outcome(&loader, ScanStrategy::Auto);
        prop_assert_eq!(&auto, &outcome(&loader, ScanStrategy::Identifiers));
        prop_assert_eq!(&auto, &outcome(&loader, ScanStrategy::AhoCorasick));
    }

    #[test]
    fn text_without_specials_is_unchanged(source in "[a-z0-9 @:\\[\\]\\n.-]{0,200}") {
        // `dnl` is special too: it discards the rest of the line.
        prop_assume!(!source.contains("dnl"));
        let loader = loader(source.clone(), "define(A, `x')".to_owned());
        let (text, _) = outcome(&loader, ScanStrategy::Auto).map_err(TestCaseError::fail)?;
        prop_assert_eq!(text, source);
    }
}

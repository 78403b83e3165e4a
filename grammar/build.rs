//! Generates the parsers from `src/grammar.lalrpop`.
//!
//! Two parsers come from the one grammar:
//!
//! - the table-driven LR parser (`grammar.rs`), for every start symbol; its
//!   "expected one of …" lists are exact, so it produces every error;
//! - a recursive-ascent parser for the `Rule` start symbol only
//!   (`fast/grammar_fast.rs`), about twice as fast on valid rules; a rule it
//!   rejects is parsed again by the table-driven parser for the error.

use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=src/grammar.lalrpop");
    lalrpop::Configuration::new()
        .use_cargo_dir_conventions()
        .process()
        .expect("the LALRPOP grammar must compile");

    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let fast_dir = Path::new(&out).join("fast");
    std::fs::create_dir_all(&fast_dir).expect("OUT_DIR is writable");
    let grammar = std::fs::read_to_string("src/grammar.lalrpop").expect("the grammar is readable");
    let fast = grammar
        .replacen(
            "grammar<'input>;",
            "#[recursive_ascent]\ngrammar<'input>;",
            1,
        )
        .replace("pub Goal:", "Goal:")
        .replace("pub Spec:", "Spec:")
        .replace("pub Expr:", "Expr:");
    assert!(
        fast.contains("#[recursive_ascent]"),
        "the grammar declaration moved"
    );
    std::fs::write(fast_dir.join("grammar_fast.lalrpop"), fast).expect("OUT_DIR is writable");
    lalrpop::Configuration::new()
        .set_in_dir(&fast_dir)
        .set_out_dir(&fast_dir)
        .process()
        .expect("the fast LALRPOP grammar must compile");
}

//! Expansion that goes on after errors: every error is reported with its
//! place, the lines the errors spoiled are dropped, the rest is expanded.

use std::path::{Path, PathBuf};

use macro_expander::{
    ErrorKind, Limits, MemoryLoader, Recovered, expand, expand_recovering, expand_str,
};

fn run(files: &[(&str, &str)], macros: &[&str]) -> Recovered {
    let mut loader = MemoryLoader::new();
    for (path, text) in files {
        loader.insert(Path::new(path), (*text).to_owned());
    }
    let macros: Vec<PathBuf> = macros.iter().map(PathBuf::from).collect();
    expand_recovering(
        Path::new("book/main.txt2"),
        &macros,
        &loader,
        &Limits::default(),
    )
}

/// `file:line:col` of each error.
fn places(done: &Recovered) -> Vec<String> {
    done.errors
        .iter()
        .map(|e| e.origin().map_or_else(String::new, ToString::to_string))
        .collect()
}

const MACROS: &str = "\
define(HCP, `@00P[$1-$2]')dnl
define(1BAD, `x')dnl
define(, `y')dnl
define(LOOP, `LOOP')dnl
define(GOOD, `HCP(12,21)')dnl
define(dnl, `z')dnl
define(WRAPPED, `HCP(0,
  9)')dnl
";

const MAIN: &str = "\
1 1N 100 HCP(15,17) #1
1 1C 50 LOOP #2
include(topic.txt2)
1 1D 40 GOOD #3
";

const TOPIC: &str = "\
1 1H 60 GOOD include() #4
1 1S 60 GOOD #5
1 2C 90 `unclosed #6
1 2D 70 HCP(5,10) #7
1 2H 70 HCP(5,
";

#[test]
fn every_macro_error_in_two_files_is_reported_and_the_rest_expanded() {
    let done = run(
        &[
            ("book/macros.m4", MACROS),
            ("book/main.txt2", MAIN),
            ("book/topic.txt2", TOPIC),
        ],
        &["book/macros.m4"],
    );
    let kinds: Vec<&ErrorKind> = done.errors.iter().map(|e| e.kind()).collect();
    assert!(
        matches!(
            kinds[..],
            [
                ErrorKind::InvalidName { .. },
                ErrorKind::MissingName,
                ErrorKind::RedefineBuiltin { .. },
                ErrorKind::Cycle { .. },
                ErrorKind::MissingFile,
                ErrorKind::UnterminatedQuote,
                ErrorKind::UnclosedParen { .. },
            ]
        ),
        "{kinds:?}"
    );
    assert_eq!(
        places(&done),
        [
            "book/macros.m4:2:1",
            "book/macros.m4:3:1",
            "book/macros.m4:6:1",
            "book/main.txt2:2:9",
            "book/topic.txt2:1:14",
            "book/topic.txt2:3:9",
            "book/topic.txt2:5:9",
        ]
    );
    let expansion = done.expansion.expect("an expansion");
    // (The blank line is the one `include(topic.txt2)` leaves.)
    assert_eq!(
        expansion.text,
        "\
1 1N 100 @00P[15-17] #1
1 1S 60 @00P[12-21] #5
1 2D 70 @00P[5-10] #7

1 1D 40 @00P[12-21] #3
"
    );
    // The macros after the bad definitions are defined.
    assert_eq!(expansion.macro_count, 4);
    // The source map still points at the lines written.
    let at = expansion.text.find("#7").expect("rule 7");
    assert_eq!(expansion.map.locate(at).to_string(), "book/topic.txt2:4:19");
    let at = expansion.text.find("#3").expect("rule 3");
    assert_eq!(expansion.map.locate(at).to_string(), "book/main.txt2:4:14");
}

#[test]
fn each_error_renders_with_its_line_and_caret_and_its_macro_chain() {
    let done = run(
        &[
            ("book/macros.m4", MACROS),
            ("book/main.txt2", MAIN),
            ("book/topic.txt2", TOPIC),
        ],
        &["book/macros.m4"],
    );
    let cycle = done.errors[3].to_string();
    assert!(
        cycle.starts_with(
            "error: macro cycle: LOOP → LOOP\n --> book/main.txt2:2:9\n  |\n2 | 1 1C 50 LOOP #2\n  |         ^^^^\n"
        ),
        "{cycle}"
    );
    let include = done.errors[4].to_string();
    assert!(
        include.contains("1 | 1 1H 60 GOOD include() #4\n  |              ^^^^^^^"),
        "{include}"
    );
}

#[test]
fn a_call_spanning_lines_is_skipped_whole() {
    let macros = "define(HCP, `@00P[$1-$2]')dnl\ndefine(LOOP, `LOOP')dnl\n";
    let source = "1 1C 10 HCP(LOOP,\n  17) #1\n1 1D 10 HCP(1,2) #2\n";
    let done = run(
        &[("book/m.m4", macros), ("book/main.txt2", source)],
        &["book/m.m4"],
    );
    assert_eq!(places(&done), ["book/main.txt2:1:13"]);
    assert_eq!(
        done.expansion.expect("an expansion").text,
        "1 1D 10 @00P[1-2] #2\n"
    );
}

#[test]
fn without_errors_it_is_the_plain_expansion() {
    let files = [
        ("book/macros.m4", "define(HCP, `@00P[$1-$2]')dnl\n"),
        ("book/main.txt2", "1 1N 100 HCP(15,17) #1\n"),
    ];
    let done = run(&files, &["book/macros.m4"]);
    assert!(done.errors.is_empty());
    let plain = expand_str("1 1N 100 HCP(15,17) #1\n", files[0].1).expect("expands");
    assert_eq!(done.expansion.expect("an expansion").text, plain.text);
}

#[test]
fn the_size_limit_still_stops_it() {
    let mut loader = MemoryLoader::new();
    loader.insert(
        Path::new("s.txt2"),
        "define(A, `aaaaaaaaaa')dnl\nA A A A A A A A A A A A\n".to_owned(),
    );
    let limits = Limits {
        max_output: 64,
        ..Limits::default()
    };
    let done = expand_recovering(Path::new("s.txt2"), &[], &loader, &limits);
    assert!(done.expansion.is_none());
    assert!(matches!(
        done.errors[..],
        [ref e] if matches!(e.kind(), ErrorKind::OutputTooLarge { .. })
    ));
    // The plain expansion stops at the same error.
    let first = expand(Path::new("s.txt2"), &[], &loader, &limits).expect_err("too large");
    assert_eq!(first.to_string(), done.errors[0].to_string());
}

#[test]
fn an_unreadable_macro_file_stops_it() {
    let done = run(&[("book/main.txt2", "x\n")], &["book/missing.m4"]);
    assert!(done.expansion.is_none());
    assert!(matches!(
        done.errors[0].kind(),
        ErrorKind::Unreadable { .. }
    ));
}

//! `bidbook check` end to end: a clean rulebook, errors traced through
//! macros, warnings, JSON and the exit status.

mod common;

use common::{stdout, write};
use std::path::{Path, PathBuf};
use std::process::Output;

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    common::scratch("cli_check", name)
}

fn bidbook(dir: &Path, args: &[&str]) -> Output {
    common::bidbook_in(dir, args)
}

const MACROS: &str = "define(HCP, `@00P~.[$1,$2]~')dnl\n";

#[test]
fn a_clean_rulebook_passes() {
    let dir = scratch("clean");
    write(&dir, "macros.m4", MACROS);
    write(
        &dir,
        "main.txt2",
        "; openings\n1 1N 100 HCP(15,17) :P15:p17 *1 #1\n3 1C:P:1H 50\n  HCP(6,9) :P6 *2 #2\n",
    );
    write(&dir, "explanations.txt", "1 15-17 notrump\n2 !forcing\n");
    let out = bidbook(&dir, &["check", "."]);
    assert_eq!(
        stdout(&out),
        "2 rules, 2 explanations, 1 macro: 0 errors, 0 warnings\n"
    );
    assert!(out.status.success());
}

#[test]
fn errors_are_traced_through_macros_and_exit_1() {
    let dir = scratch("errors");
    write(&dir, "macros.m4", "define(BAD, `@00P[1-]')dnl\n");
    write(
        &dir,
        "main.txt2",
        "1 1N 100 BAD :P15 #1\n1 1C 90 . :P12 #1\n2 1C:P:1H 50 . . #3\n",
    );
    let out = bidbook(&dir, &["check", "."]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("error: unexpected `]`, expected a character"),
        "{text}"
    );
    assert!(text.contains("--> ./main.txt2:1:10"), "{text}");
    assert!(
        text.contains("= in expansion of BAD (./macros.m4:1)"),
        "{text}"
    );
    // The bad rule hides neither the next rules nor their warnings.
    assert!(
        text.contains("warning: level 2 cannot match: the sequence matches 3 calls"),
        "{text}"
    );
    assert!(
        text.ends_with("2 rules, 0 explanations, 1 macro: 1 error, 1 warning\n"),
        "{text}"
    );
}

#[test]
fn duplicate_ids_and_macros_are_warnings() {
    let dir = scratch("dups");
    write(
        &dir,
        "db.txt2",
        "1 1N 100 HCP(15,17) . #7\n1 2N 100 HCP(20,21) . #7\n",
    );
    write(&dir, "m1.m4", MACROS);
    write(&dir, "m2.m4", MACROS);
    let out = bidbook(
        &dir,
        &["check", "db.txt2", "--macros", "m1.m4", "--macros", "m2.m4"],
    );
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("warning: macro `HCP` is defined again"),
        "{text}"
    );
    assert!(text.contains("warning: rule id #7 is used again"), "{text}");
    assert!(text.contains("= note: first used at db.txt2:1:"), "{text}");
    assert!(text.ends_with("0 errors, 2 warnings\n"), "{text}");
}

#[test]
fn an_expanded_database_and_json() {
    let dir = scratch("json");
    write(
        &dir,
        "mb.txt",
        "1 1N 100 @00P1[5-7] :P15 #1\n1 1D( 10 . .\n",
    );
    let out = bidbook(&dir, &["check", "mb.txt", "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON report");
    assert_eq!(json["rules"], 1);
    assert_eq!(json["errors"], 1);
    let d = &json["diagnostics"][0];
    assert_eq!(d["severity"], "error");
    assert_eq!(d["file"], "mb.txt");
    assert_eq!(d["line"], 2);
    assert_eq!(d["col"], 6);
}

/// Hostile rules found by fuzzing: a nested unbounded repetition in a
/// sequence pattern and in a constraint. `check` warns about both, and
/// bidding still answers (the matcher gives up after its step budget
/// instead of running for minutes).
#[test]
fn nested_unbounded_repetitions_warn_and_still_end() {
    let dir = scratch("nested-repeat");
    write(&dir, "macros.m4", "dnl none\n");
    write(
        &dir,
        "main.txt2",
        "0 (.|..)*~0~ 50 . . #1\n1 1C 50 (.*)*~0~ . #2\n1 1D 40 . . #3\n",
    );
    write(&dir, "explanations.txt", "");
    let out = bidbook(&dir, &["check", "."]);
    let text = stdout(&out);
    assert_eq!(
        text.matches("a repetition without bound").count(),
        2,
        "{text}"
    );
    let auction = "1D P 1H P 1S P 1N P 2C P 2D P 2H P";
    let out = bidbook(
        &dir,
        &[
            "bid",
            "--rules",
            ".",
            "--hand",
            "AKQ2.K52.J83.Q74",
            "--auction",
            auction,
        ],
    );
    assert!(out.status.success(), "{}", common::stderr(&out));
    let out = bidbook(&dir, &["bid", "--rules", ".", "--hand", "AKQ2.K52.J83.Q74"]);
    assert!(stdout(&out).starts_with("1D"), "{}", stdout(&out));
}

/// One bad line of the explanations table is reported at its line; the
/// other explanations are kept (no warning for the rules that use them).
#[test]
fn a_bad_explanation_line_keeps_the_others() {
    let dir = scratch("bad-explanation");
    write(&dir, "macros.m4", MACROS);
    write(
        &dir,
        "main.txt2",
        "1 1N 100 HCP(15,17) :P15:p17 *1 #1\n1 1C 50 HCP(12,21) :P12 *2 #2\n",
    );
    write(
        &dir,
        "explanations.txt",
        "1 15-17 notrump\nbad line\n2 one club\n",
    );
    let out = bidbook(&dir, &["check", "."]);
    let text = format!("{}{}", stdout(&out), common::stderr(&out));
    assert!(text.contains("explanations.txt:2"), "{text}");
    assert!(!text.contains("not in the explanations table"), "{text}");
    assert!(text.contains("2 rules, 2 explanations"), "{text}");
    assert!(!out.status.success());
}

/// Macro errors in two files are all reported, each at its line with a
/// caret; the rules they did not spoil are still parsed and checked.
#[test]
fn every_macro_error_is_reported_and_the_rest_checked() {
    let dir = scratch("macro-errors");
    write(
        &dir,
        "macros.m4",
        "define(HCP, `@00P~.[$1,$2]~')dnl\ndefine(1NT, `x')dnl\ndefine(LOOP, `LOOP')dnl\ndefine(include, `y')dnl\n",
    );
    write(
        &dir,
        "main.txt2",
        "1 1N 100 HCP(15,17) :P15:p17 #1\n1 1C 50 LOOP . #2\ninclude(topic.txt2)\n1 1D 40 HCP(12,21) :P12 #3\n",
    );
    write(
        &dir,
        "topic.txt2",
        "1 1H 60 HCP(12,21) include() #4\n1 1S 60 HCP(12,21) :P12 #5\n1 2C 90 `oops . #6\n1 2D 70 HCP(5,10) . (\n",
    );
    write(&dir, "explanations.txt", "");
    let out = bidbook(&dir, &["check", "."]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    for (message, place, caret) in [
        (
            "invalid macro name `1NT`",
            "./macros.m4:2:1",
            "2 | define(1NT, `x')dnl\n  | ^^^^^^",
        ),
        (
            "`include` is a builtin",
            "./macros.m4:4:1",
            "4 | define(include, `y')dnl\n  | ^^^^^^",
        ),
        (
            "macro cycle: LOOP → LOOP",
            "./main.txt2:2:9",
            "2 | 1 1C 50 LOOP . #2\n  |         ^^^^",
        ),
        (
            "`include` needs a file name",
            "topic.txt2:1:20",
            "1 | 1 1H 60 HCP(12,21) include() #4\n  |                    ^^^^^^^",
        ),
        (
            "unterminated quote",
            "topic.txt2:3:9",
            "3 | 1 2C 90 `oops . #6\n  |         ^",
        ),
    ] {
        let at = text
            .find(&format!("error: {message}"))
            .unwrap_or_else(|| panic!("{message}: {text}"));
        let rest = &text[at..];
        assert!(rest.contains(&format!("--> {place}\n")), "{place}: {text}");
        assert!(rest.contains(caret), "{caret}: {text}");
    }
    // The parse error of the last line, found after the macro errors.
    assert!(text.contains("--> topic.txt2:4:21"), "{text}");
    assert!(
        text.ends_with("3 rules, 0 explanations, 2 macros: 6 errors, 0 warnings\n"),
        "{text}"
    );
}

/// MATH mixing `&&` and `||` without parentheses is a warning pointing at
/// the expression, traced through the macro that wrote it; parentheses
/// silence it.
#[test]
fn mixed_and_or_without_parentheses_is_a_warning() {
    let dir = scratch("mixed_logic");
    write(
        &dir,
        "macros.m4",
        "define(FIT, `@00P~#24(H)>=4||#24(S)>=4&&#20>=6~')dnl\n",
    );
    write(
        &dir,
        "main.txt2",
        "3 1C:P:1H 50 FIT . #1\n3 1C:P:1S 50 ~#24(H)>=4||(#24(S)>=4&&#20>=6)~ . #2\n",
    );
    let out = bidbook(&dir, &["check", "."]);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    assert_eq!(
        text,
        "warning: an and (`&&`, `&`) and an or (`||`, `|`) meet here without parentheses: they have one precedence and group from the left, so `a||b&&c` reads `(a||b)&&c`
 --> ./main.txt2:1:14
  |
1 | 3 1C:P:1H 50 FIT . #1
  |              ^^^
  = in expansion of FIT (./macros.m4:1)
  = note: expanded line 1, column 19: 3 1C:P:1H 50 @00P~#24(H)>=4||#24(S)>=4&&#20>=6~ . #1
  = help: write the parentheses that say which reading you mean

2 rules, 0 explanations, 1 macro: 0 errors, 1 warning
"
    );
}

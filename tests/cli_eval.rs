//! `bidbook eval` end to end: one hand, --json, standard input with bad
//! lines, exit codes.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const EXAMPLE: &str = "P15M15D4S3H3D3CC3334L08H02C01D04H14SQ04S2C1D2H4SG1C1D1H3S";

fn bidbook(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_bidbook"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run bidbook");
    {
        let mut input = child.stdin.take().expect("stdin");
        if let Some(text) = stdin {
            input.write_all(text.as_bytes()).expect("write stdin");
        }
    }
    child.wait_with_output().expect("wait for bidbook")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn one_hand() {
    let out = bidbook(&["eval", "AKQ2.K52.J83.Q74"], None);
    assert!(out.status.success());
    assert_eq!(text(&out.stdout), format!("{EXAMPLE}\n"));
    assert!(out.stderr.is_empty());
}

#[test]
fn one_hand_with_void_dash_and_lowercase() {
    let out = bidbook(&["eval", "-.-.akqjt98765432."], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "P10M19DDD0S0H0CC0D00L00H00C15D00H00SQ03S0C4D0H0SG0C9D0H0S\n"
    );
}

#[test]
fn bad_hand_is_exit_1_with_the_reason() {
    let out = bidbook(&["eval", "AKQ2.K52.J83.Q7"], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert_eq!(text(&out.stderr), "error: expected 13 cards, found 12\n");
}

#[test]
fn json_has_every_field_by_name() {
    let out = bidbook(&["eval", "--json", "AKQ2.K52.J83.Q74"], None);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["pattern"], EXAMPLE);
    assert_eq!(v["hand"], "AKQ2.K52.J83.Q74");
    assert_eq!(v["hcp"], 15);
    assert_eq!(v["points"], 15);
    assert_eq!(v["losers"], 8);
    assert_eq!(v["controls"], 4);
    let suits = |field: &str| {
        ["clubs", "diamonds", "hearts", "spades"].map(|s| v[field][s].as_u64().unwrap_or(99))
    };
    assert_eq!(suits("length"), [3, 3, 3, 4]);
    assert_eq!(suits("honors"), [2, 1, 4, 14]);
    assert_eq!(suits("stoppers"), [2, 1, 2, 4]);
    assert_eq!(suits("quality"), [1, 1, 1, 3]);
    assert_eq!(suits("suit_hcp"), [2, 1, 3, 9]);
}

#[test]
fn stdin_reports_bad_lines_and_keeps_going() {
    let input = "AKQ2.K52.J83.Q74\n\
                 \n\
                 AKQ2.K52.J83.QQ4\r\n\
                 akq2.k52.j83.q74\n\
                 AKQ2.K52.J8Z.Q74\n\
                 AKQ2.K52.J83\n\
                 AKQ2.K52.J83.Q74";
    let out = bidbook(&["eval"], Some(input));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        format!("{EXAMPLE}\n{EXAMPLE}\n{EXAMPLE}\n")
    );
    assert_eq!(
        text(&out.stderr),
        "line 3: card CQ held twice (again at column 15)\n\
         line 5: unknown rank `Z` at column 12\n\
         line 6: expected 4 suits separated by dots (spades.hearts.diamonds.clubs), found 3\n"
    );
}

#[test]
fn stdin_all_good_is_exit_0_and_dash_reads_stdin() {
    let out = bidbook(
        &["eval", "-"],
        Some("AKQ2.K52.J83.Q74\r\n  AKQ2.K52.J83.Q74  \n"),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), format!("{EXAMPLE}\n{EXAMPLE}\n"));
    let empty = bidbook(&["eval"], Some(""));
    assert!(empty.status.success());
    assert!(empty.stdout.is_empty());
}

#[test]
fn stdin_json_lines() {
    let out = bidbook(
        &["eval", "--json"],
        Some("AKQ2.K52.J83.Q74\nAKQJT98765432...\n"),
    );
    assert!(out.status.success());
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["pattern"], EXAMPLE);
    assert_eq!(lines[1]["length"]["spades"], 13);
}

#[test]
fn stdin_invalid_utf8_is_a_bad_line() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_bidbook"))
        .arg("eval")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run bidbook");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"AKQ2.K52.J83.Q7\xff\nAKQ2.K52.J83.Q74\n")
        .expect("write");
    let out = child.wait_with_output().expect("wait");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), format!("{EXAMPLE}\n"));
    assert_eq!(text(&out.stderr), "line 1: not valid UTF-8\n");
}

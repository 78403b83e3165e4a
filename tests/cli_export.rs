//! `bidbook export` end to end: snapshots of both formats for a small
//! rulebook (`tests/export-rulebook`), well-known SAYC sequences in the
//! default rulebook's export, the BSS record layout, BML tables that read
//! back to the same sequences as the BSS records (also where an auction
//! exists in some seats only, `tests/export-seat-rulebook`), and bad input.

mod common;

use bridge::auction::{Bidding, Vulnerability, parse_call};
use common::{bidbook, stderr, stdout};
use std::collections::BTreeSet;
use std::sync::OnceLock;

const SMALL: &str = "tests/export-rulebook";
/// Calls after auctions that exist in some seats only.
const SEATS: &str = "tests/export-seat-rulebook";

fn export(args: &[&str]) -> String {
    let mut all = vec!["export"];
    all.extend_from_slice(args);
    let out = bidbook(&all);
    assert!(
        out.status.success(),
        "bidbook {all:?} failed: {}",
        stderr(&out)
    );
    stdout(&out)
}

/// The default rulebook's exports, made once per test binary.
fn default_export(format: &str) -> &'static str {
    static BML: OnceLock<String> = OnceLock::new();
    static BSS: OnceLock<String> = OnceLock::new();
    let cell = if format == "bml" { &BML } else { &BSS };
    cell.get_or_init(|| export(&["--format", format]))
}

#[test]
fn small_rulebook_as_bml() {
    insta::assert_snapshot!("small_bml", export(&["--format", "bml", "--rules", SMALL]));
}

#[test]
fn small_rulebook_as_bss() {
    insta::assert_snapshot!("small_bss", export(&["--format", "bss", "--rules", SMALL]));
}

#[test]
fn depth_one_lists_the_openings_only() {
    let bss = export(&["--format", "bss", "--rules", SMALL, "--depth", "1"]);
    let sequences: Vec<&str> = bss
        .lines()
        .skip(1)
        .map(|l| &l[2..l.find('=').unwrap()])
        .collect();
    assert_eq!(sequences, ["1S", "1S", "1N", "2H", "2H"], "{bss}");
}

#[test]
fn the_default_rulebook_has_the_notrump_system_in_bml() {
    let bml = default_export("bml");
    assert!(
        bml.starts_with("#+TITLE: bidbook SAYC\n\n#+DESCRIPTION: "),
        "{bml}"
    );
    for line in [
        "1N  1NT opening: 15-17 HCP, balanced (15--17 HCP, balanced)",
        "2C  Alert: Stayman: asks for a four-card major",
        "2D  Alert: Jacoby transfer: five or more hearts (5+!h)",
        "2H  Alert: Jacoby transfer: five or more spades (5+!s)",
        "  2H  Completes the transfer",
        "* Notrump auctions (notrump.txt2)",
        "* Rules for any auction",
    ] {
        assert!(
            bml.lines().any(|l| l.starts_with(line)),
            "no line starting {line:?}"
        );
    }
    // Stayman and the transfers answer 1NT in the table that continues it.
    let table = bml
        .split("\n\n")
        .find(|t| t.starts_with("1N;\n"))
        .expect("a 1N; table");
    assert!(table.contains("\n2C  Alert: Stayman"), "{table}");
    assert!(table.contains("\n2D  Alert: Jacoby transfer"), "{table}");
    // The generic rules are listed once, not expanded into the tables.
    assert_eq!(bml.matches("=STARTP$=").count(), 1);
}

#[test]
fn the_default_rulebook_has_the_notrump_system_in_bss() {
    let bss = default_export("bss");
    let record = |seq: &str| {
        bss.lines()
            .find(|l| {
                l.get(2..)
                    .is_some_and(|r| r.starts_with(&format!("{seq}=")))
            })
            .unwrap_or_else(|| panic!("no record for {seq}"))
    };
    let one_nt = record("1N");
    assert!(one_nt.starts_with("001N=N"), "{one_nt}");
    assert!(one_nt.ends_with("1NT opening: 15-17 HCP, balanced (15-17 HCP, balanced)"));
    let stayman = record("1NP2C");
    assert!(stayman.starts_with("001NP2C=Y"), "alerted: {stayman}");
    assert!(
        stayman.contains("=YYYYYYYD08Stayman"),
        "asking bid, clubs 0-any: {stayman}"
    );
    let transfer = record("1NP2D");
    assert!(
        transfer.contains("A08Jacoby transfer: five or more hearts"),
        "{transfer}"
    );
    // Opening bids whose meaning depends on the seat: first or second seat
    // (5) and third seat (3).
    assert!(
        bss.lines().any(|l| l.starts_with("501S=N")),
        "1S in seats 1-2"
    );
    assert!(bss.lines().any(|l| l.starts_with("301S=N")), "1S in seat 3");
    // An auction they open.
    assert!(
        bss.lines().any(|l| l.starts_with("*001ND=")),
        "a double of their 1NT"
    );
}

/// Checks one BSS file against the seed's field-by-field layout.
fn check_bss_layout(bss: &str) {
    let mut lines = bss.lines();
    let header = lines.next().expect("a header record");
    assert!(header.starts_with("*00{"), "{header}");
    let close = header.find("}=NYYYYYY").expect("header: {name}=NYYYYYY");
    assert!(!header[4..close].contains(['{', '}']), "{header}");
    let mut count = 0;
    for line in lines {
        count += 1;
        assert!(line.is_ascii(), "not ASCII: {line}");
        let rest = line.strip_prefix('*').unwrap_or(line);
        let b = rest.as_bytes();
        assert!(matches!(b[0], b'0'..=b'6'), "position: {line}");
        assert!(matches!(b[1], b'0'..=b'8'), "vulnerability: {line}");
        let eq = rest.find('=').expect("=");
        // The sequence: calls P D R 1C..7N, a legal auction.
        let seq = &rest[2..eq];
        let calls = split_calls(seq).unwrap_or_else(|| panic!("sequence: {line}"));
        let mut bidding = Bidding::new(contract_bridge::Seat::North, Vulnerability::None);
        for c in &calls {
            let call = parse_call(if c == "D" { "X" } else { c }).expect("call");
            bidding.push(call).unwrap_or_else(|e| panic!("{line}: {e}"));
        }
        let f = &rest.as_bytes()[eq + 1..];
        assert!(matches!(f[0], b'Y' | b'N'), "artificial: {line}");
        assert!(
            f[1..7].iter().all(|c| matches!(c, b'Y' | b'N')),
            "outcomes: {line}"
        );
        assert!(
            matches!(f[7], b'0'..=b'9' | b'A'..=b'E'),
            "disposition: {line}"
        );
        let last = calls.last().expect("a call");
        let suit_bid = last.len() == 2 && !last.ends_with('N');
        if suit_bid {
            assert!(matches!(f[8], b'0'..=b'8'), "minimum length: {line}");
            assert!(matches!(f[9], b'0'..=b'8'), "maximum length: {line}");
            assert!(f[8] <= f[9], "minimum above maximum: {line}");
        }
    }
    assert!(count > 0, "no records");
}

/// `1NP2CP2D` → `["1N", "P", "2C", "P", "2D"]`.
fn split_calls(seq: &str) -> Option<Vec<String>> {
    let b = seq.as_bytes();
    let mut calls = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'P' | b'D' | b'R' => {
                calls.push((b[i] as char).to_string());
                i += 1;
            }
            b'1'..=b'7' if matches!(b.get(i + 1), Some(b'C' | b'D' | b'H' | b'S' | b'N')) => {
                calls.push(seq[i..i + 2].to_string());
                i += 2;
            }
            _ => return None,
        }
    }
    (!calls.is_empty()).then_some(calls)
}

#[test]
fn every_bss_record_has_the_seed_layout() {
    check_bss_layout(default_export("bss"));
    check_bss_layout(&export(&["--format", "bss", "--rules", SMALL]));
}

/// The sequences a BML document's tables describe, as BML's own tools
/// read them: rows indented two spaces per level, a first line with `-` or
/// `;` giving the sequence before the table, the opponents' calls in
/// parentheses, and a pass put back between two calls of the same side.
/// Returns `(we open, seat, vul, sequence)` for every row of our calls.
fn bml_sequences(bml: &str) -> BTreeSet<(bool, String, String, String)> {
    let (mut seat, mut vul) = ("0".to_string(), "00".to_string());
    let mut out = BTreeSet::new();
    for para in bml.split("\n\n") {
        let para = para.trim_end_matches('\n');
        if let Some(s) = para.strip_prefix("#SEAT ") {
            seat = s.trim().to_string();
            continue;
        }
        if let Some(v) = para.strip_prefix("#VUL ") {
            vul = v.trim().to_string();
            continue;
        }
        let first = para.as_bytes().first().copied().unwrap_or(b' ');
        if !(first.is_ascii_digit() || first == b'(') {
            continue;
        }
        let mut lines = para.lines().peekable();
        let mut prefix: Vec<String> = Vec::new();
        if let Some(l) = lines.peek()
            && l.ends_with(';')
        {
            prefix = l
                .trim_end_matches(';')
                .split('-')
                .map(str::to_string)
                .collect();
            lines.next();
        }
        let mut stack: Vec<String> = Vec::new();
        for line in lines {
            let indent = line.len() - line.trim_start().len();
            assert_eq!(indent % 2, 0, "odd indentation: {line:?}");
            stack.truncate(indent / 2);
            let mut words = line.split_whitespace();
            let bid = words.next().expect("a bid").to_string();
            stack.push(bid.clone());
            // The opponents' calls, and our passes written bare on the way
            // to later calls, have no record.
            if bid.starts_with('(') || words.next().is_none() {
                continue;
            }
            // Put back the passes BML leaves out.
            let mut calls: Vec<String> = Vec::new();
            for c in prefix.iter().chain(stack.iter()) {
                let theirs = c.starts_with('(');
                if let Some(prev) = calls.last()
                    && prev.starts_with('(') == theirs
                {
                    calls.push(if theirs { "P" } else { "(P)" }.to_string());
                }
                calls.push(c.clone());
            }
            let we_open = !calls[0].starts_with('(');
            let seq: String = calls.iter().map(|c| c.trim_matches(['(', ')'])).collect();
            out.insert((we_open, seat.clone(), vul.clone(), seq));
        }
    }
    out
}

/// The sequences of a BSS file's records, keyed like [`bml_sequences`]
/// (BML's seat and vulnerability spellings).
fn bss_sequences(bss: &str) -> BTreeSet<(bool, String, String, String)> {
    let seats = ["0", "1", "2", "3", "4", "12", "34"];
    let vuls = ["00", "NN", "YN", "NY", "YY", "N0", "Y0", "0N", "0Y"];
    bss.lines()
        .skip(1)
        .filter(|l| !record_description(l).is_empty())
        .map(|l| {
            let (we_open, r) = match l.strip_prefix('*') {
                Some(r) => (false, r),
                None => (true, l),
            };
            let b = r.as_bytes();
            let seat = seats[(b[0] - b'0') as usize].to_string();
            let vul = vuls[(b[1] - b'0') as usize].to_string();
            (we_open, seat, vul, r[2..r.find('=').unwrap()].to_string())
        })
        .collect()
}

/// The description of a BSS record (after the fields and the suit lengths).
fn record_description(line: &str) -> &str {
    let eq = line.find('=').unwrap();
    let seq = &line[..eq];
    let suit_bid = seq.len() >= 2 && {
        let b = seq.as_bytes();
        b[b.len() - 2].is_ascii_digit() && b[b.len() - 1] != b'N'
    };
    &line[eq + 9 + if suit_bid { 2 } else { 0 }..]
}

#[test]
fn bml_tables_read_back_to_the_bss_records() {
    for (bml, bss) in [
        (
            default_export("bml").to_string(),
            default_export("bss").to_string(),
        ),
        (
            export(&["--format", "bml", "--rules", SMALL]),
            export(&["--format", "bss", "--rules", SMALL]),
        ),
        (
            export(&["--format", "bml", "--rules", SEATS]),
            export(&["--format", "bss", "--rules", SEATS]),
        ),
    ] {
        let from_bml = bml_sequences(&bml);
        let from_bss = bss_sequences(&bss);
        let missing: Vec<_> = from_bss.difference(&from_bml).take(5).collect();
        let extra: Vec<_> = from_bml.difference(&from_bss).take(5).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "only in BSS: {missing:?}; only in BML: {extra:?}"
        );
    }
}

/// A call after an auction the walk reaches in some seats only, meaning
/// the same wherever it exists, is written for any seat by both formats
/// (the seats where the auction does not exist do not matter): BML starts a
/// `#SEAT 0` table for it rather than leaving it in the table of the seats
/// of the call before it.
#[test]
fn calls_after_an_auction_of_some_seats_are_for_any_seat() {
    let bml = export(&["--format", "bml", "--rules", SEATS]);
    let bss = export(&["--format", "bss", "--rules", SEATS]);
    let from_bml = bml_sequences(&bml);
    let from_bss = bss_sequences(&bss);
    let key = |we_open: bool, seat: &str, seq: &str| {
        (we_open, seat.to_string(), "00".to_string(), seq.to_string())
    };
    // The calls before: their 3H answer in seats 1-2, the opener's pass
    // (after our pass) in seats 3-4, our 2D opening in seats 1-2.
    // The calls after them: any seat. Their 3H and their pass are the
    // opponents' calls, seen as ours in the auctions we open.
    for (we_open, seat, seq) in [
        (true, "12", "1C3D3H"),
        (true, "34", "1C1D1HPP"),
        (true, "12", "2D"),
        (false, "0", "1C3D3H3S"),
        (false, "0", "1C1D1HPP2D"),
        (true, "0", "2DP2N"),
    ] {
        let k = key(we_open, seat, seq);
        assert!(from_bss.contains(&k), "BSS has no {k:?}:\n{bss}");
        assert!(from_bml.contains(&k), "BML has no {k:?}:\n{bml}");
    }
    for record in ["*001C3D3H3S=N", "*001C1D1HPP2D=N", "002DP2N=N"] {
        assert!(
            bss.lines().any(|l| l.starts_with(record)),
            "no record {record}: {bss}"
        );
    }
    // Their pass after our pass is left out: BML puts it back between our
    // two calls.
    let seat_0_tables: Vec<&str> = bml
        .split("#SEAT ")
        .filter(|s| s.starts_with("0\n"))
        .flat_map(|s| s.split("\n\n"))
        .collect();
    for table in [
        "(1C)-1D-(1H)-P;\n2D  Competes again",
        "(1C)-3D-(3H);\n3S  New suit",
        "2D;\n2N  2NT: asks for a feature",
    ] {
        assert!(
            seat_0_tables.iter().any(|t| t.starts_with(table)),
            "no #SEAT 0 table {table:?}:\n{bml}"
        );
    }
}

#[test]
fn writes_a_file_and_says_so() {
    let dir = common::scratch("cli_export", "output");
    let path = dir.join("notes.bml");
    let out = bidbook(&[
        "export",
        "--format",
        "bml",
        "--rules",
        SMALL,
        "-o",
        path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).is_empty());
    assert!(
        stderr(&out).starts_with("wrote 21 auctions (BML rows) to "),
        "{}",
        stderr(&out)
    );
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text, export(&["--format", "bml", "--rules", SMALL]));
}

#[test]
fn a_depth_of_zero_is_refused() {
    let out = bidbook(&["export", "--format", "bss", "--depth", "0"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("0 is not in 1..=12"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn an_unwritable_output_is_a_clear_error() {
    let dir = common::scratch("cli_export", "unwritable");
    let path = dir.join("no-such-dir").join("notes.bss");
    let out = bidbook(&[
        "export",
        "--format",
        "bss",
        "--rules",
        SMALL,
        "-o",
        path.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.starts_with(&format!("error: cannot write {}: ", path.display())),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn the_format_is_required_and_checked() {
    let out = bidbook(&["export"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--format <FORMAT>"),
        "{}",
        stderr(&out)
    );
    let out = bidbook(&["export", "--format", "pbn"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("possible values: bml, bss"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_missing_rulebook_is_an_error() {
    let out = bidbook(&["export", "--format", "bml", "--rules", "no/such/rulebook"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).starts_with("error: "), "{}", stderr(&out));
    assert!(!stderr(&out).contains("error: error:"), "{}", stderr(&out));
}

#[test]
fn help_teaches_with_examples() {
    let out = bidbook(&["export", "--help"]);
    let help = stdout(&out);
    assert!(
        help.contains("Examples:\n  bidbook export --format bml -o sayc.bml"),
        "{help}"
    );
    assert!(help.contains("--depth <DEPTH>"), "{help}");
}

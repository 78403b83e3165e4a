//! `bidbook auction` and `bidbook regress` end to end: bidding deal files and
//! random deals, keeping what the files had, reporting broken deals without
//! losing the others, and the golden workflow.

mod common;

use common::{bidbook, bidbook_in, scratch, stderr, stdout, write};
use std::path::Path;

fn deals(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/deals")
        .join(name)
        .display()
        .to_string()
}

/// `bidbook regress --golden FILE` in `dir` succeeds and its summary says
/// `summary`: the file's auctions are the rulebook's own.
fn assert_golden_unchanged(dir: &Path, file: &str, summary: &str) {
    let o = bidbook_in(dir, &["regress", "--golden", file]);
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).contains(summary), "{}", stdout(&o));
}

fn json_lines(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).expect("a line of JSON"))
        .collect()
}

#[test]
fn random_deals_are_reproducible_and_the_same_on_any_number_of_threads() {
    let one = bidbook(&[
        "auction", "--random", "40", "--seed", "5", "--format", "json", "--jobs", "1", "-q",
    ]);
    let two = bidbook(&[
        "auction", "--random", "40", "--seed", "5", "--format", "json", "--jobs", "2", "-q",
    ]);
    assert!(one.status.success(), "{}", stderr(&one));
    assert_eq!(stdout(&one), stdout(&two));
    let lines = json_lines(&stdout(&one));
    assert_eq!(lines.len(), 40);
    for (i, v) in lines.iter().enumerate() {
        assert_eq!(v["board"], i + 1);
        let auction = v["auction"].as_array().unwrap();
        assert!(auction.len() >= 4, "{v}");
        // Every auction ends with three passes after a bid, or four passes.
        let tail: Vec<&str> = auction[auction.len() - 3..]
            .iter()
            .map(|c| c.as_str().unwrap())
            .collect();
        assert_eq!(tail, ["P", "P", "P"], "{v}");
        assert_eq!(v["calls"].as_array().unwrap().len(), auction.len());
    }
    let other_seed = bidbook(&[
        "auction", "--random", "40", "--seed", "6", "--format", "json", "-q",
    ]);
    assert_ne!(stdout(&one), stdout(&other_seed));
}

#[test]
fn json_lines_name_rules_by_id_or_position_and_carry_alerted_meanings() {
    // The exact JSON a script reads: rules with an id as `#id`, rules
    // without one as `rule N`, "no rule" as null; an alerted call's note;
    // a forcing call's `forcing` as `explain --json` names it.
    let dir = scratch("cli_deals", "json_contract");
    write(
        &dir,
        "main.txt2",
        "1 1N 80 @00P~.>=12~ :P12 *1 #10\n1 P 10 . . *2\n2 1N:P 50 . . *2\n3 1N:P:2C 60 @00P~.>=8~ :P8 *3\n",
    );
    write(
        &dir,
        "explanations.txt",
        "1 Notrump opening\n2 Pass\n3 ![forcing] Asks for a major\n",
    );
    let o = bidbook_in(
        &dir,
        &[
            "auction", "--random", "2", "--seed", "6", "--format", "json", "--rules", ".", "-q",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    for kind in [
        "\"rule\":\"#10\"",
        "\"rule\":\"rule 2\"",
        "\"rule\":null",
        "\"alert\":false,\"forcing\":null",
        "\"alert\":true,\"forcing\":\"one-round\",\"note\":\"Asks for a major; 8+ HCP\"",
    ] {
        assert!(text.contains(kind), "no {kind} in\n{text}");
    }
    insta::assert_snapshot!("json_lines_contract", text);
}

#[test]
fn the_summary_counts_deals_and_calls() {
    let o = bidbook(&[
        "auction",
        "--random",
        "10",
        "--format",
        "json",
        "-o",
        "/dev/null",
    ]);
    assert!(o.status.success());
    assert!(stderr(&o).starts_with("10 deals bid, "), "{}", stderr(&o));
}

#[test]
fn a_pbn_file_is_bid_and_keeps_its_tags_comments_and_old_auctions() {
    let dir = scratch("cli_deals", "club");
    let o = bidbook_in(
        &dir,
        &["auction", &deals("club.pbn"), "-o", "out.pbn", "--explain"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(dir.join("out.pbn")).unwrap();
    assert!(text.starts_with("% PBN 2.1"), "{text}");
    for kept in [
        "[West \"Wendy\"]",
        "[Site \"Club\"]",
        "Nick's 1NT was passed out",
        "[Scoring \"MP\"]",
    ] {
        assert!(text.contains(kept), "lost {kept}:\n{text}");
    }
    assert_eq!(text.matches("[Deal ").count(), 3, "{text}");
    assert!(text.contains("[Note \"1:"), "{text}");
    // Board 1's contract changed: its old auction, play and result are kept.
    assert!(text.contains("{Previous auction"), "{text}");
    assert!(text.contains("SJ S3 S2 S6"), "{text}");
    // The result is read back and its auctions are the rulebook's own.
    assert_golden_unchanged(&dir, "out.pbn", "3 deals, 0 changed, 0 skipped");
}

#[test]
fn broken_deals_are_reported_with_their_line_and_the_others_still_bid() {
    let o = bidbook(&["auction", &deals("broken.pbn"), "--format", "json"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("broken.pbn:11: skipped:"), "{err}");
    assert!(err.contains("broken.pbn:15: skipped:"), "{err}");
    assert!(err.contains("2 skipped"), "{err}");
    let boards: Vec<u64> = json_lines(&stdout(&o))
        .iter()
        .map(|v| v["board"].as_u64().unwrap())
        .collect();
    assert_eq!(boards, [1, 4]);
}

#[test]
fn lin_hand_records_are_read_and_written_as_pbn() {
    let o = bidbook(&["auction", &deals("club.lin"), "--format", "pbn", "-q"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert_eq!(text.matches("[Deal ").count(), 2, "{text}");
    assert!(text.contains("[Board \"3\"]"), "{text}");
    assert!(text.contains("[Dealer \"S\"]"), "{text}");
    assert!(text.contains("[Vulnerable \"EW\"]"), "{text}");
}

#[test]
fn rbn_output_reads_back_with_the_same_auctions() {
    let dir = scratch("cli_deals", "rbn");
    let o = bidbook_in(
        &dir,
        &[
            "auction", "--random", "12", "--seed", "9", "--format", "rbn", "-o", "r.rbn", "-q",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_golden_unchanged(&dir, "r.rbn", "12 deals, 0 changed");
}

#[test]
fn writing_over_the_input_file_reads_it_all_first() {
    let dir = scratch("cli_deals", "in-place");
    std::fs::copy(deals("club.pbn"), dir.join("club.pbn")).unwrap();
    let o = bidbook_in(&dir, &["auction", "club.pbn", "-o", "club.pbn", "-q"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(dir.join("club.pbn")).unwrap();
    assert_eq!(text.matches("[Deal ").count(), 3, "{text}");
    assert!(!dir.join("club.pbn.bidbook-tmp").exists());
}

#[test]
fn the_golden_workflow_reports_changes_then_blesses_them() {
    let dir = scratch("cli_deals", "golden");
    // Board 3's stored auction is not what the rulebook bids.
    std::fs::copy(deals("club.pbn"), dir.join("gold.pbn")).unwrap();
    let before = bidbook_in(&dir, &["regress", "--golden", "gold.pbn"]);
    assert_eq!(
        before.status.code(),
        Some(1),
        "{}{}",
        stdout(&before),
        stderr(&before)
    );
    let report = stdout(&before);
    assert!(report.contains("first difference at call"), "{report}");
    assert!(report.contains("stored"), "{report}");
    let blessed = bidbook_in(&dir, &["regress", "--golden", "gold.pbn", "--bless"]);
    assert!(blessed.status.success(), "{}", stderr(&blessed));
    let after = bidbook_in(&dir, &["regress", "--golden", "gold.pbn", "--json"]);
    assert!(after.status.success(), "{}", stdout(&after));
    let v: serde_json::Value = serde_json::from_str(&stdout(&after)).unwrap();
    assert_eq!(v["changed"], 0);
    assert_eq!(v["deals"], 3);
    let text = std::fs::read_to_string(dir.join("gold.pbn")).unwrap();
    assert!(
        text.contains("[West \"Wendy\"]") && text.contains("Nick's 1NT was passed out"),
        "{text}"
    );
}

#[test]
fn bless_refuses_to_drop_deals_it_cannot_read() {
    let dir = scratch("cli_deals", "bless-broken");
    std::fs::copy(deals("broken.pbn"), dir.join("gold.pbn")).unwrap();
    let original = std::fs::read_to_string(dir.join("gold.pbn")).unwrap();
    let o = bidbook_in(&dir, &["regress", "--golden", "gold.pbn", "--bless"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("not blessed"), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(dir.join("gold.pbn")).unwrap(),
        original
    );
}

#[test]
fn regress_between_two_rulebooks_reports_the_changed_deals() {
    let dir = scratch("cli_deals", "two-books");
    let book = Path::new(env!("CARGO_MANIFEST_DIR")).join("rulebook");
    let new = dir.join("new");
    std::fs::create_dir_all(&new).unwrap();
    for entry in std::fs::read_dir(&book).unwrap() {
        let entry = entry.unwrap();
        let text = std::fs::read_to_string(entry.path()).unwrap();
        // The new book forgets Stayman.
        let text = text
            .lines()
            .filter(|l| !l.contains("*1005 #1007"))
            .collect::<Vec<_>>()
            .join("\n");
        write(&new, &entry.file_name().to_string_lossy(), &(text + "\n"));
    }
    let base = book.display().to_string();
    let new = new.display().to_string();
    let args = [
        "regress",
        "--base",
        &base,
        "--new",
        &new,
        "--random",
        "400",
        "--seed",
        "2",
        "--json",
        "--html",
        "report.html",
    ];
    let o = bidbook_in(&dir, &args);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["deals"], 400);
    assert!(v["changed"].as_u64().unwrap() > 0, "{v}");
    let first = &v["changes"][0];
    // Counted from 1, as the text report counts calls.
    let at = first["first_difference"].as_u64().unwrap() as usize - 1;
    assert_eq!(first["base"]["auction"][at], "2C", "{first}");
    assert_eq!(first["base"]["rules"][at], "#1007", "{first}");
    assert!(v["by_prefix"][0]["count"].as_u64().unwrap() > 0);
    let html = std::fs::read_to_string(dir.join("report.html")).unwrap();
    assert!(html.contains("class=\"diagram\"") && html.contains("class=\"diff\""));
    let allowed = bidbook_in(
        &dir,
        &[
            "regress",
            "--base",
            &base,
            "--new",
            &new,
            "--random",
            "50",
            "--allow-changes",
        ],
    );
    assert!(allowed.status.success(), "{}", stderr(&allowed));
    let same = bidbook_in(
        &dir,
        &["regress", "--base", &base, "--new", &base, "--random", "50"],
    );
    assert!(same.status.success(), "{}", stdout(&same));
    assert!(stdout(&same).contains("50 deals, 0 changed, 0 skipped"));
}

#[test]
fn bad_arguments_name_the_problem() {
    let o = bidbook(&["auction"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no deals"), "{}", stderr(&o));
    let o = bidbook(&["auction", "no-such-file.pbn"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no-such-file.pbn"), "{}", stderr(&o));
    let o = bidbook(&["regress", "--random", "3"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--base"), "{}", stderr(&o));
    // The golden file is the whole input of a golden run.
    let club = deals("club.pbn");
    for extra in [&["--random", "3"][..], &[club.as_str()][..]] {
        let mut args = vec!["regress", "--golden", "gold.pbn"];
        args.extend_from_slice(extra);
        let o = bidbook(&args);
        assert_eq!(o.status.code(), Some(2), "{extra:?}");
        assert!(stderr(&o).contains("golden file only"), "{}", stderr(&o));
    }
}

/// The games of a PBN text, each from its first tag to the line before the
/// next empty line.
fn pbn_game_with<'t>(text: &'t str, board: &str) -> &'t str {
    text.split("\n\n")
        .find(|g| g.contains(&format!("[Board \"{board}\"]")))
        .unwrap_or_else(|| panic!("no board {board} in:\n{text}"))
}

#[test]
fn broken_games_are_written_back_in_place_over_the_input() {
    let dir = scratch("cli_deals", "broken-in-place");
    std::fs::copy(deals("broken.pbn"), dir.join("club.pbn")).unwrap();
    let original = std::fs::read_to_string(dir.join("club.pbn")).unwrap();
    let o = bidbook_in(&dir, &["auction", "club.pbn", "-o", "club.pbn"]);
    // Reported and counted, as before.
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("club.pbn:11: skipped:"),
        "{}",
        stderr(&o)
    );
    let text = std::fs::read_to_string(dir.join("club.pbn")).unwrap();
    // Every game is still there, in its place; the broken ones unchanged.
    let boards: Vec<&str> = text.lines().filter(|l| l.starts_with("[Board ")).collect();
    assert_eq!(
        boards,
        [
            "[Board \"1\"]",
            "[Board \"2\"]",
            "[Board \"3\"]",
            "[Board \"4\"]"
        ],
        "{text}"
    );
    for board in ["2", "3"] {
        assert_eq!(pbn_game_with(&text, board), pbn_game_with(&original, board));
    }
    assert!(text.contains("[Auction "), "{text}");
}

#[test]
fn broken_games_are_written_back_to_another_file_of_the_same_format() {
    let dir = scratch("cli_deals", "broken-rbn");
    write(
        &dir,
        "in.rbn",
        "B 1\nH W:873.A6.KT864.KQ8:96.T54.97.AJ9643:T542.K93.AQ53.52:\n\n\
         B 2\nH W:873.A6.KT864.KQ8:873.T54.97.AJ9643:T542.K93.AQ53.52:\n\n\
         B 3\nH N:873.A6.KT864.KQ8:96.T54.97.AJ9643:T542.K93.AQ53.52:\n",
    );
    let o = bidbook_in(&dir, &["auction", "in.rbn", "-o", "out.rbn"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("in.rbn:5: skipped:"), "{}", stderr(&o));
    let text = std::fs::read_to_string(dir.join("out.rbn")).unwrap();
    assert!(
        text.contains("B 2\nH W:873.A6.KT864.KQ8:873.T54.97.AJ9643:T542.K93.AQ53.52:\n"),
        "{text}"
    );
    // Board 3 still states its own hands after the broken game.
    assert!(
        text.contains("B 3\nH N:873.A6.KT864.KQ8:96.T54.97.AJ9643:T542.K93.AQ53.52:\n"),
        "{text}"
    );
    assert_eq!(
        text.matches("\nA ").count() + usize::from(text.starts_with("A ")),
        2
    );
}

#[test]
fn converting_a_file_with_broken_games_over_itself_is_refused() {
    let dir = scratch("cli_deals", "broken-convert");
    std::fs::copy(deals("broken.pbn"), dir.join("club.pbn")).unwrap();
    let original = std::fs::read_to_string(dir.join("club.pbn")).unwrap();
    let o = bidbook_in(
        &dir,
        &["auction", "club.pbn", "-o", "club.pbn", "--format", "rbn"],
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("not replacing"), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(dir.join("club.pbn")).unwrap(),
        original
    );
    assert!(!dir.join("club.pbn.bidbook-tmp").exists());
}

#[test]
fn a_bidding_problem_is_written_back_unchanged_and_is_no_error() {
    let dir = scratch("cli_deals", "problem");
    let problem = "[Event \"Bidding quiz\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
                   [Deal \"N:AKQJ.AKQ.AKQ.AKQ - - -\"]\n{What do you open?}\n";
    let full = "[Event \"Bidding quiz\"]\n[Board \"2\"]\n[Dealer \"E\"]\n[Vulnerable \"NS\"]\n\
                [Deal \"N:AKQ2.K52.J83.Q74 JT9.QJ9.KQ9.AK32 876.T876.A76.J98 543.A43.T542.T65\"]\n";
    write(&dir, "quiz.pbn", &format!("{problem}\n{full}"));
    let o = bidbook_in(&dir, &["auction", "quiz.pbn", "-o", "quiz.pbn"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("quiz.pbn:1: not bid:"),
        "{}",
        stderr(&o)
    );
    assert!(stderr(&o).contains("1 not bid"), "{}", stderr(&o));
    let text = std::fs::read_to_string(dir.join("quiz.pbn")).unwrap();
    assert!(text.starts_with(problem), "{text}");
    assert!(
        pbn_game_with(&text, "2").contains("[Auction \"E\"]"),
        "{text}"
    );
}

#[test]
fn converting_pbn_to_rbn_keeps_the_event_and_the_players() {
    let o = bidbook(&["auction", &deals("club.pbn"), "--format", "rbn", "-q"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains("\nE Tuesday pairs\n") || text.starts_with("E Tuesday pairs\n"),
        "{text}"
    );
    assert!(text.contains("\nN Nick+Sue:Wendy+Ed\n"), "{text}");
}

#[test]
fn table_manager_files_with_unquoted_tags_are_bid_with_one_warning() {
    let dir = scratch("cli_deals", "unquoted");
    let game = |n: u32, dealer: &str| {
        format!(
            "[Event Random Deal #]\n[Board {n}]\n[Dealer {dealer}]\n[Vulnerable None]\n\
             [Deal \"N:AKQ2.K52.J83.Q74 JT9.QJ9.KQ9.AK32 876.T876.A76.J98 543.A43.T542.T65\"]\n"
        )
    };
    write(
        &dir,
        "tm.pbn",
        &format!("{}\n{}", game(1, "N"), game(2, "E")),
    );
    let o = bidbook_in(&dir, &["auction", "tm.pbn", "-o", "out.pbn"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stderr(&o).matches("without quotes").count(),
        1,
        "{}",
        stderr(&o)
    );
    let text = std::fs::read_to_string(dir.join("out.pbn")).unwrap();
    assert_eq!(text.matches("[Auction ").count(), 2, "{text}");
}

#[test]
fn a_file_read_as_the_wrong_format_is_reported() {
    let o = bidbook(&["auction", &deals("club.pbn"), "--from", "lin", "-q"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("no LIN deals found"), "{err}");
    assert!(err.contains("looks like PBN"), "{err}");
    // Written over itself, it would be emptied: refused.
    let dir = scratch("cli_deals", "wrong-format-in-place");
    std::fs::copy(deals("club.pbn"), dir.join("club.pbn")).unwrap();
    let original = std::fs::read_to_string(dir.join("club.pbn")).unwrap();
    let o = bidbook_in(
        &dir,
        &[
            "auction", "club.pbn", "--from", "lin", "-o", "club.pbn", "-q",
        ],
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("not replacing club.pbn"),
        "{}",
        stderr(&o)
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("club.pbn")).unwrap(),
        original
    );
}

#[test]
fn a_directory_given_as_deals_is_named() {
    let dir = scratch("cli_deals", "a-directory");
    let o = bidbook(&["auction", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains(dir.to_str().unwrap()), "{err}");
    assert!(err.contains("directory"), "{err}");
}

#[test]
fn json_says_both_like_the_text_and_json_is_an_alias_of_format_json() {
    let by_format = bidbook(&["auction", "--random", "4", "--format", "json", "-q"]);
    let by_flag = bidbook(&["auction", "--random", "4", "--json", "-q"]);
    assert!(by_flag.status.success(), "{}", stderr(&by_flag));
    assert_eq!(stdout(&by_format), stdout(&by_flag));
    let lines = json_lines(&stdout(&by_flag));
    assert_eq!(lines[3]["vul"], "Both");
    assert!(!stdout(&by_flag).contains("\"All\""));
    // --vul takes every spelling.
    for vul in ["All", "Both", "b"] {
        let o = bidbook(&["bid", "--hand", "AKQ2.K52.J83.Q74", "--vul", vul, "--json"]);
        assert!(o.status.success(), "{vul}: {}", stderr(&o));
    }
}

#[test]
fn regress_checks_the_report_folder_before_the_run() {
    let o = bidbook(&[
        "regress",
        "--random",
        "5",
        "--html",
        "/nonexistent-folder/report.html",
    ]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("the folder /nonexistent-folder does not exist"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn lint_takes_random_like_the_other_commands() {
    let o = bidbook(&["lint", "--random", "20"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("on 20 deals"), "{}", stdout(&o));
}

#[test]
fn an_empty_rulebook_is_a_warning() {
    let o = bidbook(&["bid", "--rules", "/dev/null", "--hand", "AKQ2.K52.J83.Q74"]);
    assert!(stderr(&o).contains("has no rules"), "{}", stderr(&o));
}

/// Several files in, one file out: whatever the last game of each input
/// ends with (a blank line, a newline, nothing), the games written stay
/// apart, and the output read again holds every game. PBN and RBN, in every
/// combination of inputs with and without a final newline.
#[test]
fn several_files_in_one_out_keep_every_game_apart() {
    let dir = scratch("cli_deals", "glue");
    let pbn = std::fs::read_to_string("tests/deals/club.pbn").unwrap();
    let rbn_out = bidbook(&["auction", "tests/deals/club.pbn", "--format", "rbn"]);
    let rbn = stdout(&rbn_out);
    let count = |path: &Path| -> usize {
        let o = bidbook(&["auction", path.to_str().unwrap(), "--json"]);
        assert!(o.status.success(), "{}", stderr(&o));
        stdout(&o).lines().count()
    };
    let one = count(Path::new("tests/deals/club.pbn"));
    for (ext, text) in [("pbn", pbn.as_str()), ("rbn", rbn.as_str())] {
        let bare = text.trim_end();
        let variants = [format!("{bare}\n\n"), format!("{bare}\n"), bare.to_string()];
        for (i, a) in variants.iter().enumerate() {
            for (j, b) in variants.iter().enumerate() {
                write(&dir, &format!("a.{ext}"), a);
                write(&dir, &format!("b.{ext}"), b);
                let out = dir.join(format!("ab{i}{j}.{ext}"));
                let o = bidbook_in(
                    &dir,
                    &[
                        "auction",
                        &format!("a.{ext}"),
                        &format!("b.{ext}"),
                        "-o",
                        out.file_name().unwrap().to_str().unwrap(),
                    ],
                );
                assert!(o.status.success(), "{ext} {i}{j}: {}", stderr(&o));
                assert_eq!(count(&out), 2 * one, "{ext}: endings {i} and {j}");
            }
        }
    }
}

//! `bidbook expand` end to end: output, `--map`, `-o`, and errors that leave
//! no output behind.

mod common;

use common::write;
use std::path::{Path, PathBuf};
use std::process::Output;

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    common::scratch("cli_expand", name)
}

fn bidbook(dir: &Path, args: &[&str]) -> Output {
    common::bidbook_in(dir, args)
}

const MACROS: &str =
    "define(HCP, `@00P[$1-$2]')dnl\ndefine(BALANCED, `@02[4-5][3-4][2-3][2-3]')dnl\n";

#[test]
fn expands_to_stdout_and_to_a_file() {
    let dir = scratch("ok");
    write(&dir, "macros.m4", MACROS);
    write(&dir, "open.txt2", "1 1N 100 HCP(15,17)BALANCED @NT\n");
    let want = "1 1N 100 @00P[15-17]@02[4-5][3-4][2-3][2-3] @NT\n";

    let out = bidbook(&dir, &["expand", "open.txt2", "--macros", "macros.m4"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), want);

    let out = bidbook(
        &dir,
        &[
            "expand",
            "open.txt2",
            "--macros",
            "macros.m4",
            "-o",
            "mb.txt",
        ],
    );
    assert!(out.status.success());
    assert_eq!(
        std::fs::read_to_string(dir.join("mb.txt")).ok().as_deref(),
        Some(want)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn map_puts_the_origin_beside_each_line() {
    let dir = scratch("map");
    write(&dir, "macros.m4", MACROS);
    write(&dir, "open.txt2", "; comment\n1 1N 100 HCP(15,17)\n");
    let out = bidbook(
        &dir,
        &["expand", "open.txt2", "--macros", "macros.m4", "--map"],
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "open.txt2:1:1\t-\t; comment\nopen.txt2:2:1\tHCP\t1 1N 100 @00P[15-17]\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_error_exits_1_renders_the_line_and_writes_nothing() {
    let dir = scratch("err");
    write(
        &dir,
        "macros.m4",
        "define(OPEN1, `1C MAJ')dnl\ndefine(MAJ, `OPEN1')dnl\n",
    );
    write(&dir, "open.txt2", "1 OPEN1 10\n");
    let out = bidbook(
        &dir,
        &[
            "expand",
            "open.txt2",
            "--macros",
            "macros.m4",
            "-o",
            "mb.txt",
            "--max-depth",
            "8",
        ],
    );
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("error: macro cycle: OPEN1 → MAJ → OPEN1\n --> open.txt2:1:3\n"),
        "{stderr}"
    );
    assert!(stderr.contains("stopped at depth 8"), "{stderr}");
    assert!(!dir.join("mb.txt").exists());
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(leftovers.len(), 2, "{leftovers:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_size_limit_is_a_flag_and_warnings_go_to_stderr() {
    let dir = scratch("limits");
    write(
        &dir,
        "macros.m4",
        "define(A, `aaaaaaaaaa')dnl\ndefine(A, `aaaaaaaaaa')dnl\n",
    );
    write(&dir, "open.txt2", "A A A\n");
    let out = bidbook(
        &dir,
        &[
            "expand",
            "open.txt2",
            "--macros",
            "macros.m4",
            "--max-size",
            "16",
        ],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .starts_with("error: expanded text larger than the limit of 16 bytes")
    );
    let out = bidbook(&dir, &["expand", "open.txt2", "--macros", "macros.m4"]);
    assert!(out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .starts_with("warning: macro `A` is defined again (with the same body)")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_missing_source_is_an_error() {
    let dir = scratch("missing");
    let out = bidbook(&dir, &["expand", "nowhere.txt2"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: cannot read `nowhere.txt2`"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// 20,000 redefinitions on one source line: a warning each, each showing a
/// window of the line, not the whole of it (the line and column of each are
/// found without counting from the line's start).
#[test]
fn warnings_on_a_very_long_line_show_a_window() {
    let dir = common::scratch("cli_expand", "long-line");
    common::write(&dir, "macros.m4", "dnl\n");
    common::write(&dir, "main.txt2", &"define(X, `y')".repeat(20_000));
    let out = common::bidbook_in(&dir, &["expand", "main.txt2", "--macros", "macros.m4"]);
    let err = common::stderr(&out);
    assert_eq!(err.matches("is defined again").count(), 19_999);
    let longest = err.lines().map(|l| l.chars().count()).max().unwrap_or(0);
    assert!(longest < 200, "a line of {longest} characters");
}

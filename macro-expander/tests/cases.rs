//! The table-driven test: every folder under `tests/cases/` is one case.
//!
//! A case folder holds `source.txt2`, optionally `macros.m4` (and more
//! `macros*.m4`, read in name order), any files they include, and
//! optionally `limits.txt` (`max_depth = N`, `max_output = N`). Then either:
//!
//! - `expected.txt`: the expansion must succeed with exactly this text;
//!   `expected_map.txt`, if present, is the `--map` listing; the rendered
//!   warnings must equal `expected_warnings.txt` (or be none);
//! - or no `expected.txt`: the expansion must fail, and the rendered error is
//!   the insta snapshot `cases__<case>.snap`.
//!
//! Every case runs with each scan strategy, which must agree.

use std::fs;
use std::path::{Path, PathBuf};

use macro_expander::{Expander, Limits, MemoryLoader, ScanStrategy, Severity};

const CONTROL_FILES: [&str; 5] = [
    "expected.txt",
    "expected_map.txt",
    "expected_warnings.txt",
    "limits.txt",
    "README",
];

fn collect(dir: &Path, prefix: &Path, loader: &mut MemoryLoader) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        let rel = prefix.join(&name);
        if path.is_dir() {
            collect(&path, &rel, loader);
        } else if !CONTROL_FILES.iter().any(|c| name == *c) {
            loader.insert(&rel, fs::read_to_string(&path).unwrap_or_default());
        }
    }
}

fn limits(dir: &Path) -> Limits {
    let mut limits = Limits::default();
    let text = fs::read_to_string(dir.join("limits.txt")).unwrap_or_default();
    for line in text.lines() {
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        let value: usize = value.trim().parse().expect("limits.txt: a number");
        match key.trim() {
            "max_depth" => limits.max_depth = value,
            "max_output" => limits.max_output = value,
            other => panic!("limits.txt: unknown key {other}"),
        }
    }
    limits
}

/// Everything a run produces, rendered, so strategies can be compared.
#[derive(Debug, PartialEq)]
enum Outcome {
    Ok {
        text: String,
        map: String,
        warnings: String,
    },
    Err(String),
}

fn run(dir: &Path, strategy: ScanStrategy) -> Outcome {
    let mut loader = MemoryLoader::new();
    collect(dir, Path::new(""), &mut loader);
    let mut macro_files: Vec<PathBuf> = fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| PathBuf::from(e.file_name()))
        .filter(|p| {
            p.to_str()
                .is_some_and(|n| n.starts_with("macros") && n.ends_with(".m4"))
        })
        .collect();
    macro_files.sort();
    let result = Expander::new(&loader)
        .limits(limits(dir))
        .strategy(strategy)
        .expand(Path::new("source.txt2"), &macro_files);
    match result {
        Ok(exp) => {
            let warnings: Vec<String> = exp
                .warnings
                .iter()
                .map(|w| w.to_diagnostic(&exp.map).to_string())
                .collect();
            let warnings = warnings.iter().map(|w| format!("{w}\n")).collect();
            assert!(
                exp.warnings
                    .iter()
                    .all(|w| w.to_diagnostic(&exp.map).severity == Severity::Warning)
            );
            Outcome::Ok {
                map: exp.map_listing(),
                text: exp.text,
                warnings,
            }
        }
        Err(err) => Outcome::Err(err.to_string()),
    }
}

#[test]
fn cases() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let mut dirs: Vec<PathBuf> = fs::read_dir(&root)
        .expect("tests/cases")
        .flatten()
        .map(|e| e.path())
        .collect();
    dirs.sort();
    assert!(dirs.len() > 20, "the case folder went missing");
    let mut failures = Vec::new();
    let mut errors = Vec::new();
    for dir in &dirs {
        let case = dir
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_owned();
        let outcome = run(dir, ScanStrategy::Auto);
        for strategy in [ScanStrategy::Identifiers, ScanStrategy::AhoCorasick] {
            if run(dir, strategy) != outcome {
                failures.push(format!("{case}: {strategy:?} disagrees with Auto"));
            }
        }
        let expected = fs::read_to_string(dir.join("expected.txt")).ok();
        match (outcome, expected) {
            (
                Outcome::Ok {
                    text,
                    map,
                    warnings,
                },
                Some(want),
            ) => {
                if text != want {
                    failures.push(format!(
                        "{case}: output\n--- got ---\n{text}--- want ---\n{want}"
                    ));
                }
                if let Ok(want_map) = fs::read_to_string(dir.join("expected_map.txt"))
                    && map != want_map
                {
                    failures.push(format!(
                        "{case}: map\n--- got ---\n{map}--- want ---\n{want_map}"
                    ));
                }
                let want_warnings =
                    fs::read_to_string(dir.join("expected_warnings.txt")).unwrap_or_default();
                if warnings != want_warnings {
                    failures.push(format!(
                        "{case}: warnings\n--- got ---\n{warnings}--- want ---\n{want_warnings}"
                    ));
                }
            }
            (Outcome::Err(err), Some(_)) => {
                failures.push(format!("{case}: unexpected error\n{err}"))
            }
            (Outcome::Ok { text, .. }, None) => {
                failures.push(format!("{case}: expected an error, got\n{text}"))
            }
            (Outcome::Err(err), None) => errors.push((case, err)),
        }
    }
    for failure in &failures {
        eprintln!("FAILED {failure}\n");
    }
    for (case, err) in errors {
        insta::with_settings!({ snapshot_path => "snapshots", prepend_module_to_snapshot => false, omit_expression => true }, {
            insta::assert_snapshot!(case, err);
        });
    }
    assert!(
        failures.is_empty(),
        "{} failing case(s):\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

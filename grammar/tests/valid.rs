//! Table-driven tests over `tests/valid/*.rule`: every file must parse
//! without error; each rule's tree is snapshotted, its spans nest, and its
//! canonical printing parses back to the same tree.

mod common;

use std::path::Path;

fn rule_files(dir: &str) -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the test folder exists")
        .map(|e| e.expect("a readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "rule"))
        .collect();
    files.sort();
    files
}

#[test]
fn valid_rules() {
    let files = rule_files("tests/valid");
    assert!(files.len() >= 40, "expected the whole valid corpus");
    for path in files {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let db = grammar::parse_database(&text);
        let rendered: Vec<String> = db
            .errors
            .iter()
            .map(|e| e.render(&format!("{name}.rule"), &text))
            .collect();
        assert!(db.errors.is_empty(), "{name}: {}", rendered.join("\n"));
        assert!(!db.rules.is_empty(), "{name}: no rule");
        let mut snapshot = String::new();
        for rule in &db.rules {
            common::check_spans(rule, text.len()).unwrap_or_else(|e| panic!("{name}: {e}"));
            let printed = grammar::print_rule(rule);
            let reparsed = grammar::parse_rule(&printed)
                .unwrap_or_else(|e| panic!("{name}: {}", e.render("printed", &printed)));
            assert_eq!(
                common::strip_spans(&reparsed),
                common::strip_spans(rule),
                "{name}: printed as {printed:?}"
            );
            assert_eq!(
                grammar::print_rule(&reparsed),
                printed,
                "{name}: printing is canonical"
            );
            snapshot.push_str(&format!("printed: {printed}\n"));
            snapshot.push_str(&common::dump_rule(rule, &text));
            snapshot.push('\n');
        }
        insta::assert_snapshot!(name.clone(), snapshot);
    }
}

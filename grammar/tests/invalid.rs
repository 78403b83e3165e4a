//! Table-driven tests over `tests/invalid/*.rule`: every file must produce at
//! least one error; the rendered errors (with carets) are snapshotted.

use std::path::Path;

#[test]
fn invalid_rules() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/invalid");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the test folder exists")
        .map(|e| e.expect("a readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "rule"))
        .collect();
    files.sort();
    assert!(files.len() >= 20, "expected the whole invalid corpus");
    for path in files {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let db = grammar::parse_database(&text);
        assert!(!db.errors.is_empty(), "{name}: expected an error");
        let mut snapshot = format!(
            "{} rules parsed, {} errors\n\n",
            db.rules.len(),
            db.errors.len()
        );
        for e in &db.errors {
            snapshot.push_str(&e.render(&format!("{name}.rule"), &text));
            snapshot.push_str("\n\n");
        }
        insta::assert_snapshot!(name.clone(), snapshot);
    }
}

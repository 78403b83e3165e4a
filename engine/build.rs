//! Embeds the default rulebook (`../rulebook/`) into the engine: writes a
//! table of `(relative path, include_str!(absolute path))` for every file.

use std::path::{Path, PathBuf};

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else if path
            .extension()
            .is_some_and(|e| e == "txt2" || e == "m4" || e == "txt")
        {
            out.push(path);
        }
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let root = manifest.join("..").join("rulebook");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut files = Vec::new();
    collect(&root, &mut files);
    files.sort();
    let mut table = String::from("&[\n");
    for f in &files {
        let rel = f.strip_prefix(&root).expect("under the root");
        let rel = rel.to_string_lossy().replace('\\', "/");
        let abs = f.canonicalize().expect("file exists");
        table.push_str(&format!(
            "    ({rel:?}, include_str!({:?})),\n",
            abs.display().to_string()
        ));
    }
    table.push(']');
    let out =
        PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo")).join("embedded_rulebook.rs");
    std::fs::write(out, table).expect("OUT_DIR is writable");
}

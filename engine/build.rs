//! Embeds the default rulebook (`../rulebook/`) into the engine: writes a
//! table of `(relative path, include_str!(absolute path))` for every file,
//! and the rulebook expanded (what does not depend on the user is done once,
//! here): `Some(include_str!(expanded text))` when it expands with no error
//! and no warning, else `None` (loading then expands it, and reports what is
//! wrong, as for any rulebook).

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
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo"));
    std::fs::write(out_dir.join("embedded_rulebook.rs"), table).expect("OUT_DIR is writable");
    let expanded = match expand(&root, &files) {
        Some(text) => {
            let path = out_dir.join("embedded_expanded.txt");
            std::fs::write(&path, text).expect("OUT_DIR is writable");
            format!("Some(include_str!({:?}))", path.display().to_string())
        }
        None => "None".to_string(),
    };
    std::fs::write(out_dir.join("embedded_expanded.rs"), expanded).expect("OUT_DIR is writable");
}

/// The rulebook's expanded text, laid out and expanded exactly as
/// `rulebook::embedded_sources` does at run time (the same files, under the
/// same relative root), or `None` when the expansion fails or warns.
fn expand(root: &Path, files: &[PathBuf]) -> Option<String> {
    let rel_root = Path::new("rulebook");
    let mut loader = macro_expander::MemoryLoader::new();
    let mut has_macros = false;
    for f in files {
        let rel = f.strip_prefix(root).expect("under the root");
        let rel = rel.to_string_lossy().replace('\\', "/");
        has_macros |= rel == "macros.m4";
        let text = std::fs::read_to_string(f).ok()?;
        loader.insert(rel_root.join(rel), text);
    }
    let macros = if has_macros {
        vec![rel_root.join("macros.m4")]
    } else {
        Vec::new()
    };
    let expansion = macro_expander::expand(
        &rel_root.join("main.txt2"),
        &macros,
        &loader,
        &macro_expander::Limits::default(),
    )
    .ok()?;
    expansion.warnings.is_empty().then_some(expansion.text)
}

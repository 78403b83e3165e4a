//! Embeds the default rulebook (`../rulebook/`) into the engine: writes a
//! table of `(relative path, include_str!(absolute path))` for every file,
//! and the rulebook expanded (what does not depend on the user is done once,
//! here): `Some(include_str!(expanded text))` when it expands with no error
//! and no warning, else `None` (loading then expands it, and reports what is
//! wrong, as for any rulebook); and where each line of that text was written
//! (`rulebook::embedded_line_origin`), so that naming a rule's source line
//! needs no expansion at run time; and the rules of that text parsed
//! (`rulebook::EMBEDDED_PARSED`: their syntax trees in postcard), so that
//! loading the default rulebook neither lexes nor parses.

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
    let (expanded, origins, parsed) = match expand(&root, &files) {
        Some(expansion) => {
            let path = out_dir.join("embedded_expanded.txt");
            std::fs::write(&path, &expansion.text).expect("OUT_DIR is writable");
            let parsed = match parse(&expansion.text) {
                Some(bytes) => {
                    let path = out_dir.join("embedded_parsed.bin");
                    std::fs::write(&path, bytes).expect("OUT_DIR is writable");
                    format!("Some(include_bytes!({:?}))", path.display().to_string())
                }
                None => "None".to_string(),
            };
            (
                format!("Some(include_str!({:?}))", path.display().to_string()),
                line_origins(&expansion),
                parsed,
            )
        }
        None => (
            "None".to_string(),
            "(&[], &[])".to_string(),
            "None".to_string(),
        ),
    };
    std::fs::write(out_dir.join("embedded_expanded.rs"), expanded).expect("OUT_DIR is writable");
    std::fs::write(out_dir.join("embedded_origins.rs"), origins).expect("OUT_DIR is writable");
    std::fs::write(out_dir.join("embedded_parsed.rs"), parsed).expect("OUT_DIR is writable");
}

/// The rules of the expanded text, parsed, in the form
/// `rulebook::EMBEDDED_PARSED` holds: for each rule, its length as four
/// little-endian bytes, then the rule's syntax tree in postcard. `None` when
/// a line does not parse or a rule's level cannot match its sequence (then
/// loading parses the text, and reports that, as for any rulebook).
fn parse(text: &str) -> Option<Vec<u8>> {
    let db = grammar::parse_database(text);
    if !db.errors.is_empty()
        || db
            .rules
            .iter()
            .any(|r| grammar::level::check_level(r).is_some())
    {
        return None;
    }
    let mut bytes = Vec::new();
    for rule in &db.rules {
        let encoded = postcard::to_allocvec(rule).expect("a syntax tree serializes");
        bytes.extend_from_slice(&u32::try_from(encoded.len()).ok()?.to_le_bytes());
        bytes.extend_from_slice(&encoded);
    }
    Some(bytes)
}

/// `(files, lines)`: for every line of the expanded text that is not blank,
/// `(offset, file, line)` — the offset of its first byte that is not a space
/// or tab, and the source file (an index into `files`) and 1-based line that
/// `SourceMap::locate` gives for that byte.
fn line_origins(expansion: &macro_expander::Expansion) -> String {
    let mut files: Vec<String> = Vec::new();
    let mut lines = String::new();
    let mut start = 0;
    for line in expansion.text.split_inclusive('\n') {
        let indent = line.len() - line.trim_start_matches([' ', '\t']).len();
        if !line[indent..].trim().is_empty() {
            let offset = start + indent;
            let origin = expansion.map.locate(offset);
            let file = origin.file.display().to_string();
            let index = files.iter().position(|f| *f == file).unwrap_or_else(|| {
                files.push(file);
                files.len() - 1
            });
            lines.push_str(&format!("({offset}, {index}, {}),", origin.line));
        }
        start += line.len();
    }
    format!("(&{files:?}, &[{lines}])")
}

/// The rulebook's expanded text, laid out and expanded exactly as
/// `rulebook::embedded_sources` does at run time (the same files, under the
/// same relative root), or `None` when the expansion fails or warns.
fn expand(root: &Path, files: &[PathBuf]) -> Option<macro_expander::Expansion> {
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
    expansion.warnings.is_empty().then_some(expansion)
}

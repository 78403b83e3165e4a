//! Helpers shared by the command-line tests: run the `bidbook` binary, make
//! scratch directories and fixtures, read its output.

#![allow(dead_code)] // each test binary uses a different subset

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A fresh scratch directory for one test of one test binary.
pub fn scratch(binary: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bidbook-{binary}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// Runs `bidbook ARGS` in `dir`.
pub fn bidbook_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bidbook"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run bidbook")
}

/// Runs `bidbook ARGS` in the package root.
pub fn bidbook(args: &[&str]) -> Output {
    bidbook_in(Path::new(env!("CARGO_MANIFEST_DIR")), args)
}

/// Writes a fixture file.
pub fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).expect("write fixture");
}

/// Standard output as text.
pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

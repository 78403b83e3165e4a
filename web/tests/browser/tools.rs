//! What the browser test needs from the machine — Chromium, the
//! wasm32-unknown-unknown target, the wasm-bindgen command of the crate's
//! version — and building the page with them (`web/build.sh`). A missing
//! tool skips the test with a printed reason, except under `CI=true`, where
//! `.ci/run` has installed them and a missing one is a failure.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Whether this run must have every tool (`CI` is set and not `false`/`0`).
pub fn required() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0")
}

/// Skips the test (prints why) or, under CI, fails it.
pub fn missing(why: &str) {
    if required() {
        panic!("CI=true and {why}: .ci/run installs it");
    }
    // Written to standard error directly: the test harness captures
    // `eprintln!` of a passing test, and this must be seen.
    let _ = writeln!(std::io::stderr(), "skipping the browser test: {why}");
}

/// The Chromium to drive: `$BIDBOOK_CHROMIUM`, else `chromium` or
/// `chromium-browser` on the PATH.
pub fn chromium() -> Result<PathBuf, String> {
    if let Some(path) = std::env::var_os("BIDBOOK_CHROMIUM") {
        return Ok(PathBuf::from(path));
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    for dir in std::env::split_paths(&path) {
        for name in ["chromium", "chromium-browser"] {
            let candidate = dir.join(name);
            if candidate.is_file() {
                return Ok(candidate);
            }
        }
    }
    Err("chromium is not installed (apt-get install chromium)".to_string())
}

/// The wasm-bindgen version `web/Cargo.toml` pins.
pub fn wanted_wasm_bindgen(crate_dir: &Path) -> String {
    let manifest = std::fs::read_to_string(crate_dir.join("Cargo.toml")).expect("web/Cargo.toml");
    manifest
        .lines()
        .find_map(|l| l.strip_prefix("wasm-bindgen = \"="))
        .and_then(|rest| rest.strip_suffix('"'))
        .expect("web/Cargo.toml pins wasm-bindgen = \"=VERSION\"")
        .to_string()
}

/// Why the page cannot be built here, if it cannot.
pub fn wasm_tools(crate_dir: &Path) -> Result<(), String> {
    let want = wanted_wasm_bindgen(crate_dir);
    let have = Command::new("wasm-bindgen").arg("--version").output();
    match have {
        Ok(out)
            if String::from_utf8_lossy(&out.stdout)
                .split_whitespace()
                .nth(1)
                == Some(&want) => {}
        Ok(out) => {
            return Err(format!(
                "wasm-bindgen is {}, the crate wants {want} (cargo install wasm-bindgen-cli --version {want})",
                String::from_utf8_lossy(&out.stdout).trim()
            ));
        }
        Err(_) => {
            return Err(format!(
                "wasm-bindgen is not installed (cargo install wasm-bindgen-cli --version {want})"
            ));
        }
    }
    let sysroot = Command::new("rustc")
        .args(["--print", "sysroot"])
        .output()
        .map_err(|e| format!("rustc: {e}"))?;
    let sysroot = PathBuf::from(String::from_utf8_lossy(&sysroot.stdout).trim());
    if !sysroot
        .join("lib/rustlib/wasm32-unknown-unknown/lib")
        .is_dir()
    {
        return Err(
            "the wasm32-unknown-unknown target is not installed (rustup target add wasm32-unknown-unknown)"
                .to_string(),
        );
    }
    Ok(())
}

/// Builds the page with `web/build.sh` into `dist`, the wasm in the
/// target directory this test was built in.
pub fn build_page(crate_dir: &Path, dist: &Path) {
    let target_tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let target_dir = target_tmp.parent().expect("the target directory");
    let status = Command::new("bash")
        .arg(crate_dir.join("build.sh"))
        .env("BIDBOOK_WEB_TARGET_DIR", target_dir)
        .env("BIDBOOK_WEB_DIST", dist)
        .status()
        .expect("run web/build.sh");
    assert!(status.success(), "web/build.sh failed: {status}");
}

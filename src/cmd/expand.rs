//! `bidbook expand`: run the macro files over a source database and write the
//! expanded database (GIB's `-Q`), optionally with each line's origin.
//!
//! Nothing is written on error: the output is built in memory and written to
//! a temporary file beside OUT, which is renamed over OUT only when complete.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use macro_expander::{FsLoader, Limits};

/// Shown by `bidbook expand --help` after the options (the subcommand's
/// one-line summary comes from `cli.rs`, which would override a `long_about`).
const LONG_HELP: &str = "\
The macro files are read first, in the order given, then SOURCE. Every
`define(NAME, BODY)` defines a macro; every use of NAME (or NAME(a,b,...),
with $1..$9 in the body) is replaced, again and again, until nothing more can
be replaced. A name is replaced only where the character before it is not a
letter, digit, `@` or `_` and the one after is not a letter, digit or `_`, so
`@NT`, `XNAME`, `NAME_` and `NAME2` stay as written. Quote text with `...' to
protect it; `dnl` drops the rest of a line; `include(FILE)` reads FILE relative
to the file that includes it. See docs/macros.md for the whole language.

Example:

  $ cat macros.m4
  define(HCP, `@00P[$1-$2]')dnl
  define(BALANCED, `@02[4-5][3-4][2-3][2-3]')dnl
  $ cat open.txt2
  1 1N 100 HCP(15,17)BALANCED @NT
  $ bidbook expand open.txt2 --macros macros.m4
  1 1N 100 @00P[15-17]@02[4-5][3-4][2-3][2-3] @NT
  $ bidbook expand open.txt2 --macros macros.m4 --map
  open.txt2:1:1\tHCP, BALANCED\t1 1N 100 @00P[15-17]@02[4-5][3-4][2-3][2-3] @NT

Errors (unbalanced quotes or parentheses, unreadable includes, macro cycles,
runaway growth) are shown against the line you wrote, with the macro chain,
and exit with status 1; OUT is then left untouched. Redefinitions are
warnings (the later definition wins), printed to standard error.";

/// Arguments of `bidbook expand`.
#[derive(Debug, clap::Args)]
#[command(about = "Expand the macros of a source database into one rule per line (GIB's -Q)")]
#[command(after_long_help = LONG_HELP)]
pub struct Args {
    /// The source database to expand (GIB's mb.txt2).
    #[arg(value_name = "SOURCE")]
    pub source: PathBuf,

    /// A macro file to read before SOURCE (GIB's mac.m4); repeat to read several, in order.
    #[arg(long = "macros", value_name = "FILE")]
    pub macros: Vec<PathBuf>,

    /// Write the expanded database to OUT instead of standard output.
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    pub output: Option<PathBuf>,

    /// Write each line's origin beside it: `file:line:col<TAB>macros<TAB>text`.
    #[arg(long)]
    pub map: bool,

    /// The deepest nesting of macro calls and includes allowed.
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_depth)]
    pub max_depth: usize,

    /// The largest expanded text allowed, in bytes (macro calls may produce 4× this in all).
    #[arg(long, value_name = "BYTES", default_value_t = Limits::default().max_output)]
    pub max_size: usize,
}

/// Runs `bidbook expand`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let limits = Limits {
        max_depth: args.max_depth,
        max_output: args.max_size,
    };
    let expansion = match macro_expander::expand(&args.source, &args.macros, &FsLoader, &limits) {
        Ok(expansion) => expansion,
        Err(err) => {
            eprintln!("{err}");
            return Ok(ExitCode::from(1));
        }
    };
    for warning in &expansion.warnings {
        eprintln!("{}\n", warning.to_diagnostic(&expansion.map));
    }
    let text = if args.map {
        expansion.map_listing()
    } else {
        expansion.text
    };
    match &args.output {
        Some(out) if out.as_os_str() != "-" => write_atomically(out, text.as_bytes())?,
        _ => {
            let mut stdout = std::io::stdout().lock();
            stdout
                .write_all(text.as_bytes())
                .context("writing the expanded database to standard output")?;
            stdout.flush()?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes `bytes` to a temporary file beside `path`, then renames it over `path`.
fn write_atomically(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
    let temp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = std::fs::write(&temp, bytes)
        .and_then(|()| std::fs::rename(&temp, path))
        .with_context(|| format!("writing `{}`", path.display()));
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}

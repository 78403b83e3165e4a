//! `bidbook check`: expand and parse a whole rulebook, reporting every error
//! and warning against the lines the author wrote.
//!
//! Reading and expanding the rulebook is the engine's ([`engine::rulebook::sources`]);
//! parsing, compiling and the warnings are the engine's analysis
//! ([`engine::rulebook::analyze`]), the same that loading a rulebook runs, so
//! `check` reports exactly what would stop `bid` — and the warnings too.

use std::path::PathBuf;
use std::process::ExitCode;

use engine::rulebook::{RulebookSource, analyze, sources};
use macro_expander::{Diagnostic, Limits, Recovered, Severity};

/// Shown by `bidbook check --help` after the options.
const LONG_HELP: &str = "\
PATH is either a rulebook directory or a file; without PATH the embedded
default rulebook is checked. A directory holds main.txt2 (the source
database), macros.m4 (the macro file) and, optionally, explanations.txt and
explanations-TOPIC.txt (lines `ID TEXT`; a TEXT starting with `!` is an
alert). A file is an expanded database, or a source database when --macros is
given.

Every error is shown against the line you wrote, traced through the macros
that produced the text: macro errors (after each, the lines it spoiled are
skipped and the rest is still expanded and checked), parse errors, compile errors (unknown functions,
wrong argument counts, …), redirection cycles, bad explanation lines.
Warnings: rule ids used twice, macros defined twice, rules whose sequence
cannot match their level, explanation ids with no text, sequence patterns
that leave the candidate call free.
The last line sums up:

  1234 rules, 321 explanations, 87 macros: 0 errors, 2 warnings

The exit status is 1 when there are errors, 0 otherwise.";

/// Arguments of `bidbook check`.
#[derive(Debug, clap::Args)]
#[command(about = "Expand and parse a rulebook, reporting every error and warning")]
#[command(after_long_help = LONG_HELP)]
pub struct Args {
    /// A rulebook directory, an expanded database, or a source database (with
    /// --macros). Default: the embedded rulebook.
    #[arg(value_name = "PATH")]
    pub path: Option<PathBuf>,

    /// A macro file to expand PATH with; repeat to read several, in order.
    #[arg(long = "macros", value_name = "FILE")]
    pub macros: Vec<PathBuf>,

    /// Print the report as JSON (diagnostics and counts) instead of text.
    #[arg(long)]
    pub json: bool,
}

/// The outcome of a check.
#[derive(Debug, Default)]
pub struct Report {
    /// Every error and warning, in the order found.
    pub diagnostics: Vec<Diagnostic>,
    /// Rules that parsed.
    pub rules: usize,
    /// Explanations read.
    pub explanations: usize,
    /// Macros defined.
    pub macros: usize,
    /// A problem with no place in a source file (an unreadable path).
    pub failure: Option<String>,
}

impl Report {
    /// The number of errors.
    pub fn errors(&self) -> usize {
        self.count(Severity::Error) + usize::from(self.failure.is_some())
    }

    /// The number of warnings.
    pub fn warnings(&self) -> usize {
        self.count(Severity::Warning)
    }

    fn count(&self, severity: Severity) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .count()
    }

    /// The summary line: `1234 rules, 321 explanations, 87 macros: 0 errors, 2 warnings`.
    pub fn summary(&self) -> String {
        let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        format!(
            "{}, {}, {}: {}, {}",
            plural(self.rules, "rule"),
            plural(self.explanations, "explanation"),
            plural(self.macros, "macro"),
            plural(self.errors(), "error"),
            plural(self.warnings(), "warning"),
        )
    }

    /// The report as JSON.
    pub fn to_json(&self) -> serde_json::Value {
        let diagnostics: Vec<serde_json::Value> = self
            .diagnostics
            .iter()
            .map(|d| {
                serde_json::json!({
                    "severity": d.severity.to_string(),
                    "message": d.message,
                    "file": d.origin.file.display().to_string(),
                    "line": d.origin.line,
                    "col": d.origin.col,
                    "macros": d.origin.chain.iter().map(|f| f.name.to_string()).collect::<Vec<_>>(),
                    "notes": d.notes,
                    "rendered": d.to_string(),
                })
            })
            .collect();
        let diagnostics: Vec<serde_json::Value> = self
            .failure
            .iter()
            .map(|f| serde_json::json!({"severity": "error", "message": f, "rendered": f}))
            .chain(diagnostics)
            .collect();
        serde_json::json!({
            "rules": self.rules,
            "explanations": self.explanations,
            "macros": self.macros,
            "errors": self.errors(),
            "warnings": self.warnings(),
            "diagnostics": diagnostics,
        })
    }
}

/// Checks the rulebook at `path` (the embedded one for `None`), with extra
/// macro files: expands, parses and compiles it and collects every error and
/// warning.
pub fn check(path: Option<PathBuf>, macros: &[PathBuf]) -> Report {
    let source = RulebookSource::from_option(path);
    let mut report = Report::default();
    let sources = match sources(&source, macros) {
        Ok(s) => s,
        Err(message) => {
            report.failure = Some(message);
            return report;
        }
    };
    // Every macro error, then what the rest of the rulebook makes of it.
    let Recovered { expansion, errors } = sources.expand_recovering(&Limits::default());
    for e in errors {
        match e.diagnostic() {
            Some(d) => report.diagnostics.push(d.clone()),
            // `ExpandError` renders with its own `error: ` prefix.
            None => report.failure = Some(e.to_string()),
        }
    }
    let Some(expansion) = expansion else {
        return report;
    };
    report.macros = expansion.macro_count;
    let analysis = analyze(&expansion, &sources.explanations);
    report.rules = analysis.rules;
    report.explanations = analysis.explanations;
    report.diagnostics.extend(analysis.diagnostics);
    report
}

/// Runs `bidbook check`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let report = check(args.path, &args.macros);
    if let Some(failure) = &report.failure {
        eprintln!("{failure}");
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report.to_json())?);
    } else {
        for d in &report.diagnostics {
            println!("{d}\n");
        }
        println!("{}", report.summary());
    }
    Ok(if report.errors() > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

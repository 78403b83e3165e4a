//! `bidbook check`: expand and parse a whole rulebook, reporting every error
//! and warning against the lines the author wrote.
//!
//! Loading ([`load`]) and checking ([`check`]) are separate, so that the
//! embedded default rulebook can be checked the same way as one on disk.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use grammar::error::plain_diagnostic;
use grammar::{Rule, Span};
use macro_expander::{Diagnostic, ExpandError, Expansion, FsLoader, Limits, Severity};

/// Shown by `bidbook check --help` after the options.
const LONG_HELP: &str = "\
PATH is either a rulebook directory or a file. A directory holds main.txt2
(the source database), macros.m4 (the macro file) and, optionally,
explanations.txt (lines `ID TEXT`; a TEXT starting with `!` is an alert). A
file is an expanded database, or a source database when --macros is given.

Every error is shown against the line you wrote, traced through the macros
that produced the text. Warnings: rule ids used twice, macros defined twice,
rules whose sequence cannot match their level, explanation ids with no text.
The last line sums up:

  1234 rules, 321 explanations, 87 macros: 0 errors, 2 warnings

The exit status is 1 when there are errors, 0 otherwise.";

/// Arguments of `bidbook check`.
#[derive(Debug, clap::Args)]
#[command(after_long_help = LONG_HELP)]
pub struct Args {
    /// A rulebook directory, an expanded database, or a source database (with --macros).
    #[arg(value_name = "PATH")]
    pub path: PathBuf,

    /// A macro file to expand PATH with; repeat to read several, in order.
    #[arg(long = "macros", value_name = "FILE")]
    pub macros: Vec<PathBuf>,

    /// Print the report as JSON (diagnostics and counts) instead of text.
    #[arg(long)]
    pub json: bool,
}

/// A rulebook read from disk (or memory), ready to check.
#[derive(Debug)]
pub struct Loaded {
    /// The database text to parse, as named in diagnostics.
    pub name: PathBuf,
    /// The expanded text, or the expansion error.
    pub database: Result<Database, Box<ExpandError>>,
    /// The explanations file, if any: its path and text.
    pub explanations: Option<(PathBuf, String)>,
}

/// The database text and, when it was expanded, the expansion (for its
/// source map, warnings and macro count).
#[derive(Debug)]
pub enum Database {
    /// An expanded database read as is.
    Plain(String),
    /// A source database expanded with macro files.
    Expanded(Expansion),
}

impl Database {
    /// The text to parse.
    pub fn text(&self) -> &str {
        match self {
            Database::Plain(text) => text,
            Database::Expanded(exp) => &exp.text,
        }
    }
}

/// Reads the rulebook at `args.path` from the filesystem and expands it.
///
/// # Errors
/// Unreadable files. An expansion error is not an `Err`: it is part of the
/// report.
pub fn load(path: &Path, macros: &[PathBuf]) -> anyhow::Result<Loaded> {
    if path.is_dir() {
        let source = path.join("main.txt2");
        let mut macro_files = vec![path.join("macros.m4")];
        macro_files.extend(macros.iter().cloned());
        let explanations_path = path.join("explanations.txt");
        let explanations = if explanations_path.exists() {
            let text = std::fs::read_to_string(&explanations_path)
                .with_context(|| format!("reading `{}`", explanations_path.display()))?;
            Some((explanations_path, text))
        } else {
            None
        };
        Ok(Loaded {
            name: source.clone(),
            database: expand(&source, &macro_files),
            explanations,
        })
    } else if macros.is_empty() {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("reading `{}`", path.display()))?;
        Ok(Loaded {
            name: path.to_path_buf(),
            database: Ok(Database::Plain(text)),
            explanations: None,
        })
    } else {
        Ok(Loaded {
            name: path.to_path_buf(),
            database: expand(path, macros),
            explanations: None,
        })
    }
}

fn expand(source: &Path, macros: &[PathBuf]) -> Result<Database, Box<ExpandError>> {
    macro_expander::expand(source, macros, &FsLoader, &Limits::default())
        .map(Database::Expanded)
        .map_err(Box::new)
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
}

impl Report {
    /// The number of errors.
    pub fn errors(&self) -> usize {
        self.count(Severity::Error)
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

/// Checks a loaded rulebook: parses every rule and collects errors and
/// warnings.
pub fn check(loaded: &Loaded) -> Report {
    let mut report = Report::default();
    let explanation_ids = loaded
        .explanations
        .as_ref()
        .map(|(path, text)| read_explanations(path, text, &mut report));
    let database = match &loaded.database {
        Ok(db) => db,
        Err(err) => {
            report.diagnostics.push(match err.diagnostic() {
                Some(d) => d.clone(),
                None => plain_diagnostic(
                    Severity::Error,
                    err.to_string(),
                    &loaded.name,
                    "",
                    Span::default(),
                ),
            });
            return report;
        }
    };
    let text = database.text();
    let at = |severity: Severity, message: String, span: Span| -> Diagnostic {
        match database {
            Database::Plain(_) => plain_diagnostic(severity, message, &loaded.name, text, span),
            Database::Expanded(exp) => exp.diagnostic(severity, message, span.range()),
        }
    };
    if let Database::Expanded(exp) = database {
        report.macros = exp.macro_count;
        for warning in &exp.warnings {
            report.diagnostics.push(warning.to_diagnostic(&exp.map));
        }
    }

    let parsed = grammar::parse_database(text);
    report.rules = parsed.rules.len();
    for err in &parsed.errors {
        report
            .diagnostics
            .push(at(Severity::Error, err.message(), err.span));
    }

    let mut ids: HashMap<u32, Span> = HashMap::new();
    for rule in &parsed.rules {
        if let Some(id) = &rule.id {
            if let Some(first) = ids.get(&id.node) {
                let first = at(Severity::Warning, String::new(), *first).origin;
                report.diagnostics.push(
                    at(
                        Severity::Warning,
                        format!("rule id #{} is used again", id.node),
                        id.span,
                    )
                    .with_note(format!("note: first used at {first}")),
                );
            } else {
                ids.insert(id.node, id.span);
            }
        }
        if let Some(mismatch) = grammar::level::check_level(rule) {
            report.diagnostics.push(
                at(
                    Severity::Warning,
                    format!(
                        "level {} cannot match: the sequence matches {}",
                        mismatch.level,
                        mismatch.possible.describe()
                    ),
                    rule.level.span,
                )
                .with_note(
                    "help: the level counts the calls from the opening bid on (leading passes not counted), the rule's own call included; 0 means any depth"
                        .to_string(),
                ),
            );
        }
        check_explanation(rule, explanation_ids.as_ref(), &at, &mut report);
    }
    report
}

/// Reads `ID TEXT` lines; counts them and warns about malformed lines and
/// ids given twice.
fn read_explanations(path: &Path, text: &str, report: &mut Report) -> HashMap<u32, Span> {
    let mut ids = HashMap::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let content = line.trim_end();
        if content.trim().is_empty() || content.starts_with(';') {
            continue;
        }
        let digits = content.bytes().take_while(u8::is_ascii_digit).count();
        let span = Span::new(start, start + digits.max(1));
        match content[..digits].parse::<u32>() {
            Ok(id) if content[digits..].starts_with([' ', '\t']) || digits == content.len() => {
                if ids.insert(id, span).is_some() {
                    report.diagnostics.push(plain_diagnostic(
                        Severity::Warning,
                        format!("explanation {id} is given again; the later text wins"),
                        path,
                        text,
                        span,
                    ));
                }
            }
            _ => report.diagnostics.push(plain_diagnostic(
                Severity::Warning,
                "an explanation line is `ID TEXT`; this line is ignored",
                path,
                text,
                span,
            )),
        }
    }
    report.explanations = ids.len();
    ids
}

fn check_explanation(
    rule: &Rule,
    ids: Option<&HashMap<u32, Span>>,
    at: &impl Fn(Severity, String, Span) -> Diagnostic,
    report: &mut Report,
) {
    if let (Some(ids), Some(expl)) = (ids, &rule.explanation)
        && !ids.contains_key(&expl.node)
    {
        report.diagnostics.push(at(
            Severity::Warning,
            format!("explanation *{} has no text in explanations.txt", expl.node),
            expl.span,
        ));
    }
}

/// Runs `bidbook check`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let loaded = load(&args.path, &args.macros)?;
    let report = check(&loaded);
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

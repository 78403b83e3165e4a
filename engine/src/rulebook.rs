//! Loading a rulebook: the embedded default, a rulebook directory, or an
//! expanded database file — expanded, parsed and compiled into a [`Book`].
//!
//! A rulebook directory holds
//! - `main.txt2`: the source database (it may `include(…)` topic files);
//! - `macros.m4`: the macro file (it may `include(…)` others);
//! - `explanations.txt`: the explanations table (optional); it may be split
//!   by topic into `explanations-TOPIC.txt` files, read in name order.
//!
//! A plain file is read as an already expanded database (GIB's `mb.txt`),
//! with no macros and no explanations.
//!
//! Every problem is collected, not just the first: each is a [`Diagnostic`]
//! rendered against the line the author wrote (`file:line:col`, caret, macro
//! chain).

use crate::book::Book;
use crate::explanations::Explanations;
use crate::rules::Rule;
use macro_expander::{Diagnostic, Expansion, FsLoader, Limits, Loader, MemoryLoader, Severity};
use std::fmt;
use std::path::{Path, PathBuf};

/// The files of the default rulebook, embedded at build time (path relative
/// to `rulebook/`, text).
pub const EMBEDDED_FILES: &[(&str, &str)] =
    include!(concat!(env!("OUT_DIR"), "/embedded_rulebook.rs"));

/// The name of the source database in a rulebook directory.
pub const MAIN_FILE: &str = "main.txt2";
/// The name of the macro file in a rulebook directory.
pub const MACRO_FILE: &str = "macros.m4";
/// The name of the explanations table in a rulebook directory.
pub const EXPLANATIONS_FILE: &str = "explanations.txt";

/// Where a rulebook comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RulebookSource {
    /// The default SAYC rulebook compiled into the binary.
    Embedded,
    /// A rulebook directory or an expanded database file.
    Path(PathBuf),
}

impl RulebookSource {
    /// `--rules PATH` when given, else the embedded rulebook.
    pub fn from_option(path: Option<PathBuf>) -> RulebookSource {
        path.map_or(RulebookSource::Embedded, RulebookSource::Path)
    }
}

impl fmt::Display for RulebookSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulebookSource::Embedded => f.write_str("the embedded SAYC rulebook"),
            RulebookSource::Path(p) => write!(f, "{}", p.display()),
        }
    }
}

/// A loaded rulebook: the compiled book and where everything came from.
#[derive(Debug)]
pub struct Rulebook {
    /// The compiled rules.
    pub book: Book,
    /// The expanded text and its source map.
    pub expansion: Expansion,
    /// Warnings found while loading (duplicate macro definitions, …).
    pub warnings: Vec<Diagnostic>,
}

/// A rulebook that could not be loaded: every problem found.
#[derive(Debug)]
pub struct LoadError {
    /// What was being loaded.
    pub source: RulebookSource,
    /// Each problem, rendered against the source.
    pub problems: Vec<String>,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for p in &self.problems {
            writeln!(f, "{p}")?;
        }
        write!(
            f,
            "cannot load {}: {} error{}",
            self.source,
            self.problems.len(),
            if self.problems.len() == 1 { "" } else { "s" }
        )
    }
}

impl std::error::Error for LoadError {}

/// The text inputs of a rulebook, before expansion.
struct Inputs {
    loader: Box<dyn Loader>,
    main: PathBuf,
    macros: Vec<PathBuf>,
    explanations: Vec<(PathBuf, String)>,
}

/// Whether a file name is part of the explanations table.
fn is_explanations(name: &str) -> bool {
    name == EXPLANATIONS_FILE || (name.starts_with("explanations-") && name.ends_with(".txt"))
}

fn embedded_inputs() -> Inputs {
    let mut loader = MemoryLoader::new();
    let root = Path::new("rulebook");
    let mut explanations = Vec::new();
    for (path, text) in EMBEDDED_FILES {
        loader.insert(root.join(path), *text);
        if is_explanations(path) {
            explanations.push((root.join(path), text.to_string()));
        }
    }
    Inputs {
        loader: Box::new(loader),
        main: root.join(MAIN_FILE),
        macros: vec![root.join(MACRO_FILE)],
        explanations,
    }
}

fn path_inputs(path: &Path) -> Result<Inputs, String> {
    if path.is_dir() {
        let main = path.join(MAIN_FILE);
        if !main.is_file() {
            return Err(format!(
                "error: {} is not a rulebook directory: it has no {MAIN_FILE}",
                path.display()
            ));
        }
        let macros: Vec<PathBuf> = Some(path.join(MACRO_FILE))
            .filter(|m| m.is_file())
            .into_iter()
            .collect();
        let mut names: Vec<String> = std::fs::read_dir(path)
            .map_err(|e| format!("error: cannot read {}: {e}", path.display()))?
            .flatten()
            .filter_map(|e| e.file_name().into_string().ok())
            .filter(|n| is_explanations(n))
            .collect();
        names.sort();
        let mut explanations = Vec::new();
        for name in names {
            let file = path.join(name);
            let text = std::fs::read_to_string(&file)
                .map_err(|e| format!("error: cannot read {}: {e}", file.display()))?;
            explanations.push((file, text));
        }
        Ok(Inputs {
            loader: Box::new(FsLoader),
            main,
            macros,
            explanations,
        })
    } else if path.is_file() {
        Ok(Inputs {
            loader: Box::new(FsLoader),
            main: path.to_path_buf(),
            macros: Vec::new(),
            explanations: Vec::new(),
        })
    } else {
        Err(format!(
            "error: cannot read rulebook {}: no such file or directory",
            path.display()
        ))
    }
}

/// Loads, expands, parses and compiles a rulebook.
pub fn load(source: &RulebookSource) -> Result<Rulebook, LoadError> {
    let fail = |problems: Vec<String>| LoadError {
        source: source.clone(),
        problems,
    };
    let inputs = match source {
        RulebookSource::Embedded => embedded_inputs(),
        RulebookSource::Path(p) => path_inputs(p).map_err(|e| fail(vec![e]))?,
    };
    let expansion = macro_expander::expand(
        &inputs.main,
        &inputs.macros,
        inputs.loader.as_ref(),
        &Limits::default(),
    )
    .map_err(|e| fail(vec![e.to_string()]))?;
    compile_expansion(expansion, inputs.explanations).map_err(fail)
}

/// Parses and compiles an expanded database; `explanations` are the files of
/// the explanations table (path and text), in order.
pub fn compile_expansion(
    expansion: Expansion,
    explanations: Vec<(PathBuf, String)>,
) -> Result<Rulebook, Vec<String>> {
    let mut problems = Vec::new();
    let explanations = Explanations::parse_files(&explanations).unwrap_or_else(|errors| {
        problems.extend(errors.iter().map(|e| format!("error: {e}")));
        Explanations::default()
    });
    let db = grammar::parse_database(&expansion.text);
    for e in &db.errors {
        problems.push(render(
            &expansion,
            Severity::Error,
            &e.to_string(),
            e.span.range(),
        ));
    }
    let mut rules = Vec::with_capacity(db.rules.len());
    for (i, r) in db.rules.iter().enumerate() {
        match Rule::compile(r, i as u32) {
            Ok(rule) => {
                if let Some(id) = rule.explanation
                    && explanations.get(id).is_none()
                    && !explanations.is_empty()
                {
                    let span = r.explanation.as_ref().map_or(r.span, |e| e.span);
                    problems.push(render(
                        &expansion,
                        Severity::Error,
                        &format!("explanation *{id} is not in the explanations table"),
                        span.range(),
                    ));
                }
                rules.push(rule);
            }
            Err(e) => problems.push(render(
                &expansion,
                Severity::Error,
                &e.message,
                e.span.range(),
            )),
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let book = Book::new(rules, explanations).map_err(|e| {
        vec![render(
            &expansion,
            Severity::Error,
            &e.message,
            e.span.range(),
        )]
    })?;
    let warnings = expansion
        .warnings
        .iter()
        .map(|w| w.to_diagnostic(&expansion.map))
        .collect();
    Ok(Rulebook {
        book,
        expansion,
        warnings,
    })
}

fn render(
    expansion: &Expansion,
    severity: Severity,
    message: &str,
    span: std::ops::Range<usize>,
) -> String {
    expansion.diagnostic(severity, message, span).to_string()
}

impl Rulebook {
    /// `file:line` of the source line a rule was written on.
    pub fn rule_location(&self, rule: u32) -> String {
        let r = &self.book.rules()[rule as usize];
        let origin = self.expansion.map.locate(r.span.start as usize);
        format!("{}:{}", origin.file.display(), origin.line)
    }
}

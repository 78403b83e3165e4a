//! The engine's door: loading a rulebook, expanded, parsed and compiled.
//!
//! The embedded default, a rulebook directory, or an expanded database file
//! — expanded, parsed and compiled into a [`Book`].
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
//! The same files can be given as text ([`load_texts`]: a page's paste box
//! in the WebAssembly build, which reads no files — reading them is the
//! `fs` feature's).
//!
//! Every problem is collected, not just the first: each is a [`Diagnostic`]
//! rendered against the line the author wrote (`file:line:col`, caret, macro
//! chain).
//!
//! The rules are parsed, compiled and checked in parallel (rayon's global
//! pool, with the `parallel` feature); the result and the order of the
//! diagnostics do not depend on it.
//!
//! The embedded rulebook is expanded and parsed at build time (`build.rs`,
//! [`EMBEDDED_EXPANDED`], [`EMBEDDED_PARSED`]): loading it decodes its rules'
//! syntax trees and compiles them at once, and expands the rulebook again —
//! for its source map — only when something asks where a rule was written
//! ([`Rulebook::expansion`]) or a diagnostic is rendered.

use crate::compile::error::CompileError;
use crate::compile::rules::Rule;
use crate::parallel::join;
use crate::resolve::book::Book;
use crate::resolve::explanations::Explanations;
use grammar::ast::{Span, Spanned};
use grammar::level::{LevelMismatch, check_level};
#[cfg(feature = "fs")]
use macro_expander::FsLoader;
use macro_expander::{
    Diagnostic, ExpandError, Expansion, Limits, Loader, MemoryLoader, Recovered, Severity,
};
use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The files of the default rulebook, embedded at build time (path relative
/// to `rulebook/`, text).
pub const EMBEDDED_FILES: &[(&str, &str)] =
    include!(concat!(env!("OUT_DIR"), "/embedded_rulebook.rs"));

/// The embedded rulebook expanded at build time, when it expands with no
/// error and no warning (else `None`, and loading expands it as it does
/// any rulebook).
pub const EMBEDDED_EXPANDED: Option<&str> =
    include!(concat!(env!("OUT_DIR"), "/embedded_expanded.rs"));

/// The rules of [`EMBEDDED_EXPANDED`] parsed at build time, when every line
/// parses and every rule's level can match its sequence (else `None`, and
/// loading parses the text): for each rule in order, its length as four
/// little-endian bytes, then its syntax tree in postcard.
pub const EMBEDDED_PARSED: Option<&[u8]> =
    include!(concat!(env!("OUT_DIR"), "/embedded_parsed.rs"));

/// Splits [`EMBEDDED_PARSED`]'s bytes into one slice per rule (`None` if
/// they are cut short).
fn parsed_frames(mut bytes: &[u8]) -> Option<Vec<&[u8]>> {
    let mut frames = Vec::new();
    while !bytes.is_empty() {
        let (len, rest) = bytes.split_first_chunk::<4>()?;
        let len = u32::from_le_bytes(*len) as usize;
        frames.push(rest.get(..len)?);
        bytes = &rest[len..];
    }
    Some(frames)
}

/// Where the lines of [`EMBEDDED_EXPANDED`] were written, worked out at
/// build time: the source files, and for each line that is not blank
/// `(offset of its first byte that is not a space or tab, file index,
/// 1-based line)`, in offset order (both empty when there is no
/// build-time text).
const EMBEDDED_ORIGINS: (&[&str], &[(u32, u32, u32)]) =
    include!(concat!(env!("OUT_DIR"), "/embedded_origins.rs"));

/// `file:line` of the source line of byte `offset` of [`EMBEDDED_EXPANDED`],
/// when `offset` begins a line's text (as a rule does); the same text as
/// [`Rulebook::rule_location`] gets from the source map.
fn embedded_line_origin(offset: usize) -> Option<String> {
    let (files, lines) = EMBEDDED_ORIGINS;
    let i = lines
        .binary_search_by_key(&offset, |&(at, _, _)| at as usize)
        .ok()?;
    let (_, file, line) = lines[i];
    Some(format!("{}:{line}", files[file as usize]))
}

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
    #[cfg(feature = "fs")]
    Path(PathBuf),
    /// Rulebook files given as text ([`load_texts`]), under this name.
    Texts(String),
}

impl RulebookSource {
    /// `--rules PATH` when given, else the embedded rulebook.
    #[cfg(feature = "fs")]
    pub fn from_option(path: Option<PathBuf>) -> RulebookSource {
        path.map_or(RulebookSource::Embedded, RulebookSource::Path)
    }
}

impl fmt::Display for RulebookSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulebookSource::Embedded => f.write_str("the embedded SAYC rulebook"),
            #[cfg(feature = "fs")]
            RulebookSource::Path(p) => write!(f, "{}", p.display()),
            RulebookSource::Texts(name) => f.write_str(name),
        }
    }
}

/// A loaded rulebook: the compiled book and where everything came from.
#[derive(Debug)]
pub struct Rulebook {
    /// The compiled rules.
    pub book: Book,
    /// The expanded text and its source map (see [`Rulebook::expansion`]).
    expansion: LazyExpansion,
    /// Warnings found while loading (duplicate macro definitions, …).
    pub warnings: Vec<Diagnostic>,
}

/// An expansion, or the embedded rulebook's text expanded at build time
/// with its expansion (the source map) made on first use.
#[derive(Debug)]
enum LazyExpansion {
    /// Expanded when loaded.
    Done(Expansion),
    /// The embedded rulebook: its text is [`EMBEDDED_EXPANDED`].
    Embedded {
        /// The text expanded at build time.
        text: &'static str,
        /// The expansion, made when first asked for.
        expansion: OnceLock<Expansion>,
    },
}

impl LazyExpansion {
    /// The expanded text.
    fn text(&self) -> &str {
        match self {
            LazyExpansion::Done(expansion) => &expansion.text,
            LazyExpansion::Embedded { text, .. } => text,
        }
    }

    /// The expansion (the embedded rulebook expanded now, the first time).
    fn get(&self) -> &Expansion {
        match self {
            LazyExpansion::Done(expansion) => expansion,
            LazyExpansion::Embedded { text, expansion } => expansion.get_or_init(|| {
                let expansion = embedded_sources()
                    .expand(&Limits::default())
                    .expect("the embedded rulebook expanded at build time");
                assert_eq!(
                    expansion.text, *text,
                    "the embedded rulebook expands to its build-time text"
                );
                expansion
            }),
        }
    }
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
pub struct Sources {
    /// Reads the source, macro and included files.
    pub loader: Box<dyn Loader>,
    /// The source database.
    pub main: PathBuf,
    /// The macro files, read in order before the source.
    pub macros: Vec<PathBuf>,
    /// The files of the explanations table (path, text), in order.
    pub explanations: Vec<(PathBuf, String)>,
}

impl Sources {
    /// Expands the source database with the macro files.
    pub fn expand(&self, limits: &Limits) -> Result<Expansion, ExpandError> {
        macro_expander::expand(&self.main, &self.macros, self.loader.as_ref(), limits)
    }

    /// Expands the source database with the macro files, going on after
    /// errors to report them all (see [`macro_expander::expand_recovering`]).
    pub fn expand_recovering(&self, limits: &Limits) -> Recovered {
        macro_expander::expand_recovering(&self.main, &self.macros, self.loader.as_ref(), limits)
    }
}

/// Whether a file name is part of the explanations table.
fn is_explanations(name: &str) -> bool {
    name == EXPLANATIONS_FILE || (name.starts_with("explanations-") && name.ends_with(".txt"))
}

fn embedded_sources() -> Sources {
    memory_sources(Path::new("rulebook"), EMBEDDED_FILES)
}

/// The sources of a rulebook held in memory as `(path, text)` files under
/// `root`, laid out as a rulebook directory is (`main.txt2`, `macros.m4` when
/// there is one, `explanations*.txt` in name order).
fn memory_sources(root: &Path, files: &[(&str, &str)]) -> Sources {
    let mut loader = MemoryLoader::new();
    let mut explanations: Vec<(PathBuf, String)> = Vec::new();
    let mut has_macros = false;
    for (path, text) in files {
        loader.insert(root.join(path), *text);
        has_macros |= *path == MACRO_FILE;
        if is_explanations(path) {
            explanations.push((root.join(path), text.to_string()));
        }
    }
    explanations.sort_by(|a, b| a.0.cmp(&b.0));
    Sources {
        loader: Box::new(loader),
        main: root.join(MAIN_FILE),
        macros: if has_macros {
            vec![root.join(MACRO_FILE)]
        } else {
            Vec::new()
        },
        explanations,
    }
}

/// Loads a rulebook given as text: `files` are `(name, text)` pairs named as
/// in a rulebook directory (`main.txt2`, `macros.m4`, `explanations.txt`,
/// `explanations-TOPIC.txt`; `main.txt2` may `include(…)` the others by
/// name), or one file of any other name, read as an expanded database.
/// Diagnostics name the files `NAME/FILE`.
pub fn load_texts(name: &str, files: &[(&str, &str)]) -> Result<Rulebook, LoadError> {
    let fail = |problems: Vec<String>| LoadError {
        source: RulebookSource::Texts(name.to_string()),
        problems,
    };
    let root = Path::new(name);
    let sources = match files {
        [(file, text)] if *file != MAIN_FILE => {
            let mut loader = MemoryLoader::new();
            loader.insert(root.join(file), *text);
            Sources {
                loader: Box::new(loader),
                main: root.join(file),
                macros: Vec::new(),
                explanations: Vec::new(),
            }
        }
        _ if files.iter().any(|(file, _)| *file == MAIN_FILE) => memory_sources(root, files),
        _ => {
            return Err(fail(vec![format!(
                "error: {name} has no {MAIN_FILE}: give one expanded database, or {MAIN_FILE} with {MACRO_FILE} and explanations"
            )]));
        }
    };
    let expansion = sources
        .expand(&Limits::default())
        .map_err(|e| fail(vec![e.to_string()]))?;
    compile_expansion(expansion, sources.explanations).map_err(fail)
}

#[cfg(feature = "fs")]
fn path_sources(path: &Path, extra_macros: &[PathBuf]) -> Result<Sources, String> {
    if path.is_dir() {
        let main = path.join(MAIN_FILE);
        if !main.is_file() {
            return Err(format!(
                "error: {} is not a rulebook directory: it has no {MAIN_FILE}",
                path.display()
            ));
        }
        let mut macros: Vec<PathBuf> = Some(path.join(MACRO_FILE))
            .filter(|m| m.is_file())
            .into_iter()
            .collect();
        macros.extend(extra_macros.iter().cloned());
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
        Ok(Sources {
            loader: Box::new(FsLoader),
            main,
            macros,
            explanations,
        })
    } else if path.exists() {
        // A file (or a device such as /dev/null): an expanded database.
        Ok(Sources {
            loader: Box::new(FsLoader),
            main: path.to_path_buf(),
            macros: extra_macros.to_vec(),
            explanations: Vec::new(),
        })
    } else {
        Err(format!(
            "error: cannot read rulebook {}: no such file or directory",
            path.display()
        ))
    }
}

/// The inputs of a rulebook; `extra_macros` are read after the rulebook's own
/// macro file (for a plain file: the only macro files).
pub fn sources(source: &RulebookSource, extra_macros: &[PathBuf]) -> Result<Sources, String> {
    match source {
        RulebookSource::Embedded => {
            let mut s = embedded_sources();
            s.macros.extend(extra_macros.iter().cloned());
            Ok(s)
        }
        #[cfg(feature = "fs")]
        RulebookSource::Path(p) => path_sources(p, extra_macros),
        RulebookSource::Texts(name) => Err(format!(
            "error: {name} was given as text: load it with load_texts"
        )),
    }
}

/// Loads, expands, parses and compiles a rulebook. The embedded rulebook
/// is parsed from its text expanded at build time ([`EMBEDDED_EXPANDED`]),
/// when there is one.
pub fn load(source: &RulebookSource) -> Result<Rulebook, LoadError> {
    if *source == RulebookSource::Embedded
        && let Some(text) = EMBEDDED_EXPANDED
    {
        return load_embedded_expanded(text).map_err(|problems| LoadError {
            source: source.clone(),
            problems,
        });
    }
    load_expanding(source)
}

/// Loads a rulebook by expanding it now, then parsing and compiling it: the
/// path of every rulebook but the embedded one, which [`load`] parses from
/// its build-time text (this expands it now, as the reference that text is
/// measured and checked against).
pub fn load_expanding(source: &RulebookSource) -> Result<Rulebook, LoadError> {
    let fail = |problems: Vec<String>| LoadError {
        source: source.clone(),
        problems,
    };
    let sources = sources(source, &[]).map_err(|e| fail(vec![e]))?;
    let Recovered { expansion, errors } = sources.expand_recovering(&Limits::default());
    let expansion = match expansion {
        Some(expansion) if errors.is_empty() => expansion,
        _ => return Err(fail(errors.iter().map(ToString::to_string).collect())),
    };
    compile_expansion(expansion, sources.explanations).map_err(fail)
}

/// Loads the embedded rulebook from `text`, its expansion made at build
/// time (which had no warning): the same book, warnings and errors as
/// expanding it now, the expansion made only when a diagnostic needs it or
/// [`Rulebook::expansion`] is asked for.
fn load_embedded_expanded(text: &'static str) -> Result<Rulebook, Vec<String>> {
    let expansion = LazyExpansion::Embedded {
        text,
        expansion: OnceLock::new(),
    };
    let explanations = embedded_sources().explanations;
    let analysis = EMBEDDED_PARSED
        .and_then(|bytes| analyze_parsed(bytes, &|| expansion.get(), &explanations))
        .unwrap_or_else(|| analyze_text(text, &[], &|| expansion.get(), &explanations));
    finish(analysis, expansion)
}

/// Everything learnt by analysing an expanded rulebook.
pub struct Analysis {
    /// The compiled book, when there is no error.
    pub book: Option<Book>,
    /// Every error and warning, in the order found.
    pub diagnostics: Vec<Diagnostic>,
    /// Rules parsed.
    pub rules: usize,
    /// Explanations read.
    pub explanations: usize,
}

impl Analysis {
    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }
}

/// Parses and compiles an expanded rulebook, collecting every problem:
/// errors (the explanations table, parse and compile errors, redirection
/// cycles) and warnings (the expander's, rule ids used twice, levels that
/// cannot match, explanation ids with no text, sequence patterns that leave
/// the candidate call free).
///
/// The rules are parsed, compiled and checked in parallel on rayon's global
/// pool, while the explanations table is read; the diagnostics come in the
/// same order on every run: the expander's warnings, the explanations
/// table's errors, the parse errors, each rule's findings rule by rule, then
/// the book's error.
pub fn analyze(expansion: &Expansion, explanation_files: &[(PathBuf, String)]) -> Analysis {
    analyze_text(
        &expansion.text,
        &expansion.warnings,
        &|| expansion,
        explanation_files,
    )
}

/// [`analyze`] for the expanded `text`, with the expander's `warnings`;
/// `expansion` gives the expansion of `text`, called only to render a
/// diagnostic.
fn analyze_text<'e>(
    text: &str,
    warnings: &[macro_expander::Warning],
    expansion: &dyn Fn() -> &'e Expansion,
    explanation_files: &[(PathBuf, String)],
) -> Analysis {
    let diagnostics: Vec<Diagnostic> = warnings
        .iter()
        .map(|w| w.to_diagnostic(&expansion().map))
        .collect();
    let (explanations, db) = join(
        || Explanations::parse_files(explanation_files),
        || grammar::parse_database_with(text, RuleFindings::of),
    );
    analyze_findings(explanations, db, diagnostics, expansion, explanation_files)
}

/// [`analyze_text`] for the embedded rulebook's rules parsed at build time
/// (`bytes`, [`EMBEDDED_PARSED`]): the same analysis, with no lexing or
/// parsing, and no level check (the build made sure none fails). `None` if
/// the bytes do not decode.
fn analyze_parsed<'e>(
    bytes: &[u8],
    expansion: &dyn Fn() -> &'e Expansion,
    explanation_files: &[(PathBuf, String)],
) -> Option<Analysis> {
    let frames = parsed_frames(bytes)?;
    let decode = |frame: &&[u8]| {
        postcard::from_bytes::<grammar::ast::Rule>(frame)
            .ok()
            .map(RuleFindings::of_checked)
    };
    let (explanations, rules) = join(
        || Explanations::parse_files(explanation_files),
        || {
            #[cfg(feature = "parallel")]
            let rules = {
                use rayon::prelude::*;
                frames.par_iter().map(decode).collect::<Option<Vec<_>>>()
            };
            #[cfg(not(feature = "parallel"))]
            let rules = frames.iter().map(decode).collect::<Option<Vec<_>>>();
            rules
        },
    );
    let db = grammar::Database {
        rules: rules?,
        errors: Vec::new(),
    };
    Some(analyze_findings(
        explanations,
        db,
        Vec::new(),
        expansion,
        explanation_files,
    ))
}

/// The analysis of parsed rules, each already compiled on the thread that
/// parsed it, and of the explanations table: the diagnostics about ids,
/// levels, explanations and patterns, then the book when nothing is wrong.
fn analyze_findings<'e>(
    explanations: (Explanations, Vec<crate::resolve::explanations::FileError>),
    db: grammar::Database<RuleFindings>,
    mut diagnostics: Vec<Diagnostic>,
    expansion: &dyn Fn() -> &'e Expansion,
    explanation_files: &[(PathBuf, String)],
) -> Analysis {
    // A bad line is an error; the good lines are kept, so the rules that
    // point at them are not reported as well.
    let (explanations, errors) = explanations;
    for e in errors {
        let (path, text) = &explanation_files[e.file];
        let span = line_span(text, e.line);
        diagnostics.push(grammar::error::plain_diagnostic(
            Severity::Error,
            e.message,
            path,
            text,
            span,
        ));
    }
    let at = |severity: Severity, message: String, span: Span| {
        expansion().diagnostic(severity, message, span.range())
    };
    for e in &db.errors {
        diagnostics.push(e.to_diagnostic(expansion()));
    }
    let rule_count = db.rules.len();
    let mut ids: HashMap<u32, Span> = HashMap::new();
    let mut rules = Vec::with_capacity(rule_count);
    for (i, r) in db.rules.into_iter().enumerate() {
        if let Some(id) = &r.id {
            if let Some(first) = ids.get(&id.node) {
                let first = expansion().map.locate(first.start as usize);
                diagnostics.push(
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
        if let Some((mismatch, level_span)) = &r.level {
            diagnostics.push(
                at(
                    Severity::Warning,
                    format!(
                        "level {} cannot match: the sequence matches {}",
                        mismatch.level,
                        mismatch.possible.describe()
                    ),
                    *level_span,
                )
                .with_note(
                    "help: the level counts the calls from the opening bid on (leading passes not counted), the rule's own call included; 0 means any depth",
                ),
            );
        }
        for span in &r.mixed_logic {
            diagnostics.push(
                at(
                    Severity::Warning,
                    "an and (`&&`, `&`) and an or (`||`, `|`) meet here without parentheses: they have one precedence and group from the left, so `a||b&&c` reads `(a||b)&&c`".to_string(),
                    *span,
                )
                .with_note("help: write the parentheses that say which reading you mean"),
            );
        }
        if let Some(e) = &r.explanation
            && explanations.get(e.node).is_none()
        {
            diagnostics.push(at(
                Severity::Warning,
                format!("explanation *{} is not in the explanations table", e.node),
                e.span,
            ));
        }
        match r.compiled {
            Ok(mut rule) => {
                rule.index = i as u32;
                if rule.free_call {
                    diagnostics.push(at(
                        Severity::Warning,
                        "the sequence pattern leaves the candidate call free: the rule proposes every legal call".to_string(),
                        r.seq_span,
                    ));
                }
                if rule.slow_repeat {
                    diagnostics.push(at(
                        Severity::Warning,
                        "a repetition without bound around something that can match the same text in several ways (`(.*)*`, `(.|..)*`): matching can take exponential time, and gives up after a step budget; bound it, or make each repetition match one way".to_string(),
                        rule.span,
                    ));
                }
                rules.push(rule);
            }
            Err(e) => diagnostics.push(at(Severity::Error, e.message, e.span)),
        }
    }
    let explanation_count = explanations.len();
    let mut analysis = Analysis {
        book: None,
        diagnostics,
        rules: rule_count,
        explanations: explanation_count,
    };
    if !analysis.has_errors() {
        match Book::new(rules, explanations) {
            Ok(book) => analysis.book = Some(book),
            Err(e) => analysis
                .diagnostics
                .push(at(Severity::Error, e.message, e.span)),
        }
    }
    analysis
}

/// One parsed rule, analysed on the thread that parsed it: compiled, its
/// level checked, and the fields its warnings point at kept; its syntax tree
/// is dropped there.
struct RuleFindings {
    /// The `#id` field.
    id: Option<Spanned<u32>>,
    /// The `*n` field.
    explanation: Option<Spanned<u32>>,
    /// The span of the sequence pattern.
    seq_span: Span,
    /// The level the sequence pattern cannot match, with its span.
    level: Option<(LevelMismatch, Span)>,
    /// MATH expressions mixing `&&` and `||` without parentheses.
    mixed_logic: Vec<Span>,
    /// The compiled rule, its index still 0 (the index, the rule's position
    /// among the rules that parsed, is known only once every rule is).
    compiled: Result<Rule, CompileError>,
}

impl RuleFindings {
    fn of(r: grammar::ast::Rule) -> RuleFindings {
        RuleFindings {
            level: check_level(&r).map(|m| (m, r.level.span)),
            ..RuleFindings::of_checked(r)
        }
    }

    /// The findings of a rule whose level is known to match its sequence.
    fn of_checked(r: grammar::ast::Rule) -> RuleFindings {
        RuleFindings {
            level: None,
            mixed_logic: grammar::mixed_logic::unparenthesized_mixes(&r),
            compiled: Rule::compile(&r, 0),
            id: r.id,
            explanation: r.explanation,
            seq_span: r.seq.span,
        }
    }
}

/// The span of 1-based line `line` of `text`.
fn line_span(text: &str, line: usize) -> Span {
    let mut start = 0;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            return Span::new(start, start + l.trim_end().len());
        }
        start += l.len();
    }
    Span::new(text.len(), text.len())
}

/// Parses and compiles an expanded database; `explanations` are the files of
/// the explanations table (path, text), in order. Errors come back rendered.
pub fn compile_expansion(
    expansion: Expansion,
    explanations: Vec<(PathBuf, String)>,
) -> Result<Rulebook, Vec<String>> {
    let analysis = analyze(&expansion, &explanations);
    finish(analysis, LazyExpansion::Done(expansion))
}

/// The rulebook analysed in `analysis`, or its errors rendered.
fn finish(analysis: Analysis, expansion: LazyExpansion) -> Result<Rulebook, Vec<String>> {
    let (errors, warnings): (Vec<Diagnostic>, Vec<Diagnostic>) = analysis
        .diagnostics
        .into_iter()
        .partition(|d| d.severity == Severity::Error);
    match analysis.book {
        Some(book) if errors.is_empty() => Ok(Rulebook {
            book,
            expansion,
            warnings,
        }),
        _ => Err(errors.iter().map(ToString::to_string).collect()),
    }
}

impl Rulebook {
    /// The expanded text and its source map. For the embedded rulebook
    /// (loaded from its build-time text), the rulebook is expanded the
    /// first time this is asked for; [`Rulebook::text`] needs no expansion.
    pub fn expansion(&self) -> &Expansion {
        self.expansion.get()
    }

    /// The expanded text (the database the rules' spans point into).
    pub fn text(&self) -> &str {
        self.expansion.text()
    }

    /// Whether the expansion (the source map) has been made: always for a
    /// rulebook expanded when loaded; for the embedded one, once something
    /// asked for it.
    pub fn has_expansion(&self) -> bool {
        match &self.expansion {
            LazyExpansion::Done(_) => true,
            LazyExpansion::Embedded { expansion, .. } => expansion.get().is_some(),
        }
    }

    /// `file:line` of the source line a rule was written on (for the
    /// embedded rulebook, from the table made at build time, with no
    /// expansion).
    pub fn rule_location(&self, rule: u32) -> String {
        let r = &self.book.rules()[rule as usize];
        if let LazyExpansion::Embedded { .. } = self.expansion
            && let Some(location) = embedded_line_origin(r.span.start as usize)
        {
            return location;
        }
        let origin = self.expansion().map.locate(r.span.start as usize);
        format!("{}:{}", origin.file.display(), origin.line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parsed_frames_split_at_each_length() {
        let bytes = [2, 0, 0, 0, 7, 8, 0, 0, 0, 0, 1, 0, 0, 0, 9];
        let frames = parsed_frames(&bytes).unwrap();
        assert_eq!(frames, [&[7u8, 8][..], &[][..], &[9][..]]);
        assert_eq!(parsed_frames(&[]).unwrap(), Vec::<&[u8]>::new());
    }

    #[test]
    fn parsed_frames_cut_short_are_refused() {
        assert_eq!(parsed_frames(&[2, 0, 0, 0, 7]), None);
        assert_eq!(parsed_frames(&[1, 0]), None);
    }

    #[test]
    fn the_embedded_rules_decode_to_what_the_text_parses_to() {
        let (Some(text), Some(bytes)) = (EMBEDDED_EXPANDED, EMBEDDED_PARSED) else {
            panic!("the embedded rulebook is expanded and parsed at build time");
        };
        let decoded: Vec<grammar::ast::Rule> = parsed_frames(bytes)
            .unwrap()
            .into_iter()
            .map(|frame| postcard::from_bytes(frame).unwrap())
            .collect();
        let parsed = grammar::parse_database(text);
        assert!(parsed.errors.is_empty());
        assert_eq!(decoded, parsed.rules);
    }
}

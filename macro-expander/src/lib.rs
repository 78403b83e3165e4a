//! m4-like macro expansion of GIB rule databases, with source maps.
//!
//! GIB builds its bidding database by running a macro file over a source
//! database "until no such strings can be replaced". This crate is that step:
//! it reads the macro files (in order), then the source, and returns the
//! expanded text with a [`SourceMap`] that traces every byte back to the file,
//! line and column the author wrote, through the chain of macros that
//! produced it.
//!
//! The language (see `docs/macros.md` for the full reference):
//!
//! - `define(NAME, BODY)` defines a macro; a later definition of the same name
//!   wins (and is reported as a [`Warning`]). `$1`..`$9` in the body are the
//!   arguments of `NAME(a,b,…)`; a missing argument is the empty string; `$0`
//!   is the name. A name used without parentheses gets no arguments.
//! - m4 quotes `` `text' `` protect text from expansion; each reading removes
//!   one level of quotes.
//! - `dnl` discards the rest of the line, newline included.
//! - `include(FILE)` reads FILE, relative to the including file.
//! - A name (an ASCII letter, then letters, digits, `_`) is replaced only
//!   where the character before is not a letter, digit, `@` or `_` and the
//!   character after is not a letter, digit or `_`: `@NT`, `XNAME`, `NAME_`
//!   and `NAME2` stay as written.
//! - Replacement repeats until nothing more can be replaced; cycles and
//!   runaway growth are errors naming the macro chain ([`Limits`]).
//!
//! ```
//! use macro_expander::{expand, Limits, MemoryLoader};
//! use std::path::{Path, PathBuf};
//!
//! let loader = MemoryLoader::new()
//!     .with("book/macros.m4", "define(HCP, `@00P[$1-$2]')dnl\ndefine(NT_OPENING, `HCP(15,17)')\n")
//!     .with("book/open.txt2", "1 1N 100 NT_OPENING @NT_OPENING\n");
//! let exp = expand(Path::new("book/open.txt2"), &[PathBuf::from("book/macros.m4")], &loader, &Limits::default())?;
//! assert_eq!(exp.text, "1 1N 100 @00P[15-17] @NT_OPENING\n");
//! let origin = exp.map.locate(9);
//! assert_eq!(origin.to_string(), "book/open.txt2:1:10");
//! let chain: Vec<&str> = origin.chain.iter().map(|f| &*f.name).collect();
//! assert_eq!(chain, ["NT_OPENING", "HCP"]);
//! # Ok::<(), macro_expander::ExpandError>(())
//! ```

#![warn(missing_docs)]

mod define;
pub mod diagnostic;
pub mod error;
mod expand;
pub mod limits;
pub mod loader;
mod plan;
pub mod scan;
pub mod source_map;
pub mod warning;

use std::ops::Range;
use std::path::{Path, PathBuf};

pub use diagnostic::{Diagnostic, Severity};
pub use error::{ErrorKind, ExpandError};
pub use limits::Limits;
pub use loader::{FsLoader, Loader, MemoryLoader, resolve_include};
pub use scan::ScanStrategy;
pub use source_map::{Location, MacroFrame, Origin, SourceFile, SourceMap};
pub use warning::{Warning, WarningKind};

/// The result of an expansion.
#[derive(Debug)]
pub struct Expansion {
    /// The expanded database (GIB's `mb.txt`).
    pub text: String,
    /// Where every byte of `text` came from.
    pub map: SourceMap,
    /// Redefinitions and other suspicious input, in the order met.
    pub warnings: Vec<Warning>,
    /// How many macros are defined at the end.
    pub macro_count: usize,
    /// Every file read (macro files, source, includes), in the order first read.
    pub files: Vec<PathBuf>,
}

impl Expansion {
    /// A diagnostic for the byte span `span` of [`Expansion::text`] (see
    /// [`SourceMap::diagnostic`]). Where the span lies in macro text, a note
    /// shows the expanded line, since the source line does not contain it.
    #[must_use]
    pub fn diagnostic(
        &self,
        severity: Severity,
        message: impl Into<String>,
        span: Range<usize>,
    ) -> Diagnostic {
        let mut diagnostic = self.map.diagnostic(severity, message, span.clone());
        if diagnostic.origin.in_macro() {
            let line = self.map.line_of(span.start);
            let line_span = self.map.line_span(line);
            let col = self
                .text
                .get(line_span.start..span.start.max(line_span.start))
                .map_or(0, |s| s.chars().count())
                + 1;
            let text = self.text.get(line_span).unwrap_or("");
            diagnostic.notes.push(format!(
                "note: expanded line {}, column {col}: {text}",
                line + 1
            ));
        }
        diagnostic
    }

    /// The expanded text with each line's origin beside it, as written by
    /// `bidbook expand --map`: `file:line:col<TAB>macros<TAB>text`, where
    /// `macros` lists the macro chains expanded in the line (`A→B, C`) or `-`.
    #[must_use]
    pub fn map_listing(&self) -> String {
        let mut listing = String::with_capacity(self.text.len() * 2);
        for line in 0..self.map.line_count() {
            let pieces = self.map.line_pieces(line);
            let chains: Vec<String> = pieces
                .iter()
                .filter(|p| p.in_macro())
                .map(|p| {
                    p.chain
                        .iter()
                        .map(|f| &*f.name)
                        .collect::<Vec<_>>()
                        .join("→")
                })
                .collect();
            let macros = if chains.is_empty() {
                "-".to_owned()
            } else {
                chains.join(", ")
            };
            let text = self.text.get(self.map.line_span(line)).unwrap_or("");
            let origin = pieces.first().map_or_else(String::new, ToString::to_string);
            listing.push_str(&format!("{origin}\t{macros}\t{text}\n"));
        }
        listing
    }
}

/// Expands `source` after reading `macro_files` in order, with files from
/// `loader`.
///
/// # Errors
/// Any [`ErrorKind`]: unreadable files, unbalanced quotes or parentheses,
/// cycles, limits. No partial output is returned.
pub fn expand(
    source: &Path,
    macro_files: &[PathBuf],
    loader: &dyn Loader,
    limits: &Limits,
) -> Result<Expansion, ExpandError> {
    Expander::new(loader)
        .limits(*limits)
        .expand(source, macro_files)
}

/// An expansion that went on after errors (see [`expand_recovering`]).
#[derive(Debug)]
pub struct Recovered {
    /// The expansion without the lines the errors spoiled; `None` when an
    /// error stopped it (an unreadable top-level file, a size limit).
    pub expansion: Option<Expansion>,
    /// Every error, in the order met.
    pub errors: Vec<ExpandError>,
}

/// Expands `source` after reading `macro_files` in order, as [`expand`]
/// does, but reports every error it can instead of stopping at the first:
/// after an error the calls it spoiled are dropped and reading goes on
/// after the line they end on (a rule line left half written is dropped
/// too). An unreadable top-level file and the size limits ([`Limits`])
/// still stop it.
///
/// ```
/// use macro_expander::{expand_recovering, Limits, MemoryLoader};
/// use std::path::{Path, PathBuf};
///
/// let loader = MemoryLoader::new()
///     .with("m.m4", "define(1X, `a')dnl\ndefine(OK, `b')dnl\n")
///     .with("s.txt2", "OK include()\nOK\n");
/// let done = expand_recovering(Path::new("s.txt2"), &[PathBuf::from("m.m4")], &loader, &Limits::default());
/// assert_eq!(done.errors.len(), 2);
/// assert_eq!(done.errors[1].origin().map(ToString::to_string).as_deref(), Some("s.txt2:1:4"));
/// assert_eq!(done.expansion.map(|e| e.text).as_deref(), Some("b\n"));
/// ```
#[must_use]
pub fn expand_recovering(
    source: &Path,
    macro_files: &[PathBuf],
    loader: &dyn Loader,
    limits: &Limits,
) -> Recovered {
    Expander::new(loader)
        .limits(*limits)
        .expand_recovering(source, macro_files)
}

/// Expands the text `source` (named `source.txt2`) after the macro text
/// `macros` (named `macros.m4`), in memory. Handy for tests and examples.
///
/// ```
/// let exp = macro_expander::expand_str("(BAL) @BAL BAL_ BAL2\n", "define(BAL, `@02[4-5][3-4][2-3][2-3]')")?;
/// assert_eq!(exp.text, "(@02[4-5][3-4][2-3][2-3]) @BAL BAL_ BAL2\n");
/// # Ok::<(), macro_expander::ExpandError>(())
/// ```
///
/// # Errors
/// As [`expand`].
pub fn expand_str(source: &str, macros: &str) -> Result<Expansion, ExpandError> {
    let loader = MemoryLoader::new()
        .with("source.txt2", source)
        .with("macros.m4", macros);
    expand(
        Path::new("source.txt2"),
        &[PathBuf::from("macros.m4")],
        &loader,
        &Limits::default(),
    )
}

/// A configurable expander: a loader, limits and a scan strategy.
///
/// ```
/// use macro_expander::{Expander, Limits, MemoryLoader, ScanStrategy};
/// use std::path::Path;
///
/// let loader = MemoryLoader::new().with("s.txt2", "define(A, `a')A A\n");
/// let exp = Expander::new(&loader)
///     .limits(Limits { max_depth: 8, ..Limits::default() })
///     .strategy(ScanStrategy::Identifiers)
///     .expand(Path::new("s.txt2"), &[])?;
/// assert_eq!(exp.text, "a a\n");
/// # Ok::<(), macro_expander::ExpandError>(())
/// ```
#[derive(Clone, Copy)]
pub struct Expander<'a> {
    loader: &'a dyn Loader,
    limits: Limits,
    strategy: ScanStrategy,
}

impl<'a> Expander<'a> {
    /// An expander reading files through `loader`, with default limits.
    #[must_use]
    pub fn new(loader: &'a dyn Loader) -> Self {
        Self {
            loader,
            limits: Limits::default(),
            strategy: ScanStrategy::default(),
        }
    }

    /// Sets the limits.
    #[must_use]
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Sets how macro names are found (the result does not depend on it).
    #[must_use]
    pub fn strategy(mut self, strategy: ScanStrategy) -> Self {
        self.strategy = strategy;
        self
    }

    /// Expands `source` after reading `macro_files` in order.
    ///
    /// # Errors
    /// As [`expand`].
    pub fn expand(&self, source: &Path, macro_files: &[PathBuf]) -> Result<Expansion, ExpandError> {
        expand::Engine::new(self.loader, self.limits, self.strategy).run(source, macro_files)
    }

    /// Expands `source` after reading `macro_files` in order, going on
    /// after errors (see [`expand_recovering`]).
    #[must_use]
    pub fn expand_recovering(&self, source: &Path, macro_files: &[PathBuf]) -> Recovered {
        let (expansion, errors) = expand::Engine::new(self.loader, self.limits, self.strategy)
            .run_recovering(source, macro_files);
        Recovered { expansion, errors }
    }
}

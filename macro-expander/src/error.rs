//! Typed expansion errors, rendered `file:line:col` with the source line and a
//! caret (through [`crate::Diagnostic`]).
//!
//! An error stops the expansion: no partial output is ever returned.

use std::fmt;
use std::path::PathBuf;

use crate::diagnostic::{Diagnostic, Severity};
use crate::source_map::Origin;

/// What went wrong. The `Display` text is the diagnostic's message line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A `` ` `` opened a quote that no `'` closes (in the same file or macro text).
    #[error("unterminated quote: this ` has no matching '")]
    UnterminatedQuote,
    /// `NAME(` with no `)` before the end of the file.
    #[error("unclosed parenthesis: the arguments of `{name}` never end with `)`")]
    UnclosedParen {
        /// The macro (or builtin) being called.
        name: String,
    },
    /// A top-level source or macro file could not be read.
    #[error("cannot read `{}`: {message}", path.display())]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        message: String,
    },
    /// `include(FILE)` named a file that could not be read.
    #[error("cannot read included file `{}`: {message}", path.display())]
    Include {
        /// The resolved path.
        path: PathBuf,
        /// The I/O error.
        message: String,
    },
    /// A file includes itself, directly or through other files.
    #[error("include cycle: {}", chain.join(" → "))]
    IncludeCycle {
        /// The files, from the first occurrence of the repeated one to its repetition.
        chain: Vec<String>,
    },
    /// A macro expands (through others) to itself without end.
    #[error("macro cycle: {}", chain.join(" → "))]
    Cycle {
        /// The macros, from the first occurrence of the repeated one to its repetition.
        chain: Vec<String>,
    },
    /// Macros nested deeper than the depth limit, without repeating.
    #[error(
        "macro nesting deeper than {limit}: {}",
        crate::source_map::join_chain(chain)
    )]
    TooDeep {
        /// The limit.
        limit: usize,
        /// The whole chain, outermost first.
        chain: Vec<String>,
    },
    /// The expanded text grew past the size limit.
    #[error("expanded text larger than the limit of {limit} bytes")]
    OutputTooLarge {
        /// The limit.
        limit: usize,
    },
    /// One macro call would make more text than the size limit.
    #[error(
        "the expansion of `{name}` would be {size} bytes, larger than the limit of {limit} bytes"
    )]
    ExpansionTooLarge {
        /// The macro.
        name: String,
        /// The size of its text.
        size: usize,
        /// The limit.
        limit: usize,
    },
    /// An argument of a macro call grew past the size limit.
    #[error("an argument of `{name}` grew larger than the limit of {limit} bytes")]
    ArgumentTooLarge {
        /// The macro (or builtin) being called.
        name: String,
        /// The limit.
        limit: usize,
    },
    /// Macro calls produced more text than the expansion budget (4 × the size limit).
    #[error("runaway expansion: macro calls produced more than {limit} bytes of text")]
    Runaway {
        /// The budget.
        limit: usize,
    },
    /// `define(NAME, …)` with a name that is not a letter followed by letters, digits or `_`.
    #[error("invalid macro name `{name}`: a name is a letter followed by letters, digits or `_`")]
    InvalidName {
        /// The name as written.
        name: String,
    },
    /// `define(, …)` or `define()`.
    #[error("`define` needs a macro name")]
    MissingName,
    /// `include()`.
    #[error("`include` needs a file name")]
    MissingFile,
    /// An attempt to define `define`, `dnl` or `include`.
    #[error("`{name}` is a builtin and cannot be redefined")]
    RedefineBuiltin {
        /// The builtin.
        name: String,
    },
}

/// An expansion error: its kind and, where it has one, the place in the source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExpandError {
    pub(crate) kind: ErrorKind,
    pub(crate) diagnostic: Option<Box<Diagnostic>>,
    pub(crate) notes: Vec<String>,
}

impl ExpandError {
    /// An error with no source location (e.g. an unreadable top-level file).
    pub(crate) fn bare(kind: ErrorKind) -> Self {
        Self {
            kind,
            diagnostic: None,
            notes: Vec::new(),
        }
    }

    /// An error at `origin`, shown on `source_line` with `caret_len` carets.
    pub(crate) fn at(
        kind: ErrorKind,
        origin: Origin,
        source_line: &str,
        caret_len: usize,
        notes: Vec<String>,
    ) -> Self {
        let (source_line, shown_from) = crate::diagnostic::window(source_line, origin.col);
        let diagnostic = Diagnostic {
            severity: Severity::Error,
            message: kind.to_string(),
            origin,
            source_line,
            shown_from,
            caret_len,
            notes: notes.clone(),
        };
        Self {
            kind,
            diagnostic: Some(Box::new(diagnostic)),
            notes,
        }
    }

    /// What went wrong.
    #[must_use]
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// Where, if the error has a place in a source file.
    #[must_use]
    pub fn origin(&self) -> Option<&Origin> {
        self.diagnostic.as_ref().map(|d| &d.origin)
    }

    /// The rendered form's data (`None` for errors without a place).
    #[must_use]
    pub fn diagnostic(&self) -> Option<&Diagnostic> {
        self.diagnostic.as_deref()
    }
}

impl fmt::Display for ExpandError {
    /// The full rendering: `error: …`, `--> file:line:col`, the source line, a
    /// caret, the macro chain and notes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(diagnostic) = &self.diagnostic {
            return diagnostic.fmt(f);
        }
        write!(f, "error: {}", self.kind)?;
        for note in &self.notes {
            write!(f, "\n = {note}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ExpandError {}

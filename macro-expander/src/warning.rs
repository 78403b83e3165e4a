//! Warnings: accepted input that is probably not what the author meant. The
//! expander collects them in [`crate::Expansion::warnings`]; `bidbook check`
//! and `bidbook expand` print them.

use std::fmt;

use crate::diagnostic::{Diagnostic, Severity};
use crate::source_map::{Origin, SourceMap};

/// What the warning is about.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum WarningKind {
    /// A macro was defined again; the later definition wins from here on.
    Redefined {
        /// The macro.
        name: String,
        /// Where the earlier definition is.
        previous: Origin,
        /// Whether both definitions have the same body.
        same_body: bool,
    },
    /// `define` was given more than two arguments; the rest are ignored.
    ExtraArguments {
        /// The macro being defined.
        name: String,
        /// How many arguments were given.
        count: usize,
    },
    /// A macro file produced text outside definitions; it is discarded.
    StrayText,
}

impl fmt::Display for WarningKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Redefined {
                name,
                same_body: true,
                ..
            } => {
                write!(f, "macro `{name}` is defined again (with the same body)")
            }
            Self::Redefined { name, .. } => {
                write!(
                    f,
                    "macro `{name}` is defined again; this later definition wins"
                )
            }
            Self::ExtraArguments { name, count } => {
                write!(
                    f,
                    "`define({name}, …)` has {count} arguments; those after the body are ignored"
                )
            }
            Self::StrayText => {
                f.write_str("text in a macro file outside any definition is discarded")
            }
        }
    }
}

/// A warning and where it is (for a redefinition: the later definition).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// What it is about.
    pub kind: WarningKind,
    /// Where.
    pub origin: Origin,
}

impl Warning {
    /// The warning as a diagnostic, with the source line from `map`.
    #[must_use]
    pub fn to_diagnostic(&self, map: &SourceMap) -> Diagnostic {
        let caret_len = match &self.kind {
            WarningKind::Redefined { .. } | WarningKind::ExtraArguments { .. } => "define".len(),
            WarningKind::StrayText => 1,
        };
        let mut diagnostic = Diagnostic::new(
            Severity::Warning,
            self.kind.to_string(),
            self.origin.clone(),
            map,
            caret_len,
        );
        match &self.kind {
            WarningKind::Redefined { previous, .. } => {
                diagnostic
                    .notes
                    .push(format!("note: previous definition at {previous}"));
            }
            WarningKind::StrayText => {
                diagnostic.notes.push("help: a macro file should hold only `define`s, `include`s and `dnl` comments; end lines with `dnl` to drop them".into());
            }
            WarningKind::ExtraArguments { .. } => {
                diagnostic
                    .notes
                    .push("help: quote a body that contains commas: define(NAME, `a,b')".into());
            }
        }
        diagnostic
    }
}

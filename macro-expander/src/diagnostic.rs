//! The project's diagnostic renderer: an error or warning shown against the
//! line the author wrote, with a caret and the macro chain.
//!
//! ```text
//! error: unexpected `]`
//!   --> rulebook/open.txt2:12:10
//!    |
//! 12 | 2 1N 100 HCP(15,17)] ...
//!    |          ^^^
//!    = in expansion of HCP (rulebook/macros.m4:3)
//!    = note: expanded line 12: 2 1N 100 @00P[15-17]] ...
//! ```
//!
//! Other crates build a [`Diagnostic`] for a byte span of the expanded text with
//! [`SourceMap::diagnostic`] (or [`crate::Expansion::diagnostic`], which also
//! shows the expanded line) and print it with `Display`.

use std::fmt;
use std::ops::Range;

use crate::source_map::{Origin, SourceMap};

/// How serious a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Severity {
    /// The input is wrong; no output is produced.
    Error,
    /// The input is accepted but probably not what the author meant.
    Warning,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Error => "error",
            Self::Warning => "warning",
        })
    }
}

/// A message attached to a place in a source file, ready to render.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// The one-line message (`unexpected `]``).
    pub message: String,
    /// Where in the source it points; its chain is rendered as
    /// `= in expansion of …`.
    pub origin: Origin,
    /// The text of the source line `origin.line` — for a long line, a window
    /// of it around the column, with `…` where it is cut (see [`window`]).
    pub source_line: String,
    /// How many characters of the line come before `source_line`'s window
    /// (0 when the whole line is shown).
    pub shown_from: usize,
    /// How many characters the caret underlines (at least one is drawn).
    pub caret_len: usize,
    /// Further lines, rendered as `= {note}` (write the `note: ` / `help: `
    /// prefix yourself).
    pub notes: Vec<String>,
}

impl Diagnostic {
    /// A diagnostic at `origin`, with the source line taken from `map`, a caret
    /// of `caret_len` characters and no notes.
    #[must_use]
    pub fn new(
        severity: Severity,
        message: impl Into<String>,
        origin: Origin,
        map: &SourceMap,
        caret_len: usize,
    ) -> Self {
        let (source_line, shown_from) = map.source_window(&origin);
        Self {
            severity,
            message: message.into(),
            origin,
            source_line,
            shown_from,
            caret_len,
            notes: Vec::new(),
        }
    }

    /// Adds a note line (builder style).
    #[must_use]
    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }
}

/// The most characters of a source line a diagnostic shows.
pub const MAX_SHOWN: usize = 160;

/// The part of `line` a diagnostic at 1-based column `col` shows: the whole
/// line, or for a line longer than [`MAX_SHOWN`] characters a window around
/// the column with `…` where it is cut; and how many characters of the line
/// come before the window. (A line of 160,000 macro calls must not be
/// copied and printed whole under every warning.)
#[must_use]
pub fn window(line: &str, col: u32) -> (String, usize) {
    if line.len() <= MAX_SHOWN {
        return (line.to_owned(), 0);
    }
    let chars: Vec<char> = line.chars().collect();
    window_of(chars.len(), col, |from, to| {
        chars[from..to].iter().collect()
    })
}

/// [`window`] for a line of `len` characters whose characters `from..to`
/// `slice` gives.
pub(crate) fn window_of(
    len: usize,
    col: u32,
    slice: impl Fn(usize, usize) -> String,
) -> (String, usize) {
    if len <= MAX_SHOWN {
        return (slice(0, len), 0);
    }
    let col = (col as usize).saturating_sub(1).min(len);
    let start = col.saturating_sub(MAX_SHOWN / 3);
    let end = (start + MAX_SHOWN).min(len);
    let lead = if start > 0 { "…" } else { "" };
    let trail = if end < len { "…" } else { "" };
    (format!("{lead}{}{trail}", slice(start, end)), start)
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line_label = self.origin.line.to_string();
        let pad = " ".repeat(line_label.len());
        writeln!(f, "{}: {}", self.severity, self.message)?;
        writeln!(f, "{pad}--> {}", self.origin)?;
        writeln!(f, "{pad} |")?;
        writeln!(f, "{line_label} | {}", self.source_line)?;
        // Mirror tabs so that the caret lines up however tabs are shown; a
        // cut line begins with one `…`.
        let lead = usize::from(self.shown_from > 0);
        let col = (self.origin.col as usize)
            .saturating_sub(1)
            .saturating_sub(self.shown_from)
            + lead;
        let before: String = self
            .source_line
            .chars()
            .take(col)
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        let available = self
            .source_line
            .chars()
            .count()
            .saturating_sub(before.chars().count());
        let carets = self.caret_len.min(available).max(1);
        write!(f, "{pad} | {before}{}", "^".repeat(carets))?;
        if let Some(chain) = self.origin.chain_note() {
            write!(f, "\n{pad} = {chain}")?;
        }
        for note in &self.notes {
            write!(f, "\n{pad} = {note}")?;
        }
        Ok(())
    }
}

impl SourceMap {
    /// Builds a diagnostic for the byte span `span` of the expanded text.
    ///
    /// Text copied verbatim is underlined where it stands in the source (up to
    /// the end of the verbatim run and of the line); text produced by a macro is
    /// shown at the outermost macro call, whose name is underlined, with the
    /// chain of macros.
    #[must_use]
    pub fn diagnostic(
        &self,
        severity: Severity,
        message: impl Into<String>,
        span: Range<usize>,
    ) -> Diagnostic {
        let origin = self.locate(span.start);
        let caret_len = if let Some(outermost) = origin.chain.first() {
            outermost.name.chars().count()
        } else {
            let end = span.end.min(self.segment_end(span.start)).max(span.start);
            let line = self.source_line(&origin);
            let rest: String = line
                .chars()
                .skip((origin.col as usize).saturating_sub(1))
                .collect();
            let want = end - span.start;
            // Count characters covering `want` bytes of the rest of the line.
            let mut bytes = 0;
            rest.chars()
                .take_while(|c| {
                    let take = bytes < want;
                    bytes += c.len_utf8();
                    take
                })
                .count()
        };
        Diagnostic::new(severity, message, origin, self, caret_len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source_map::{Location, MacroFrame};
    use std::path::Path;
    use std::sync::Arc;

    fn sample(chain: Vec<MacroFrame>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            message: "unexpected `]`".into(),
            origin: Origin {
                file: Arc::from(Path::new("rulebook/open.txt2")),
                offset: 0,
                line: 12,
                col: 10,
                chain,
            },
            source_line: "2 1N 100 HCP(15,17)] ...".into(),
            shown_from: 0,
            caret_len: 3,
            notes: vec!["note: expanded line 12: 2 1N 100 @00P[15-17]] ...".into()],
        }
    }

    #[test]
    fn renders_with_chain_and_notes() {
        let frame = MacroFrame {
            name: Arc::from("HCP"),
            defined_at: Location {
                file: Arc::from(Path::new("rulebook/macros.m4")),
                line: 3,
                col: 1,
            },
        };
        let want = "\
error: unexpected `]`
  --> rulebook/open.txt2:12:10
   |
12 | 2 1N 100 HCP(15,17)] ...
   |          ^^^
   = in expansion of HCP (rulebook/macros.m4:3)
   = note: expanded line 12: 2 1N 100 @00P[15-17]] ...";
        assert_eq!(sample(vec![frame]).to_string(), want);
    }

    #[test]
    fn a_long_line_is_shown_as_a_window_around_the_column() {
        let mut d = sample(Vec::new());
        let line = format!("{}X{}", "a".repeat(100_000), "b".repeat(100_000));
        d.origin.col = 100_001;
        (d.source_line, d.shown_from) = super::window(&line, d.origin.col);
        d.caret_len = 1;
        d.notes.clear();
        let text = d.to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[3].chars().count() < 200, "{}", lines[3].len());
        assert!(lines[3].contains("…aaa") && lines[3].contains("Xbbb") && lines[3].ends_with('…'));
        // The caret stands under the X.
        let x = lines[3].chars().position(|c| c == 'X').unwrap();
        let caret = lines[4].chars().position(|c| c == '^').unwrap();
        assert_eq!(x, caret);
    }

    #[test]
    fn a_window_counts_characters_not_bytes() {
        let line = format!("{}X{}", "é".repeat(300), "b".repeat(300));
        let (shown, from) = super::window(&line, 301);
        assert_eq!(from, 300 - super::MAX_SHOWN / 3);
        assert!(shown.starts_with("…é") && shown.contains("Xb") && shown.ends_with('…'));
        assert_eq!(shown.chars().count(), super::MAX_SHOWN + 2);
        // A short line is shown whole.
        assert_eq!(super::window("1 1N 100", 3), ("1 1N 100".to_string(), 0));
    }

    #[test]
    fn caret_mirrors_tabs_and_stays_on_the_line() {
        let mut d = sample(Vec::new());
        d.source_line = "\tab".into();
        d.origin.col = 3;
        d.caret_len = 10;
        d.notes.clear();
        d.severity = Severity::Warning;
        assert_eq!(
            d.to_string(),
            "warning: unexpected `]`\n  --> rulebook/open.txt2:12:3\n   |\n12 | \tab\n   | \t ^"
        );
    }
}

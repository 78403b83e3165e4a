//! Parse errors: what went wrong, where, and how to show it to a rule author.
//!
//! Every error the crate reports is a [`ParseError`]: a [`ParseErrorKind`] and
//! the byte [`Span`] of the offending text. Spans are offsets into the text
//! that was parsed (the whole expanded database for
//! [`parse_database`](crate::parse_database)), so that the caller can trace
//! them back through the macro expander's source map.
//!
//! LALRPOP's own error type is converted in exactly one place,
//! [`ParseError::from_lalrpop`], which also turns the grammar's terminal names
//! into the words an author reads ("expected one of `(`, `.`, a string").
//!
//! Errors render with the project's diagnostic renderer
//! ([`macro_expander::Diagnostic`]): [`ParseError::to_diagnostic`] traces the
//! span through a macro expansion's source map (`file:line:col`, the line the
//! author wrote, a caret, "in expansion of …"); [`ParseError::render`] and
//! [`plain_diagnostic`] do the same against plain text.

use std::path::Path;
use std::sync::Arc;

use macro_expander::{Diagnostic, Expansion, Origin, Severity};

use crate::ast::Span;
use crate::lexer::Token;

/// An error found while lexing or parsing rule text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
pub struct ParseError {
    /// What went wrong.
    pub kind: ParseErrorKind,
    /// The offending text (an empty span at the end of the rule for an
    /// unexpected end).
    pub span: Span,
}

/// The kinds of [`ParseError`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A token the grammar does not allow here.
    #[error("unexpected {found}{}", expected_list(expected))]
    UnexpectedToken {
        /// The token found, as shown to the author (`` `]` ``, `whitespace`).
        found: String,
        /// What the grammar would have accepted, as shown to the author.
        expected: Vec<String>,
    },
    /// The rule (or fragment) ended too early.
    #[error("unexpected end of rule{}", expected_list(expected))]
    UnexpectedEof {
        /// What the grammar would have accepted, as shown to the author.
        expected: Vec<String>,
    },
    /// Text that is no token of the current lexical context.
    #[error("invalid token {found}{}", hint.as_deref().map(|h| format!(": {h}")).unwrap_or_default())]
    InvalidToken {
        /// The text, as shown to the author.
        found: String,
        /// What was probably meant, when the lexer can tell.
        hint: Option<String>,
    },
    /// A number larger than its field allows.
    #[error("number out of range (at most {max})")]
    NumberOutOfRange {
        /// The largest value the field accepts.
        max: u64,
    },
    /// A MATH function call with more than three arguments.
    #[error("a function takes at most 3 arguments, found {count}")]
    TooManyArguments {
        /// The number of arguments written.
        count: usize,
    },
    /// Parentheses nested, or prefix operators (`!`, `-`) stacked, deeper
    /// than the parser allows.
    #[error("nested deeper than {limit} levels (parentheses, or `!`/`-` in a row)")]
    TooDeep {
        /// The deepest nesting allowed.
        limit: usize,
    },
    /// A line that begins with a space or tab, with no rule before it to
    /// continue.
    #[error("continuation line with no rule to continue")]
    OrphanContinuation,
}

fn expected_list(expected: &[String]) -> String {
    match expected {
        [] => String::new(),
        [one] => format!(", expected {one}"),
        many => format!(", expected one of {}", many.join(", ")),
    }
}

/// The error type of the LALRPOP-generated parser.
pub(crate) type LalrpopError<'a> = lalrpop_util::ParseError<usize, Token<'a>, ParseError>;

impl ParseError {
    /// An error of `kind` at `start..end`.
    pub fn new(kind: ParseErrorKind, start: usize, end: usize) -> Self {
        ParseError {
            kind,
            span: Span::new(start, end),
        }
    }

    /// The one-line message, without location ("unexpected `]`, expected …").
    pub fn message(&self) -> String {
        self.kind.to_string()
    }

    /// Converts LALRPOP's error into ours; `src` is the text the offsets
    /// point into (used to show the offending token).
    pub(crate) fn from_lalrpop(err: LalrpopError<'_>, src: &str) -> ParseError {
        use lalrpop_util::ParseError as L;
        match err {
            L::InvalidToken { location } => ParseError::new(
                ParseErrorKind::InvalidToken {
                    found: show_text(src, location, location + 1),
                    hint: None,
                },
                location,
                next_boundary(src, location),
            ),
            L::UnrecognizedEof { location, expected } => ParseError::new(
                ParseErrorKind::UnexpectedEof {
                    expected: display_expected(&expected),
                },
                location,
                location,
            ),
            L::UnrecognizedToken {
                token: (start, tok, end),
                expected,
            } => ParseError::new(
                ParseErrorKind::UnexpectedToken {
                    found: show_token(src, &tok, start, end),
                    expected: display_expected(&expected),
                },
                start,
                end,
            ),
            L::ExtraToken {
                token: (start, tok, end),
            } => ParseError::new(
                ParseErrorKind::UnexpectedToken {
                    found: show_token(src, &tok, start, end),
                    expected: vec![END.to_string()],
                },
                start,
                end,
            ),
            L::User { error } => error,
        }
    }

    /// 1-based line and column (in characters) of the start of the span in
    /// `src`.
    pub fn line_col(&self, src: &str) -> (usize, usize) {
        line_col(src, self.span.start as usize)
    }

    /// The error as a diagnostic traced through a macro expansion: `self`'s
    /// span is an offset into `exp.text`, and the diagnostic points at the
    /// line the author wrote, with the chain of macros.
    pub fn to_diagnostic(&self, exp: &Expansion) -> Diagnostic {
        exp.diagnostic(Severity::Error, self.message(), self.span.range())
    }

    /// The error as a diagnostic against plain (unexpanded) text `src`, read
    /// from `file`.
    pub fn to_plain_diagnostic(&self, file: &Path, src: &str) -> Diagnostic {
        plain_diagnostic(Severity::Error, self.message(), file, src, self.span)
    }

    /// Renders the error against plain text, with the project's diagnostic
    /// renderer: `error: MESSAGE`, `--> name:line:col`, the source line and
    /// a caret under the span.
    ///
    /// ```
    /// let src = "1C:[]";
    /// let err = grammar::parse_goal(src).unwrap_err();
    /// assert_eq!(
    ///     err.render("goal", src),
    ///     "error: unexpected `]`, expected one of a character, `#` and a grab letter\n --> goal:1:5\n  |\n1 | 1C:[]\n  |     ^"
    /// );
    /// ```
    pub fn render(&self, name: &str, src: &str) -> String {
        self.to_plain_diagnostic(Path::new(name), src).to_string()
    }
}

/// A diagnostic for byte span `span` of plain text `src` read from `file`
/// (no macros: the origin is the text itself).
pub fn plain_diagnostic(
    severity: Severity,
    message: impl Into<String>,
    file: &Path,
    src: &str,
    span: Span,
) -> Diagnostic {
    let start = floor_boundary(src, (span.start as usize).min(src.len()));
    let (line, col) = line_col(src, start);
    let line_start = src[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = src[start..].find('\n').map_or(src.len(), |i| start + i);
    let (source_line, shown_from) = macro_expander::diagnostic::window(
        src[line_start..line_end].trim_end_matches('\r'),
        col as u32,
    );
    let end = floor_boundary(src, (span.end as usize).clamp(start, line_end));
    let caret_len = src[start..end].chars().count().max(1);
    Diagnostic {
        severity,
        message: message.into(),
        origin: Origin {
            file: Arc::from(file),
            offset: start,
            line: line as u32,
            col: col as u32,
            chain: Vec::new(),
        },
        source_line,
        shown_from,
        caret_len,
        notes: Vec::new(),
    }
}

/// 1-based line and column (counted in characters) of byte `offset` in `src`.
pub fn line_col(src: &str, offset: usize) -> (usize, usize) {
    let offset = floor_boundary(src, offset.min(src.len()));
    let before = &src[..offset];
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = before[line_start..].chars().count() + 1;
    (line, col)
}

fn floor_boundary(src: &str, mut i: usize) -> usize {
    while i > 0 && !src.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn next_boundary(src: &str, i: usize) -> usize {
    let mut j = (i + 1).min(src.len());
    while j < src.len() && !src.is_char_boundary(j) {
        j += 1;
    }
    j
}

/// Shows source text `start..end` in backticks, shortened when long.
pub(crate) fn show_text(src: &str, start: usize, end: usize) -> String {
    let start = floor_boundary(src, start.min(src.len()));
    let end = floor_boundary(src, end.min(src.len())).max(start);
    let text = &src[start..end];
    if text.is_empty() {
        return "end of rule".to_string();
    }
    let mut shown: String = text.chars().take(20).flat_map(char::escape_debug).collect();
    if text.chars().count() > 20 {
        shown.push('…');
    }
    if shown.contains('`') {
        format!("`` {shown} ``")
    } else {
        format!("`{shown}`")
    }
}

fn show_token(src: &str, tok: &Token<'_>, start: usize, end: usize) -> String {
    match tok {
        Token::Sep => "whitespace".to_string(),
        _ => show_text(src, start, end),
    }
}

/// How the end of the parsed text is shown in "expected" lists.
const END: &str = "end of rule";

/// Turns LALRPOP's terminal names (`"\"(\""`, `"\"string\""`) into the words
/// shown to an author, without duplicates.
fn display_expected(expected: &[String]) -> Vec<String> {
    if expected.is_empty() {
        // Only the end of the text would have done.
        return vec![END.to_string()];
    }
    let mut out: Vec<String> = Vec::with_capacity(expected.len());
    for name in expected {
        let shown = display_terminal(name.trim_matches('"').replace("\\\"", "\""));
        if !out.contains(&shown) {
            out.push(shown);
        }
    }
    out
}

fn display_terminal(name: String) -> String {
    let word = match name.as_str() {
        "whitespace" => "whitespace",
        "number" => "a number",
        "flag" => "a flag (`C`, `R`, `X` or `?`)",
        "string" => "a string",
        "character" => "a character",
        "grab" => "a grab letter",
        "#grab" => "`#` and a grab letter",
        "#function" => "a function `#n`",
        "goto" => "a GOTO `@nn`",
        "@label" => "a label `@LABEL`",
        "$end" => "`$`",
        "class [" => "`[`",
        "math [" => "`[`",
        "spec field" => "a field (`:P`, `:M`, `:L`, `:Q`)",
        "suit field" => "a suit field (`:D`, `:H`, `:S`, `:G`)",
        "suit" => "a suit (`C`, `D`, `H`, `S`)",
        "comparison" => "a comparison (`>=`, `<=`, `>`, `<`, `==`, `!=`, `=`)",
        "*expl" => "an explanation `*n`",
        "#id" => "a rule id `#n`",
        _ => return format!("`{name}`"),
    };
    word.to_string()
}

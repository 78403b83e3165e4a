//! A whole database: logical lines, comments, and recovery at rule
//! boundaries.
//!
//! A rule starts on a line whose first character is neither a space, a tab
//! nor `;`, and goes on over every following line that begins with a space
//! or a tab (a continuation line). Lines that begin with `;` are comments;
//! blank lines are skipped. Each rule is parsed on its own, so one bad rule
//! never hides the next: [`parse_database`] returns every rule that parsed
//! and every error, with spans that are offsets into the whole text.
//!
//! Because the rules are independent, they are parsed in parallel (on
//! rayon's global pool; one after the other without the `parallel` feature,
//! as in the WebAssembly build); the rules and the errors still come back in
//! the order written, the same on every run. [`parse_database_with`] also runs
//! the caller's per-rule work (compiling, checking) on the same threads,
//! right after each rule is parsed.

#[cfg(feature = "parallel")]
use rayon::iter::{Either, IndexedParallelIterator, IntoParallelRefIterator, ParallelIterator};
use serde::Serialize;

use crate::ast::{Rule, Span};
use crate::error::{ParseError, ParseErrorKind};
use crate::parser::{RuleParser, parse_rule_at};

/// The result of parsing a whole database: by default the rules
/// themselves, or what [`parse_database_with`] made of each.
#[derive(Debug, Clone)]
pub struct Database<R = Rule> {
    /// The rules that parsed, in the order written.
    pub rules: Vec<R>,
    /// Every error, in the order written.
    pub errors: Vec<ParseError>,
}

impl<R> Default for Database<R> {
    fn default() -> Self {
        Database {
            rules: Vec::new(),
            errors: Vec::new(),
        }
    }
}

#[cfg(feature = "parallel")]
/// Logical lines per parallel task at least: enough to outweigh handing the
/// task to another thread, few enough to share a small database out.
const MIN_LINES_PER_TASK: usize = 16;

/// Where one logical line of a database lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Line {
    /// A rule, continuation lines included, trailing whitespace excluded.
    Rule(Span),
    /// A `;` comment line (the span excludes the line break).
    Comment(Span),
    /// A continuation line with no rule before it to continue.
    Orphan(Span),
}

/// Splits `text` into its logical lines (blank lines are left out).
pub fn logical_lines(text: &str) -> Vec<Line> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut pos = 0;
    // The rule being collected: its start and the end of its last non-blank
    // text.
    let mut current: Option<(usize, usize)> = None;
    while pos < bytes.len() {
        let line_end = memchr_newline(bytes, pos);
        let next = if line_end < bytes.len() {
            line_end + 1
        } else {
            line_end
        };
        let content_end = trim_end(bytes, pos, line_end);
        match bytes[pos] {
            b' ' | b'\t' => {
                if content_end > pos {
                    // Does the line hold anything but whitespace?
                    let has_text = bytes[pos..content_end]
                        .iter()
                        .any(|b| !matches!(b, b' ' | b'\t'));
                    match (&mut current, has_text) {
                        (Some((_, end)), true) => *end = content_end,
                        (None, true) => {
                            out.push(Line::Orphan(Span::new(first_text(bytes, pos), content_end)));
                        }
                        _ => {}
                    }
                }
            }
            b'\n' | b'\r' if content_end == pos => {
                // A blank line ends the rule.
                flush(&mut current, &mut out);
            }
            b';' => {
                flush(&mut current, &mut out);
                out.push(Line::Comment(Span::new(pos, content_end)));
            }
            _ => {
                flush(&mut current, &mut out);
                current = Some((pos, content_end));
            }
        }
        pos = next;
    }
    flush(&mut current, &mut out);
    out
}

fn flush(current: &mut Option<(usize, usize)>, out: &mut Vec<Line>) {
    if let Some((start, end)) = current.take() {
        out.push(Line::Rule(Span::new(start, end)));
    }
}

fn memchr_newline(bytes: &[u8], from: usize) -> usize {
    bytes[from..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |i| from + i)
}

fn trim_end(bytes: &[u8], start: usize, mut end: usize) -> usize {
    while end > start && matches!(bytes[end - 1], b' ' | b'\t' | b'\r') {
        end -= 1;
    }
    end
}

fn first_text(bytes: &[u8], mut pos: usize) -> usize {
    while pos < bytes.len() && matches!(bytes[pos], b' ' | b'\t') {
        pos += 1;
    }
    pos
}

/// Parses every rule of a database (an expanded rule file), recovering at
/// rule boundaries. Spans are offsets into `text`.
///
/// ```
/// let db = grammar::parse_database("; openings\n1 1C 10 . .\n1 1D( 10 . .\n1 1H 10 . .\n");
/// assert_eq!(db.rules.len(), 2);
/// assert_eq!(db.errors.len(), 1);
/// ```
pub fn parse_database(text: &str) -> Database {
    parse_database_with(text, |rule| rule)
}

/// Parses every rule of a database like [`parse_database`], and hands each
/// rule that parsed to `f` on the thread that parsed it; the database holds
/// what `f` returned, in the order the rules are written.
///
/// The lines are parsed in parallel, so `f` runs in parallel too (in no
/// particular order); each rule is dropped on its worker once `f` is done
/// with it, unless `f` keeps it.
///
/// ```
/// let db = grammar::database::parse_database_with("1 1C 10 . .\n2 1C:P:1H 12 . .\n", |r| r.level.node);
/// assert_eq!(db.rules, [1, 2]);
/// ```
pub fn parse_database_with<R, F>(text: &str, f: F) -> Database<R>
where
    R: Send,
    F: Fn(Rule) -> R + Sync,
{
    let parser = RuleParser::new();
    let lines = logical_lines(text);
    let parse_line = |line: &Line| match *line {
        Line::Rule(span) => Some(
            match parse_rule_at(&parser, &text[..span.end as usize], span.start as usize) {
                Ok(rule) => Ok(f(rule)),
                Err(e) => Err(e),
            },
        ),
        Line::Orphan(span) => Some(Err(ParseError {
            kind: ParseErrorKind::OrphanContinuation,
            span,
        })),
        Line::Comment(_) => None,
    };
    #[cfg(feature = "parallel")]
    let (rules, errors) = lines
        .par_iter()
        .with_min_len(MIN_LINES_PER_TASK)
        .filter_map(parse_line)
        // Each side keeps the order of the lines.
        .partition_map(|outcome| match outcome {
            Ok(rule) => Either::Left(rule),
            Err(e) => Either::Right(e),
        });
    #[cfg(not(feature = "parallel"))]
    let (rules, errors) = {
        let mut rules = Vec::new();
        let mut errors = Vec::new();
        for outcome in lines.iter().filter_map(parse_line) {
            match outcome {
                Ok(rule) => rules.push(rule),
                Err(e) => errors.push(e),
            }
        }
        (rules, errors)
    };
    Database { rules, errors }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_rules_comments_and_continuations() {
        let text = "; c\n1 1C\n  10 . .\n   \n\n\tX\n2 P 5 . .\r\n\tY \n";
        let lines = logical_lines(text);
        let shown: Vec<String> = lines
            .iter()
            .map(|l| match l {
                Line::Rule(s) => format!("R {:?}", &text[s.range()]),
                Line::Comment(s) => format!("C {:?}", &text[s.range()]),
                Line::Orphan(s) => format!("O {:?}", &text[s.range()]),
            })
            .collect();
        assert_eq!(
            shown,
            [
                "C \"; c\"",
                "R \"1 1C\\n  10 . .\"",
                "O \"X\"",
                "R \"2 P 5 . .\\r\\n\\tY\"",
            ]
        );
    }
}

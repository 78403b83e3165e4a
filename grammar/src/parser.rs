//! The parse entry points and the helpers the grammar's actions call.
//!
//! The LALRPOP grammar (`grammar.lalrpop`) is compiled by `build.rs` into the
//! private `generated` module; each public entry point here starts the
//! [`Lexer`] in the right context, runs the matching start symbol and
//! converts any error with [`ParseError::from_lalrpop`].

use crate::ast::*;
use crate::error::{LalrpopError, ParseError, ParseErrorKind};
use crate::lexer::Lexer;

#[allow(
    clippy::all,
    clippy::pedantic,
    unused_qualifications,
    unused_parens,
    unused_imports,
    unused_mut,
    missing_docs,
    dead_code,
    unreachable_pub,
    trivial_casts,
    non_snake_case,
    non_camel_case_types
)]
mod generated {
    include!(concat!(env!("OUT_DIR"), "/grammar.rs"));
}

/// The recursive-ascent parser of the `Rule` start symbol (see `build.rs`).
#[allow(
    clippy::all,
    clippy::pedantic,
    unused_qualifications,
    unused_parens,
    unused_imports,
    unused_mut,
    unused_variables,
    missing_docs,
    dead_code,
    unreachable_pub,
    trivial_casts,
    non_snake_case,
    non_camel_case_types
)]
mod fast {
    include!(concat!(env!("OUT_DIR"), "/fast/grammar_fast.rs"));
}

pub(crate) use generated::{ExprParser, GoalParser, SpecParser};

/// The two parsers of a rule line: the fast one first, the exact one for
/// the error when the fast one rejects the rule.
pub(crate) struct RuleParser {
    fast: fast::RuleParser,
    exact: generated::RuleParser,
}

impl RuleParser {
    /// Both parsers.
    pub(crate) fn new() -> Self {
        RuleParser {
            fast: fast::RuleParser::new(),
            exact: generated::RuleParser::new(),
        }
    }
}

/// The span `l..r`.
pub(crate) fn sp(l: usize, r: usize) -> Span {
    Span::new(l, r)
}

/// `node` spanning `l..r`.
pub(crate) fn spanned<T>(node: T, l: usize, r: usize) -> Spanned<T> {
    Spanned::new(node, sp(l, r))
}

/// Number types a lexed `u32` may be narrowed to.
pub(crate) trait Narrow: TryFrom<u32> {
    /// The largest value of the type.
    const MAX: u64;
}

impl Narrow for u8 {
    const MAX: u64 = u8::MAX as u64;
}

impl Narrow for u16 {
    const MAX: u64 = u16::MAX as u64;
}

impl Narrow for i32 {
    const MAX: u64 = i32::MAX as u64;
}

fn user<'a>(kind: ParseErrorKind, l: usize, r: usize) -> LalrpopError<'a> {
    lalrpop_util::ParseError::User {
        error: ParseError::new(kind, l, r),
    }
}

/// Narrows the number written at `l..r`, or reports it out of range.
pub(crate) fn narrow<'a, T: Narrow>(n: u32, l: usize, r: usize) -> Result<T, LalrpopError<'a>> {
    T::try_from(n).map_err(|_| user(ParseErrorKind::NumberOutOfRange { max: T::MAX }, l, r))
}

/// A binary MATH expression spanning `l..r`.
pub(crate) fn bin(op: BinOp, lhs: Expr, rhs: Expr, l: usize, r: usize) -> Expr {
    Expr {
        kind: ExprKind::Binary {
            op,
            lhs: Box::new(lhs),
            rhs: Box::new(rhs),
        },
        span: sp(l, r),
    }
}

/// A function call `#f(args)`: `l..fr` is the function number, `l..r` the
/// whole call.
pub(crate) fn make_call<'a>(
    func: u32,
    l: usize,
    fr: usize,
    args: Vec<Expr>,
    r: usize,
) -> Result<Expr, LalrpopError<'a>> {
    let func = narrow::<u16>(func, l, fr)?;
    if args.len() > 3 {
        let start = args[3].span.start as usize;
        return Err(user(
            ParseErrorKind::TooManyArguments { count: args.len() },
            start,
            args[args.len() - 1].span.end as usize,
        ));
    }
    Ok(Expr {
        kind: ExprKind::Call {
            func,
            func_span: sp(l, fr),
            args,
        },
        span: sp(l, r),
    })
}

/// A spec value (with its suit for per-suit fields) spanning `l..r`.
pub(crate) fn make_spec_value(
    value: Value,
    suit: Option<SuitRef>,
    l: usize,
    r: usize,
) -> SpecValue {
    SpecValue {
        value,
        suit,
        span: sp(l, r),
    }
}

/// `regexp`, with a leading `START` split off the first string: `START6N:X`
/// becomes `start` plus the string `6N:X`.
pub(crate) fn make_regexp(
    mut terms: Vec<Term>,
    end: Option<Spanned<u8>>,
    l: usize,
    r: usize,
) -> Regexp {
    let mut start = None;
    if let Some(first) = terms.first_mut()
        && let PrimaryKind::Str(s) = &first.primary.kind
        && s.starts_with("START")
        && (s.len() > 5 || first.repeat.is_none())
    {
        let at = first.primary.span.start;
        start = Some(Span {
            start: at,
            end: at + 5,
        });
        let rest = &s[5..];
        if rest.is_empty() {
            terms.remove(0);
        } else {
            let kind = if rest.len() == 1 {
                PrimaryKind::Char(rest.as_bytes()[0] as char)
            } else {
                PrimaryKind::Str(rest.to_string())
            };
            first.primary.kind = kind;
            first.primary.span.start += 5;
            first.span.start += 5;
        }
    }
    Regexp {
        start,
        terms,
        end,
        span: sp(l, r),
    }
}

/// The length of `text` without trailing whitespace: trailing blanks and
/// newlines never matter, and dropping them keeps every offset unchanged.
fn trimmed(text: &str) -> &str {
    text.trim_end_matches([' ', '\t', '\r', '\n'])
}

/// How deep parentheses may nest, and how many prefix operators (`!`, `-`)
/// may stand in a row: far beyond any rule written by hand, and shallow
/// enough that the parser (and every later recursive pass) cannot run out
/// of stack on a worker thread.
pub const MAX_NESTING: usize = 100;

/// Refuses text nested deeper than [`MAX_NESTING`] before it reaches the
/// recursive parser: the first `(` past the limit, or the first `!`/`-` of a
/// run longer than it (blanks between them count as part of the run).
fn check_nesting(src: &str, start: usize) -> Result<(), ParseError> {
    let mut depth = 0usize;
    let mut run = 0usize;
    let mut run_start = start;
    for (i, b) in src.bytes().enumerate().skip(start) {
        match b {
            b'(' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Err(too_deep(i, i + 1));
                }
            }
            b')' => depth = depth.saturating_sub(1),
            _ => {}
        }
        match b {
            b'!' | b'-' => {
                if run == 0 {
                    run_start = i;
                }
                run += 1;
                if run > MAX_NESTING {
                    return Err(too_deep(run_start, i + 1));
                }
            }
            b' ' | b'\t' | b'(' if run > 0 => {}
            _ => run = 0,
        }
    }
    Ok(())
}

fn too_deep(start: usize, end: usize) -> ParseError {
    ParseError::new(ParseErrorKind::TooDeep { limit: MAX_NESTING }, start, end)
}

/// Parses one logical rule line (continuation lines included):
/// `level def cr seq prio constraint spec *expl #id`.
///
/// ```
/// let rule = grammar::parse_rule("2dC 1C:P:1H 80 @00P[1-2] :P12:D5S *3 #40").unwrap();
/// assert_eq!(rule.level.node, 2);
/// assert_eq!(rule.id.map(|id| id.node), Some(40));
/// ```
pub fn parse_rule(text: &str) -> Result<Rule, ParseError> {
    let src = trimmed(text);
    parse_rule_at(&RuleParser::new(), src, 0)
}

/// Parses the rule `src[start..]`, with offsets into `src`.
pub(crate) fn parse_rule_at(
    parser: &RuleParser,
    src: &str,
    start: usize,
) -> Result<Rule, ParseError> {
    check_nesting(src, start)?;
    match parser.fast.parse(Lexer::rule(src, start)) {
        Ok(rule) => Ok(*rule),
        // The recursive-ascent parser's "expected" lists are approximate:
        // the table-driven parser finds the same error with the exact list.
        Err(_) => parser
            .exact
            .parse(Lexer::rule(src, start))
            .map(|rule| *rule)
            .map_err(|e| ParseError::from_lalrpop(e, src)),
    }
}

/// Parses a lone goal (`optexp at_tok`), such as a seq or a constraint
/// field. The empty text is the empty goal.
///
/// ```
/// let goal = grammar::parse_goal("1N@NT").unwrap();
/// assert_eq!(goal.at.unwrap().node, "NT");
/// ```
pub fn parse_goal(text: &str) -> Result<Goal, ParseError> {
    let src = trimmed(text);
    check_nesting(src, 0)?;
    GoalParser::new()
        .parse(Lexer::goal(src))
        .map_err(|e| ParseError::from_lalrpop(e, src))
}

/// Parses a lone specification (`:P12:d5S`, `.`, `~a=1~:D#aS`).
///
/// ```
/// let spec = grammar::parse_spec(":P12:p14").unwrap();
/// assert_eq!(spec.items.len(), 2);
/// ```
pub fn parse_spec(text: &str) -> Result<Spec, ParseError> {
    let src = trimmed(text);
    check_nesting(src, 0)?;
    SpecParser::new()
        .parse(Lexer::spec(src))
        .map_err(|e| ParseError::from_lalrpop(e, src))
}

/// Parses a lone MATH expression, written without the surrounding `~`.
///
/// ```
/// let e = grammar::parse_expr("b<=g&(a)").unwrap();
/// assert_eq!(grammar::print_expr(&e), "b<=g&a");
/// ```
pub fn parse_expr(text: &str) -> Result<Expr, ParseError> {
    let src = trimmed(text);
    check_nesting(src, 0)?;
    ExprParser::new()
        .parse(Lexer::math(src))
        .map_err(|e| ParseError::from_lalrpop(e, src))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hostile nesting is refused with an error at its place, not a stack
    /// overflow (found by fuzzing: 2,200 `(` or 2,000 `!` aborted the
    /// process).
    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let deep =
            |open: &str, close: &str, n: usize| format!("{}1{}", open.repeat(n), close.repeat(n));
        for (text, kind) in [
            (format!("1 1C 50 {}. :P1", "(".repeat(2200)), "rule"),
            (format!("1 1C 50 {}1C :P1", "!".repeat(2000)), "rule"),
            (format!("~{}~", deep("(", ")", 3000)), "goal"),
            (format!("~{}1~", "- ".repeat(3000)), "goal"),
        ] {
            let e = match kind {
                "rule" => parse_rule(&text).unwrap_err(),
                _ => parse_goal(&text).unwrap_err(),
            };
            assert!(
                matches!(e.kind, ParseErrorKind::TooDeep { .. }),
                "{}",
                e.message()
            );
        }
        // Ordinary depth still parses.
        assert!(parse_goal(&format!("~{}~", deep("(", ")", 50))).is_ok());
        assert!(parse_expr("8-#250(s)-1").is_ok());
    }

    /// The fast and the exact parser accept the same rules and build the
    /// same trees.
    #[test]
    fn fast_and_exact_parsers_agree() {
        let inputs = [
            "2dC 1C:P:1H 80 @00P[1-2] :P12:D5S *3 #40",
            "0 START6N:X$1 50 . .",
            "1 1C 10 ~#3(a,b,c)[1,2]|-x*3~ ~a=1~:D#aS4H.",
            "1 1C 10 ~#3(a,b,c,d)~ .",
            "2 1C** 10 . .",
            "1 (1C|1D)&,@05+1&&. 5 @NT `:P1`",
            "1 1C",
            "",
        ];
        let parser = RuleParser::new();
        for src in inputs {
            let fast = parser.fast.parse(Lexer::rule(src, 0)).map_err(|_| ());
            let exact = parser.exact.parse(Lexer::rule(src, 0)).map_err(|_| ());
            assert_eq!(fast, exact, "{src}");
        }
    }
}

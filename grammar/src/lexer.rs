//! The modal lexer: one logos token enum per lexical context, switched by a
//! wrapper that follows the context from its own tokens.
//!
//! The seed names four contexts — the default (pattern) context, BRACKETS
//! (inside `[...]` of a pattern), MATH (inside `~...~`) and SPEC (the
//! specification). A rule line adds two small ones of its own: HEADER (the
//! `level def cr` field and the priority, plain numbers and flags) and TAIL
//! (the optional `*expl` and `#id` fields).
//!
//! [`Lexer`] wraps a `logos::Lexer` of the current context's enum and
//! `morph`s it into another enum when the context changes, like Nickel's
//! parser does:
//!
//! - `[`, `[^`, `[<`, `[>`, `[+…` or `[-…` in a pattern enters BRACKETS; `]`
//!   leaves it;
//! - `~` in a pattern or a spec enters MATH; the next `~` leaves it;
//! - in a rule line ([`Lexer::rule`]) every top-level run of field whitespace
//!   (spaces, tabs, and a newline followed by a space or tab — a continuation
//!   line) moves to the next field: HEADER, pattern (seq), HEADER
//!   (priority), pattern (constraint), SPEC, then TAIL.
//!
//! The contexts entered from another are kept on a mode stack and restored
//! when left. The lexer yields `Result<(start, Token, end), ParseError>`, the
//! shape LALRPOP's `extern` block expects; offsets are byte offsets into the
//! whole text the lexer was given, so a rule cut out of a database keeps the
//! database's offsets. Trailing whitespace at the very end is dropped.

use logos::Logos;

use crate::ast::{BinOp, Bound, ClassOp, Flag, Goto, SpecField};
use crate::error::{ParseError, ParseErrorKind, show_text};

/// The error payload of every logos enum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LexErrorKind {
    /// Text that is no token of the context.
    #[default]
    Invalid,
    /// A number too large for `u32`.
    Overflow,
    /// `@` with one digit and no label letter after it.
    BadAt,
    /// `#a` in MATH, where a grab is written without `#`.
    GrabInMath,
    /// A lower-case letter in a spec, where a grab is written `#a`.
    LetterInSpec,
}

/// Parses the decimal digits of `s` (skipping `skip` leading bytes).
fn digits(s: &str, skip: usize) -> Result<u32, LexErrorKind> {
    let mut n: u32 = 0;
    for b in s.as_bytes()[skip..].iter() {
        n = n
            .checked_mul(10)
            .and_then(|n| n.checked_add(u32::from(b - b'0')))
            .ok_or(LexErrorKind::Overflow)?;
    }
    Ok(n)
}

fn first_char(s: &str, skip: usize) -> char {
    s[skip..].chars().next().unwrap_or('\0')
}

/// HEADER context: the `level def cr` field and the priority.
#[derive(Logos, Debug, Clone, Copy, PartialEq)]
#[logos(error = LexErrorKind)]
enum HeaderTok {
    #[regex("[0-9]+", |l| digits(l.slice(), 0))]
    Num(u32),
    #[token("d")]
    Def,
    #[token("C", |_| Flag::Captain)]
    #[token("R", |_| Flag::Relinquish)]
    #[token("X", |_| Flag::NoThink)]
    #[token("?", |_| Flag::Simulate)]
    Flag(Flag),
    #[regex(r"([ \t]|\r?\n[ \t])+")]
    Sep,
}

/// The default context: patterns.
#[derive(Logos, Debug, Clone, Copy, PartialEq)]
#[logos(error = LexErrorKind)]
enum PatTok {
    #[regex("[:_A-Z0-9]+")]
    Str,
    #[regex("[a-z]")]
    Letter,
    #[regex("#[a-z]")]
    GrabRef,
    #[token(".")]
    Dot,
    #[token(",")]
    Comma,
    #[token("!")]
    Bang,
    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    #[token("|")]
    Pipe,
    #[token("&")]
    Amp,
    #[token("&&")]
    AmpAmp,
    #[regex(r"@[0-9][0-9]\+?", |l| goto(l.slice()))]
    Goto(Goto),
    #[regex("@[:_A-Z][:_A-Z0-9]*")]
    #[regex("@[0-9][:_A-Z][:_A-Z0-9]*")]
    At,
    #[regex("@[0-9]", bad_at)]
    BadAt,
    #[regex(r"\$[0-9]*", |l| digits(l.slice(), 1))]
    End(u32),
    #[token("*")]
    Star,
    #[token("+")]
    Plus,
    #[token("?")]
    Question,
    #[token("~")]
    Tilde,
    #[token("[", |_| ClassOp::Any)]
    #[token("[^", |_| ClassOp::None)]
    #[token("[<", |_| ClassOp::Below)]
    #[token("[>", |_| ClassOp::Above)]
    #[regex(r"\[\++", |l| count(l.slice(), ClassOp::Up))]
    #[regex(r"\[-+", |l| count(l.slice(), ClassOp::Down))]
    ClassOpen(ClassOp),
    #[regex(r"([ \t]|\r?\n[ \t])+")]
    Sep,
}

fn bad_at(_: &mut logos::Lexer<'_, PatTok>) -> Result<(), LexErrorKind> {
    Err(LexErrorKind::BadAt)
}

fn grab_in_math(_: &mut logos::Lexer<'_, MathTok>) -> Result<(), LexErrorKind> {
    Err(LexErrorKind::GrabInMath)
}

fn letter_in_spec(_: &mut logos::Lexer<'_, SpecTok>) -> Result<(), LexErrorKind> {
    Err(LexErrorKind::LetterInSpec)
}

fn goto(s: &str) -> Goto {
    let b = s.as_bytes();
    Goto::To {
        offset: (b[1] - b'0') * 10 + (b[2] - b'0'),
        plus: b.len() > 3,
    }
}

fn count(s: &str, make: fn(u8) -> ClassOp) -> Result<ClassOp, LexErrorKind> {
    u8::try_from(s.len() - 1)
        .map(make)
        .map_err(|_| LexErrorKind::Overflow)
}

/// BRACKETS context: the items of a character class.
#[derive(Logos, Debug, Clone, Copy, PartialEq)]
#[logos(error = LexErrorKind)]
enum BracketTok {
    #[regex("[:_A-Z0-9]")]
    Char,
    #[regex("#[a-z]")]
    GrabRef,
    #[token("-")]
    Dash,
    #[token("]")]
    Close,
    #[regex(r"[ \t\r\n]+")]
    Space,
}

/// MATH context: expressions between `~`. Whitespace is skipped.
#[derive(Logos, Debug, Clone, Copy, PartialEq)]
#[logos(error = LexErrorKind)]
#[logos(skip r"[ \t\r\n]+")]
enum MathTok {
    #[regex("[0-9]+", |l| digits(l.slice(), 0))]
    Num(u32),
    #[regex("[CDHSNPXR]")]
    Char,
    #[regex("[a-z]")]
    Letter,
    #[regex("#[0-9]+", |l| digits(l.slice(), 1))]
    Func(u32),
    #[token(".")]
    Dot,
    #[token("-")]
    Minus,
    #[token("+")]
    Plus,
    #[token("*")]
    Star,
    #[token("!")]
    Bang,
    #[token(">=", |_| BinOp::Ge)]
    #[token("<=", |_| BinOp::Le)]
    #[token(">", |_| BinOp::Gt)]
    #[token("<", |_| BinOp::Lt)]
    #[token("==", |_| BinOp::Eq)]
    #[token("!=", |_| BinOp::Ne)]
    #[token("=", |_| BinOp::Assign)]
    Cmp(BinOp),
    #[token("&&")]
    AmpAmp,
    #[token("||")]
    PipePipe,
    #[token("&")]
    Amp,
    #[token("|")]
    Pipe,
    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    #[token("[")]
    LBracket,
    #[token("]")]
    RBracket,
    #[token(",")]
    Comma,
    #[token("~")]
    Tilde,
    #[regex("#[a-z]", grab_in_math)]
    BadGrab,
}

/// SPEC context: the specification field.
#[derive(Logos, Debug, Clone, Copy, PartialEq)]
#[logos(error = LexErrorKind)]
enum SpecTok {
    #[regex(":[PMLQpmlq]", |l| field(l.slice()))]
    Field((SpecField, Bound)),
    #[regex(":[DHSGdhsg]", |l| field(l.slice()))]
    SuitField((SpecField, Bound)),
    #[regex("[CDHS]")]
    Suit,
    #[regex("[0-9]+", |l| digits(l.slice(), 0))]
    Num(u32),
    #[regex("#[a-z]")]
    GrabRef,
    #[regex("#[0-9]+", |l| digits(l.slice(), 1))]
    Func(u32),
    #[token(".")]
    Dot,
    #[token("~")]
    Tilde,
    #[token("`")]
    Backtick,
    #[regex("[a-z]", letter_in_spec)]
    BadLetter,
    #[regex(r"([ \t]|\r?\n[ \t])+")]
    Sep,
}

fn field(s: &str) -> (SpecField, Bound) {
    let c = first_char(s, 1);
    let bound = if c.is_ascii_uppercase() {
        Bound::Min
    } else {
        Bound::Max
    };
    let field = match c.to_ascii_uppercase() {
        'P' => SpecField::Hcp,
        'M' => SpecField::Points,
        'L' => SpecField::Losers,
        'Q' => SpecField::Controls,
        'D' => SpecField::Length,
        'H' => SpecField::Honors,
        'S' => SpecField::Stopper,
        _ => SpecField::Quality,
    };
    (field, bound)
}

/// TAIL context: `*expl` and `#id` after the spec.
#[derive(Logos, Debug, Clone, Copy, PartialEq)]
#[logos(error = LexErrorKind)]
enum TailTok {
    #[regex(r"\*[0-9]+", |l| digits(l.slice(), 1))]
    Expl(u32),
    #[regex("#[0-9]+", |l| digits(l.slice(), 1))]
    Id(u32),
    #[regex(r"([ \t]|\r?\n[ \t])+")]
    Sep,
}

/// The tokens handed to the parser, all contexts together.
///
/// Terminals that look alike in several contexts share a variant (`(`, `,`,
/// numbers); the grammar only expects each where its context produces it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Token<'a> {
    /// Field whitespace of a rule line (or stray whitespace elsewhere).
    Sep,
    /// A decimal number (level, priority, MATH or spec value).
    Num(u32),
    /// `d` in the `level def cr` field.
    Def,
    /// `C`, `R`, `X` or `?` in the `level def cr` field.
    Flag(Flag),
    /// A pattern string of two or more characters from `[:_A-Z0-9]`.
    Str(&'a str),
    /// A single character (pattern, class or MATH).
    Char(char),
    /// A lower-case letter: a push in a pattern, a grab value in MATH.
    Letter(char),
    /// `#a`: a grab match / grab reference.
    GrabRef(char),
    /// `#n` in MATH or a spec: a function of the dispatch table.
    Func(u32),
    /// `.`
    Dot,
    /// `,`
    Comma,
    /// `!`
    Bang,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `|`
    Pipe,
    /// `&`
    Amp,
    /// `&&`: GOTO-to-start in a pattern, logical and in MATH.
    AmpAmp,
    /// `||` (MATH).
    PipePipe,
    /// `@nn` or `@nn+`.
    Goto(Goto),
    /// `@LABEL`; the payload excludes the `@`.
    At(&'a str),
    /// `$` or `$n`.
    End(u32),
    /// `*`
    Star,
    /// `+`
    Plus,
    /// `?` (iterator)
    Question,
    /// `-` (class range or MATH minus).
    Minus,
    /// `~`
    Tilde,
    /// `[`, `[^`, `[<`, `[>`, `[+…`, `[-…` opening a class.
    ClassOpen(ClassOp),
    /// `[` in MATH (between-test).
    LBracket,
    /// `]`
    RBracket,
    /// A MATH comparison or assignment operator (level 1).
    Cmp(BinOp),
    /// `:P`, `:M`, `:L`, `:Q` (either case).
    SpecField(SpecField, Bound),
    /// `:D`, `:H`, `:S`, `:G` (either case).
    SuitField(SpecField, Bound),
    /// `C`, `D`, `H` or `S` in a spec.
    Suit(char),
    /// `` ` `` around a spec.
    Backtick,
    /// `*n`: explanation id.
    Expl(u32),
    /// `#n`: rule id.
    Id(u32),
}

/// A lexical context.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// `level def cr` and the priority.
    Header,
    /// Patterns (the seed's default context).
    Pattern,
    /// Inside `[...]` of a pattern.
    Brackets,
    /// Inside `~...~`.
    Math,
    /// A specification.
    Spec,
    /// `*expl #id`.
    Tail,
}

enum Modal<'a> {
    Header(logos::Lexer<'a, HeaderTok>),
    Pattern(logos::Lexer<'a, PatTok>),
    Brackets(logos::Lexer<'a, BracketTok>),
    Math(logos::Lexer<'a, MathTok>),
    Spec(logos::Lexer<'a, SpecTok>),
    Tail(logos::Lexer<'a, TailTok>),
}

fn morph_into<'a, T>(lex: logos::Lexer<'a, T>, mode: Mode) -> Modal<'a>
where
    T: Logos<'a, Source = str, Extras = ()>,
{
    match mode {
        Mode::Header => Modal::Header(lex.morph()),
        Mode::Pattern => Modal::Pattern(lex.morph()),
        Mode::Brackets => Modal::Brackets(lex.morph()),
        Mode::Math => Modal::Math(lex.morph()),
        Mode::Spec => Modal::Spec(lex.morph()),
        Mode::Tail => Modal::Tail(lex.morph()),
    }
}

impl<'a> Modal<'a> {
    fn mode(&self) -> Mode {
        match self {
            Modal::Header(_) => Mode::Header,
            Modal::Pattern(_) => Mode::Pattern,
            Modal::Brackets(_) => Mode::Brackets,
            Modal::Math(_) => Mode::Math,
            Modal::Spec(_) => Mode::Spec,
            Modal::Tail(_) => Mode::Tail,
        }
    }

    fn morph(self, mode: Mode) -> Modal<'a> {
        match self {
            Modal::Header(l) => morph_into(l, mode),
            Modal::Pattern(l) => morph_into(l, mode),
            Modal::Brackets(l) => morph_into(l, mode),
            Modal::Math(l) => morph_into(l, mode),
            Modal::Spec(l) => morph_into(l, mode),
            Modal::Tail(l) => morph_into(l, mode),
        }
    }
}

/// A stack of contexts with inline room for the depths that occur; pushes
/// past that are ignored (they cannot happen: see [`Lexer`]).
#[derive(Debug, Default)]
struct ModeStack {
    modes: [Option<Mode>; 2],
    len: usize,
}

impl ModeStack {
    fn push(&mut self, mode: Mode) {
        if let Some(slot) = self.modes.get_mut(self.len) {
            *slot = Some(mode);
            self.len += 1;
        }
    }

    fn pop(&mut self) -> Option<Mode> {
        self.len = self.len.checked_sub(1)?;
        self.modes[self.len].take()
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// One token with its byte span, as LALRPOP expects it.
pub type Spanned<'a> = (usize, Token<'a>, usize);

/// What a context change does after a token.
enum Switch {
    None,
    Enter(Mode),
    Leave,
    NextField,
}

/// The modal lexer over rule text.
pub struct Lexer<'a> {
    src: &'a str,
    /// `Some` only transiently while switching contexts.
    inner: Option<Modal<'a>>,
    /// The contexts to return to: a stack, never deeper than one (MATH and
    /// BRACKETS are only entered from a pattern or a spec and contain no
    /// other context), kept inline so that lexing does not allocate.
    stack: ModeStack,
    /// In a rule line: the index of the current field (0 = `level def cr`).
    field: Option<u8>,
    /// Set after an error: the parser stops at the first error anyway.
    done: bool,
}

impl<'a> Lexer<'a> {
    fn with_mode(src: &'a str, start: usize, mode: Mode, field: Option<u8>) -> Self {
        let start = start.min(src.len());
        let mut lex = HeaderTok::lexer(src);
        if src.is_char_boundary(start) {
            lex.bump(start);
        }
        Lexer {
            src,
            inner: Some(Modal::Header(lex).morph(mode)),
            stack: ModeStack::default(),
            field,
            done: false,
        }
    }

    /// A lexer for one rule line `src[start..]`, starting in the HEADER
    /// context and moving from field to field on field whitespace.
    pub fn rule(src: &'a str, start: usize) -> Self {
        Self::with_mode(src, start, Mode::Header, Some(0))
    }

    /// A lexer for a lone goal (pattern context).
    pub fn goal(src: &'a str) -> Self {
        Self::with_mode(src, 0, Mode::Pattern, None)
    }

    /// A lexer for a lone specification (SPEC context).
    pub fn spec(src: &'a str) -> Self {
        Self::with_mode(src, 0, Mode::Spec, None)
    }

    /// A lexer for a lone MATH expression, written without the `~`s.
    pub fn math(src: &'a str) -> Self {
        Self::with_mode(src, 0, Mode::Math, None)
    }

    fn switch(&mut self, switch: Switch) {
        let target = match switch {
            Switch::None => return,
            Switch::Enter(mode) => {
                if let Some(cur) = &self.inner {
                    self.stack.push(cur.mode());
                }
                mode
            }
            Switch::Leave => match self.stack.pop() {
                Some(mode) => mode,
                None => return,
            },
            Switch::NextField => {
                let Some(field) = self.field.as_mut() else {
                    return;
                };
                if !self.stack.is_empty() {
                    return;
                }
                *field = field.saturating_add(1);
                match *field {
                    1 | 3 => Mode::Pattern,
                    2 => Mode::Header,
                    4 => Mode::Spec,
                    _ => Mode::Tail,
                }
            }
        };
        if let Some(inner) = self.inner.take() {
            self.inner = Some(if inner.mode() == target {
                inner
            } else {
                inner.morph(target)
            });
        }
    }

    fn error(&mut self, kind: LexErrorKind, start: usize, end: usize) -> ParseError {
        self.done = true;
        let found = show_text(self.src, start, end);
        let hint = match kind {
            LexErrorKind::Overflow => {
                return ParseError::new(
                    ParseErrorKind::NumberOutOfRange {
                        max: u64::from(u32::MAX),
                    },
                    start,
                    end,
                );
            }
            LexErrorKind::Invalid => None,
            LexErrorKind::BadAt => Some(
                "a GOTO takes two digits (`@05`); a label that starts with a digit goes on with a letter, `_` or `:` (`@1C`)",
            ),
            LexErrorKind::GrabInMath => Some("in MATH a grab is written without `#` (`~a>3~`)"),
            LexErrorKind::LetterInSpec => Some("in a spec a grab is written `#a` (`:P#a`)"),
        };
        let kind = ParseErrorKind::InvalidToken {
            found,
            hint: hint.map(str::to_string),
        };
        ParseError::new(kind, start, end)
    }
}

macro_rules! next_raw {
    ($lex:expr) => {{
        let r = $lex.next()?;
        let span = $lex.span();
        (r, span.start, span.end)
    }};
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Result<Spanned<'a>, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let src = self.src;
        let (tok, switch, start, end) = match self.inner.as_mut()? {
            Modal::Header(lex) => {
                let (r, s, e) = next_raw!(lex);
                let (t, sw) = match r {
                    Ok(HeaderTok::Num(n)) => (Token::Num(n), Switch::None),
                    Ok(HeaderTok::Def) => (Token::Def, Switch::None),
                    Ok(HeaderTok::Flag(f)) => (Token::Flag(f), Switch::None),
                    Ok(HeaderTok::Sep) => (Token::Sep, Switch::NextField),
                    Err(k) => return Some(Err(self.error(k, s, e))),
                };
                (t, sw, s, e)
            }
            Modal::Pattern(lex) => {
                let (r, s, e) = next_raw!(lex);
                let slice = &src[s..e];
                let (t, sw) = match r {
                    Ok(PatTok::Str) if slice.len() == 1 => {
                        (Token::Char(first_char(slice, 0)), Switch::None)
                    }
                    Ok(PatTok::Str) => (Token::Str(slice), Switch::None),
                    Ok(PatTok::Letter) => (Token::Letter(first_char(slice, 0)), Switch::None),
                    Ok(PatTok::GrabRef) => (Token::GrabRef(first_char(slice, 1)), Switch::None),
                    Ok(PatTok::Dot) => (Token::Dot, Switch::None),
                    Ok(PatTok::Comma) => (Token::Comma, Switch::None),
                    Ok(PatTok::Bang) => (Token::Bang, Switch::None),
                    Ok(PatTok::LParen) => (Token::LParen, Switch::None),
                    Ok(PatTok::RParen) => (Token::RParen, Switch::None),
                    Ok(PatTok::Pipe) => (Token::Pipe, Switch::None),
                    Ok(PatTok::Amp) => (Token::Amp, Switch::None),
                    Ok(PatTok::AmpAmp) => (Token::AmpAmp, Switch::None),
                    Ok(PatTok::Goto(g)) => (Token::Goto(g), Switch::None),
                    Ok(PatTok::At) => (Token::At(&slice[1..]), Switch::None),
                    Ok(PatTok::BadAt) => return Some(Err(self.error(LexErrorKind::BadAt, s, e))),
                    Ok(PatTok::End(n)) => (Token::End(n), Switch::None),
                    Ok(PatTok::Star) => (Token::Star, Switch::None),
                    Ok(PatTok::Plus) => (Token::Plus, Switch::None),
                    Ok(PatTok::Question) => (Token::Question, Switch::None),
                    Ok(PatTok::Tilde) => (Token::Tilde, Switch::Enter(Mode::Math)),
                    Ok(PatTok::ClassOpen(op)) => {
                        (Token::ClassOpen(op), Switch::Enter(Mode::Brackets))
                    }
                    Ok(PatTok::Sep) => (Token::Sep, Switch::NextField),
                    Err(k) => return Some(Err(self.error(k, s, e))),
                };
                (t, sw, s, e)
            }
            Modal::Brackets(lex) => {
                let (r, s, e) = next_raw!(lex);
                let slice = &src[s..e];
                let (t, sw) = match r {
                    Ok(BracketTok::Char) => (Token::Char(first_char(slice, 0)), Switch::None),
                    Ok(BracketTok::GrabRef) => (Token::GrabRef(first_char(slice, 1)), Switch::None),
                    Ok(BracketTok::Dash) => (Token::Minus, Switch::None),
                    Ok(BracketTok::Close) => (Token::RBracket, Switch::Leave),
                    Ok(BracketTok::Space) => (Token::Sep, Switch::None),
                    Err(k) => return Some(Err(self.error(k, s, e))),
                };
                (t, sw, s, e)
            }
            Modal::Math(lex) => {
                let (r, s, e) = next_raw!(lex);
                let slice = &src[s..e];
                let (t, sw) = match r {
                    Ok(MathTok::Num(n)) => (Token::Num(n), Switch::None),
                    Ok(MathTok::Char) => (Token::Char(first_char(slice, 0)), Switch::None),
                    Ok(MathTok::Letter) => (Token::Letter(first_char(slice, 0)), Switch::None),
                    Ok(MathTok::Func(n)) => (Token::Func(n), Switch::None),
                    Ok(MathTok::Dot) => (Token::Dot, Switch::None),
                    Ok(MathTok::Minus) => (Token::Minus, Switch::None),
                    Ok(MathTok::Plus) => (Token::Plus, Switch::None),
                    Ok(MathTok::Star) => (Token::Star, Switch::None),
                    Ok(MathTok::Bang) => (Token::Bang, Switch::None),
                    Ok(MathTok::Cmp(op)) => (Token::Cmp(op), Switch::None),
                    Ok(MathTok::AmpAmp) => (Token::AmpAmp, Switch::None),
                    Ok(MathTok::PipePipe) => (Token::PipePipe, Switch::None),
                    Ok(MathTok::Amp) => (Token::Amp, Switch::None),
                    Ok(MathTok::Pipe) => (Token::Pipe, Switch::None),
                    Ok(MathTok::LParen) => (Token::LParen, Switch::None),
                    Ok(MathTok::RParen) => (Token::RParen, Switch::None),
                    Ok(MathTok::LBracket) => (Token::LBracket, Switch::None),
                    Ok(MathTok::RBracket) => (Token::RBracket, Switch::None),
                    Ok(MathTok::Comma) => (Token::Comma, Switch::None),
                    Ok(MathTok::Tilde) => (Token::Tilde, Switch::Leave),
                    Ok(MathTok::BadGrab) => {
                        return Some(Err(self.error(LexErrorKind::GrabInMath, s, e)));
                    }
                    Err(k) => return Some(Err(self.error(k, s, e))),
                };
                (t, sw, s, e)
            }
            Modal::Spec(lex) => {
                let (r, s, e) = next_raw!(lex);
                let slice = &src[s..e];
                let (t, sw) = match r {
                    Ok(SpecTok::Field((f, b))) => (Token::SpecField(f, b), Switch::None),
                    Ok(SpecTok::SuitField((f, b))) => (Token::SuitField(f, b), Switch::None),
                    Ok(SpecTok::Suit) => (Token::Suit(first_char(slice, 0)), Switch::None),
                    Ok(SpecTok::Num(n)) => (Token::Num(n), Switch::None),
                    Ok(SpecTok::GrabRef) => (Token::GrabRef(first_char(slice, 1)), Switch::None),
                    Ok(SpecTok::Func(n)) => (Token::Func(n), Switch::None),
                    Ok(SpecTok::Dot) => (Token::Dot, Switch::None),
                    Ok(SpecTok::Tilde) => (Token::Tilde, Switch::Enter(Mode::Math)),
                    Ok(SpecTok::Backtick) => (Token::Backtick, Switch::None),
                    Ok(SpecTok::Sep) => (Token::Sep, Switch::NextField),
                    Ok(SpecTok::BadLetter) => {
                        return Some(Err(self.error(LexErrorKind::LetterInSpec, s, e)));
                    }
                    Err(k) => return Some(Err(self.error(k, s, e))),
                };
                (t, sw, s, e)
            }
            Modal::Tail(lex) => {
                let (r, s, e) = next_raw!(lex);
                let (t, sw) = match r {
                    Ok(TailTok::Expl(n)) => (Token::Expl(n), Switch::None),
                    Ok(TailTok::Id(n)) => (Token::Id(n), Switch::None),
                    Ok(TailTok::Sep) => (Token::Sep, Switch::NextField),
                    Err(k) => return Some(Err(self.error(k, s, e))),
                };
                (t, sw, s, e)
            }
        };
        if tok == Token::Sep && end == src.len() && self.stack.is_empty() {
            // Trailing whitespace ends the text.
            return None;
        }
        self.switch(switch);
        Some(Ok((start, tok, end)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str, lexer: Lexer<'_>) -> Vec<String> {
        lexer
            .map(|r| match r {
                Ok((s, t, e)) => format!("{t:?}@{}", &src[s..e]),
                Err(e) => format!("ERR {}", e.message()),
            })
            .collect()
    }

    #[test]
    fn at_and_goto() {
        let src = "@1C@12@05+@NT@_X@:P";
        let toks = kinds(src, Lexer::goal(src));
        assert_eq!(
            toks,
            [
                "At(\"1C\")@@1C",
                "Goto(To { offset: 12, plus: false })@@12",
                "Goto(To { offset: 5, plus: true })@@05+",
                "At(\"NT\")@@NT",
                "At(\"_X\")@@_X",
                "At(\":P\")@@:P",
            ]
        );
        let src = "@123";
        assert_eq!(
            kinds(src, Lexer::goal(src)),
            ["Goto(To { offset: 12, plus: false })@@12", "Char('3')@3"]
        );
        let src = "@1";
        assert!(
            kinds(src, Lexer::goal(src))[0]
                .starts_with("ERR invalid token `@1`: a GOTO takes two digits")
        );
    }

    #[test]
    fn rule_fields_switch_contexts() {
        let src = "2dC 1C:P:1H 80 ~a>5~ :P12:d5S *3 #40";
        let toks = kinds(src, Lexer::rule(src, 0));
        assert_eq!(toks[0], "Num(2)@2");
        assert_eq!(toks[1], "Def@d");
        assert_eq!(toks[2], "Flag(Captain)@C");
        assert!(toks.contains(&"Str(\"1C:P:1H\")@1C:P:1H".to_string()));
        assert!(toks.contains(&"Num(80)@80".to_string()));
        assert!(toks.contains(&"Cmp(Gt)@>".to_string()));
        assert!(toks.contains(&"SpecField(Hcp, Min)@:P".to_string()));
        assert!(toks.contains(&"SuitField(Length, Max)@:d".to_string()));
        assert!(toks.contains(&"Expl(3)@*3".to_string()));
        assert!(toks.contains(&"Id(40)@#40".to_string()));
    }

    #[test]
    fn continuation_and_trailing_whitespace() {
        let src = "1 1C\n  10 . .  ";
        let toks = kinds(src, Lexer::rule(src, 0));
        assert_eq!(toks.iter().filter(|t| t.starts_with("Sep")).count(), 4);
        assert_eq!(toks.last().map(String::as_str), Some("Dot@."));
    }

    #[test]
    fn never_panics_on_odd_input() {
        for src in [
            "@",
            "#",
            "[",
            "~",
            "é",
            "[+é",
            "~é",
            "\u{0}",
            "$99999999999",
        ] {
            let _ = kinds(src, Lexer::goal(src));
            let _ = kinds(src, Lexer::rule(src, 0));
            let _ = kinds(src, Lexer::spec(src));
            let _ = kinds(src, Lexer::math(src));
        }
    }
}

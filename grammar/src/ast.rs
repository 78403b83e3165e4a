//! The typed syntax tree of one GIB rule line.
//!
//! The tree mirrors the productions of the GIB database grammar (seed
//! `004_f7de2002da637280.txt`): a rule line holds two *goals* (the sequence
//! pattern and the hand constraint) and a *specification*. Every node carries
//! the byte [`Span`] of the text it was parsed from; spans are offsets into the
//! text handed to the parser (the whole expanded database when a database is
//! parsed), so that an error or a lint can be traced back through the macro
//! expander's source map to the line the author wrote.
//!
//! Parentheses written only for grouping are not kept as nodes: the printer
//! (`print.rs`) puts them back where precedence needs them, so that
//! `parse(print(ast)) == ast` holds.

use serde::{Deserialize, Serialize};

/// A half-open byte range `start..end` in the parsed text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Span {
    /// Offset of the first byte.
    pub start: u32,
    /// Offset one past the last byte.
    pub end: u32,
}

impl Span {
    /// The span `start..end`.
    pub fn new(start: usize, end: usize) -> Self {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    /// The smallest span covering both `self` and `other`.
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// The span as a `Range<usize>`, for slicing the parsed text.
    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// A node together with the span it was parsed from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Spanned<T> {
    /// The node.
    pub node: T,
    /// Where it was written.
    pub span: Span,
}

impl<T> Spanned<T> {
    /// Wraps `node` with `span`.
    pub fn new(node: T, span: Span) -> Self {
        Spanned { node, span }
    }
}

// ---------------------------------------------------------------------------
// The rule line
// ---------------------------------------------------------------------------

/// One rule: `level def cr seq prio constraint spec *expl #id`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rule {
    /// Depth of the auction the rule is written for (calls from the opening
    /// bid on, the rule's own call included); 0 means any depth.
    pub level: Spanned<u8>,
    /// `d`: a default rule, superseded by any rule of equal or higher priority
    /// proposing the same call.
    pub default: Option<Span>,
    /// The captaincy flag `C`, `R`, `X` or `?`, if written.
    pub flag: Option<Spanned<Flag>>,
    /// The sequence pattern, matched against the auction plus the candidate call.
    pub seq: Goal,
    /// The priority; higher wins.
    pub priority: Spanned<u32>,
    /// The hand constraint, matched against the bidder's hand pattern string.
    pub constraint: Goal,
    /// What the call shows.
    pub spec: Spec,
    /// `*n`: the id of the explanation text.
    pub explanation: Option<Spanned<u32>>,
    /// `#n`: the id of the rule.
    pub id: Option<Spanned<u32>>,
    /// The whole rule, continuation lines included.
    pub span: Span,
}

/// The `cr` field of a rule line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Flag {
    /// `C`: a captaining bid; partner must make the book bid in response.
    Captain,
    /// `R`: relinquishes captaincy; partner may think again.
    Relinquish,
    /// `X`: make the suggested call without thinking.
    NoThink,
    /// `?`: always simulate before making the suggested call.
    Simulate,
}

impl Flag {
    /// The character the flag is written with.
    pub fn letter(self) -> char {
        match self {
            Flag::Captain => 'C',
            Flag::Relinquish => 'R',
            Flag::NoThink => 'X',
            Flag::Simulate => '?',
        }
    }
}

// ---------------------------------------------------------------------------
// Goals and patterns
// ---------------------------------------------------------------------------

/// `goal : optexp at_tok` — an optional pattern followed by an optional
/// redirection `@STRING`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Goal {
    /// The pattern; `None` when the goal is empty or only a redirection.
    pub pattern: Option<Alt>,
    /// `@STRING`: restart the analysis with the matched prefix replaced by
    /// STRING (see the rule-language reference). The string excludes the `@`.
    pub at: Option<Spanned<String>>,
    /// The whole goal.
    pub span: Span,
}

/// `altexp`: regular expressions joined by `|`, `&` and GOTOs, left-associative
/// as in the seed's grammar.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Alt {
    /// A single regular expression, optionally preceded by a GOTO
    /// (`GOTO_TOK regexp`).
    Single {
        /// `@nn`, `@nn+` or `&&` before the expression.
        goto: Option<Spanned<Goto>>,
        /// The expression.
        expr: Regexp,
        /// The whole alternative.
        span: Span,
    },
    /// `lhs | rhs`, `lhs & rhs`, `lhs | GOTO rhs` or `lhs GOTO rhs`.
    Binary {
        /// The list so far.
        lhs: Box<Alt>,
        /// How the two sides combine.
        op: AltOp,
        /// The GOTO written before the right-hand side, if any.
        goto: Option<Spanned<Goto>>,
        /// The right-hand side.
        rhs: Regexp,
        /// The whole list.
        span: Span,
    },
}

impl Alt {
    /// The span of the whole alternative.
    pub fn span(&self) -> Span {
        match self {
            Alt::Single { span, .. } | Alt::Binary { span, .. } => *span,
        }
    }
}

/// The connective between two members of an [`Alt`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AltOp {
    /// `|`: either side matches.
    Or,
    /// `&`: both sides match, from the same position.
    And,
    /// No operator, only a GOTO before the right-hand side: an implied `&`
    /// whose right-hand side starts where the GOTO says.
    Then,
}

/// A jump to another position of the string being matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Goto {
    /// `@nn` (`plus == false`) or `@nn+` (`plus == true`: the position may
    /// then advance further as long as it does not pass a `:`).
    To {
        /// The two-digit offset.
        offset: u8,
        /// Whether `+` was written.
        plus: bool,
    },
    /// `&&`: back to the beginning of the string.
    Start,
}

/// `regexp : rxpr | rxpr END_TOK`, with the `START` keyword split off.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Regexp {
    /// The span of the leading `START` keyword, when the expression begins with
    /// it (the parser splits `START6N:X` into `START` and `6N:X`).
    pub start: Option<Span>,
    /// The terms, in order.
    pub terms: Vec<Term>,
    /// `$n`: the match ends `n` calls before the end of the sequence; `$` is
    /// `$0`.
    pub end: Option<Spanned<u8>>,
    /// The whole expression.
    pub span: Span,
}

/// `term : primary ITERATOR | primary`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Term {
    /// What to match.
    pub primary: Primary,
    /// `*`, `+` or `?` after it.
    pub repeat: Option<Spanned<Repeat>>,
    /// The whole term.
    pub span: Span,
}

/// An iteration indicator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Repeat {
    /// `*`: zero or more.
    Star,
    /// `+`: one or more.
    Plus,
    /// `?`: zero or one.
    Question,
}

/// A primary pattern expression, with its span.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Primary {
    /// What kind of primary.
    pub kind: PrimaryKind,
    /// Where it was written.
    pub span: Span,
}

/// The kinds of primary pattern expressions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum PrimaryKind {
    /// `.`: any single character.
    Dot,
    /// `~expr~`: the expression is non-zero.
    Math(Expr),
    /// `,`: any call (a bid, `P`, `X` or `R`).
    AnyCall,
    /// A string of two or more characters from `[:_A-Z0-9]`, matched exactly.
    Str(String),
    /// A single character, matched exactly.
    Char(char),
    /// `!primary`: the primary does not match here (consumes nothing).
    Not(Box<Primary>),
    /// A lower-case letter: grab the next field (character or number) into
    /// this grab without advancing.
    Push(char),
    /// `#a`: match the field grabbed into `a`.
    Grab(char),
    /// `( altexp )`.
    Group(Box<Alt>),
    /// `[...]`: one element of the class.
    Class(Class),
}

/// A bracketed character class.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Class {
    /// The operator written after `[`.
    pub op: ClassOp,
    /// The items between the brackets.
    pub items: Vec<Spanned<ClassItem>>,
}

/// The operator of a bracketed class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ClassOp {
    /// `[...]`: any listed element.
    Any,
    /// `[^...]`: any element not listed.
    None,
    /// `[<...]`: an element below some listed element.
    Below,
    /// `[>...]`: an element above some listed element.
    Above,
    /// `[+...]` with n pluses: the strain or number n above a listed element.
    Up(u8),
    /// `[-...]` with n minuses: the strain or number n below a listed element.
    Down(u8),
}

/// One item of a bracketed class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ClassItem {
    /// A single character.
    Char(char),
    /// `A-Z`: an inclusive range.
    Range(char, char),
    /// `#a`: the field grabbed into `a`.
    Grab(char),
}

// ---------------------------------------------------------------------------
// MATH
// ---------------------------------------------------------------------------

/// A MATH expression, with its span.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Expr {
    /// What kind of expression.
    pub kind: ExprKind,
    /// Where it was written.
    pub span: Span,
}

/// The kinds of MATH expressions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ExprKind {
    /// A decimal number.
    Num(i32),
    /// A character from `[CDHSNPXR]`; its value is its strain/call rank (see
    /// the rule-language reference).
    Char(char),
    /// A lower-case letter: the value of that grab.
    Grab(char),
    /// `#n` or `#n(a, b, c)`: function `n` of the dispatch table, with up to
    /// three arguments.
    Call {
        /// The function number.
        func: u16,
        /// The function number's span.
        func_span: Span,
        /// The arguments (0 to 3).
        args: Vec<Expr>,
    },
    /// `.`: pull the next field (a character or a whole number) off the string.
    Field,
    /// `-e`.
    Neg(Box<Expr>),
    /// `!e`: 1 when `e` is zero, else 0.
    Not(Box<Expr>),
    /// `lhs op rhs`.
    Binary {
        /// The operator.
        op: BinOp,
        /// The left operand.
        lhs: Box<Expr>,
        /// The right operand.
        rhs: Box<Expr>,
    },
    /// `value [low, high]`: 1 when `low <= value <= high`, else 0.
    Between {
        /// The value tested.
        value: Box<Expr>,
        /// The lower bound.
        low: Box<Expr>,
        /// The upper bound.
        high: Box<Expr>,
    },
}

/// Binary MATH operators, by the seed's four precedence levels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BinOp {
    /// `&&` (level 0).
    AndAnd,
    /// `||` (level 0).
    OrOr,
    /// `&` (level 0).
    And,
    /// `|` (level 0).
    Or,
    /// `>=` (level 1).
    Ge,
    /// `<=` (level 1).
    Le,
    /// `>` (level 1).
    Gt,
    /// `<` (level 1).
    Lt,
    /// `==` (level 1).
    Eq,
    /// `!=` (level 1).
    Ne,
    /// `=` (level 1): assign the right-hand value to the grab on the left.
    Assign,
    /// `+` (level 2).
    Add,
    /// `-` (level 2).
    Sub,
    /// `*` (level 3).
    Mul,
}

impl BinOp {
    /// The precedence level, 0 (loosest) to 3 (tightest).
    pub fn level(self) -> u8 {
        match self {
            BinOp::AndAnd | BinOp::OrOr | BinOp::And | BinOp::Or => 0,
            BinOp::Ge
            | BinOp::Le
            | BinOp::Gt
            | BinOp::Lt
            | BinOp::Eq
            | BinOp::Ne
            | BinOp::Assign => 1,
            BinOp::Add | BinOp::Sub => 2,
            BinOp::Mul => 3,
        }
    }

    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::AndAnd => "&&",
            BinOp::OrOr => "||",
            BinOp::And => "&",
            BinOp::Or => "|",
            BinOp::Ge => ">=",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Lt => "<",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Assign => "=",
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
        }
    }
}

// ---------------------------------------------------------------------------
// Specifications
// ---------------------------------------------------------------------------

/// `spec_list`: what a call shows. An empty `items` list with no `math` is
/// the trivial specification `.`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Spec {
    /// A leading `~expr~` (evaluated before the items, e.g. to set grabs).
    pub math: Option<Expr>,
    /// The bounds, in the order written.
    pub items: Vec<SpecItem>,
    /// The whole specification.
    pub span: Span,
}

/// One `simple_spec`: a bound on a field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpecItem {
    /// The field bounded.
    pub field: SpecField,
    /// Whether the values are minima (upper-case letter) or maxima (lower case).
    pub bound: Bound,
    /// The values: one entry with `suit: None` for `P M L Q`; one or more
    /// entries with a suit for `D H S G`.
    pub values: Vec<SpecValue>,
    /// The whole item.
    pub span: Span,
}

/// The fields a specification can bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SpecField {
    /// `P`: high-card points.
    Hcp,
    /// `M`: total points.
    Points,
    /// `L`: losers.
    Losers,
    /// `Q`: controls.
    Controls,
    /// `D`: length in a suit.
    Length,
    /// `H`: 8-4-2-1 honour count in a suit.
    Honors,
    /// `S`: stopper grade in a suit.
    Stopper,
    /// `G`: suit quality in a suit.
    Quality,
}

impl SpecField {
    /// Whether the field takes a suit (`D H S G`).
    pub fn per_suit(self) -> bool {
        matches!(
            self,
            SpecField::Length | SpecField::Honors | SpecField::Stopper | SpecField::Quality
        )
    }

    /// The upper-case letter of the field.
    pub fn letter(self) -> char {
        match self {
            SpecField::Hcp => 'P',
            SpecField::Points => 'M',
            SpecField::Losers => 'L',
            SpecField::Controls => 'Q',
            SpecField::Length => 'D',
            SpecField::Honors => 'H',
            SpecField::Stopper => 'S',
            SpecField::Quality => 'G',
        }
    }
}

/// Whether a spec item gives a minimum or a maximum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Bound {
    /// Upper-case letter: at least the value.
    Min,
    /// Lower-case letter: at most the value.
    Max,
}

/// One value of a spec item, with its suit for per-suit fields.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpecValue {
    /// The value.
    pub value: Value,
    /// The suit (`None` for `P M L Q`).
    pub suit: Option<SuitRef>,
    /// The whole entry.
    pub span: Span,
}

/// `val : NUM | GRAB | MATH_TOK expr MATH_TOK`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Value {
    /// A number.
    Num(u32),
    /// `#a`: the value of a grab.
    Grab(char),
    /// `#n`: function `n` with no arguments.
    Func(u16),
    /// `~expr~`.
    Math(Expr),
}

/// `suit : GRAB | SUIT_TOK`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SuitRef {
    /// An explicit suit letter `C`, `D`, `H` or `S`.
    Suit(char),
    /// `#a`: the suit grabbed into `a`.
    Grab(char),
}

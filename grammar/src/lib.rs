//! Lexer and parser for the GIB bidding-rule language.
//!
//! The crate turns rule text into the typed tree of [`ast`]:
//!
//! - [`parse_rule`] parses one logical rule line
//!   (`level def cr seq prio constraint spec *expl #id`);
//! - [`parse_database`] parses a whole expanded database, recovering at rule
//!   boundaries so that one bad rule does not hide the next, its rules in
//!   parallel ([`parse_database_with`] also runs the caller's per-rule work
//!   there);
//! - [`parse_goal`], [`parse_spec`] and [`parse_expr`] parse a lone pattern,
//!   specification or MATH expression;
//! - [`print_rule`] (and [`print_goal`], [`print_spec`], [`print_expr`]) write
//!   a tree back as canonical text, which parses to the same tree;
//! - [`level::check_level`] tells whether a rule's seq pattern can match its
//!   level.
//!
//! The lexer ([`lexer`]) has one logos token enum per lexical context
//! (default/pattern, BRACKETS, MATH, SPEC, plus the rule line's HEADER and
//! TAIL fields) and follows the context from its own tokens; the grammar is
//! LALRPOP (`src/grammar.lalrpop`). Errors ([`ParseError`]) carry byte spans
//! into the parsed text.
//!
//! ```
//! let rule = grammar::parse_rule("3 1C:P:1H 50 @05[4-9] :D4H *12 #1001").unwrap();
//! assert_eq!(grammar::print_rule(&rule), "3 1C:P:1H 50 @05[4-9] :D4H *12 #1001");
//!
//! let err = grammar::parse_goal("1C:[]").unwrap_err();
//! assert_eq!(err.message(), "unexpected `]`, expected one of a character, `#` and a grab letter");
//! ```

pub mod ast;
pub mod database;
pub mod error;
pub mod level;
pub mod lexer;
pub mod mixed_logic;
mod parser;
pub mod print;

pub use ast::*;
pub use database::{Database, parse_database, parse_database_with};
pub use error::{ParseError, ParseErrorKind};
pub use parser::{parse_expr, parse_goal, parse_rule, parse_spec};
pub use print::{print_expr, print_goal, print_rule, print_spec};

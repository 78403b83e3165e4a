//! Lexer and parser for the GIB bidding-rule language.

pub mod ast;

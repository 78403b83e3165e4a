//! Why a rule could not be compiled: the error every compiling step returns.
//!
//! Patterns, MATH, specs and rules all report a [`CompileError`]; it lives
//! below them so that each can use the others.

use grammar::ast::Span;

/// Why a pattern, a MATH expression, a spec or a rule could not be compiled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompileError {
    /// What is wrong.
    pub message: String,
    /// Where, in the parsed text.
    pub span: Span,
}

impl CompileError {
    /// A new error.
    pub fn new(message: impl Into<String>, span: Span) -> Self {
        CompileError {
            message: message.into(),
            span,
        }
    }
}

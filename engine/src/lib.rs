//! bidbook's rule engine: a rulebook loaded, compiled and resolved into calls.
//!
//! The rooms follow the pipeline: [`rulebook`] is the door (a rulebook
//! expanded, parsed and compiled into a book), [`compile`] compiles each
//! rule, [`resolve`] answers which rules propose a call and chooses one, and
//! [`analysis`] bids whole deals and lints a rulebook. [`knowledge`], what a
//! player has shown, is the language compiling and resolving share. Each
//! room uses only the rooms before it: knowledge, compile, resolve, the
//! door, analysis. Hands, deals, auctions and the hand pattern string are
//! the `bridge` crate's.

#![warn(missing_docs)]

pub mod analysis;
pub mod compile;
pub mod knowledge;
mod parallel;
pub mod resolve;
pub mod rulebook;

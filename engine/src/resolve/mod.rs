//! Resolving: the compiled book answering which rules propose each call,
//! the memo of answers, and the resolver choosing a call and recording what
//! every player has shown, with the explanations table.

pub mod book;
pub mod explanations;
pub mod hand_eval;
pub mod memo;
pub mod proposal;
pub mod resolver;

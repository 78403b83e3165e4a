//! What bidbook writes for people to read: meanings, system notes, regressions.
//!
//! A call's meaning in words ([`meaning`]), system notes as BML or BBO's BSS
//! ([`export`]), and the report of `bidbook regress` as text, JSON or HTML
//! ([`regress`]). The command line (`src/`) parses the arguments and calls
//! these.

#![warn(missing_docs)]

pub mod export;
pub mod meaning;
pub mod regress;

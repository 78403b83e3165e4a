//! What bidbook writes for people to read, from a loaded rulebook and bid
//! deals: a call's meaning in words ([`meaning`]), system notes as BML or
//! BBO's BSS ([`export`]), and the report of `bidbook regress` ([`regress`]).
//! The command line (`src/`) parses arguments and calls these.

pub mod export;
pub mod meaning;
pub mod regress;

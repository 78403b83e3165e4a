//! What bidbook writes for people to read: meanings, system notes, regressions.
//!
//! A call's meaning in words ([`meaning`]), system notes as BML or BBO's BSS
//! ([`export`]), and the report of `bidbook regress` as text, JSON or HTML
//! ([`regress`]). The JSON answers of `bid`, `explain` and `auction`
//! ([`bid_json`], [`explain_json`], [`deal_json`]) are here too, so that the
//! command line and the web page (`web/`) give the same ones. The command
//! line (`src/`) parses the arguments and calls these.

#![warn(missing_docs)]

pub mod bid_json;
pub mod deal_json;
pub mod explain_json;
pub mod export;
pub mod meaning;
pub mod recorded_auction;
pub mod regress;
pub mod shown_json;

//! The table's basics, on top of the `contract-bridge` crate: hands, deals,
//! auctions, vulnerability, reproducible random deals and the hand pattern
//! string. Everything that deals with bridge deals (the rule engine, the deal
//! file formats, scoring) builds on this crate; it depends on no other crate
//! of the workspace.

pub mod auction;
pub mod deal;
pub mod hand;
pub mod pattern;
pub mod pattern_tables;
pub mod random;
pub mod vulnerability;

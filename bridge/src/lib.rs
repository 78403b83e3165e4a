//! The table's basics: hands, deals, auctions, vulnerability, random deals.
//!
//! Built on the `contract-bridge` crate, with the types bidbook writes for
//! itself ([`auction::Bidding`], [`vulnerability::Vulnerability`],
//! [`deal::Deal`], [`random::DealGenerator`]) and the hand pattern string
//! rules are matched against ([`pattern`], its per-suit tables in
//! [`pattern_tables`]). The rule engine, the deal file formats and scoring
//! build on this crate; it depends on no other crate of the workspace.

#![warn(missing_docs)]

pub mod auction;
pub mod deal;
pub mod hand;
pub mod pattern;
pub mod pattern_tables;
pub mod random;
pub mod vulnerability;

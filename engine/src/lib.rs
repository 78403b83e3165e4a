//! bidbook's rule engine: rulebook loading, rule compilation and matchers,
//! the call resolver, and analyses of a rulebook. The table's basics (hands,
//! deals, auctions, the hand pattern string) are the `bridge` crate's.

pub mod bid_deal;
pub mod book;
pub mod explanations;
pub mod failed_condition;
pub mod functions;
pub mod grabs;
pub mod knowledge;
pub mod lint;
pub mod matcher;
pub mod math;
pub mod memo;
pub mod resolver;
pub mod rulebook;
pub mod rules;
pub mod spec;

//! bidbook's engine: cards, hands, auctions, the hand pattern string, rule
//! matchers and the call resolver.

pub mod auction;
pub mod bid_deal;
pub mod book;
pub mod deal;
pub mod explanations;
pub mod functions;
pub mod grabs;
pub mod hand;
pub mod knowledge;
pub mod lint;
pub mod matcher;
pub mod math;
pub mod memo;
pub mod pattern;
pub mod pattern_tables;
pub mod random;
pub mod resolver;
pub mod rulebook;
pub mod rules;
pub mod spec;
pub mod vulnerability;

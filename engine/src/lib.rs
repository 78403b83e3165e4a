//! bidbook's engine: cards, hands, auctions, the hand pattern string, rule
//! matchers and the call resolver.

pub mod auction;
pub mod deal;
pub mod hand;
pub mod pattern;
pub mod pattern_tables;
pub mod random;
pub mod vulnerability;

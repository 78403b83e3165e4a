//! A loaded rulebook used as a whole: bidding whole deals and linting it.
//!
//! [`bid_deal`] bids a deal with all four seats from the dealer to the end;
//! [`lint`] looks for shadowed rules, overlaps, holes and unsound specs;
//! [`replicate`] makes large books from a real one, to measure scale.

pub mod bid_deal;
pub mod failed_condition;
pub mod lint;
pub mod replicate;

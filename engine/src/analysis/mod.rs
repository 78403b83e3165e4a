//! Using a loaded rulebook as a whole: bidding whole deals and linting the
//! rulebook.

pub mod bid_deal;
pub mod failed_condition;
pub mod lint;

//! bidbook's rule engine: a rulebook is loaded ([`rulebook`], the door),
//! compiled ([`compile`]) and resolved ([`resolve`]); [`analysis`] bids
//! whole deals and lints a rulebook. [`knowledge`], what a player has shown,
//! is the language compiling and resolving share. The table's basics (hands,
//! deals, auctions, the hand pattern string) are the `bridge` crate's.

pub mod analysis;
pub mod compile;
pub mod knowledge;
pub mod resolve;
pub mod rulebook;

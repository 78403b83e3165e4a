//! Resolving: which rules propose each call, and which call a hand makes.
//!
//! The [`book`] answers "which rules propose this call after this auction"
//! in [`proposal`]s (walking each rule's [`auction_parts`] once per
//! auction), the [`memo`] keeps the answers for the next deal, and
//! the [`resolver`] weighs them against a hand ([`hand_eval`]) to choose a
//! call and record what every player has shown; [`explanations`] gives each
//! rule its text and alert.

pub mod auction_parts;
pub mod book;
pub mod explanations;
pub mod hand_eval;
pub mod memo;
pub mod proposal;
pub mod resolver;

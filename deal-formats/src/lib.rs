//! Deal files for bidbook: PBN and RBN read and written, BBO's LIN read.
//!
//! Every reader streams: it reads one game at a time from a [`std::io::BufRead`]
//! and yields `Result<Game, Skipped>`, so a million-deal file never sits in
//! memory and a malformed game is reported (with its line) and skipped while
//! the rest are still read. Each format keeps its own game type holding
//! everything the file said — tags, commentary, sections bidbook does not
//! understand — so that writing a game back in its own format loses nothing;
//! [`Board`] is the format-neutral view bidbook bids from.

pub mod board;
pub mod lin;
pub mod pbn;
pub mod rbn;

pub use board::{Board, ReadError, RecordedAuction, RecordedCall, Skipped, shown};

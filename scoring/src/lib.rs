//! Scoring for bidbook: what a contract is worth, and what a deal is worth
//! double dummy.
//!
//! * [`mod@score`] — duplicate scores of contracts ([`score()`], [`ns_score`]).
//! * [`imp`] — the IMP scale ([`imps`]).
//! * [`table`] — double-dummy tables ([`DdTable`]) and requests for parts of
//!   them ([`DdMask`], [`PartialTable`]).
//! * [`mod@solve`] — solving tables with the pure-Rust `pons-dds` solver, one
//!   deal or many in parallel on the caller's rayon pool.
//! * [`mod@par`] — par score and par contracts of a table (`pons-dds`'s port of
//!   DDS's par), and [`par_reference`], an independent implementation that
//!   checks it.
//! * [`optimum_result_table`] and [`double_dummy_tricks`] — the text forms
//!   deal files carry tables in: PBN's `OptimumResultTable` section and
//!   Bridge Composer's `DoubleDummyTricks` tag.
//! * [`cache`] — an append-friendly file of solved tables for random deals.
//!
//! Deals, seats, strains, contracts and vulnerability are
//! [`contract_bridge`]'s types; this crate knows nothing of the bidding
//! engine.

pub mod cache;
pub mod double_dummy_tricks;
pub mod imp;
pub mod optimum_result_table;
pub mod par;
pub mod par_reference;
pub mod score;
pub mod solve;
pub mod table;

pub use cache::{CacheLineError, DdCache};
pub use imp::imps;
pub use par::{Par, ParContract, par, par_both};

pub use score::{contract_points, is_vulnerable, ns_score, score};
pub use solve::{
    DdError, SOLVER_STACK_SIZE, full_deal, solve, solve_all, solve_many, solve_some, thread_pool,
};
pub use table::{DdMask, DdTable, PartialTable};

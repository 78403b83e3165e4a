//! The `bidbook` command-line tool as a library, so that integration tests and
//! benchmarks can drive the commands without spawning a process.
//!
//! Each subcommand lives in its own module under [`cmd`]; [`cli`] holds the
//! top-level argument parser and the dispatch.

pub mod auction_args;
pub mod cli;
pub mod cmd;
pub mod corpus;
pub mod dd;
pub mod deal_input;
pub mod deal_output;
pub mod deal_pipeline;
pub mod output_file;
pub mod rules_arg;
pub use reports::shown_json;

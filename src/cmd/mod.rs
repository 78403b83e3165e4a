//! One module per subcommand: its arguments (clap) and its `run` function.

pub mod auction;
pub mod bid;
pub mod check;
pub mod eval;
pub mod expand;
pub mod explain;
pub mod export;
pub mod lint;
pub mod regress;
pub mod score;
pub mod test;

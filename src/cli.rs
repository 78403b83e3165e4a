//! The top-level command line: global help text and the dispatch to each
//! subcommand's module.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

use crate::cmd;

/// A GIB-style contract-bridge bidding rule engine.
///
/// A bidding system is a rulebook: a source database of rules plus m4-like
/// macro files. bidbook expands the macros, parses every rule, compiles the
/// patterns into matchers and resolves priorities to pick a call. The
/// default SAYC rulebook is embedded, so every command works with no files.
#[derive(Debug, Parser)]
#[command(name = "bidbook", version, about, long_about)]
pub struct Cli {
    /// The subcommand to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands of `bidbook`. Each subcommand's help (`about`,
/// `long_about`, examples) is written on its own `Args` in `src/cmd/`: a doc
/// comment here would replace it.
#[derive(Debug, Subcommand)]
pub enum Command {
    // Print the 57-character hand pattern string of a hand (or of each line of stdin). (the help text is the subcommand\'s own `about`)
    Eval(cmd::eval::Args),
    // Expand the macros of a source database into one rule per line (GIB's -Q). (the help text is the subcommand\'s own `about`)
    Expand(cmd::expand::Args),
    // Expand and parse a rulebook, reporting every error and warning. (the help text is the subcommand\'s own `about`)
    Check(cmd::check::Args),
    // Choose the call a hand makes at its turn in an auction. (the help text is the subcommand\'s own `about`)
    Bid(cmd::bid::Args),
    // Explain an auction call by call, and what each player has shown. (the help text is the subcommand\'s own `about`)
    Explain(cmd::explain::Args),
    // Measure the rulebook against an expectation corpus (TSV). (the help text is the subcommand\'s own `about`)
    Test(cmd::test::Args),
    // Check the rulebook beyond syntax: shadowed rules, overlaps, holes, spec soundness. (the help text is the subcommand\'s own `about`)
    Lint(cmd::lint::Args),
    // Write the rulebook's system notes as BML or as BBO's BSS full disclosure. (the help text is the subcommand's own `about`)
    Export(cmd::export::Args),
    // Bid whole deals with all four seats and write them with their auctions. (the help text is the subcommand's own `about`)
    Auction(cmd::auction::Args),
    // Report the deals whose auction changed between two rulebooks. (the help text is the subcommand's own `about`)
    Regress(cmd::regress::Args),
    // Bid every deal, solve it double dummy and report the scores against par. (the help text is the subcommand's own `about`)
    Score(cmd::score::Args),
}

/// Runs the parsed command line and returns the process exit code.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Eval(args) => cmd::eval::run(args),
        Command::Expand(args) => cmd::expand::run(args),
        Command::Check(args) => cmd::check::run(args),
        Command::Bid(args) => cmd::bid::run(args),
        Command::Explain(args) => cmd::explain::run(args),
        Command::Test(args) => cmd::test::run(args),
        Command::Lint(args) => cmd::lint::run(args),
        Command::Export(args) => cmd::export::run(args),
        Command::Auction(args) => cmd::auction::run(args),
        Command::Regress(args) => cmd::regress::run(args),
        Command::Score(args) => cmd::score::run(args),
    }
}

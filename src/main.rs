//! `bidbook`: the command-line front end of the bidbook bidding engine.

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = bidbook::cli::Cli::parse();
    match bidbook::cli::run(cli) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(2)
        }
    }
}

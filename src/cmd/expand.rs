//! `bidbook expand` (placeholder until its issue lands).

use std::process::ExitCode;

/// Arguments of `bidbook expand`.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs `bidbook expand`.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`bidbook expand` is not implemented yet")
}

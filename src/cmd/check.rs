//! `bidbook check` (placeholder until its issue lands).

use std::process::ExitCode;

/// Arguments of `bidbook check`.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs `bidbook check`.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`bidbook check` is not implemented yet")
}

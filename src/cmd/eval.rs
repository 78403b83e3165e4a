//! `bidbook eval` (placeholder until its issue lands).

use std::process::ExitCode;

/// Arguments of `bidbook eval`.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs `bidbook eval`.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`bidbook eval` is not implemented yet")
}

//! The `--rules PATH` option shared by every command that reads a rulebook,
//! and loading the rulebook it names (the embedded SAYC book by default).

use engine::rulebook::{self, Rulebook, RulebookSource};
use std::path::PathBuf;

/// Which rulebook to use.
#[derive(Debug, Clone, clap::Args)]
pub struct RulesArg {
    /// A rulebook directory (main.txt2, macros.m4, explanations.txt) or an
    /// expanded database file. Default: the embedded SAYC rulebook.
    #[arg(long = "rules", value_name = "PATH")]
    pub rules: Option<PathBuf>,
}

impl RulesArg {
    /// Where the rulebook comes from.
    pub fn source(&self) -> RulebookSource {
        RulebookSource::from_option(self.rules.clone())
    }

    /// Loads the rulebook; every problem is in the error, rendered.
    pub fn load(&self) -> anyhow::Result<Rulebook> {
        Ok(rulebook::load(&self.source())?)
    }
}

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

    /// Loads the rulebook; every problem is in the error, rendered. A
    /// rulebook with no rule loads, with a warning: every call would be
    /// "no rule" Pass.
    ///
    /// The rulebook lives as long as the process: a command loads it once
    /// and uses it to the end, and dropping it — half a million blocks for
    /// the default rulebook, 13 M instructions, 4% of a `bid` process —
    /// would only free memory the process gives back as it exits.
    pub fn load(&self) -> anyhow::Result<&'static Rulebook> {
        let rulebook: &'static Rulebook = Box::leak(Box::new(rulebook::load(&self.source())?));
        if rulebook.book.rules().is_empty() {
            eprintln!(
                "warning: the rulebook {} has no rules: every call will be Pass (no rule)",
                self.rules
                    .as_deref()
                    .unwrap_or("(embedded)".as_ref())
                    .display()
            );
        }
        Ok(rulebook)
    }
}

//! Limits that stop runaway expansions: nesting depth and output size.

/// How far an expansion may go before it is stopped with an error.
///
/// ```
/// use macro_expander::Limits;
/// let limits = Limits { max_depth: 16, ..Limits::default() };
/// assert_eq!(limits.max_output, 256 << 20);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The deepest nesting of macro calls (and includes) allowed. A macro
    /// that calls itself without end stops here and is reported as a cycle.
    /// Default 64.
    pub max_depth: usize,
    /// The largest expanded text allowed, in bytes. Macro calls may also
    /// produce at most 4 × this much text in all (a budget that catches
    /// expansions that grow without producing output). Default 256 MiB.
    pub max_output: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_depth: 64,
            max_output: 256 << 20,
        }
    }
}

impl Limits {
    /// The budget of text produced by macro calls and includes (each call
    /// counts at least one byte): 4 × [`Limits::max_output`].
    #[must_use]
    pub fn expansion_budget(&self) -> usize {
        self.max_output.saturating_mul(4)
    }
}

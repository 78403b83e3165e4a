//! Compiling rules: patterns, constraints and specs into matchers and tables.
//!
//! Each parsed rule's sequence pattern and constraint become matchers
//! ([`matcher`]) with MATH ([`math`]) and functions ([`functions`]) compiled
//! in, its spec a table of what the call shows ([`spec`]); [`rules`] puts a
//! rule together. [`grabs`] are what a match carries from pattern to
//! constraint and spec; [`error`] is why a rule does not compile.

pub mod error;
pub mod functions;
pub mod grabs;
pub mod matcher;
pub mod math;
pub mod rules;
pub mod spec;

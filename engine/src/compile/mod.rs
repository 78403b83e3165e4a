//! Compiling rules: each parsed rule's sequence pattern, constraint and spec
//! turned into matchers, MATH and spec tables, with the functions and grabs
//! they read.

pub mod error;
pub mod functions;
pub mod grabs;
pub mod matcher;
pub mod math;
pub mod rules;
pub mod spec;

//! Pattern matchers: the compiled pattern IR, the general backtracking
//! matcher, and the multi-pattern DFA for regular sequence patterns.
//!
//! Each rule's sequence pattern is compiled to the cheapest matcher that fits
//! its shape (see [`crate::compile::rules`]): regular patterns join one shared
//! [`regular::RegularSet`]; the rest keep their IR and a literal-prefix filter
//! and are walked by [`backtrack::Backtracker`]. Both paths are tested against
//! the same table of cases.

pub mod auction_split;
pub mod backtrack;
pub mod constraint_program;
pub mod hand_bounds;
pub mod hand_fields;
pub mod ir;
pub mod redirect_filter;
pub mod regular;
pub mod situation_guard;
#[cfg(test)]
pub(crate) mod test_support;

pub use backtrack::{Backtracker, EndMode};
pub use ir::Pattern;

/// The literal text every match of a top-level alternative must begin with
/// (empty when there is none, e.g. with `START`, a GOTO or `|`).
pub fn literal_prefix(alt: &ir::Alt) -> Vec<u8> {
    if !alt.rest.is_empty() {
        return Vec::new();
    }
    let b = &alt.first;
    if b.floating || b.goto.is_some() {
        return Vec::new();
    }
    match b.nodes.first() {
        Some(ir::Node::Literal(l)) => l.to_vec(),
        _ => Vec::new(),
    }
}

//! What an answer is made of: the rules proposing a call, what a call shows.
//!
//! [`Proposal`] and [`Meaning`] are what the book works out, the memo keeps
//! and the resolver reads; they live here, below all three.

use crate::compile::grabs::Grabs;
use crate::knowledge::Shown;
use smallvec::SmallVec;

/// A rule that proposes a call. Proposals sort by [`Proposal::key`]: higher
/// priority first, then database order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Proposal {
    /// Priority (inverted, high bits), rule index and the candidate's tag.
    pub key: u64,
    /// Where the grabs of the sequence match are kept in the scratch
    /// ([`NO_GRABS`] for a pattern that grabs nothing).
    grabs: u32,
    /// A default rule that gives way to another rule proposing the same
    /// call (see [`Book::settle`](crate::resolve::book::Book::settle)).
    pub(crate) superseded: bool,
}

/// The grabs slot of a proposal whose pattern grabbed nothing.
pub(crate) const NO_GRABS: u32 = u32::MAX;

impl Proposal {
    pub(crate) fn new(priority: u32, rule: u32, tag: u8, grabs: u32) -> Proposal {
        debug_assert!(rule < 1 << 24, "rule indices fit in 24 bits");
        let prio = u64::from(u32::MAX - priority);
        Proposal {
            key: prio << 32 | u64::from(rule) << 8 | u64::from(tag),
            grabs,
            superseded: false,
        }
    }

    /// The priority of the rule.
    #[inline]
    pub fn priority(&self) -> u32 {
        u32::MAX - (self.key >> 32) as u32
    }

    /// Whether the rule is a default rule that gives way to another rule
    /// proposing the same call: it is neither chosen nor part of what the
    /// call shows.
    #[inline]
    pub fn superseded(&self) -> bool {
        self.superseded
    }

    /// The index of the rule in [`Book::rules`](crate::resolve::book::Book::rules).
    #[inline]
    pub fn rule(&self) -> u32 {
        ((self.key >> 8) & 0xFF_FFFF) as u32
    }

    /// The tag of the candidate call the rule proposes.
    #[inline]
    pub fn tag(&self) -> u8 {
        self.key as u8
    }

    /// What the sequence pattern grabbed, given the grabs of the answer it
    /// belongs to ([`Scratch::answer`](crate::resolve::book::Scratch::answer)).
    #[inline]
    pub fn grabs_in<'g>(&self, grabs: &'g [Grabs]) -> &'g Grabs {
        static NONE: Grabs = Grabs::new();
        grabs.get(self.grabs as usize).unwrap_or(&NONE)
    }
}

/// What a call shows: the rules behind it, in database order, and the
/// union of their specs (see [`crate::resolve::resolver::Table::meaning`]).
pub type Meaning = (SmallVec<[u32; 4]>, Shown);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proposals_sort_by_priority_then_rule_and_keep_every_part() {
        let mut proposals = [
            Proposal::new(50, 7, 3, NO_GRABS),
            Proposal::new(u32::MAX, 9, 0, 2),
            Proposal::new(30_000_000, 4, 1, NO_GRABS),
            Proposal::new(20_000_000, 2, 2, NO_GRABS),
            Proposal::new(50, 1, 255, NO_GRABS),
            Proposal::new(0, (1 << 24) - 1, 4, NO_GRABS),
        ];
        proposals.sort_unstable_by_key(|p| p.key);
        let seen: Vec<(u32, u32, u8)> = proposals
            .iter()
            .map(|p| (p.priority(), p.rule(), p.tag()))
            .collect();
        assert_eq!(
            seen,
            [
                (u32::MAX, 9, 0),
                (30_000_000, 4, 1),
                (20_000_000, 2, 2),
                (50, 1, 255),
                (50, 7, 3),
                (0, (1 << 24) - 1, 4),
            ]
        );
    }
}

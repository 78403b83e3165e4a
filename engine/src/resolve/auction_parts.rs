//! The auction parts of the current question: for each backtracking rule
//! that splits (see [`AuctionSplit`]), the ways its auction part matched
//! each prepared auction, worked out when a candidate call first needs
//! them and reused by the other candidates of the same question.

use crate::compile::grabs::Grabs;
use crate::compile::matcher::Backtracker;
use crate::compile::matcher::auction_split::AuctionSplit;

/// The remembered auction parts of one question (see the module docs).
#[derive(Debug, Default)]
pub struct AuctionParts {
    /// By rule index: the question they were worked out for and the first
    /// of the rule's entries then (a list through [`Entry::next`]).
    heads: Vec<(u32, u32)>,
    /// The entries of the current question.
    entries: Vec<Entry>,
    /// The ways auction parts matched, for all entries.
    parts: Vec<(usize, Grabs)>,
    /// Buffer for one auction part's ways.
    buffer: Vec<(usize, Grabs)>,
    /// The current question's number (0: none yet).
    question: u32,
}

/// The auction parts of one rule on one prepared auction.
#[derive(Debug, Clone, Copy)]
struct Entry {
    /// Which prepared auction (see `Book::prepare`).
    prepared: u32,
    /// Where its ways are in [`AuctionParts::parts`], or `None` when there
    /// were too many to keep (the pattern is then walked whole).
    ways: Option<(u32, u32)>,
    /// The rule's next entry, or `u32::MAX`.
    next: u32,
}

impl AuctionParts {
    /// Forgets the auction parts of the previous question.
    pub fn new_question(&mut self) {
        self.entries.clear();
        self.parts.clear();
        self.question = self.question.wrapping_add(1);
        if self.question == 0 {
            self.heads.iter_mut().for_each(|h| *h = (0, 0));
            self.question = 1;
        }
    }

    /// The ways `rule`'s auction part matches the prepared auction
    /// `prepared` (whose text `bt` walks): remembered, or worked out now. `None` when there are too many to keep.
    pub fn ways(
        &mut self,
        rule: u32,
        prepared: usize,
        split: &AuctionSplit,
        bt: &Backtracker<'_, '_>,
    ) -> Option<&[(usize, Grabs)]> {
        let r = rule as usize;
        if self.heads.len() <= r {
            self.heads.resize(r + 1, (0, 0));
        }
        let prepared = prepared as u32;
        let (question, first) = self.heads[r];
        let mut at = if question == self.question {
            first
        } else {
            u32::MAX
        };
        while at != u32::MAX {
            let entry = self.entries[at as usize];
            if entry.prepared == prepared {
                let (start, end) = entry.ways?;
                return Some(&self.parts[start as usize..end as usize]);
            }
            at = entry.next;
        }
        let complete = split.auction_parts(bt, &mut self.buffer);
        let ways = complete.then(|| {
            let start = self.parts.len() as u32;
            self.parts.extend_from_slice(&self.buffer);
            (start, self.parts.len() as u32)
        });
        let next = if question == self.question {
            first
        } else {
            u32::MAX
        };
        self.heads[r] = (self.question, self.entries.len() as u32);
        self.entries.push(Entry {
            prepared,
            ways,
            next,
        });
        let (start, end) = ways?;
        Some(&self.parts[start as usize..end as usize])
    }
}

//! What the current question's candidate calls share about each
//! backtracking rule, worked out when a candidate first needs it and reused
//! by the others: whether its situation guard admits it (see
//! [`crate::compile::matcher::situation_guard`]), and, for a rule that
//! splits (see [`AuctionSplit`]), the ways its auction part matched each
//! prepared auction.

use crate::compile::grabs::Grabs;
use crate::compile::matcher::Backtracker;
use crate::compile::matcher::auction_split::AuctionSplit;

/// The remembered auction parts of one question (see the module docs).
#[derive(Debug, Default)]
pub struct AuctionParts {
    /// By rule index: what is known of it in the current question.
    heads: Vec<Head>,
    /// The entries of the current question.
    entries: Vec<Entry>,
    /// The ways auction parts matched, for all entries.
    parts: Vec<(usize, Grabs)>,
    /// Buffer for one auction part's ways.
    buffer: Vec<(usize, Grabs)>,
    /// The current question's number (0: none yet).
    question: u32,
}

/// What is known of one rule.
#[derive(Debug, Clone, Copy, Default)]
struct Head {
    /// The question it was worked out for (0: none).
    question: u32,
    /// The guard's verdict then, if asked.
    admits: Option<bool>,
    /// The first of the rule's entries then, or `u32::MAX` (a list through
    /// [`Entry::next`]).
    first: u32,
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
            self.heads.iter_mut().for_each(|h| *h = Head::default());
            self.question = 1;
        }
    }

    /// The current question's entry for `rule`.
    fn head(&mut self, rule: u32) -> &mut Head {
        let r = rule as usize;
        if self.heads.len() <= r {
            self.heads.resize(r + 1, Head::default());
        }
        let head = &mut self.heads[r];
        if head.question != self.question {
            *head = Head {
                question: self.question,
                admits: None,
                first: u32::MAX,
            };
        }
        head
    }

    /// Whether `rule`'s situation guard admits it in this question:
    /// remembered, or `guard_admits()` now.
    pub fn admits(&mut self, rule: u32, guard_admits: impl FnOnce() -> bool) -> bool {
        let head = self.head(rule);
        *head.admits.get_or_insert_with(guard_admits)
    }

    /// The ways `rule`'s auction part matches the prepared auction
    /// `prepared` (whose text `bt` walks): remembered, or worked out now.
    /// `None` when there are too many to keep.
    pub fn ways(
        &mut self,
        rule: u32,
        prepared: usize,
        split: &AuctionSplit,
        bt: &Backtracker<'_, '_>,
    ) -> Option<&[(usize, Grabs)]> {
        let prepared = prepared as u32;
        let first = self.head(rule).first;
        let mut at = first;
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
        self.heads[rule as usize].first = self.entries.len() as u32;
        self.entries.push(Entry {
            prepared,
            ways,
            next: first,
        });
        let (start, end) = ways?;
        Some(&self.parts[start as usize..end as usize])
    }
}

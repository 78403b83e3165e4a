//! The question memo: answers already worked out — which rules propose each
//! legal call after a given auction — kept so that bidding many deals works
//! each auction out once (see [`crate::resolve::book::Book::scratch_with_memo`]),
//! and the store through which several threads share them
//! ([`SharedAnswers`]).
//!
//! The answer depends on the auction and the vulnerability only — sequence
//! patterns cannot read the hand, and what each player has shown follows
//! from the auction — so it can be reused by every deal that reaches the
//! same auction. And it depends on the auction alone unless working it out
//! weighed a rule whose sequence pattern or spec reads the vulnerability
//! (`#2`, `#3`: the second-pass book's vulnerable and non-vulnerable
//! overcalls): such answers are kept per vulnerability, every other one
//! once for all four (the resolver's `memo_lookup` asks for the shared key
//! first). Bidding many deals meets the same early auctions again and again
//! (`1N P`, `P P 1S P`…), and every question of a deal that repeats one
//! becomes a table lookup instead of a matcher run. (100,000 random deals
//! with the first book asked 873,060 questions about 30,375 auctions;
//! 81,238 with the vulnerability always in the key. Keeping it in the key
//! of every answer once the second-pass book read it cost 1.6x.)
//!
//! Memory is bounded by two generations: answers go into the current one;
//! when it is full it becomes the previous one (the one before is
//! forgotten), and an answer found in the previous generation moves back
//! into the current one. So the answers still in use — the early auctions
//! every deal passes through — survive, and the deep auctions met once are
//! forgotten.

use crate::compile::grabs::Grabs;
use crate::resolve::proposal::{Meaning, Proposal};
use hashbrown::HashTable;
use smallvec::SmallVec;
use std::hash::BuildHasher;
use std::sync::{Arc, Mutex, PoisonError};

/// The proposals for every legal call after one auction, with their grabs,
/// and what the calls made after it showed.
#[derive(Debug, Default)]
struct Answer {
    /// The question: the key (see [`QuestionMemo`]), kept in place so that
    /// finding an answer reads no other memory.
    key: SmallVec<[u8; 48]>,
    /// The key's hash.
    hash: u64,
    /// The proposals, settled (see [`crate::resolve::book::Book::settle`]).
    proposals: Box<[Proposal]>,
    /// The grabs the proposals refer to.
    grabs: Box<[Grabs]>,
    /// The meaning of each call made after this auction so far: the same
    /// for every deal, so worked out once.
    meanings: Vec<Meaning>,
    /// The tags of those calls, in the same order (kept apart so that
    /// finding one reads a few bytes, not every meaning).
    meaning_tags: SmallVec<[u8; 16]>,
}

impl Answer {
    /// A new answer to `key`, with no meanings yet.
    fn new(key: &[u8], hash: u64, proposals: &[Proposal], grabs: &[Grabs]) -> Answer {
        Answer {
            key: SmallVec::from_slice(key),
            hash,
            proposals: proposals.into(),
            grabs: grabs.into(),
            meanings: Vec::new(),
            meaning_tags: SmallVec::new(),
        }
    }
}

/// One generation of remembered answers.
#[derive(Debug, Default)]
struct Generation {
    /// The answers, in the order they were added.
    answers: Vec<Answer>,
    /// Positions in `answers`, found by the key's hash.
    index: HashTable<u32>,
}

impl Generation {
    fn with_capacity(n: usize) -> Self {
        Generation {
            answers: Vec::with_capacity(n),
            index: HashTable::with_capacity(n),
        }
    }

    /// Where the answer to `key` is, if it is here.
    fn find(&self, hash: u64, key: &[u8]) -> Option<u32> {
        let answers = &self.answers;
        self.index
            .find(hash, |&at| answers[at as usize].key.as_slice() == key)
            .copied()
    }

    /// Takes the answer to `key` out, if it is here.
    fn take(&mut self, hash: u64, key: &[u8]) -> Option<Answer> {
        let answers = &self.answers;
        let entry = self
            .index
            .find_entry(hash, |&at| answers[at as usize].key.as_slice() == key)
            .ok()?;
        let (at, _) = entry.remove();
        Some(std::mem::take(&mut self.answers[at as usize]))
    }

    /// Adds an answer; returns where it is.
    fn push(&mut self, answer: Answer) -> u32 {
        let at = self.answers.len() as u32;
        let hash = answer.hash;
        self.answers.push(answer);
        let answers = &self.answers;
        self.index
            .insert_unique(hash, at, |&i| answers[i as usize].hash);
        at
    }
}

/// One thread's remembered answers (see the module docs).
#[derive(Debug)]
pub(crate) struct QuestionMemo {
    /// This generation's answers, found by their key: the sequence string,
    /// then a separator and the vulnerability bits.
    now: Generation,
    /// The previous generation's answers.
    before: Generation,
    /// Hashes keys.
    hasher: foldhash::fast::FixedState,
    /// The most answers kept in one generation.
    capacity: usize,
    /// The key of the current question.
    key: Vec<u8>,
    /// The position in `now` of the current question's answer, when it was
    /// remembered.
    current: u32,
    /// Whether `current` is the answer to the question of `key` (asking the
    /// same question again, as making the call just chosen does, needs no
    /// lookup).
    loaded: bool,
    /// Answers shared with the memos of other threads, asked when this one
    /// does not know a question.
    shared: Option<Arc<SharedAnswers>>,
    /// How many answers this memo had to work out.
    worked_out: u64,
}

impl QuestionMemo {
    /// A memo of two generations of up to `capacity` answers each, sharing
    /// answers through `shared` if given.
    pub(crate) fn new(capacity: usize, shared: Option<Arc<SharedAnswers>>) -> QuestionMemo {
        QuestionMemo {
            now: Generation::with_capacity(capacity.min(1 << 16)),
            before: Generation::default(),
            hasher: Default::default(),
            capacity: capacity.max(1),
            key: Vec::with_capacity(128),
            current: 0,
            loaded: false,
            shared,
            worked_out: 0,
        }
    }

    /// How many answers this memo had to work out.
    pub(crate) fn worked_out(&self) -> u64 {
        self.worked_out
    }

    /// Sets the key of the question about to be asked: `sequence` and the
    /// vulnerability bits.
    pub(crate) fn set_key(&mut self, sequence: &[u8], vulnerability: u8) {
        let n = sequence.len();
        let same = self.key.len() == n + 2
            && self.key[n + 1] == vulnerability
            && self.key[..n] == *sequence;
        if !same {
            self.key.clear();
            self.key.extend_from_slice(sequence);
            self.key.push(0xFF);
            self.key.push(vulnerability);
            self.loaded = false;
        }
    }

    /// Finds the answer to the current question; `false` when not known
    /// here or to the other threads.
    pub(crate) fn load(&mut self) -> bool {
        if self.loaded {
            return true;
        }
        let hash = self.hasher.hash_one(self.key.as_slice());
        self.current = match self.now.find(hash, &self.key) {
            Some(at) => at,
            None => {
                // Still in use: back into the current generation; or worked
                // out by another thread.
                let answer = self.before.take(hash, &self.key).or_else(|| {
                    let shared = self.shared.as_ref()?;
                    shared.get(&self.key, hash)
                });
                let Some(answer) = answer else {
                    return false;
                };
                self.insert(answer)
            }
        };
        self.loaded = true;
        true
    }

    /// Remembers `proposals` and their `grabs` as the answer to the current
    /// question, and offers them to the other threads.
    pub(crate) fn store(&mut self, proposals: &[Proposal], grabs: &[Grabs]) {
        self.worked_out += 1;
        if let Some(shared) = &self.shared {
            shared.offer(&self.key, proposals, grabs);
        }
        let hash = self.hasher.hash_one(self.key.as_slice());
        let answer = Answer::new(&self.key, hash, proposals, grabs);
        self.current = self.insert(answer);
        self.loaded = true;
    }

    /// The current question's answer (after [`QuestionMemo::load`] or
    /// [`QuestionMemo::store`]): its proposals and their grabs.
    pub(crate) fn answer(&self) -> (&[Proposal], &[Grabs]) {
        let answer = &self.now.answers[self.current as usize];
        (&answer.proposals, &answer.grabs)
    }

    /// What the call tagged `tag` shows after the current question's
    /// auction, if it was remembered.
    pub(crate) fn meaning(&self, tag: u8) -> Option<&Meaning> {
        let answer = &self.now.answers[self.current as usize];
        let at = answer.meaning_tags.iter().position(|&t| t == tag)?;
        answer.meanings.get(at)
    }

    /// Remembers what the call tagged `tag` shows after the current
    /// question's auction.
    pub(crate) fn remember_meaning(&mut self, tag: u8, meaning: &Meaning) {
        let answer = &mut self.now.answers[self.current as usize];
        answer.meanings.push(meaning.clone());
        answer.meaning_tags.push(tag);
    }

    /// Adds an answer to the current generation, starting a new generation
    /// first if the current one is full; returns where it is.
    fn insert(&mut self, answer: Answer) -> u32 {
        if self.now.answers.len() >= self.capacity {
            let fresh = Generation::with_capacity(self.capacity.min(1 << 16));
            self.before = std::mem::replace(&mut self.now, fresh);
        }
        self.now.push(answer)
    }
}

/// Answers shared between the question memos of several threads (see
/// [`crate::resolve::book::Book::scratch_sharing`]): the thread that meets a question
/// first works out the answer and offers it here, and the others copy it
/// rather than work it out again. Only questions a thread's own memo does
/// not know come here, so the lock is seldom taken and never on the way of
/// a remembered answer.
///
/// Holds at most `capacity` answers: the first ones offered, which are the
/// early auctions every deal passes through; after that the memos go on
/// alone.
#[derive(Debug)]
pub struct SharedAnswers {
    /// The id of the book the answers are of: a scratch of another book
    /// may not share them.
    book: u64,
    /// The most answers kept.
    capacity: usize,
    /// The proposals and their grabs, by question key (see
    /// [`QuestionMemo`]).
    answers: Mutex<SharedTable>,
}

/// The table behind [`SharedAnswers`].
type SharedTable =
    hashbrown::HashMap<Box<[u8]>, (Box<[Proposal]>, Box<[Grabs]>), foldhash::fast::FixedState>;

impl SharedAnswers {
    /// An empty store for the book with id `book`.
    pub(crate) fn new(book: u64, capacity: usize) -> SharedAnswers {
        SharedAnswers {
            book,
            capacity,
            answers: Mutex::default(),
        }
    }

    /// The id of the book the answers are of.
    pub(crate) fn book(&self) -> u64 {
        self.book
    }

    /// The answer to `key`, copied, if some thread offered it.
    fn get(&self, key: &[u8], hash: u64) -> Option<Answer> {
        let table = self.answers.lock().unwrap_or_else(PoisonError::into_inner);
        let (proposals, grabs) = table.get(key)?;
        Some(Answer::new(key, hash, proposals, grabs))
    }

    /// Offers the answer to `key` (kept unless full or known already).
    fn offer(&self, key: &[u8], proposals: &[Proposal], grabs: &[Grabs]) {
        let mut table = self.answers.lock().unwrap_or_else(PoisonError::into_inner);
        if table.len() < self.capacity && !table.contains_key(key) {
            table.insert(key.into(), (proposals.into(), grabs.into()));
        }
    }

    /// How many answers are kept.
    pub fn len(&self) -> usize {
        self.answers
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }

    /// Whether no answer is kept yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

//! A compiled rulebook: every rule compiled once, the regular sequence
//! patterns in lazy DFAs (anchored and floating apart), and the lookup of
//! which rules propose a call.
//!
//! [`Book::proposals`] is the one place that answers "which rules propose
//! this call in this auction?", for bidding and for explaining alike.

use crate::compile::functions::Env;
use crate::compile::grabs::Grabs;
use crate::compile::matcher::auction_split::AuctionSplit;
use crate::compile::matcher::constraint_program::ConstraintProgram;
use crate::compile::matcher::hand_bounds::HandBounds;
use crate::compile::matcher::redirect_filter::{RedirectFilter, RedirectFilterCache};
use crate::compile::matcher::regular::{PrefixState, RegularCache, RegularSet, to_regex_approx};
use crate::compile::matcher::situation_guard::SituationGuard;
use crate::compile::matcher::{Backtracker, EndMode, ir};
use crate::compile::rules::{Rule, SeqMatcher};
use crate::parallel::join;
use crate::resolve::auction_parts::AuctionParts;
use crate::resolve::explanations::{Explanations, Forcing};
use crate::resolve::hand_eval::HandEval;
use crate::resolve::memo::{QuestionMemo, SharedAnswers};
use crate::resolve::proposal::{Meaning, NO_GRABS, Proposal};
use grammar::ast::Span;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// How many redirections (`@LABEL`) may be followed in a row.
pub const MAX_REDIRECT_DEPTH: usize = 8;

/// How a rule is named: `#id`, or `rule n` (its 1-based position) for a
/// rule without an id. Displays as that text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleLabel {
    /// The rule's id.
    Id(u32),
    /// The rule's position, for a rule without an id.
    Position(u32),
}

impl std::fmt::Display for RuleLabel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RuleLabel::Id(id) => write!(f, "#{id}"),
            RuleLabel::Position(n) => write!(f, "rule {n}"),
        }
    }
}

/// A set of candidate tags (indices of legal calls).
#[derive(Debug, Clone, Copy, Default)]
struct TagSet([u64; 4]);

impl TagSet {
    fn insert(&mut self, tag: u8) {
        self.0[usize::from(tag >> 6)] |= 1 << (tag & 63);
    }

    fn contains(&self, tag: u8) -> bool {
        self.0[usize::from(tag >> 6)] & (1 << (tag & 63)) != 0
    }
}

/// A compiled rulebook.
#[derive(Debug)]
pub struct Book {
    rules: Vec<Rule>,
    regular: RegularSet,
    /// Backtracking rules with no regular approximation: tried on every
    /// subject (behind their literal prefix).
    backtrack: Vec<u32>,
    /// Backtracking rules prefiltered by the DFA.
    prefiltered: usize,
    redirects: Vec<u32>,
    /// Which redirections can match a given auction (see
    /// [`RedirectFilter`]), in the order of `redirects`.
    redirect_filter: RedirectFilter,
    /// Whether some redirection's pattern reads the vulnerability.
    redirects_read_vulnerability: bool,
    explanations: Explanations,
    /// Whether some rule's sequence pattern or spec reads the vulnerability
    /// (see [`Book::answers_read_vulnerability`]).
    answers_read_vulnerability: bool,
    /// How each rule's constraint is checked, by rule index: kept apart
    /// from the rules, so that weighing a rule reads a few kilobytes only.
    checks: Vec<ConstraintCheck>,
    /// The situation tests of each backtracking rule's sequence pattern,
    /// by rule index (see [`SituationGuard`]): checked before the pattern
    /// is walked.
    guards: Vec<Option<SituationGuard>>,
    /// The auction part of each backtracking rule's sequence pattern, by
    /// rule index (see [`AuctionSplit`]): matched once per auction.
    splits: Vec<Option<AuctionSplit>>,
    /// Whether each rule's explanation is alerted, by rule index (see
    /// [`Book::alerted`]).
    alerts: Vec<bool>,
    /// Whether each rule's explanation marks its call forcing, by rule index
    /// (see [`Book::forcing`]).
    forcing: Vec<Forcing>,
    /// A number no other book of this process has (see [`SharedAnswers`]).
    id: u64,
}

/// The id of the next book built (see [`SharedAnswers`]).
static NEXT_BOOK_ID: AtomicU64 = AtomicU64::new(0);

/// How many rules use each matcher (see [`Book::matcher_counts`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatcherCounts {
    /// Regular sequence patterns, answered by the DFA alone.
    pub regular: usize,
    /// Backtracking patterns whose regular approximation runs in the DFA
    /// first.
    pub prefiltered: usize,
    /// Backtracking patterns tried on every subject behind a literal prefix.
    pub backtracking: usize,
    /// Redirections.
    pub redirects: usize,
}

/// Reusable buffers for one thread's decisions: after the first few
/// decisions, proposing and choosing a call allocates nothing.
#[derive(Debug)]
pub struct Scratch {
    pub(crate) cache: RegularCache,
    redirect_cache: RedirectFilterCache,
    pub(crate) subject: Vec<u8>,
    pub(crate) proposals: Vec<Proposal>,
    grabs: Vec<Grabs>,
    hits: Vec<(u32, bool)>,
    prepared: Prepared,
    auction_parts: AuctionParts,
    memo: Option<QuestionMemo>,
    /// Whether the answer to the current question is the memo's entry for
    /// its key rather than the vectors above.
    from_memo: bool,
    /// Whether working out the current answer weighed a rule that reads the
    /// vulnerability (see [`Scratch::answer_read_vulnerability`]).
    reads_vulnerability: bool,
}

/// The auction of the current question and its rewritings by redirections
/// (see [`Book::prepare`]); buffers are reused from question to question.
#[derive(Debug, Default)]
struct Prepared {
    /// How many of the entries below are in use.
    len: usize,
    /// Each prefix (with its trailing `:`), the original first.
    subjects: Vec<Vec<u8>>,
    /// How many redirections made each one.
    depths: Vec<usize>,
    /// The DFA state after each one.
    states: Vec<Option<PrefixState>>,
    /// Redirection spans of the entry being rewritten.
    spans: Vec<(usize, usize)>,
    /// The entry being rewritten with a stand-in candidate call.
    probe: Vec<u8>,
}

impl Prepared {
    /// Adds an entry (reusing a buffer) and returns its index.
    fn slot(&mut self, depth: usize) -> usize {
        if self.len == self.subjects.len() {
            self.subjects.push(Vec::with_capacity(128));
            self.depths.push(0);
            self.states.push(None);
        }
        let i = self.len;
        self.len += 1;
        self.subjects[i].clear();
        self.depths[i] = depth;
        self.states[i] = None;
        i
    }

    fn push(&mut self, subject: &[u8], depth: usize) {
        let i = self.slot(depth);
        self.subjects[i].extend_from_slice(subject);
    }

    /// Adds `from` with `from[s..e]` replaced by `label`, unless that
    /// prefix is already there.
    fn push_rewritten(&mut self, from: &[u8], s: usize, e: usize, label: &[u8], depth: usize) {
        let same = |t: &Vec<u8>| {
            t.len() == from.len() - (e - s) + label.len()
                && t.starts_with(&from[..s])
                && t[s..].starts_with(label)
                && t[s + label.len()..] == from[e..]
        };
        if self.subjects[..self.len].iter().any(same) {
            return;
        }
        let i = self.slot(depth);
        let t = &mut self.subjects[i];
        t.extend_from_slice(&from[..s]);
        t.extend_from_slice(label);
        t.extend_from_slice(&from[e..]);
    }
}

/// A rule that failed to compile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleCompileError {
    /// What is wrong.
    pub message: String,
    /// Where, as offsets into the expanded text.
    pub span: Span,
}

impl Scratch {
    /// How many questions this scratch's memo could not answer from memory
    /// (its own or shared) and had to work out; 0 without a memo.
    pub fn answers_worked_out(&self) -> u64 {
        self.memo.as_ref().map_or(0, QuestionMemo::worked_out)
    }

    /// Forgets the proposals of the previous question.
    pub fn clear_proposals(&mut self) {
        self.from_memo = false;
        self.proposals.clear();
        self.grabs.clear();
        self.reads_vulnerability = false;
    }

    /// Whether working out the current answer weighed a rule whose sequence
    /// pattern or spec reads the vulnerability (then the answer holds for
    /// this vulnerability only).
    pub(crate) fn answer_read_vulnerability(&self) -> bool {
        self.reads_vulnerability
    }

    /// Sets the key of the question about to be asked (`sequence` and the
    /// vulnerability bits); `false` when this scratch keeps no memo.
    pub(crate) fn memo_key(&mut self, sequence: &[u8], vulnerability: u8) -> bool {
        let Some(memo) = &mut self.memo else {
            return false;
        };
        memo.set_key(sequence, vulnerability);
        true
    }

    /// Makes the remembered answer to the current question the answer
    /// ([`Scratch::answer`]), without copying it. `false` when not known.
    pub(crate) fn memo_load(&mut self) -> bool {
        let loaded = self.memo.as_mut().is_some_and(QuestionMemo::load);
        self.from_memo |= loaded;
        loaded
    }

    /// Remembers the proposals now in the scratch as the answer to the
    /// current question (which is from now on the memo's copy).
    pub(crate) fn memo_store(&mut self) {
        if let Some(memo) = &mut self.memo {
            memo.store(&self.proposals, &self.grabs);
            self.from_memo = true;
        }
    }

    /// What the call tagged `tag` shows after the current question's
    /// auction, if the memo has it.
    pub(crate) fn remembered_meaning(&self, tag: u8) -> Option<&Meaning> {
        let memo = self.memo.as_ref().filter(|_| self.from_memo)?;
        memo.meaning(tag)
    }

    /// Remembers what the call tagged `tag` shows after the current
    /// question's auction (when the answer is the memo's).
    pub(crate) fn remember_meaning(&mut self, tag: u8, meaning: &Meaning) {
        if let Some(memo) = self.memo.as_mut().filter(|_| self.from_memo) {
            memo.remember_meaning(tag, meaning);
        }
    }

    /// The answer to the current question: the proposals in the order they
    /// are weighed (see [`Book::settle`]) and the grabs they refer to (see
    /// [`Proposal::grabs_in`]) — the memo's copy when it was remembered.
    pub fn answer(&self) -> (&[Proposal], &[Grabs]) {
        if self.from_memo
            && let Some(memo) = &self.memo
        {
            return memo.answer();
        }
        (&self.proposals, &self.grabs)
    }

    /// Puts the proposals of the current question in order and marks the
    /// superseded ones (see [`Book::settle`]).
    pub(crate) fn settle(&mut self, book: &Book) {
        book.settle(&mut self.proposals);
    }
}

impl Book {
    /// Builds a book from compiled rules and the explanations table.
    pub fn new(rules: Vec<Rule>, explanations: Explanations) -> Result<Book, RuleCompileError> {
        let approximate = |r: &Rule| r.seq.backtrack_pattern().and_then(to_regex_approx);
        // Approximating the backtracking patterns is costly: done in
        // parallel (rayon's global pool), one entry per rule.
        #[cfg(feature = "parallel")]
        let approximations: Vec<_> = {
            use rayon::prelude::*;
            rules.par_iter().map(approximate).collect()
        };
        #[cfg(not(feature = "parallel"))]
        let approximations: Vec<_> = rules.iter().map(approximate).collect();
        // Floating patterns (`START…`) in a DFA of their own.
        let mut regular = Vec::new();
        let mut floating = Vec::new();
        let mut backtrack = Vec::new();
        let mut redirects = Vec::new();
        let mut prefiltered = 0;
        for (i, (r, approximation)) in rules.iter().zip(&approximations).enumerate() {
            let dfa = if r.floating {
                &mut floating
            } else {
                &mut regular
            };
            match (&r.seq, approximation) {
                (SeqMatcher::Regular(re), _) => dfa.push((i as u32, false, re)),
                (SeqMatcher::Backtrack { .. }, Some(re)) => {
                    dfa.push((i as u32, true, re));
                    prefiltered += 1;
                }
                (SeqMatcher::Backtrack { .. }, None) => backtrack.push(i as u32),
                (SeqMatcher::Redirect { .. }, _) => redirects.push(i as u32),
            }
        }
        // The DFAs' automaton is built while the per-rule tables are.
        let (regular, (guards, splits, checks)) = join(
            || RegularSet::split(regular, floating),
            || {
                let guards = rules
                    .iter()
                    .map(|r| r.seq.backtrack_pattern().and_then(SituationGuard::of))
                    .collect::<Vec<_>>();
                let splits = rules
                    .iter()
                    .map(|r| r.seq.backtrack_pattern().and_then(AuctionSplit::of))
                    .collect::<Vec<_>>();
                let checks = rules
                    .iter()
                    .map(|r| ConstraintCheck::of(r.constraint.as_ref()))
                    .collect::<Vec<_>>();
                (guards, splits, checks)
            },
        );
        let regular = regular.map_err(|e| RuleCompileError {
            message: e.to_string(),
            span: Span::default(),
        })?;
        let answers_read_vulnerability = rules.iter().any(|r| r.reads_vulnerability);
        let redirect_filter =
            RedirectFilter::new(
                redirects
                    .iter()
                    .filter_map(|&r| match &rules[r as usize].seq {
                        SeqMatcher::Redirect { pattern, .. } => Some(pattern),
                        _ => None,
                    }),
            );
        let redirects_read_vulnerability = redirects
            .iter()
            .any(|&r| rules[r as usize].reads_vulnerability);
        let explanation_of = |r: &Rule| r.explanation.and_then(|id| explanations.get(id));
        let alerts = rules
            .iter()
            .map(|r| explanation_of(r).is_some_and(|e| e.alert))
            .collect();
        let forcing = rules
            .iter()
            .map(|r| explanation_of(r).map_or(Forcing::No, |e| e.forcing))
            .collect();
        let book = Book {
            id: NEXT_BOOK_ID.fetch_add(1, Ordering::Relaxed),
            alerts,
            forcing,
            checks,
            guards,
            splits,
            answers_read_vulnerability,
            rules,
            regular,
            backtrack,
            prefiltered,
            redirects,
            redirect_filter,
            redirects_read_vulnerability,
            explanations,
        };
        book.check_redirect_cycles()?;
        Ok(book)
    }

    /// The rules, in database order.
    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }

    /// The explanations table.
    pub fn explanations(&self) -> &Explanations {
        &self.explanations
    }

    /// Whether `rule`'s explanation marks its call as alerted (`false`
    /// for a rule without one): a table lookup made once, at load, for
    /// every call of every deal written.
    pub fn alerted(&self, rule: u32) -> bool {
        self.alerts[rule as usize]
    }

    /// Whether `rule`'s explanation marks its call as forcing
    /// ([`Forcing::No`] for a rule without one), looked up once, at load.
    pub fn forcing(&self, rule: u32) -> Forcing {
        self.forcing[rule as usize]
    }

    /// Whether which rules propose a call, or what it shows, can depend on
    /// the vulnerability: some rule's sequence pattern or spec reads it
    /// (`#2`, `#3`). When none does, everything but the hand follows from
    /// the auction alone — who is to call, what each player has shown — so
    /// one remembered answer serves every vulnerability; when some does,
    /// only the answers that weigh such a rule are kept per vulnerability
    /// (see [`Scratch::answer_read_vulnerability`]).
    pub fn answers_read_vulnerability(&self) -> bool {
        self.answers_read_vulnerability
    }

    /// Fresh scratch buffers for this book that also remember the answers
    /// to questions (auctions) — two generations of up to `capacity` each,
    /// the answers still in use carried into the next — for bidding many
    /// deals:
    /// which rules propose each call depends on the auction and the
    /// vulnerability only, and many deals reach the same early auctions.
    /// Answers are the same with or without it.
    pub fn scratch_with_memo(&self, capacity: usize) -> Scratch {
        let mut scratch = self.scratch();
        scratch.memo = Some(QuestionMemo::new(capacity, None));
        scratch
    }

    /// A store of up to `capacity` answers that the scratches of several
    /// threads share ([`Book::scratch_sharing`]).
    pub fn shared_answers(&self, capacity: usize) -> Arc<SharedAnswers> {
        Arc::new(SharedAnswers::new(self.id, capacity))
    }

    /// Like [`Book::scratch_with_memo`], with the answers that other
    /// threads work out shared through `shared` (made by this book's
    /// [`Book::shared_answers`]): bidding deals on several threads, each
    /// early auction is worked out once, not once per thread.
    ///
    /// # Panics
    ///
    /// `shared` was made by another book.
    pub fn scratch_sharing(&self, capacity: usize, shared: &Arc<SharedAnswers>) -> Scratch {
        assert_eq!(
            shared.book(),
            self.id,
            "answers are shared between scratches of one book"
        );
        let mut scratch = self.scratch();
        scratch.memo = Some(QuestionMemo::new(capacity, Some(Arc::clone(shared))));
        scratch
    }

    /// Fresh scratch buffers for this book.
    pub fn scratch(&self) -> Scratch {
        Scratch {
            cache: self.regular.cache(),
            redirect_cache: self.redirect_filter.cache(),
            subject: Vec::with_capacity(256),
            proposals: Vec::with_capacity(64),
            grabs: Vec::with_capacity(16),
            hits: Vec::with_capacity(64),
            prepared: Prepared::default(),
            auction_parts: AuctionParts::default(),
            memo: None,
            from_memo: false,
            reads_vulnerability: false,
        }
    }

    /// How many rules use each matcher.
    pub fn matcher_counts(&self) -> MatcherCounts {
        MatcherCounts {
            regular: self.regular.len() - self.prefiltered,
            prefiltered: self.prefiltered,
            backtracking: self.backtrack.len(),
            redirects: self.redirects.len(),
        }
    }

    /// A redirection whose label can be redirected again to itself would loop
    /// forever; find such cycles when the book loads, by following each label
    /// through the redirections that match the label alone.
    fn check_redirect_cycles(&self) -> Result<(), RuleCompileError> {
        let situation = crate::compile::functions::Situation::default();
        let env = Env {
            situation: &situation,
            hand: None,
        };
        let mut filter_cache = self.redirect_filter.cache();
        for &start in &self.redirects {
            let mut chain = vec![start];
            let mut current = start;
            while let SeqMatcher::Redirect { label, .. } = &self.rules[current as usize].seq {
                // The label followed by one call: does a redirection rewrite it?
                let mut probe = label.to_vec();
                probe.extend_from_slice(b":P");
                self.redirect_filter
                    .search(&mut filter_cache, &probe[..probe.len() - 1]);
                let next = (0..self.redirects.len()).find_map(|k| {
                    let r = self.redirects[k];
                    if !self.redirect_filter.may_match(&filter_cache, k) {
                        return None;
                    }
                    let SeqMatcher::Redirect { pattern, .. } = &self.rules[r as usize].seq else {
                        return None;
                    };
                    let mut spans = Vec::new();
                    Backtracker::new(&probe, &env).redirect_spans(
                        pattern,
                        &mut Grabs::new(),
                        &mut spans,
                    );
                    spans.contains(&(0, label.len())).then_some(r)
                });
                match next {
                    None => break,
                    Some(n) if chain.contains(&n) => {
                        let names: Vec<String> = chain
                            .iter()
                            .chain(std::iter::once(&n))
                            .map(|&i| self.rule_name(i))
                            .collect();
                        return Err(RuleCompileError {
                            message: format!("redirection cycle: {}", names.join(" → ")),
                            span: self.rules[start as usize].span,
                        });
                    }
                    Some(n) => {
                        chain.push(n);
                        current = n;
                    }
                }
            }
        }
        Ok(())
    }

    /// A short name for a rule: `#id`, or its position.
    pub fn rule_name(&self, index: u32) -> String {
        self.rule_label(index).to_string()
    }

    /// [`Book::rule_name`] as a value that writes itself (no allocation).
    pub fn rule_label(&self, index: u32) -> RuleLabel {
        match self.rules[index as usize].id {
            Some(id) => RuleLabel::Id(id),
            None => RuleLabel::Position(index + 1),
        }
    }

    /// Prepares the auction so far for the candidate calls of one
    /// question: `prefix` is the sequence string with its trailing `:`
    /// (empty before the first call). The prefix and every rewriting of it
    /// by redirections are kept, each with the DFA state after it, so that
    /// [`Book::proposals`] only walks the candidate call.
    ///
    /// A redirection's span ends at a call boundary before the candidate
    /// call, so where redirections apply depends on the prefix alone: they
    /// are found once here, not once per candidate.
    pub fn prepare(&self, prefix: &[u8], env: &Env<'_>, scratch: &mut Scratch) {
        scratch.auction_parts.new_question();
        let p = &mut scratch.prepared;
        p.len = 0;
        p.push(prefix, 0);
        let mut i = 0;
        while i < p.len {
            let depth = p.depths[i];
            if depth < MAX_REDIRECT_DEPTH && !self.redirects.is_empty() {
                // A stand-in candidate call, so that spans end before it.
                let mut probe = std::mem::take(&mut p.probe);
                probe.clear();
                probe.extend_from_slice(&p.subjects[i]);
                probe.push(b'P');
                let bt = Backtracker::new(&probe, env);
                // Every redirection counts as weighed, walked or not.
                scratch.reads_vulnerability |= self.redirects_read_vulnerability;
                self.redirect_filter
                    .search(&mut scratch.redirect_cache, &p.subjects[i]);
                for (k, &r) in self.redirects.iter().enumerate() {
                    if !self.redirect_filter.may_match(&scratch.redirect_cache, k) {
                        continue;
                    }
                    let SeqMatcher::Redirect { pattern, label } = &self.rules[r as usize].seq
                    else {
                        continue;
                    };
                    p.spans.clear();
                    bt.redirect_spans(pattern, &mut Grabs::new(), &mut p.spans);
                    for k in 0..p.spans.len() {
                        let (s, e) = p.spans[k];
                        p.push_rewritten(&probe[..probe.len() - 1], s, e, label, depth + 1);
                    }
                }
                p.probe = probe;
            }
            i += 1;
        }
        for i in 0..scratch.prepared.len {
            scratch.prepared.states[i] = self
                .regular
                .prefix_state(&mut scratch.cache, &scratch.prepared.subjects[i]);
        }
    }

    /// Every rule that proposes `candidate` (a call token) after the auction
    /// last given to [`Book::prepare`], in the situation given with it
    /// (`env` must be the same), before default rules are dropped.
    /// Appends them to the scratch proposals, tagged with `tag`.
    pub fn proposals(&self, candidate: &[u8], env: &Env<'_>, scratch: &mut Scratch, tag: u8) {
        let start = scratch.proposals.len();
        for i in 0..scratch.prepared.len {
            let mut subject = std::mem::take(&mut scratch.subject);
            subject.clear();
            subject.extend_from_slice(&scratch.prepared.subjects[i]);
            subject.extend_from_slice(candidate);
            let state = scratch.prepared.states[i];
            self.collect(
                &subject,
                candidate.len(),
                i,
                state.as_ref(),
                env,
                scratch,
                tag,
            );
            scratch.subject = subject;
        }
        if scratch.prepared.len > 1 {
            // The same rule reached along two redirection paths counts once.
            let mut i = start;
            while i < scratch.proposals.len() {
                let r = scratch.proposals[i].rule();
                if scratch.proposals[start..i].iter().any(|p| p.rule() == r) {
                    scratch.proposals.remove(i);
                } else {
                    i += 1;
                }
            }
        }
    }

    /// The rules proposing the last call of `subject` (the prepared auction
    /// `prepared`, walked into `prefix_state`, then the candidate call),
    /// redirections aside.
    #[allow(clippy::too_many_arguments)]
    fn collect(
        &self,
        subject: &[u8],
        candidate_len: usize,
        prepared: usize,
        prefix_state: Option<&PrefixState>,
        env: &Env<'_>,
        scratch: &mut Scratch,
        tag: u8,
    ) {
        // Regular patterns (and approximations of backtracking ones): one DFA
        // walk. Approximate hits are collected first, confirmed below.
        let bt = Backtracker::new(subject, env);
        let (auction, candidate) = subject.split_at(subject.len() - candidate_len);
        let mut hits = std::mem::take(&mut scratch.hits);
        hits.clear();
        let mut done = false;
        if let Some(state) = prefix_state {
            done = self
                .regular
                .matches_after(&mut scratch.cache, state, candidate, &mut |r, v| {
                    hits.push((r, v))
                });
        }
        if !done {
            hits.clear();
            self.regular.matches(&mut scratch.cache, subject, &mut hits);
        }
        for &(rule, verify) in &hits {
            scratch.reads_vulnerability |= self.rules[rule as usize].reads_vulnerability;
            let mut slot = NO_GRABS;
            if verify {
                let Some(pattern) = self.rules[rule as usize].seq.backtrack_pattern() else {
                    continue;
                };
                if !self.guard_admits(rule, env, scratch) {
                    continue;
                }
                let mut grabs = Grabs::new();
                if !self.walk(
                    rule, pattern, &bt, auction, prepared, env, scratch, &mut grabs,
                ) {
                    continue;
                }
                slot = scratch.grabs.len() as u32;
                scratch.grabs.push(grabs);
            }
            let priority = self.rules[rule as usize].priority;
            scratch
                .proposals
                .push(Proposal::new(priority, rule, tag, slot));
        }
        scratch.hits = hits;
        // Backtracking patterns with no approximation, behind their literal
        // prefix.
        for &r in &self.backtrack {
            let SeqMatcher::Backtrack { pattern, prefix } = &self.rules[r as usize].seq else {
                continue;
            };
            if !subject.starts_with(prefix) {
                continue;
            }
            scratch.reads_vulnerability |= self.rules[r as usize].reads_vulnerability;
            if !self.guard_admits(r, env, scratch) {
                continue;
            }
            let mut grabs = Grabs::new();
            if self.walk(r, pattern, &bt, auction, prepared, env, scratch, &mut grabs) {
                let slot = scratch.grabs.len() as u32;
                scratch.grabs.push(grabs);
                let priority = self.rules[r as usize].priority;
                scratch
                    .proposals
                    .push(Proposal::new(priority, r, tag, slot));
            }
        }
    }

    /// Whether `rule`'s backtracking `pattern` matches `bt`'s subject (the
    /// prepared auction `auction`, then a candidate call) from empty grabs:
    /// through its auction part, matched once per question, when it has one
    /// (see [`AuctionSplit`]), else walked whole.
    #[allow(clippy::too_many_arguments)]
    fn walk(
        &self,
        rule: u32,
        pattern: &ir::Alt,
        bt: &Backtracker<'_, '_>,
        auction: &[u8],
        prepared: usize,
        env: &Env<'_>,
        scratch: &mut Scratch,
        grabs: &mut Grabs,
    ) -> bool {
        if let Some(split) = &self.splits[rule as usize] {
            let walker = Backtracker::new(auction, env);
            if let Some(ways) = scratch.auction_parts.ways(rule, prepared, split, &walker) {
                return split.matches(pattern, bt, ways, grabs);
            }
        }
        bt.matches(pattern, EndMode::Full, grabs)
    }

    /// Whether `rule`'s sequence pattern may match in `env`'s situation
    /// (see [`SituationGuard`]): `false` only when it surely cannot. The
    /// situation is the question's, so the verdict is worked out once per
    /// question.
    fn guard_admits(&self, rule: u32, env: &Env<'_>, scratch: &mut Scratch) -> bool {
        let Some(guard) = &self.guards[rule as usize] else {
            return true;
        };
        scratch.auction_parts.admits(rule, || guard.admits(env))
    }

    /// Puts the proposals of one question in the order they are weighed —
    /// priority, high first, then database order — and marks the default
    /// rules that are superseded: a default rule gives way to any rule
    /// proposing the same call with a higher priority, and to a non-default
    /// one with the same priority.
    pub fn settle(&self, proposals: &mut [Proposal]) {
        proposals.sort_unstable_by_key(|p| p.key);
        // Calls (tags) proposed at a higher priority than the current run's,
        // and in the current run by a non-default rule.
        let mut above = TagSet::default();
        let mut start = 0;
        while start < proposals.len() {
            let priority = proposals[start].priority();
            let end = start
                + proposals[start..]
                    .iter()
                    .take_while(|p| p.priority() == priority)
                    .count();
            let run = &mut proposals[start..end];
            let mut firm = TagSet::default();
            for p in run.iter() {
                if !self.rules[p.rule() as usize].default {
                    firm.insert(p.tag());
                }
            }
            for p in run.iter_mut() {
                p.superseded = self.rules[p.rule() as usize].default
                    && (above.contains(p.tag()) || firm.contains(p.tag()));
            }
            for p in run.iter() {
                above.insert(p.tag());
            }
            start = end;
        }
    }

    /// Whether `rule`'s constraint holds for `hand`. `env.hand` must hold
    /// the features of the same hand: constraints read the pattern string
    /// and the features alike (see [`crate::compile::matcher::hand_fields`]). A hand
    /// outside the rule's [`HandBounds`] is turned away without a walk, and
    /// a constraint of MATH tests only runs as a [`ConstraintProgram`].
    pub fn constraint_holds(
        &self,
        rule: u32,
        hand: &HandEval,
        grabs: &Grabs,
        env: &Env<'_>,
    ) -> bool {
        let check = &self.checks[rule as usize];
        if !check.bounds.admit(&hand.values) {
            return false;
        }
        match &check.how {
            Check::Holds => true,
            Check::Program(program) => program.holds(&hand.values, grabs, env),
            Check::Walk => match &self.rules[rule as usize].constraint {
                None => true,
                Some(c) => constraint_holds(c, hand.pattern.as_bytes(), grabs, env),
            },
        }
    }
}

/// How a rule's constraint is checked: the bounds first, then the program
/// or the walk.
#[derive(Debug, Clone, PartialEq)]
struct ConstraintCheck {
    /// What a hand must be within (see [`HandBounds`]).
    bounds: HandBounds,
    /// What to do with a hand within them.
    how: Check,
}

/// What to do with a hand within a constraint's bounds.
#[derive(Debug, Clone, PartialEq)]
enum Check {
    /// Nothing: the rule has no constraint.
    Holds,
    /// Run the constraint's program.
    Program(ConstraintProgram),
    /// Walk the constraint with the backtracking matcher.
    Walk,
}

impl ConstraintCheck {
    fn of(constraint: Option<&ir::Alt>) -> ConstraintCheck {
        let Some(c) = constraint else {
            return ConstraintCheck {
                bounds: HandBounds::default(),
                how: Check::Holds,
            };
        };
        ConstraintCheck {
            bounds: HandBounds::of(c),
            how: ConstraintProgram::compile(c).map_or(Check::Walk, Check::Program),
        }
    }
}

fn constraint_holds(c: &ir::Alt, pattern: &[u8], grabs: &Grabs, env: &Env<'_>) -> bool {
    // A constraint that uses no grab needs no copy of the sequence's.
    let mut g = if c.uses_grabs { *grabs } else { Grabs::new() };
    Backtracker::new(pattern, env).matches(c, EndMode::Prefix, &mut g)
}

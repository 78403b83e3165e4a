//! Regular sequence patterns in multi-pattern lazy DFAs.
//!
//! A sequence pattern with no grabs, MATH, `!`, GOTO, `&` or redirection is a
//! regular language over the sequence string. All such patterns of a rulebook
//! are translated to regular expressions and compiled together into
//! `regex-automata` lazy DFAs with `MatchKind::All` — one for the patterns
//! anchored at the opening, one for the floating `START…` ones — so that one
//! walk of the sequence string reports every rule that proposes the
//! candidate call.
//!
//! The auction is the same for every candidate call of a decision, so the
//! walk is split: [`RegularSet::prefix_state`] walks the auction once, and
//! [`RegularSet::matches_after`] continues from that state with each
//! candidate's few bytes.

use super::ir::{Alt, Branch, ByteSet, Node};
use grammar::ast::AltOp;
use regex_automata::hybrid::LazyStateID;
use regex_automata::hybrid::dfa::{Cache, Config, DFA};
use regex_automata::nfa::thompson;
use regex_automata::util::start;
use regex_automata::{Anchored, MatchKind};
use regex_syntax::hir::{Class, ClassBytes, ClassBytesRange, Hir, Look, Repetition};
use std::borrow::Borrow;

/// Translates a sequence pattern into a regular expression (built as a
/// `regex-syntax` HIR, with no text to parse), or `None` when the pattern
/// needs the backtracking matcher. Its `Display` is the regex as text.
pub fn to_regex(alt: &Alt) -> Option<Hir> {
    // A walk turns most backtracking patterns away before any of the
    // expression is built (and dropped).
    if !all_regular(alt) {
        return None;
    }
    translate(alt, false)
}

/// Whether every member of `alt` and every node in it has a regular
/// expression: `|` only, no GOTO, no grab, MATH or `!`.
fn all_regular(alt: &Alt) -> bool {
    alt.rest.iter().all(|(op, _)| *op == AltOp::Or)
        && alt
            .branches()
            .all(|b| b.goto.is_none() && b.nodes.iter().all(node_regular))
}

fn node_regular(n: &Node) -> bool {
    match n {
        Node::Literal(_) | Node::AnyByte | Node::AnyCall | Node::ByteSet(_) => true,
        Node::Group(alt) => all_regular(alt),
        Node::Repeat { node, .. } => node_regular(node),
        Node::GrabClass { .. }
        | Node::Push(_)
        | Node::GrabMatch(_)
        | Node::Not(_)
        | Node::Math { .. } => false,
    }
}

/// A regular expression that matches every string the pattern matches (and
/// maybe more): grabs become the field they match, MATH nothing (any text
/// when it reads fields), `!` nothing.
/// The DFA uses it as a prefilter, so that the backtracking matcher runs only
/// on rules whose approximation matched. `None` when the pattern has no such
/// approximation (a GOTO on a member that counts).
pub fn to_regex_approx(alt: &Alt) -> Option<Hir> {
    translate(alt, true)
}

/// A class of bytes from inclusive ranges.
fn bytes(ranges: &[(u8, u8)]) -> Hir {
    Hir::class(Class::Bytes(ClassBytes::new(
        ranges.iter().map(|&(a, b)| ClassBytesRange::new(a, b)),
    )))
}

/// Any one byte.
fn any_byte() -> Hir {
    bytes(&[(0, 255)])
}

/// Any call token: `[1-7][CDHSN]|P|X|R`.
fn any_call() -> Hir {
    Hir::alternation(vec![
        Hir::concat(vec![
            bytes(&[(b'1', b'7')]),
            bytes(&[(b'C', b'D'), (b'H', b'H'), (b'N', b'N'), (b'S', b'S')]),
        ]),
        bytes(&[(b'P', b'P'), (b'R', b'R'), (b'X', b'X')]),
    ])
}

/// A field: a run of digits or one other byte.
fn field() -> Hir {
    Hir::alternation(vec![
        repeat(bytes(&[(b'0', b'9')]), 1, None),
        bytes(&[(0, b'0' - 1), (b'9' + 1, 255)]),
    ])
}

fn repeat(sub: Hir, min: u32, max: Option<u32>) -> Hir {
    Hir::repetition(Repetition {
        min,
        max,
        greedy: true,
        sub: Box::new(sub),
    })
}

/// The expression of a top-level alternative. Members combine left to
/// right; an approximation may drop a member after `&` or a GOTO (`A & B`
/// and `A @nn B` match only where `A` does), an exact one may not.
fn translate(alt: &Alt, approx: bool) -> Option<Hir> {
    let mut branches = vec![top_branch(&alt.first, approx)?];
    for (op, b) in &alt.rest {
        match op {
            AltOp::Or => branches.push(top_branch(b, approx)?),
            AltOp::And | AltOp::Then if approx => {}
            AltOp::And | AltOp::Then => return None,
        }
    }
    Some(Hir::alternation(branches))
}

/// The members of a top-level branch's concatenation up to the end of its
/// nodes — for a floating (`START`) branch, first any number of whole calls
/// before the match — with room for `tail` more; `None` when the branch has
/// a GOTO or a node with no translation.
pub(super) fn branch_parts(b: &Branch, approx: bool, tail: usize) -> Option<Vec<Hir>> {
    if b.goto.is_some() {
        return None;
    }
    let mut parts = Vec::with_capacity(b.nodes.len() + 1 + tail);
    if b.floating {
        parts.push(repeat(
            Hir::concat(vec![repeat(any_byte(), 0, None), Hir::literal(*b":")]),
            0,
            Some(1),
        ));
    }
    push_nodes(&b.nodes, approx, &mut parts)?;
    Some(parts)
}

/// A lazy DFA over `hirs` (no captures, bytes rather than UTF-8), with
/// `config`'s match kind and cache.
pub(super) fn lazy_dfa<H: Borrow<Hir>>(hirs: &[H], config: Config) -> Result<DFA, String> {
    let nfa = thompson::Compiler::new()
        .configure(
            thompson::Config::new()
                .utf8(false)
                .which_captures(thompson::WhichCaptures::None),
        )
        .build_many_from_hir(hirs)
        .map_err(|e| e.to_string())?;
    DFA::builder()
        .configure(config)
        .build_from_nfa(nfa)
        .map_err(|e| e.to_string())
}

fn top_branch(b: &Branch, approx: bool) -> Option<Hir> {
    let mut parts = branch_parts(b, approx, 2)?;
    if let Some(n) = b.end {
        parts.push(repeat(
            Hir::concat(vec![Hir::literal(*b":"), any_call()]),
            u32::from(n),
            Some(u32::from(n)),
        ));
    }
    parts.push(Hir::look(Look::End));
    Some(Hir::concat(parts))
}

/// The concatenation of `ns`.
fn nodes(ns: &[Node], approx: bool) -> Option<Hir> {
    let mut parts = Vec::with_capacity(ns.len());
    push_nodes(ns, approx, &mut parts)?;
    Some(Hir::concat(parts))
}

/// Appends the expressions of `ns` to `parts`, the members of a
/// concatenation: built once, flat, instead of nested concatenations that
/// `Hir::concat` would take apart again. The nodes an approximation makes
/// zero-width are left out (a concatenation drops them anyway).
fn push_nodes(ns: &[Node], approx: bool, parts: &mut Vec<Hir>) -> Option<()> {
    for n in ns {
        if !(approx && zero_width(n)) {
            parts.push(node(n, approx)?);
        }
    }
    Some(())
}

/// Whether the approximation of `n` matches the empty string only: `!`, a
/// push, and MATH that reads no field (`.`).
fn zero_width(n: &Node) -> bool {
    match n {
        Node::Push(_) | Node::Not(_) => true,
        Node::Math { expr, .. } => !expr.reads_fields(),
        _ => false,
    }
}

fn node(n: &Node, approx: bool) -> Option<Hir> {
    Some(match n {
        n if approx && zero_width(n) => Hir::empty(),
        Node::Literal(lit) => Hir::literal(lit.clone()),
        Node::AnyByte => any_byte(),
        Node::AnyCall => any_call(),
        Node::ByteSet(set) => byte_set(set)?,
        Node::Group(alt) => {
            let mut branches = Vec::with_capacity(alt.rest.len() + 1);
            for (i, b) in alt.branches().enumerate() {
                if (i > 0 && alt.rest[i - 1].0 != AltOp::Or) || b.goto.is_some() {
                    return None;
                }
                branches.push(nodes(&b.nodes, approx)?);
            }
            Hir::alternation(branches)
        }
        Node::Repeat {
            node: inner,
            min,
            max,
        } => repeat(node(inner, approx)?, u32::from(*min), max.map(u32::from)),
        Node::GrabClass { .. } | Node::GrabMatch(_) if approx => field(),
        // MATH that reads fields (`.`); otherwise it is zero-width.
        Node::Math { .. } if approx => repeat(any_byte(), 0, None),
        Node::GrabClass { .. }
        | Node::Push(_)
        | Node::GrabMatch(_)
        | Node::Not(_)
        | Node::Math { .. } => return None,
    })
}

/// The class of a byte set, one range per run of consecutive bytes; `None`
/// for the empty set (it can never match: the backtracking matcher says so
/// without a DFA state).
fn byte_set(set: &ByteSet) -> Option<Hir> {
    let mut ranges: Vec<(u8, u8)> = Vec::new();
    for b in set.iter() {
        match ranges.last_mut() {
            // Members come in increasing order, so `b` is at least 1 here.
            Some((_, last)) if *last == b - 1 => *last = b,
            _ => ranges.push((b, b)),
        }
    }
    (!ranges.is_empty()).then(|| bytes(&ranges))
}

/// Every regular sequence pattern of a rulebook, compiled together: the
/// patterns anchored at the opening in one lazy DFA, the floating ones
/// (`START…`, which may begin at any call boundary) in another. Apart, the
/// first DFA's states stop carrying the floating patterns' threads, which
/// every state of a single DFA would (a third of a cold run went to
/// determinizing such states), and the second stays small.
#[derive(Debug)]
pub struct RegularSet {
    parts: Vec<RegularPart>,
}

/// One lazy DFA of a [`RegularSet`].
#[derive(Debug)]
struct RegularPart {
    dfa: DFA,
    /// For each DFA pattern, the index of its rule and whether the pattern is
    /// only an approximation the backtracking matcher must confirm.
    rules: Vec<(u32, bool)>,
}

/// The search caches of a [`RegularSet`], one per DFA (one per thread).
#[derive(Debug, Clone)]
pub struct RegularCache(Vec<Cache>);

/// Why the regular set could not be built.
#[derive(Debug, thiserror::Error)]
#[error("cannot compile the regular sequence patterns: {0}")]
pub struct RegularSetError(String);

impl RegularSet {
    /// Compiles `(rule index, needs confirmation, regex)` triples into one
    /// lazy DFA; the regexes may be borrowed (`&Hir`).
    pub fn new<H: Borrow<Hir>>(
        patterns: Vec<(u32, bool, H)>,
    ) -> Result<RegularSet, RegularSetError> {
        RegularSet::split(patterns, Vec::<(u32, bool, H)>::new())
    }

    /// Compiles the anchored patterns and the floating ones into a DFA each
    /// (an empty list makes none).
    pub fn split<H: Borrow<Hir>>(
        anchored: Vec<(u32, bool, H)>,
        floating: Vec<(u32, bool, H)>,
    ) -> Result<RegularSet, RegularSetError> {
        let parts = [anchored, floating]
            .into_iter()
            .filter(|p| !p.is_empty())
            .map(RegularPart::new)
            .collect::<Result<_, _>>()?;
        Ok(RegularSet { parts })
    }

    /// Fresh caches for searching this set (one per thread).
    pub fn cache(&self) -> RegularCache {
        RegularCache(self.parts.iter().map(|p| Cache::new(&p.dfa)).collect())
    }

    /// Walks `prefix` from the anchored start state of each DFA.
    pub fn prefix_state(&self, cache: &mut RegularCache, prefix: &[u8]) -> Option<PrefixState> {
        let mut state = PrefixState::default();
        for (i, (part, cache)) in self.parts.iter().zip(&mut cache.0).enumerate() {
            state.parts[i] = Some(part.prefix_state(cache, prefix)?);
        }
        Some(state)
    }

    /// Calls `f` with the rule index (and whether it needs confirmation) of
    /// every pattern that matches the prefix walked into `state` followed by
    /// `rest`. Returns `false` when a DFA's cache was cleared under the
    /// walk (then the caller walks again from scratch).
    pub fn matches_after(
        &self,
        cache: &mut RegularCache,
        state: &PrefixState,
        rest: &[u8],
        f: &mut dyn FnMut(u32, bool),
    ) -> bool {
        for (i, (part, cache)) in self.parts.iter().zip(&mut cache.0).enumerate() {
            let Some(s) = &state.parts[i] else {
                continue;
            };
            if !part.matches_after(cache, s, rest, f) {
                return false;
            }
        }
        true
    }

    /// Appends to `hits` every pattern (rule index, needs confirmation) that
    /// matches the whole of `subject` (the one-shot path, for subjects
    /// rewritten by a redirection).
    pub fn matches(&self, cache: &mut RegularCache, subject: &[u8], hits: &mut Vec<(u32, bool)>) {
        let start = hits.len();
        for _ in 0..4 {
            hits.truncate(start);
            let Some(state) = self.prefix_state(cache, &[]) else {
                return;
            };
            if self.matches_after(cache, &state, subject, &mut |r, v| hits.push((r, v))) {
                break;
            }
        }
    }

    /// The number of patterns in the set.
    pub fn len(&self) -> usize {
        self.parts.iter().map(|p| p.rules.len()).sum()
    }

    /// Whether the set holds no pattern.
    pub fn is_empty(&self) -> bool {
        self.parts.is_empty()
    }
}

impl RegularPart {
    fn new<H: Borrow<Hir>>(patterns: Vec<(u32, bool, H)>) -> Result<RegularPart, RegularSetError> {
        let (rules, hirs): (Vec<(u32, bool)>, Vec<H>) =
            patterns.into_iter().map(|(r, v, re)| ((r, v), re)).unzip();
        // The cache grows with the book: a state of the lazy DFA holds the
        // NFA states of every pattern still alive, so a big book's states are
        // big, and a cache too small for them is cleared and rebuilt over and
        // over (2,100 rules in 8 MiB: half the time went to determinizing).
        let capacity = (hirs.len() << 15).clamp(8 << 20, 256 << 20);
        let dfa = lazy_dfa(
            &hirs,
            DFA::config()
                .match_kind(MatchKind::All)
                .cache_capacity(capacity)
                .minimum_cache_clear_count(None),
        )
        .map_err(RegularSetError)?;
        Ok(RegularPart { dfa, rules })
    }

    fn prefix_state(&self, cache: &mut Cache, prefix: &[u8]) -> Option<PartState> {
        let dfa = &self.dfa;
        let mut sid = dfa
            .start_state(cache, &start::Config::new().anchored(Anchored::Yes))
            .ok()?;
        for &b in prefix {
            sid = dfa.next_state(cache, sid, b).ok()?;
            if sid.is_dead() {
                break;
            }
        }
        Some(PartState {
            sid,
            clears: cache.clear_count(),
        })
    }

    fn matches_after(
        &self,
        cache: &mut Cache,
        state: &PartState,
        rest: &[u8],
        f: &mut dyn FnMut(u32, bool),
    ) -> bool {
        let dfa = &self.dfa;
        if cache.clear_count() != state.clears {
            return false;
        }
        let mut sid: LazyStateID = state.sid;
        for &b in rest {
            if sid.is_dead() {
                return true;
            }
            sid = match dfa.next_state(cache, sid, b) {
                Ok(s) => s,
                Err(_) => return false,
            };
        }
        if sid.is_dead() {
            return true;
        }
        sid = match dfa.next_eoi_state(cache, sid) {
            Ok(s) => s,
            Err(_) => return false,
        };
        if cache.clear_count() != state.clears {
            return false;
        }
        if sid.is_match() {
            for i in 0..dfa.match_len(cache, sid) {
                let pid = dfa.match_pattern(cache, sid, i);
                let (rule, verify) = self.rules[pid.as_usize()];
                f(rule, verify);
            }
        }
        true
    }
}

/// The DFA states after walking an auction prefix, one per DFA of the set.
#[derive(Debug, Clone, Copy, Default)]
pub struct PrefixState {
    parts: [Option<PartState>; 2],
}

/// One DFA's state after walking an auction prefix.
#[derive(Debug, Clone, Copy)]
struct PartState {
    sid: LazyStateID,
    clears: usize,
}

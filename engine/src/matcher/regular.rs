//! Regular sequence patterns in one multi-pattern lazy DFA.
//!
//! A sequence pattern with no grabs, MATH, `!`, GOTO, `&` or redirection is a
//! regular language over the sequence string. All such patterns of a rulebook
//! are translated to regular expressions and compiled together into one
//! `regex-automata` lazy DFA with `MatchKind::All`, so that one walk of the
//! sequence string reports every rule that proposes the candidate call.
//!
//! The auction is the same for every candidate call of a decision, so the
//! walk is split: [`RegularSet::prefix_state`] walks the auction once, and
//! [`RegularSet::matches_after`] continues from that state with each
//! candidate's few bytes.

use super::ir::{Alt, Branch, ByteSet, Node};
use grammar::ast::AltOp;
use regex_automata::hybrid::LazyStateID;
use regex_automata::hybrid::dfa::{Cache, DFA};
use regex_automata::util::start;
use regex_automata::util::syntax;
use regex_automata::{Anchored, MatchKind};
use std::fmt::Write;

/// The regex for any call token.
const CALL: &str = "(?:[1-7][CDHSN]|P|X|R)";

/// Translates a sequence pattern into a regular expression, or `None` when
/// the pattern needs the backtracking matcher.
pub fn to_regex(alt: &Alt) -> Option<String> {
    translate(alt, false)
}

/// A regular expression that matches every string the pattern matches (and
/// maybe more): grabs become the field they match, MATH any text, `!` nothing.
/// The DFA uses it as a prefilter, so that the backtracking matcher runs only
/// on rules whose approximation matched. `None` when the pattern has no such
/// approximation (a GOTO or `&`).
pub fn to_regex_approx(alt: &Alt) -> Option<String> {
    translate(alt, true)
}

/// A field: a run of digits or one other byte.
const FIELD: &str = "(?:[0-9]+|(?s-u:[^0-9]))";

fn translate(alt: &Alt, approx: bool) -> Option<String> {
    let mut out = String::from("(?:");
    for (i, b) in alt.branches().enumerate() {
        if i > 0 {
            if alt.rest[i - 1].0 != AltOp::Or {
                return None;
            }
            out.push('|');
        }
        top_branch(b, approx, &mut out)?;
    }
    out.push(')');
    Some(out)
}

fn top_branch(b: &Branch, approx: bool, out: &mut String) -> Option<()> {
    if b.goto.is_some() {
        return None;
    }
    out.push_str("(?:");
    if b.floating {
        out.push_str("(?:(?s-u:.)*:)?");
    }
    nodes(&b.nodes, approx, out)?;
    if let Some(n) = b.end {
        let _ = write!(out, "(?::{CALL}){{{n}}}");
    }
    out.push_str("$)");
    Some(())
}

fn nodes(ns: &[Node], approx: bool, out: &mut String) -> Option<()> {
    for n in ns {
        node(n, approx, out)?;
    }
    Some(())
}

fn node(n: &Node, approx: bool, out: &mut String) -> Option<()> {
    match n {
        Node::Literal(bytes) => bytes.iter().for_each(|&b| byte(b, out)),
        Node::AnyByte => out.push_str("(?s-u:.)"),
        Node::AnyCall => out.push_str(CALL),
        Node::ByteSet(set) => byte_set(set, out)?,
        Node::Group(alt) => {
            out.push_str("(?:");
            for (i, b) in alt.branches().enumerate() {
                if i > 0 {
                    if alt.rest[i - 1].0 != AltOp::Or {
                        return None;
                    }
                    out.push('|');
                }
                if b.goto.is_some() {
                    return None;
                }
                nodes(&b.nodes, approx, out)?;
            }
            out.push(')');
        }
        Node::Repeat {
            node: inner,
            min,
            max,
        } => {
            out.push_str("(?:");
            node(inner, approx, out)?;
            out.push(')');
            match (min, max) {
                (0, None) => out.push('*'),
                (1, None) => out.push('+'),
                (0, Some(1)) => out.push('?'),
                (lo, None) => {
                    let _ = write!(out, "{{{lo},}}");
                }
                (lo, Some(hi)) => {
                    let _ = write!(out, "{{{lo},{hi}}}");
                }
            }
        }
        Node::GrabClass { .. } | Node::GrabMatch(_) if approx => out.push_str(FIELD),
        Node::Push(_) | Node::Not(_) if approx => {}
        Node::Math(_) if approx => out.push_str("(?s-u:.)*"),
        Node::GrabClass { .. }
        | Node::Push(_)
        | Node::GrabMatch(_)
        | Node::Not(_)
        | Node::Math(_) => {
            return None;
        }
    }
    Some(())
}

fn byte(b: u8, out: &mut String) {
    if b.is_ascii_alphanumeric() || b == b':' || b == b'_' {
        out.push(b as char);
    } else {
        let _ = write!(out, "\\x{b:02X}");
    }
}

fn byte_set(set: &ByteSet, out: &mut String) -> Option<()> {
    let mut any = false;
    out.push('[');
    for b in set.iter() {
        any = true;
        let _ = write!(out, "\\x{b:02X}");
    }
    out.push(']');
    any.then_some(())
}

/// Every regular sequence pattern of a rulebook, compiled together.
#[derive(Debug)]
pub struct RegularSet {
    dfa: Option<DFA>,
    /// For each DFA pattern, the index of its rule and whether the pattern is
    /// only an approximation the backtracking matcher must confirm.
    rules: Vec<(u32, bool)>,
}

/// Why the regular set could not be built.
#[derive(Debug, thiserror::Error)]
#[error("cannot compile the regular sequence patterns: {0}")]
pub struct RegularSetError(String);

impl RegularSet {
    /// Compiles `(rule index, needs confirmation, regex)` triples into one
    /// lazy DFA.
    pub fn new(patterns: Vec<(u32, bool, String)>) -> Result<RegularSet, RegularSetError> {
        if patterns.is_empty() {
            return Ok(RegularSet {
                dfa: None,
                rules: Vec::new(),
            });
        }
        let (rules, regexes): (Vec<(u32, bool)>, Vec<String>) =
            patterns.into_iter().map(|(r, v, re)| ((r, v), re)).unzip();
        let dfa = DFA::builder()
            .configure(
                DFA::config()
                    .match_kind(MatchKind::All)
                    .cache_capacity(8 << 20)
                    .minimum_cache_clear_count(None),
            )
            .syntax(syntax::Config::new().unicode(false).utf8(false))
            .thompson(
                regex_automata::nfa::thompson::Config::new()
                    .utf8(false)
                    .which_captures(regex_automata::nfa::thompson::WhichCaptures::None),
            )
            .build_many(&regexes)
            .map_err(|e| RegularSetError(e.to_string()))?;
        Ok(RegularSet {
            dfa: Some(dfa),
            rules,
        })
    }

    /// A fresh cache for searching this set (one per thread).
    pub fn cache(&self) -> Option<Cache> {
        self.dfa.as_ref().map(Cache::new)
    }

    /// Walks `prefix` from the anchored start state.
    pub fn prefix_state(&self, cache: &mut Option<Cache>, prefix: &[u8]) -> Option<PrefixState> {
        let dfa = self.dfa.as_ref()?;
        let cache = cache.as_mut()?;
        let mut sid = dfa
            .start_state(cache, &start::Config::new().anchored(Anchored::Yes))
            .ok()?;
        for &b in prefix {
            sid = dfa.next_state(cache, sid, b).ok()?;
            if sid.is_dead() {
                break;
            }
        }
        Some(PrefixState {
            sid,
            clears: cache.clear_count(),
        })
    }

    /// Calls `f` with the rule index (and whether it needs confirmation) of
    /// every pattern that matches the prefix walked into `state` followed by
    /// `rest`. Returns `false` when the DFA's cache was cleared under the
    /// walk (then the caller walks again from scratch).
    pub fn matches_after(
        &self,
        cache: &mut Option<Cache>,
        state: &PrefixState,
        rest: &[u8],
        f: &mut dyn FnMut(u32, bool),
    ) -> bool {
        let (Some(dfa), Some(cache)) = (self.dfa.as_ref(), cache.as_mut()) else {
            return true;
        };
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

    /// Appends to `hits` every pattern (rule index, needs confirmation) that
    /// matches the whole of `subject` (the one-shot path, for subjects
    /// rewritten by a redirection).
    pub fn matches(&self, cache: &mut Option<Cache>, subject: &[u8], hits: &mut Vec<(u32, bool)>) {
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
        self.rules.len()
    }

    /// Whether the set holds no pattern.
    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }
}

/// The DFA state after walking an auction prefix.
#[derive(Debug, Clone, Copy)]
pub struct PrefixState {
    sid: LazyStateID,
    clears: usize,
}

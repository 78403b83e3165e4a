//! A prefilter for redirections (`PATTERN@LABEL`): which of them can match a
//! prefix of the auction at all, found in one DFA walk.
//!
//! Before every question the book looks for redirections in the auction
//! (see [`crate::resolve::book::Book::prepare`]); walking every redirection
//! pattern with the backtracking matcher took 29% of a bidding run. Each
//! pattern's regular over-approximation (grabs as the field they match, MATH
//! as nothing or any text, as in [`super::regular::to_regex_approx`]),
//! followed by the `:` its span must end before, joins one lazy DFA; a walk
//! of the auction reports the patterns whose approximation matches some
//! prefix ending at a call boundary, and only those are walked. A pattern
//! with no approximation (a GOTO) is always walked.

use super::ir::Alt;
use super::regular::{branch_parts, lazy_dfa};
use regex_automata::hybrid::dfa::{Cache, DFA};
use regex_automata::{Anchored, Input, MatchKind, PatternID, PatternSet};
use regex_syntax::hir::Hir;

/// The regular over-approximation of a redirection pattern's spans, each
/// followed by the `:` after it: a prefix of the auction (with its trailing
/// `:`) matches it wherever the pattern may have a span. `None` when some
/// member has a GOTO.
pub fn to_span_regex_approx(alt: &Alt) -> Option<Hir> {
    let mut branches = Vec::with_capacity(alt.rest.len() + 1);
    for b in alt.branches() {
        let mut parts = branch_parts(b, true, 1)?;
        parts.push(Hir::literal(*b":"));
        branches.push(Hir::concat(parts));
    }
    Some(Hir::alternation(branches))
}

/// The redirections' approximations in one lazy DFA (see the module docs).
#[derive(Debug)]
pub struct RedirectFilter {
    /// `None` when no redirection has an approximation.
    dfa: Option<DFA>,
    /// For each redirection (in the order given), its DFA pattern, or
    /// `None` when it has none and is always walked.
    patterns: Vec<Option<PatternID>>,
}

/// A [`RedirectFilter`]'s search cache and the patterns last found (one
/// per thread).
#[derive(Debug, Clone)]
pub struct RedirectFilterCache {
    cache: Option<Cache>,
    found: PatternSet,
    /// Whether the last search gave up (then every redirection is walked).
    gave_up: bool,
}

impl RedirectFilter {
    /// Builds the filter for the redirection patterns, in order.
    pub fn new<'a>(patterns: impl IntoIterator<Item = &'a Alt>) -> RedirectFilter {
        let mut hirs = Vec::new();
        let patterns: Vec<Option<PatternID>> = patterns
            .into_iter()
            .map(|alt| {
                to_span_regex_approx(alt).map(|hir| {
                    hirs.push(hir);
                    PatternID::must(hirs.len() - 1)
                })
            })
            .collect();
        let dfa = if hirs.is_empty() {
            None
        } else {
            Self::build(&hirs)
        };
        // A filter that could not be built walks every redirection.
        let patterns = if dfa.is_some() {
            patterns
        } else {
            vec![None; patterns.len()]
        };
        RedirectFilter { dfa, patterns }
    }

    fn build(hirs: &[Hir]) -> Option<DFA> {
        lazy_dfa(
            hirs,
            DFA::config()
                .match_kind(MatchKind::All)
                .cache_capacity(8 << 20),
        )
        .ok()
    }

    /// A fresh cache for searching with this filter.
    pub fn cache(&self) -> RedirectFilterCache {
        RedirectFilterCache {
            cache: self.dfa.as_ref().map(Cache::new),
            found: PatternSet::new(self.dfa.as_ref().map_or(0, DFA::pattern_len)),
            gave_up: false,
        }
    }

    /// Finds the redirections that may have a span in `prefix` (the auction
    /// so far with its trailing `:`, or empty); ask with
    /// [`RedirectFilter::may_match`].
    pub fn search(&self, cache: &mut RedirectFilterCache, prefix: &[u8]) {
        cache.found.clear();
        cache.gave_up = false;
        let (Some(dfa), Some(c)) = (&self.dfa, &mut cache.cache) else {
            return;
        };
        let input = Input::new(prefix).anchored(Anchored::Yes);
        cache.gave_up = dfa
            .try_which_overlapping_matches(c, &input, &mut cache.found)
            .is_err();
    }

    /// Whether the `k`-th redirection may have a span in the prefix last
    /// given to [`RedirectFilter::search`]: `false` only when it surely has
    /// none.
    pub fn may_match(&self, cache: &RedirectFilterCache, k: usize) -> bool {
        match self.patterns[k] {
            None => true,
            Some(p) => cache.gave_up || cache.found.contains(p),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::functions::{Env, Situation};
    use crate::compile::grabs::Grabs;
    use crate::compile::matcher::Backtracker;
    use crate::compile::matcher::ir;

    fn redirect_pattern(text: &str) -> Alt {
        let goal = grammar::parse_goal(text).expect("parses");
        ir::compile_alt(&goal.pattern.expect("a pattern"), true).expect("compiles")
    }

    /// The filter turns a redirection away only when the backtracker finds
    /// no span, and does turn some away.
    #[test]
    fn admits_every_redirection_with_a_span() {
        let patterns: Vec<Alt> = [
            "(P:)?(P:)?(P:)?1N",
            "(P:)?(P:)?(P:)?1N:X",
            "(P:)?(P:)?(P:)?1[CDHS]:1N",
            "START1N:P:2C:P",
            "(P:)?(P:)?(P:)?1a.:P:2#a",
            "(P:)?(P:)?(P:)?1a.:P:2b.~b>a~",
            "1C|1D:P",
        ]
        .iter()
        .map(|t| redirect_pattern(t))
        .collect();
        let filter = RedirectFilter::new(&patterns);
        assert!(filter.patterns.iter().all(Option::is_some));
        let mut cache = filter.cache();
        let situation = Situation::default();
        let env = Env {
            situation: &situation,
            hand: None,
        };
        let auctions = [
            "",
            "1N:",
            "P:1N:",
            "P:P:P:1N:X:",
            "1N:X:P:",
            "1C:1N:",
            "P:1S:1N:P:",
            "1H:P:2H:",
            "1H:P:2S:",
            "1S:P:2H:",
            "1C:",
            "1D:P:",
            "1D:X:",
            "2C:P:",
            "1N:P:2C:P:2D:",
            "P:P:",
        ];
        let (mut turned_away, mut with_spans) = (0, 0);
        for auction in auctions {
            filter.search(&mut cache, auction.as_bytes());
            let mut probe = auction.as_bytes().to_vec();
            probe.push(b'P');
            let bt = Backtracker::new(&probe, &env);
            for (k, alt) in patterns.iter().enumerate() {
                let mut spans = Vec::new();
                bt.redirect_spans(alt, &mut Grabs::new(), &mut spans);
                let admitted = filter.may_match(&cache, k);
                assert!(
                    admitted || spans.is_empty(),
                    "pattern {k} turned away on {auction:?} with spans {spans:?}"
                );
                turned_away += usize::from(!admitted);
                with_spans += usize::from(!spans.is_empty());
            }
        }
        assert!(turned_away > 50, "only {turned_away} turned away");
        assert!(with_spans >= 10, "only {with_spans} spans found");
    }

    #[test]
    fn a_goto_is_always_walked() {
        let patterns = [redirect_pattern("1C|@031D"), redirect_pattern("1C")];
        let filter = RedirectFilter::new(&patterns);
        assert_eq!(filter.patterns, [None, Some(PatternID::ZERO)]);
        let mut cache = filter.cache();
        filter.search(&mut cache, b"1D:");
        assert!(filter.may_match(&cache, 0));
        assert!(!filter.may_match(&cache, 1));
        filter.search(&mut cache, b"1C:");
        assert!(filter.may_match(&cache, 1));
    }
}

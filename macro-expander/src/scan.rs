//! Finding the next thing the expander must act on: a macro name, an opening
//! quote, or (inside a macro's arguments) `(`, `)` or `,`.
//!
//! Everything between two hits is copied to the output untouched, so text
//! that cannot change is looked at once. Two strategies find the hits, and
//! they give the same answers (a property test checks it):
//!
//! - [`ScanStrategy::AhoCorasick`]: one Aho–Corasick automaton (a DFA) over
//!   all the names in the table and `` ` ``, leftmost-longest; the automaton
//!   is rebuilt when a new name is defined.
//! - [`ScanStrategy::Identifiers`]: a byte-class loop that jumps from one
//!   identifier run to the next and looks each run up in a hash map; it needs
//!   no rebuild, which suits text that defines many names in a row (macro
//!   files).
//!
//! [`ScanStrategy::Auto`] scans with identifiers while the automaton is stale,
//! and rebuilds it once enough text has been scanned since the last new name
//! to pay for the rebuild, so defining N names costs O(N) rebuild work
//! overall, not O(N²). Short texts (most macro expansions) and argument lists
//! are always scanned with identifiers, which costs less there.
//!
//! A hit is only a *candidate*: the expander applies the boundary rule (the
//! character before must not be a letter, digit, `@` or `_`; the one after
//! must not be a letter, digit or `_`).

use aho_corasick::{AhoCorasick, AhoCorasickKind, Input, MatchKind};

use crate::define::{MacroTable, NameId};

/// How the scanner finds macro names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ScanStrategy {
    /// Identifier runs while names are being added, Aho–Corasick once the
    /// set of names settles (the default).
    #[default]
    Auto,
    /// Always the identifier-run scanner.
    Identifiers,
    /// Always the Aho–Corasick automaton (rebuilt after every new name).
    AhoCorasick,
}

/// What the scanner stopped at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum HitKind {
    /// `` ` ``
    Quote,
    /// `(`
    Open,
    /// `)`
    Close,
    /// `,`
    Comma,
    /// A known name (not yet checked against the boundary rule).
    Name(NameId),
}

/// A hit at bytes `start..end` of the scanned text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Hit {
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) kind: HitKind,
}

const OTHER: u8 = 0;
const LETTER: u8 = 1;
const WORD: u8 = 2; // digit or `_`
const QUOTE: u8 = 3;
const PUNCT: u8 = 4; // ( ) ,

static CLASS: [u8; 256] = {
    let mut table = [OTHER; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = if c.is_ascii_alphabetic() {
            LETTER
        } else if c.is_ascii_digit() || c == b'_' {
            WORD
        } else if c == b'`' {
            QUOTE
        } else if c == b'(' || c == b')' || c == b',' {
            PUNCT
        } else {
            OTHER
        };
        b += 1;
    }
    table
};

/// Whether `b` can be part of a name (ASCII letter, digit or `_`).
#[inline]
pub(crate) fn is_word(b: u8) -> bool {
    matches!(CLASS[b as usize], LETTER | WORD)
}

/// The end of the run of word bytes starting at `from`.
#[inline]
pub(crate) fn word_end(bytes: &[u8], from: usize) -> usize {
    bytes[from..]
        .iter()
        .position(|&b| !is_word(b))
        .map_or(bytes.len(), |n| from + n)
}

/// Texts shorter than this are scanned with identifiers even when the
/// automaton is fresh: for a few bytes the automaton's setup costs more.
const SHORT_TEXT: usize = 48;

/// The scanner: a strategy and, for Aho–Corasick, the automaton and the
/// bookkeeping of when it was built. Argument lists are short and full of
/// punctuation, so they are always scanned with identifiers.
#[derive(Debug)]
pub(crate) struct Scanner {
    strategy: ScanStrategy,
    /// Automaton for plain text: names and `` ` ``.
    ac: Option<AhoCorasick>,
    /// How many names the automaton knows (names only grow).
    built_for: usize,
    /// Bytes scanned with identifiers since the automaton went stale.
    stale_scanned: usize,
}

impl Scanner {
    pub(crate) fn new(strategy: ScanStrategy) -> Self {
        Self {
            strategy,
            ac: None,
            built_for: 0,
            stale_scanned: 0,
        }
    }

    /// The next hit in `text[from..]`. In `args` mode parentheses and commas
    /// are hits too.
    pub(crate) fn next(
        &mut self,
        table: &MacroTable,
        text: &str,
        from: usize,
        args: bool,
    ) -> Option<Hit> {
        if !args {
            let use_ac = match self.strategy {
                ScanStrategy::Identifiers => false,
                ScanStrategy::AhoCorasick => self.refresh(table),
                ScanStrategy::Auto => {
                    text.len() - from >= SHORT_TEXT
                        && (self.built_for == table.len()
                            || (self.stale_scanned >= 8 * table.name_bytes + (16 << 10)
                                && self.refresh(table)))
                }
            };
            if use_ac && let Some(ac) = &self.ac {
                return find_ac(ac, table.len(), text, from);
            }
        }
        let hit = find_words(table, text, from, args);
        if self.built_for != table.len() {
            self.stale_scanned += hit.map_or(text.len(), |h| h.end) - from;
        }
        hit
    }

    /// Rebuilds the automaton if names were added; false if building failed
    /// (the identifier scanner is then used).
    fn refresh(&mut self, table: &MacroTable) -> bool {
        if self.built_for == table.len() && self.ac.is_some() {
            return true;
        }
        let patterns: Vec<&str> = table.names().chain(["`"]).collect();
        // A DFA is fastest; fall back to the default choice for huge name sets.
        let kind = (table.name_bytes < 1 << 16).then_some(AhoCorasickKind::DFA);
        self.ac = AhoCorasick::builder()
            .match_kind(MatchKind::LeftmostLongest)
            .kind(kind)
            .build(patterns)
            .ok();
        self.built_for = table.len();
        self.stale_scanned = 0;
        self.ac.is_some()
    }
}

fn find_ac(ac: &AhoCorasick, names: usize, text: &str, from: usize) -> Option<Hit> {
    let m = ac.find(Input::new(text).span(from..text.len()))?;
    let index = m.pattern().as_usize();
    let kind = if index < names {
        HitKind::Name(crate::source_map::to_u32(index))
    } else {
        HitKind::Quote
    };
    Some(Hit {
        start: m.start(),
        end: m.end(),
        kind,
    })
}

/// The identifier-run scan (see the module docs).
pub(crate) fn find_words(table: &MacroTable, text: &str, from: usize, args: bool) -> Option<Hit> {
    let bytes = text.as_bytes();
    let mut i = from;
    while i < bytes.len() {
        let b = bytes[i];
        match CLASS[b as usize] {
            OTHER => i += 1,
            QUOTE => {
                return Some(Hit {
                    start: i,
                    end: i + 1,
                    kind: HitKind::Quote,
                });
            }
            PUNCT if args => {
                let kind = match b {
                    b'(' => HitKind::Open,
                    b')' => HitKind::Close,
                    _ => HitKind::Comma,
                };
                return Some(Hit {
                    start: i,
                    end: i + 1,
                    kind,
                });
            }
            PUNCT => i += 1,
            LETTER => {
                let end = word_end(bytes, i);
                if let Some(id) = table.lookup_at(bytes, i, end) {
                    return Some(Hit {
                        start: i,
                        end,
                        kind: HitKind::Name(id),
                    });
                }
                i = end;
            }
            _ => i = word_end(bytes, i),
        }
    }
    None
}

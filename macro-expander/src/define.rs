//! The macro table: builtins, the current definition of every name, and the
//! substitution of arguments (`$0`..`$9`) into a body.
//!
//! Every name that was ever defined keeps a stable [`NameId`]; redefining a
//! name replaces its current definition (later wins) and the expander records
//! a warning. Names never leave the table, so the scanner only has to learn
//! about *new* names.

use std::sync::Arc;

use crate::source_map::DefId;

/// Index of a name in the table (also its pattern index in the scanner).
pub(crate) type NameId = u32;

/// The builtins, recognised by name like macros.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Builtin {
    /// `define(NAME, BODY)`.
    Define,
    /// `dnl`: discard through the end of the line.
    Dnl,
    /// `include(FILE)`.
    Include,
}

/// What a name currently means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Meaning {
    Builtin(Builtin),
    Macro(DefId),
}

/// A macro definition.
#[derive(Debug)]
pub(crate) struct Definition {
    pub(crate) name: Arc<str>,
    pub(crate) body: Box<str>,
    /// Whether the body mentions `$` followed by a digit (needs substitution).
    pub(crate) has_params: bool,
    /// The body split at its parameters, computed once at definition time.
    pub(crate) pieces: Template,
    /// Whether no name can start in the body once substituted with arguments
    /// free of letters and quotes (see [`inert_template`]).
    pub(crate) inert: bool,
}

/// A body split at its parameters: `body[head]`, then for each parameter
/// `$n` the argument, then the text up to the next parameter. Every step
/// has the same shape, so substitution runs without branching on the kind
/// of piece.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Template {
    /// The text before the first parameter.
    head: (usize, usize),
    /// Each parameter (`0`..`9`) and the text after it.
    params: Box<[(u8, usize, usize)]>,
}

/// A piece of a [`Template`]: body text, or a parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Atom {
    /// The body's bytes `start..end`.
    Text(usize, usize),
    /// `$n` (`0`..`9`).
    Param(u8),
}

impl Template {
    /// The pieces in order, as [`substitute`] writes them (empty text
    /// pieces are left out).
    pub(crate) fn atoms(&self) -> impl Iterator<Item = Atom> + '_ {
        let head = std::iter::once(Atom::Text(self.head.0, self.head.1));
        let rest = self
            .params
            .iter()
            .flat_map(|&(n, start, end)| [Atom::Param(n), Atom::Text(start, end)]);
        head.chain(rest)
            .filter(|atom| !matches!(atom, Atom::Text(start, end) if start == end))
    }
}

/// Splits `body` at its parameters.
pub(crate) fn pieces(body: &str) -> Template {
    let bytes = body.as_bytes();
    let mut head = None;
    let mut params: Vec<(u8, usize, usize)> = Vec::new();
    let mut copied = 0;
    for dollar in memchr::memchr_iter(b'$', bytes) {
        let Some(&digit) = bytes.get(dollar + 1) else {
            break;
        };
        if !digit.is_ascii_digit() || dollar < copied {
            continue;
        }
        match params.last_mut() {
            Some(last) => last.2 = dollar,
            None => head = Some((0, dollar)),
        }
        params.push((digit - b'0', dollar + 2, dollar + 2));
        copied = dollar + 2;
    }
    match params.last_mut() {
        Some(last) => last.2 = bytes.len(),
        None => head = Some((0, bytes.len())),
    }
    Template {
        head: head.unwrap_or((0, 0)),
        params: params.into_boxed_slice(),
    }
}

/// All names and definitions.
#[derive(Debug)]
pub(crate) struct MacroTable {
    index: NameIndex,
    names: Vec<Arc<str>>,
    /// The meaning of each name, apart from the names: this small array is
    /// read on every hit and stays in cache.
    meanings: Vec<Meaning>,
    defs: Vec<Definition>,
    /// Total length of all names (for the scanner's rebuild policy).
    pub(crate) name_bytes: usize,
    /// Bumped by every definition: what was read ahead with the names of
    /// one generation (a [`crate::plan::Plan`]) is stale in the next.
    generation: u64,
}

impl MacroTable {
    /// A table holding only the builtins.
    pub(crate) fn new() -> Self {
        let mut table = Self {
            index: NameIndex::default(),
            names: Vec::new(),
            meanings: Vec::new(),
            defs: Vec::new(),
            name_bytes: 0,
            generation: 0,
        };
        for (name, builtin) in [
            ("define", Builtin::Define),
            ("dnl", Builtin::Dnl),
            ("include", Builtin::Include),
        ] {
            table.add_name(Arc::from(name), Meaning::Builtin(builtin));
        }
        table
    }

    fn add_name(&mut self, name: Arc<str>, meaning: Meaning) -> NameId {
        let id = crate::source_map::to_u32(self.names.len());
        self.name_bytes += name.len();
        self.names.push(name);
        self.meanings.push(meaning);
        self.index.insert(&self.names, id);
        id
    }

    /// The id of `name`, if it is a builtin or was ever defined.
    #[inline]
    pub(crate) fn lookup(&self, name: &str) -> Option<NameId> {
        self.lookup_at(name.as_bytes(), 0, name.len())
    }

    /// The id of the name `bytes[start..end]` (a non-empty run of word
    /// bytes), if it is a builtin or was ever defined. Looking the run up in
    /// place avoids slicing it out and hashing it byte by byte.
    #[inline]
    pub(crate) fn lookup_at(&self, bytes: &[u8], start: usize, end: usize) -> Option<NameId> {
        self.index.get(&self.names, bytes, start, end)
    }

    /// The number of definitions made so far: names and meanings change
    /// only when it does.
    pub(crate) fn generation(&self) -> u64 {
        self.generation
    }

    /// How many names (builtins included) the table knows.
    pub(crate) fn len(&self) -> usize {
        self.names.len()
    }

    /// The names, in id order (the scanner's patterns).
    pub(crate) fn names(&self) -> impl Iterator<Item = &str> {
        self.names.iter().map(|n| &**n)
    }

    pub(crate) fn meaning(&self, id: NameId) -> Meaning {
        self.meanings[id as usize]
    }

    pub(crate) fn name(&self, id: NameId) -> &Arc<str> {
        &self.names[id as usize]
    }

    pub(crate) fn def(&self, id: DefId) -> &Definition {
        &self.defs[id as usize]
    }

    /// How many names currently have a macro definition.
    pub(crate) fn macro_count(&self) -> usize {
        self.meanings
            .iter()
            .filter(|m| matches!(m, Meaning::Macro(_)))
            .count()
    }

    /// Defines `name` as `body`. Returns the new definition's id, the
    /// previous definition (if any) and whether a new name was added.
    /// The caller has checked that `name` is valid and not a builtin.
    pub(crate) fn define(&mut self, name: &str, body: &str) -> (DefId, Option<DefId>, bool) {
        self.generation += 1;
        let def = crate::source_map::to_u32(self.defs.len());
        let has_params = body
            .as_bytes()
            .windows(2)
            .any(|w| w[0] == b'$' && w[1].is_ascii_digit());
        match self.lookup(name) {
            Some(id) => {
                let name = Arc::clone(self.name(id));
                self.defs.push(Definition {
                    name,
                    body: body.into(),
                    has_params,
                    pieces: pieces(body),
                    inert: inert_template(body),
                });
                let previous =
                    match std::mem::replace(&mut self.meanings[id as usize], Meaning::Macro(def)) {
                        Meaning::Macro(previous) => Some(previous),
                        Meaning::Builtin(_) => None,
                    };
                (def, previous, false)
            }
            None => {
                let name: Arc<str> = Arc::from(name);
                self.defs.push(Definition {
                    name: Arc::clone(&name),
                    body: body.into(),
                    has_params,
                    pieces: pieces(body),
                    inert: inert_template(body),
                });
                self.add_name(name, Meaning::Macro(def));
                (def, None, true)
            }
        }
    }
}

/// The first (up to) 8 bytes of `bytes[start..start + len]`, little-endian,
/// zero-padded: with the length, it identifies a name of at most 8 bytes.
#[inline]
fn prefix_at(bytes: &[u8], start: usize, len: usize) -> u64 {
    let n = len.min(8);
    if let Some(chunk) = bytes.get(start..start + 8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let word = u64::from_le_bytes(word);
        if n == 8 {
            word
        } else {
            word & ((1u64 << (8 * n)) - 1)
        }
    } else {
        let mut word = [0u8; 8];
        word[..n].copy_from_slice(&bytes[start..start + n]);
        u64::from_le_bytes(word)
    }
}

/// The multiplier of FxHash: spreads the prefix into the high bits.
const HASH_K: u64 = 0xf135_7aea_2e62_a9c5;

/// A hash of a name from its prefix and (for names longer than 8 bytes) its
/// remaining bytes: one multiply per 8 bytes. Names are not attacker-chosen.
#[inline]
fn name_hash(prefix: u64, rest: &[u8]) -> u64 {
    let mut hash = prefix.wrapping_mul(HASH_K);
    for chunk in rest.chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        hash = (hash.rotate_left(5) ^ u64::from_le_bytes(word)).wrapping_mul(HASH_K);
    }
    hash
}

/// One slot of the [`NameIndex`]: the name's prefix and id.
#[derive(Debug, Clone, Copy)]
struct Slot {
    prefix: u64,
    len: u32,
    id: NameId,
}

const EMPTY: NameId = NameId::MAX;

/// An open-addressing (linear probing) index from name to id, built for the
/// scanner, which looks up every identifier in the text: a name is hashed
/// from its 8-byte prefix with one multiply, and names of at most 8 bytes
/// are compared by prefix and length, without a string comparison.
#[derive(Debug, Default)]
struct NameIndex {
    /// A power-of-two number of slots, at most half full.
    slots: Vec<Slot>,
    /// `64 - log2(slots.len())`: the hash's top bits pick the slot.
    shift: u32,
    len: usize,
}

impl NameIndex {
    /// Indexes name `id` of `names` (not yet in the index).
    fn insert(&mut self, names: &[Arc<str>], id: NameId) {
        if (self.len + 1) * 2 > self.slots.len() {
            let capacity = (self.slots.len() * 2).max(64);
            self.slots = vec![
                Slot {
                    prefix: 0,
                    len: 0,
                    id: EMPTY,
                };
                capacity
            ];
            self.shift = 64 - capacity.trailing_zeros();
            for old in 0..self.len {
                self.place(names, crate::source_map::to_u32(old));
            }
        }
        self.place(names, id);
        self.len += 1;
    }

    fn place(&mut self, names: &[Arc<str>], id: NameId) {
        let name = names[id as usize].as_bytes();
        let prefix = prefix_at(name, 0, name.len());
        let mask = self.slots.len() - 1;
        let mut at = self.slot_of(prefix, name.get(8..).unwrap_or_default());
        while self.slots[at].id != EMPTY {
            at = (at + 1) & mask;
        }
        self.slots[at] = Slot {
            prefix,
            len: crate::source_map::to_u32(name.len()),
            id,
        };
    }

    #[inline]
    fn slot_of(&self, prefix: u64, rest: &[u8]) -> usize {
        // `shift` is at most 58, so the result is below the number of slots.
        (name_hash(prefix, rest) >> self.shift) as usize
    }

    /// The id of `bytes[start..end]`, if indexed.
    #[inline]
    fn get(&self, names: &[Arc<str>], bytes: &[u8], start: usize, end: usize) -> Option<NameId> {
        if self.slots.is_empty() {
            return None;
        }
        let len = end - start;
        let prefix = prefix_at(bytes, start, len);
        let rest = if len > 8 { &bytes[start + 8..end] } else { &[] };
        let mask = self.slots.len() - 1;
        let mut at = self.slot_of(prefix, rest);
        loop {
            let slot = self.slots[at];
            if slot.id == EMPTY {
                return None;
            }
            if slot.prefix == prefix
                && slot.len as usize == len
                && (len <= 8 || names[slot.id as usize].as_bytes()[8..] == *rest)
            {
                return Some(slot.id);
            }
            at = (at + 1) & mask;
        }
    }
}

/// Whether `name` is a legal macro name: an ASCII letter followed by ASCII
/// letters, digits or `_`.
pub(crate) fn valid_name(name: &str) -> bool {
    let bytes = name.as_bytes();
    bytes.first().is_some_and(u8::is_ascii_alphabetic)
        && bytes.iter().all(|&b| crate::scan::is_word(b))
}

/// Whether `body`, with `$1`..`$9` replaced by text without letters or
/// quotes, can hold no macro name: it has no quote and no `$0`, and every
/// letter follows (in the body itself) a letter, digit, `_` or `@` that is
/// not a parameter's digit — so no letter is where a name may start. Such
/// an expansion is written out without being scanned again.
pub(crate) fn inert_template(body: &str) -> bool {
    let bytes = body.as_bytes();
    let param_digit = |i: usize| i >= 1 && bytes[i - 1] == b'$' && bytes[i].is_ascii_digit();
    bytes.iter().enumerate().all(|(i, &b)| {
        if b == b'`' || (b == b'$' && bytes.get(i + 1) == Some(&b'0')) {
            return false;
        }
        if !b.is_ascii_alphabetic() {
            return true;
        }
        i >= 1
            && (crate::scan::is_word(bytes[i - 1]) || bytes[i - 1] == b'@')
            && !param_digit(i - 1)
    })
}

/// Appends `body` to `out` with `$0` replaced by `name` and `$1`..`$9` by the
/// arguments; a missing argument is the empty string. `$` followed by anything
/// else is kept as written (`$10` is `$1` followed by `0`).
/// The length of the text [`substitute`] would write, worked out without
/// writing it (so that a size limit can bite before the memory is spent).
pub(crate) fn substituted_len<S: AsRef<str>>(def: &Definition, args: &[S]) -> usize {
    let body = &*def.body;
    if !def.has_params {
        return body.len();
    }
    let (start, end) = def.pieces.head;
    def.pieces
        .params
        .iter()
        .fold(end - start, |len, &(n, start, end)| {
            let arg = match n {
                0 => def.name.len(),
                n => args.get(usize::from(n) - 1).map_or(0, |a| a.as_ref().len()),
            };
            len.saturating_add(arg).saturating_add(end - start)
        })
}

pub(crate) fn substitute<S: AsRef<str>>(def: &Definition, args: &[S], out: &mut String) {
    let body = &*def.body;
    if !def.has_params {
        out.push_str(body);
        return;
    }
    let (start, end) = def.pieces.head;
    out.push_str(&body[start..end]);
    for &(n, start, end) in &def.pieces.params {
        let arg = match n {
            0 => &def.name,
            n => args.get(usize::from(n) - 1).map_or("", AsRef::as_ref),
        };
        out.push_str(arg);
        out.push_str(&body[start..end]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn substitution_table() {
        let args = vec!["15".to_owned(), "17".to_owned()];
        let cases = [
            ("@00P[$1-$2]", "@00P[15-17]"),
            ("$3|$2", "|17"),
            ("$0:$1", "HCP:15"),
            ("$$1", "$15"),
            ("$10", "150"),
            ("a$", "a$"),
            ("$x$", "$x$"),
            ("plain", "plain"),
        ];
        for (body, want) in cases {
            let def = Definition {
                inert: inert_template(body),
                pieces: pieces(body),
                name: Arc::from("HCP"),
                body: body.into(),
                has_params: body
                    .as_bytes()
                    .windows(2)
                    .any(|w| w[0] == b'$' && w[1].is_ascii_digit()),
            };
            let mut out = String::new();
            substitute(&def, &args, &mut out);
            assert_eq!(out, want, "{body}");
            assert_eq!(substituted_len(&def, &args), want.len(), "{body}");
        }
    }

    #[test]
    fn inert_template_table() {
        let cases = [
            ("@00P[$1-$2]", true),
            ("[$1-$2]", true),
            ("@NT", true),
            ("P[$1]", false),
            ("$1P", false),
            (" X", false),
            ("1N:X", false),
            ("`'", false),
            ("$0", false),
            ("7N$2", true),
        ];
        for (body, want) in cases {
            assert_eq!(inert_template(body), want, "{body}");
        }
    }

    #[test]
    fn name_validity_table() {
        for (name, ok) in [
            ("HCP", true),
            ("a_1", true),
            ("X", true),
            ("1N", false),
            ("_A", false),
            ("", false),
            ("A-B", false),
            ("A B", false),
        ] {
            assert_eq!(valid_name(name), ok, "{name}");
        }
    }

    #[test]
    fn redefinition_keeps_the_name_id() {
        let mut table = MacroTable::new();
        let (first, prev, new) = table.define("HCP", "a");
        assert_eq!((prev, new), (None, true));
        let (second, prev, new) = table.define("HCP", "b");
        assert_eq!((prev, new), (Some(first), false));
        let id = table.lookup("HCP").unwrap_or(u32::MAX);
        assert_eq!(table.meaning(id), Meaning::Macro(second));
        assert_eq!(table.macro_count(), 1);
    }
}

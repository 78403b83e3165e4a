//! The macro table: builtins, the current definition of every name, and the
//! substitution of arguments (`$0`..`$9`) into a body.
//!
//! Every name that was ever defined keeps a stable [`NameId`]; redefining a
//! name replaces its current definition (later wins) and the expander records
//! a warning. Names never leave the table, so the scanner only has to learn
//! about *new* names.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
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
    pub(crate) pieces: Box<[Piece]>,
    /// Whether no name can start in the body once substituted with arguments
    /// free of letters and quotes (see [`inert_template`]).
    pub(crate) inert: bool,
}

/// A piece of a body: literal text, or a parameter (`$0`..`$9`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Piece {
    /// `body[start..end]`, copied as is.
    Text(usize, usize),
    /// `$n`.
    Param(u8),
}

/// Splits `body` at its parameters.
pub(crate) fn pieces(body: &str) -> Box<[Piece]> {
    let bytes = body.as_bytes();
    let mut pieces = Vec::new();
    let mut copied = 0;
    for dollar in memchr::memchr_iter(b'$', bytes) {
        let Some(&digit) = bytes.get(dollar + 1) else {
            break;
        };
        if !digit.is_ascii_digit() || dollar < copied {
            continue;
        }
        if dollar > copied {
            pieces.push(Piece::Text(copied, dollar));
        }
        pieces.push(Piece::Param(digit - b'0'));
        copied = dollar + 2;
    }
    if copied < bytes.len() {
        pieces.push(Piece::Text(copied, bytes.len()));
    }
    pieces.into_boxed_slice()
}

/// All names and definitions.
#[derive(Debug)]
pub(crate) struct MacroTable {
    ids: HashMap<Arc<str>, NameId, BuildHasherDefault<NameHasher>>,
    names: Vec<(Arc<str>, Meaning)>,
    defs: Vec<Definition>,
    /// Total length of all names (for the scanner's rebuild policy).
    pub(crate) name_bytes: usize,
}

impl MacroTable {
    /// A table holding only the builtins.
    pub(crate) fn new() -> Self {
        let mut table = Self {
            ids: HashMap::default(),
            names: Vec::new(),
            defs: Vec::new(),
            name_bytes: 0,
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
        self.ids.insert(Arc::clone(&name), id);
        self.names.push((name, meaning));
        id
    }

    /// The id of `name`, if it is a builtin or was ever defined.
    #[inline]
    pub(crate) fn lookup(&self, name: &str) -> Option<NameId> {
        self.ids.get(name).copied()
    }

    /// How many names (builtins included) the table knows.
    pub(crate) fn len(&self) -> usize {
        self.names.len()
    }

    /// The names, in id order (the scanner's patterns).
    pub(crate) fn names(&self) -> impl Iterator<Item = &str> {
        self.names.iter().map(|(n, _)| &**n)
    }

    pub(crate) fn meaning(&self, id: NameId) -> Meaning {
        self.names[id as usize].1
    }

    pub(crate) fn name(&self, id: NameId) -> &Arc<str> {
        &self.names[id as usize].0
    }

    pub(crate) fn def(&self, id: DefId) -> &Definition {
        &self.defs[id as usize]
    }

    /// How many names currently have a macro definition.
    pub(crate) fn macro_count(&self) -> usize {
        self.names
            .iter()
            .filter(|(_, m)| matches!(m, Meaning::Macro(_)))
            .count()
    }

    /// Defines `name` as `body`. Returns the new definition's id, the
    /// previous definition (if any) and whether a new name was added.
    /// The caller has checked that `name` is valid and not a builtin.
    pub(crate) fn define(&mut self, name: &str, body: &str) -> (DefId, Option<DefId>, bool) {
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
                    match std::mem::replace(&mut self.names[id as usize].1, Meaning::Macro(def)) {
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

/// A fast hasher for short names (FxHash's multiply-rotate): every
/// identifier in the text is looked up, and SipHash costs more than the
/// scan. Names are not attacker-chosen keys.
#[derive(Default)]
pub(crate) struct NameHasher(u64);

impl Hasher for NameHasher {
    fn write(&mut self, bytes: &[u8]) {
        const K: u64 = 0xf135_7aea_2e62_a9c5;
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.0 = (self.0.rotate_left(5) ^ u64::from_le_bytes(word)).wrapping_mul(K);
        }
        for &b in chunks.remainder() {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(K);
        }
    }

    fn finish(&self) -> u64 {
        self.0.rotate_left(26)
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
pub(crate) fn substitute(def: &Definition, args: &[String], out: &mut String) {
    let body = &*def.body;
    if !def.has_params {
        out.push_str(body);
        return;
    }
    for piece in &def.pieces {
        match *piece {
            Piece::Text(start, end) => out.push_str(&body[start..end]),
            Piece::Param(0) => out.push_str(&def.name),
            Piece::Param(n) => {
                out.push_str(args.get(usize::from(n) - 1).map_or("", String::as_str))
            }
        }
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

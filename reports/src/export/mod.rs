//! System notes from a rulebook: every auction the rules describe, with what
//! each call means, written as BML (Bridge Bidding Markup Language) or as
//! BBO's BSS full-disclosure file.
//!
//! [`walk`] builds the tree of auctions (the opening bids down, the calls
//! some rule proposes, in every seat and vulnerability); [`variants`] groups
//! seats and vulnerabilities into the conditions both formats can write;
//! [`bml`] and [`bss`] render the tree. `docs/export.md` describes both
//! outputs and the decisions behind them.

pub mod bml;
pub mod bss;
pub mod variants;
pub mod walk;

use engine::compile::spec::describe;
use engine::knowledge::{FieldId, Range, Shown, field_limits};
use engine::rulebook::Rulebook;
use grammar::ast::SpecField;
use walk::WalkOptions;

/// The output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Bridge Bidding Markup Language: readable system notes.
    Bml,
    /// BBO's full-disclosure convention card file.
    Bss,
}

/// What to export and how to name it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportOptions {
    /// The most calls from the opening bid (at least 1).
    pub depth: u8,
    /// The system's name (BML `#+TITLE`, the BSS header's system name).
    pub title: String,
    /// A one-line summary (BML `#+DESCRIPTION`, the BSS header's summary).
    pub description: String,
}

/// An exported document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exported {
    /// The document text.
    pub text: String,
    /// How many auctions it describes: BML rows for our calls, or BSS
    /// bidding-sequence records.
    pub auctions: usize,
    /// The number of nodes of the walked tree.
    pub nodes: usize,
    /// Whether the walk was cut short at [`walk::MAX_NODES`].
    pub truncated: bool,
}

/// "1 call", "6 calls": a depth in words.
pub fn calls(n: u8) -> String {
    if n == 1 {
        "1 call".to_string()
    } else {
        format!("{n} calls")
    }
}

/// Walks the rulebook and renders it in `format`.
pub fn export(rulebook: &Rulebook, format: Format, options: &ExportOptions) -> Exported {
    let tree = walk::walk(
        rulebook,
        WalkOptions {
            depth: options.depth,
        },
    );
    let topics = Topics::new(rulebook);
    let (text, auctions) = match format {
        Format::Bml => bml::render(rulebook, &tree, &topics, options),
        Format::Bss => bss::render(&tree, options),
    };
    Exported {
        text,
        auctions,
        nodes: tree.nodes.len(),
        truncated: tree.truncated,
    }
}

/// The topics of a rulebook: its source files (the main database and the
/// files it includes), in the order they were read, each with a heading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Topics {
    /// The file name of each topic (`notrump.txt2`).
    pub files: Vec<String>,
    /// The heading of each topic: the start of the file's first comment, up
    /// to a parenthesis, colon or full stop; the file name when it has none.
    pub headings: Vec<String>,
    /// The topic of every rule (by rule index).
    pub of_rule: Vec<usize>,
}

impl Topics {
    /// The topics of `rulebook`'s rules.
    pub fn new(rulebook: &Rulebook) -> Topics {
        let map = &rulebook.expansion().map;
        let mut paths: Vec<std::sync::Arc<std::path::Path>> = Vec::new();
        let mut of_rule = Vec::with_capacity(rulebook.book.rules().len());
        for r in rulebook.book.rules() {
            let file = map.locate(r.span.start as usize).file;
            let i = match paths.iter().position(|p| *p == file) {
                Some(i) => i,
                None => {
                    paths.push(file);
                    paths.len() - 1
                }
            };
            of_rule.push(i);
        }
        let files: Vec<String> = paths
            .iter()
            .map(|p| {
                p.file_name()
                    .map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into())
            })
            .collect();
        let headings = paths
            .iter()
            .zip(&files)
            .map(|(p, name)| {
                map.file(p)
                    .and_then(|f| heading(&f.text))
                    .unwrap_or_else(|| name.clone())
            })
            .collect();
        Topics {
            files,
            headings,
            of_rule,
        }
    }

    /// The topic of a call made by `rules`: the first non-generic rule's
    /// file (`None` when no rule or only generic rules propose it).
    pub fn of_rules(&self, rulebook: &Rulebook, rules: &[u32]) -> Option<usize> {
        let book = &rulebook.book;
        rules
            .iter()
            .find(|&&r| !book.rules()[r as usize].floating)
            .map(|&r| self.of_rule[r as usize])
    }

    /// The number of topics.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    /// Whether the rulebook has no rules.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }
}

/// The heading in a source file: its first comment line (`; …`) up to the
/// first ` (`, `:` or `.`.
fn heading(text: &str) -> Option<String> {
    let line = text
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with(';'))?
        .trim_start_matches(';')
        .trim();
    let end = [" (", ":", ". "]
        .iter()
        .filter_map(|p| line.find(p))
        .min()
        .unwrap_or(line.len());
    let h = line[..end].trim().trim_end_matches('.');
    (!h.is_empty()).then(|| h.to_string())
}

/// What a call shows, in words: [`describe`], with four suits of two to
/// five cards said as "balanced" ("15–17 HCP, balanced").
pub fn words(shows: &Shown) -> String {
    let lengths = (0..4).map(|s| FieldId::new(SpecField::Length, s));
    if !lengths.clone().all(|f| shows.get(f) == Range::new(2, 5)) {
        return describe(shows);
    }
    let mut rest = *shows;
    for f in lengths {
        rest.set(f, field_limits(SpecField::Length));
    }
    if rest.is_informative() {
        format!("{}, balanced", describe(&rest))
    } else {
        "balanced".to_string()
    }
}

/// The words for a call, or `None` when it shows nothing specific.
pub fn shows_words(shows: &Shown) -> Option<String> {
    shows.is_informative().then(|| words(shows))
}

/// The text of a rule's sequence pattern as written in the expanded
/// database (`START[1-5][CDHS]:P:4N:P:5C$`).
pub fn sequence_text(rulebook: &Rulebook, rule: u32) -> String {
    let r = &rulebook.book.rules()[rule as usize];
    let text = rulebook.text();
    let span = text
        .get(r.span.start as usize..r.span.end as usize)
        .unwrap_or_default();
    span.split_whitespace()
        .nth(1)
        .unwrap_or_default()
        .to_string()
}

/// `text` as printable ASCII (BSS files are ASCII): dashes for en and em
/// dashes, a plain apostrophe for curly quotes, `?` for anything else.
pub fn ascii(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '–' | '—' | '−' => '-',
            '‘' | '’' => '\'',
            '“' | '”' => '"',
            c if c.is_ascii_graphic() || c == ' ' => c,
            c if c.is_whitespace() => ' ',
            _ => '?',
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::knowledge::Range;

    #[test]
    fn headings_stop_at_the_first_parenthesis_colon_or_stop() {
        assert_eq!(
            heading("; Opening bids, every seat (ACBL SAYC booklet).\n1 1C 50 . ."),
            Some("Opening bids, every seat".into())
        );
        assert_eq!(
            heading("\n; Slam bidding (x): y\n"),
            Some("Slam bidding".into())
        );
        assert_eq!(
            heading("; General fallback rules: when"),
            Some("General fallback rules".into())
        );
        assert_eq!(heading("1 1C 50 . ."), None);
    }

    #[test]
    fn four_suits_of_two_to_five_are_balanced() {
        let mut s = Shown::unknown();
        s.set(FieldId::new(SpecField::Hcp, 0), Range::new(15, 17));
        for suit in 0..4 {
            s.set(FieldId::new(SpecField::Length, suit), Range::new(2, 5));
        }
        assert_eq!(words(&s), "15–17 HCP, balanced");
        s.set(FieldId::new(SpecField::Length, 3), Range::new(2, 4));
        assert!(words(&s).contains("2–4 spades"));
        assert_eq!(shows_words(&Shown::unknown()), None);
    }

    #[test]
    fn ascii_replaces_dashes_and_unknown_characters() {
        assert_eq!(ascii("15–17 — ok’s ♠"), "15-17 - ok's ?");
    }
}

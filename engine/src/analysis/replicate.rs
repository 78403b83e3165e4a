//! Large rulebooks made from a real one, for measuring how bidbook scales.
//!
//! [`replicated_book`] takes an expanded database (one rule per line) and
//! makes a book of a given number of rules: the rules as they are, then
//! copies whose auctions are *shifted* — each copy puts an opening by the
//! other side (and, in some copies, two passes) before the rule's own
//! auction — so that no copy matches the auctions its original matches:
//!
//! ```text
//! 5 (P:)?(P:)?(P:)?1N:P:2C 80 … #1200            the rule
//! 6 1D:1N:P:2C 80 … #101200                      copy 1: they opened 1D
//! 8 1D:P:P:1N:P:2C 80 … #1301200                 copy 13: 1D, then two passes
//! ```
//!
//! A copy's leading passes are dropped (its auction starts with the
//! prefix's opening), its level grows by the calls of the prefix (a level
//! counts calls from the opening on) and its id by 100,000 times the copy's
//! number. Rules whose auction a prefix cannot shift are not copied:
//! floating `START…` patterns, rules written for a label (`NT:P:2C`) and
//! redirections (`…@NT`). Many shifted auctions are illegal (`1C:1C`) and
//! match nothing; the others are real, if odd, competitive auctions — the
//! book has the size and the variety of a large system, not its sense.

use std::fmt::Write as _;

/// The openings a copy puts before a rule's auction.
const OPENINGS: [&str; 12] = [
    "1C", "1D", "1H", "1S", "1N", "2C", "2D", "2H", "2S", "3C", "3D", "3H",
];

/// A copy's prefix and the calls it adds to the level: copies 1-12 an
/// opening, 13-24 an opening and two passes, 25-36 a pass and an opening
/// (leading passes are not counted), and so on round again.
fn prefix(copy: usize) -> (String, usize) {
    let opening = OPENINGS[(copy - 1) % OPENINGS.len()];
    match ((copy - 1) / OPENINGS.len()) % 3 {
        0 => (format!("{opening}:"), 1),
        1 => (format!("{opening}:P:P:"), 3),
        _ => (format!("P:{opening}:"), 1),
    }
}

/// The auction pattern without its leading passes, if a prefix can be put
/// before it: it starts with a call (a digit) or a class of calls.
fn shiftable(seq: &str) -> Option<&str> {
    let mut rest = seq;
    loop {
        if let Some(r) = rest.strip_prefix("(P:)?") {
            rest = r;
        } else if let Some(r) = rest.strip_prefix("P:") {
            rest = r;
        } else {
            break;
        }
    }
    let first = rest.bytes().next()?;
    // `@` and two digits is a GOTO; anything else after an `@` is a label.
    let redirects = seq.split('@').skip(1).any(|after| {
        let b = after.as_bytes();
        !(b.len() >= 2 && b[0].is_ascii_digit() && b[1].is_ascii_digit())
    });
    ((first.is_ascii_digit() || first == b'[') && !redirects).then_some(rest)
}

/// One rule line shifted into copy `copy`, if it can be.
fn shifted(line: &str, copy: usize) -> Option<String> {
    let mut fields = line.split_ascii_whitespace();
    let level = fields.next()?;
    let seq = fields.next()?;
    let rest = shiftable(seq)?;
    let digits = level.bytes().take_while(u8::is_ascii_digit).count();
    let number: usize = level[..digits].parse().ok()?;
    let (prefix, calls) = prefix(copy);
    let letters = &level[digits..];
    let level = if number == 0 { 0 } else { number + calls };
    let mut out = String::with_capacity(line.len() + 16);
    let _ = write!(out, "{level}{letters} {prefix}{rest}");
    for field in fields {
        out.push(' ');
        match field
            .strip_prefix('#')
            .and_then(|id| id.parse::<u64>().ok())
        {
            Some(id) => {
                let _ = write!(out, "#{}", id + 100_000 * copy as u64);
            }
            None => out.push_str(field),
        }
    }
    Some(out)
}

/// Whether a line of an expanded database is a rule (not blank, not a
/// `;` comment).
fn is_rule(line: &str) -> bool {
    let line = line.trim_start();
    !line.is_empty() && !line.starts_with(';')
}

/// A book of `rules` rules made from the expanded database `expanded`: its
/// rules, then shifted copies (see the module's documentation) until there
/// are `rules` — or only the first `rules` of its own if it has more.
///
/// ```
/// let book = engine::analysis::replicate::replicated_book(
///     "1 (P:)?1N 80 @00P~.[15,17]~ :P15 #7\n0 START1C$ 1 . . #8\n",
///     4,
/// );
/// assert_eq!(
///     book,
///     "1 (P:)?1N 80 @00P~.[15,17]~ :P15 #7\n0 START1C$ 1 . . #8\n\
///      2 1C:1N 80 @00P~.[15,17]~ :P15 #100007\n2 1D:1N 80 @00P~.[15,17]~ :P15 #200007\n"
/// );
/// ```
#[must_use]
pub fn replicated_book(expanded: &str, rules: usize) -> String {
    let originals: Vec<&str> = expanded.lines().filter(|l| is_rule(l)).collect();
    let mut book = String::with_capacity(expanded.len() / originals.len().max(1) * rules);
    let mut count = 0;
    for line in &originals {
        if count == rules {
            return book;
        }
        book.push_str(line);
        book.push('\n');
        count += 1;
    }
    let copyable = originals.iter().filter(|l| shifted(l, 1).is_some()).count();
    if copyable == 0 {
        return book;
    }
    let mut copy = 1;
    while count < rules {
        for line in &originals {
            if count == rules {
                break;
            }
            if let Some(line) = shifted(line, copy) {
                book.push_str(&line);
                book.push('\n');
                count += 1;
            }
        }
        copy += 1;
    }
    book
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_shift_the_auction_the_level_and_the_id() {
        let line = "5 (P:)?(P:)?(P:)?1N:P:2C 80 @00P~.[8,40]~ :P8 *12 #1200";
        assert_eq!(
            shifted(line, 1).as_deref(),
            Some("6 1C:1N:P:2C 80 @00P~.[8,40]~ :P8 *12 #101200")
        );
        assert_eq!(
            shifted(line, 14).as_deref(),
            Some("8 1D:P:P:1N:P:2C 80 @00P~.[8,40]~ :P8 *12 #1401200")
        );
        assert_eq!(
            shifted(line, 25).as_deref(),
            Some("6 P:1C:1N:P:2C 80 @00P~.[8,40]~ :P8 *12 #2501200")
        );
        // The level's letters stay; level 0 stays 0.
        assert_eq!(
            shifted("3d [1-3]a[CD]:P:2#a 50 . . #9", 2).as_deref(),
            Some("4d 1D:[1-3]a[CD]:P:2#a 50 . . #200009")
        );
        assert_eq!(
            shifted("0 1a[HS]:X 50 . .", 1).as_deref(),
            Some("0 1C:1a[HS]:X 50 . .")
        );
    }

    #[test]
    fn floating_label_and_redirection_rules_are_not_copied() {
        for line in [
            "0 START[123]s[HS]:P:4N$ 50 . . #1",
            "3 NT:P:2C 80 . . #2",
            "0 (P:)?(P:)?(P:)?3N@NT3 0 . . #3",
            "0 P:1C:P:2C:X@P:1C:P:2C:P 0 . . #4",
            "0 1C:P:1H@1N 0 . . #5",
        ] {
            assert_eq!(shifted(line, 1), None, "{line}");
        }
        // A GOTO is not a redirection.
        assert!(shifted("1 1N 80 @05P . #5", 1).is_some());
    }

    #[test]
    fn the_book_has_the_size_asked_and_distinct_ids() {
        let expanded =
            "; a comment\n1 (P:)?1N 80 . . #1\n\n2 1C:P:1H 50 . . #2\n3 NT:P:2C 80 . . #3\n";
        let book = replicated_book(expanded, 11);
        assert_eq!(book.lines().count(), 11);
        let mut ids: Vec<&str> = book
            .lines()
            .filter_map(|l| l.split_ascii_whitespace().last())
            .collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), 11);
        assert_eq!(replicated_book(expanded, 2).lines().count(), 2);
        // Nothing to copy: only the originals.
        assert_eq!(replicated_book("3 NT:P:2C 80 . .\n", 5).lines().count(), 1);
    }
}

//! Tag names and tag values: the mandatory tag set and its order, the tags
//! that may not inherit, the tags that belong to a game's play, and the
//! string escapes and character set of values.
//!
//! A value is a PBN string: `\"` is a quote and `\\` a backslash; any other
//! backslash is itself (`\S` is the spade symbol in commentary and notes).
//! Files are ISO 8859-1 by the standard but often UTF-8 in practice: a game
//! whose text is valid UTF-8 is read as UTF-8, any other as Latin-1, and new
//! text written into a Latin-1 game is written in Latin-1 (plain ASCII for
//! what Latin-1 lacks: `10-21 HCP` for `10–21 HCP`; `?` where there is no
//! usual spelling).

use std::borrow::Cow;

/// The mandatory tag set (PBN 3.4), in export order.
pub const MANDATORY_TAGS: [&str; 15] = [
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
];

/// Tags whose value may not be `#` or `##…` (PBN 4.8).
const NOT_INHERITED: [&str; 8] = [
    "Dealer",
    "Vulnerable",
    "Deal",
    "Declarer",
    "Contract",
    "Auction",
    "Play",
    "Note",
];

/// Whether a tag's value may be inherited with `#` or `##` (PBN 4.8).
#[must_use]
pub(crate) fn inheritable(name: &str) -> bool {
    !NOT_INHERITED.contains(&name)
}

/// Tags and sections that describe the play and score of the contract
/// played: when a new auction changes the contract they go into the
/// "previous" commentary. (`Result` stays, emptied: it is mandatory.)
pub(crate) const PLAY_TAGS: [&str; 8] = [
    "Play",
    "Score",
    "ScoreIMP",
    "ScoreMP",
    "ScorePercentage",
    "ScoreRubber",
    "PlayTimeTable",
    "OptimumPlayTable",
];

/// The tags that may inherit and that a new auction changes (`Result`
/// and the scores): a game's value of one of them is written out in full
/// rather than through `#` or `##`, since the game it would inherit from
/// may have changed.
pub(crate) const RESOLVED_ON_WRITE: [&str; 6] = [
    "Result",
    "Score",
    "ScoreIMP",
    "ScoreMP",
    "ScorePercentage",
    "ScoreRubber",
];

/// The section that times the calls one by one: it goes with the old calls.
pub(crate) const AUCTION_TIME_TABLE: &str = "AuctionTimeTable";

/// Text as read: UTF-8, or Latin-1 when `latin1` (a game that is not valid
/// UTF-8).
pub(crate) fn decode(raw: &[u8], latin1: bool) -> Cow<'_, str> {
    if latin1 {
        Cow::Owned(raw.iter().map(|&b| char::from(b)).collect())
    } else {
        String::from_utf8_lossy(raw)
    }
}

/// Appends a tag value as written (decoded), with `\"` and `\\` resolved
/// when `escaped`.
pub(crate) fn push_value(text: &str, escaped: bool, out: &mut String) {
    if !escaped {
        out.push_str(text);
        return;
    }
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\'
            && let Some(&next @ ('"' | '\\')) = chars.peek()
        {
            out.push(next);
            chars.next();
        } else {
            out.push(c);
        }
    }
}

/// Appends `value` escaped for a tag value: `\` and `"` take a backslash;
/// line ends and tabs, which a string may not hold, become spaces.
pub(crate) fn push_escaped(value: &str, out: &mut String) {
    for c in value.chars() {
        match c {
            '\\' | '"' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' | '\t' | '\x0b' | '\x0c' => out.push(' '),
            _ => out.push(c),
        }
    }
}

/// `value` escaped for a tag value (see [`push_escaped`]).
#[must_use]
pub(crate) fn escaped(value: &str) -> String {
    let mut s = String::with_capacity(value.len() + 2);
    push_escaped(value, &mut s);
    s
}

/// Text as bytes for a game in UTF-8 or Latin-1. In Latin-1, what the
/// character set lacks is written in plain ASCII where it has a usual
/// spelling (`–` and `—` as `-`, `…` as `...`, `≥` as `>=`, curly quotes as
/// `'`, the suit symbols as `S H D C`), else as `?`.
#[must_use]
pub(crate) fn encode(text: &str, latin1: bool) -> Cow<'_, [u8]> {
    if latin1 && !text.is_ascii() {
        let mut out = Vec::with_capacity(text.len());
        for c in text.chars() {
            if let Ok(b) = u8::try_from(u32::from(c)) {
                out.push(b);
                continue;
            }
            let ascii: &[u8] = match c {
                '\u{2010}'..='\u{2015}' | '\u{2212}' => b"-",
                '\u{2018}' | '\u{2019}' | '\u{201a}' | '\u{201b}' => b"'",
                // (Not `"`: the text may be inside a tag value.)
                '\u{201c}'..='\u{201f}' => b"'",
                '\u{2026}' => b"...",
                '\u{2264}' => b"<=",
                '\u{2265}' => b">=",
                '\u{2660}' | '\u{2664}' => b"S",
                '\u{2665}' | '\u{2661}' => b"H",
                '\u{2666}' | '\u{2662}' => b"D",
                '\u{2663}' | '\u{2667}' => b"C",
                _ => b"?",
            };
            out.extend_from_slice(ascii);
        }
        Cow::Owned(out)
    } else {
        Cow::Borrowed(text.as_bytes())
    }
}

/// Writes `[Name "value"]` (the value escaped).
pub(crate) fn push_tag(name: &str, value: &str, out: &mut String) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    push_escaped(value, out);
    out.push_str("\"]");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_unescape_only_quote_and_backslash() {
        let mut s = String::new();
        push_value(r#"a \"b\" \\ \S"#, true, &mut s);
        assert_eq!(s, r#"a "b" \ \S"#);
        assert_eq!(decode(b"M\xfcller", true), "Müller");
        assert_eq!(decode("Müller".as_bytes(), false), "Müller");
    }

    #[test]
    fn escaping_round_trips() {
        for v in [r#"a "b" \ \S"#, "", "\\", "\"", "1:\\H shows \"5+\""] {
            let e = escaped(v);
            let mut back = String::new();
            push_value(&e, true, &mut back);
            assert_eq!(back, v);
        }
        assert_eq!(escaped("two\nlines\t"), "two lines ");
    }

    #[test]
    fn latin1_encoding() {
        assert_eq!(&*encode("Müller ♠", true), b"M\xfcller S");
        // What Latin-1 lacks, in plain ASCII.
        assert_eq!(
            &*encode("10–21 HCP, ≥5 — “x”…", true),
            b"10-21 HCP, >=5 - 'x'..."
        );
        assert_eq!(&*encode("\u{263a}", true), b"?");
        assert_eq!(&*encode("Müller", false), "Müller".as_bytes());
    }

    #[test]
    fn inheritance_exceptions() {
        assert!(inheritable("Event"));
        assert!(inheritable("Board"));
        assert!(!inheritable("Deal"));
        assert!(!inheritable("Note"));
    }
}

//! The tokenizer of one game's text: tag pairs with their byte spans, the
//! words of the Auction section, and where each section's data ends.
//!
//! It follows PBN 2.1 chapters 2.4, 3.2, 3.3 and 3.8 in import format:
//!
//! - a `%` in the first column starts an escape line, ignored to its end
//!   (not inside a brace comment);
//! - `{…}` comments may span lines (and hold semi-empty lines), `;` comments
//!   run to the end of the line; neither nests nor may appear inside a tag
//!   pair;
//! - a tag pair is `[`, a name (`A-Za-z0-9_`), a quoted string and `]`, with
//!   any white space, line ends included, between the four tokens; inside
//!   the string `\"` is a quote and `\\` a backslash, and the string ends on
//!   its line;
//! - anything else is section data: string tokens, and words running to the
//!   next white space or `[`, `{`, `;`, `"`. Only the words after the first
//!   `Auction` tag are kept; the others only extend their section.
//!
//! Nothing is copied: tags and words are byte ranges into the game's text.

use core::ops::Range;

/// A tag pair as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RawTag {
    /// From the `[` to just past the `]`.
    pub span: Range<usize>,
    /// The name.
    pub name: Range<usize>,
    /// The value as written, between the quotes (escapes not resolved).
    pub value: Range<usize>,
    /// Whether the value holds a backslash (so may hold escapes).
    pub escaped: bool,
    /// Whether the value was written without quotes (`[Event Club #]`, as
    /// Table Manager and WBridge5 write them): read as it is, up to the `]`.
    pub unquoted: bool,
    /// The line of the `[` (1-based).
    pub line: usize,
    /// Just past the last data token of the section this tag starts (the
    /// end of the tag itself when no data follows).
    pub data_end: usize,
}

/// A word of the Auction section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Word {
    /// Where it is.
    pub span: Range<usize>,
    /// Its line (1-based).
    pub line: usize,
}

/// A game's text, tokenized.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(crate) struct Tokens {
    /// Every tag pair, in order (duplicates included).
    pub tags: Vec<RawTag>,
    /// The words after the first `Auction` tag, up to the next tag.
    pub auction_words: Vec<Word>,
    /// The index in `tags` of the first `Auction` tag.
    pub auction_tag: Option<usize>,
    /// The line of the first word of the Auction section not kept in
    /// `auction_words`, which keeps [`MAX_AUCTION_WORDS`]: a section longer
    /// than any auction is not held word by word.
    pub auction_overflow: Option<usize>,
    /// The line of the first tag or comment: where the game starts.
    pub first_line: Option<usize>,
}

/// The most words of an Auction section kept: far more than the longest
/// legal auction needs (319 calls, each with a note reference, a suffix and
/// a NAG), so that a section of millions of lines costs no memory beyond its
/// text.
pub(crate) const MAX_AUCTION_WORDS: usize = 4096;

impl Tokens {
    /// Keeps a word of the Auction section, up to [`MAX_AUCTION_WORDS`];
    /// past them, only the line of the first word not kept.
    fn auction_word(&mut self, span: Range<usize>, line: usize) {
        if self.auction_words.len() < MAX_AUCTION_WORDS {
            self.auction_words.push(Word { span, line });
        } else if self.auction_overflow.is_none() {
            self.auction_overflow = Some(line);
        }
    }
}

/// A syntax error: its line and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SyntaxError {
    /// The line (1-based).
    pub line: usize,
    /// What is wrong, in words.
    pub why: String,
}

/// White space inside a line (line ends are counted apart).
#[inline]
pub(crate) const fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | 0x0b | 0x0c)
}

/// The characters of tag names, by byte.
const NAME_CHARS: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = (b as u8).is_ascii_alphanumeric() || b == b'_' as usize;
        b += 1;
    }
    table
};

/// A character of a tag name.
#[inline]
pub(crate) const fn is_name_char(b: u8) -> bool {
    NAME_CHARS[b as usize]
}

/// Where a string token ends: the index of its closing quote, given the index
/// just past the opening one; `None` if the line (or text) ends first.
#[inline]
pub(crate) fn string_end(text: &[u8], mut i: usize) -> Option<usize> {
    loop {
        i += memchr::memchr3(b'"', b'\n', b'\\', text.get(i..)?)?;
        match text[i] {
            b'"' => return Some(i),
            b'\n' => return None,
            _ if matches!(text.get(i + 1), Some(b'"' | b'\\')) => i += 2,
            _ => i += 1,
        }
    }
}

/// Whether the line starting at `i` holds a tag pair's opening: optional
/// blanks, `[`, optional blanks, a name, optional blanks and a quote. Used to
/// see that a brace comment was never closed.
pub(crate) fn starts_with_tag(line: &[u8]) -> bool {
    let mut i = 0;
    let skip = |i: &mut usize| {
        while line.get(*i).is_some_and(|&b| is_space(b)) {
            *i += 1;
        }
    };
    skip(&mut i);
    if line.get(i) != Some(&b'[') {
        return false;
    }
    i += 1;
    skip(&mut i);
    let name = i;
    while line.get(i).is_some_and(|&b| is_name_char(b)) {
        i += 1;
    }
    if i == name {
        return false;
    }
    skip(&mut i);
    line.get(i) == Some(&b'"')
}

/// The tokenizer's cursor.
struct Cursor<'t> {
    text: &'t [u8],
    end: usize,
    i: usize,
    line: usize,
}

impl Cursor<'_> {
    /// Skips white space, line ends included (counted).
    fn skip_space(&mut self) {
        while self.i < self.end {
            match self.text[self.i] {
                b'\n' => self.line += 1,
                b if is_space(b) => {}
                _ => return,
            }
            self.i += 1;
        }
    }

    /// Moves to the line end (not past it).
    fn skip_line(&mut self) {
        self.i =
            memchr::memchr(b'\n', &self.text[self.i..self.end]).map_or(self.end, |p| self.i + p);
    }

    fn error(&self, line: usize, why: impl Into<String>) -> SyntaxError {
        SyntaxError {
            line,
            why: why.into(),
        }
    }

    /// Reads a tag pair, the cursor on its `[`.
    fn tag(&mut self) -> Result<RawTag, SyntaxError> {
        let start = self.i;
        let line = self.line;
        self.i += 1;
        self.skip_space();
        let name_start = self.i;
        self.i += self.text[self.i..self.end]
            .iter()
            .position(|&b| !is_name_char(b))
            .unwrap_or(self.end - self.i);
        if self.i == name_start {
            return Err(self.error(line, "`[` is not followed by a tag name"));
        }
        let name = name_start..self.i;
        let shown =
            || crate::board::shown(&String::from_utf8_lossy(&self.text[name.clone()])).into_owned();
        let name_end = self.i;
        self.skip_space();
        if self.i > name_end
            && self.i < self.end
            && self.text[self.i] != b'"'
            && self.text[self.i] != b'\n'
        {
            // An unquoted value after a space: what is left of the line up
            // to the `]`, if it holds nothing that starts a string, a
            // comment or a tag (the line scanner must see the same).
            let rest = &self.text[self.i..self.end];
            let line_end = memchr::memchr(b'\n', rest).unwrap_or(rest.len());
            if let Some(close) = memchr::memchr(b']', &rest[..line_end])
                && !rest[..close]
                    .iter()
                    .any(|b| matches!(b, b'"' | b'{' | b'}' | b';' | b'[' | b'\n'))
            {
                let mut value = self.i..self.i + close;
                while value.end > value.start && is_space(self.text[value.end - 1]) {
                    value.end -= 1;
                }
                self.i += close + 1;
                return Ok(RawTag {
                    span: start..self.i,
                    name,
                    value,
                    escaped: false,
                    unquoted: true,
                    line,
                    data_end: self.i,
                });
            }
        }
        if self.i >= self.end || self.text[self.i] != b'"' {
            return Err(self.error(
                line,
                format!("tag {}: its value is not a quoted string", shown()),
            ));
        }
        let value_start = self.i + 1;
        let Some(close) = string_end(&self.text[..self.end], value_start) else {
            return Err(self.error(
                self.line,
                format!("tag {}: the value's closing quote is missing", shown()),
            ));
        };
        let escaped = self.text[value_start..close].contains(&b'\\');
        self.i = close + 1;
        self.skip_space();
        if self.i >= self.end || self.text[self.i] != b']' {
            return Err(self.error(
                self.line,
                format!("tag {}: `]` expected after the value", shown()),
            ));
        }
        self.i += 1;
        Ok(RawTag {
            span: start..self.i,
            name,
            value: value_start..close,
            escaped,
            unquoted: false,
            line,
            data_end: self.i,
        })
    }
}

/// Tokenizes `text[body]`, whose first line is line `first_line`.
///
/// # Errors
///
/// A brace comment or string not closed, or a malformed tag pair.
#[cfg(test)]
pub(crate) fn tokenize(
    text: &[u8],
    body: Range<usize>,
    first_line: usize,
) -> Result<Tokens, SyntaxError> {
    let mut tokens = Tokens::default();
    tokenize_into(text, body, first_line, &mut tokens)?;
    Ok(tokens)
}

/// Tokenizes `text[body]`, whose first line is line `first_line`, into
/// `tokens` (cleared first, so that its buffers serve game after game).
///
/// # Errors
///
/// A brace comment or string not closed, or a malformed tag pair.
pub(crate) fn tokenize_into(
    text: &[u8],
    body: Range<usize>,
    first_line: usize,
    tokens: &mut Tokens,
) -> Result<(), SyntaxError> {
    let mut c = Cursor {
        text,
        end: body.end,
        i: body.start,
        line: first_line,
    };
    tokens.tags.clear();
    tokens.auction_words.clear();
    tokens.auction_tag = None;
    tokens.auction_overflow = None;
    tokens.first_line = None;
    // Whether words now belong to the first Auction section.
    let mut in_auction = false;
    loop {
        c.skip_space();
        if c.i >= c.end {
            return Ok(());
        }
        let b = text[c.i];
        if b == b'%' && (c.i == 0 || text[c.i - 1] == b'\n') {
            c.skip_line();
            continue;
        }
        if tokens.first_line.is_none() {
            tokens.first_line = Some(c.line);
        }
        match b {
            b'{' => {
                let open = c.line;
                let Some(p) = memchr::memchr(b'}', &text[c.i + 1..c.end]) else {
                    return Err(c.error(open, "comment `{` is never closed"));
                };
                let close = c.i + 1 + p;
                c.line += memchr::memchr_iter(b'\n', &text[c.i..close]).count();
                c.i = close + 1;
            }
            b';' => c.skip_line(),
            b'[' => {
                let tag = c.tag()?;
                in_auction = tokens.auction_tag.is_none() && &text[tag.name.clone()] == b"Auction";
                if in_auction {
                    tokens.auction_tag = Some(tokens.tags.len());
                }
                tokens.tags.push(tag);
            }
            b'"' => {
                let Some(close) = string_end(&text[..c.end], c.i + 1) else {
                    return Err(c.error(c.line, "a string's closing quote is missing"));
                };
                if in_auction {
                    tokens.auction_word(c.i..close + 1, c.line);
                }
                c.i = close + 1;
                if let Some(tag) = tokens.tags.last_mut() {
                    tag.data_end = c.i;
                }
            }
            _ => {
                let start = c.i;
                while c.i < c.end {
                    let b = text[c.i];
                    if b == b'\n' || is_space(b) || matches!(b, b'[' | b'{' | b';' | b'"') {
                        break;
                    }
                    c.i += 1;
                }
                if in_auction {
                    tokens.auction_word(start..c.i, c.line);
                }
                if let Some(tag) = tokens.tags.last_mut() {
                    tag.data_end = c.i;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tok(s: &str) -> Result<Tokens, SyntaxError> {
        tokenize(s.as_bytes(), 0..s.len(), 1)
    }

    fn names(s: &str) -> Vec<(String, String)> {
        let t = tok(s).unwrap();
        t.tags
            .iter()
            .map(|tag| {
                (
                    s[tag.name.clone()].to_owned(),
                    s[tag.value.clone()].to_owned(),
                )
            })
            .collect()
    }

    #[test]
    fn tags_several_on_a_line_and_spanning_lines() {
        let s = "[Event \"A\"] [Site\"B\"][ Date\n \"C\"\n]\n";
        assert_eq!(
            names(s),
            [("Event", "A"), ("Site", "B"), ("Date", "C")]
                .map(|(a, b)| (a.to_owned(), b.to_owned()))
        );
        let t = tok(s).unwrap();
        assert_eq!(t.tags[2].line, 1);
        assert_eq!(&s[t.tags[2].span.clone()], "[ Date\n \"C\"\n]");
    }

    #[test]
    fn unquoted_values_are_read_to_the_bracket() {
        let s = "[Event Random Deal #] [Board 7 ]\n[Site \"x\"]";
        let t = tok(s).unwrap();
        let values: Vec<&str> = t.tags.iter().map(|t| &s[t.value.clone()]).collect();
        assert_eq!(values, ["Random Deal #", "7", "x"]);
        assert_eq!(
            t.tags.iter().map(|t| t.unquoted).collect::<Vec<_>>(),
            [true, true, false]
        );
    }

    #[test]
    fn escapes_stay_in_the_raw_value() {
        let s = r#"[Event "a \"b\" c\\"]"#;
        let t = tok(s).unwrap();
        assert!(t.tags[0].escaped);
        assert_eq!(&s[t.tags[0].value.clone()], r#"a \"b\" c\\"#);
    }

    #[test]
    fn comments_and_escape_lines_are_skipped() {
        let s = "% [Not \"a tag\"]\n{ [Nor \"this\"]\n\n}; [Nor \"that\"]\n[Deal \"x\"] ; c\n";
        assert_eq!(names(s).len(), 1);
        assert_eq!(tok(s).unwrap().tags[0].line, 5);
        assert_eq!(tok(s).unwrap().first_line, Some(2));
    }

    #[test]
    fn auction_words_and_section_ends() {
        let s = "[Auction \"N\"]\n1S! =1= Pass\nAP {c} [Note \"1:x\"] [Play \"E\"] SA -\n";
        let t = tok(s).unwrap();
        let words: Vec<&str> = t.auction_words.iter().map(|w| &s[w.span.clone()]).collect();
        assert_eq!(words, ["1S!", "=1=", "Pass", "AP"]);
        assert_eq!(t.auction_words[3].line, 3);
        assert_eq!(t.auction_tag, Some(0));
        assert_eq!(
            &s[t.tags[0].span.start..t.tags[0].data_end],
            "[Auction \"N\"]\n1S! =1= Pass\nAP"
        );
        assert_eq!(
            &s[t.tags[2].span.start..t.tags[2].data_end],
            "[Play \"E\"] SA -"
        );
    }

    #[test]
    fn errors_name_their_line() {
        let e = tok("[Event \"x\"]\n{ open\n\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.why.contains("never closed"), "{}", e.why);
        let e = tok("[Event \"x\"]\n[Site \"open]\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.why.contains("closing quote"), "{}", e.why);
        let e = tok("[ \"x\"]").unwrap_err();
        assert!(e.why.contains("tag name"), "{}", e.why);
        let e = tok("[Event x").unwrap_err();
        assert!(e.why.contains("quoted"), "{}", e.why);
        let e = tok("[Event \"x\" y]").unwrap_err();
        assert!(e.why.contains("`]`"), "{}", e.why);
    }

    #[test]
    fn tag_start_detection() {
        assert!(starts_with_tag(b"  [Event \"x\"]"));
        assert!(starts_with_tag(b"[ Deal\t\"x"));
        assert!(!starts_with_tag(b"[see above]"));
        assert!(!starts_with_tag(b"x [Event \"\"]"));
    }
}

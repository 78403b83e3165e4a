//! Where games begin and end: the line scanner.
//!
//! A game ends at a semi-empty line (PBN 3: empty, or only spaces and tabs)
//! unless that line is inside a brace comment. So the scanner follows brace
//! comments, strings (a `{` or `;` in a tag value is text) and `;` comments
//! across the lines, and notes whether a line holds a tag pair: a stretch of
//! lines with no tag pair (`%` lines, commentary between games) is not a
//! game.
//!
//! A brace comment that is never closed would swallow the rest of the file.
//! So when, inside a brace comment, a semi-empty line is followed by a line
//! that opens a tag pair (`[Name "`), the comment is taken as unclosed: the
//! game holding it ends there (and is skipped, its comment being unclosed)
//! and a new game begins. A real comment holding such a line is read wrong;
//! none was seen in practice.

use crate::pbn::tokens::{is_space, starts_with_tag, string_end};

/// What a line is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct LineKind {
    /// Semi-empty and outside any comment: the game before it has ended.
    pub ends_game: bool,
    /// Holds the opening of a tag pair outside comments and strings.
    pub has_tag: bool,
    /// Ends a brace comment taken as unclosed: the current game ends before
    /// this line, which begins a new one.
    pub breaks_comment: bool,
}

impl LineKind {
    /// A line that does not end a game.
    const fn plain(has_tag: bool, breaks_comment: bool) -> Self {
        Self {
            ends_game: false,
            has_tag,
            breaks_comment,
        }
    }
}

/// The scanner's state between lines.
#[derive(Debug, Default, Clone)]
pub(crate) struct Scanner {
    /// Inside a brace comment.
    in_comment: bool,
    /// The previous line was semi-empty and inside a brace comment.
    blank_in_comment: bool,
}

/// Whether a line is semi-empty.
fn semi_empty(line: &[u8]) -> bool {
    line.iter().all(|&b| b == b'\n' || is_space(b))
}

impl Scanner {
    /// Scans the next line (with its line end, if any).
    pub(crate) fn line(&mut self, line: &[u8]) -> LineKind {
        let mut breaks_comment = false;
        if self.in_comment {
            if semi_empty(line) {
                self.blank_in_comment = true;
                return LineKind {
                    ends_game: false,
                    has_tag: false,
                    breaks_comment: false,
                };
            }
            if self.blank_in_comment && starts_with_tag(line) {
                self.in_comment = false;
                breaks_comment = true;
            }
            self.blank_in_comment = false;
        }
        if !self.in_comment {
            if line.first() == Some(&b'%') {
                return LineKind {
                    ends_game: false,
                    has_tag: false,
                    breaks_comment,
                };
            }
            if semi_empty(line) {
                return LineKind {
                    ends_game: true,
                    has_tag: false,
                    breaks_comment,
                };
            }
        }
        if !self.in_comment && memchr::memchr2(b'{', b';', line).is_none() {
            // No comment starts here: a `[` before any string opens a tag.
            match (memchr::memchr(b'[', line), memchr::memchr(b'"', line)) {
                (None, _) => return LineKind::plain(false, breaks_comment),
                (Some(b), q) if q.is_none_or(|q| b < q) => {
                    return LineKind::plain(true, breaks_comment);
                }
                _ => {}
            }
        }
        let mut has_tag = false;
        let mut i = 0;
        while i < line.len() {
            if self.in_comment {
                match memchr::memchr(b'}', &line[i..]) {
                    Some(p) => {
                        self.in_comment = false;
                        i += p + 1;
                    }
                    None => break,
                }
                continue;
            }
            let next = memchr::memchr3(b'{', b';', b'"', &line[i..]).map_or(line.len(), |p| i + p);
            has_tag = has_tag || memchr::memchr(b'[', &line[i..next]).is_some();
            match line.get(next) {
                Some(b'{') => {
                    self.in_comment = true;
                    i = next + 1;
                }
                Some(b'"') => i = string_end(line, next + 1).map_or(line.len(), |e| e + 1),
                _ => break,
            }
        }
        LineKind {
            ends_game: false,
            has_tag,
            breaks_comment,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(bool, bool, bool)> {
        let mut s = Scanner::default();
        text.split_inclusive('\n')
            .map(|l| {
                let k = s.line(l.as_bytes());
                (k.ends_game, k.has_tag, k.breaks_comment)
            })
            .collect()
    }

    #[test]
    fn blank_lines_end_games_outside_comments() {
        assert_eq!(
            kinds("[A \"1\"] {x\n\n}\n \t\r\n% [B \"\"]\n;[C \"\"]\n\"[\" [D \"{\"]\n"),
            [
                (false, true, false),
                (false, false, false),
                (false, false, false),
                (true, false, false),
                (false, false, false),
                (false, false, false),
                (false, true, false),
            ]
        );
    }

    #[test]
    fn an_unclosed_comment_ends_at_a_blank_line_and_a_tag() {
        assert_eq!(
            kinds("[A \"1\"] {x\n\n[B \"2\"] {y\n[C \"3\"]\n\n[D \"4\"]\n"),
            [
                (false, true, false),
                (false, false, false),
                (false, true, true),
                (false, false, false),
                (false, false, false),
                (false, true, true),
            ]
        );
    }
}

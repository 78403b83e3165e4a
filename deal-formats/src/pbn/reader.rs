//! [`PbnReader`]: a stream of PBN games, one at a time.
//!
//! The reader reads lines and cuts the stream into games (see
//! [`lines`](super::lines)). Text that is not a game — the `%` lines and
//! commentary at the top of a file, the empty lines and anything else
//! between games — is kept and becomes the start of the next game's
//! [`text`](PbnGame::text); what follows the last game is appended to it.
//! To know which game is the last, the reader reads until the next game's
//! first tag (or the end) before it yields a game.
//!
//! A game that cannot be read yields [`ReadError::Skipped`] with the line of
//! the fault and the reader goes on. The skipped game's
//! [`text`](crate::Skipped::text) is its bytes as read, with the text before
//! it (and, for the last game of a file, what followed it), just as a game
//! read holds them: writing every game's text and every skipped game's text
//! in order gives back the file, byte for byte. A failing stream yields
//! [`ReadError::Io`] and then nothing.

use crate::board::{ReadError, Skipped};
use crate::pbn::game::{Context, PbnGame};
use crate::pbn::lines::Scanner;
use std::io::{self, BufRead};

/// Streaming reader: one game at a time from a [`BufRead`].
///
/// ```
/// use deal_formats::pbn::PbnReader;
///
/// let file = "% PBN 2.1\n[Board \"1\"]\n[Dealer \"N\"]\n\
///             [Deal \"N:AKQJ.AKQ.AKQ.AKQ - - -\"]\n[Auction \"N\"]\n2C! Pass\n";
/// let mut games = PbnReader::new(file.as_bytes());
/// let game = games.next().unwrap().unwrap();
/// assert_eq!(game.tag("Board"), Some("1"));
/// let auction = game.board().auction.as_ref().unwrap();
/// assert!(!auction.calls[0].alert); // `!` is "good call", not an alert
/// assert_eq!(game.text(), file.as_bytes());
/// assert!(games.next().is_none());
/// ```
pub struct PbnReader<R: BufRead> {
    input: R,
    /// Lines read so far.
    lines: usize,
    /// Text not yet part of a yielded game: what came after the last game
    /// (not a game), then the current block of lines.
    text: Vec<u8>,
    /// Where the current block starts in `text`.
    block_start: usize,
    /// The line of the current block's start.
    block_line: usize,
    /// Whether the current block holds a tag pair (so is a game).
    block_has_tag: bool,
    scanner: Scanner,
    /// Inheritance, and buffers reused from game to game.
    context: Context,
    /// A game read (or skipped), held until the next game starts or the
    /// stream ends.
    held: Option<Result<PbnGame, Skipped>>,
    /// A stream error to report after the held game.
    error: Option<io::Error>,
    /// Nothing more to yield.
    done: bool,
    /// The length of the last game's text: the next buffer's capacity.
    last_len: usize,
}

impl<R: BufRead> PbnReader<R> {
    /// A reader of the games of `input`.
    pub fn new(input: R) -> Self {
        Self {
            input,
            lines: 0,
            text: Vec::with_capacity(512),
            block_start: 0,
            block_line: 1,
            block_has_tag: false,
            scanner: Scanner::default(),
            context: Context::default(),
            held: None,
            error: None,
            done: false,
            last_len: 512,
        }
    }

    /// Reads the current block, up to `end`, as a game; what follows `end`
    /// (the line that ended the block) starts the next text. The text
    /// before the block goes with the game, or, if the game is skipped,
    /// stays for the next one.
    fn finish_block(&mut self, end: usize) -> Result<PbnGame, Skipped> {
        let capacity = self.last_len.max(256);
        let mut text = core::mem::replace(&mut self.text, Vec::with_capacity(capacity));
        self.text.extend_from_slice(&text[end..]);
        text.truncate(end);
        let start = self.block_start;
        self.block_has_tag = false;
        match PbnGame::read(text, start..end, self.block_line, &mut self.context) {
            Ok(game) => {
                self.last_len = end + end / 4;
                self.block_start = self.text.len();
                Ok(game)
            }
            Err((text, mut skipped)) => {
                skipped.text = text;
                self.block_start = self.text.len();
                Err(skipped)
            }
        }
    }

    /// At the end of the stream: the last block, or the text after the last
    /// game appended to it.
    fn finish(&mut self) -> Option<Result<PbnGame, ReadError>> {
        self.done = true;
        if self.block_has_tag {
            return Some(self.finish_block(self.text.len()).map_err(ReadError::from));
        }
        let held = match self.held.take()? {
            Ok(mut game) => {
                game.append(&self.text);
                Ok(game)
            }
            Err(mut skipped) => {
                skipped.text.extend_from_slice(&self.text);
                Err(ReadError::from(skipped))
            }
        };
        self.text.clear();
        Some(held)
    }
}

/// Where the semi-empty lines at the end of `text` (whole lines) start.
fn blank_tail_start(text: &[u8]) -> usize {
    let mut end = text.len();
    while end > 0 {
        let line_start = text[..end - 1]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1);
        if !text[line_start..end]
            .iter()
            .all(|&b| b == b'\n' || crate::pbn::tokens::is_space(b))
        {
            break;
        }
        end = line_start;
    }
    end
}

impl<R: BufRead> Iterator for PbnReader<R> {
    type Item = Result<PbnGame, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(e) = self.error.take() {
            return Some(Err(ReadError::Io(e)));
        }
        if self.done {
            return None;
        }
        loop {
            let start = self.text.len();
            match self.input.read_until(b'\n', &mut self.text) {
                Ok(0) => return self.finish(),
                Ok(_) => {}
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.done = true;
                    return match self.held.take() {
                        Some(held) => {
                            self.error = Some(e);
                            Some(held.map_err(ReadError::from))
                        }
                        None => Some(Err(ReadError::Io(e))),
                    };
                }
            }
            self.lines += 1;
            let kind = self.scanner.line(&self.text[start..]);
            if kind.breaks_comment {
                // The block before this line had an unclosed comment: it
                // ends here, and this line starts a new block.
                let line_len = self.text.len() - start;
                // The semi-empty lines before this line separate the games:
                // they go with the next one, as everywhere else.
                let end = blank_tail_start(&self.text[self.block_start..start]) + self.block_start;
                let skipped = self.block_has_tag.then(|| self.finish_block(end));
                self.block_start = self.text.len() - line_len;
                self.block_line = self.lines;
                self.block_has_tag = true;
                if let Some(result) = skipped {
                    return Some(result.map_err(ReadError::from));
                }
                if let Some(held) = self.held.take() {
                    return Some(held.map_err(ReadError::from));
                }
                continue;
            }
            if kind.ends_game {
                if self.block_has_tag {
                    self.held = Some(self.finish_block(start));
                }
                self.block_start = self.text.len();
                continue;
            }
            if start == self.block_start {
                self.block_line = self.lines;
            }
            if kind.has_tag && !self.block_has_tag {
                self.block_has_tag = true;
                if let Some(held) = self.held.take() {
                    return Some(held.map_err(ReadError::from));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEAL: &str =
        "[Deal \"N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85\"]";

    fn read(text: &str) -> Vec<Result<PbnGame, ReadError>> {
        PbnReader::new(text.as_bytes()).collect()
    }

    #[test]
    fn texts_cover_the_file() {
        let file = format!(
            "% PBN 2.1\n% EXPORT\n\n{{file comment}}\n\n[Board \"1\"]\n{DEAL}\n\n\n% between\n\n\
             [Board \"2\"]\n{DEAL}\n \t\n[Board \"3\"] {DEAL}\n\n% the end\n"
        );
        let games = read(&file);
        assert_eq!(games.len(), 3);
        let games: Vec<PbnGame> = games.into_iter().map(Result::unwrap).collect();
        let joined: Vec<u8> = games.iter().flat_map(|g| g.text().to_vec()).collect();
        assert_eq!(String::from_utf8(joined).unwrap(), file);
        assert_eq!(
            games.iter().map(PbnGame::line).collect::<Vec<_>>(),
            [6, 12, 15]
        );
        assert!(games[0].text().starts_with(b"% PBN 2.1\n"));
        assert!(games[2].text().ends_with(b"% the end\n"));
    }

    #[test]
    fn a_skipped_game_keeps_its_text() {
        let file = format!(
            "% PBN 2.1\n\n[Board \"1\"]\n[Deal \"bad\"]\n\n[Board \"2\"]\n{DEAL}\n\n\
             [Board \"3\"]\n[Deal \"bad\"]\n\n% the end\n"
        );
        let games = read(&file);
        assert_eq!(games.len(), 3);
        let skipped = |k: usize| match &games[k] {
            Err(ReadError::Skipped(s)) => s.clone(),
            other => panic!("{other:?}"),
        };
        assert_eq!(skipped(0).line, 4);
        assert_eq!(
            skipped(0).text,
            b"% PBN 2.1\n\n[Board \"1\"]\n[Deal \"bad\"]\n"
        );
        let g = games[1].as_ref().unwrap();
        assert_eq!(g.text(), format!("\n[Board \"2\"]\n{DEAL}\n").as_bytes());
        assert_eq!(g.line(), 6);
        assert_eq!(
            skipped(2).text,
            b"\n[Board \"3\"]\n[Deal \"bad\"]\n\n% the end\n"
        );
        let mut joined = skipped(0).text;
        joined.extend_from_slice(g.text());
        joined.extend_from_slice(&skipped(2).text);
        assert_eq!(String::from_utf8(joined).unwrap(), file);
    }

    #[test]
    fn comments_hold_blank_lines_and_unclosed_ones_are_cut() {
        let file = format!(
            "[Board \"1\"] {{a\n\nb}}\n{DEAL}\n\n[Board \"2\"] {{never closed\n{DEAL}\n\n[Board \"3\"]\n{DEAL}\n"
        );
        let games = read(&file);
        assert_eq!(games.len(), 3, "{games:?}");
        assert_eq!(games[0].as_ref().unwrap().tag("Board"), Some("1"));
        match &games[1] {
            Err(ReadError::Skipped(s)) => {
                assert_eq!(s.line, 6);
                assert!(s.why.contains("never closed"), "{}", s.why);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(games[2].as_ref().unwrap().tag("Board"), Some("3"));
        assert_eq!(games[2].as_ref().unwrap().line(), 9);
    }

    #[test]
    fn braces_and_semicolons_in_values_and_escape_lines_in_games() {
        let file = format!(
            "\u{feff}[Event \"Cup {{A;B}}\"] [West \"Smith;Jones\"]\n% an escape line\n{DEAL}\n\n\
             [Event \"x\"]\n{DEAL}\n"
        );
        let games = read(&file);
        assert_eq!(games.len(), 2, "{games:?}");
        let g = games[0].as_ref().unwrap();
        assert_eq!(g.tag("Event"), Some("Cup {A;B}"));
        assert_eq!(g.tag("West"), Some("Smith;Jones"));
        assert_eq!(g.line(), 1);
        assert!(g.text().starts_with("\u{feff}".as_bytes()));
        assert_eq!(games[1].as_ref().unwrap().line(), 5);
    }

    #[test]
    fn no_games() {
        assert!(read("").is_empty());
        assert!(read("% PBN 2.1\n\n{nothing}\n").is_empty());
    }

    struct Failing {
        given: bool,
    }

    impl io::Read for Failing {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.given {
                return Err(io::Error::other("disk on fire"));
            }
            self.given = true;
            let text = format!("[Board \"1\"]\n{DEAL}\n\n[Board \"2\"]\n");
            buf[..text.len()].copy_from_slice(text.as_bytes());
            Ok(text.len())
        }
    }

    #[test]
    fn a_failing_stream_ends_after_the_game_before() {
        let reader = io::BufReader::new(Failing { given: false });
        let games: Vec<_> = PbnReader::new(reader).collect();
        assert_eq!(games.len(), 2, "{games:?}");
        assert!(games[0].is_ok());
        assert!(matches!(games[1], Err(ReadError::Io(_))));
    }
}

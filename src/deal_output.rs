//! Writing bid games: PBN and RBN through `deal-formats` (a game written in
//! the format it was read in keeps everything it had), and JSON Lines for
//! scripts.

use crate::deal_input::InputGame;
use deal_formats::{RecordedAuction, pbn, rbn};
use engine::analysis::bid_deal::BiddenDeal;
use engine::rulebook::Rulebook;
pub use reports::deal_json::write_json;
pub use reports::recorded_auction::recorded_auction;
use std::io::{self, Write};

/// A format `bidbook auction` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    /// Portable Bridge Notation (export format for new games).
    Pbn,
    /// Richard's Bridge Notation.
    Rbn,
    /// One JSON object per deal and line (JSON Lines).
    Json,
}

/// What a game read from another format gives RBN's own labels: the event
/// (`E`) and the players (`N`, `North+South:West+East`) of a PBN game.
/// Unknown values (`?`, empty) are left out; a name cannot hold RBN's
/// separators `:` and `+`, which become spaces.
pub fn rbn_labels(game: &InputGame) -> Vec<(char, String)> {
    let InputGame::Pbn(g) = game else {
        return Vec::new();
    };
    let known = |name: &str| {
        g.tag(name)
            .map(str::trim)
            .filter(|v| !v.is_empty() && *v != "?")
    };
    let mut labels = Vec::new();
    if let Some(event) = known("Event") {
        labels.push(('E', event.to_owned()));
    }
    let seats = ["North", "South", "West", "East"]
        .map(|seat| known(seat).map_or_else(String::new, |n| n.replace([':', '+'], " ")));
    if seats.iter().any(|n| !n.is_empty()) {
        let [n, s, w, e] = seats;
        labels.push(('N', format!("{n}+{s}:{w}+{e}")));
    }
    labels
}

/// Writes a game with a new auction in `format`. A game written in the
/// format it was read in keeps everything it had; others are written from
/// their board.
///
/// # Errors
///
/// Writing fails.
pub fn write_game(
    out: &mut impl Write,
    format: OutputFormat,
    rulebook: &Rulebook,
    game: &InputGame,
    bidden: &BiddenDeal<'_>,
    auction: &RecordedAuction,
) -> io::Result<()> {
    match (format, game) {
        (OutputFormat::Json, _) => write_json(out, rulebook, game.board(), bidden, auction),
        (OutputFormat::Pbn, InputGame::Pbn(g)) => pbn::write_game(out, g, Some(auction)),
        (OutputFormat::Pbn, _) => pbn::write_board(out, game.board(), Some(auction)),
        (OutputFormat::Rbn, InputGame::Rbn(g)) => rbn::write_game(out, g, Some(auction)),
        (OutputFormat::Rbn, _) => rbn::write_board(out, game.board(), Some(auction)),
    }
}

/// A writer of games one after another that keeps them apart: between two
/// games it makes sure of a blank line, whatever the first game's text
/// ended with and the second's began with (the last game of a file often
/// ends without one, and read again two games glued together are one).
/// The line ending is the first game's (`\r\n` in PBN's export format,
/// `\n` in most files).
#[derive(Debug)]
pub struct GameWriter<W> {
    inner: W,
    /// The last bytes written, most recent last.
    tail: [u8; 4],
    /// Whether a game has been started.
    started: bool,
    /// Whether the next write begins a game after another: the separator it
    /// needs is worked out from what that write begins with.
    pending: bool,
}

impl<W: Write> GameWriter<W> {
    /// Wraps `inner`.
    pub fn new(inner: W) -> Self {
        GameWriter {
            inner,
            tail: [0; 4],
            started: false,
            pending: false,
        }
    }

    /// Call before writing each game.
    pub fn start_game(&mut self) {
        self.pending = std::mem::replace(&mut self.started, true);
    }

    /// The writer inside.
    pub fn get_mut(&mut self) -> &mut W {
        &mut self.inner
    }

    /// Unwraps the writer.
    pub fn into_inner(self) -> W {
        self.inner
    }

    /// Writes the line endings that, with those `next` begins with, end
    /// the previous game's last line and leave one blank line.
    fn separate(&mut self, next: &[u8]) -> io::Result<()> {
        let t = self.tail;
        let crlf = t[2..] == *b"\r\n" || t[1..3] == *b"\r\n";
        let eol: &[u8] = if crlf { b"\r\n" } else { b"\n" };
        let ends = if t[2..] == *b"\n\n" || t[1..] == *b"\n\r\n" {
            2
        } else {
            usize::from(t[3] == b'\n')
        };
        let mut leading = 0;
        let mut rest = next;
        while leading < 2 {
            match rest {
                [b'\n', r @ ..] | [b'\r', b'\n', r @ ..] => {
                    leading += 1;
                    rest = r;
                }
                _ => break,
            }
        }
        for _ in (ends + leading).min(2)..2 {
            self.inner.write_all(eol)?;
            self.remember(eol);
        }
        Ok(())
    }

    fn remember(&mut self, written: &[u8]) {
        if written.len() >= 4 {
            self.tail.copy_from_slice(&written[written.len() - 4..]);
        } else {
            self.tail.rotate_left(written.len());
            let k = 4 - written.len();
            self.tail[k..].copy_from_slice(written);
        }
    }
}

impl<W: Write> Write for GameWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        if std::mem::take(&mut self.pending) {
            self.separate(buf)?;
        }
        let n = self.inner.write(buf)?;
        self.remember(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod game_writer_tests {
    use super::GameWriter;
    use std::io::Write;

    fn joined(games: &[&str]) -> String {
        let mut w = GameWriter::new(Vec::new());
        for g in games {
            w.start_game();
            w.write_all(g.as_bytes()).unwrap();
        }
        String::from_utf8(w.into_inner()).unwrap()
    }

    #[test]
    fn games_are_kept_apart_by_a_blank_line_in_their_own_line_ending() {
        assert_eq!(
            joined(&["[A \"1\"]", "[B \"2\"]\n"]),
            "[A \"1\"]\n\n[B \"2\"]\n"
        );
        assert_eq!(
            joined(&["[A \"1\"]\n", "[B \"2\"]"]),
            "[A \"1\"]\n\n[B \"2\"]"
        );
        assert_eq!(
            joined(&["[A \"1\"]\n\n", "[B \"2\"]\n"]),
            "[A \"1\"]\n\n[B \"2\"]\n"
        );
        assert_eq!(joined(&["[A]\r\n", "[B]\r\n"]), "[A]\r\n\r\n[B]\r\n");
        assert_eq!(joined(&["[A]\r\n\r\n", "[B]"]), "[A]\r\n\r\n[B]");
        assert_eq!(joined(&["[A]"]), "[A]");
        // A game whose text begins with the blank line needs no other.
        assert_eq!(joined(&["[A]\n", "\n[B]\n"]), "[A]\n\n[B]\n");
        assert_eq!(joined(&["[A]", "\n[B]\n"]), "[A]\n\n[B]\n");
    }
}

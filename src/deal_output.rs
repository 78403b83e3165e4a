//! Writing bid games: PBN and RBN through `deal-formats` (a game written in
//! the format it was read in keeps everything it had), and JSON Lines for
//! scripts.

use crate::deal_input::InputGame;
use bridge::auction::call_token;
use bridge::deal::format_pbn_deal;
use bridge::vulnerability::Vulnerability;
use contract_bridge::Seat;
use deal_formats::{Board, RecordedAuction, RecordedCall, pbn, rbn};
use engine::analysis::bid_deal::BiddenDeal;
use engine::resolve::book::RuleLabel;
use engine::rulebook::Rulebook;
use reports::meaning::{alerted, meaning};
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

/// The auction bidbook bid, as a deal file records it: every alerted call
/// carries its meaning as a note, and with `explain` every call some rule
/// explains does.
pub fn recorded_auction(
    rulebook: &Rulebook,
    bidden: &BiddenDeal<'_>,
    explain: bool,
) -> RecordedAuction {
    let calls = bidden
        .table
        .records()
        .iter()
        .map(|r| {
            let alert = alerted(rulebook, &r.rules);
            // Words are only made for the calls that carry a note.
            let note = ((explain || alert) && !r.unexplained()).then(|| {
                let m = meaning(rulebook, &r.rules, &r.shows);
                note_text(&m.explanation, &m.shows)
            });
            RecordedCall {
                call: r.call,
                alert,
                note,
            }
        })
        .collect();
    RecordedAuction {
        dealer: bidden.table.bidding().seat_at(0),
        calls,
    }
}

/// A call's note: the explanation, then what the call shows.
fn note_text(explanation: &str, shows: &str) -> String {
    match (explanation.is_empty(), shows.is_empty()) {
        (true, _) => shows.to_owned(),
        (false, true) => explanation.to_owned(),
        (false, false) => format!("{explanation}; {shows}"),
    }
}

/// Writes `board` bid as `auction` (`bidden` has the rules behind each call)
/// as one line of JSON: `{"board","dealer","vul","deal","auction",
/// "contract","declarer","calls":[{"seat","call","rule","alert","note"}]}`
/// (`note` only when there is one; see the README for the contract).
///
/// Written by hand rather than through serde: a deal run writes a line per
/// deal, and the fields are mostly fixed tokens that need no escaping.
///
/// # Errors
///
/// Writing fails.
pub fn write_json(
    out: &mut impl Write,
    rulebook: &Rulebook,
    board: &Board,
    bidden: &BiddenDeal<'_>,
    auction: &RecordedAuction,
) -> io::Result<()> {
    let bidding = bidden.table.bidding();
    let contract = bidding.contract();
    let mut numbers = itoa::Buffer::new();
    out.write_all(b"{\"board\":")?;
    match board.number {
        Some(n) => out.write_all(numbers.format(n).as_bytes())?,
        None => out.write_all(b"null")?,
    }
    write_seat(out, b",\"dealer\":", bidding.seat_at(0))?;
    // The word the text output and --vul use: `Both`, not PBN's `All`.
    let vul = match bidding.vulnerability() {
        Vulnerability::Both => "Both",
        v => v.pbn(),
    };
    write_token(out, b",\"vul\":", vul)?;
    // A deal is seat letters, card letters, digits, dots, colons and
    // spaces: nothing JSON escapes.
    write_token(
        out,
        b",\"deal\":",
        &format_pbn_deal(&board.deal, Seat::North),
    )?;
    out.write_all(b",\"auction\":[")?;
    for (i, &call) in bidding.calls().iter().enumerate() {
        write_token(out, if i == 0 { b"" } else { b"," }, call_token(call))?;
    }
    write_token(
        out,
        b"],\"contract\":",
        &pbn::contract_or_pass(contract.map(|(c, _)| c)),
    )?;
    match contract {
        Some((_, declarer)) => write_seat(out, b",\"declarer\":", declarer)?,
        None => out.write_all(b",\"declarer\":null")?,
    }
    out.write_all(b",\"calls\":[")?;
    let calls = bidden.decisions.iter().zip(&auction.calls).enumerate();
    for (i, (decision, call)) in calls {
        write_seat(
            out,
            if i == 0 {
                b"{\"seat\":"
            } else {
                b",{\"seat\":"
            },
            bidding.seat_at(i),
        )?;
        write_token(out, b",\"call\":", call_token(call.call))?;
        match decision.rule.map(|r| rulebook.book.rule_label(r)) {
            Some(RuleLabel::Id(id)) => {
                out.write_all(b",\"rule\":\"#")?;
                out.write_all(numbers.format(id).as_bytes())?;
                out.write_all(b"\"")?;
            }
            Some(RuleLabel::Position(n)) => {
                out.write_all(b",\"rule\":\"rule ")?;
                out.write_all(numbers.format(n).as_bytes())?;
                out.write_all(b"\"")?;
            }
            None => out.write_all(b",\"rule\":null")?,
        }
        out.write_all(if call.alert {
            b",\"alert\":true"
        } else {
            b",\"alert\":false"
        })?;
        if let Some(note) = &call.note {
            out.write_all(b",\"note\":")?;
            serde_json::to_writer(&mut *out, note)?;
        }
        out.write_all(b"}")?;
    }
    out.write_all(b"]}\n")
}

/// Writes `before`, then the seat's letter as a JSON string.
fn write_seat(out: &mut impl Write, before: &[u8], seat: Seat) -> io::Result<()> {
    out.write_all(before)?;
    out.write_all(&[b'"', seat.letter() as u8, b'"'])
}

/// Writes `before`, then `token` as a JSON string. Tokens are call names,
/// contracts, vulnerabilities and deals: plain ASCII letters, digits, `#`,
/// `.`, `:`, `-` and spaces, which JSON writes as they are.
fn write_token(out: &mut impl Write, before: &[u8], token: &str) -> io::Result<()> {
    debug_assert!(
        token
            .bytes()
            .all(|b| (b.is_ascii_graphic() || b == b' ') && b != b'"' && b != b'\\')
    );
    out.write_all(before)?;
    out.write_all(b"\"")?;
    out.write_all(token.as_bytes())?;
    out.write_all(b"\"")
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

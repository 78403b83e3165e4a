//! Reading RBN files game by game: [`RbnReader`] yields an [`RbnGame`] per
//! deal, keeping the game's bytes as read. See the [`rbn`](crate::rbn)
//! module documentation for what makes a game.

use super::auction::{parse_auction, recorded};
use super::line::{self, A, B, H, Line, LineKind, P};
use super::repeat::{Repeats, Resolved, Value, board_number};
use crate::{Board, ReadError, Skipped};
use bridge::deal::{Deal, parse_rbn_hands};
use std::borrow::Cow;
use std::io::BufRead;
use std::sync::Arc;

/// A game of an RBN file: everything the file said (its bytes as read, line
/// by line) and the [`Board`] bidbook bids from, with repeated labels
/// resolved.
#[derive(Debug, Clone)]
pub struct RbnGame {
    board: Board,
    raw: Vec<u8>,
    lines: Vec<Line>,
    /// Index in `lines` of each label (in the order `TDLESFKNBHACPRIM`), if
    /// the game states it.
    at: [Option<usize>; 16],
    /// `T D L E S F K N B` as in effect for this game.
    resolved: Resolved,
}

/// A line of an [`RbnGame`], as [`RbnGame::lines`] gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RbnLine<'a> {
    /// The 1-based line number in the file.
    pub number: usize,
    /// What the line is.
    pub kind: LineKind,
    /// The line's bytes without the line ending.
    pub text: &'a [u8],
}

impl RbnLine<'_> {
    /// The data of a label or note line (after the letter and the space;
    /// empty for a null label), else the whole line.
    #[must_use]
    pub fn data(&self) -> &[u8] {
        match self.kind {
            LineKind::Label(_) | LineKind::Note(_) => self.text.get(2..).unwrap_or_default(),
            _ => self.text,
        }
    }
}

/// Text of a label value: UTF-8 when valid, else read as Latin-1 (older
/// files write names that way).
pub(crate) fn text_of(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect()),
    }
}

impl RbnGame {
    /// The game as bidbook sees it: board number, dealer, vulnerability,
    /// deal and auction (labels the game does not state are inherited).
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The line where the game's labels start (1-based).
    #[must_use]
    pub const fn line(&self) -> usize {
        self.board.line
    }

    /// The game's [`Board`], consuming the game.
    #[must_use]
    pub fn into_board(self) -> Board {
        self.board
    }

    /// The game's bytes exactly as read, including the blank lines that end
    /// it and any label-less block (file signature, text) before it.
    #[must_use]
    pub fn raw(&self) -> &[u8] {
        &self.raw
    }

    /// The game's lines in order.
    pub fn lines(&self) -> impl ExactSizeIterator<Item = RbnLine<'_>> + '_ {
        self.lines.iter().map(|l| self.rbn_line(l))
    }

    /// The value of a label (`'T'`, `'E'`, `'A'`, …, either case) as in
    /// effect for this game: labels `T D L E S F K N B H` the game does not
    /// state are inherited from the games before it (`H` then written from
    /// the deal); `A C P R I M` only as stated. `None` when absent or null.
    #[must_use]
    pub fn label(&self, label: char) -> Option<Cow<'_, str>> {
        let index = u8::try_from(label).ok().and_then(line::label_index)?;
        if index < 9 {
            return self.resolved[index].as_deref().map(text_of);
        }
        match self.own(index) {
            Some(data) if !data.is_empty() => Some(text_of(data)),
            Some(_) => None,
            None if index == H && self.board.deal != Deal::EMPTY => {
                Some(Cow::Owned(super::write::hands_text(&self.board.deal)))
            }
            None => None,
        }
    }

    /// Whether the game states a label itself (rather than inheriting it or
    /// leaving it out).
    #[must_use]
    pub fn states(&self, label: char) -> bool {
        u8::try_from(label)
            .ok()
            .and_then(line::label_index)
            .is_some_and(|i| self.at[i].is_some())
    }

    /// The data of a label the game states (by index in `TDLESFKNBHACPRIM`).
    pub(crate) fn own(&self, index: usize) -> Option<&[u8]> {
        self.at[index].map(|i| self.data(i))
    }

    /// The data of line `i`.
    pub(crate) fn data(&self, i: usize) -> &[u8] {
        let l = &self.lines[i];
        &self.raw[l.data_start()..l.content_end]
    }

    /// The stored lines.
    pub(crate) fn raw_lines(&self) -> &[Line] {
        &self.lines
    }

    /// Index in the stored lines of each label the game states.
    pub(crate) const fn label_lines(&self) -> &[Option<usize>; 16] {
        &self.at
    }

    /// `T D L E S F K N B` as in effect for this game.
    pub(crate) const fn resolved(&self) -> &Resolved {
        &self.resolved
    }

    /// A stored line as an [`RbnLine`].
    fn rbn_line(&self, l: &Line) -> RbnLine<'_> {
        RbnLine {
            number: l.number,
            kind: l.kind,
            text: &self.raw[l.start..l.content_end],
        }
    }
}

/// Reads an RBN file one game at a time.
///
/// Yields `Ok(game)` per game, `Err(ReadError::Skipped)` for a malformed
/// game (a bad `H` or `A` label, a label given twice; reading goes on with
/// the next game), and `Err(ReadError::Fatal)` for a character RBN does not
/// allow (with its line; nothing is read after it), or `Err(ReadError::Io)`.
///
/// ```
/// use deal_formats::rbn::RbnReader;
///
/// let file = "B 1\nH W:873.A6.KT864.KQ8:96.T54.97.AJ9643:T542.K93.AQ53.52:\nA NZ:1NP3NA\n\nB 2\n\n";
/// let games: Vec<_> = RbnReader::new(file.as_bytes()).collect::<Result<_, _>>().unwrap();
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[1].board().number, Some(2));
/// assert_eq!(games[1].board().deal, games[0].board().deal); // H repeats
/// ```
#[derive(Debug)]
pub struct RbnReader<R: BufRead> {
    input: R,
    /// Lines read so far.
    line: usize,
    /// The first line of the next game, already read.
    pending: Vec<u8>,
    /// What games inherit.
    repeats: Repeats,
    /// No more games (end of file or a fatal fault).
    done: bool,
}

impl<R: BufRead> RbnReader<R> {
    /// A reader of `input`.
    pub fn new(input: R) -> Self {
        Self {
            input,
            line: 0,
            pending: Vec::new(),
            repeats: Repeats::default(),
            done: false,
        }
    }

    /// Reads the lines of the next game into `raw` and `lines`; `Ok(None)`
    /// at the end of the input (no labelled block left). Returns the index
    /// of the first line of the labelled block.
    fn read_game(
        &mut self,
        raw: &mut Vec<u8>,
        lines: &mut Vec<Line>,
    ) -> Result<Option<usize>, ReadError> {
        let mut in_text = false;
        let mut block_labels = false;
        let mut block_started = false;
        let mut block_first = 0;
        let mut separated = false;
        let mut first = true;
        loop {
            let start;
            if first && !self.pending.is_empty() {
                // The pending line was counted when read.
                std::mem::swap(raw, &mut self.pending);
                start = 0;
            } else {
                start = raw.len();
                let n = self.input.read_until(b'\n', raw)?;
                if n == 0 {
                    return Ok(block_labels.then_some(block_first));
                }
                self.line += 1;
            }
            first = false;
            let number = self.line;
            let end = raw.len();
            let content_end = end - line::ending_len(&raw[start..end]);
            let mut start = start;
            if number == 1 && raw[start..content_end].starts_with(b"\xEF\xBB\xBF") {
                start += 3; // a byte-order mark: kept in the raw bytes only
            }
            let content = &raw[start..content_end];
            if line::is_blank(content) {
                in_text = false;
                if block_started {
                    separated = true;
                }
                lines.push(Line {
                    start,
                    content_end,
                    end,
                    number,
                    kind: LineKind::Blank,
                });
                continue;
            }
            if separated {
                if block_labels {
                    // The first line of the next game.
                    let mut next = Vec::with_capacity(256.max(end - start));
                    next.extend_from_slice(&raw[start..end]);
                    raw.truncate(start);
                    self.pending = next;
                    return Ok(Some(block_first));
                }
                // A block with no label: it stays before the next game.
                separated = false;
                block_started = false;
            }
            if !block_started {
                block_started = true;
                block_first = lines.len();
            }
            let kind = if in_text && content.first() != Some(&b'{') {
                LineKind::Text
            } else {
                line::classify(content).map_err(|bad| ReadError::Fatal {
                    line: number,
                    why: format!("column {}: {}", bad.column, bad.why),
                })?
            };
            match kind {
                LineKind::Text => {
                    // `{` opens a paragraph; a `}` ending the line closes it.
                    let body = content.strip_prefix(b"{").unwrap_or(content);
                    in_text = !line::closes_text(body);
                }
                LineKind::Label(_) | LineKind::Note(_) => block_labels = true,
                _ => {}
            }
            lines.push(Line {
                start,
                content_end,
                end,
                number,
                kind,
            });
        }
    }
}

/// The first fault of a game, kept while the rest is still read (so that
/// repeated labels stay right for the games after it).
struct Fault(Option<Skipped>);

impl Fault {
    fn set(&mut self, line: usize, why: impl FnOnce() -> String) {
        if self.0.is_none() {
            self.0 = Some(Skipped::new(line, why()));
        }
    }
}

/// Makes the game of the lines read: resolves repeated labels, reads the
/// `B`, `H` and `A` labels, and moves the repetition state on.
fn analyse(
    raw: Vec<u8>,
    lines: Vec<Line>,
    block_first: usize,
    repeats: &mut Repeats,
) -> Result<RbnGame, Skipped> {
    let mut fault = Fault(None);
    let mut at: [Option<usize>; 16] = [None; 16];
    let mut auction_notes: [Option<usize>; 9] = [None; 9];
    for (i, l) in lines.iter().enumerate() {
        match l.kind {
            LineKind::Label(c) => {
                let index = line::label_index(c as u8).unwrap_or(0);
                if let Some(first) = at[index] {
                    let first = lines[first].number;
                    fault.set(l.number, || {
                        format!("label {c} given twice (first on line {first})")
                    });
                }
                at[index] = Some(i);
            }
            LineKind::Note(d) if at[P].is_none() => {
                auction_notes[usize::from(d - 1)] = Some(i);
            }
            _ => {}
        }
    }
    let data = |i: usize| {
        let l = &lines[i];
        &raw[l.data_start()..l.content_end]
    };

    // Repeated labels.
    let mut own: [Option<Value>; 9] = Default::default();
    for (k, slot) in own.iter_mut().enumerate() {
        if let Some(i) = at[k] {
            let d = data(i);
            *slot = Some((!d.is_empty()).then(|| Arc::from(d)));
        }
    }
    let resolved = repeats.resolve(&own);
    let number = match at[B] {
        Some(i) => board_number(data(i)),
        None => repeats.number(),
    };
    let deal = match at[H] {
        Some(i) => {
            let d = data(i);
            if d.is_empty() {
                Ok(Deal::EMPTY)
            } else {
                // Checked to be ASCII when the line was read.
                let text = std::str::from_utf8(d).unwrap_or_default();
                parse_rbn_hands(text).map_err(|e| {
                    fault.set(lines[i].number, || format!("H label: {e}"));
                    lines[i].number
                })
            }
        }
        None => {
            let inherited = repeats.deal();
            if let Err(line) = inherited {
                let here = lines[block_first].number;
                fault.set(here, || {
                    format!("the game repeats the faulty H label of line {line}")
                });
            }
            inherited
        }
    };

    // The auction.
    let mut dealer = None;
    let mut vulnerability = None;
    let mut auction = None;
    if let Some(i) = at[A] {
        let d = data(i);
        if !d.is_empty() {
            match parse_auction(d) {
                Ok(parsed) => {
                    dealer = Some(parsed.dealer);
                    vulnerability = parsed.vulnerability();
                    auction = parsed.calls.map(|calls| {
                        recorded(parsed.dealer, &calls, |n| {
                            auction_notes[usize::from(n - 1)]
                                .map(|j| text_of(data(j)).into_owned())
                                .unwrap_or_default()
                        })
                    });
                }
                Err(why) => fault.set(lines[i].number, || format!("A label: {why}")),
            }
        }
    }

    let line = lines[block_first].number;
    let board = Board {
        line,
        number,
        dealer,
        vulnerability,
        deal: *deal.as_ref().unwrap_or(&Deal::EMPTY),
        auction,
    };
    repeats.advance(resolved.clone(), number, deal);
    if let Some(mut skipped) = fault.0 {
        skipped.text = raw;
        return Err(skipped);
    }
    Ok(RbnGame {
        board,
        raw,
        lines,
        at,
        resolved,
    })
}

/// Moves `repeats` on past the games of `raw` (RBN text), as a reader of
/// it would: what a writer that wrote `raw` as it is must know about the
/// labels that repeat after it.
pub(crate) fn advance_past(raw: &[u8], repeats: &mut Repeats) {
    let mut reader = RbnReader::new(raw);
    reader.repeats = std::mem::take(repeats);
    while reader.next().is_some() {}
    *repeats = reader.repeats;
}

impl<R: BufRead> Iterator for RbnReader<R> {
    type Item = Result<RbnGame, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let mut raw = Vec::new();
        let mut lines = Vec::with_capacity(8);
        match self.read_game(&mut raw, &mut lines) {
            Ok(Some(block_first)) => {
                Some(analyse(raw, lines, block_first, &mut self.repeats).map_err(ReadError::from))
            }
            Ok(None) => {
                self.done = true;
                None
            }
            Err(e) => {
                self.done = true;
                Some(Err(e))
            }
        }
    }
}

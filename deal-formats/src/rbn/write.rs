//! Writing RBN: a game read from a file (unchanged, or with a new auction),
//! a board bidbook made, and sequences of them through [`RbnWriter`]. The
//! rules are in the [`rbn`](crate::rbn) module documentation.

use super::auction::{ParsedCall, parse_auction, vulnerability_letter, write_auction};
use super::contract::{Outcome, parse_contract, write_contract};
use super::line::{A, B, C, H, K, LABELS, LineKind, M, P, R};
use super::read::RbnGame;
use super::repeat::{Repeats, Resolved, Value, b_value, same};
use crate::{Board, RecordedAuction};
use bridge::auction::call_token;
use bridge::deal::{Deal, format_rbn_hands, parse_rbn_hands, rbn_first_seat};
use bridge::vulnerability::Vulnerability;
use contract_bridge::Seat;
use std::io::{self, Write};

/// Writes a game read from an RBN file.
///
/// With `auction` `None`, or the auction the game has (same calls, alerts
/// and notes), the game is written exactly as read, byte for byte.
/// Otherwise the game is rewritten with the new auction as the
/// [module documentation](crate::rbn#a-game-with-a-new-auction) describes:
/// the `A` label and its notes replaced, `C` set, and what no longer
/// applies kept in a `{Previous …}` paragraph.
///
/// The game's lines are written as they were, so labels it did not state
/// are inherited from whatever precedes it in the output: write every game
/// in the order read, or use [`RbnWriter`].
///
/// # Errors
///
/// Those of the writer; `InvalidInput` for an illegal auction (nothing is
/// written then).
pub fn write_game(
    out: &mut impl Write,
    game: &RbnGame,
    auction: Option<&RecordedAuction>,
) -> io::Result<()> {
    write_game_with(out, game, auction, &[])
}

/// Writes a board bidbook made (a random deal, or a game read from another
/// format) as an RBN game: `T D L E S F K N` as null labels, `B` (null if no
/// number), `H` (null if no card is known), then `A` with its notes and `C`
/// when the auction has ended, and a blank line.
///
/// `auction` `None` writes the board's own auction, if any. Without an
/// auction, a known dealer or vulnerability is written as `A` with no calls
/// (a board with a vulnerability but no dealer gets its
/// [effective dealer](Board::effective_dealer)).
///
/// Every repeated label is stated, so the game reads the same after
/// anything; [`RbnWriter::write_board`] writes only what changes.
///
/// # Errors
///
/// Those of the writer; `InvalidInput` for an illegal auction.
pub fn write_board(
    out: &mut impl Write,
    board: &Board,
    auction: Option<&RecordedAuction>,
) -> io::Result<()> {
    write_board_with(out, board, auction, None, &Resolved::default())
}

/// The values of labels `T D L E S F K N` (by letter; others are ignored)
/// for [`RbnWriter::write_board_labelled`]: line breaks become spaces, an
/// empty value is a null label.
fn label_values(labels: &[(char, &str)]) -> Resolved {
    let mut values = Resolved::default();
    for &(letter, value) in labels {
        let Some(index) = u8::try_from(letter)
            .ok()
            .and_then(super::line::label_index)
            .filter(|&i| i < B)
        else {
            continue;
        };
        let value: Vec<u8> = value
            .trim()
            .bytes()
            .map(|b| if b == b'\r' || b == b'\n' { b' ' } else { b })
            .collect();
        values[index] = (!value.is_empty()).then(|| std::sync::Arc::from(value));
    }
    values
}

/// Writes RBN games and boards in sequence, remembering what a reader of
/// its output would inherit, so that every game reads back as it was.
///
/// A game read from a file is written as read unless a label it did not
/// state would now be inherited with another value (because the game
/// before it in the output is not the one before it in the source); such
/// labels are stated at the start of the game. A board states `B` and `H`
/// only when they differ from the previous game's (two tables of a board
/// share them), and null `T D L E S F K N` only when a previous game set
/// them.
///
/// ```
/// use deal_formats::rbn::{RbnReader, RbnWriter};
///
/// let file = "E Club game\nB 1\nH W:873.A6.KT864.KQ8:96.T54.97.AJ9643:T542.K93.AQ53.52:\n\nB 2\nH W::AK:\n\n";
/// let games: Vec<_> = RbnReader::new(file.as_bytes()).collect::<Result<_, _>>().unwrap();
/// // Write the second game alone: it states the event it inherited.
/// let mut w = RbnWriter::new(Vec::new());
/// w.write_game(&games[1], None).unwrap();
/// assert_eq!(w.into_inner(), b"E Club game\nB 2\nH W::AK:\n\n");
/// ```
#[derive(Debug)]
pub struct RbnWriter<W: Write> {
    out: W,
    repeats: Repeats,
}

impl<W: Write> RbnWriter<W> {
    /// A writer to `out`, as at the start of a file.
    pub fn new(out: W) -> Self {
        Self {
            out,
            repeats: Repeats::default(),
        }
    }

    /// Writes a game read from an RBN file, with a new auction or (`None`)
    /// as read; see [`write_game`].
    ///
    /// # Errors
    ///
    /// Those of the writer; `InvalidInput` for an illegal auction.
    pub fn write_game(
        &mut self,
        game: &RbnGame,
        auction: Option<&RecordedAuction>,
    ) -> io::Result<()> {
        let eol = eol_of(game);
        let resolved = game.resolved();
        let at = game.label_lines();
        let mut explicit = Vec::new();
        for i in 0..9 {
            if at[i].is_none() && !same(self.repeats.inherited(i, &resolved[K]), &resolved[i]) {
                push_label(&mut explicit, i, resolved[i].as_deref(), eol);
            }
        }
        let deal = game.board().deal;
        if at[H].is_none() && self.repeats.deal() != Ok(deal) {
            push_hands(&mut explicit, &deal, eol);
        }
        write_game_with(&mut self.out, game, auction, &explicit)?;
        self.repeats
            .advance(resolved.clone(), game.board().number, Ok(deal));
        Ok(())
    }

    /// Writes a board bidbook made; see [`write_board`] (but stating only
    /// the repeated labels that change).
    ///
    /// # Errors
    ///
    /// Those of the writer; `InvalidInput` for an illegal auction.
    pub fn write_board(
        &mut self,
        board: &Board,
        auction: Option<&RecordedAuction>,
    ) -> io::Result<()> {
        self.write_board_labelled(board, auction, &[])
    }

    /// [`RbnWriter::write_board`] with the values of labels `T D L E S F K
    /// N` the board's source gave (`('E', "Club pairs")`, `('N',
    /// "North+South:West+East")`): the event and players of a game read
    /// from another format. A label not given is null.
    ///
    /// # Errors
    ///
    /// Those of the writer; `InvalidInput` for an illegal auction.
    pub fn write_board_labelled(
        &mut self,
        board: &Board,
        auction: Option<&RecordedAuction>,
        labels: &[(char, &str)],
    ) -> io::Result<()> {
        let mut resolved = label_values(labels);
        write_board_with(
            &mut self.out,
            board,
            auction,
            Some(&self.repeats),
            &resolved,
        )?;
        resolved[B] = b_value(board.number);
        self.repeats.advance(resolved, board.number, Ok(board.deal));
        Ok(())
    }

    /// Writes RBN text as it is — a game a reader skipped, written back
    /// unchanged — and notes the labels it states, so that the games
    /// written after it still mean what they should.
    ///
    /// # Errors
    ///
    /// Those of the writer.
    pub fn write_unread(&mut self, text: &[u8]) -> io::Result<()> {
        self.out.write_all(text)?;
        super::read::advance_past(text, &mut self.repeats);
        Ok(())
    }

    /// The underlying writer.
    pub const fn get_ref(&self) -> &W {
        &self.out
    }

    /// The underlying writer, mutably (writing to it directly confuses
    /// what the next game inherits).
    pub const fn get_mut(&mut self) -> &mut W {
        &mut self.out
    }

    /// The underlying writer, consuming this one.
    pub fn into_inner(self) -> W {
        self.out
    }
}

/// The line ending a game uses: that of its first line with one.
fn eol_of(game: &RbnGame) -> &'static [u8] {
    match game.raw_lines().iter().find(|l| l.end > l.content_end) {
        Some(l) if l.end - l.content_end == 2 => b"\r\n",
        _ => b"\n",
    }
}

/// Appends a label line: the letter of label `index`, and ` value` unless
/// null.
fn push_label(buf: &mut Vec<u8>, index: usize, value: Option<&[u8]>, eol: &[u8]) {
    buf.push(LABELS[index]);
    if let Some(v) = value.filter(|v| !v.is_empty()) {
        buf.push(b' ');
        buf.extend_from_slice(v);
    }
    buf.extend_from_slice(eol);
}

/// Appends an `H` label for a deal (null when no card is known).
fn push_hands(buf: &mut Vec<u8>, deal: &Deal, eol: &[u8]) {
    buf.push(b'H');
    if *deal != Deal::EMPTY {
        buf.push(b' ');
        buf.extend_from_slice(hands_text(deal).as_bytes());
    }
    buf.extend_from_slice(eol);
}

/// The data of an `H` label for `deal`: from the seat RBN utilities start
/// with, unless that loses something on reading back — three full hands
/// then an empty hidden one, whose trailing `;` would give it the rest —
/// and then from the first seat that does not.
pub(crate) fn hands_text(deal: &Deal) -> String {
    let usual = format_rbn_hands(deal, rbn_first_seat(deal));
    if parse_rbn_hands(&usual).is_ok_and(|back| back == *deal) {
        return usual;
    }
    Seat::ALL
        .into_iter()
        .map(|first| format_rbn_hands(deal, first))
        .find(|text| parse_rbn_hands(text).is_ok_and(|back| back == *deal))
        .unwrap_or(usual)
}

/// Appends text fit for a free-text paragraph: no braces (which RBN text
/// cannot hold) and no line breaks.
fn push_text(buf: &mut Vec<u8>, text: &[u8]) {
    buf.extend(text.iter().map(|&b| match b {
        b'{' => b'(',
        b'}' => b')',
        b'\r' | b'\n' => b' ',
        _ => b,
    }));
}

/// Appends the text of a note line: anything but a line break (a `\n`, or
/// a `\r` ending the text, which would read as part of the line ending).
fn push_note(buf: &mut Vec<u8>, text: &[u8]) {
    let last = text.len().wrapping_sub(1);
    buf.extend(text.iter().enumerate().map(|(i, &b)| match b {
        b'\n' => b' ',
        b'\r' if i == last => b' ',
        _ => b,
    }));
}

/// The new auction, checked: the replayed bidding tells whether it ended
/// and how.
fn checked(auction: &RecordedAuction) -> io::Result<(bool, Option<Outcome>)> {
    let bidding = auction.bidding(Vulnerability::None).map_err(|e| {
        io::Error::new(io::ErrorKind::InvalidInput, format!("illegal auction: {e}"))
    })?;
    if !bidding.has_ended() {
        return Ok((false, None));
    }
    Ok((
        true,
        Some(match bidding.contract() {
            Some((contract, declarer)) => Outcome::Contract(contract, declarer),
            None => Outcome::PassedOut,
        }),
    ))
}

/// Appends the `A` label of an auction, its notes, a paragraph for notes
/// RBN cannot number, and a `C` label if `contract` is set.
fn push_auction(
    buf: &mut Vec<u8>,
    auction: &RecordedAuction,
    vul_letter: Option<u8>,
    ended: bool,
    old_calls: Option<&(Vec<ParsedCall>, &[u8])>,
    contract: Option<Outcome>,
    eol: &[u8],
) {
    // Evaluation marks of the calls shared with the old auction from the start.
    let shared = old_calls.map_or(0, |(old, _)| {
        old.iter()
            .zip(&auction.calls)
            .take_while(|(o, n)| o.call == n.call)
            .count()
    });
    let evaluations = |i: usize| {
        let (old, data) = old_calls?;
        if i >= shared {
            return None;
        }
        let marks: Vec<u8> = data[old[i].notation.clone()]
            .iter()
            .copied()
            .filter(|&b| b == b'!' || b == b'?')
            .collect();
        (!marks.is_empty()).then_some(marks)
    };
    let written = write_auction(vul_letter, auction, evaluations, ended);
    buf.extend_from_slice(b"A ");
    buf.extend_from_slice(&written.data);
    buf.extend_from_slice(eol);
    for (k, note) in written.notes.iter().enumerate() {
        buf.push(b'1' + k as u8);
        if !note.is_empty() {
            buf.push(b' ');
            push_note(buf, note.as_bytes());
        }
        buf.extend_from_slice(eol);
    }
    for (position, note) in &written.overflow {
        let token = call_token(auction.calls[position - 1].call);
        buf.extend_from_slice(format!("{{Note to call {position} ({token}): ").as_bytes());
        push_text(buf, note.as_bytes());
        buf.push(b'}');
        buf.extend_from_slice(eol);
    }
    if let Some(outcome) = contract {
        buf.extend_from_slice(b"C ");
        write_contract(buf, outcome);
        buf.extend_from_slice(eol);
    }
}

/// [`write_game`], with `explicit` label lines inserted before the game's
/// first label.
fn write_game_with(
    out: &mut impl Write,
    game: &RbnGame,
    auction: Option<&RecordedAuction>,
    explicit: &[u8],
) -> io::Result<()> {
    let lines = game.raw_lines();
    let raw = game.raw();
    let first_label = lines
        .iter()
        .position(|l| matches!(l.kind, LineKind::Label(_) | LineKind::Note(_)))
        .unwrap_or(0);
    let auction = match auction {
        Some(a) if game.board().auction.as_ref() != Some(a) => a,
        _ => {
            if explicit.is_empty() {
                return out.write_all(raw);
            }
            let split = lines.get(first_label).map_or(0, |l| l.start);
            out.write_all(&raw[..split])?;
            out.write_all(explicit)?;
            return out.write_all(&raw[split..]);
        }
    };
    let (ended, new_outcome) = checked(auction)?;
    let at = game.label_lines();
    let eol = eol_of(game);

    let old_a = at[A].map(|i| game.data(i));
    let old_parsed = old_a.and_then(|data| Some((parse_auction(data).ok()?, data)));
    let vul_letter = old_parsed
        .as_ref()
        .and_then(|(p, _)| p.vul_letter)
        .or_else(|| game.board().vulnerability.map(vulnerability_letter));
    let old_had_calls = old_parsed.as_ref().is_some_and(|(p, _)| p.calls.is_some());
    // The old calls, for their evaluation marks (same dealer only).
    let old_calls = old_parsed.and_then(|(p, data)| {
        if p.dealer != auction.dealer {
            return None;
        }
        Some((p.calls?, data))
    });
    let old_outcome = match at[C] {
        Some(i) => parse_contract(game.data(i)),
        None => game
            .board()
            .auction
            .as_ref()
            .and_then(super::contract::outcome_of),
    };
    let changed = old_outcome != new_outcome;
    let p_line = at[P];
    let is_auction_note =
        |i: usize| matches!(lines[i].kind, LineKind::Note(_)) && p_line.is_none_or(|p| i < p);
    let is_play_note =
        |i: usize| matches!(lines[i].kind, LineKind::Note(_)) && p_line.is_some_and(|p| i > p);

    // Where the new A label goes: in place of the old one (before P, so its
    // notes stay the auction's), else after the last of T..H.
    let a_pos = match at[A] {
        Some(a) => p_line.map_or(a, |p| a.min(p)),
        None => {
            let after = at[..=H]
                .iter()
                .flatten()
                .max()
                .map_or(first_label, |&i| i + 1);
            p_line.map_or(after, |p| after.min(p))
        }
    };
    let mut block = Vec::with_capacity(128);
    let insert_c = at[C].is_none() && new_outcome.is_some();
    push_auction(
        &mut block,
        auction,
        vul_letter,
        ended,
        old_calls.as_ref(),
        if insert_c { new_outcome } else { None },
        eol,
    );

    // What the new auction replaces, kept as text.
    let mut parts: Vec<Vec<u8>> = Vec::new();
    if let (true, Some(data)) = (old_had_calls, old_a) {
        let mut part = b"auction: ".to_vec();
        push_text(&mut part, data);
        for (i, l) in lines.iter().enumerate() {
            if let LineKind::Note(d) = l.kind
                && is_auction_note(i)
            {
                part.extend_from_slice(format!(" (note {d}: ").as_bytes());
                push_text(&mut part, game.data(i));
                part.push(b')');
            }
        }
        parts.push(part);
    }
    let m_split = at[M].map(|i| {
        let data = game.data(i);
        let colon = data.iter().position(|&b| b == b':').unwrap_or(data.len());
        (data, colon)
    });
    if changed {
        let mut add = |name: &str, data: &[u8]| {
            if !data.is_empty() {
                let mut part = name.as_bytes().to_vec();
                push_text(&mut part, data);
                parts.push(part);
            }
        };
        if let Some(i) = at[C] {
            add("contract: ", game.data(i));
        }
        if let Some(i) = at[P] {
            add("play: ", game.data(i));
        }
        for (i, l) in lines.iter().enumerate() {
            if let LineKind::Note(d) = l.kind
                && is_play_note(i)
            {
                add(&format!("play note {d}: "), game.data(i));
            }
        }
        if let Some(i) = at[R] {
            add("result: ", game.data(i));
        }
        if let Some((data, colon)) = m_split
            && colon > 0
        {
            add("makes: ", &data[..colon]);
        }
    }
    let last_content = lines.iter().rposition(|l| l.kind != LineKind::Blank);

    let mut buf = Vec::with_capacity(raw.len() + block.len() + 64);
    // A byte-order mark before the first line.
    buf.extend_from_slice(&raw[..lines.first().map_or(0, |l| l.start)]);
    let mut block_done = false;
    for (i, l) in lines.iter().enumerate() {
        if i == first_label {
            buf.extend_from_slice(explicit);
        }
        if i == a_pos && !block_done {
            buf.extend_from_slice(&block);
            block_done = true;
        }
        let keep = if Some(i) == at[A] || is_auction_note(i) {
            false
        } else if !changed {
            true
        } else if Some(i) == at[C] {
            if let Some(outcome) = new_outcome {
                buf.extend_from_slice(b"C ");
                write_contract(&mut buf, outcome);
                buf.extend_from_slice(eol);
            }
            false
        } else if Some(i) == at[P] || Some(i) == at[R] || is_play_note(i) {
            false
        } else if Some(i) == at[M] {
            match m_split {
                Some((data, colon)) if colon > 0 => {
                    if colon < data.len() {
                        buf.extend_from_slice(b"M ");
                        buf.extend_from_slice(&data[colon..]);
                        buf.extend_from_slice(eol);
                    }
                    false
                }
                _ => true,
            }
        } else {
            true
        };
        if keep {
            buf.extend_from_slice(&raw[l.start..l.end]);
        }
        if Some(i) == last_content {
            if a_pos > i && !block_done {
                end_line(&mut buf, eol);
                buf.extend_from_slice(&block);
                block_done = true;
            }
            if !parts.is_empty() {
                end_line(&mut buf, eol);
                buf.extend_from_slice(b"{Previous ");
                for (k, part) in parts.iter().enumerate() {
                    if k > 0 {
                        buf.extend_from_slice(b"; ");
                    }
                    buf.extend_from_slice(part);
                }
                buf.push(b'}');
                buf.extend_from_slice(eol);
            }
        }
    }
    if !block_done {
        end_line(&mut buf, eol);
        buf.extend_from_slice(&block);
    }
    out.write_all(&buf)
}

/// Ends the last line written, if it has no line ending (the last line of a
/// file may lack one).
fn end_line(buf: &mut Vec<u8>, eol: &[u8]) {
    if !buf.is_empty() && !buf.ends_with(b"\n") {
        buf.extend_from_slice(eol);
    }
}

/// [`write_board`]; with `repeats`, stating only the repeated labels whose
/// inherited value differs.
fn write_board_with(
    out: &mut impl Write,
    board: &Board,
    auction: Option<&RecordedAuction>,
    repeats: Option<&Repeats>,
    labels: &Resolved,
) -> io::Result<()> {
    let auction = auction.or(board.auction.as_ref());
    let checked = auction.map(checked).transpose()?;
    let eol = b"\n";
    let mut buf = Vec::with_capacity(128);
    let null: Value = None;
    for i in 0..B {
        let value = &labels[i];
        if repeats.is_none_or(|r| !same(r.inherited(i, &labels[K]), value)) {
            push_label(&mut buf, i, value.as_deref(), eol);
        }
    }
    let number = b_value(board.number);
    if repeats.is_none_or(|r| !same(r.inherited(B, &null), &number)) {
        push_label(&mut buf, B, number.as_deref(), eol);
    }
    let vul_letter = board.vulnerability.map(vulnerability_letter);
    let states_a = auction.is_some() || board.dealer.is_some() || vul_letter.is_some();
    // A game needs a label: a board repeating everything states its hands.
    if (buf.is_empty() && !states_a) || repeats.is_none_or(|r| r.deal() != Ok(board.deal)) {
        push_hands(&mut buf, &board.deal, eol);
    }
    if let (Some(auction), Some((ended, outcome))) = (auction, checked) {
        push_auction(&mut buf, auction, vul_letter, ended, None, outcome, eol);
    } else if board.dealer.is_some() || vul_letter.is_some() {
        buf.extend_from_slice(b"A ");
        buf.push(board.effective_dealer().letter() as u8);
        buf.extend(vul_letter);
        buf.extend_from_slice(eol);
    }
    buf.extend_from_slice(eol);
    out.write_all(&buf)
}

//! LIN, Bridge Base Online's hand records: read.
//!
//! A LIN file is a stream of `key|value|` pairs, usually one board per line
//! (BBO's "my hands" downloads), sometimes split over several lines
//! (vugraph files, whose boards begin with `qx|o1|`). bidbook reads:
//!
//! - `md|3SAKQ2HK52DJ83CQ74,S…,S…,|` — the dealer digit (`1` South, `2`
//!   West, `3` North, `4` East), then the hands South, West, North, East,
//!   comma-separated, each suit after its letter (any order, ranks any
//!   order, `T` or `10`); a missing or empty fourth hand gets the rest when
//!   the other three are full;
//! - `sv|b|` — vulnerability: `o`, `0`, `-` none, `n` North-South, `e`
//!   East-West, `b` both;
//! - `ah|Board 7|` — the board number (else from `qx|o7|`);
//! - `mb|1C!|` — a call (`p`, `d`, `r`, `1C`…`7N`), `!` marking an alert;
//! - `an|…|` — a note on the call before it (several join with a space, a
//!   line break becomes a space); BBO's `!s !h !d !c` suit marks are kept
//!   as written.
//!
//! Every other key (`pn` players, `st`, `rh`, `pg`, `pc` play, `mc` claim,
//! `nt` chat, `vg`, `rs`, …) is kept in the game's text and otherwise
//! ignored. Line breaks between pairs do not matter.
//!
//! A board begins at `qx|`, at a second `md|`, at a second `sv|` or `ah|`
//! once the board has its deal, or at a line starting with `pn|` once it
//! has its deal. A malformed board (bad deal, dealer or vulnerability, an
//! unknown or illegal call, calls without a deal) is skipped with the line
//! of the fault, and reading goes on.

use crate::{Board, ReadError, RecordedAuction, RecordedCall, Skipped};
use bridge::auction::{Call, parse_call};
use bridge::deal::Deal;
use bridge::hand::parse_partial_hand;
use bridge::vulnerability::Vulnerability;
use contract_bridge::{Hand, Seat};
use std::borrow::Cow;
use std::io::BufRead;
use std::ops::Range;

/// A board of a LIN file: its text as read and the [`Board`] bidbook bids
/// from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinGame {
    board: Board,
    raw: String,
}

impl LinGame {
    /// The board as bidbook sees it.
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The line where the board starts (its `qx|`, else its `md|`).
    #[must_use]
    pub const fn line(&self) -> usize {
        self.board.line
    }

    /// The [`Board`], consuming the game.
    #[must_use]
    pub fn into_board(self) -> Board {
        self.board
    }

    /// The board's pairs as read, line breaks included (bytes that are not
    /// UTF-8 replaced by `U+FFFD`).
    #[must_use]
    pub fn raw(&self) -> &str {
        &self.raw
    }

    /// The board's `key|value|` pairs in order, keys and values trimmed.
    pub fn pairs(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        let mut fields = self.raw.split('|');
        std::iter::from_fn(move || {
            let key = fields.next()?;
            let value = fields.next()?;
            Some((key.trim(), value.trim()))
        })
    }

    /// The value of the first pair with this key (e.g. `"pn"`), if any.
    #[must_use]
    pub fn value(&self, key: &str) -> Option<&str> {
        self.pairs()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v)| v)
    }

    /// The players' names by seat, from the board's `pn|` (South, West,
    /// North, East; vugraph files list eight, open room first) — `None` when
    /// the board has no `pn|` of at least four names.
    #[must_use]
    pub fn players(&self) -> Option<[(Seat, &str); 4]> {
        let mut names = self.value("pn")?.split(',').map(str::trim);
        let mut next = || names.next();
        let (s, w, n, e) = (next()?, next()?, next()?, next()?);
        Some([
            (Seat::South, s),
            (Seat::West, w),
            (Seat::North, n),
            (Seat::East, e),
        ])
    }
}

/// A pair read but not yet used: the first pair of the next board.
#[derive(Debug)]
struct Pending {
    /// Its bytes, from the key.
    raw: Vec<u8>,
    /// The key in `raw` (trimmed).
    key: Range<usize>,
    /// The value in `raw` (trimmed).
    value: Range<usize>,
    /// The line of the key.
    line: usize,
}

/// What is known of the board being read.
#[derive(Debug, Default)]
struct State {
    first_line: usize,
    md_line: Option<usize>,
    qx_line: Option<usize>,
    has_sv: bool,
    has_ah: bool,
    dealer: Option<Seat>,
    deal: Deal,
    vulnerability: Option<Vulnerability>,
    number_ah: Option<u32>,
    number_qx: Option<u32>,
    calls: Vec<RecordedCall>,
    call_lines: Vec<usize>,
    fault: Option<Skipped>,
}

impl State {
    /// Whether the board has anything to yield.
    const fn has_substance(&self) -> bool {
        self.md_line.is_some() || self.has_ah || !self.calls.is_empty()
    }

    /// Whether a pair with this key (lowercase) starts the next board.
    fn starts_next(&self, key: &[u8; 2], line_start: bool) -> bool {
        let has_md = self.md_line.is_some();
        match key {
            b"qx" => self.has_substance(),
            b"md" => has_md,
            b"sv" => has_md && self.has_sv,
            b"ah" => has_md && self.has_ah,
            b"pn" => has_md && line_start,
            _ => false,
        }
    }

    /// Records the first fault.
    fn fault(&mut self, line: usize, why: impl FnOnce() -> String) {
        if self.fault.is_none() {
            self.fault = Some(Skipped::new(line, why()));
        }
    }
}

/// Reads a LIN file one board at a time.
///
/// Yields `Ok(game)` per board, `Err(ReadError::Skipped)` for a malformed
/// board (reading goes on), or `Err(ReadError::Io)` (reading stops).
///
/// ```
/// use contract_bridge::Seat;
/// use deal_formats::lin::LinReader;
///
/// let file = "pn|S,W,N,E|st||md|3SAKQ2HK52DJ83CQ74,S543HQJT9DQT9CJT9,SJT98H8764DK542C5,|\
///             rh||ah|Board 1|sv|o|mb|1N|mb|p|mb|2C!|an|Stayman|mb|p|mb|2S|mb|p|mb|p|mb|p|pg||\n";
/// let game = LinReader::new(file.as_bytes()).next().unwrap().unwrap();
/// let board = game.board();
/// assert_eq!(board.number, Some(1));
/// assert_eq!(board.dealer, Some(Seat::North));
/// let auction = board.auction.as_ref().unwrap();
/// assert!(auction.calls[2].alert);
/// assert_eq!(auction.calls[2].note.as_deref(), Some("Stayman"));
/// ```
#[derive(Debug)]
pub struct LinReader<R: BufRead> {
    input: R,
    /// The line of the read position (1-based).
    line: usize,
    /// Whether the read position is at the start of a line.
    line_start: bool,
    pending: Option<Pending>,
    /// Scratch for converting a hand to dot notation.
    scratch: String,
    done: bool,
}

/// The index range of `bytes[range]` without ASCII whitespace around it.
fn trimmed(bytes: &[u8], range: Range<usize>) -> Range<usize> {
    let s = &bytes[range.clone()];
    let lead = s.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let trail = s[lead..]
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_whitespace())
        .count();
    range.start + lead..range.end - trail
}

/// Text of bytes, lossy.
fn text(bytes: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(bytes)
}

impl<R: BufRead> LinReader<R> {
    /// A reader of `input`.
    pub fn new(input: R) -> Self {
        Self {
            input,
            line: 1,
            line_start: true,
            pending: None,
            scratch: String::with_capacity(24),
            done: false,
        }
    }

    /// Reads one `|`-terminated field into `raw`; its range (without the
    /// `|`) and whether it was terminated, or `None` at the end of input.
    fn field(&mut self, raw: &mut Vec<u8>) -> Result<Option<(Range<usize>, bool)>, ReadError> {
        let start = raw.len();
        let n = self.input.read_until(b'|', raw)?;
        if n == 0 {
            return Ok(None);
        }
        let terminated = raw.last() == Some(&b'|');
        Ok(Some((
            start..raw.len() - usize::from(terminated),
            terminated,
        )))
    }

    /// Counts the line breaks in `bytes`, moving the position on.
    fn advance(&mut self, bytes: &[u8]) {
        for &b in bytes {
            if b == b'\n' {
                self.line += 1;
                self.line_start = true;
            } else if !b.is_ascii_whitespace() {
                self.line_start = false;
            }
        }
    }

    /// Reads the next board's pairs into `raw`; `None` at the end.
    fn read_board(&mut self) -> Result<Option<(State, Vec<u8>)>, ReadError> {
        let mut raw = Vec::new();
        let mut state = State::default();
        let mut first = true;
        loop {
            let (key, value, line) = if let Some(p) = self.pending.take() {
                raw = p.raw;
                (p.key, p.value, p.line)
            } else {
                let Some((key_field, terminated)) = self.field(&mut raw)? else {
                    break;
                };
                let key = trimmed(&raw, key_field.clone());
                // The key's line: breaks before it count.
                self.advance(&raw[key_field.start..key.start]);
                let (line, line_start) = (self.line, self.line_start);
                self.advance(&raw[key.start..key_field.end]);
                if !terminated {
                    break; // trailing text without a pair
                }
                let value = match self.field(&mut raw)? {
                    Some((value_field, _)) => {
                        self.advance(&raw[value_field.clone()]);
                        trimmed(&raw, value_field)
                    }
                    None => raw.len()..raw.len(),
                };
                let k = &raw[key.clone()];
                let lower = match k {
                    [a, b] => [a.to_ascii_lowercase(), b.to_ascii_lowercase()],
                    _ => [0; 2],
                };
                if !first && state.starts_next(&lower, line_start) {
                    let mut next = Vec::with_capacity(512);
                    next.extend_from_slice(&raw[key.start..]);
                    let base = key.start;
                    raw.truncate(base);
                    self.pending = Some(Pending {
                        raw: next,
                        key: 0..key.end - base,
                        value: value.start - base..value.end - base,
                        line,
                    });
                    return Ok(Some((state, raw)));
                }
                (key, value, line)
            };
            if first {
                state.first_line = line;
                first = false;
            }
            self.apply(&mut state, &raw, key, value, line);
        }
        if first {
            return Ok(None);
        }
        Ok(Some((state, raw)))
    }

    /// Takes in one pair.
    fn apply(
        &mut self,
        st: &mut State,
        raw: &[u8],
        key: Range<usize>,
        value: Range<usize>,
        line: usize,
    ) {
        let key = &raw[key];
        let value = &raw[value];
        if key.eq_ignore_ascii_case(b"md") {
            st.md_line = Some(line);
            match parse_md(&text(value), &mut self.scratch) {
                Ok((dealer, deal)) => {
                    st.dealer = dealer;
                    st.deal = deal;
                }
                Err(why) => st.fault(line, || format!("md|: {why}")),
            }
        } else if key.eq_ignore_ascii_case(b"sv") {
            st.has_sv = true;
            let v = text(value);
            if v.is_empty() {
                st.vulnerability = None;
            } else {
                match v.parse::<Vulnerability>() {
                    Ok(vul) => st.vulnerability = Some(vul),
                    Err(_) => st.fault(line, || {
                        format!(
                            "sv|: unknown vulnerability `{}` (o, n, e or b)",
                            crate::board::shown(&v)
                        )
                    }),
                }
            }
        } else if key.eq_ignore_ascii_case(b"ah") {
            st.has_ah = true;
            st.number_ah = last_number(value);
        } else if key.eq_ignore_ascii_case(b"qx") {
            st.qx_line = Some(line);
            st.number_qx = last_number(value.split(|&b| b == b',').next().unwrap_or_default());
        } else if key.eq_ignore_ascii_case(b"mb") {
            let v = text(value);
            let call = v.trim_end_matches('!');
            let alert = call.len() < v.len();
            let parsed = if call.eq_ignore_ascii_case("d") {
                Ok(Call::Double)
            } else {
                parse_call(call)
            };
            match parsed {
                Ok(call) => {
                    st.calls.push(RecordedCall {
                        call,
                        alert,
                        note: None,
                    });
                    st.call_lines.push(line);
                }
                Err(_) => st.fault(line, || {
                    format!("mb|: `{}` is not a call", crate::board::shown(&v))
                }),
            }
        } else if key.eq_ignore_ascii_case(b"an") {
            // A note split over lines is one line of text.
            let note = text(value).replace("\r\n", " ").replace('\n', " ");
            if let Some(call) = st.calls.last_mut()
                && !note.is_empty()
            {
                match &mut call.note {
                    Some(n) => {
                        n.push(' ');
                        n.push_str(&note);
                    }
                    None => call.note = Some(note),
                }
            }
        }
    }
}

/// The last run of digits in a value (`Board 12` is 12, `o3` is 3).
fn last_number(value: &[u8]) -> Option<u32> {
    let end = value.iter().rposition(u8::is_ascii_digit)? + 1;
    let start = value[..end]
        .iter()
        .rposition(|b| !b.is_ascii_digit())
        .map_or(0, |p| p + 1);
    let digits = &value[start..end];
    if digits.len() > 9 {
        return None;
    }
    Some(digits.iter().fold(0, |n, &d| n * 10 + u32::from(d - b'0')))
}

/// The seat of a LIN dealer digit: 1 South, 2 West, 3 North, 4 East.
const fn dealer_of_digit(d: u8) -> Option<Seat> {
    match d {
        b'1' => Some(Seat::South),
        b'2' => Some(Seat::West),
        b'3' => Some(Seat::North),
        b'4' => Some(Seat::East),
        _ => None,
    }
}

/// The seats of the `md|` hands, in order.
const MD_SEATS: [Seat; 4] = [Seat::South, Seat::West, Seat::North, Seat::East];

/// Reads an `md|` value: the dealer (if given) and the deal.
fn parse_md(value: &str, scratch: &mut String) -> Result<(Option<Seat>, Deal), String> {
    let v = value.trim();
    let (dealer, hands) = match v.as_bytes().first() {
        Some(&d) if d.is_ascii_digit() => (
            Some(dealer_of_digit(d).ok_or_else(|| {
                format!("dealer `{}` (1 South, 2 West, 3 North, 4 East)", d as char)
            })?),
            &v[1..],
        ),
        _ => (None, v),
    };
    let mut by_seat = [Hand::EMPTY; 4];
    for (k, part) in hands.split(',').enumerate() {
        let part = part.trim();
        if k >= 4 {
            if part.is_empty() {
                continue;
            }
            return Err("more than four hands".to_owned());
        }
        let seat = MD_SEATS[k];
        by_seat[seat as usize] = parse_lin_hand(part, scratch).map_err(|why| {
            format!(
                "{}'s hand `{}`: {why}",
                bridge::deal::seat_name(seat),
                crate::board::shown(part)
            )
        })?;
    }
    let full = MD_SEATS[..3]
        .iter()
        .all(|&s| by_seat[s as usize].len() == 13);
    if full && by_seat[Seat::East as usize].is_empty() {
        let rest = Hand::ALL
            - (by_seat[Seat::South as usize]
                | by_seat[Seat::West as usize]
                | by_seat[Seat::North as usize]);
        by_seat[Seat::East as usize] = rest;
    }
    let deal = Deal::from_hands(by_seat).map_err(|e| e.to_string())?;
    Ok((dealer, deal))
}

/// Reads a LIN hand (`SAKQ2HK52DJ83CQ74`, suits in any order) by writing it
/// in dot notation and reading that.
fn parse_lin_hand(part: &str, scratch: &mut String) -> Result<Hand, String> {
    let suit_of = |c: char| match c.to_ascii_uppercase() {
        'S' => Some(0),
        'H' => Some(1),
        'D' => Some(2),
        'C' => Some(3),
        _ => None,
    };
    if let Some(c) = part.chars().next()
        && suit_of(c).is_none()
    {
        return Err(format!("`{c}` before a suit letter (S, H, D, C)"));
    }
    scratch.clear();
    for suit in 0..4 {
        if suit > 0 {
            scratch.push('.');
        }
        let mut current = None;
        for c in part.chars() {
            match suit_of(c) {
                Some(s) => current = Some(s),
                None if current == Some(suit) => scratch.push(c),
                None => {}
            }
        }
    }
    parse_partial_hand(scratch).map_err(|e| e.to_string())
}

/// Makes the board of what was read.
fn finish(st: State, raw: Vec<u8>) -> Option<Result<LinGame, Skipped>> {
    if !st.has_substance() {
        return None;
    }
    let line = st.qx_line.or(st.md_line).unwrap_or(st.first_line);
    if let Some(fault) = st.fault {
        return Some(Err(fault));
    }
    if st.md_line.is_none() {
        return Some(Err(Skipped {
            line,
            why: "a board without md| (deal and dealer)".to_owned(),
            text: Vec::new(),
        }));
    }
    let number = st.number_ah.or(st.number_qx);
    let mut board = Board {
        line,
        number,
        dealer: st.dealer,
        vulnerability: st.vulnerability,
        deal: st.deal,
        auction: None,
    };
    if !st.calls.is_empty() {
        let auction = RecordedAuction {
            dealer: board.effective_dealer(),
            calls: st.calls,
        };
        if let Err(e) = auction.bidding(Vulnerability::None) {
            let position = match &e {
                bridge::auction::AuctionError::Illegal { position, .. }
                | bridge::auction::AuctionError::UnknownCall { position, .. } => *position,
            };
            let at = st
                .call_lines
                .get(position.wrapping_sub(1))
                .copied()
                .unwrap_or(line);
            return Some(Err(Skipped {
                line: at,
                why: format!("mb|: {e}"),
                text: Vec::new(),
            }));
        }
        board.auction = Some(auction);
    }
    let raw = String::from_utf8(raw)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    Some(Ok(LinGame { board, raw }))
}

impl<R: BufRead> Iterator for LinReader<R> {
    type Item = Result<LinGame, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            match self.read_board() {
                Ok(Some((state, raw))) => {
                    if self.pending.is_none() {
                        self.done = true;
                    }
                    if let Some(game) = finish(state, raw) {
                        return Some(game.map_err(ReadError::from));
                    }
                }
                Ok(None) => self.done = true,
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bridge::deal::format_pbn_deal;

    #[test]
    fn hands_in_any_suit_order_and_the_rest() {
        let mut s = String::new();
        let (dealer, deal) = parse_md(
            "3S4569TKAH26DQCQKA,S27JH3459D6JAC48J,S8QH7TQKD29TKC267,",
            &mut s,
        )
        .unwrap();
        assert_eq!(dealer, Some(Seat::North));
        assert!(deal.is_full());
        assert_eq!(
            format_pbn_deal(&deal, Seat::South),
            "S:AKT9654.62.Q.AKQ J72.9543.AJ6.J84 Q8.KQT7.KT92.762 3.AJ8.87543.T953"
        );
        let (_, deal2) = parse_md(
            "3cqkah62dqs456910ka,S27JH3459D6JAC48J,S8QH7TQKD29TKC267,S3HAJ8D87543CT953",
            &mut s,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(deal2, deal);
    }

    #[test]
    fn md_faults() {
        let mut s = String::new();
        assert!(parse_md("5SAK,,,", &mut s).unwrap_err().contains("dealer"));
        assert!(parse_md("1SAKX,,,", &mut s).unwrap_err().contains("South"));
        assert!(
            parse_md("1AK,,,", &mut s)
                .unwrap_err()
                .contains("before a suit")
        );
        assert!(parse_md("1SA,SA,,", &mut s).unwrap_err().contains("both"));
        assert!(parse_md("1S,S,S,S,S", &mut s).unwrap_err().contains("four"));
        let (dealer, deal) = parse_md("", &mut s).unwrap();
        assert_eq!((dealer, deal), (None, Deal::EMPTY));
    }

    #[test]
    fn numbers() {
        assert_eq!(last_number(b"Board 12"), Some(12));
        assert_eq!(last_number(b"o3"), Some(3));
        assert_eq!(last_number(b"Board"), None);
        assert_eq!(last_number(b"99999999999"), None);
    }
}

//! Calls and auctions: reading calls, legality, whose turn it is, the end of
//! the auction, the contract and declarer, and the sequence string that rules
//! match (`1C:P:1H:P`).
//!
//! Calls are contract-bridge [`Call`]s. The auction itself is [`Bidding`], our
//! own type rather than contract-bridge's `Auction`, because the resolver needs
//! what `Auction` lacks: the dealer and vulnerability (so whose turn it is),
//! an inline call store that does not allocate per decision, O(1) legality
//! checks from incrementally kept state, the set of legal calls as a bit mask,
//! and errors that say *why* a call is illegal (partner's bid, no double to
//! redouble, …) rather than one "inadmissible double" case — and a `push`
//! that returns an error instead of panicking.
//!
//! ```
//! use contract_bridge::Seat;
//! use bridge::auction::Bidding;
//!
//! let bidding = Bidding::parse("1C P 1H P", Seat::North).unwrap();
//! assert_eq!(bidding.sequence_string(), "1C:P:1H:P");
//! assert_eq!(bidding.turn(), Seat::North);
//! let err = Bidding::parse("1S P P 1C", Seat::North).unwrap_err();
//! assert_eq!(err.to_string(), "call 4 `1C`: insufficient bid after 1S");
//! ```

pub use crate::vulnerability::{Vulnerability, VulnerabilityError};
pub use contract_bridge::auction::Call;
use contract_bridge::{Bid, Contract, Level, Penalty, Seat, Strain};
use core::fmt;
use smallvec::SmallVec;
use thiserror::Error;

/// Number of distinct calls: pass, double, redouble and the 35 bids.
pub const CALL_COUNT: usize = 38;

/// The rule-sequence spelling of every call, by [`call_index`].
const TOKENS: [&str; CALL_COUNT] = [
    "P", "X", "R", "1C", "1D", "1H", "1S", "1N", "2C", "2D", "2H", "2S", "2N", "3C", "3D", "3H",
    "3S", "3N", "4C", "4D", "4H", "4S", "4N", "5C", "5D", "5H", "5S", "5N", "6C", "6D", "6H", "6S",
    "6N", "7C", "7D", "7H", "7S", "7N",
];

/// The index of a call in the order P, X, R, 1C, 1D, …, 7N (0–37).
#[inline]
#[must_use]
pub const fn call_index(call: Call) -> usize {
    match call {
        Call::Pass => 0,
        Call::Double => 1,
        Call::Redouble => 2,
        Call::Bid(bid) => bid_index(bid),
    }
}

/// The index of a bid among all calls: 1C is 3, 7N is 37.
#[inline]
const fn bid_index(bid: Bid) -> usize {
    3 + (bid.level.get() as usize - 1) * 5 + bid.strain as usize
}

/// The call with the given [`call_index`], if it is below [`CALL_COUNT`].
#[must_use]
pub const fn call_at(index: usize) -> Option<Call> {
    match index {
        0 => Some(Call::Pass),
        1 => Some(Call::Double),
        2 => Some(Call::Redouble),
        3..CALL_COUNT => {
            let i = index - 3;
            Some(Call::Bid(Bid {
                level: Level::new((i / 5) as u8 + 1),
                strain: Strain::ASC[i % 5],
            }))
        }
        _ => None,
    }
}

/// The rule-sequence spelling of a call: `1C`..`7N`, `P`, `X`, `R`.
#[inline]
#[must_use]
pub const fn call_token(call: Call) -> &'static str {
    TOKENS[call_index(call)]
}

/// A word that is not a call.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown call `{0}`: expected 1C..7N (or 1NT), P/Pass, X/Dbl or R/XX/Rdbl")]
pub struct CallError(pub String);

/// Reads a call, any case: `1C`..`7N` (also `1NT` and suit symbols),
/// pass `P`/`Pass`, double `X`/`Dbl`/`Db`/`Double`, redouble
/// `R`/`XX`/`Rdbl`/`Redouble`.
///
/// # Errors
///
/// [`CallError`] holding the text when it is none of these.
pub fn parse_call(s: &str) -> Result<Call, CallError> {
    let t = s.trim();
    let is = |w: &str| t.eq_ignore_ascii_case(w);
    if is("P") || is("PASS") {
        return Ok(Call::Pass);
    }
    if is("X") || is("DBL") || is("DB") || is("DOUBLE") {
        return Ok(Call::Double);
    }
    if is("R") || is("XX") || is("RDBL") || is("REDOUBLE") {
        return Ok(Call::Redouble);
    }
    let bytes = t.as_bytes();
    if let Some((&level @ b'1'..=b'7', _)) = bytes.split_first() {
        let rest = &t[1..];
        let r = |w: &str| rest.eq_ignore_ascii_case(w);
        let strain = if r("C") || rest == "♣" {
            Some(Strain::Clubs)
        } else if r("D") || rest == "♦" {
            Some(Strain::Diamonds)
        } else if r("H") || rest == "♥" {
            Some(Strain::Hearts)
        } else if r("S") || rest == "♠" {
            Some(Strain::Spades)
        } else if r("N") || r("NT") {
            Some(Strain::Notrump)
        } else {
            None
        };
        if let Some(strain) = strain {
            return Ok(Call::Bid(Bid {
                level: Level::new(level - b'0'),
                strain,
            }));
        }
    }
    Err(CallError(s.to_owned()))
}

/// Why a call is illegal at this point of the auction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum IllegalReason {
    /// A bid not higher than the last bid.
    #[error("insufficient bid after {}", call_token(Call::Bid(*.last)))]
    InsufficientBid {
        /// The last bid made.
        last: Bid,
    },
    /// A double with no bid yet.
    #[error("double with no bid to double")]
    DoubleWithoutBid,
    /// A double of the own side's bid.
    #[error("double of partner's bid")]
    DoubleOfPartner,
    /// A double of a bid already doubled or redoubled.
    #[error("double of a bid already doubled")]
    AlreadyDoubled,
    /// A redouble when the last bid is not doubled.
    #[error("redouble without a double")]
    RedoubleWithoutDouble,
    /// A redouble of the own side's double.
    #[error("redouble of partner's double")]
    RedoubleOfPartner,
    /// A redouble of a bid already redoubled.
    #[error("redouble of a bid already redoubled")]
    AlreadyRedoubled,
    /// Any call after three passes that end the auction (or four passes).
    #[error("call after the auction ended")]
    AuctionEnded,
}

/// A call that cannot be read or made, naming it by its 1-based position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AuctionError {
    /// A word that is not a call.
    #[error("call {position} `{text}`: not a call (expected 1C..7N, P, X or R)")]
    UnknownCall {
        /// 1-based position in the auction.
        position: usize,
        /// The word as written.
        text: String,
    },
    /// A call that the laws forbid here.
    #[error("call {position} `{}`: {reason}", call_token(*.call))]
    Illegal {
        /// 1-based position in the auction.
        position: usize,
        /// The call.
        call: Call,
        /// Why it is illegal.
        reason: IllegalReason,
    },
}

/// Inline capacity of the call store: longer auctions spill to the heap.
const INLINE_CALLS: usize = 32;

/// An auction in progress: dealer, vulnerability and the calls made so far.
///
/// Every call pushed is legal; the state needed for the legality of the next
/// call (last bid, its penalty, trailing passes) is kept as calls are made.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Bidding {
    dealer: Seat,
    vulnerability: Vulnerability,
    calls: SmallVec<[Call; INLINE_CALLS]>,
    /// The last bid and its position.
    last_bid: Option<(Bid, u16)>,
    /// The penalty on the last bid and the position of the call that set it.
    penalty: Penalty,
    penalty_pos: u16,
    /// Consecutive passes at the end.
    passes: u16,
}

impl Bidding {
    /// An empty auction.
    #[must_use]
    pub fn new(dealer: Seat, vulnerability: Vulnerability) -> Self {
        Self {
            dealer,
            vulnerability,
            calls: SmallVec::new(),
            last_bid: None,
            penalty: Penalty::Undoubled,
            penalty_pos: 0,
            passes: 0,
        }
    }

    /// Reads calls separated by whitespace or colons (`1C P 1H P` or
    /// `1C:P:1H:P`), with no one vulnerable; see [`Self::with_vulnerability`].
    ///
    /// # Errors
    ///
    /// [`AuctionError`] naming the first bad call by position and text, and why.
    pub fn parse(text: &str, dealer: Seat) -> Result<Self, AuctionError> {
        let mut bidding = Self::new(dealer, Vulnerability::None);
        for word in text
            .split(|c: char| c.is_whitespace() || c == ':')
            .filter(|w| !w.is_empty())
        {
            let position = bidding.len() + 1;
            let call = parse_call(word).map_err(|_| AuctionError::UnknownCall {
                position,
                text: word.to_owned(),
            })?;
            bidding.push(call)?;
        }
        Ok(bidding)
    }

    /// The same auction with the given vulnerability.
    #[must_use]
    pub fn with_vulnerability(mut self, vulnerability: Vulnerability) -> Self {
        self.vulnerability = vulnerability;
        self
    }

    /// The dealer.
    #[must_use]
    pub const fn dealer(&self) -> Seat {
        self.dealer
    }

    /// The vulnerability.
    #[must_use]
    pub const fn vulnerability(&self) -> Vulnerability {
        self.vulnerability
    }

    /// Sets the vulnerability.
    pub fn set_vulnerability(&mut self, vulnerability: Vulnerability) {
        self.vulnerability = vulnerability;
    }

    /// The calls made so far, the dealer's first.
    #[must_use]
    pub fn calls(&self) -> &[Call] {
        &self.calls
    }

    /// Number of calls made.
    #[must_use]
    pub fn len(&self) -> usize {
        self.calls.len()
    }

    /// Whether no call has been made.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.calls.is_empty()
    }

    /// The seat that made (or makes) the call at 0-based `position`.
    #[must_use]
    pub fn seat_at(&self, position: usize) -> Seat {
        Seat::ALL[(self.dealer as usize + position) % 4]
    }

    /// The seat to call next.
    #[must_use]
    pub fn turn(&self) -> Seat {
        self.seat_at(self.calls.len())
    }

    /// Whether the side to call next is vulnerable.
    #[must_use]
    pub fn turn_vulnerable(&self) -> bool {
        self.vulnerability.is_vulnerable(self.turn())
    }

    /// Whether the auction is over: three passes after a call, or four passes.
    #[must_use]
    pub fn has_ended(&self) -> bool {
        self.passes >= 3 && self.calls.len() >= 4
    }

    /// Whether the auction ended with four passes.
    #[must_use]
    pub fn is_passed_out(&self) -> bool {
        self.has_ended() && self.last_bid.is_none()
    }

    /// The last bid made, if any.
    #[must_use]
    pub fn last_bid(&self) -> Option<Bid> {
        self.last_bid.map(|(bid, _)| bid)
    }

    /// Whether `position` and the next call are by opponents.
    fn by_opponent(&self, position: u16) -> bool {
        (self.calls.len() - usize::from(position)) % 2 == 1
    }

    /// Checks whether `call` may be made next, without making it.
    ///
    /// # Errors
    ///
    /// [`IllegalReason`] saying why not.
    pub fn check(&self, call: Call) -> Result<(), IllegalReason> {
        if self.has_ended() {
            return Err(IllegalReason::AuctionEnded);
        }
        match call {
            Call::Pass => Ok(()),
            Call::Double => match self.last_bid {
                None => Err(IllegalReason::DoubleWithoutBid),
                Some(_) if self.penalty != Penalty::Undoubled => Err(IllegalReason::AlreadyDoubled),
                Some((_, pos)) if !self.by_opponent(pos) => Err(IllegalReason::DoubleOfPartner),
                Some(_) => Ok(()),
            },
            Call::Redouble => match self.penalty {
                Penalty::Undoubled => Err(IllegalReason::RedoubleWithoutDouble),
                Penalty::Redoubled => Err(IllegalReason::AlreadyRedoubled),
                Penalty::Doubled if !self.by_opponent(self.penalty_pos) => {
                    Err(IllegalReason::RedoubleOfPartner)
                }
                Penalty::Doubled => Ok(()),
            },
            Call::Bid(bid) => match self.last_bid {
                Some((last, _)) if bid <= last => Err(IllegalReason::InsufficientBid { last }),
                _ => Ok(()),
            },
        }
    }

    /// Whether `call` may be made next.
    #[must_use]
    pub fn is_legal(&self, call: Call) -> bool {
        self.check(call).is_ok()
    }

    /// Makes a call.
    ///
    /// # Errors
    ///
    /// [`AuctionError::Illegal`] (and the auction unchanged) if the call is
    /// illegal.
    pub fn push(&mut self, call: Call) -> Result<(), AuctionError> {
        self.check(call).map_err(|reason| AuctionError::Illegal {
            position: self.calls.len() + 1,
            call,
            reason,
        })?;
        self.push_unchecked(call);
        Ok(())
    }

    /// Records a call already known to be legal.
    fn push_unchecked(&mut self, call: Call) {
        let pos = u16::try_from(self.calls.len()).unwrap_or(u16::MAX);
        match call {
            Call::Pass => self.passes += 1,
            Call::Double => {
                self.passes = 0;
                self.penalty = Penalty::Doubled;
                self.penalty_pos = pos;
            }
            Call::Redouble => {
                self.passes = 0;
                self.penalty = Penalty::Redoubled;
                self.penalty_pos = pos;
            }
            Call::Bid(bid) => {
                self.passes = 0;
                self.last_bid = Some((bid, pos));
                self.penalty = Penalty::Undoubled;
            }
        }
        self.calls.push(call);
    }

    /// Takes back the last call.
    pub fn pop(&mut self) -> Option<Call> {
        let last = *self.calls.last()?;
        let len = self.calls.len() - 1;
        self.truncate(len);
        Some(last)
    }

    /// Keeps only the first `len` calls.
    pub fn truncate(&mut self, len: usize) {
        if len >= self.calls.len() {
            return;
        }
        let calls: SmallVec<[Call; INLINE_CALLS]> = self.calls[..len].iter().copied().collect();
        *self = Self::new(self.dealer, self.vulnerability);
        for call in calls {
            self.push_unchecked(call);
        }
    }

    /// The legal next calls as a bit mask: bit [`call_index`] is set for each.
    #[must_use]
    pub fn legal_mask(&self) -> u64 {
        if self.has_ended() {
            return 0;
        }
        let all = (1u64 << CALL_COUNT) - 1;
        let bids_from = self.last_bid.map_or(3, |(bid, _)| bid_index(bid) + 1);
        let mut mask = all & !((1u64 << bids_from) - 1) | 1;
        if self.is_legal(Call::Double) {
            mask |= 1 << 1;
        }
        if self.is_legal(Call::Redouble) {
            mask |= 1 << 2;
        }
        mask
    }

    /// Every legal next call, in the order P, X, R, 1C, …, 7N (none once the
    /// auction has ended).
    #[must_use]
    pub fn legal_calls(&self) -> LegalCalls {
        LegalCalls(self.legal_mask())
    }

    /// The contract as it stands (the final contract once
    /// [`has_ended`](Self::has_ended)) and its declarer: the first player of
    /// the side that made the last bid to bid its strain. `None` when no bid
    /// has been made (so for a passed-out auction).
    #[must_use]
    pub fn contract(&self) -> Option<(Contract, Seat)> {
        let (bid, pos) = self.last_bid?;
        let side = usize::from(pos) % 2;
        let first = self
            .calls
            .iter()
            .enumerate()
            .skip(side)
            .step_by(2)
            .find_map(|(i, call)| match call {
                Call::Bid(b) if b.strain == bid.strain => Some(i),
                _ => None,
            })
            .unwrap_or(usize::from(pos));
        Some((
            Contract {
                bid,
                penalty: self.penalty,
            },
            self.seat_at(first),
        ))
    }

    /// Appends the sequence string (`1C:P:1H:P`; nothing for no calls).
    pub fn write_sequence(&self, out: &mut String) {
        for (i, &call) in self.calls.iter().enumerate() {
            if i > 0 {
                out.push(':');
            }
            out.push_str(call_token(call));
        }
    }

    /// The sequence string that rules match: tokens joined by colons.
    #[must_use]
    pub fn sequence_string(&self) -> String {
        let mut s = String::with_capacity(self.calls.len() * 3);
        self.write_sequence(&mut s);
        s
    }

    /// The calls as a contract-bridge [`Auction`](contract_bridge::auction::Auction).
    #[must_use]
    pub fn to_auction(&self) -> contract_bridge::auction::Auction {
        let mut auction = contract_bridge::auction::Auction::new();
        // Every call was checked on the way in; contract-bridge agrees on the laws.
        let _ = auction.try_extend(self.calls.iter().copied());
        auction
    }
}

impl fmt::Display for Bidding {
    /// The calls as tokens separated by spaces (`1C P 1H P`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, &call) in self.calls.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            f.write_str(call_token(call))?;
        }
        Ok(())
    }
}

/// Iterator over legal calls, from [`Bidding::legal_calls`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LegalCalls(u64);

impl LegalCalls {
    /// Where `call` comes among the calls still to come (`None` if it is not
    /// one of them).
    #[must_use]
    pub fn position_of(&self, call: Call) -> Option<u8> {
        let index = call_index(call);
        (self.0 >> index & 1 == 1).then(|| (self.0 & ((1 << index) - 1)).count_ones() as u8)
    }
}

impl Iterator for LegalCalls {
    type Item = Call;

    fn next(&mut self) -> Option<Call> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        call_at(index)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }

    fn nth(&mut self, n: usize) -> Option<Call> {
        for _ in 0..n.min(64) {
            self.0 &= self.0.wrapping_sub(1);
        }
        self.next()
    }
}

impl ExactSizeIterator for LegalCalls {}

#[cfg(test)]
mod tests {
    use super::*;

    fn bid(s: &str) -> Call {
        parse_call(s).unwrap()
    }

    #[test]
    fn tokens_round_trip() {
        for i in 0..CALL_COUNT {
            let call = call_at(i).unwrap();
            assert_eq!(call_index(call), i);
            assert_eq!(parse_call(call_token(call)), Ok(call));
        }
        assert_eq!(call_at(CALL_COUNT), None);
    }

    #[test]
    fn spellings() {
        for (s, t) in [
            ("pass", "P"),
            ("Dbl", "X"),
            ("db", "X"),
            ("XX", "R"),
            ("rdbl", "R"),
            ("1nt", "1N"),
            ("7n", "7N"),
            ("3♠", "3S"),
        ] {
            assert_eq!(call_token(bid(s)), t, "{s}");
        }
        for bad in ["8C", "0N", "1X", "", "PP", "1"] {
            assert!(parse_call(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn legality() {
        let b = Bidding::parse("1S P", Seat::North).unwrap();
        assert_eq!(b.check(bid("X")), Err(IllegalReason::DoubleOfPartner));
        assert_eq!(b.check(bid("R")), Err(IllegalReason::RedoubleWithoutDouble));
        assert_eq!(
            b.check(bid("1H")),
            Err(IllegalReason::InsufficientBid {
                last: Bid::new(1, Strain::Spades)
            })
        );
        let b = Bidding::parse("1S X", Seat::North).unwrap();
        assert_eq!(b.check(bid("X")), Err(IllegalReason::AlreadyDoubled));
        assert_eq!(b.check(bid("R")), Ok(()));
        let b = Bidding::parse("1S X P", Seat::North).unwrap();
        assert_eq!(b.check(bid("R")), Err(IllegalReason::RedoubleOfPartner));
        assert_eq!(
            Bidding::parse("P P P P", Seat::North)
                .unwrap()
                .check(Call::Pass),
            Err(IllegalReason::AuctionEnded)
        );
    }
}

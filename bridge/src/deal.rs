//! Deals: four hands, some cards possibly unknown, read from and written to
//! PBN deal strings (`N:… … … …`) and the RBN `H` label.
//!
//! [`Deal`] wraps a contract-bridge [`PartialDeal`] (each hand at most 13
//! cards, no card in two hands; cards in no hand are unknown) and adds the
//! one thing RBN needs that it lacks: which hands are hidden (`;`). We parse
//! ourselves rather than with `PartialDeal::from_str` because its errors
//! do not say which card, which seats or which column, it wants ranks in
//! descending order, and it knows neither `-` for a void nor RBN.
//!
//! ```
//! use contract_bridge::Seat;
//! use bridge::deal::{parse_rbn_hands, format_pbn_deal};
//!
//! // Three full hands and a trailing colon: the fourth gets the rest.
//! let deal = parse_rbn_hands("W:873.A6.KT864.KQ8:96.T54.97.AJ9643:T542.K93.AQ53.52:").unwrap();
//! assert!(deal.is_full());
//! assert_eq!(
//!     format_pbn_deal(&deal, Seat::West),
//!     "W:873.A6.KT864.KQ8 96.T54.97.AJ9643 T542.K93.AQ53.52 AKQJ.QJ872.J2.T7"
//! );
//! ```

use crate::hand::{HandError, Strictness, card_name, parse_with, write_hand, write_partial_hand};
use contract_bridge::{Builder, Card, FullDeal, Hand, PartialDeal, Seat, SeatFlags};
use thiserror::Error;

/// What is wrong with a written deal.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DealError {
    /// The deal does not start with a seat letter and a colon (`N:`).
    #[error("a deal starts with the first seat and a colon (N:, E:, S: or W:), found `{found}`")]
    FirstSeat {
        /// What was found instead.
        found: String,
    },
    /// A bad hand; columns in the error count from the start of the deal.
    #[error("{seat}'s hand: {error}", seat = seat_name(*.seat))]
    Hand {
        /// The seat whose hand is bad.
        seat: Seat,
        /// What is wrong with it.
        error: HandError,
    },
    /// A PBN deal without exactly four hands.
    #[error("a PBN deal has 4 hands (`-` for an unknown one), found {found}")]
    HandCount {
        /// Number of hands found.
        found: usize,
    },
    /// An RBN `H` label with more than four hands.
    #[error("an RBN H label has at most 4 hands, found {found}")]
    TooManyHands {
        /// Number of hands found.
        found: usize,
    },
    /// One card in two hands.
    #[error("card {} is in both {}'s and {}'s hands", card_name(*.card), seat_name(*.first), seat_name(*.second))]
    CardInTwoHands {
        /// The card.
        card: Card,
        /// The hand it was first found in.
        first: Seat,
        /// The other hand.
        second: Seat,
    },
    /// A hand of more than 13 cards given to [`Deal::from_hands`].
    #[error("{}'s hand has {found} cards, at most 13", seat_name(*.seat))]
    TooManyCards {
        /// The seat.
        seat: Seat,
        /// Its number of cards.
        found: usize,
    },
    /// The deal is not complete where a full deal was needed.
    #[error("not a full deal: {}'s hand has {found} cards, not 13", seat_name(*.seat))]
    NotFull {
        /// The first seat without 13 cards.
        seat: Seat,
        /// Its number of cards.
        found: usize,
    },
}

/// A seat's name: North, East, South, West.
#[must_use]
pub const fn seat_name(seat: Seat) -> &'static str {
    match seat {
        Seat::North => "North",
        Seat::East => "East",
        Seat::South => "South",
        Seat::West => "West",
    }
}

/// Reads a seat letter, any case.
const fn seat_of_letter(b: u8) -> Option<Seat> {
    match b {
        b'N' | b'n' => Some(Seat::North),
        b'E' | b'e' => Some(Seat::East),
        b'S' | b's' => Some(Seat::South),
        b'W' | b'w' => Some(Seat::West),
        _ => None,
    }
}

/// The seat `n` places clockwise from `seat`.
#[must_use]
pub const fn seat_after(seat: Seat, n: usize) -> Seat {
    Seat::ALL[(seat as usize + n) % 4]
}

/// Four hands with possibly unknown cards, and which of them are hidden.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Deal {
    hands: PartialDeal,
    hidden: SeatFlags,
}

impl Default for Deal {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl From<FullDeal> for Deal {
    fn from(deal: FullDeal) -> Self {
        Self {
            hands: deal.into(),
            hidden: SeatFlags::EMPTY,
        }
    }
}

impl From<PartialDeal> for Deal {
    fn from(hands: PartialDeal) -> Self {
        Self {
            hands,
            hidden: SeatFlags::EMPTY,
        }
    }
}

impl Deal {
    /// No card known, no hand hidden.
    pub const EMPTY: Self = Self {
        hands: PartialDeal::EMPTY,
        hidden: SeatFlags::EMPTY,
    };

    /// A deal from four hands in seat order North, East, South, West.
    ///
    /// # Errors
    ///
    /// [`DealError::TooManyCards`] or [`DealError::CardInTwoHands`].
    pub fn from_hands(hands: [Hand; 4]) -> Result<Self, DealError> {
        let mut builder = Builder::new();
        let mut seen = [Hand::EMPTY; 4];
        for (k, hand) in hands.into_iter().enumerate() {
            let seat = Seat::ALL[k];
            if hand.len() > 13 {
                return Err(DealError::TooManyCards {
                    seat,
                    found: hand.len(),
                });
            }
            for (j, &other) in seen[..k].iter().enumerate() {
                if let Some(card) = (hand & other).into_iter().next() {
                    return Err(DealError::CardInTwoHands {
                        card,
                        first: Seat::ALL[j],
                        second: seat,
                    });
                }
            }
            seen[k] = hand;
            builder[seat] = hand;
        }
        let hands = builder
            .build_partial()
            .map_err(|_| DealError::TooManyCards {
                seat: Seat::North,
                found: 0,
            })?;
        Ok(hands.into())
    }

    /// The known cards of a seat.
    #[must_use]
    pub fn hand(&self, seat: Seat) -> Hand {
        self.hands[seat]
    }

    /// The hands as a contract-bridge [`PartialDeal`].
    #[must_use]
    pub const fn hands(&self) -> PartialDeal {
        self.hands
    }

    /// The cards in no hand.
    #[must_use]
    pub fn unknown_cards(&self) -> Hand {
        Hand::ALL - self.hands.collected()
    }

    /// Whether all 52 cards are placed.
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.hands.len() == 52
    }

    /// The deal as a contract-bridge [`FullDeal`].
    ///
    /// # Errors
    ///
    /// [`DealError::NotFull`] naming the first seat without 13 cards.
    pub fn to_full(&self) -> Result<FullDeal, DealError> {
        if let Some(&seat) = Seat::ALL.iter().find(|&&s| self.hands[s].len() != 13) {
            return Err(DealError::NotFull {
                seat,
                found: self.hands[seat].len(),
            });
        }
        FullDeal::try_from(self.hands).map_err(|_| DealError::NotFull {
            seat: Seat::North,
            found: 0,
        })
    }

    /// Whether a seat's hand is hidden (RBN `;`).
    #[must_use]
    pub fn is_hidden(&self, seat: Seat) -> bool {
        self.hidden.contains(seat.into())
    }

    /// The hidden seats.
    #[must_use]
    pub const fn hidden(&self) -> SeatFlags {
        self.hidden
    }

    /// Hides or shows a seat's hand.
    pub fn set_hidden(&mut self, seat: Seat, hidden: bool) {
        self.hidden.set(seat.into(), hidden);
    }
}

/// Checks four hands (given clockwise from `first`) for cards in two hands.
fn check_disjoint(hands: &[Hand; 4], first: Seat) -> Result<(), DealError> {
    for k in 1..4 {
        for j in 0..k {
            if let Some(card) = (hands[j] & hands[k]).into_iter().next() {
                return Err(DealError::CardInTwoHands {
                    card,
                    first: seat_after(first, j),
                    second: seat_after(first, k),
                });
            }
        }
    }
    Ok(())
}

/// Builds a [`Deal`] from checked hands given clockwise from `first`.
fn assemble(hands: [Hand; 4], first: Seat, hidden: SeatFlags) -> Result<Deal, DealError> {
    check_disjoint(&hands, first)?;
    let mut by_seat = [Hand::EMPTY; 4];
    for (k, hand) in hands.into_iter().enumerate() {
        by_seat[seat_after(first, k) as usize] = hand;
    }
    let mut deal = Deal::from_hands(by_seat)?;
    deal.hidden = hidden;
    Ok(deal)
}

/// Reads the leading `N:`-style seat (an optional `H ` RBN label prefix is
/// skipped for RBN). Returns the seat and the index just past it.
fn first_seat(s: &str, separators: &[u8]) -> Result<Seat, DealError> {
    let bytes = s.as_bytes();
    match (
        bytes.first().copied().and_then(seat_of_letter),
        bytes.get(1),
    ) {
        (Some(seat), Some(sep)) if separators.contains(sep) => Ok(seat),
        _ => Err(DealError::FirstSeat {
            found: s.chars().take(2).collect(),
        }),
    }
}

/// Reads a PBN deal: `N:hand hand hand hand`, hands clockwise from the first
/// seat, `-` for an unknown hand, ranks in any order and any case, hands of
/// fewer than 13 cards allowed (end positions).
///
/// # Errors
///
/// [`DealError`]: no first seat, not four hands, a bad hand (with the column
/// in the whole string), or a card in two hands.
pub fn parse_pbn_deal(s: &str) -> Result<Deal, DealError> {
    let lead = s.len() - s.trim_start().len();
    let body = s.trim();
    let first = first_seat(body, b":")?;
    let rest = &body[2..];
    let words: Vec<(usize, &str)> = rest
        .split_ascii_whitespace()
        .map(|w| (w.as_ptr() as usize - body.as_ptr() as usize, w))
        .collect();
    if words.len() != 4 {
        return Err(DealError::HandCount { found: words.len() });
    }
    let mut hands = [Hand::EMPTY; 4];
    for (k, &(at, word)) in words.iter().enumerate() {
        if word == "-" {
            continue;
        }
        // Everything before the word is ASCII (seat, colon, hands, spaces)
        // except possibly leading whitespace, counted in chars.
        let column = s[..lead].chars().count() + at;
        hands[k] = parse_with(word, Strictness::FourSuits).map_err(|error| DealError::Hand {
            seat: seat_after(first, k),
            error: error.shifted(column),
        })?;
    }
    assemble(hands, first, SeatFlags::EMPTY)
}

/// Writes a PBN deal string starting with `first`: `N:hand hand hand hand`,
/// `-` for a hand with no known card.
#[must_use]
pub fn format_pbn_deal(deal: &Deal, first: Seat) -> String {
    let mut s = String::with_capacity(70);
    s.push(first.letter());
    s.push(':');
    for k in 0..4 {
        if k > 0 {
            s.push(' ');
        }
        let hand = deal.hand(seat_after(first, k));
        if hand.is_empty() {
            s.push('-');
        } else {
            write_hand(&mut s, hand).unwrap_or_default();
        }
    }
    s
}

/// Reads the content of an RBN `H` label (`W:873.A6.KT864.KQ8:96.T54…:…:`,
/// an optional leading `H ` is skipped).
///
/// Hands run clockwise from the seat given first; each begins with `:`, or
/// with `;` if hidden. Incomplete or empty hands are fine, and trailing dots
/// of an incomplete hand may be left out. When three hands have 13 cards and
/// a fourth, empty hand is present (a trailing `:` or `;`), it gets the rest
/// of the deck; with no trailing separator the fourth hand is unknown.
///
/// # Errors
///
/// [`DealError`]: no first seat, more than four hands, a bad hand, or a card
/// in two hands.
pub fn parse_rbn_hands(s: &str) -> Result<Deal, DealError> {
    let lead = s.len() - s.trim_start().len();
    let mut body = s.trim();
    let mut skipped = lead;
    if body.len() > 2 && body.as_bytes()[0] == b'H' && body.as_bytes()[1] == b' ' {
        let t = body[2..].trim_start();
        skipped += body.len() - t.len();
        body = t;
    }
    let first = first_seat(body, b":;")?;
    let column_base = s[..skipped].chars().count();

    let bytes = body.as_bytes();
    let is_sep = |b: &u8| *b == b':' || *b == b';';
    let found = bytes[1..].iter().filter(|b| is_sep(b)).count();
    if found > 4 {
        return Err(DealError::TooManyHands { found });
    }

    let mut hands = [Hand::EMPTY; 4];
    let mut hidden = SeatFlags::EMPTY;
    let mut count = 0;
    let mut start = 1; // index of the separator that begins the hand
    while start < bytes.len() {
        let end = bytes[start + 1..]
            .iter()
            .position(is_sep)
            .map_or(bytes.len(), |p| start + 1 + p);
        let seat = seat_after(first, count);
        if bytes[start] == b';' {
            hidden |= seat.into();
        }
        let text = &body[start + 1..end];
        hands[count] = parse_with(text, Strictness::Partial).map_err(|error| DealError::Hand {
            seat,
            error: error.shifted(column_base + start + 1),
        })?;
        count += 1;
        start = end;
    }

    check_disjoint(&hands, first)?;
    if count == 4 && hands[3].is_empty() && hands[..3].iter().all(|h| h.len() == 13) {
        hands[3] = Hand::ALL - (hands[0] | hands[1] | hands[2]);
    }
    assemble(hands, first, hidden)
}

/// Writes the content of an RBN `H` label starting with `first`.
///
/// A full deal is written as three full hands and a trailing separator (the
/// fourth hand gets the rest). Otherwise every hand up to the last one with
/// cards or hidden is written, incomplete hands without trailing dots. Each
/// hand begins with `:`, or `;` if hidden. (An empty fourth hand after three
/// full ones is left out, since a trailing separator would give it the rest.)
#[must_use]
pub fn format_rbn_hands(deal: &Deal, first: Seat) -> String {
    let mut s = String::with_capacity(60);
    s.push(first.letter());
    let sep = |seat: Seat| if deal.is_hidden(seat) { ';' } else { ':' };
    let seats: [Seat; 4] = core::array::from_fn(|k| seat_after(first, k));
    if deal.is_full() {
        for &seat in &seats[..3] {
            s.push(sep(seat));
            write_hand(&mut s, deal.hand(seat)).unwrap_or_default();
        }
        s.push(sep(seats[3]));
        return s;
    }
    let three_full = seats[..3].iter().all(|&seat| deal.hand(seat).len() == 13);
    let mut last = seats
        .iter()
        .rposition(|&seat| !deal.hand(seat).is_empty() || deal.is_hidden(seat))
        .map_or(0, |p| p + 1);
    if three_full && last == 4 && deal.hand(seats[3]).is_empty() {
        last = 3;
    }
    // Write at least the first hand's separator so the seat reads back.
    for &seat in &seats[..last.max(1)] {
        s.push(sep(seat));
        write_partial_hand(&mut s, deal.hand(seat)).unwrap_or_default();
    }
    s
}

/// The seat RBN utilities write first: the first hand that is not hidden and
/// has cards, in the priority W, N, E, S (West if there is none).
#[must_use]
pub fn rbn_first_seat(deal: &Deal) -> Seat {
    [Seat::West, Seat::North, Seat::East, Seat::South]
        .into_iter()
        .find(|&seat| !deal.is_hidden(seat) && !deal.hand(seat).is_empty())
        .unwrap_or(Seat::West)
}

impl core::fmt::Display for Deal {
    /// The PBN deal string from North.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&format_pbn_deal(self, Seat::North))
    }
}

/// Writes `hand` PBN-style into `out` (`-` if empty). Used by callers that
/// format many deals without allocating.
///
/// # Errors
///
/// Only those of the writer.
pub fn write_pbn_hand(out: &mut impl core::fmt::Write, hand: Hand) -> core::fmt::Result {
    if hand.is_empty() {
        out.write_char('-')
    } else {
        write_hand(out, hand)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rbn_full_deal_round_trip() {
        let text = "W:873.A6.KT864.KQ8:96.T54.97.AJ9643:T542.K93.AQ53.52:";
        let deal = parse_rbn_hands(text).unwrap();
        assert!(deal.is_full());
        assert_eq!(format_rbn_hands(&deal, Seat::West), text);
        // RBN: a full deal is always 55 characters with the `H ` label.
        assert_eq!(format_rbn_hands(&deal, Seat::West).len() + 2, 55);
    }
}

//! Reading and writing single hands written `AKQ2.K52.J83.Q74`.
//!
//! A hand is a contract-bridge [`Hand`] (a 52-bit card set). Suits are written
//! spades, hearts, diamonds, clubs, separated by dots; ranks are
//! `A K Q J T 9 … 2` in any case and any order, with `10` accepted for the
//! ten; a void is an empty suit or `-`. [`parse_hand`] also takes `x` (either
//! case) for a small card, as bridge players write them (`AQxx.Kxx.xxx.Qxx`):
//! each suit's `x`s become the spot cards (2 to 9) the hand does not hold in
//! it, lowest first.
//!
//! [`parse_hand`] wants exactly 13 cards and four suits; [`parse_partial_hand`]
//! accepts 0–13 cards and drops trailing empty suits (`KJ2` is a spade
//! holding), as RBN allows for incomplete hands. Errors name the problem and
//! the 1-based character column where it was found.

use contract_bridge::{Card, Hand, Holding, Rank, Suit};
use core::fmt;
use thiserror::Error;

/// What is wrong with a written hand.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum HandError {
    /// Nothing but whitespace.
    #[error("empty hand")]
    Empty,
    /// Not four suits separated by dots (or more than four, for a partial hand).
    #[error("expected 4 suits separated by dots (spades.hearts.diamonds.clubs), found {found}")]
    SuitCount {
        /// Number of dot-separated suits found.
        found: usize,
    },
    /// A character that is not a rank.
    #[error("unknown rank `{ch}` at column {column}")]
    UnknownRank {
        /// The offending character.
        ch: char,
        /// Its 1-based character column.
        column: usize,
    },
    /// The same card written twice.
    #[error("card {} held twice (again at column {column})", card_name(*.card))]
    DuplicateCard {
        /// The card.
        card: Card,
        /// 1-based column of its second appearance.
        column: usize,
    },
    /// A full hand without exactly 13 cards.
    #[error("expected 13 cards, found {found}")]
    CardCount {
        /// Number of cards found.
        found: usize,
    },
    /// A partial hand with more than 13 cards.
    #[error("too many cards: found {found}, at most 13")]
    TooManyCards {
        /// Number of cards found.
        found: usize,
    },
    /// More `x` (small cards) in a suit than spot cards 2–9 left free.
    #[error("{count} small cards (x) in {suit}, but only {free} of the spot cards 2-9 are free")]
    TooManySmall {
        /// The suit's name.
        suit: &'static str,
        /// How many `x` it holds.
        count: usize,
        /// How many of 2–9 the hand does not name in it.
        free: usize,
    },
}

impl HandError {
    /// The same error with its column moved right by `by` characters (used
    /// when the hand is part of a longer string, e.g. a deal).
    #[must_use]
    pub fn shifted(self, by: usize) -> Self {
        match self {
            Self::UnknownRank { ch, column } => Self::UnknownRank {
                ch,
                column: column + by,
            },
            Self::DuplicateCard { card, column } => Self::DuplicateCard {
                card,
                column: column + by,
            },
            other => other,
        }
    }
}

/// A card written suit letter then rank, e.g. `SK`, `HT`, `C2`.
#[must_use]
pub fn card_name(card: Card) -> String {
    let mut s = String::with_capacity(2);
    s.push(card.suit.letter());
    s.push(card.rank.letter());
    s
}

/// Suits in writing order: spades, hearts, diamonds, clubs.
const WRITING_ORDER: [Suit; 4] = Suit::DESC;

/// Byte classes for the parser: 2..=14 a rank, or one of the markers below.
const INVALID: u8 = 0;
const DOT: u8 = 20;
const DASH: u8 = 21;
const ONE: u8 = 22;
const SMALL: u8 = 23;

/// The class of every byte (rank letters in either case, digits, `.`, `-`).
static CLASS: [u8; 256] = {
    let mut table = [INVALID; 256];
    let mut d = b'2';
    while d <= b'9' {
        table[d as usize] = d - b'0';
        d += 1;
    }
    let letters = [(b'A', 14), (b'K', 13), (b'Q', 12), (b'J', 11), (b'T', 10)];
    let mut k = 0;
    while k < letters.len() {
        let (upper, rank) = letters[k];
        table[upper as usize] = rank;
        table[upper.to_ascii_lowercase() as usize] = rank;
        k += 1;
    }
    table[b'.' as usize] = DOT;
    table[b'-' as usize] = DASH;
    table[b'1' as usize] = ONE;
    table[b'x' as usize] = SMALL;
    table[b'X' as usize] = SMALL;
    table
};

/// How strict a hand parse is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Strictness {
    /// Exactly four suits and 13 cards.
    Full,
    /// Exactly four suits, at most 13 cards (PBN deals, end positions).
    FourSuits,
    /// One to four suits (missing ones are void), at most 13 cards (RBN).
    Partial,
}

/// Parses a hand of exactly 13 cards written `AKQ2.K52.J83.Q74`.
///
/// Leading and trailing whitespace is ignored.
///
/// # Errors
///
/// [`HandError`] naming the problem: the number of suits, an unknown rank
/// (with its column), a card held twice, or a card count other than 13.
///
/// ```
/// use bridge::hand::{parse_hand, format_hand};
/// let hand = parse_hand("akq2.k52.-.q107432").unwrap();
/// assert_eq!(format_hand(hand), "AKQ2.K52..QT7432");
/// ```
pub fn parse_hand(s: &str) -> Result<Hand, HandError> {
    parse_with(s, Strictness::Full)
}

/// Parses a hand of 0–13 cards; trailing suits may be left out (`KJ2` is a
/// spade holding, `-` alone is the empty hand).
///
/// # Errors
///
/// [`HandError`] as for [`parse_hand`], except that fewer than 13 cards is
/// fine and more than four suits or 13 cards is not.
pub fn parse_partial_hand(s: &str) -> Result<Hand, HandError> {
    parse_with(s, Strictness::Partial)
}

/// The shared parser. Columns are 1-based character columns of `s`.
///
/// One pass over the bytes with a class table; the rare error paths work
/// out the details (columns in characters, the number of suits) afterwards.
pub(crate) fn parse_with(s: &str, strictness: Strictness) -> Result<Hand, HandError> {
    let raw = s.as_bytes();
    let body = raw.trim_ascii();
    let lead = raw.len() - raw.trim_ascii_start().len();
    if body.is_empty() || (strictness == Strictness::Partial && body == b"-") {
        return if strictness == Strictness::Partial {
            Ok(Hand::EMPTY)
        } else {
            Err(HandError::Empty)
        };
    }

    let mut holdings = [0u16; 4]; // writing order: spades first
    let mut small = [0usize; 4]; // `x`s, per suit (full hands only)
    let mut suit = 0;
    let mut segment_start = 0;
    let mut i = 0;
    while i < body.len() {
        let b = body[i];
        let mut rank = CLASS[usize::from(b)];
        if rank > 14 {
            match rank {
                DOT => {
                    if suit == 3 {
                        let found = 1 + body.iter().filter(|&&b| b == b'.').count();
                        return Err(HandError::SuitCount { found });
                    }
                    suit += 1;
                    i += 1;
                    segment_start = i;
                    continue;
                }
                DASH if i == segment_start && body.get(i + 1).is_none_or(|&n| n == b'.') => {
                    i += 1;
                    continue;
                }
                SMALL if strictness == Strictness::Full => {
                    small[suit] += 1;
                    i += 1;
                    continue;
                }
                ONE if body.get(i + 1) == Some(&b'0') => {
                    i += 1;
                    rank = 10;
                }
                _ => rank = INVALID,
            }
        }
        if rank == INVALID {
            return Err(unknown_rank(s, lead, i));
        }
        let bit = 1u16 << rank;
        if holdings[suit] & bit != 0 {
            return Err(duplicate(s, lead, i, WRITING_ORDER[suit], rank, b));
        }
        holdings[suit] |= bit;
        i += 1;
    }
    let suits_ok = match strictness {
        Strictness::Partial => true,
        Strictness::Full | Strictness::FourSuits => suit == 3,
    };
    if !suits_ok {
        return Err(HandError::SuitCount { found: suit + 1 });
    }
    for (k, &count) in small.iter().enumerate() {
        if count > 0 {
            holdings[k] = with_small_cards(holdings[k], count).ok_or_else(|| {
                let spots = (2..=9).filter(|&r| holdings[k] & 1 << r == 0).count();
                HandError::TooManySmall {
                    suit: ["spades", "hearts", "diamonds", "clubs"][k],
                    count,
                    free: spots,
                }
            })?;
        }
    }

    let hand = Hand::new(
        Holding::from_bits_truncate(holdings[3]),
        Holding::from_bits_truncate(holdings[2]),
        Holding::from_bits_truncate(holdings[1]),
        Holding::from_bits_truncate(holdings[0]),
    );
    let found = hand.len();
    match strictness {
        Strictness::Full if found != 13 => Err(HandError::CardCount { found }),
        Strictness::FourSuits | Strictness::Partial if found > 13 => {
            Err(HandError::TooManyCards { found })
        }
        _ => Ok(hand),
    }
}

/// A suit's holding (bit `r` for rank `r`) with `count` more small cards:
/// the spot cards 2–9 it lacks, lowest first; `None` if too few are free.
fn with_small_cards(mut holding: u16, mut count: usize) -> Option<u16> {
    for rank in 2..=9 {
        if count == 0 {
            break;
        }
        if holding & 1 << rank == 0 {
            holding |= 1 << rank;
            count -= 1;
        }
    }
    (count == 0).then_some(holding)
}

/// The 1-based character column of byte `i` of the trimmed body, which
/// starts `lead` bytes into `s`; everything before it in the body is ASCII.
#[cold]
fn column(s: &str, lead: usize, i: usize) -> usize {
    s[..lead].chars().count() + i + 1
}

#[cold]
fn unknown_rank(s: &str, lead: usize, i: usize) -> HandError {
    let ch = s[lead + i..].chars().next().unwrap_or('?');
    HandError::UnknownRank {
        ch,
        column: column(s, lead, i),
    }
}

/// A card held twice; `i` is the index of its last byte (the `0` of `10`).
#[cold]
fn duplicate(s: &str, lead: usize, i: usize, suit: Suit, rank: u8, last: u8) -> HandError {
    let start = i - usize::from(rank == 10 && last == b'0');
    HandError::DuplicateCard {
        card: Card {
            suit,
            rank: Rank::new(rank),
        },
        column: column(s, lead, start),
    }
}

/// Writes a hand as `AKQ2.K52.J83.Q74`: four suits, spades first, ranks
/// descending, `T` for the ten, a void as an empty suit.
#[must_use]
pub fn format_hand(hand: Hand) -> String {
    let mut s = String::with_capacity(20);
    write_hand(&mut s, hand).unwrap_or_default();
    s
}

/// Writes a hand as [`format_hand`] does, into any [`fmt::Write`].
///
/// # Errors
///
/// Only those of the writer.
pub fn write_hand(out: &mut impl fmt::Write, hand: Hand) -> fmt::Result {
    for (k, suit) in WRITING_ORDER.into_iter().enumerate() {
        if k > 0 {
            out.write_char('.')?;
        }
        write_holding(out, hand[suit])?;
    }
    Ok(())
}

/// Writes a holding's ranks, highest first (`AKT2`); nothing for a void.
///
/// # Errors
///
/// Only those of the writer.
pub fn write_holding(out: &mut impl fmt::Write, holding: Holding) -> fmt::Result {
    for rank in holding {
        out.write_char(rank.letter())?;
    }
    Ok(())
}

/// Writes a partial hand the RBN way: suits spades first, and for a hand of
/// fewer than 13 cards without the trailing dots of empty suits (`43`,
/// `K9.K9.9`). A 13-card hand always has three dots.
///
/// # Errors
///
/// Only those of the writer.
pub fn write_partial_hand(out: &mut impl fmt::Write, hand: Hand) -> fmt::Result {
    if hand.len() == 13 {
        return write_hand(out, hand);
    }
    let last = WRITING_ORDER
        .iter()
        .rposition(|&suit| !hand[suit].is_empty())
        .map_or(0, |p| p + 1);
    for (k, suit) in WRITING_ORDER[..last].iter().enumerate() {
        if k > 0 {
            out.write_char('.')?;
        }
        write_holding(out, hand[*suit])?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn x_is_a_small_card_the_lowest_free_spot() {
        let hand = parse_hand("AQxx.Kxx.xxx.Qxx").unwrap();
        assert_eq!(format_hand(hand), "AQ32.K32.432.Q32");
        let hand = parse_hand("AK3x.9xX.T98x.Jx").unwrap();
        assert_eq!(format_hand(hand), "AK32.932.T982.J2");
        assert!(matches!(
            parse_hand("xxxxxxxxx.AKQJ..").unwrap_err(),
            HandError::TooManySmall {
                count: 9,
                free: 8,
                ..
            }
        ));
        // Only whole hands: a deal's hands must not collide.
        assert!(parse_partial_hand("AKx").is_err());
    }

    #[test]
    fn parses_and_formats() {
        let hand = parse_hand("AKQ2.K52.J83.Q74").unwrap();
        assert_eq!(hand.len(), 13);
        assert_eq!(format_hand(hand), "AKQ2.K52.J83.Q74");
        assert_eq!(
            parse_hand(" 10987.6543.2.AKQJ ").map(format_hand),
            Ok("T987.6543.2.AKQJ".to_owned())
        );
        assert_eq!(
            parse_hand("AKQJT98765432...").map(format_hand),
            Ok("AKQJT98765432...".to_owned())
        );
        assert_eq!(
            parse_hand("-.-.AKQJT98765432.").map(format_hand),
            Ok("..AKQJT98765432.".to_owned())
        );
    }

    #[test]
    fn errors() {
        assert_eq!(parse_hand(""), Err(HandError::Empty));
        assert_eq!(
            parse_hand("AKQ2.K52.J83"),
            Err(HandError::SuitCount { found: 3 })
        );
        assert_eq!(
            parse_hand("AKQ2.K52.J83.Q7"),
            Err(HandError::CardCount { found: 12 })
        );
        assert_eq!(
            parse_hand("AKQ2.K52.J83.Q743"),
            Err(HandError::CardCount { found: 14 })
        );
        assert_eq!(
            parse_hand("AKQ2.K52.J8Z.Q74"),
            Err(HandError::UnknownRank {
                ch: 'Z',
                column: 12
            })
        );
        let dup = parse_hand("AKQ2.K52.J83.QQ4").unwrap_err();
        assert_eq!(dup.to_string(), "card CQ held twice (again at column 15)");
    }
}

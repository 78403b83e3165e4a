//! The 57-character hand pattern string that rule constraints are matched
//! against, and the same fields as numbers.
//!
//! The string is defined exactly by `shared/design/hand-pattern.md`:
//!
//! | offset | field | form |
//! |---|---|---|
//! | 0  | `P` | `Pnn` — HCP |
//! | 3  | `M` | `Mnn` — total points |
//! | 6  | `D` | `Dnsnsnsns` — lengths longest first, ties S H D C |
//! | 15 | `C` | `Cnnnn` — lengths clubs, diamonds, hearts, spades |
//! | 20 | `L` | `Lnn` — losers |
//! | 23 | `H` | `HnnCnnDnnHnnS` — 8-4-2-1 honour count per suit |
//! | 36 | `Q` | `Qnn` — controls |
//! | 39 | `S` | `SnCnDnHnS` — stoppers per suit |
//! | 48 | `G` | `GnCnDnHnS` — suit quality per suit |
//!
//! A single-digit length of 10–13 is written `A`–`D`.
//!
//! [`HandFeatures`] holds the fields as numbers (rule code reads them without
//! re-parsing the string) and [`PatternString`] the string itself. Both come
//! from the per-suit tables in [`crate::pattern_tables`], so computing them is
//! four table loads plus formatting.
//!
//! ```
//! use bridge::hand::parse_hand;
//! use bridge::pattern::PatternString;
//!
//! let hand = parse_hand("AKQ2.K52.J83.Q74").unwrap();
//! assert_eq!(
//!     PatternString::of(hand).as_str(),
//!     "P15M15D4S3H3D3CC3334L08H02C01D04H14SQ04S2C1D2H4SG1C1D1H3S"
//! );
//! ```

use crate::pattern_tables::{SUIT_TABLE, holding_index};
use contract_bridge::{Hand, Suit};
use core::fmt;

/// Length of the pattern string in bytes (all ASCII).
pub const PATTERN_LEN: usize = 57;

/// How many numbers [`HandFeatures::field_values`] gives: HCP, points,
/// losers and controls, then length, honours, stoppers and quality for each
/// of the four suits (the fields a spec can talk about).
pub const FIELD_COUNT: usize = 20;

/// Offsets of the nine fields in the pattern string (rule macros jump to them
/// with `@nn`).
pub mod offset {
    /// `Pnn`: HCP.
    pub const P: usize = 0;
    /// `Mnn`: total points.
    pub const M: usize = 3;
    /// `Dnsnsnsns`: lengths longest to shortest.
    pub const D: usize = 6;
    /// `Cnnnn`: lengths clubs, diamonds, hearts, spades.
    pub const C: usize = 15;
    /// `Lnn`: losers.
    pub const L: usize = 20;
    /// `HnnCnnDnnHnnS`: 8-4-2-1 honour count per suit.
    pub const H: usize = 23;
    /// `Qnn`: controls.
    pub const Q: usize = 36;
    /// `SnCnDnHnS`: stoppers per suit.
    pub const S: usize = 39;
    /// `GnCnDnHnS`: suit quality per suit.
    pub const G: usize = 48;
}

/// The pattern-string fields of a hand as numbers.
///
/// Per-suit arrays are indexed by contract-bridge `Suit as usize`
/// (clubs = 0, diamonds = 1, hearts = 2, spades = 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct HandFeatures {
    /// High-card points, 4-3-2-1 (`P`).
    pub hcp: u8,
    /// Total points: HCP plus shortness (`M`).
    pub points: u8,
    /// Losers (`L`).
    pub losers: u8,
    /// Controls, ace 2 and king 1 (`Q`).
    pub controls: u8,
    /// Suit lengths (`C`, and sorted `D`).
    pub length: [u8; 4],
    /// 8-4-2-1 honour count per suit (`H`), 0–15.
    pub honors: [u8; 4],
    /// Stopper grade per suit (`S`), 0–4.
    pub stopper: [u8; 4],
    /// Suit quality per suit (`G`), 0–9.
    pub quality: [u8; 4],
    /// 4-3-2-1 HCP per suit (not a field of the string; used by `stopper`).
    pub suit_hcp: [u8; 4],
}

impl HandFeatures {
    /// Computes the features of a hand (any number of cards; the pattern
    /// string is defined for 13).
    #[inline]
    #[must_use]
    pub fn of(hand: Hand) -> Self {
        let mut f = Self::default();
        let mut shortness = 0;
        for suit in Suit::ASC {
            let i = suit as usize;
            let info = SUIT_TABLE[holding_index(hand[suit])];
            f.length[i] = info.length;
            f.honors[i] = info.honors;
            f.stopper[i] = info.stopper;
            f.quality[i] = info.quality;
            f.suit_hcp[i] = info.hcp;
            f.hcp += info.hcp;
            f.losers += info.losers;
            f.controls += info.controls;
            shortness += info.shortness;
        }
        f.points = f.hcp + shortness;
        f
    }

    /// The suits ordered as the `D` field orders them: longest first, equal
    /// lengths in the order spades, hearts, diamonds, clubs.
    #[inline]
    #[must_use]
    pub fn suits_by_length(&self) -> [Suit; 4] {
        // Key: length * 4 + suit index; sorting keys descending puts longer
        // suits first and, among equal lengths, spades before clubs.
        let mut keys = [0u8; 4];
        for (i, key) in keys.iter_mut().enumerate() {
            *key = self.length[i] << 2 | i as u8;
        }
        // Insertion sort, descending; four elements.
        for i in 1..4 {
            let mut j = i;
            while j > 0 && keys[j - 1] < keys[j] {
                keys.swap(j - 1, j);
                j -= 1;
            }
        }
        keys.map(|k| Suit::ASC[(k & 3) as usize])
    }

    /// The pattern string of these features.
    #[inline]
    #[must_use]
    pub fn pattern(&self) -> PatternString {
        PatternString::from_features(self)
    }

    /// The value of every spec field, in the engine's field order (HCP,
    /// points, losers, controls, then length, honours, stoppers and quality
    /// per suit, clubs first): what `#20`..`#27` read.
    #[must_use]
    pub fn field_values(&self) -> [u8; FIELD_COUNT] {
        let [c0, c1, c2, c3] = self.length;
        let [h0, h1, h2, h3] = self.honors;
        let [s0, s1, s2, s3] = self.stopper;
        let [q0, q1, q2, q3] = self.quality;
        [
            self.hcp,
            self.points,
            self.losers,
            self.controls,
            c0,
            c1,
            c2,
            c3,
            h0,
            h1,
            h2,
            h3,
            s0,
            s1,
            s2,
            s3,
            q0,
            q1,
            q2,
            q3,
        ]
    }
}

/// The 57-byte ASCII hand pattern string.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PatternString([u8; PATTERN_LEN]);

/// The suit letters in the order of the `H`, `S` and `G` fields.
const SUIT_LETTERS: [u8; 4] = *b"CDHS";

/// A length or small count as one character: 0–9 as digits, 10–13 as `A`–`D`.
#[inline]
const fn digit(n: u8) -> u8 {
    if n < 10 { b'0' + n } else { b'A' + (n - 10) }
}

impl PatternString {
    /// The pattern string of a hand.
    #[inline]
    #[must_use]
    pub fn of(hand: Hand) -> Self {
        Self::from_features(&HandFeatures::of(hand))
    }

    /// The pattern string of already computed features.
    #[must_use]
    pub fn from_features(f: &HandFeatures) -> Self {
        let mut b = [0u8; PATTERN_LEN];
        let two = |b: &mut [u8; PATTERN_LEN], at: usize, letter: u8, n: u8| {
            b[at] = letter;
            b[at + 1] = b'0' + n / 10 % 10;
            b[at + 2] = b'0' + n % 10;
        };
        two(&mut b, offset::P, b'P', f.hcp);
        two(&mut b, offset::M, b'M', f.points);

        b[offset::D] = b'D';
        for (k, suit) in f.suits_by_length().into_iter().enumerate() {
            b[offset::D + 1 + 2 * k] = digit(f.length[suit as usize]);
            b[offset::D + 2 + 2 * k] = SUIT_LETTERS[suit as usize];
        }

        b[offset::C] = b'C';
        for i in 0..4 {
            b[offset::C + 1 + i] = digit(f.length[i]);
        }

        two(&mut b, offset::L, b'L', f.losers);

        // H: `H` nn `C` nn `D` nn `H` nn `S` — the letter after each count.
        b[offset::H] = b'H';
        for (i, (&honors, &letter)) in f.honors.iter().zip(&SUIT_LETTERS).enumerate() {
            let at = offset::H + 1 + 3 * i;
            b[at] = b'0' + honors / 10;
            b[at + 1] = b'0' + honors % 10;
            b[at + 2] = letter;
        }

        two(&mut b, offset::Q, b'Q', f.controls);

        b[offset::S] = b'S';
        b[offset::G] = b'G';
        for i in 0..4 {
            b[offset::S + 1 + 2 * i] = digit(f.stopper[i]);
            b[offset::S + 2 + 2 * i] = SUIT_LETTERS[i];
            b[offset::G + 1 + 2 * i] = digit(f.quality[i]);
            b[offset::G + 2 + 2 * i] = SUIT_LETTERS[i];
        }
        Self(b)
    }

    /// The string as bytes.
    #[inline]
    #[must_use]
    pub const fn as_bytes(&self) -> &[u8; PATTERN_LEN] {
        &self.0
    }

    /// The string as `&str`.
    #[inline]
    #[must_use]
    pub fn as_str(&self) -> &str {
        // Every byte written by `from_features` is ASCII.
        core::str::from_utf8(&self.0).unwrap_or_default()
    }
}

impl AsRef<str> for PatternString {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl fmt::Display for PatternString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

impl fmt::Debug for PatternString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::parse_hand;

    #[test]
    fn design_note_example() {
        let hand = parse_hand("AKQ2.K52.J83.Q74").unwrap();
        let f = HandFeatures::of(hand);
        assert_eq!(f.hcp, 15);
        assert_eq!(f.points, 15);
        assert_eq!(f.losers, 8);
        assert_eq!(f.controls, 4);
        assert_eq!(f.length, [3, 3, 3, 4]);
        assert_eq!(f.honors, [2, 1, 4, 14]);
        assert_eq!(f.stopper, [2, 1, 2, 4]);
        assert_eq!(f.quality, [1, 1, 1, 3]);
        assert_eq!(
            f.pattern().as_str(),
            "P15M15D4S3H3D3CC3334L08H02C01D04H14SQ04S2C1D2H4SG1C1D1H3S"
        );
    }

    #[test]
    fn field_offsets() {
        let p = PatternString::of(parse_hand("AKQ2.K52.J83.Q74").unwrap());
        let b = p.as_bytes();
        for (at, letter) in [
            (offset::P, b'P'),
            (offset::M, b'M'),
            (offset::D, b'D'),
            (offset::C, b'C'),
            (offset::L, b'L'),
            (offset::H, b'H'),
            (offset::Q, b'Q'),
            (offset::S, b'S'),
            (offset::G, b'G'),
        ] {
            assert_eq!(b[at], letter);
        }
    }

    #[test]
    fn long_suit_letters() {
        let p = PatternString::of(parse_hand("AKQJT98765432...").unwrap());
        assert_eq!(&p.as_str()[offset::D..offset::C], "DDS0H0D0C");
        assert_eq!(&p.as_str()[offset::C..offset::L], "C000D");
    }
}

//! Per-suit lookup tables for the hand pattern string, built at compile time.
//!
//! Every per-suit feature of the pattern string depends only on the cards held
//! in that suit, so each is a function of a 13-bit holding. [`SUIT_TABLE`] maps
//! each of the 8192 holdings to a [`SuitInfo`] with all of them precomputed;
//! [`crate::pattern::HandFeatures::of`] is then four table loads and a few
//! additions.
//!
//! # Index
//!
//! The index is the contract-bridge [`Holding`] bits
//! shifted right by 2: bit 0 is the deuce, bit 8 the ten, bit 9 the jack,
//! bit 10 the queen, bit 11 the king and bit 12 the ace. [`holding_index`]
//! computes it.
//!
//! # Definitions
//!
//! The functions here implement `shared/design/hand-pattern.md` literally,
//! one `const fn` per rule, so that each can be read against the design note.
//! "HCP" is 4-3-2-1; the 8-4-2-1 count is called `honor_count_8421`.

use contract_bridge::Holding;

/// The number of distinct holdings in one suit (2^13).
pub const HOLDINGS: usize = 1 << 13;

const ACE: u16 = 1 << 12;
const KING: u16 = 1 << 11;
const QUEEN: u16 = 1 << 10;
const JACK: u16 = 1 << 9;
const TEN: u16 = 1 << 8;

/// Everything the pattern string needs to know about one suit holding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SuitInfo {
    /// Number of cards, 0–13.
    pub length: u8,
    /// High-card points, 4-3-2-1 (A K Q J), 0–10.
    pub hcp: u8,
    /// The 8-4-2-1 honour count (A=8 K=4 Q=2 J=1) of the `H` field, 0–15.
    pub honors: u8,
    /// Controls (A=2, K=1), 0–3.
    pub controls: u8,
    /// Losers in this suit, 0–3.
    pub losers: u8,
    /// Stopper grade, 0–4.
    pub stopper: u8,
    /// Suit quality grade, 0–9.
    pub quality: u8,
    /// Shortness points added to HCP for the `M` field, 0–3.
    pub shortness: u8,
}

/// The table index of a contract-bridge holding: its 13 rank bits, deuce at bit 0.
#[inline]
#[must_use]
pub const fn holding_index(holding: Holding) -> usize {
    ((holding.to_bits() >> 2) & 0x1FFF) as usize
}

/// Whether the holding has every card in `mask`.
const fn has(h: u16, mask: u16) -> bool {
    h & mask == mask
}

/// Number of cards in the holding.
const fn length(h: u16) -> u8 {
    h.count_ones() as u8
}

/// 4-3-2-1 high-card points in the suit.
const fn hcp(h: u16) -> u8 {
    4 * has(h, ACE) as u8 + 3 * has(h, KING) as u8 + 2 * has(h, QUEEN) as u8 + has(h, JACK) as u8
}

/// The 8-4-2-1 count: the bits of A K Q J read as a binary number.
const fn honor_count_8421(h: u16) -> u8 {
    ((h >> 9) & 0xF) as u8
}

/// Controls: ace 2, king 1.
const fn controls(h: u16) -> u8 {
    2 * has(h, ACE) as u8 + has(h, KING) as u8
}

/// Number of honours (A K Q J T) held.
const fn honours(h: u16) -> u8 {
    (h >> 8).count_ones() as u8
}

/// The holding without its smallest card (the empty holding stays empty).
const fn remove_smallest(h: u16) -> u16 {
    h & h.wrapping_sub(1)
}

/// The grade-3 test: 5+ cards; or exactly 4 cards with 3+ honours, or with the
/// ace or the king.
const fn grade3_test(h: u16) -> bool {
    let len = length(h);
    len >= 5 || (len == 4 && (honours(h) >= 3 || h & (ACE | KING) != 0))
}

/// Suit quality 0–9: the highest grade whose test holds.
const fn quality(h: u16) -> u8 {
    let len = length(h);
    let ak = has(h, ACE | KING);
    let akq = has(h, ACE | KING | QUEEN);
    if (len >= 8 && ak && h & (QUEEN | JACK) != 0) || (len >= 9 && ak) {
        return 9;
    }
    if len >= 7 && akq {
        return 8;
    }
    if len >= 6 && akq && h & (JACK | TEN) != 0 {
        return 7;
    }
    let grade5 = grade3_test(remove_smallest(remove_smallest(h)));
    if grade5 && (hcp(h) >= 8 || honours(h) >= 4) {
        return 6;
    }
    if grade5 {
        return 5;
    }
    if grade3_test(remove_smallest(h)) {
        return 4;
    }
    if grade3_test(h) {
        return 3;
    }
    if len >= 4 {
        return 2;
    }
    if len >= 3 {
        return 1;
    }
    0
}

/// Solid: quality 7 or more, or A K Q J held.
const fn solid(h: u16) -> bool {
    quality(h) >= 7 || has(h, ACE | KING | QUEEN | JACK)
}

/// Losers in one suit (the `L` field's per-suit count).
const fn losers(h: u16) -> u8 {
    let a = has(h, ACE) as u8;
    let k = has(h, KING) as u8;
    let q = has(h, QUEEN) as u8;
    match length(h) {
        0 => 0,
        1 => 1 - a,
        2 => 2 - a - k,
        3 => 3 - a - k - q,
        _ => {
            if solid(h) {
                return 0;
            }
            // Semisolid: replace the smallest card by the highest missing
            // honour among A K Q J. (If none is missing the suit is solid.)
            let missing = if !has(h, ACE) {
                ACE
            } else if !has(h, KING) {
                KING
            } else if !has(h, QUEEN) {
                QUEEN
            } else {
                JACK
            };
            if solid(remove_smallest(h) | missing) {
                1
            } else {
                2
            }
        }
    }
}

/// Stopper grade 0–4, with s = length + suit HCP.
const fn stopper(h: u16) -> u8 {
    let len = length(h);
    let p = hcp(h);
    let s = len + p;
    if s >= 8 {
        4
    } else if has(h, ACE) || p >= 5 || (has(h, QUEEN | JACK) && len >= 3) || s >= 7 {
        3
    } else if s >= 5 {
        2
    } else if s == 4 {
        1
    } else {
        0
    }
}

/// Shortness points: void 3, singleton 2, doubleton 1; a singleton or
/// doubleton with any of A K Q J counts one less.
const fn shortness(h: u16) -> u8 {
    let honour = (h & (ACE | KING | QUEEN | JACK) != 0) as u8;
    match length(h) {
        0 => 3,
        1 => 2 - honour,
        2 => 1 - honour,
        _ => 0,
    }
}

/// All features of one holding (13-bit index, deuce at bit 0).
#[must_use]
pub const fn suit_info(h: u16) -> SuitInfo {
    SuitInfo {
        length: length(h),
        hcp: hcp(h),
        honors: honor_count_8421(h),
        controls: controls(h),
        losers: losers(h),
        stopper: stopper(h),
        quality: quality(h),
        shortness: shortness(h),
    }
}

const fn build_table() -> [SuitInfo; HOLDINGS] {
    let mut table = [SuitInfo {
        length: 0,
        hcp: 0,
        honors: 0,
        controls: 0,
        losers: 0,
        stopper: 0,
        quality: 0,
        shortness: 0,
    }; HOLDINGS];
    let mut i = 0;
    while i < HOLDINGS {
        table[i] = suit_info(i as u16);
        i += 1;
    }
    table
}

/// [`SuitInfo`] of every holding, indexed by [`holding_index`]. Computed at
/// compile time.
pub static SUIT_TABLE: [SuitInfo; HOLDINGS] = build_table();

#[cfg(test)]
mod tests {
    use super::*;

    /// Parses a holding written `AKQ2` (ranks in any order) into a 13-bit index.
    fn h(s: &str) -> u16 {
        s.chars()
            .map(|c| match c {
                'A' => ACE,
                'K' => KING,
                'Q' => QUEEN,
                'J' => JACK,
                'T' => TEN,
                d => 1 << (d.to_digit(10).unwrap() - 2),
            })
            .fold(0, |a, b| a | b)
    }

    #[test]
    fn table_matches_functions() {
        assert_eq!(SUIT_TABLE.len(), HOLDINGS);
        for (i, info) in SUIT_TABLE.iter().enumerate() {
            assert_eq!(*info, suit_info(i as u16));
        }
    }

    #[test]
    fn quality_grades() {
        // (holding, grade) — each at its threshold and just below.
        let cases = [
            ("", 0),
            ("32", 0),
            ("432", 1),
            ("5432", 2),
            ("Q432", 2),
            ("J432", 2),
            ("QJ32", 2),
            ("QJT2", 3),
            ("K432", 3),
            ("A432", 3),
            ("65432", 3),
            ("Q6543", 3),
            ("K6543", 4),
            ("QJT32", 4),
            ("765432", 4),
            ("QJ5432", 4),
            ("K65432", 5),
            ("QJT432", 5),
            ("KQ5432", 5),
            ("KQJ432", 5),
            ("AQJ432", 5),
            ("AQJT32", 6),
            ("AKJ432", 6),
            ("KQJT32", 6),
            ("AKQ432", 6),
            ("AKQT32", 7),
            ("AKQJ32", 7),
            ("AKQ5432", 8),
            ("AKJ65432", 9),
            ("AKT65432", 5),
            ("AK765432", 5),
            ("AK9765432", 9),
            ("AK98765432", 9),
            ("8765432", 5),
        ];
        for (s, g) in cases {
            assert_eq!(quality(h(s)), g, "quality of {s}");
        }
    }

    #[test]
    fn losers_per_suit() {
        let cases = [
            ("", 0),
            ("A", 0),
            ("K", 1),
            ("2", 1),
            ("AK", 0),
            ("KQ", 1),
            ("Q2", 2),
            ("AKQ", 0),
            ("KQ2", 1),
            ("J32", 3),
            ("AKQJ", 0),
            ("AKQ2", 1),
            ("KQJ2", 1),
            ("AKJ2", 1),
            ("AQJ2", 1),
            ("AK32", 2),
            ("KQJT", 1),
            ("AKQT32", 0),
            ("AKQ432", 1),
            ("AKJ432", 1),
            ("AK5432", 2),
            ("AK65432", 1),
            ("AKQ5432", 0),
            ("5432", 2),
        ];
        for (s, l) in cases {
            assert_eq!(losers(h(s)), l, "losers of {s}");
        }
    }

    #[test]
    fn stoppers() {
        let cases = [
            ("", 0),
            ("2", 0),
            ("J", 0),
            ("32", 0),
            ("Q", 0),
            ("J2", 0),
            ("432", 0),
            ("K", 1),
            ("Q2", 1),
            ("J32", 1),
            ("5432", 1),
            ("K2", 2),
            ("Q32", 2),
            ("J432", 2),
            ("65432", 2),
            ("765432", 2),
            ("QJ", 2),
            ("KJ", 2),
            ("K32", 2),
            ("Q432", 2),
            ("A", 3),
            ("A2", 3),
            ("A32", 3),
            ("KQ", 3),
            ("QJ2", 3),
            ("QJ32", 3),
            ("KJ2", 3),
            ("Q5432", 3),
            ("K432", 3),
            ("8765432", 3),
            ("KQ2", 4),
            ("AJ2", 4),
            ("AQ2", 4),
            ("AK", 4),
            ("KQJ", 4),
            ("98765432", 4),
        ];
        for (s, g) in cases {
            assert_eq!(stopper(h(s)), g, "stopper of {s}");
        }
    }

    #[test]
    fn shortness_points() {
        for (s, p) in [
            ("", 3),
            ("2", 2),
            ("A", 1),
            ("J", 1),
            ("T", 2),
            ("32", 1),
            ("Q2", 0),
            ("AK", 0),
            ("T9", 1),
            ("432", 0),
        ] {
            assert_eq!(shortness(h(s)), p, "shortness of {s}");
        }
    }
}

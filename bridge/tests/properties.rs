//! Property tests of the pattern string on random hands, including a
//! comparison with a deliberately naive second implementation of
//! `hand-pattern.md` that works on lists of ranks rather than bit tables.

use bridge::hand::{format_hand, parse_hand};
use bridge::pattern::{HandFeatures, PATTERN_LEN, PatternString, offset};
use contract_bridge::{Card, Hand, Rank, Suit};
use proptest::prelude::*;

/// A random 13-card hand.
fn any_hand() -> impl Strategy<Value = Hand> {
    proptest::sample::subsequence((0u8..52).collect::<Vec<_>>(), 13).prop_map(|cards| {
        cards
            .into_iter()
            .map(|c| Card {
                suit: Suit::ASC[usize::from(c / 13)],
                rank: Rank::new(c % 13 + 2),
            })
            .collect()
    })
}

/// The naive reference: one suit as ranks 2..=14, highest first.
mod reference {
    const A: u8 = 14;
    const K: u8 = 13;
    const Q: u8 = 12;
    const J: u8 = 11;
    const T: u8 = 10;

    fn has(s: &[u8], r: u8) -> bool {
        s.contains(&r)
    }

    pub fn hcp(s: &[u8]) -> u32 {
        s.iter()
            .map(|&r| match r {
                A => 4,
                K => 3,
                Q => 2,
                J => 1,
                _ => 0,
            })
            .sum()
    }

    pub fn h8421(s: &[u8]) -> u32 {
        s.iter()
            .map(|&r| match r {
                A => 8,
                K => 4,
                Q => 2,
                J => 1,
                _ => 0,
            })
            .sum()
    }

    fn honours(s: &[u8]) -> usize {
        s.iter().filter(|&&r| r >= T).count()
    }

    fn without_smallest(s: &[u8]) -> Vec<u8> {
        let mut v = s.to_vec();
        v.pop();
        v
    }

    fn grade3(s: &[u8]) -> bool {
        s.len() >= 5 || (s.len() == 4 && (honours(s) >= 3 || has(s, A) || has(s, K)))
    }

    pub fn quality(s: &[u8]) -> u32 {
        let n = s.len();
        let (a, k, q, j, t) = (has(s, A), has(s, K), has(s, Q), has(s, J), has(s, T));
        let g5 = grade3(&without_smallest(&without_smallest(s)));
        if (n >= 8 && a && k && (q || j)) || (n >= 9 && a && k) {
            9
        } else if n >= 7 && a && k && q {
            8
        } else if n >= 6 && a && k && q && (j || t) {
            7
        } else if g5 && (hcp(s) >= 8 || honours(s) >= 4) {
            6
        } else if g5 {
            5
        } else if grade3(&without_smallest(s)) {
            4
        } else if grade3(s) {
            3
        } else if n >= 4 {
            2
        } else if n >= 3 {
            1
        } else {
            0
        }
    }

    fn solid(s: &[u8]) -> bool {
        quality(s) >= 7 || [A, K, Q, J].iter().all(|&r| has(s, r))
    }

    pub fn losers(s: &[u8]) -> u32 {
        let count = |ranks: &[u8]| ranks.iter().filter(|&&r| has(s, r)).count() as u32;
        match s.len() {
            0 => 0,
            1 => 1 - count(&[A]),
            2 => 2 - count(&[A, K]),
            3 => 3 - count(&[A, K, Q]),
            _ if solid(s) => 0,
            _ => {
                let missing = [A, K, Q, J].into_iter().find(|&r| !has(s, r)).unwrap();
                let mut v = without_smallest(s);
                v.push(missing);
                v.sort_unstable_by(|x, y| y.cmp(x));
                if solid(&v) { 1 } else { 2 }
            }
        }
    }

    pub fn stopper(s: &[u8]) -> u32 {
        let p = hcp(s);
        let sum = s.len() as u32 + p;
        if sum >= 8 {
            4
        } else if has(s, A) || p >= 5 || (has(s, Q) && has(s, J) && s.len() >= 3) || sum >= 7 {
            3
        } else if sum >= 5 {
            2
        } else if sum == 4 {
            1
        } else {
            0
        }
    }

    pub fn shortness(s: &[u8]) -> u32 {
        let honour = u32::from(s.iter().any(|&r| r >= J));
        match s.len() {
            0 => 3,
            1 => 2 - honour,
            2 => 1 - honour,
            _ => 0,
        }
    }

    fn len_char(n: usize) -> char {
        b"0123456789ABCD"[n] as char
    }

    /// The pattern string of a hand written `S.H.D.C`.
    pub fn pattern(hand: &str) -> String {
        let written: Vec<Vec<u8>> = hand
            .split('.')
            .map(|s| {
                let mut v: Vec<u8> = s
                    .chars()
                    .map(|c| match c {
                        'A' => A,
                        'K' => K,
                        'Q' => Q,
                        'J' => J,
                        'T' => T,
                        d => d.to_digit(10).unwrap() as u8,
                    })
                    .collect();
                v.sort_unstable_by(|x, y| y.cmp(x));
                v
            })
            .collect();
        // Clubs first, as the H S G fields want.
        let suits: Vec<&[u8]> = written.iter().rev().map(Vec::as_slice).collect();
        let letters = ['C', 'D', 'H', 'S'];
        let hcp: u32 = suits.iter().map(|s| hcp(s)).sum();
        let points = hcp + suits.iter().map(|s| shortness(s)).sum::<u32>();
        let mut order: Vec<usize> = (0..4).collect();
        // Longest first; equal lengths S H D C, i.e. higher suit index first.
        order.sort_by(|&x, &y| suits[y].len().cmp(&suits[x].len()).then(y.cmp(&x)));
        let mut out = format!("P{hcp:02}M{points:02}D");
        for i in order {
            out.push(len_char(suits[i].len()));
            out.push(letters[i]);
        }
        out.push('C');
        for s in &suits {
            out.push(len_char(s.len()));
        }
        let losers: u32 = suits.iter().map(|s| losers(s)).sum();
        out += &format!("L{losers:02}H");
        for (i, s) in suits.iter().enumerate() {
            out += &format!("{:02}{}", h8421(s), letters[i]);
        }
        let controls: u32 = suits
            .iter()
            .map(|s| 2 * u32::from(has(s, A)) + u32::from(has(s, K)))
            .sum();
        out += &format!("Q{controls:02}S");
        for (i, s) in suits.iter().enumerate() {
            out += &format!("{}{}", stopper(s), letters[i]);
        }
        out.push('G');
        for (i, s) in suits.iter().enumerate() {
            out += &format!("{}{}", quality(s), letters[i]);
        }
        out
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn agrees_with_naive_reference(hand in any_hand()) {
        let written = format_hand(hand);
        let p = PatternString::of(hand);
        prop_assert_eq!(p.as_str(), reference::pattern(&written), "hand {}", written);
    }

    #[test]
    fn string_shape(hand in any_hand()) {
        let p = PatternString::of(hand);
        let s = p.as_str();
        prop_assert_eq!(s.len(), PATTERN_LEN);
        prop_assert!(s.is_ascii());
        for (at, letter) in [
            (offset::P, 'P'), (offset::M, 'M'), (offset::D, 'D'), (offset::C, 'C'),
            (offset::L, 'L'), (offset::H, 'H'), (offset::Q, 'Q'), (offset::S, 'S'),
            (offset::G, 'G'),
        ] {
            prop_assert_eq!(s.as_bytes()[at] as char, letter);
        }
    }

    #[test]
    fn lengths_sum_to_13_and_d_is_c_sorted(hand in any_hand()) {
        let f = HandFeatures::of(hand);
        prop_assert_eq!(f.length.iter().map(|&n| u32::from(n)).sum::<u32>(), 13);
        let p = PatternString::of(hand);
        let s = p.as_bytes();
        let c: Vec<u8> = s[offset::C + 1..offset::C + 5].to_vec();
        let mut sorted = c.clone();
        sorted.sort_unstable_by(|a, b| b.cmp(a));
        let d: Vec<u8> = (0..4).map(|k| s[offset::D + 1 + 2 * k]).collect();
        prop_assert_eq!(&d, &sorted);
        // The letters of D name the suits whose C digits they are.
        for k in 0..4 {
            let letter = s[offset::D + 2 + 2 * k];
            let i = b"CDHS".iter().position(|&l| l == letter).unwrap();
            prop_assert_eq!(c[i], d[k]);
        }
        // Equal lengths are listed S, H, D, C.
        for k in 0..3 {
            if d[k] == d[k + 1] {
                let rank = |l: u8| b"SHDC".iter().position(|&x| x == l).unwrap();
                prop_assert!(rank(s[offset::D + 2 + 2 * k]) < rank(s[offset::D + 4 + 2 * k]));
            }
        }
    }

    #[test]
    fn points_at_least_hcp_and_sums(hand in any_hand()) {
        let f = HandFeatures::of(hand);
        prop_assert!(f.points >= f.hcp);
        prop_assert_eq!(f.hcp, f.suit_hcp.iter().sum::<u8>());
        prop_assert!(f.hcp <= 37 && f.controls <= 12 && f.losers <= 12);
        prop_assert!(f.stopper.iter().all(|&s| s <= 4));
        prop_assert!(f.quality.iter().all(|&q| q <= 9));
        prop_assert!(f.honors.iter().all(|&h| h <= 15));
    }

    #[test]
    fn hand_round_trip(hand in any_hand()) {
        let written = format_hand(hand);
        prop_assert_eq!(parse_hand(&written), Ok(hand));
        prop_assert_eq!(parse_hand(&written.to_lowercase()), Ok(hand));
        prop_assert_eq!(parse_hand(&written.replace('T', "10")), Ok(hand));
        // Ranks in any order.
        let reversed: String = written
            .split('.')
            .map(|s| s.chars().rev().collect::<String>())
            .collect::<Vec<_>>()
            .join(".");
        prop_assert_eq!(parse_hand(&reversed), Ok(hand));
    }
}

/// Every one of the 8192 holdings: the compile-time table against the naive
/// reference, field by field.
#[test]
fn every_holding_agrees_with_naive_reference() {
    use bridge::pattern_tables::{HOLDINGS, SUIT_TABLE};
    assert_eq!(SUIT_TABLE.len(), HOLDINGS);
    for (index, &info) in SUIT_TABLE.iter().enumerate() {
        let ranks: Vec<u8> = (0..13u8)
            .rev()
            .filter(|bit| index & (1 << bit) != 0)
            .map(|bit| bit + 2)
            .collect();
        let name = format!("{ranks:?}");
        assert_eq!(usize::from(info.length), ranks.len(), "{name}");
        assert_eq!(u32::from(info.hcp), reference::hcp(&ranks), "{name}");
        assert_eq!(u32::from(info.honors), reference::h8421(&ranks), "{name}");
        assert_eq!(
            u32::from(info.quality),
            reference::quality(&ranks),
            "{name}"
        );
        assert_eq!(u32::from(info.losers), reference::losers(&ranks), "{name}");
        assert_eq!(
            u32::from(info.stopper),
            reference::stopper(&ranks),
            "{name}"
        );
        assert_eq!(
            u32::from(info.shortness),
            reference::shortness(&ranks),
            "{name}"
        );
    }
}

//! Reproducible random deals.
//!
//! [`DealGenerator::new(seed)`](DealGenerator::new) seeds a ChaCha8 generator
//! with `seed_from_u64` and deals by a Fisher–Yates shuffle over the 52 cards,
//! drawing each index with our own unbiased bounded integer
//! ([`bounded_u32`], Lemire's multiply-and-reject on `next_u32`). Only the
//! ChaCha8 stream (portable and pinned by its reference vectors) and this
//! file decide the deals — not `rand`'s distribution code, which may change
//! between versions — so a seed gives the same deals on every platform and
//! in every release; a test pins the first deals of a seed.
//!
//! ```
//! use bridge::random::DealGenerator;
//! let mut a = DealGenerator::new(7);
//! let mut b = DealGenerator::new(7);
//! assert_eq!(a.next_deal(), b.next_deal());
//! ```

use crate::deal::Deal;
use contract_bridge::{Builder, Card, FullDeal, Hand, Rank, Seat, Suit};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A uniformly distributed integer in `0..n` (`n > 0`), without bias
/// (Lemire's method: multiply, and reject the few low products that would
/// over-represent some values). Returns 0 for `n == 0`.
pub fn bounded_u32<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    if n == 0 {
        return 0;
    }
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    let mut low = m as u32;
    if low < n {
        let threshold = n.wrapping_neg() % n;
        while low < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
            low = m as u32;
        }
    }
    (m >> 32) as u32
}

/// The card with index `i` in 0..52: clubs 2..A, then diamonds, hearts, spades.
fn card_of(i: u8) -> Card {
    Card {
        suit: Suit::ASC[usize::from(i / 13)],
        rank: Rank::new(i % 13 + 2),
    }
}

/// Shuffles `cards` in place (Fisher–Yates, from the end).
fn shuffle<R: Rng + ?Sized>(rng: &mut R, cards: &mut [u8]) {
    for i in (1..cards.len()).rev() {
        let j = bounded_u32(rng, i as u32 + 1) as usize;
        cards.swap(i, j);
    }
}

/// A random full deal: the 52 cards in order clubs 2 … spades A, shuffled;
/// North gets the first 13, then East, South, West.
///
/// # Panics
///
/// Never: 52 distinct cards in four hands of 13 always make a full deal.
pub fn random_deal<R: Rng + ?Sized>(rng: &mut R) -> FullDeal {
    let mut cards: [u8; 52] = core::array::from_fn(|i| i as u8);
    shuffle(rng, &mut cards);
    let mut builder = Builder::new();
    for (k, chunk) in cards.chunks_exact(13).enumerate() {
        let bits = chunk
            .iter()
            .fold(0, |bits, &c| bits | CARD_BITS[usize::from(c)]);
        builder[Seat::ALL[k]] = Hand::from_bits(bits).expect("cards are valid");
    }
    builder
        .build_full()
        .expect("52 distinct cards in four hands of 13 make a full deal")
}

/// Each card of [`card_of`] as its bit in [`Hand::to_bits`]: the suit's
/// 16 bits, the rank's bit within them.
const CARD_BITS: [u64; 52] = {
    let mut bits = [0; 52];
    let mut i = 0;
    while i < 52 {
        bits[i] = 1 << ((i / 13) * 16 + i % 13 + 2);
        i += 1;
    }
    bits
};

/// A random completion of a partial deal: the unknown cards, in order, are
/// shuffled and dealt to the hands short of 13, North first.
///
/// # Panics
///
/// Never: a [`Deal`] has no card twice and no hand over 13 cards, so its
/// unknown cards exactly fill the hands to 13.
pub fn complete_deal<R: Rng + ?Sized>(rng: &mut R, deal: &Deal) -> FullDeal {
    let unknown = deal.unknown_cards();
    let mut cards: Vec<u8> = (0..52u8)
        .filter(|&i| unknown.contains(card_of(i)))
        .collect();
    shuffle(rng, &mut cards);
    let mut builder = Builder::new();
    let mut next = cards.into_iter();
    for seat in Seat::ALL {
        let mut hand: Hand = deal.hand(seat);
        while hand.len() < 13 {
            match next.next() {
                Some(c) => {
                    hand.insert(card_of(c));
                }
                None => break,
            }
        }
        builder[seat] = hand;
    }
    builder
        .build_full()
        .expect("the known cards plus the shuffled unknown ones make a full deal")
}

/// A reproducible stream of random deals from a `u64` seed.
#[derive(Debug, Clone)]
pub struct DealGenerator {
    rng: ChaCha8Rng,
}

impl DealGenerator {
    /// A generator seeded with `ChaCha8Rng::seed_from_u64(seed)`.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// The next deal.
    pub fn next_deal(&mut self) -> FullDeal {
        random_deal(&mut self.rng)
    }

    /// The next completion of a partial deal.
    pub fn complete(&mut self, deal: &Deal) -> FullDeal {
        complete_deal(&mut self.rng, deal)
    }

    /// The underlying generator, for other random choices in the same stream.
    pub fn rng(&mut self) -> &mut ChaCha8Rng {
        &mut self.rng
    }
}

impl Iterator for DealGenerator {
    type Item = FullDeal;

    fn next(&mut self) -> Option<FullDeal> {
        Some(self.next_deal())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_bits_are_the_cards() {
        for i in 0..52u8 {
            let mut hand = Hand::EMPTY;
            hand.insert(card_of(i));
            assert_eq!(hand.to_bits(), CARD_BITS[usize::from(i)], "card {i}");
        }
    }

    #[test]
    fn bounded_is_in_range() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for n in [1, 2, 3, 13, 52, u32::MAX] {
            for _ in 0..100 {
                assert!(bounded_u32(&mut rng, n) < n);
            }
        }
        assert_eq!(bounded_u32(&mut rng, 0), 0);
    }

    #[test]
    fn bounded_is_roughly_uniform() {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let mut counts = [0u32; 3];
        for _ in 0..30_000 {
            counts[bounded_u32(&mut rng, 3) as usize] += 1;
        }
        for c in counts {
            assert!((9_500..10_500).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn completes_partial_deals() {
        let deal = crate::deal::parse_pbn_deal("N:AKQJ... - - -").unwrap();
        let full = DealGenerator::new(3).complete(&deal);
        assert_eq!(
            full[Seat::North] & deal.hand(Seat::North),
            deal.hand(Seat::North)
        );
    }
}

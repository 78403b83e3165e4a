//! Bidding a whole deal: every seat uses the book, from the dealer to the
//! end of the auction.
//!
//! This is the loop behind `bidbook auction` and `bidbook regress`: each
//! player in turn gets [`Table::decide`] with their own hand, and the call is
//! pushed so that what it shows is recorded for the next decisions.

use crate::resolve::book::{Book, Scratch};
use crate::resolve::hand_eval::HandEval;
use crate::resolve::resolver::{Decision, Table};
use bridge::auction::{Call, Vulnerability};
use contract_bridge::{FullDeal, Seat};

/// A deal bid to the end: the table (calls and what each showed) and the
/// decision behind every call.
#[derive(Debug, Clone)]
pub struct BiddenDeal<'b> {
    /// The finished auction with what each call showed.
    pub table: Table<'b>,
    /// The decision behind each call, in order (same length as the auction).
    pub decisions: Vec<Decision>,
}

impl BiddenDeal<'_> {
    /// The calls, in order.
    pub fn calls(&self) -> &[Call] {
        self.table.bidding().calls()
    }
}

/// Index of the first call where two auctions differ (`None` when they are
/// the same; the shorter length when one is a prefix of the other).
pub fn first_difference(a: &[Call], b: &[Call]) -> Option<usize> {
    match a.iter().zip(b).position(|(x, y)| x != y) {
        Some(i) => Some(i),
        None if a.len() == b.len() => None,
        None => Some(a.len().min(b.len())),
    }
}

/// Bids `deal` to the end with every seat using `book`.
///
/// Each decision picks a legal call, so the auction always ends: every bid
/// is higher than the last, and after the last possible bid only passes,
/// one double and one redouble remain.
pub fn bid_deal<'b>(
    book: &'b Book,
    deal: &FullDeal,
    dealer: Seat,
    vulnerability: Vulnerability,
    scratch: &mut Scratch,
) -> BiddenDeal<'b> {
    let hands = Seat::ALL.map(|s| HandEval::new(deal[s]));
    let mut table = Table::new(book, dealer, vulnerability);
    let mut decisions = Vec::with_capacity(16);
    while !table.bidding().has_ended() {
        let decision = table.decide(&hands[table.bidding().turn() as usize], scratch);
        if table.push(decision.call, scratch).is_err() {
            // Unreachable: `decide` only proposes legal calls. Stop rather
            // than loop if that ever breaks.
            break;
        }
        decisions.push(decision);
    }
    BiddenDeal { table, decisions }
}

/// Bids `deals` as boards 1, 2, 3 … — each board's dealer and
/// vulnerability from the duplicate rotation — and returns the number of
/// calls made in all (what the benchmarks time).
pub fn bid_boards(book: &Book, deals: &[FullDeal], scratch: &mut Scratch) -> usize {
    deals
        .iter()
        .enumerate()
        .map(|(i, deal)| {
            let board = i as u32 + 1;
            let dealer = Seat::ALL[i % 4];
            let vulnerability = Vulnerability::of_board(board);
            bid_deal(book, deal, dealer, vulnerability, scratch)
                .decisions
                .len()
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulebook::{RulebookSource, load};
    use bridge::auction::parse_call;
    use bridge::random::DealGenerator;

    fn calls(s: &str) -> Vec<Call> {
        s.split_whitespace()
            .map(|c| parse_call(c).unwrap())
            .collect()
    }

    #[test]
    fn first_difference_finds_the_first_changed_call() {
        let a = calls("1N P 2C P");
        assert_eq!(first_difference(&a, &a), None);
        assert_eq!(first_difference(&a, &calls("1N P 2D P")), Some(2));
        assert_eq!(first_difference(&a, &calls("1N P")), Some(2));
        assert_eq!(first_difference(&[], &a), Some(0));
    }

    #[test]
    fn every_deal_is_bid_to_a_legal_end_with_one_decision_per_call() {
        let rulebook = load(&RulebookSource::Embedded).unwrap();
        let mut scratch = rulebook.book.scratch();
        let mut memo = rulebook.book.scratch_with_memo(64);
        for (i, deal) in DealGenerator::new(7).take(200).enumerate() {
            let dealer = Seat::ALL[i % 4];
            let vul = Vulnerability::of_board(i as u32 + 1);
            let bidden = bid_deal(&rulebook.book, &deal, dealer, vul, &mut scratch);
            // A memo (small, so that it also starts again) changes nothing.
            let remembered = bid_deal(&rulebook.book, &deal, dealer, vul, &mut memo);
            assert_eq!(remembered.calls(), bidden.calls(), "deal {i}");
            assert_eq!(remembered.decisions, bidden.decisions, "deal {i}");
            assert_eq!(
                remembered.table.records(),
                bidden.table.records(),
                "deal {i}"
            );
            let bidding = bidden.table.bidding();
            assert!(bidding.has_ended(), "deal {i}: {bidding}");
            assert_eq!(bidden.decisions.len(), bidding.len());
            assert_eq!(bidding.seat_at(0), dealer);
            for (d, &c) in bidden.decisions.iter().zip(bidding.calls()) {
                assert_eq!(d.call, c);
            }
            // Replaying the calls gives the same auction.
            let replay =
                Table::with_calls(&rulebook.book, dealer, vul, bidden.calls(), &mut scratch)
                    .unwrap();
            assert_eq!(replay.bidding().calls(), bidding.calls());
        }
    }
}

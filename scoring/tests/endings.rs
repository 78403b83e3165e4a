//! pons-dds against a brute-force solver on small endings.
//!
//! A full deal is far too big to search exhaustively, but an ending of 3
//! cards a hand is not (at most 6⁴ plays). pons-dds solves any such ending
//! (a `Board` holds a partial deal), so random endings in every strain with
//! every leader check the solver against plain minimax over all legal
//! plays.

use contract_bridge::{Builder, Card, Hand, PartialDeal, Rank, Seat, Strain, Suit};
use pons_dds::{Board, CurrentTrick, Objective, Target};

/// Tricks the side of `leader` wins from here, every player playing
/// perfectly: exhaustive minimax.
fn brute(hands: [Hand; 4], trump: Option<Suit>, leader: Seat) -> u8 {
    fn play(hands: &mut [Hand; 4], trump: Option<Suit>, leader: Seat) -> u8 {
        // Tricks for the leader's side from a trick start.
        if hands[leader as usize].is_empty() {
            return 0;
        }
        let mut best = 0;
        let leads: Vec<Card> = hands[leader as usize].iter().collect();
        for lead in leads {
            hands[leader as usize].remove(lead);
            let v = follow(hands, trump, leader, &mut vec![lead]);
            hands[leader as usize].insert(lead);
            best = best.max(v);
        }
        best
    }
    /// Tricks for `leader`'s side with `played` cards on the table.
    fn follow(
        hands: &mut [Hand; 4],
        trump: Option<Suit>,
        leader: Seat,
        played: &mut Vec<Card>,
    ) -> u8 {
        let seats = [leader, leader.lho(), leader.partner(), leader.rho()];
        if played.len() == 4 {
            let beats = |a: Card, b: Card| {
                if a.suit == b.suit {
                    a.rank > b.rank
                } else {
                    Some(a.suit) == trump
                }
            };
            let mut w = 0;
            for i in 1..4 {
                if beats(played[i], played[w]) {
                    w = i;
                }
            }
            let winner = seats[w];
            let ours = winner == leader || winner == leader.partner();
            let rest = play(hands, trump, winner);
            // `rest` is for the winner's side.
            let remaining = u8::try_from(hands[0].len()).unwrap();
            return if ours { 1 + rest } else { remaining - rest };
        }
        let seat = seats[played.len()];
        let hand = hands[seat as usize];
        let led = played[0].suit;
        let can_follow = !hand[led].is_empty();
        let options: Vec<Card> = hand
            .iter()
            .filter(|c| !can_follow || c.suit == led)
            .collect();
        let ours = seat == leader || seat == leader.partner();
        let mut best: Option<u8> = None;
        for card in options {
            hands[seat as usize].remove(card);
            played.push(card);
            let v = follow(hands, trump, leader, played);
            played.pop();
            hands[seat as usize].insert(card);
            best = Some(match best {
                None => v,
                Some(b) if ours => b.max(v),
                Some(b) => b.min(v),
            });
        }
        best.expect("a card to play")
    }
    let mut hands = hands;
    play(&mut hands, trump, leader)
}

#[test]
fn random_endings_agree_with_brute_force() {
    let mut state: u64 = 0x5eed;
    let mut next = move |n: u64| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) % n
    };
    let deck: Vec<Card> = Suit::ASC
        .iter()
        .flat_map(|&suit| {
            (2..=14).map(move |r| Card {
                suit,
                rank: Rank::new(r),
            })
        })
        .collect();
    let mut objectives = Vec::new();
    let mut expected = Vec::new();
    for _ in 0..60 {
        // Deal 3 cards to each hand from a shuffled deck, favouring few
        // suits so that ruffing and following matter.
        let mut cards = deck.clone();
        for i in (1..cards.len()).rev() {
            let j = usize::try_from(next(i as u64 + 1)).unwrap();
            cards.swap(i, j);
        }
        let mut builder = Builder::new();
        for (k, seat) in Seat::ALL.into_iter().enumerate() {
            builder[seat] = cards[3 * k..3 * k + 3].iter().copied().collect();
        }
        let deal: PartialDeal = builder.build_partial().expect("disjoint hands");
        let hands = Seat::ALL.map(|s| deal[s]);
        for strain in Strain::ASC {
            for leader in Seat::ALL {
                let board = Board::try_new(deal, CurrentTrick::new(strain, leader)).unwrap();
                objectives.push(Objective {
                    board,
                    target: Target::Any(None),
                });
                expected.push(brute(hands, strain.suit(), leader));
            }
        }
    }
    let found = pons_dds::solve_boards(&objectives);
    for ((f, e), o) in found.iter().zip(&expected).zip(&objectives) {
        let got = f.plays.first().map_or(0, |p| p.score.get());
        assert_eq!(
            got,
            *e,
            "{} trump {} leader {:?}",
            o.board.remaining(),
            o.board.trump(),
            o.board.leader()
        );
    }
    assert_eq!(expected.len(), 60 * 20);
    // Not a vacuous check: every trick count from 0 to 3 occurs.
    for t in 0..=3 {
        assert!(expected.contains(&t), "no ending with {t} tricks");
    }
}

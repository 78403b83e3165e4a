//! Calls and auctions: spellings, legality with reasons, the end of the
//! auction, contract and declarer, sequence strings and legal calls.

use bridge::auction::{
    AuctionError, Bidding, CALL_COUNT, Call, IllegalReason, Vulnerability, call_at, call_token,
    parse_call,
};
use contract_bridge::{Bid, Contract, Penalty, Seat, Strain};
use proptest::prelude::*;

fn err(text: &str, dealer: Seat) -> String {
    Bidding::parse(text, dealer).unwrap_err().to_string()
}

#[test]
fn call_spellings() {
    let cases = [
        ("1C", "1C"),
        ("1c", "1C"),
        ("7N", "7N"),
        ("7NT", "7N"),
        ("3nt", "3N"),
        ("P", "P"),
        ("Pass", "P"),
        ("PASS", "P"),
        ("X", "X"),
        ("Dbl", "X"),
        ("Db", "X"),
        ("double", "X"),
        ("R", "R"),
        ("XX", "R"),
        ("Rdbl", "R"),
        ("redouble", "R"),
    ];
    for (s, token) in cases {
        assert_eq!(parse_call(s).map(call_token), Ok(token), "{s}");
    }
    for bad in ["8S", "0C", "1Z", "1NTT", "AP", "", "Dbll", "2"] {
        let e = parse_call(bad).unwrap_err();
        assert!(e.to_string().contains(&format!("`{bad}`")), "{e}");
    }
}

#[test]
fn illegal_calls_name_the_call_and_why() {
    let n = Seat::North;
    assert_eq!(
        err("1S P P 1C", n),
        "call 4 `1C`: insufficient bid after 1S"
    );
    assert_eq!(err("1S P 1S", n), "call 3 `1S`: insufficient bid after 1S");
    assert_eq!(err("1S P X", n), "call 3 `X`: double of partner's bid");
    assert_eq!(err("X", n), "call 1 `X`: double with no bid to double");
    assert_eq!(err("P P X", n), "call 3 `X`: double with no bid to double");
    assert_eq!(
        err("1S X X", n),
        "call 3 `X`: double of a bid already doubled"
    );
    assert_eq!(
        err("1S X R X", n),
        "call 4 `X`: double of a bid already doubled"
    );
    assert_eq!(err("1S R", n), "call 2 `R`: redouble without a double");
    assert_eq!(
        err("1S X P R", n),
        "call 4 `R`: redouble of partner's double"
    );
    assert_eq!(
        err("1S X P P R P P R", n),
        "call 8 `R`: redouble of a bid already redoubled"
    );
    assert_eq!(err("1S X 2C R", n), "call 4 `R`: redouble without a double");
    assert_eq!(
        err("1C P P P P", n),
        "call 5 `P`: call after the auction ended"
    );
    assert_eq!(
        err("P P P P 1C", n),
        "call 5 `1C`: call after the auction ended"
    );
    assert_eq!(
        err("1C P 1Z", n),
        "call 3 `1Z`: not a call (expected 1C..7N, P, X or R)"
    );
    // Spellings in the error are the rule tokens.
    assert_eq!(err("1S Pass Dbl", n), "call 3 `X`: double of partner's bid");
}

#[test]
fn legal_doubles_and_redoubles() {
    let n = Seat::North;
    // Double of RHO's bid, and of LHO's bid after two passes.
    assert!(Bidding::parse("1S X", n).is_ok());
    assert!(Bidding::parse("1S P P X", n).is_ok());
    // Redouble of RHO's double, and of LHO's double after two passes.
    assert!(Bidding::parse("1S X R", n).is_ok());
    assert!(Bidding::parse("1S X P P R", n).is_ok());
    // A new bid clears the double.
    assert!(Bidding::parse("1S X 2C X", n).is_ok());
}

#[test]
fn push_reports_position_and_leaves_the_auction_unchanged() {
    let mut b = Bidding::parse("1S P", Seat::East).unwrap();
    let before = b.clone();
    let e = b.push(Call::Double).unwrap_err();
    assert_eq!(
        e,
        AuctionError::Illegal {
            position: 3,
            call: Call::Double,
            reason: IllegalReason::DoubleOfPartner
        }
    );
    assert_eq!(b, before);
    b.push(Call::Bid(Bid::new(2, Strain::Hearts))).unwrap();
    assert_eq!(b.sequence_string(), "1S:P:2H");
}

#[test]
fn turn_end_contract_and_declarer() {
    let mut b = Bidding::new(Seat::South, Vulnerability::EW);
    assert_eq!(b.turn(), Seat::South);
    assert_eq!(b.sequence_string(), "");
    assert_eq!(b.contract(), None);
    for (call, next) in [
        ("P", Seat::West),
        ("1H", Seat::North),
        ("P", Seat::East),
        ("2H", Seat::South),
        ("P", Seat::West),
        ("4H", Seat::North),
        ("X", Seat::East),
        ("P", Seat::South),
        ("P", Seat::West),
    ] {
        assert!(!b.has_ended());
        b.push(parse_call(call).unwrap()).unwrap();
        assert_eq!(b.turn(), next, "after {call}");
    }
    assert!(!b.has_ended());
    assert_eq!(b.turn(), Seat::West);
    assert!(b.turn_vulnerable());
    b.push(Call::Pass).unwrap();
    assert!(b.has_ended());
    assert_eq!(b.sequence_string(), "P:1H:P:2H:P:4H:X:P:P:P");
    // West opened 1H, East raised: West declares 4H doubled.
    assert_eq!(
        b.contract(),
        Some((
            Contract::new(4, Strain::Hearts, Penalty::Doubled),
            Seat::West
        ))
    );
    assert_eq!(b.legal_calls().count(), 0);
    assert_eq!(b.to_string(), "P 1H P 2H P 4H X P P P");
    assert_eq!(b.to_auction().len(), 10);

    let passed_out = Bidding::parse("P P P P", Seat::West).unwrap();
    assert!(passed_out.has_ended() && passed_out.is_passed_out());
    assert_eq!(passed_out.contract(), None);
    let three = Bidding::parse("P P P", Seat::West).unwrap();
    assert!(!three.has_ended());
    let one = Bidding::parse("1C P P P", Seat::West).unwrap();
    assert!(one.has_ended());
    assert_eq!(
        one.contract(),
        Some((
            Contract::new(1, Strain::Clubs, Penalty::Undoubled),
            Seat::West
        ))
    );
    // Declarer is the first of the side to name the strain, not the last bidder.
    let b = Bidding::parse("1S P 2C P 2S P 4S R", Seat::North);
    assert!(b.is_err());
    let b = Bidding::parse("1S 2C 2S X R P P P", Seat::North).unwrap();
    assert_eq!(
        b.contract(),
        Some((
            Contract::new(2, Strain::Spades, Penalty::Redoubled),
            Seat::North
        ))
    );
    let b = Bidding::parse("1H P 1S P 2S P 4S P P P", Seat::East).unwrap();
    assert_eq!(b.contract().map(|(_, s)| s), Some(Seat::West));
    let b = Bidding::parse("1NT:P:3NT:P:P:P", Seat::North).unwrap();
    assert_eq!(
        b.contract().map(|(c, s)| (c.to_string(), s)),
        Some(("3NT".into(), Seat::North))
    );
}

#[test]
fn legal_calls_in_order() {
    let tokens = |b: &Bidding| {
        b.legal_calls()
            .map(call_token)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let b = Bidding::parse("", Seat::North).unwrap();
    assert_eq!(b.legal_calls().count(), 36);
    assert!(tokens(&b).starts_with("P 1C 1D"));
    let b = Bidding::parse("6N", Seat::North).unwrap();
    assert_eq!(tokens(&b), "P X 7C 7D 7H 7S 7N");
    let b = Bidding::parse("7N X", Seat::North).unwrap();
    assert_eq!(tokens(&b), "P R");
    let b = Bidding::parse("7N X P", Seat::North).unwrap();
    assert_eq!(tokens(&b), "P");
    let b = Bidding::parse("7N X R", Seat::North).unwrap();
    assert_eq!(tokens(&b), "P");
}

#[test]
fn pop_and_truncate_restore_state() {
    let mut b = Bidding::parse("1S X R 2C", Seat::North).unwrap();
    assert_eq!(b.pop(), Some(Call::Bid(Bid::new(2, Strain::Clubs))));
    assert_eq!(b, Bidding::parse("1S X R", Seat::North).unwrap());
    b.truncate(1);
    assert_eq!(b, Bidding::parse("1S", Seat::North).unwrap());
    assert!(b.is_legal(Call::Double));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Random legal auctions: our legality agrees with contract-bridge's
    /// `Auction::can_push`, the legal-call list is exactly the calls it
    /// accepts, and the sequence string reads back to the same auction.
    #[test]
    fn agrees_with_contract_bridge(choices in proptest::collection::vec(0usize..1000, 0..40), dealer in 0usize..4) {
        let dealer = Seat::ALL[dealer];
        let mut ours = Bidding::new(dealer, Vulnerability::None);
        let mut theirs = contract_bridge::auction::Auction::new();
        for choice in choices {
            for i in 0..CALL_COUNT {
                let call = call_at(i).unwrap();
                prop_assert_eq!(ours.is_legal(call), theirs.can_push(call).is_ok(), "{} {}", ours, call_token(call));
            }
            let legal: Vec<Call> = ours.legal_calls().collect();
            if legal.is_empty() {
                prop_assert!(ours.has_ended());
                break;
            }
            // Favour passes so auctions end sometimes.
            let call = if choice % 3 == 0 { legal[choice % legal.len()] } else { Call::Pass };
            ours.push(call).unwrap();
            theirs.try_push(call).unwrap();
            prop_assert_eq!(ours.has_ended(), theirs.has_ended());
        }
        let again = Bidding::parse(&ours.sequence_string(), dealer).unwrap();
        prop_assert_eq!(&again, &ours);
        if let (Some((_, seat)), Some(index)) = (ours.contract(), theirs.declarer()) {
            prop_assert_eq!(seat, ours.seat_at(index));
        }
    }
}

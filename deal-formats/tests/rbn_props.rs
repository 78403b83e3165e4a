//! Properties of the RBN reader and writers: no input makes them panic,
//! every game read writes back byte for byte and takes a new auction, and
//! every board bidbook could make reads back the same.

mod common;

use bridge::auction::{Bidding, parse_call};
use bridge::deal::Deal;
use bridge::vulnerability::Vulnerability;
use contract_bridge::{Hand, Seat};
use deal_formats::rbn::{RbnReader, RbnWriter, write_board, write_game};
use deal_formats::{Board, ReadError, RecordedAuction, RecordedCall};
use proptest::prelude::*;
use proptest::sample::Index;

const FILES: [&str; 6] = [
    "seed_article.rbn",
    "seed_examples.rbn",
    "teams_match.rbn",
    "dealer_output.rbn",
    "broken.rbn",
    "fatal.rbn",
];

fn data(name: &str) -> Vec<u8> {
    common::data("rbn", name)
}

fn simple_auction(dealer: Seat) -> RecordedAuction {
    let mut a = RecordedAuction {
        dealer,
        calls: ["1C", "P", "1N", "P", "P", "P"]
            .iter()
            .map(|c| RecordedCall::plain(parse_call(c).unwrap()))
            .collect(),
    };
    a.calls[0].alert = true;
    a.calls[2].note = Some("12-14".to_owned());
    a
}

fn same_board(read: &Board, written: &Board) -> Result<(), TestCaseError> {
    let mut w = written.clone();
    w.line = read.line;
    prop_assert_eq!(read, &w);
    Ok(())
}

/// Reads everything; checks each game writes back as read, takes a new
/// auction, and its board reads back the same; nothing after a fatal
/// fault.
fn exercise(bytes: &[u8]) -> Result<(), TestCaseError> {
    let mut reader = RbnReader::new(bytes);
    let mut count = 0;
    while let Some(result) = reader.next() {
        count += 1;
        prop_assert!(count < 100_000);
        match result {
            Ok(game) => {
                let mut out = Vec::new();
                write_game(&mut out, &game, None).unwrap();
                prop_assert_eq!(&out, game.raw());

                let new = simple_auction(game.board().effective_dealer());
                let mut out = Vec::new();
                write_game(&mut out, &game, Some(&new)).unwrap();
                let again: Vec<_> = RbnReader::new(&out[..]).collect();
                prop_assert_eq!(again.len(), 1, "{}", String::from_utf8_lossy(&out));
                let again = again.into_iter().next().unwrap();
                let again = again.map_err(|e| {
                    TestCaseError::fail(format!("{e}\n{}", String::from_utf8_lossy(&out)))
                })?;
                prop_assert_eq!(again.board().auction.as_ref(), Some(&new));

                let mut out = Vec::new();
                write_board(&mut out, game.board(), None).unwrap();
                let again = RbnReader::new(&out[..]).next().unwrap().unwrap();
                same_board(again.board(), game.board())?;
            }
            Err(ReadError::Fatal { .. } | ReadError::Io(_)) => {
                prop_assert!(reader.next().is_none());
                break;
            }
            Err(ReadError::Skipped(_)) => {}
        }
    }
    Ok(())
}

/// Pieces of RBN, to make random text that is nearly RBN.
fn piece() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "\n",
        "\n\n",
        "\r\n",
        "B 1\n",
        "B :KK\n",
        "H ",
        "W:",
        "N;",
        ":",
        ";",
        ".",
        "AKQ",
        "T98",
        "2",
        "A NZ:",
        "A E",
        "1S",
        "P",
        "X",
        "R",
        "A",
        "Y",
        "!",
        "?",
        "*",
        "^1",
        "^",
        "1 note\n",
        "C 4S:N\n",
        "P W:SA\n",
        "R 9-300\n",
        "M 9:?4=\n",
        "{",
        "}",
        "{text}\n",
        "% sig\n",
        "T ",
        "N a+b:c+d\n",
        "K x:y\n",
        "S\n",
        " ",
        "\t",
        "é",
        "\u{feff}",
        "H W:AKQJ.AKQJ.AKQJ.A:::\n",
    ])
}

/// A random board bidbook could make.
fn board() -> impl Strategy<Value = Board> {
    (
        Just((0..52u8).collect::<Vec<_>>()).prop_shuffle(),
        prop::array::uniform4(0..=13usize),
        prop::array::uniform4(any::<bool>()),
        proptest::option::of(1..200u32),
        proptest::option::of(0..4usize),
        proptest::option::of(0..4usize),
        proptest::option::of(prop::collection::vec(
            (any::<Index>(), 0..4u8, 0..6usize),
            0..30,
        )),
    )
        .prop_map(|(cards, sizes, hidden, number, dealer, vul, picks)| {
            let mut hands = [Hand::EMPTY; 4];
            let mut next = 0;
            for (k, &size) in sizes.iter().enumerate() {
                for &c in &cards[next..next + size] {
                    hands[k].insert(contract_bridge::Card {
                        suit: contract_bridge::Suit::ASC[usize::from(c / 13)],
                        rank: contract_bridge::Rank::new(c % 13 + 2),
                    });
                }
                next += size;
            }
            let mut deal = Deal::from_hands(hands).unwrap();
            // Hidden hands with cards (an empty hidden fourth hand after
            // three full ones cannot be written: a trailing `;` gives it the
            // rest).
            for (k, &h) in hidden.iter().enumerate() {
                deal.set_hidden(Seat::ALL[k], h && sizes[k] > 0);
            }
            let dealer = dealer.map(|d| Seat::ALL[d]);
            let auction = picks.map(|picks| {
                let first = dealer.unwrap_or(Seat::North);
                let mut bidding = Bidding::new(first, Vulnerability::None);
                let mut calls = Vec::new();
                for (pick, flag, note) in picks {
                    if bidding.has_ended() {
                        break;
                    }
                    let legal: Vec<_> = bidding.legal_calls().collect();
                    // Mostly passes, so auctions end.
                    let call = if flag == 0 {
                        legal[0]
                    } else {
                        *pick.get(&legal)
                    };
                    bidding.push(call).unwrap();
                    calls.push(RecordedCall {
                        call,
                        alert: flag == 3,
                        note: [
                            None,
                            None,
                            Some(""),
                            Some("strong"),
                            Some("5+ hearts"),
                            Some("ask: Blackwood"),
                        ][note]
                            .map(str::to_owned),
                    });
                }
                RecordedAuction {
                    dealer: first,
                    calls,
                }
            });
            let vulnerability = vul.map(|v| Vulnerability::ALL[v]);
            let dealer = match (&auction, dealer, vulnerability) {
                (Some(a), _, _) => Some(a.dealer),
                (None, Some(d), _) => Some(d),
                (None, None, Some(_)) => Some(
                    Board {
                        line: 1,
                        number,
                        dealer: None,
                        vulnerability,
                        deal,
                        auction: None,
                    }
                    .effective_dealer(),
                ),
                (None, None, None) => None,
            };
            Board {
                line: 1,
                number,
                dealer,
                vulnerability,
                deal,
                auction,
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..3000)) {
        exercise(&bytes)?;
    }

    #[test]
    fn nearly_rbn(pieces in prop::collection::vec(piece(), 0..120)) {
        exercise(pieces.concat().as_bytes())?;
    }

    #[test]
    fn mutated_files(
        file in 0..FILES.len(),
        edits in prop::collection::vec((any::<Index>(), 0..4u8, any::<u8>(), piece()), 1..10),
    ) {
        let mut bytes = data(FILES[file]);
        common::apply_edits(&mut bytes, edits);
        exercise(&bytes)?;
    }

    #[test]
    fn boards_read_back(boards in prop::collection::vec(board(), 1..8), repeat in any::<Index>()) {
        let mut boards = boards;
        // Two tables of a board, one after the other.
        let k = repeat.index(boards.len());
        let mut twin = boards[k].clone();
        twin.auction = None;
        boards.insert(k + 1, twin);
        let mut free = Vec::new();
        let mut w = RbnWriter::new(Vec::new());
        for b in &boards {
            write_board(&mut free, b, None).unwrap();
            w.write_board(b, None).unwrap();
        }
        for bytes in [free, w.into_inner()] {
            let back: Vec<_> = RbnReader::new(&bytes[..])
                .collect::<Result<_, _>>()
                .map_err(|e| TestCaseError::fail(format!("{e}\n{}", String::from_utf8_lossy(&bytes))))?;
            prop_assert_eq!(back.len(), boards.len());
            for (g, b) in back.iter().zip(&boards) {
                same_board(g.board(), b)?;
            }
        }
    }
}

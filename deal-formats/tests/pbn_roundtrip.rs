//! Round trips: read → write_game(None) is byte-identical; read →
//! write_game(new auction) → read gives the new auction and every other tag
//! unchanged; read → write_board → read gives the same Board.

use bridge::auction::{Call, parse_call};
use bridge::deal::seat_after;
use contract_bridge::{Contract, Penalty, Seat};
use deal_formats::pbn::{PbnGame, PbnReader, as_recorded, write_board, write_game, write_header};
use deal_formats::{Board, ReadError, RecordedAuction, RecordedCall};
use std::path::Path;

const FILES: [&str; 6] = [
    "seed_examples.pbn",
    "bridgecomposer.pbn",
    "dealer4.pbn",
    "bigdeal.pbn",
    "handtyped.pbn",
    "broken.pbn",
];

fn data(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/pbn")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn games_of(bytes: &[u8]) -> Vec<PbnGame> {
    PbnReader::new(bytes)
        .filter_map(|r| match r {
            Ok(g) => Some(g),
            Err(ReadError::Skipped(_)) => None,
            Err(e) => panic!("{e}"),
        })
        .collect()
}

fn written(game: &PbnGame, auction: Option<&RecordedAuction>) -> Vec<u8> {
    let mut out = Vec::new();
    write_game(&mut out, game, auction).unwrap();
    out
}

fn auction(dealer: Seat, calls: &[(&str, bool, Option<&str>)]) -> RecordedAuction {
    RecordedAuction {
        dealer,
        calls: calls
            .iter()
            .map(|&(c, alert, note)| RecordedCall {
                call: parse_call(c).unwrap(),
                alert,
                note: note.map(str::to_owned),
            })
            .collect(),
    }
}

/// An auction reaching `contract` by `declarer`, with other calls than a
/// natural one: passes up to the declarer, the bid, then the risk.
fn reaching(dealer: Seat, contract: Contract, declarer: Seat) -> RecordedAuction {
    let mut calls = Vec::new();
    let mut seat = dealer;
    while seat != declarer {
        calls.push(RecordedCall::plain(Call::Pass));
        seat = seat_after(seat, 1);
    }
    calls.push(RecordedCall::plain(Call::Bid(contract.bid)));
    match contract.penalty {
        Penalty::Undoubled => {}
        Penalty::Doubled => calls.push(RecordedCall::plain(Call::Double)),
        Penalty::Redoubled => {
            calls.push(RecordedCall::plain(Call::Double));
            calls.push(RecordedCall::plain(Call::Redouble));
        }
    }
    calls.extend((0..3).map(|_| RecordedCall::plain(Call::Pass)));
    RecordedAuction { dealer, calls }
}

#[test]
fn unchanged_games_are_written_byte_for_byte() {
    for name in FILES {
        let file = data(name);
        let games = games_of(&file);
        assert!(!games.is_empty(), "{name}");
        let mut out = Vec::new();
        for g in &games {
            let none = written(g, None);
            assert_eq!(none, g.text(), "{name}:{}", g.line());
            // The same auction (alerts and notes alike) changes nothing.
            if let Some(a) = &g.board().auction {
                assert_eq!(written(g, Some(a)), g.text(), "{name}:{}", g.line());
            }
            out.extend_from_slice(&none);
        }
        if name != "broken.pbn" {
            assert_eq!(
                String::from_utf8_lossy(&out),
                String::from_utf8_lossy(&file),
                "{name}"
            );
            assert_eq!(out, file, "{name}");
        } else {
            // Every game read is there as it was (after the empty lines
            // of the games skipped before it).
            for g in &games {
                let t = g.text();
                let t = &t[t.iter().position(|&b| b != b'\n').unwrap()..];
                assert!(file.windows(t.len()).any(|w| w == t), "{}", g.line());
            }
        }
    }
}

/// Tags a new auction may change.
fn touched(name: &str) -> bool {
    matches!(
        name,
        "Auction"
            | "Note"
            | "Dealer"
            | "Declarer"
            | "Contract"
            | "Result"
            | "Play"
            | "Score"
            | "ScoreIMP"
            | "ScoreMP"
            | "ScorePercentage"
            | "ScoreRubber"
            | "PlayTimeTable"
            | "OptimumPlayTable"
            | "AuctionTimeTable"
    )
}

fn other_tags(g: &PbnGame) -> Vec<(String, String)> {
    g.tags()
        .filter(|(n, _)| !touched(n))
        .map(|(n, v)| (n.to_owned(), v.to_owned()))
        .collect()
}

/// Rewrites every game of a file with the auction `new` gives it, reads
/// the file back and checks each game; returns the games read back.
fn check_rewrite(
    name: &str,
    games: &[PbnGame],
    new: impl Fn(&PbnGame) -> RecordedAuction,
) -> Vec<PbnGame> {
    let auctions: Vec<RecordedAuction> = games.iter().map(&new).collect();
    let mut file = Vec::new();
    for (g, a) in games.iter().zip(&auctions) {
        write_game(&mut file, g, Some(a)).unwrap();
    }
    let back: Vec<PbnGame> = PbnReader::new(file.as_slice())
        .map(|r| r.unwrap_or_else(|e| panic!("{name}: {e}\n{}", String::from_utf8_lossy(&file))))
        .collect();
    assert_eq!(
        back.len(),
        games.len(),
        "{name}\n{}",
        String::from_utf8_lossy(&file)
    );
    for ((g, h), new) in games.iter().zip(&back).zip(&auctions) {
        let at = format!("{name}:{}", g.line());
        let (b, c) = (g.board(), h.board());
        assert_eq!(c.auction.as_ref(), Some(&as_recorded(new)), "{at}");
        assert_eq!(c.dealer, Some(new.dealer), "{at}");
        assert_eq!(
            (c.number, c.vulnerability, c.deal),
            (b.number, b.vulnerability, b.deal),
            "{at}"
        );
        assert_eq!(other_tags(h), other_tags(g), "{at}");
        let (declarer, contract) = expected_contract(new);
        assert_eq!(
            (h.tag("Declarer"), h.tag("Contract")),
            (Some(declarer.as_str()), Some(contract.as_str())),
            "{at}"
        );
        // The text around the game is kept.
        let lead = g.text().iter().position(|&b| b == b'[').unwrap();
        assert_eq!(&h.text()[..lead], &g.text()[..lead], "{at}");
        // Written again with its own auction: byte for byte.
        assert_eq!(written(h, Some(new)), h.text(), "{at}");
    }
    back
}

/// The Declarer and Contract tags a new auction should give.
fn expected_contract(new: &RecordedAuction) -> (String, String) {
    match new.contract() {
        Some((contract, declarer)) => {
            let strain = match contract.bid.strain {
                contract_bridge::Strain::Clubs => "C",
                contract_bridge::Strain::Diamonds => "D",
                contract_bridge::Strain::Hearts => "H",
                contract_bridge::Strain::Spades => "S",
                contract_bridge::Strain::Notrump => "NT",
            };
            let risk = match contract.penalty {
                Penalty::Undoubled => "",
                Penalty::Doubled => "X",
                Penalty::Redoubled => "XX",
            };
            (
                declarer.letter().to_string(),
                format!("{}{strain}{risk}", contract.bid.level.get()),
            )
        }
        None if new.bidding(Default::default()).is_ok_and(|b| b.has_ended()) => {
            (String::new(), "Pass".to_owned())
        }
        None => ("?".to_owned(), "?".to_owned()),
    }
}

#[test]
fn new_auctions_are_read_back_and_other_tags_kept() {
    for name in FILES {
        let games = games_of(&data(name));
        let contested = |g: &PbnGame| {
            auction(
                g.board().effective_dealer(),
                &[
                    ("1C", true, Some("could be \"short\"; 2+ \\C")),
                    ("1D", false, None),
                    ("Pass", false, None),
                    ("1NT", false, Some("could be \"short\"; 2+ \\C")),
                    ("X", true, None),
                    ("Pass", false, Some("{braces}")),
                    ("Pass", false, None),
                    ("Pass", false, None),
                ],
            )
        };
        let back = check_rewrite(name, &games, contested);
        for h in &back {
            let rho = seat_after(h.board().dealer.unwrap(), 3);
            assert_eq!(h.tag("Contract"), Some("1NTX"));
            assert_eq!(h.tag("Declarer"), Some(rho.letter().to_string().as_str()));
        }
        let passed = |g: &PbnGame| auction(g.board().effective_dealer(), &[("P", false, None); 4]);
        check_rewrite(name, &games, passed);
        let unfinished = |g: &PbnGame| {
            auction(
                g.board().effective_dealer(),
                &[("1S", false, None), ("2H", true, None)],
            )
        };
        check_rewrite(name, &games, unfinished);
        let empty = |g: &PbnGame| auction(g.board().effective_dealer(), &[]);
        check_rewrite(name, &games, empty);
        // Rewriting a rewritten file works alike.
        check_rewrite(name, &back, passed);
    }
}

#[test]
fn the_same_contract_keeps_the_play_and_result() {
    for name in FILES {
        let games: Vec<PbnGame> = games_of(&data(name))
            .into_iter()
            .filter(|g| {
                g.board()
                    .auction
                    .as_ref()
                    .and_then(RecordedAuction::contract)
                    .is_some()
            })
            .collect();
        let same = |g: &PbnGame| {
            let (contract, declarer) = g.board().auction.as_ref().unwrap().contract().unwrap();
            reaching(g.board().effective_dealer(), contract, declarer)
        };
        let back = check_rewrite(name, &games, same);
        for (g, h) in games.iter().zip(&back) {
            for tag in ["Result", "Play", "Score", "ScoreMP"] {
                assert_eq!(h.tag(tag), g.tag(tag), "{name}:{} {tag}", g.line());
            }
            if !g.board().auction.as_ref().unwrap().same_calls(&same(g)) {
                let text = String::from_utf8_lossy(h.text()).into_owned();
                assert!(
                    text.contains("Previous auction (the same contract"),
                    "{text}"
                );
            }
        }
    }
}

#[test]
fn a_changed_contract_moves_the_play_into_commentary() {
    let file = data("bridgecomposer.pbn");
    let games = games_of(&file);
    assert_eq!(games[0].tag("Contract"), Some("4S"));
    let new = |_: &PbnGame| {
        auction(
            Seat::North,
            &[
                ("1NT", false, None),
                ("P", false, None),
                ("3NT", false, None),
            ]
            .into_iter()
            .chain([("P", false, None); 3])
            .collect::<Vec<_>>(),
        )
    };
    let back = check_rewrite("bridgecomposer.pbn", &games[..1], new);
    let h = &back[0];
    assert_eq!(h.tag("Play"), None);
    assert_eq!(h.tag("Score"), None);
    assert_eq!(h.tag("ScoreMP"), None);
    assert_eq!(h.tag("Result"), Some("?"));
    assert_eq!(h.tag("Room"), Some("Open"));
    let text = String::from_utf8_lossy(h.text()).into_owned();
    assert!(
        text.contains("Previous auction (contract 4S by N, result 10):"),
        "{text}"
    );
    assert!(text.contains("[Play \"E\"]"), "{text}");
    assert!(text.contains("[Score \"NS 420\"]"), "{text}");
}

fn same_board(a: &Board, b: &Board) -> bool {
    a.number == b.number
        && a.vulnerability == b.vulnerability
        && a.deal == b.deal
        && a.auction == b.auction
        && a.dealer.or(a.auction.as_ref().map(|x| x.dealer))
            == b.dealer.or(b.auction.as_ref().map(|x| x.dealer))
}

#[test]
fn boards_written_in_export_format_read_back_the_same() {
    let mut all = Vec::new();
    write_header(&mut all).unwrap();
    let mut boards = Vec::new();
    for name in FILES {
        for g in games_of(&data(name)) {
            let b = g.into_board();
            let mut out = Vec::new();
            write_board(&mut out, &b, None).unwrap();
            let back: Vec<_> = PbnReader::new(out.as_slice()).collect();
            assert_eq!(back.len(), 1, "{name}:{}", b.line);
            let back = back.into_iter().next().unwrap().unwrap();
            assert!(
                same_board(&b, back.board()),
                "{name}:{}\n{b:?}\n{:?}\n{}",
                b.line,
                back.board(),
                String::from_utf8_lossy(&out)
            );
            assert_eq!(back.tag("Event"), Some("?"));
            all.extend_from_slice(&out);
            boards.push(b);
        }
    }
    let back: Vec<Board> = PbnReader::new(all.as_slice())
        .map(|g| g.unwrap().into_board())
        .collect();
    assert_eq!(back.len(), boards.len());
    for (a, b) in boards.iter().zip(&back) {
        assert!(same_board(a, b), "{a:?}\n{b:?}");
    }
    // Export format: CRLF everywhere, no tab, tags alone on their line.
    let text = String::from_utf8(all).unwrap();
    assert!(!text.replace("\r\n", "").contains('\n'));
    assert!(!text.contains('\t'));
}

#[test]
fn boards_with_a_new_auction_in_export_format() {
    let g = &games_of(&data("dealer4.pbn"))[2];
    let dealer = g.board().dealer.unwrap();
    let new = auction(
        dealer,
        &[
            ("2C", true, Some("strong")),
            ("P", false, None),
            ("2D", true, Some("waiting")),
            ("P", false, None),
            ("2NT", false, None),
            ("P", false, None),
            ("3C", true, Some("Stayman")),
            ("P", false, None),
            ("3D", false, None),
            ("P", false, None),
            ("3NT", false, None),
            ("P", false, None),
            ("P", false, None),
            ("P", false, None),
        ],
    );
    let mut out = Vec::new();
    write_board(&mut out, g.board(), Some(&new)).unwrap();
    let back = games_of(&out);
    assert_eq!(back[0].board().auction.as_ref(), Some(&as_recorded(&new)));
    assert_eq!(back[0].tag("Contract"), Some("3NT"));
    assert_eq!(
        back[0].tag("Declarer"),
        Some(dealer.letter().to_string().as_str())
    );
    assert_eq!(back[0].tag("Result"), Some("?"));
}

//! Reading the PBN data files: the seed's own examples and files in the
//! styles other programs write, and a file with broken games in the middle.

use bridge::auction::call_token;
use bridge::deal::format_pbn_deal;
use bridge::vulnerability::Vulnerability;
use contract_bridge::Seat;
use deal_formats::pbn::{PbnGame, PbnReader};
use deal_formats::{ReadError, RecordedAuction, Skipped};
use std::path::Path;

fn data(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/pbn")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn read(name: &str) -> Vec<Result<PbnGame, ReadError>> {
    PbnReader::new(data(name).as_slice()).collect()
}

fn games(name: &str) -> Vec<PbnGame> {
    read(name)
        .into_iter()
        .map(|g| g.unwrap_or_else(|e| panic!("{name}: {e}")))
        .collect()
}

/// The calls as `1D 1S 3H …`.
fn calls(a: &RecordedAuction) -> String {
    a.calls().map(call_token).collect::<Vec<_>>().join(" ")
}

#[test]
fn seed_example_game() {
    let games = games("seed_examples.pbn");
    assert_eq!(games.len(), 6);
    let g = &games[0];
    assert_eq!(g.line(), 1);
    assert_eq!(
        g.tag("Event"),
        Some("International Amsterdam Airport Schiphol Bridgetournament")
    );
    assert_eq!(g.tag("Contract"), Some("5HX"));
    let b = g.board();
    assert_eq!(b.number, Some(1));
    assert_eq!(b.dealer, Some(Seat::North));
    assert_eq!(b.vulnerability, Some(Vulnerability::None));
    assert_eq!(
        format_pbn_deal(&b.deal, Seat::North),
        "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"
    );
    let a = b.auction.as_ref().unwrap();
    assert_eq!(a.dealer, Seat::North);
    assert_eq!(calls(a), "1D 1S 3H 4S 4N X P P 5C X 5H X P P P");
    assert_eq!(
        a.calls[2].note.as_deref(),
        Some("non-forcing 6-9 points, 6-card")
    );
    assert_eq!(
        a.calls[4].note.as_deref(),
        Some("two colors: clubs and diamonds")
    );
    // The play's note 1 is not the auction's.
    assert_eq!(a.calls.iter().filter(|c| c.note.is_some()).count(), 2);
    assert!(a.calls.iter().all(|c| !c.alert));
    let (contract, declarer) = a.contract().unwrap();
    assert_eq!(
        (contract.to_string(), declarer),
        ("5♥x".to_owned(), Seat::South)
    );
}

#[test]
fn seed_examples_of_chapter_3() {
    let games = games("seed_examples.pbn");
    // 3.4.11: two hands only.
    let b = games[1].board();
    assert_eq!(b.dealer, Some(Seat::East));
    assert!(b.deal.hand(Seat::North).is_empty());
    assert_eq!(b.deal.hand(Seat::West).len(), 13);
    assert_eq!(b.auction, None);
    // 3.5: `+` — to be continued.
    let a = games[2].board().auction.as_ref().unwrap();
    assert_eq!((a.dealer, calls(a).as_str()), (Seat::South, "1C P 1H P"));
    // 3.5.2: `1S !! =1= $25` — `!!` is not an alert, the note is read.
    let a = games[3].board().auction.as_ref().unwrap();
    assert_eq!(calls(a), "1S P 2S P P P");
    assert!(!a.calls[0].alert);
    assert_eq!(a.calls[0].note.as_deref(), Some("five-card major"));
    // 3.5: a table with West first and North dealing; AP.
    let a = games[4].board().auction.as_ref().unwrap();
    assert_eq!(a.dealer, Seat::North);
    assert_eq!(calls(a), "1D P 1H P 2C P 3N P P P");
    // 3.10: an end position.
    let b = games[5].board();
    assert_eq!(b.deal.hand(Seat::North).len(), 3);
    assert_eq!(games[5].tag("Contract"), Some("NT"));
}

#[test]
fn bridgecomposer_export() {
    let games = games("bridgecomposer.pbn");
    assert_eq!(games.len(), 4);
    let g = &games[0];
    // The `%` header belongs to the first game's text; the game starts at
    // its first tag.
    assert!(g.text().starts_with(b"% PBN 2.1\r\n% EXPORT\r\n"));
    assert_eq!(g.line(), 6);
    // Latin-1.
    assert_eq!(g.tag("West"), Some("Müller, H."));
    assert_eq!(g.tag("Site"), Some("Bridgeclub Nürnberg"));
    assert_eq!(games[3].tag("West"), Some("Øster, B."));
    let a = g.board().auction.as_ref().unwrap();
    assert_eq!(calls(a), "1S P 2N P 4S P P P");
    assert_eq!(a.calls[0].note.as_deref(), Some(r"5+ \S, 11-21 HCP"));
    assert_eq!(
        a.calls[2].note.as_deref(),
        Some(r"Jacoby: 4+ \S, game forcing")
    );
    // Passed out.
    let a = games[1].board().auction.as_ref().unwrap();
    assert_eq!(calls(a), "P P P P");
    assert_eq!(games[1].tag("Declarer"), Some(""));
    // `!` is a suffix ("good call"); the note is the alert.
    let a = games[2].board().auction.as_ref().unwrap();
    assert!(!a.calls[0].alert, "`!` is \"good call\", not an alert");
    assert_eq!(a.calls[0].note.as_deref(), Some("could be short"));
    assert!(!a.calls[5].alert);
    assert_eq!(a.calls[5].note.as_deref(), Some("Stayman"));
    assert_eq!(
        a.contract().map(|(c, d)| (c.to_string(), d)),
        Some(("3NTx".to_owned(), Seat::West))
    );
    assert_eq!(
        games[2].tag("OptimumResultTable"),
        Some(r"Declarer;Denomination\2R;Result\2R")
    );
    assert_eq!(games[3].board().vulnerability, Some(Vulnerability::Both));
}

#[test]
fn dealer4_double_hash_inheritance() {
    let games = games("dealer4.pbn");
    assert_eq!(games.len(), 12);
    for (k, g) in games.iter().enumerate() {
        let n = k as u32 + 1;
        let b = g.board();
        assert_eq!(b.number, Some(n));
        assert_eq!(b.dealer, Some(b.effective_dealer()));
        assert_eq!(
            b.vulnerability,
            Some(Vulnerability::of_board(n)),
            "board {n}"
        );
        assert!(b.deal.is_full());
        assert_eq!(g.tag("Event"), Some("Monday Pairs"), "board {n}");
        assert_eq!(g.tag("Site"), Some("Bridgeclub Utrecht"));
        let date = if n < 7 { "2024.03.04" } else { "2024.03.11" };
        assert_eq!(g.tag("Date"), Some(date), "board {n}");
        assert_eq!(g.tag("Generator"), Some("Dealer4 v4.1 seed 982451653"));
    }
}

#[test]
fn bigdeal_hash_inheritance() {
    let games = games("bigdeal.pbn");
    assert_eq!(games.len(), 8);
    for g in &games {
        assert_eq!(g.tag("Event"), Some("Hand record"));
        assert_eq!(g.tag("Site"), Some("Bridge club"));
        assert_eq!(g.tag("Date"), Some("2024.03.04"));
        assert_eq!(g.tag("Contract"), Some(""));
        assert_eq!(g.board().auction, None);
        assert!(g.board().deal.is_full());
    }
}

#[test]
fn hand_typed_import_format() {
    let games = games("handtyped.pbn");
    assert_eq!(games.len(), 4);
    let g = &games[0];
    assert_eq!(g.line(), 4);
    assert_eq!(g.tag("Event"), Some("Practice \"Monday\" night"));
    assert_eq!(g.tag("Site"), Some(r"Home\Kitchen"));
    let b = g.board();
    assert_eq!(b.dealer, Some(Seat::North));
    assert_eq!(b.vulnerability, Some(Vulnerability::None));
    assert_eq!(b.deal.hand(Seat::North).len(), 13);
    let a = b.auction.as_ref().unwrap();
    assert_eq!(calls(a), "1N P 2C P 2S P 3N P P P");
    assert!(!a.calls[0].alert, "`!` is \"good call\", not an alert");
    assert_eq!(a.calls[0].note.as_deref(), Some("15-17"));
    // A tag over two lines, a comment with an empty line, `-` before the
    // dealer, Dbl and Rdbl, tabs.
    let g = &games[1];
    assert_eq!(g.line(), 13);
    let a = g.board().auction.as_ref().unwrap();
    assert_eq!(a.dealer, Seat::East);
    assert_eq!(calls(a), "1D X R 1S P 2C X P P 2H 4H P P P");
    assert_eq!(g.tag("Result"), Some("10"));
    // A NAG, a `;` comment, lower-case `ap`.
    let a = games[2].board().auction.as_ref().unwrap();
    assert_eq!(calls(a), "P 1S 2H 2S 3H 4S P P P");
    // p, db, r.
    let a = games[3].board().auction.as_ref().unwrap();
    assert_eq!(calls(a), "1C P 1H X R P P P");
    assert!(games[3].text().ends_with(b"% the end\n"));
}

#[test]
fn broken_games_are_skipped_with_their_lines_and_the_rest_read() {
    let results = read("broken.pbn");
    let mut good = Vec::new();
    let mut skipped: Vec<Skipped> = Vec::new();
    for r in results {
        match r {
            Ok(g) => good.push((g.board().number.unwrap(), g.line())),
            Err(ReadError::Skipped(s)) => skipped.push(s),
            Err(e) => panic!("{e}"),
        }
    }
    assert_eq!(
        good,
        [(1, 1), (4, 13), (6, 24), (8, 31), (10, 39), (14, 56)]
    );
    let got: Vec<(usize, &str)> = skipped.iter().map(|s| (s.line, s.why.as_str())).collect();
    let expected = [
        (7, "bad Deal"),
        (10, "bad Dealer `Q`"),
        (
            22,
            "illegal auction: call 3 `1H`: insufficient bid after 1S",
        ),
        (28, "comment `{` is never closed"),
        (36, "tag Event: the value's closing quote is missing"),
        (43, "no Deal tag"),
        (47, "bad Vulnerable `Sideways`"),
        (54, "irregularity `^I`"),
    ];
    assert_eq!(got.len(), expected.len(), "{got:#?}");
    for ((line, why), (want_line, want)) in got.iter().zip(expected) {
        assert_eq!(*line, want_line, "{why}");
        assert!(why.starts_with(want), "line {line}: {why}");
    }
}

#[test]
fn crlf_and_lf_read_alike() {
    let lf = data("dealer4.pbn")
        .into_iter()
        .filter(|&b| b != b'\r')
        .collect::<Vec<u8>>();
    let a: Vec<_> = PbnReader::new(lf.as_slice())
        .map(|g| g.unwrap().into_board())
        .collect();
    let b: Vec<_> = games("dealer4.pbn")
        .into_iter()
        .map(PbnGame::into_board)
        .collect();
    assert_eq!(a, b);
}

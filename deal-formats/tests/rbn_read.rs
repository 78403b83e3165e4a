//! Reading RBN files: the seed's examples, files in the style other programs
//! write, label repetition, broken games and the fatal bad character.

mod common;

use bridge::auction::call_token;
use bridge::deal::{Deal, parse_rbn_hands};
use bridge::hand::parse_hand;
use bridge::vulnerability::Vulnerability;
use contract_bridge::Seat;
use deal_formats::rbn::{LineKind, RbnGame, RbnReader};
use deal_formats::{ReadError, RecordedCall};

fn data(name: &str) -> Vec<u8> {
    common::data("rbn", name)
}

fn read_all(bytes: &[u8]) -> Vec<Result<RbnGame, ReadError>> {
    RbnReader::new(bytes).collect()
}

fn games(name: &str) -> Vec<RbnGame> {
    read_all(&data(name))
        .into_iter()
        .map(|g| g.unwrap_or_else(|e| panic!("{name}: {e}")))
        .collect()
}

fn calls(game: &RbnGame) -> String {
    game.board()
        .auction
        .as_ref()
        .map(|a| {
            a.calls
                .iter()
                .map(|c| call_token(c.call))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_default()
}

fn label(game: &RbnGame, l: char) -> Option<String> {
    game.label(l).map(|s| s.into_owned())
}

#[test]
fn the_seed_article() {
    let g = games("seed_article.rbn");
    assert_eq!(g.len(), 1);
    let game = &g[0];
    // Three text paragraphs come first: the game starts at line 1.
    assert_eq!(game.line(), 1);
    let b = game.board();
    assert_eq!(b.number, Some(8));
    assert_eq!(b.dealer, Some(Seat::West));
    assert_eq!(b.vulnerability, Some(Vulnerability::None));
    assert_eq!(calls(game), "1S 2H 2S 4D 4S P P 5H X P P P");
    let (contract, declarer) = b.auction.as_ref().unwrap().contract().unwrap();
    assert_eq!(
        (contract.to_string(), declarer),
        ("5♥x".to_owned(), Seat::North)
    );
    // West's hand, and South's: the rest of the deck.
    assert_eq!(
        b.deal.hand(Seat::West),
        parse_hand("A8765.QT.K9.AT87").unwrap()
    );
    assert_eq!(
        b.deal.hand(Seat::North),
        parse_hand("J42.AJ7632.J.632").unwrap()
    );
    assert_eq!(
        b.deal.hand(Seat::East),
        parse_hand("QT3.85.Q86.KQJ54").unwrap()
    );
    assert_eq!(
        b.deal.hand(Seat::South),
        parse_hand("K9.K94.AT75432.9").unwrap()
    );
    assert_eq!(
        label(game, 'T').as_deref(),
        Some("Florida Belles Are Ringers:Richard Pavlicek")
    );
    assert_eq!(label(game, 'S'), None, "null label");
    assert!(game.states('S'));
    assert_eq!(
        label(game, 'N').as_deref(),
        Some(":Helen Shanbrom+Julia Carswell")
    );
    assert_eq!(label(game, 'C').as_deref(), Some("5HX:N"));
    assert_eq!(label(game, 'R').as_deref(), Some("9-300:0"));
    assert_eq!(label(game, 'M'), None);
    let kinds: Vec<LineKind> = game.lines().map(|l| l.kind).collect();
    assert_eq!(kinds.iter().filter(|&&k| k == LineKind::Text).count(), 6);
    assert_eq!(kinds.last(), Some(&LineKind::Blank));
    let p = game
        .lines()
        .find(|l| l.kind == LineKind::Label('P'))
        .unwrap();
    assert_eq!(p.number, 16);
    assert_eq!(p.data(), b"E:CK972:CQ!H483:DA9J6:D2KH28:SJ?QKA:CA");
    // CRLF kept in the raw bytes, not in the lines.
    assert!(game.raw().ends_with(b"\r\n\r\n"));
    assert!(!p.text.ends_with(b"\r"));
}

#[test]
fn the_seeds_label_examples() {
    let g = games("seed_examples.rbn");
    let lines: Vec<usize> = g.iter().map(RbnGame::line).collect();
    assert_eq!(lines, [1, 20, 29, 34, 38, 44, 50, 60, 74, 79, 85]);

    // The file signature belongs to the first game.
    let first = &g[0];
    assert_eq!(first.lines().next().unwrap().kind, LineKind::Comment);
    assert_eq!(first.board().number, Some(7));
    assert_eq!(first.board().dealer, Some(Seat::East));
    assert_eq!(first.board().vulnerability, Some(Vulnerability::Both));
    assert_eq!(calls(first), "3C P 3N P P X R P P P");
    let auction = first.board().auction.as_ref().unwrap();
    // `!` is "good call", not an alert; ^1 is the note.
    assert!(auction.calls.iter().all(|c| !c.alert));
    assert_eq!(
        auction.calls[6].note.as_deref(),
        Some("Apparently lost his mind")
    );
    assert_eq!(auction.calls.iter().filter(|c| c.note.is_some()).count(), 1);
    assert_eq!(
        label(first, 'T').as_deref(),
        Some("Preempts:: Fact or Fiction?:Marty Bergen")
    );

    // The second game repeats T D L E S F K N.
    let second = &g[1];
    assert!(!second.states('T') && !second.states('E'));
    for l in ['T', 'D', 'L', 'E', 'S', 'F', 'K', 'N'] {
        assert_eq!(label(second, l), label(first, l), "label {l}");
    }
    assert_eq!(label(second, 'D').as_deref(), Some("20010704:1930"));
    assert_eq!(second.board().number, Some(8));
    assert_eq!(label(second, 'M').as_deref(), Some("A:88DAC"));
    // A C P R I M do not repeat.
    assert_eq!(label(second, 'R').as_deref(), Some("10+430:66.67"));
    assert_eq!(label(&g[2], 'R'), None);
    assert_eq!(label(&g[2], 'A').as_deref(), Some("NB:1SP2HP:3DPY"));

    // North and South only; the auction stops at the query point Y.
    let ns = g[2].board();
    assert_eq!(
        ns.deal.hand(Seat::North),
        parse_hand("AKQ72..AKQ72.753").unwrap()
    );
    assert_eq!(
        ns.deal.hand(Seat::South),
        parse_hand(".AKQ72.J64.AKQ82").unwrap()
    );
    assert!(ns.deal.hand(Seat::East).is_empty() && ns.deal.hand(Seat::West).is_empty());
    assert_eq!(calls(&g[2]), "1S P 2H P 3D P");
    assert!(label(&g[2], 'I').unwrap().starts_with("3N=10:"));

    // East only; A with dealer and vulnerability but no calls.
    let east = g[3].board();
    assert_eq!(east.deal.hand(Seat::East).len(), 13);
    assert_eq!(east.deal.hands().len(), 13);
    assert_eq!(
        (east.dealer, east.vulnerability),
        (Some(Seat::East), Some(Vulnerability::NS))
    );
    assert!(east.auction.is_none());

    // A five-card ending with a section but no board number.
    let ending = g[4].board();
    assert_eq!(ending.number, None);
    assert_eq!(label(&g[4], 'B').as_deref(), Some(":KK"));
    assert!(Seat::ALL.iter().all(|&s| ending.deal.hand(s).len() == 5));
    assert_eq!(label(&g[4], 'C').as_deref(), Some("N:S6"));
    assert_eq!(ending.dealer, None);

    // A null B stops the board number repeating; spades only.
    let spades = g[5].board();
    assert_eq!(spades.number, None);
    assert_eq!(
        spades.deal.hand(Seat::West),
        parse_rbn_hands("W:43").unwrap().hand(Seat::West)
    );
    assert_eq!(label(&g[5], 'D').as_deref(), Some("1996"));
    assert_eq!(label(&g[5], 'T'), label(first, 'T'));

    // Hidden hands, an alert, an auction note and a play note.
    let hidden = &g[6];
    let b = hidden.board();
    assert!(b.deal.is_full());
    assert!(b.deal.is_hidden(Seat::North) && b.deal.is_hidden(Seat::South));
    assert!(!b.deal.is_hidden(Seat::West) && !b.deal.is_hidden(Seat::East));
    let a = b.auction.as_ref().unwrap();
    assert!(a.calls[0].alert && a.calls[0].note.is_none());
    assert_eq!(a.calls[2].note.as_deref(), Some("waiting"));
    assert!(
        !a.calls
            .iter()
            .any(|c| c.note.as_deref() == Some("A subtle falsecard"))
    );
    let notes: Vec<_> = hidden
        .lines()
        .filter(|l| l.kind == LineKind::Note(1))
        .map(|l| String::from_utf8_lossy(l.data()).into_owned())
        .collect();
    assert_eq!(notes, ["waiting", "A subtle falsecard"]);

    // Teams: names alternate between rooms when K is given.
    let open = "Nickell+Freeman:Meckstroth+Rodwell:O";
    let closed = "Meckstroth+Rodwell:Nickell+Freeman:C";
    assert_eq!(label(&g[7], 'T'), None);
    assert_eq!(label(&g[7], 'K').as_deref(), Some("Nickell:Schwartz"));
    assert_eq!(label(&g[7], 'N').as_deref(), Some(open));
    assert_eq!(label(&g[8], 'N').as_deref(), Some(closed));
    assert_eq!(g[8].board().number, Some(15));
    assert_eq!(g[8].board().deal, g[7].board().deal);
    let h = |g: &RbnGame| parse_rbn_hands(&g.label('H').unwrap()).unwrap();
    assert_eq!(h(&g[8]), h(&g[7]));
    assert!(!g[8].states('H'));
    assert_eq!(label(&g[9], 'N').as_deref(), Some(open));
    assert_eq!(label(&g[10], 'N').as_deref(), Some(closed));
    assert_eq!(g[10].board().number, Some(16));
    assert_eq!(calls(&g[10]), "P 1C P 1S P 2C P 2S P P P");
}

#[test]
fn a_match_as_rbn_utilities_write_it() {
    let g = games("teams_match.rbn");
    assert_eq!(
        g.iter().map(RbnGame::line).collect::<Vec<_>>(),
        [1, 19, 24, 30]
    );
    let names: Vec<_> = g.iter().map(|x| label(x, 'N').unwrap()).collect();
    assert_eq!(
        names,
        [
            "Zia+Rosenberg:Hamman+Wolff:O",
            "Meckstroth+Rodwell:Nickell+Katz:C",
            "Zia+Rosenberg:Hamman+Wolff:O",
            "Meckstroth+Rodwell:Nickell+Katz:C",
        ]
    );
    assert_eq!(g[1].board().deal, g[0].board().deal);
    assert_eq!(g[3].board().deal, g[2].board().deal);
    assert_ne!(g[2].board().deal, g[0].board().deal);
    assert_eq!(calls(&g[3]), "3C 3D P 5D P P P");
    assert_eq!(g[3].board().vulnerability, Some(Vulnerability::NS));
    for game in &g {
        assert_eq!(
            label(game, 'E').as_deref(),
            Some("Spingold Knockout Teams:Final")
        );
        assert_eq!(
            label(game, 'K').as_deref(),
            Some("Nickell +12:Meckstroth +7")
        );
        assert!(game.board().deal.is_full());
    }
}

#[test]
fn deals_from_a_dealer_program() {
    let g = games("dealer_output.rbn");
    assert_eq!(g.len(), 6);
    for (k, game) in g.iter().enumerate() {
        assert_eq!(game.board().number, Some(k as u32 + 1));
        assert!(game.board().deal.is_full(), "board {}", k + 1);
        assert!(game.board().auction.is_none() && game.board().dealer.is_none());
    }
    // Four hands given from North; lowercase labels and cards.
    assert_eq!(
        g[3].board().deal.hand(Seat::West),
        parse_hand("AQ95.J74.T943.J3").unwrap()
    );
    assert_eq!(
        g[5].board().deal.hand(Seat::South),
        parse_hand("AK7..J9643.AJ764").unwrap()
    );
}

#[test]
fn broken_games_are_skipped_with_their_lines() {
    let results = read_all(&data("broken.rbn"));
    let summary = common::summary(&results, |g| g.line());
    let expect: [(Result<usize, usize>, &str); 12] = [
        (Ok(1), ""),
        (Err(7), "card CK is in both"),
        (Err(10), "repeats the faulty H label of line 7"),
        (Err(14), "insufficient bid after 2D"),
        (Err(18), "dealer"),
        (Err(21), "label B given twice (first on line 20)"),
        (Err(26), "vulnerability"),
        (Err(29), "14"),
        (Ok(31), ""),
        (Ok(36), ""),
        (Err(41), "card D7 is in both North's and South's hands"),
        (Ok(43), ""),
    ];
    common::assert_summary(&summary, &expect);
    // The games after a skipped one still inherit right.
    let ok: Vec<&RbnGame> = results.iter().filter_map(|r| r.as_ref().ok()).collect();
    assert_eq!(ok[1].board().number, Some(8));
    assert_eq!(ok[2].board().deal, ok[1].board().deal);
    assert_eq!(ok[2].label('E').as_deref(), Some("Club duplicate"));
    // A game after the skipped "B 9" inherits nothing bad: it states H.
    assert!(ok[3].board().deal.is_full());
}

#[test]
fn a_bad_character_stops_the_file() {
    let bytes = data("fatal.rbn");
    let mut reader = RbnReader::new(&bytes[..]);
    assert_eq!(reader.next().unwrap().unwrap().line(), 1);
    let second = reader.next().unwrap().unwrap();
    assert_eq!(second.line(), 5);
    assert_eq!(
        second.lines().filter(|l| l.kind == LineKind::Text).count(),
        1
    );
    match reader.next() {
        Some(Err(ReadError::Fatal { line, why })) => {
            assert_eq!(line, 10);
            assert!(why.contains("column 56") && why.contains("space"), "{why}");
        }
        other => panic!("{other:?}"),
    }
    assert!(reader.next().is_none());
    assert!(reader.next().is_none());
}

#[test]
fn faults_that_are_fatal() {
    for (text, line) in [
        ("B 1\nH W:AK.QJ\tx:\n\n", 2),
        ("B 1\n\nB 2\nX unknown label\n\n", 4),
        ("B 1\nA NZ:1S 2S\n\n", 2),
        ("B1\n\n", 1),
        ("B 1\nC 4S:N?\n\n", 2),
        ("B 1\nR 9-300:0 \n\n", 2),
        ("B 1\nD 2001-05-01\n\n", 2),
        ("B 7;8\n\n", 1),
    ] {
        let results = read_all(text.as_bytes());
        match results.last() {
            Some(Err(ReadError::Fatal { line: l, .. })) => assert_eq!(*l, line, "{text:?}"),
            other => panic!("{text:?}: {other:?}"),
        }
    }
}

#[test]
fn free_text_is_not_checked() {
    let text = "{A paragraph\nX that goes on\n   with anything: {at all} ~\n}\nB 1\n{one line}\nH W::AK\n\n";
    let g: Vec<_> = read_all(text.as_bytes())
        .into_iter()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(g.len(), 1);
    let kinds: Vec<_> = g[0].lines().map(|l| l.kind).collect();
    assert_eq!(
        kinds,
        [
            LineKind::Text,
            LineKind::Text,
            LineKind::Text,
            LineKind::Text,
            LineKind::Label('B'),
            LineKind::Text,
            LineKind::Label('H'),
            LineKind::Blank,
        ]
    );
    // A `{` at the start of a line begins a new paragraph; a blank line
    // ends one.
    let text = "{open\n{again}\nB 2\n{never closed\n\nB 3\n\n";
    let g: Vec<_> = read_all(text.as_bytes())
        .into_iter()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(g.len(), 2);
    assert_eq!(g[0].lines().nth(2).unwrap().kind, LineKind::Label('B'));
    assert_eq!(g[1].board().number, Some(3));
}

#[test]
fn separators_and_blocks_without_labels() {
    // Leading blank lines, a signature block, extra blank lines, a text
    // block between games, no newline at the end.
    let text = "\n\n% RBN 2.2\n% made by hand\n\nB 1\nH W::AK\n\n\n\n{between games}\n\nB 2";
    let g: Vec<_> = read_all(text.as_bytes())
        .into_iter()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(g.len(), 2);
    assert_eq!(g[0].line(), 6);
    assert_eq!(g[1].line(), 13);
    assert!(g[0].raw().starts_with(b"\n\n% RBN 2.2\n"));
    assert!(g[0].raw().ends_with(b"H W::AK\n\n\n\n"));
    assert!(g[1].raw().starts_with(b"{between games}\n\nB 2"));
    let all: Vec<u8> = g.iter().flat_map(|x| x.raw().iter().copied()).collect();
    assert_eq!(all, text.as_bytes());
    assert_eq!(g[1].board().deal, g[0].board().deal);
    // Nothing but signature and text: no game.
    assert_eq!(read_all(b"% RBN 2.2\n\n{just text}\n\n").len(), 0);
    assert_eq!(read_all(b"").len(), 0);
    // A byte-order mark is skipped.
    let g = read_all(b"\xEF\xBB\xBFB 4\n\n");
    assert_eq!(g[0].as_ref().unwrap().board().number, Some(4));
}

#[test]
fn names_in_latin_1() {
    let g = read_all(b"N Sch\xF6n+M\xFCller:Jos\xE9+Ren\xE9e\nB 1\n\n");
    let game = g[0].as_ref().unwrap();
    assert_eq!(game.label('N').as_deref(), Some("Schön+Müller:José+Renée"));
}

#[test]
fn labels_and_lines_of_a_game() {
    let g = games("seed_examples.rbn");
    let game = &g[6];
    assert!(game.states('A') && game.states('a') && !game.states('T') && !game.states('?'));
    assert_eq!(game.label('x'), None);
    let numbers: Vec<usize> = game.lines().map(|l| l.number).collect();
    assert_eq!(numbers, (50..=59).collect::<Vec<_>>());
    assert_eq!(
        game.lines()
            .map(|l| l.kind)
            .filter(|k| matches!(k, LineKind::Note(_)))
            .count(),
        2
    );
    // H inherited is written from the deal.
    let inherited = &g[8];
    assert!(!inherited.states('H'));
    assert_eq!(
        inherited.label('H').as_deref(),
        // The seed: "the first non-hidden hand with cards in the priority WNES".
        Some("N:QJT94..A432.5432;K5.T.KQJT98.KQJT:A876.A2.765.A876;")
    );
    assert_eq!(g[2].board().deal, g[2].clone().into_board().deal);
}

#[test]
fn recorded_calls_of_lowercase_auctions() {
    let g = read_all(b"b 3\nh w:ak:\na sz:1c*p1h^1p:pp\n1 0-5 or 8+\n\n");
    let game = g[0].as_ref().unwrap();
    let a = game.board().auction.as_ref().unwrap();
    assert_eq!(a.dealer, Seat::South);
    assert_eq!(a.calls.len(), 6);
    assert_eq!(
        a.calls[2],
        RecordedCall {
            call: bridge::auction::parse_call("1H").unwrap(),
            alert: false,
            note: Some("0-5 or 8+".to_owned())
        }
    );
    assert!(a.calls[0].alert);
    assert_ne!(game.board().deal, Deal::EMPTY);
}

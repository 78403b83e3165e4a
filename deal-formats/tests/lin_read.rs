//! Reading BBO's LIN files: my-hands downloads, alerts and notes, vugraph
//! files with boards split over lines, play records and claims, broken
//! boards.

mod common;

use bridge::auction::call_token;
use bridge::hand::parse_hand;
use bridge::vulnerability::Vulnerability;
use contract_bridge::Seat;
use deal_formats::lin::{LinGame, LinReader};
use deal_formats::{ReadError, RecordedAuction};

fn data(name: &str) -> Vec<u8> {
    common::data("lin", name)
}

fn read(bytes: &[u8]) -> Vec<Result<LinGame, ReadError>> {
    LinReader::new(bytes).collect()
}

fn games(name: &str) -> Vec<LinGame> {
    read(&data(name))
        .into_iter()
        .map(|g| g.unwrap_or_else(|e| panic!("{name}: {e}")))
        .collect()
}

/// The calls as `1N! P 2C!(Stayman)`.
fn calls(auction: Option<&RecordedAuction>) -> String {
    auction
        .map(|a| {
            a.calls
                .iter()
                .map(|c| {
                    let mut s = call_token(c.call).to_owned();
                    if c.alert {
                        s.push('!');
                    }
                    if let Some(n) = &c.note {
                        s.push_str(&format!("({n})"));
                    }
                    s
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_default()
}

#[test]
fn my_hands_one_board_a_line() {
    let g = games("myhands.lin");
    assert_eq!(g.len(), 4);
    assert_eq!(
        g.iter().map(LinGame::line).collect::<Vec<_>>(),
        [1, 2, 3, 4]
    );

    // Board 1, hand by hand: md|3 (North deals), South, West, North given,
    // East the rest.
    let b = g[0].board();
    assert_eq!(b.number, Some(1));
    assert_eq!(b.dealer, Some(Seat::North));
    assert_eq!(b.vulnerability, Some(Vulnerability::None));
    assert_eq!(
        b.deal.hand(Seat::South),
        parse_hand("AKJ4.KT9.K76.J98").unwrap()
    );
    assert_eq!(
        b.deal.hand(Seat::West),
        parse_hand("T876.AJ3.QT94.Q5").unwrap()
    );
    assert_eq!(
        b.deal.hand(Seat::North),
        parse_hand("Q953.85.J532.T42").unwrap()
    );
    assert_eq!(
        b.deal.hand(Seat::East),
        parse_hand("2.Q7642.A8.AK763").unwrap()
    );
    let a = b.auction.as_ref().unwrap();
    assert_eq!(a.dealer, Seat::North);
    assert_eq!(calls(Some(a)), "P 1H 1N P 2C P 2S P P P");
    let (contract, declarer) = a.contract().unwrap();
    assert_eq!(
        (contract.to_string(), declarer),
        ("2♠".to_owned(), Seat::South)
    );
    assert_eq!(
        g[0].players().unwrap(),
        [
            (Seat::South, "alice"),
            (Seat::West, "bob"),
            (Seat::North, "carol"),
            (Seat::East, "dave"),
        ]
    );
    assert_eq!(g[0].value("mc"), Some("8"));
    assert_eq!(g[0].value("rh"), Some(""));
    assert!(
        g[0].raw()
            .starts_with("pn|alice,bob,carol,dave|st||md|3S4JKAH9TKD67KC89J,")
    );
    assert!(g[0].raw().ends_with("mc|8|\n"));

    // Board 2: all four hands given, East deals, North-South vulnerable.
    let b = g[1].board();
    assert_eq!(
        (b.number, b.dealer, b.vulnerability),
        (Some(2), Some(Seat::East), Some(Vulnerability::NS))
    );
    assert_eq!(
        b.deal.hand(Seat::East),
        parse_hand("72.K97.T9.KQ9874").unwrap()
    );
    assert_eq!(calls(b.auction.as_ref()), "P 1D P 1H P 1N P 3N P P P");
    // Board 3 passed out by South first; board 4 doubled and redoubled.
    let b = g[2].board();
    assert_eq!(
        (b.dealer, b.vulnerability),
        (Some(Seat::South), Some(Vulnerability::EW))
    );
    assert_eq!(calls(b.auction.as_ref()), "P P P P");
    let b = g[3].board();
    assert_eq!(
        (b.dealer, b.vulnerability),
        (Some(Seat::West), Some(Vulnerability::Both))
    );
    assert_eq!(calls(b.auction.as_ref()), "P 1C X R 1S P P X P P P");
    for game in &g {
        assert!(game.board().deal.is_full());
    }
}

#[test]
fn alerts_and_notes() {
    let g = games("alerts.lin");
    assert_eq!(g.len(), 3);
    assert_eq!(
        calls(g[0].board().auction.as_ref()),
        "1N!(15-17) P 2C!(Stayman) P 2D!(no 4-card major) P 3N P P P"
    );
    // Two notes on one call join; a note without an alert.
    assert_eq!(
        calls(g[1].board().auction.as_ref()),
        "1C 2D!(weak jump 6+ !d) X(negative, 4+ !h) P 2H P P P"
    );
    // `1NT`, and an alert without a note.
    assert_eq!(calls(g[2].board().auction.as_ref()), "1N P 2H! P 2S P P P");
    assert_eq!(g[2].board().dealer, Some(Seat::South));
}

#[test]
fn vugraph_boards_split_over_lines() {
    let g = games("vugraph_split.lin");
    assert_eq!(g.len(), 4);
    assert_eq!(
        g.iter().map(LinGame::line).collect::<Vec<_>>(),
        [4, 8, 11, 13]
    );
    assert_eq!(g[0].value("qx"), Some("o1"));
    assert_eq!(g[1].value("qx"), Some("c1"));
    assert_eq!(g[0].board().deal, g[1].board().deal);
    assert_eq!(g[2].board().deal, g[3].board().deal);
    assert_eq!(
        g.iter().map(|x| x.board().number).collect::<Vec<_>>(),
        [Some(1), Some(1), Some(2), Some(2)]
    );
    assert_eq!(
        calls(g[0].board().auction.as_ref()),
        "P 1H 1N(15-18) P 2C P 2S P P P"
    );
    assert_eq!(
        calls(g[1].board().auction.as_ref()),
        "P 1H X P 1S P 2S P P P"
    );
    assert_eq!(calls(g[3].board().auction.as_ref()), "3C 3D P 5D P P P");
    // The header pairs before the first board are kept with it; chat is
    // kept with the board it follows.
    assert_eq!(
        g[0].value("vg").map(|v| v.starts_with("Spingold Final")),
        Some(true)
    );
    assert!(
        g[1].pairs()
            .any(|(k, v)| k == "nt" && v == "Meckstroth: well played")
    );
    // The eight vugraph names: the first four seats.
    assert_eq!(g[0].players().unwrap()[0], (Seat::South, "Zia"));
}

#[test]
fn play_records_and_claims_are_ignored() {
    let g = games("claims_play.lin");
    assert_eq!(g.len(), 3);
    assert_eq!(
        g.iter().map(|x| x.board().number).collect::<Vec<_>>(),
        [Some(12), Some(13), Some(14)]
    );
    assert_eq!(
        calls(g[0].board().auction.as_ref()),
        "P P 1S P 2S P 4S P P P"
    );
    assert_eq!(g[0].pairs().filter(|(k, _)| *k == "pc").count(), 52);
    assert_eq!(
        calls(g[1].board().auction.as_ref()),
        "1D P 1H P 2N P 3N P P P"
    );
    assert_eq!(g[1].value("mc"), Some("10"));
    assert_eq!(g[2].board().dealer, Some(Seat::North));
    assert_eq!(g[2].board().vulnerability, Some(Vulnerability::NS));
}

#[test]
fn broken_boards_are_skipped_with_their_lines() {
    let results = read(&data("broken.lin"));
    let summary = common::summary(&results, |g| g.line());
    let expect: [(Result<usize, usize>, &str); 7] = [
        (Ok(1), ""),
        (Err(2), "card CQ is in both"),
        (Err(4), "insufficient bid after 2H"),
        (Err(5), "`1Z` is not a call"),
        (Err(6), "unknown vulnerability `q`"),
        (Err(7), "dealer `7`"),
        (Ok(8), ""),
    ];
    common::assert_summary(&summary, &expect);
    assert_eq!(results[6].as_ref().unwrap().board().number, Some(7));
}

#[test]
fn odd_but_readable() {
    // No line breaks between boards, uppercase keys, spaces, `10` for the
    // ten, no dealer digit, board number from qx only.
    let text = "md|3SAKQJHAKQJDAKQJCA,SH,SH,|sv|-|mb|7N|mb|p|mb|p|mb|p|\
                qx|o12|md|S5432H5432D5432C5,,,| MB | P! |\
                MD|1S10,,,|sv|B|";
    let g: Vec<_> = read(text.as_bytes())
        .into_iter()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(g.len(), 3);
    assert_eq!(g[0].board().vulnerability, Some(Vulnerability::None));
    assert_eq!(g[0].board().deal.hand(Seat::South).len(), 13);
    let b = g[1].board();
    assert_eq!((b.number, b.dealer), (Some(12), None));
    assert_eq!(b.deal.hands().len(), 13);
    // Without a dealer, the board number's dealer bids first.
    let a = b.auction.as_ref().unwrap();
    assert_eq!((a.dealer, a.calls[0].alert), (Seat::West, true));
    assert_eq!(g[2].board().deal.hand(Seat::South).len(), 1);
    assert_eq!(g[2].board().vulnerability, Some(Vulnerability::Both));
    // Nothing, or only a header: no board.
    assert!(read(b"").is_empty());
    assert!(read(b"vg|Title,,I,1,16,A,0,B,0|\nrs|||\npn|a,b,c,d|\n").is_empty());
    assert!(read(b"not a lin file at all").is_empty());
    // Calls with no deal: skipped.
    let r = read(b"ah|Board 1|mb|1C|mb|p|\n");
    assert!(matches!(&r[..], [Err(ReadError::Skipped(s))] if s.why.contains("md|")));
    // `an|` before any call is ignored; a value that runs to the end.
    let r = read(b"an|hello|md|3,,,|mb|1C|an|strong");
    let a = r[0].as_ref().unwrap().board().auction.clone().unwrap();
    assert_eq!(a.calls[0].note.as_deref(), Some("strong"));
}

#[test]
fn a_second_ah_or_sv_starts_a_board() {
    // Pairs in an unusual order: ah and sv before md.
    let text = "ah|Board 1|sv|n|md|3S2,,,|mb|1C|\nah|Board 2|sv|e|md|4S3,,,|mb|1D|\n";
    let g: Vec<_> = read(text.as_bytes())
        .into_iter()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(g.len(), 2);
    assert_eq!(g[1].board().number, Some(2));
    assert_eq!(g[1].board().vulnerability, Some(Vulnerability::EW));
    assert_eq!(g[1].board().dealer, Some(Seat::East));
    assert_eq!(g[1].line(), 2);
    assert_eq!(g[0].board().number, Some(1));
}

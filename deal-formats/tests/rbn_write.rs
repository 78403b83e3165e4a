//! Writing RBN: games written back byte for byte, games with a new auction,
//! boards made elsewhere, and sequences through `RbnWriter`.

use bridge::auction::parse_call;
use bridge::deal::seat_after;
use contract_bridge::Seat;
use deal_formats::lin::LinReader;
use deal_formats::rbn::{LineKind, RbnGame, RbnReader, RbnWriter, write_board, write_game};
use deal_formats::{Board, RecordedAuction, RecordedCall};

const GOOD: [&str; 4] = [
    "seed_article.rbn",
    "seed_examples.rbn",
    "teams_match.rbn",
    "dealer_output.rbn",
];

fn data(dir: &str, name: &str) -> Vec<u8> {
    let path = format!("{}/tests/data/{dir}/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn games_of(bytes: &[u8]) -> Vec<RbnGame> {
    RbnReader::new(bytes)
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{e}\n{}", String::from_utf8_lossy(bytes)))
}

fn games(name: &str) -> Vec<RbnGame> {
    games_of(&data("rbn", name))
}

fn auction(dealer: Seat, calls: &str) -> RecordedAuction {
    RecordedAuction {
        dealer,
        calls: calls
            .split_whitespace()
            .map(|c| {
                let alert = c.ends_with('!');
                RecordedCall {
                    call: parse_call(c.trim_end_matches('!')).unwrap(),
                    alert,
                    note: None,
                }
            })
            .collect(),
    }
}

/// A strong club auction to 3NT by the dealer, with an alert and notes.
fn strong_club(dealer: Seat) -> RecordedAuction {
    let mut a = auction(dealer, "1C! P 1H P 1N P 3N P P P");
    a.calls[0].note = Some("Precision, 16+".to_owned());
    a.calls[2].note = Some("negative, 0-7".to_owned());
    a
}

fn write_games(games: &[RbnGame], new: impl Fn(&RbnGame) -> Option<RecordedAuction>) -> Vec<u8> {
    let mut out = Vec::new();
    for g in games {
        write_game(&mut out, g, new(g).as_ref()).unwrap();
    }
    out
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).replace("\r\n", "\n")
}

#[test]
fn unchanged_games_are_written_byte_for_byte() {
    for name in GOOD {
        let bytes = data("rbn", name);
        let g = games_of(&bytes);
        assert_eq!(write_games(&g, |_| None), bytes, "{name}");
        // The auction it already has: still byte for byte.
        assert_eq!(
            write_games(&g, |g| g.board().auction.clone()),
            bytes,
            "{name}"
        );
    }
}

#[test]
fn a_new_auction_reads_back_with_everything_else_unchanged() {
    for name in GOOD {
        let before = games(name);
        let out = write_games(&before, |g| Some(strong_club(g.board().effective_dealer())));
        let after = games_of(&out);
        assert_eq!(after.len(), before.len(), "{name}");
        for (b, a) in before.iter().zip(&after) {
            let new = strong_club(b.board().effective_dealer());
            let at = format!("{name}:{}", b.line());
            assert_eq!(a.board().auction.as_ref(), Some(&new), "{at}");
            assert_eq!(a.board().dealer, Some(new.dealer), "{at}");
            assert_eq!(a.board().number, b.board().number, "{at}");
            assert_eq!(a.board().deal, b.board().deal, "{at}");
            assert_eq!(a.board().vulnerability, b.board().vulnerability, "{at}");
            for l in ['T', 'D', 'L', 'E', 'S', 'F', 'K', 'N', 'B', 'H', 'I'] {
                assert_eq!(a.label(l), b.label(l), "{at} label {l}");
            }
            let declarer = new.dealer.letter();
            assert_eq!(
                a.label('C').as_deref(),
                Some(&*format!("3N:{declarer}")),
                "{at}"
            );
            let changed = b.label('C').is_some_and(|c| c != format!("3N:{declarer}"));
            if changed {
                assert_eq!(a.label('P'), None, "{at}");
                assert_eq!(a.label('R'), None, "{at}");
            }
            // Free text and comments are all still there.
            let kept = |g: &RbnGame| -> Vec<Vec<u8>> {
                g.lines()
                    .filter(|l| matches!(l.kind, LineKind::Text | LineKind::Comment))
                    .map(|l| l.text.to_vec())
                    .collect()
            };
            let (kb, ka) = (kept(b), kept(a));
            assert_eq!(ka[..kb.len()], kb[..], "{at}");
            let previous = ka[kb.len()..].iter().map(|t| text(t)).collect::<Vec<_>>();
            if b.board().auction.is_some() || changed {
                assert_eq!(previous.len(), 1, "{at}: {previous:?}");
                assert!(previous[0].starts_with("{Previous "), "{at}");
            } else {
                assert!(previous.is_empty(), "{at}: {previous:?}");
            }
        }
        // Changing one game leaves the others byte for byte.
        let middle = before.len() / 2;
        let out = write_games(&before, |g| {
            (g.line() == before[middle].line()).then(|| strong_club(g.board().effective_dealer()))
        });
        let after = games_of(&out);
        for (k, (b, a)) in before.iter().zip(&after).enumerate() {
            assert_eq!(a.raw() == b.raw(), k != middle, "{name}: game {k}");
        }
    }
}

/// The article's game with `calls` (West deals), as text with LF endings.
fn article_with(calls: &str) -> (String, RbnGame) {
    let g = games("seed_article.rbn");
    let mut out = Vec::new();
    write_game(&mut out, &g[0], Some(&auction(Seat::West, calls))).unwrap();
    let again = games_of(&out);
    assert_eq!(again.len(), 1);
    (text(&out), again.into_iter().next().unwrap())
}

#[test]
fn a_changed_contract_keeps_the_old_one_as_text() {
    let (out, game) = article_with("1S 2H 2S P P P");
    insta::assert_snapshot!("rbn_article_new_contract", out);
    assert_eq!(game.label('C').as_deref(), Some("2S:W"));
    assert_eq!(game.label('P'), None);
    assert_eq!(game.label('R'), None);
    let last_text = game
        .lines()
        .filter(|l| l.kind == LineKind::Text)
        .last()
        .unwrap();
    assert_eq!(
        text(last_text.text),
        "{Previous auction: WZ:1S2H2S4D:4SPP5H:XA; contract: 5HX:N; \
         play: E:CK972:CQ!H483:DA9J6:D2KH28:SJ?QKA:CA; result: 9-300:0}"
    );
}

#[test]
fn a_new_route_to_the_same_contract_keeps_play_and_result() {
    let (out, game) = article_with("1S 2H 2S 4D 4S 5H P P X P P P");
    insta::assert_snapshot!("rbn_article_same_contract", out);
    assert_eq!(game.label('C').as_deref(), Some("5HX:N"));
    assert_eq!(
        game.label('P').as_deref(),
        Some("E:CK972:CQ!H483:DA9J6:D2KH28:SJ?QKA:CA")
    );
    assert_eq!(game.label('R').as_deref(), Some("9-300:0"));
    // The calls shared from the start keep their evaluation marks (`?`
    // poor, `!` good); the redouble and its note are gone.
    let g = games("seed_examples.rbn");
    let mut out = Vec::new();
    write_game(
        &mut out,
        &g[0],
        Some(&auction(Seat::East, "3C P 3N P P X P P P")),
    )
    .unwrap();
    let t = text(&out);
    assert!(t.contains("\nA EB:3CP3N?P:PX!A\nC 3NX:W\n"), "{t}");
    assert!(!t.contains("\n1 "), "{t}");
}

#[test]
fn notes_alerts_and_the_play_notes() {
    // The seed's game with an auction note and a play note.
    let g = games("seed_examples.rbn");
    let hidden = &g[6];
    assert_eq!(hidden.label('A').as_deref(), Some("EZ:2C*P2D^1P:2NP6NA"));
    let mut new = auction(Seat::East, "2C! P 2D! P 2N P 3C! P 3D P 6N P P P");
    new.calls[2].note = Some("waiting {any}".to_owned());
    new.calls[6].note = Some("Stayman".to_owned());
    new.calls[8].note = Some("waiting {any}".to_owned());
    let mut out = Vec::new();
    write_game(&mut out, hidden, Some(&new)).unwrap();
    let out_text = text(&out);
    insta::assert_snapshot!("rbn_same_contract_with_notes", out_text);
    // Read after the games before it, so that it inherits the same.
    let mut all = write_games(&g[..6], |_| None);
    all.extend_from_slice(&out);
    let again = games_of(&all);
    let game = &again[6];
    // Braces are fine in a note line.
    assert_eq!(game.board().auction.as_ref(), Some(&new));
    // Same contract: the play and its note stay, after P.
    assert_eq!(game.label('P'), hidden.label('P'));
    let notes: Vec<_> = game
        .lines()
        .filter(|l| matches!(l.kind, LineKind::Note(_)))
        .map(|l| text(l.text))
        .collect();
    assert_eq!(
        notes,
        ["1 waiting {any}", "2 Stayman", "1 A subtle falsecard"]
    );
}

#[test]
fn more_than_nine_notes() {
    let g = games_of(b"B 1\nH W::AK\n\n");
    let mut new = auction(Seat::North, "1C 1D 1H 1S 1N 2C 2D 2H 2S 2N 3C");
    for (k, c) in new.calls.iter_mut().enumerate() {
        c.note = Some(format!("note {k}"));
    }
    let mut out = Vec::new();
    write_game(&mut out, &g[0], Some(&new)).unwrap();
    let game = &games_of(&out)[0];
    let got = game.board().auction.as_ref().unwrap();
    assert!(got.same_calls(&new));
    assert_eq!(got.calls[8].note.as_deref(), Some("note 8"));
    assert_eq!(got.calls[9].note, None);
    assert!(
        text(&out).contains("{Note to call 10 (2N): note 9}\n{Note to call 11 (3C): note 10}\n")
    );
}

#[test]
fn play_before_the_auction() {
    // Labels in any order: notes before P are the auction's, after it the
    // play's.
    let file = b"B 5\nH W::AK\n1 strong\nP W:SA\n1 leading the ace\nA NZ:1N^1PPP\nC 1N:N\n\n";
    let g = games_of(file);
    assert_eq!(
        g[0].board().auction.as_ref().unwrap().calls[0]
            .note
            .as_deref(),
        Some("strong")
    );
    let mut new = auction(Seat::North, "1N P P P");
    new.calls[0].note = Some("15-17".to_owned());
    let mut out = Vec::new();
    write_game(&mut out, &g[0], Some(&new)).unwrap();
    assert_eq!(
        text(&out),
        "B 5\nH W::AK\nA NZ:1N^1A\n1 15-17\nP W:SA\n1 leading the ace\nC 1N:N\n\
         {Previous auction: NZ:1N^1PPP (note 1: strong)}\n\n"
    );
    assert_eq!(games_of(&out)[0].board().auction.as_ref(), Some(&new));
    // A reference to a note the game does not have reads as an empty note.
    let g = games_of(b"B 5\nA NZ:1N^2PPP\n1 strong\n\n");
    let a = g[0].board().auction.as_ref().unwrap();
    assert_eq!(a.calls[0].note.as_deref(), Some(""));
}

#[test]
fn unfinished_and_illegal_auctions() {
    let g = games("seed_article.rbn");
    let mut out = Vec::new();
    let err = write_game(&mut out, &g[0], Some(&auction(Seat::West, "1S 1H"))).unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::InvalidInput);
    assert!(out.is_empty());
    assert!(write_board(&mut out, g[0].board(), Some(&auction(Seat::West, "X"))).is_err());
    assert!(out.is_empty());

    let (out, game) = article_with("1S 2H");
    assert_eq!(game.label('C'), None);
    assert_eq!(game.label('A').as_deref(), Some("WZ:1S2H"));
    assert!(out.contains("; contract: 5HX:N; play: "));
    // Passed out.
    let (_, game) = article_with("P P P P");
    assert_eq!(game.label('C').as_deref(), Some("P"));
    assert_eq!(game.label('A').as_deref(), Some("WZ:A"));
}

#[test]
fn makes_keep_their_double_dummy_table() {
    let g = games("seed_examples.rbn");
    let mut out = Vec::new();
    write_game(&mut out, &g[1], Some(&strong_club(Seat::South))).unwrap();
    let t = text(&out);
    assert!(t.contains("\nM :88DAC\n"), "{t}");
    assert!(t.contains("; makes: A}"), "{t}");
    // M with only the tricks after the lead goes entirely.
    let mut out = Vec::new();
    write_game(&mut out, &g[0], Some(&strong_club(Seat::East))).unwrap();
    let t = text(&out);
    assert!(!t.contains("\nM "), "{t}");
    assert!(t.contains("; makes: 9}"), "{t}");
    assert!(t.contains("(note 1: Apparently lost his mind)"), "{t}");
}

#[test]
fn a_game_without_line_ending_or_auction() {
    let g = games_of(b"% made by hand\nB 9\nH W::AK\n{a comment}");
    let mut out = Vec::new();
    write_game(&mut out, &g[0], Some(&auction(Seat::North, "1C P P P"))).unwrap();
    assert_eq!(
        text(&out),
        "% made by hand\nB 9\nH W::AK\nA N:1CA\nC 1C:N\n{a comment}"
    );
    let back = games_of(&out);
    assert_eq!(back[0].board().auction.as_ref().unwrap().calls.len(), 4);
    // A game whose last label ends the file.
    let g = games_of(b"B 9\nH W::AK");
    let mut out = Vec::new();
    write_game(&mut out, &g[0], Some(&auction(Seat::North, "1C P"))).unwrap();
    assert_eq!(text(&out), "B 9\nH W::AK\nA N:1CP\n");
}

/// Every board of the data files, RBN and LIN.
fn all_boards() -> Vec<Board> {
    let mut boards = Vec::new();
    for name in GOOD.iter().chain(&["broken.rbn"]) {
        boards.extend(
            RbnReader::new(&data("rbn", name)[..])
                .filter_map(Result::ok)
                .map(RbnGame::into_board),
        );
    }
    for name in [
        "myhands.lin",
        "alerts.lin",
        "vugraph_split.lin",
        "claims_play.lin",
        "broken.lin",
    ] {
        boards.extend(
            LinReader::new(&data("lin", name)[..])
                .filter_map(Result::ok)
                .map(|g| g.into_board()),
        );
    }
    boards
}

fn same_board(a: &Board, b: &Board) {
    let mut b = b.clone();
    b.line = a.line;
    assert_eq!(*a, b);
}

#[test]
fn boards_read_back_the_same() {
    let boards = all_boards();
    assert!(boards.len() > 30);
    // One at a time, and all in one file.
    let mut file = Vec::new();
    for board in &boards {
        let mut out = Vec::new();
        write_board(&mut out, board, None).unwrap();
        let back = games_of(&out);
        assert_eq!(back.len(), 1);
        same_board(back[0].board(), board);
        file.extend_from_slice(&out);
    }
    let back = games_of(&file);
    assert_eq!(back.len(), boards.len());
    for (g, b) in back.iter().zip(&boards) {
        same_board(g.board(), b);
    }
    // Through RbnWriter: the same boards, in fewer bytes.
    let mut w = RbnWriter::new(Vec::new());
    for board in &boards {
        w.write_board(board, None).unwrap();
    }
    let compact = w.into_inner();
    assert!(
        compact.len() < file.len() * 3 / 4,
        "{} vs {}",
        compact.len(),
        file.len()
    );
    let back = games_of(&compact);
    assert_eq!(back.len(), boards.len());
    for (g, b) in back.iter().zip(&boards) {
        same_board(g.board(), b);
    }
}

#[test]
fn a_board_written_after_a_labelled_game() {
    let g = games("teams_match.rbn");
    let lin = LinReader::new(&data("lin", "myhands.lin")[..])
        .next()
        .unwrap()
        .unwrap();
    let mut out = Vec::new();
    write_game(&mut out, &g[0], None).unwrap();
    write_board(&mut out, lin.board(), None).unwrap();
    let back = games_of(&out);
    assert_eq!(back[1].label('E'), None, "T..N are stated null");
    assert_eq!(back[1].label('N'), None);
    same_board(back[1].board(), lin.board());
    let board_text = text(&out[g[0].raw().len()..]);
    assert_eq!(
        board_text,
        "T\nD\nL\nE\nS\nF\nK\nN\nB 1\n\
         H W:T876.AJ3.QT94.Q5:Q953.85.J532.T42:2.Q7642.A8.AK763:\n\
         A NZ:P1H1NP:2CP2SA\nC 2S:S\n\n"
    );
    // With an auction of its own, alerts and notes.
    let mut a = strong_club(Seat::North);
    a.calls[4].alert = true;
    let mut out = Vec::new();
    write_board(&mut out, lin.board(), Some(&a)).unwrap();
    assert!(
        text(&out)
            .ends_with("A NZ:1C*^1P1H^2P:1N*P3NA\n1 Precision, 16+\n2 negative, 0-7\nC 3N:N\n\n")
    );
    assert_eq!(games_of(&out)[0].board().auction.as_ref(), Some(&a));
}

#[test]
fn rbn_writer_states_what_left_out_games_gave() {
    let g = games("seed_examples.rbn");
    // Every other game, then all in reverse order.
    let orders: [Vec<usize>; 2] = [
        (0..g.len()).step_by(2).collect(),
        (0..g.len()).rev().collect(),
    ];
    for order in orders {
        let mut w = RbnWriter::new(Vec::new());
        for &k in &order {
            w.write_game(&g[k], None).unwrap();
        }
        let back = games_of(&w.into_inner());
        assert_eq!(back.len(), order.len());
        for (game, &k) in back.iter().zip(&order) {
            same_board(game.board(), g[k].board());
            for l in ['T', 'D', 'L', 'E', 'S', 'F', 'K', 'N', 'B', 'H'] {
                assert_eq!(game.label(l), g[k].label(l), "game {k} label {l}");
            }
        }
    }
    // A game after a skipped one inherits from it; written without it, the
    // inherited labels are stated.
    let file = b"E Club game\nB 1\nH W:AK:QJ\nA NZ:1S1H\n\nB 2\n\n";
    let results: Vec<_> = RbnReader::new(&file[..]).collect();
    assert!(results[0].is_err());
    let second = results[1].as_ref().unwrap();
    let mut w = RbnWriter::new(Vec::new());
    w.write_game(second, None).unwrap();
    assert_eq!(text(w.get_ref()), "E Club game\nH W:AK:QJ\nB 2\n\n");
    let back = games_of(w.get_ref());
    same_board(back[0].board(), second.board());

    // In the order read, nothing is added.
    let mut w = RbnWriter::new(Vec::new());
    for game in &g {
        w.write_game(game, None).unwrap();
    }
    assert_eq!(w.into_inner(), data("rbn", "seed_examples.rbn"));
}

#[test]
fn rbn_writer_leaves_out_what_repeats() {
    // Vugraph: two rooms per board; the closed room repeats B and H.
    let vugraph: Vec<_> = LinReader::new(&data("lin", "vugraph_split.lin")[..])
        .collect::<Result<_, _>>()
        .unwrap();
    let mut w = RbnWriter::new(Vec::new());
    for g in &vugraph {
        w.write_board(g.board(), None).unwrap();
    }
    assert_eq!(
        text(w.get_ref()),
        "B 1\nH W:T876.AJ3.QT94.Q5:Q953.85.J532.T42:2.Q7642.A8.AK763:\n\
         A NZ:P1H1N^1P:2CP2SA\n1 15-18\nC 2S:S\n\n\
         A NZ:P1HXP:1SP2SA\nC 2S:N\n\n\
         B 2\nH W:QJ94.AJ84.32.JT3:T865.Q653.AJ64.2:72.K97.T9.KQ9874:\n\
         A EN:P1DP1H:P1NP3N:A\nC 3N:S\n\n\
         A EN:3C3DP5D:A\nC 5D:S\n\n"
    );
    let back = games_of(w.get_mut());
    for (b, g) in back.iter().zip(&vugraph) {
        same_board(b.board(), g.board());
    }
    // A game read from RBN after a board: the labels it inherited are
    // stated.
    let rbn = games("teams_match.rbn");
    let mut w = RbnWriter::new(Vec::new());
    w.write_board(vugraph[0].board(), None).unwrap();
    w.write_game(&rbn[1], None).unwrap();
    let back = games_of(&w.into_inner());
    for l in ['T', 'D', 'L', 'E', 'S', 'F', 'K', 'N', 'B', 'H'] {
        assert_eq!(back[1].label(l), rbn[1].label(l), "label {l}");
    }
    same_board(back[1].board(), rbn[1].board());
}

#[test]
fn seats_round_the_table() {
    // Dealer and declarer letters for every dealer.
    for k in 0..4 {
        let dealer = seat_after(Seat::North, k);
        let board = Board {
            line: 1,
            number: Some(k as u32 + 1),
            dealer: Some(dealer),
            vulnerability: None,
            deal: bridge::deal::Deal::EMPTY,
            auction: Some(strong_club(dealer)),
        };
        let mut out = Vec::new();
        write_board(&mut out, &board, None).unwrap();
        let t = text(&out);
        assert!(
            t.contains(&format!("\nA {}:1C*^1P1H^2P:1NP3NA\n", dealer.letter())),
            "{t}"
        );
        assert!(t.contains(&format!("\nC 3N:{}\n", dealer.letter())), "{t}");
        same_board(games_of(&out)[0].board(), &board);
    }
}

#[test]
fn a_hidden_empty_hand_survives_writing() {
    let file = "B 1\nH W;873.A6.KT864.KQ8;:96.T54.97.AJ9643:T542.K93.AQ53.52\n\n";
    let game = &games_of(file.as_bytes())[0];
    let deal = game.board().deal;
    let mut out = Vec::new();
    write_board(&mut out, game.board(), None).unwrap();
    let back = games_of(&out);
    assert_eq!(back[0].board().deal, deal, "{}", text(&out));
    // The H label a game that does not state it inherits reads back too.
    let h = game.label('H').unwrap().into_owned();
    let again = games_of(format!("H {h}\n\n").as_bytes());
    assert_eq!(again[0].board().deal, deal, "{h}");
}

#[test]
fn boards_from_another_format_state_their_event_and_players() {
    let game = &games_of(b"B 1\nH W:873.A6.KT864.KQ8:96.T54.97.AJ9643:T542.K93.AQ53.52:\n\n")[0];
    let mut w = RbnWriter::new(Vec::new());
    let labels = [('E', "Tuesday pairs"), ('N', "Nick+Sue:Wendy+Ed")];
    w.write_board_labelled(game.board(), None, &labels).unwrap();
    w.write_board_labelled(game.board(), None, &labels).unwrap();
    w.write_board_labelled(game.board(), None, &[]).unwrap();
    let out = w.into_inner();
    let back = games_of(&out);
    assert_eq!(back.len(), 3, "{}", text(&out));
    for g in &back[..2] {
        assert_eq!(g.label('E').as_deref(), Some("Tuesday pairs"));
        assert_eq!(g.label('N').as_deref(), Some("Nick+Sue:Wendy+Ed"));
    }
    assert_eq!(back[2].label('E'), None, "{}", text(&out));
    // Stated once: the second board repeats them.
    assert_eq!(
        text(&out).matches("E Tuesday pairs").count(),
        1,
        "{}",
        text(&out)
    );
}

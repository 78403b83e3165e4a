//! Snapshots of written games: rewritten with a changed contract, with the
//! same contract, given an auction they did not have, and boards written
//! from scratch. Line ends are shown as `\n` (the CRLF files are checked for
//! CRLF apart) and Latin-1 games as UTF-8.

use bridge::auction::parse_call;
use contract_bridge::Seat;
use deal_formats::pbn::{PbnGame, PbnReader, write_board, write_game, write_header};
use deal_formats::{RecordedAuction, RecordedCall};
use std::path::Path;

fn games(name: &str) -> Vec<PbnGame> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/pbn")
        .join(name);
    let bytes = std::fs::read(&path).unwrap();
    PbnReader::new(bytes.as_slice())
        .filter_map(Result::ok)
        .collect()
}

/// An auction from `1C! 1D=note_text …` (`!` alerts, `=` starts a note,
/// `_` in a note is a space).
fn auction(dealer: Seat, calls: &str) -> RecordedAuction {
    RecordedAuction {
        dealer,
        calls: calls
            .split_whitespace()
            .map(|word| {
                let (call, note) = word
                    .split_once('=')
                    .map_or((word, None), |(c, n)| (c, Some(n.replace('_', " "))));
                RecordedCall {
                    call: parse_call(call.trim_end_matches('!')).unwrap(),
                    alert: call.ends_with('!'),
                    note,
                }
            })
            .collect(),
    }
}

/// Bytes as text for a snapshot: UTF-8 or else Latin-1, CRLF as LF.
fn shown(bytes: &[u8]) -> String {
    let text = String::from_utf8(bytes.to_vec())
        .unwrap_or_else(|_| bytes.iter().map(|&b| char::from(b)).collect());
    text.replace("\r\n", "\n")
}

fn rewritten(game: &PbnGame, new: &RecordedAuction) -> Vec<u8> {
    let mut out = Vec::new();
    write_game(&mut out, game, Some(new)).unwrap();
    out
}

#[test]
fn seed_example_with_a_changed_contract() {
    let g = &games("seed_examples.pbn")[0];
    let new = auction(
        Seat::North,
        "1D 1S 2H=weak_jump_shift,_\"5-8\" 4S Pass Pass Pass",
    );
    insta::assert_snapshot!(shown(&rewritten(g, &new)));
}

#[test]
fn bridgecomposer_game_with_a_changed_contract() {
    let g = &games("bridgecomposer.pbn")[0];
    let new = auction(
        Seat::North,
        "1S=5+_\\S 2H! 3H=limit_raise_in_\\S X 4S Pass Pass Pass",
    );
    let out = rewritten(g, &new);
    // Every line still ends with CRLF, and the text stays Latin-1.
    let text = String::from_utf8_lossy(&out);
    assert_eq!(text.matches('\n').count(), text.matches("\r\n").count());
    assert!(out.windows(2).any(|w| w == b"M\xfc"));
    insta::assert_snapshot!(shown(&out));
}

#[test]
fn hand_typed_game_with_sections_in_the_middle_of_lines() {
    let g = &games("handtyped.pbn")[1];
    let new = auction(Seat::East, "1D X 1NT=6-9 Pass Pass Pass");
    insta::assert_snapshot!(shown(&rewritten(g, &new)));
}

#[test]
fn same_contract_other_calls_keeps_the_play() {
    let g = &games("seed_examples.pbn")[4];
    let new = auction(Seat::North, "1D Pass 3NT Pass Pass Pass");
    insta::assert_snapshot!(shown(&rewritten(g, &new)));
}

#[test]
fn deal_only_game_gets_an_auction() {
    let g = &games("dealer4.pbn")[0];
    let new = auction(
        Seat::North,
        "1NT=15-17 Pass 2D!=transfer Pass 2H Pass Pass Pass",
    );
    insta::assert_snapshot!(shown(&rewritten(g, &new)));
}

#[test]
fn boards_from_scratch_in_export_format() {
    let mut out = Vec::new();
    write_header(&mut out).unwrap();
    let mut board = games("dealer4.pbn")[1].board().clone();
    board.line = 1;
    let new = auction(
        Seat::East,
        "1NT=15-17 Pass 2C!=Stayman Pass 2D!=no_4-card_major Pass 3NT Pass Pass Pass",
    );
    write_board(&mut out, &board, Some(&new)).unwrap();
    board.number = None;
    board.vulnerability = None;
    board.dealer = None;
    write_board(&mut out, &board, None).unwrap();
    let unfinished = auction(Seat::South, "1C 1H 1S 2H");
    write_board(&mut out, &board, Some(&unfinished)).unwrap();
    assert!(
        !String::from_utf8_lossy(&out)
            .replace("\r\n", "")
            .contains('\n')
    );
    insta::assert_snapshot!(shown(&out));
}

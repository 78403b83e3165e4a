//! Properties of the LIN reader: no input makes it panic, reading stops at
//! the end, and every board it reads writes to RBN and reads back the same.

mod common;

use deal_formats::lin::LinReader;
use deal_formats::rbn::{RbnReader, write_board};
use deal_formats::{Board, ReadError};
use proptest::prelude::*;
use proptest::sample::Index;

const FILES: [&str; 5] = [
    "myhands.lin",
    "alerts.lin",
    "vugraph_split.lin",
    "claims_play.lin",
    "broken.lin",
];

fn data(name: &str) -> Vec<u8> {
    common::data("lin", name)
}

fn exercise(bytes: &[u8]) -> Result<(), TestCaseError> {
    let mut reader = LinReader::new(bytes);
    let mut count = 0;
    while let Some(result) = reader.next() {
        count += 1;
        prop_assert!(count <= bytes.len() + 1);
        match result {
            Ok(game) => {
                let board: &Board = game.board();
                prop_assert!(board.line >= 1);
                let _ = game.pairs().count();
                let _ = game.players();
                let mut out = Vec::new();
                write_board(&mut out, board, None).unwrap();
                let back = RbnReader::new(&out[..]).next().unwrap().unwrap();
                let mut expect = board.clone();
                expect.line = back.line();
                // RBN states the vulnerability and the auction with a
                // dealer.
                if board.auction.is_some() || board.vulnerability.is_some() {
                    expect.dealer = Some(board.effective_dealer());
                }
                prop_assert_eq!(back.board(), &expect);
            }
            Err(ReadError::Io(_) | ReadError::Fatal { .. }) => {
                prop_assert!(reader.next().is_none());
                break;
            }
            Err(ReadError::Skipped(s)) => prop_assert!(s.line >= 1),
        }
    }
    Ok(())
}

/// Pieces of LIN, to make random text that is nearly LIN.
fn piece() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "|",
        "||",
        "\n",
        "md|",
        "md|3",
        "S",
        "H",
        "D",
        "C",
        "AKQ",
        "T98",
        "10",
        ",",
        "sv|",
        "o",
        "b",
        "ah|Board 3|",
        "qx|o1|",
        "mb|",
        "p",
        "d",
        "r",
        "1C",
        "7N",
        "!",
        "an|",
        "pn|a,b,c,d|",
        "pc|SA|",
        "mc|9|",
        "pg||",
        " ",
        "é",
        "ah|",
        "Board 99999999999|",
    ])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..3000)) {
        exercise(&bytes)?;
    }

    #[test]
    fn nearly_lin(pieces in prop::collection::vec(piece(), 0..150)) {
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
}

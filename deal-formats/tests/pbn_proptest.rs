//! The reader and writer never panic: on random bytes, and on random
//! mutations of valid files. And what they read, they give back: every game
//! read writes back as its own text, a file read without a fault writes
//! back whole, and a game rewritten with a new auction reads back with it.

use bridge::auction::{Bidding, Call};
use bridge::vulnerability::Vulnerability;
use deal_formats::pbn::{PbnGame, PbnReader, as_recorded, write_board, write_game};
use deal_formats::{ReadError, RecordedAuction, RecordedCall};
use proptest::prelude::*;
use std::path::Path;

fn base() -> Vec<u8> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pbn");
    let mut all = Vec::new();
    for name in [
        "seed_examples.pbn",
        "handtyped.pbn",
        "bridgecomposer.pbn",
        "broken.pbn",
    ] {
        all.extend(std::fs::read(dir.join(name)).unwrap());
        all.extend_from_slice(b"\n");
    }
    all
}

/// A legal auction from choices: each picks among the legal calls.
fn legal_auction(dealer: contract_bridge::Seat, picks: &[u8], flags: &[u8]) -> RecordedAuction {
    let mut bidding = Bidding::new(dealer, Vulnerability::None);
    let mut calls = Vec::new();
    for (k, &p) in picks.iter().enumerate() {
        if bidding.has_ended() {
            break;
        }
        let legal: Vec<Call> = bidding.legal_calls().collect();
        // Mostly passes, so that auctions end.
        let call = if p < 128 {
            Call::Pass
        } else {
            legal[usize::from(p) % legal.len()]
        };
        bidding.push(call).unwrap();
        let flag = flags.get(k).copied().unwrap_or(0);
        calls.push(RecordedCall {
            call,
            alert: flag & 1 == 1,
            note: (flag & 2 == 2).then(|| format!("note \"{flag}\" \\ {{x}} ; % é")),
        });
    }
    RecordedAuction { dealer, calls }
}

/// Whether the game inherits a Result or score through an earlier `##`
/// (a tag it has a value for but does not write).
fn inherits_sticky(g: &PbnGame) -> bool {
    [
        "Result",
        "Score",
        "ScoreIMP",
        "ScoreMP",
        "ScorePercentage",
        "ScoreRubber",
    ]
    .iter()
    .any(|name| {
        g.tag(name).is_some()
            && !g
                .text()
                .windows(name.len() + 1)
                .any(|w| w[1..] == *name.as_bytes() && w[0] == b'[')
    })
}

/// Reads `bytes` and checks what must hold whatever they are.
fn check(bytes: &[u8], picks: &[u8], flags: &[u8]) {
    let results: Vec<Result<PbnGame, ReadError>> = PbnReader::new(bytes).collect();
    let faults = results.iter().filter(|r| r.is_err()).count();
    let games: Vec<PbnGame> = results.into_iter().filter_map(Result::ok).collect();
    let mut whole = Vec::new();
    for g in &games {
        let mut out = Vec::new();
        write_game(&mut out, g, None).unwrap();
        // Byte for byte, unless a Result or score inherits (`#`, `##`):
        // those are written out in full.
        if !g.text().windows(2).any(|w| w == b"\"#") && !inherits_sticky(g) {
            assert_eq!(out, g.text());
        }
        whole.extend_from_slice(g.text());
        // A new auction reads back with it, in one game with the same deal.
        let new = legal_auction(g.board().effective_dealer(), picks, flags);
        let mut out = Vec::new();
        write_game(&mut out, g, Some(&new)).unwrap();
        let back: Vec<_> = PbnReader::new(out.as_slice()).collect();
        assert_eq!(
            back.len(),
            1,
            "{}\n---\n{}",
            String::from_utf8_lossy(g.text()),
            String::from_utf8_lossy(&out)
        );
        match &back[0] {
            Ok(h) => {
                assert_eq!(h.board().auction.as_ref(), Some(&as_recorded(&new)));
                assert_eq!(h.board().deal, g.board().deal);
            }
            Err(e) => panic!(
                "{e}\n{}\n---\n{}",
                String::from_utf8_lossy(g.text()),
                String::from_utf8_lossy(&out)
            ),
        }
        let mut out = Vec::new();
        write_board(&mut out, g.board(), Some(&new)).unwrap();
        let back: Vec<_> = PbnReader::new(out.as_slice()).collect();
        assert_eq!(back.len(), 1);
        let h = back.into_iter().next().unwrap().unwrap();
        assert_eq!(h.board().auction.as_ref(), Some(&as_recorded(&new)));
    }
    if faults == 0 && !games.is_empty() {
        assert_eq!(whole, bytes);
    }
}

/// Bytes that matter to PBN, and some that do not.
fn pbn_byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        prop::sample::select(b"[]{}\";%\\#=!?$*+-^ \t\r\n\n\nPXNESW1234567ACDHSTpx:.".to_vec()),
        any::<u8>(),
    ]
}

#[derive(Debug, Clone)]
enum Mutation {
    Delete(usize, usize),
    Insert(usize, Vec<u8>),
    Duplicate(usize, usize),
    Replace(usize, u8),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), 1usize..40).prop_map(|(a, n)| Mutation::Delete(a, n)),
        (any::<usize>(), prop::collection::vec(pbn_byte(), 1..12))
            .prop_map(|(a, b)| Mutation::Insert(a, b)),
        (any::<usize>(), 1usize..200).prop_map(|(a, n)| Mutation::Duplicate(a, n)),
        (any::<usize>(), pbn_byte()).prop_map(|(a, b)| Mutation::Replace(a, b)),
    ]
}

fn mutate(mut bytes: Vec<u8>, mutations: &[Mutation]) -> Vec<u8> {
    for m in mutations {
        let len = bytes.len().max(1);
        match m {
            Mutation::Delete(a, n) => {
                let a = a % len;
                let b = (a + n).min(bytes.len());
                if a < b {
                    bytes.drain(a..b);
                }
            }
            Mutation::Insert(a, b) => {
                let a = (a % (bytes.len() + 1)).min(bytes.len());
                bytes.splice(a..a, b.iter().copied());
            }
            Mutation::Duplicate(a, n) => {
                let a = a % len;
                let b = (a + n).min(bytes.len());
                if a < b {
                    let copy = bytes[a..b].to_vec();
                    bytes.splice(b..b, copy);
                }
            }
            Mutation::Replace(a, b) => {
                if !bytes.is_empty() {
                    let a = a % bytes.len();
                    bytes[a] = *b;
                }
            }
        }
    }
    bytes
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes(bytes in prop::collection::vec(pbn_byte(), 0..600),
                    picks in prop::collection::vec(any::<u8>(), 0..40),
                    flags in prop::collection::vec(any::<u8>(), 0..40)) {
        check(&bytes, &picks, &flags);
    }

    #[test]
    fn mutated_files(mutations in prop::collection::vec(mutation(), 1..8),
                     picks in prop::collection::vec(any::<u8>(), 0..40),
                     flags in prop::collection::vec(any::<u8>(), 0..40)) {
        let bytes = mutate(base(), &mutations);
        check(&bytes, &picks, &flags);
    }
}

#[test]
fn valid_files_round_trip_whole() {
    let bytes = base();
    check(&bytes, &[200, 130, 0, 0, 0], &[1, 2, 3]);
    // Each line end style, and none at the very end.
    let crlf: Vec<u8> = String::from_utf8_lossy(&bytes)
        .replace("\r\n", "\n")
        .replace('\n', "\r\n")
        .into_bytes();
    check(&crlf, &[200, 0, 0, 0], &[3]);
    let mut cut = bytes;
    while cut.last() == Some(&b'\n') {
        cut.pop();
    }
    check(&cut, &[255, 0, 0, 0], &[2]);
}

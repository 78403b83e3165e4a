//! Helpers the readers' tests share: their test files, the summary of what
//! a reader kept and skipped, and the edits the mutation properties make.
//! (Each test binary uses some of them.)
#![allow(dead_code)]

use deal_formats::ReadError;
use proptest::sample::Index;

/// The bytes of `tests/data/{format}/{name}`.
pub fn data(format: &str, name: &str) -> Vec<u8> {
    let path = format!("{}/tests/data/{format}/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Game by game, what a reader gave: `Ok(line)` for a game read (the line
/// it starts on, from `line_of`), `Err((line, why))` for one skipped.
///
/// # Panics
///
/// A reader stopped with an error other than a skipped game.
pub fn summary<G>(
    results: &[Result<G, ReadError>],
    line_of: impl Fn(&G) -> usize,
) -> Vec<Result<usize, (usize, String)>> {
    results
        .iter()
        .map(|r| match r {
            Ok(g) => Ok(line_of(g)),
            Err(ReadError::Skipped(s)) => Err((s.line, s.why.clone())),
            Err(e) => panic!("unexpected {e}"),
        })
        .collect()
}

/// Asserts that a [`summary`] is `expect`: `(Ok(line), "")` for a game
/// read at that line, `(Err(line), words)` for one skipped there with
/// `words` in the reason.
pub fn assert_summary(
    summary: &[Result<usize, (usize, String)>],
    expect: &[(Result<usize, usize>, &str)],
) {
    assert_eq!(summary.len(), expect.len(), "{summary:?}");
    for (got, (want, words)) in summary.iter().zip(expect) {
        match (got, want) {
            (Ok(line), Ok(w)) => assert_eq!(line, w),
            (Err((line, why)), Err(w)) => {
                assert_eq!(line, w, "{why}");
                assert!(why.contains(words), "line {line}: {why}");
            }
            _ => panic!("{got:?} vs {want:?}"),
        }
    }
}

/// Applies `edits` to `bytes` in order. An edit is where, which (0
/// replaces a byte, 1 inserts one, 2 removes one, 3 inserts a piece of
/// text), the byte and the text.
pub fn apply_edits<T: AsRef<str>>(bytes: &mut Vec<u8>, edits: Vec<(Index, u8, u8, T)>) {
    for (at, op, byte, text) in edits {
        let text = text.as_ref();
        let i = at.index(bytes.len() + 1);
        match op {
            0 if i < bytes.len() => bytes[i] = byte,
            1 => bytes.insert(i, byte),
            2 if i < bytes.len() => {
                bytes.remove(i);
            }
            _ => {
                for (k, &b) in text.as_bytes().iter().enumerate() {
                    bytes.insert(i + k, b);
                }
            }
        }
    }
}

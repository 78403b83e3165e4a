//! A game whose Auction section runs for a million words is skipped (or
//! read, when a `*` ends its calls) without holding the section word by
//! word: a counting allocator checks that reading it takes memory in
//! proportion to the game's text, which is kept, and no more.

use deal_formats::ReadError;
use deal_formats::pbn::PbnReader;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Bytes allocated now, and the most since the last reset.
static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
/// One measuring test at a time (the counts are the process's).
static MEASURING: Mutex<()> = Mutex::new(());

struct Counting;

fn grew(by: usize) {
    let live = LIVE.fetch_add(by, Ordering::Relaxed) + by;
    PEAK.fetch_max(live, Ordering::Relaxed);
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grew(layout.size());
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // Counted as the new block allocated before the old one is freed.
        grew(new_size);
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

const DEAL: &str =
    "[Deal \"N:AKQ2.K52.J83.Q74 JT9.QJ9.KQ9.AK32 876.T876.A76.J98 543.A43.T542.T65\"]\n";

/// A file of two games, the first with an Auction section of `lines` lines
/// of `line` after `head`.
fn file(head: &str, line: &str, lines: usize) -> Vec<u8> {
    let mut file = format!("[Board \"1\"]\n[Dealer \"N\"]\n{DEAL}[Auction \"N\"]\n{head}");
    file.reserve(line.len() * lines + 200);
    for _ in 0..lines {
        file.push_str(line);
    }
    file.push_str(&format!("\n[Board \"2\"]\n[Dealer \"E\"]\n{DEAL}"));
    file.into_bytes()
}

/// Holds the allocation counters for one test, from before it builds its
/// file to its last check: the counters see every thread's allocations, so
/// a test building its multi-megabyte file while another measures would
/// show up in the other's peak.
fn measuring() -> std::sync::MutexGuard<'static, ()> {
    MEASURING
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Reads every game of `file`, with the peak of memory allocated meanwhile
/// beyond what was allocated before (call with [`measuring`] held).
fn read_measured(file: &[u8]) -> (Vec<Result<deal_formats::pbn::PbnGame, ReadError>>, usize) {
    let base = LIVE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let games: Vec<_> = PbnReader::new(file).collect();
    let peak = PEAK.load(Ordering::Relaxed) - base;
    (games, peak)
}

#[test]
fn a_million_word_auction_is_skipped_in_memory_proportional_to_its_text() {
    let _counters = measuring();
    // 250,000 lines, a million words: the fourth is an illegal double.
    let file = file("", "Pass Pass Pass X\n", 250_000);
    let (games, peak) = read_measured(&file);
    assert_eq!(games.len(), 2);
    match &games[0] {
        Err(ReadError::Skipped(s)) => {
            assert_eq!(s.line, 5);
            assert!(s.why.contains("double with no bid to double"), "{}", s.why);
            // The skipped game's text is kept, to be written back.
            assert!(s.text.len() > 4_000_000);
        }
        Err(other) => panic!("{other}"),
        Ok(game) => panic!("read, not skipped: the game of line {}", game.line()),
    }
    assert_eq!(
        games[1].as_ref().map(|g| g.tag("Board")).ok(),
        Some(Some("2"))
    );
    // The text (kept) and its buffer's growth (a doubling: the old buffer
    // and the new one at once); words held one by one took six times the
    // text more.
    assert!(
        peak < 4 * file.len(),
        "{peak} bytes at the peak for a {}-byte file",
        file.len()
    );
}

#[test]
fn a_section_with_more_words_than_any_auction_is_skipped_at_the_first_word_past_them() {
    let _counters = measuring();
    // A legal auction, then NAGs for ever: no call is illegal, but no
    // auction has that many words.
    let file = file("1C Pass Pass Pass\n", "$1 $2\n", 100_000);
    let (games, _) = read_measured(&file);
    match &games[0] {
        Err(ReadError::Skipped(s)) => {
            assert!(s.why.contains("goes on past 4096 words"), "{}", s.why);
            // 4 calls and 2,046 lines of two NAGs are kept: the next word
            // is on the section's 2,048th line.
            assert_eq!(s.line, 5 + 2047, "{}", s.why);
        }
        Err(other) => panic!("{other}"),
        Ok(game) => panic!("read, not skipped: the game of line {}", game.line()),
    }
    assert!(games[1].is_ok());
}

#[test]
fn a_long_section_after_a_star_is_read() {
    let _counters = measuring();
    let file = file("1C Pass Pass Pass *\n", "whatever follows\n", 100_000);
    let (games, peak) = read_measured(&file);
    let game = games[0].as_ref().expect("read");
    let auction = game.board().auction.as_ref().expect("an auction");
    assert_eq!(auction.calls.len(), 4);
    assert_eq!(game.text(), &file[..game.text().len()]);
    assert!(peak < 4 * file.len(), "{peak}");
}

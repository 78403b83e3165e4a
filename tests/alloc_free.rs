//! The decision hot path allocates nothing once its scratch buffers are warm:
//! a counting global allocator watches `Table::decide`. It counts the
//! allocations of the deciding thread only: loading the rulebook leaves
//! rayon's workers behind, and what they allocate as they settle (seen under
//! load) is not the decision's.

use bridge::auction::{Bidding, Vulnerability};
use bridge::hand::parse_hand;
use contract_bridge::Seat;
use engine::resolve::hand_eval::HandEval;
use engine::resolve::resolver::Table;
use engine::rulebook::{RulebookSource, load};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    /// This thread's allocations (a const initialiser: reading it never
    /// allocates).
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count() {
    ALLOCATIONS.with(|n| n.set(n.get() + 1));
}

fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn deciding_allocates_nothing_once_warm() {
    for (source, auction) in [
        (RulebookSource::Path("tests/mini-rulebook".into()), "1N P"),
        (RulebookSource::Path("tests/mini-rulebook".into()), "1H P"),
        (RulebookSource::Embedded, "P P"),
    ] {
        let rulebook = load(&source).expect("loads");
        let book = &rulebook.book;
        let mut scratch = book.scratch();
        let bidding = Bidding::parse(auction, Seat::North).unwrap();
        let table = Table::with_calls(
            book,
            Seat::North,
            Vulnerability::None,
            bidding.calls(),
            &mut scratch,
        )
        .unwrap();
        let hands: Vec<HandEval> = ["QT73.K652.A3.T93", "K32.Q864.J73.832", "AKQ52.A32.K3.A32"]
            .iter()
            .map(|h| HandEval::new(parse_hand(h).unwrap()))
            .collect();
        for h in &hands {
            table.decide(h, &mut scratch);
        }
        let before = allocations();
        for _ in 0..100 {
            for h in &hands {
                std::hint::black_box(table.decide(h, &mut scratch));
            }
        }
        let after = allocations();
        assert_eq!(after - before, 0, "decide allocated after {auction}");
    }
}

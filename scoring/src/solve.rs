//! Solving double-dummy tables with `pons-dds`.
//!
//! * [`solve`] — all 20 results of one deal, on the calling thread.
//! * [`solve_some`] — only the cells of a [`DdMask`]: a strain nobody asked
//!   about is not searched, and a strain asked for one declarer only is
//!   searched for that declarer only (one search instead of four).
//! * [`solve_many`] / [`solve_all`] — many deals in parallel on the
//!   *caller's* rayon thread pool (the one [`rayon::ThreadPool::install`]
//!   runs in, else rayon's global pool), one deal per task, results in input
//!   order.
//!
//! A deal that does not hold all 52 cards is refused with
//! [`DdError::IncompleteDeal`]: the solver never fills in missing cards.
//!
//! # Stack size
//!
//! The alpha-beta search recurses about 50 plies deep with large frames.
//! Measured on 30 random deals (`examples/dd_timing.rs --stack`): an
//! optimised build overflows 512 KiB and fits in 1 MiB; an unoptimised
//! build needs much more. Rayon's and `std::thread`'s default 2 MiB is
//! therefore a thin margin. Run the solving functions on threads with
//! [`SOLVER_STACK_SIZE`] of stack, as `pons-dds` does for its own pool:
//! [`thread_pool`] builds a rayon pool with such threads (the stack is
//! virtual memory; only what is used is committed).
//!
//! # Solver reuse
//!
//! Every thread keeps one `pons_dds::Solver` (its transposition table is a
//! 160 MiB allocation) in thread-local storage and reuses it for every deal
//! it solves, so solving many deals does not reallocate per deal.

use crate::table::{DdMask, DdTable, PartialTable};
use contract_bridge::{FullDeal, PartialDeal, Seat, Strain};
use pons_dds::{Board, CurrentTrick, Objective, Solver, Target};
use rayon::prelude::*;
use std::cell::RefCell;
use thiserror::Error;

/// The stack every solving thread should have: 16 MiB.
pub const SOLVER_STACK_SIZE: usize = 16 * 1024 * 1024;

/// Why a deal could not be solved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum DdError {
    /// The deal does not have 13 cards in every hand.
    #[error(
        "double-dummy solving needs all 52 cards, but the hands hold N {} E {} S {} W {}",
        .cards[0], .cards[1], .cards[2], .cards[3]
    )]
    IncompleteDeal {
        /// The number of cards in each hand, N, E, S, W.
        cards: [u8; 4],
    },
}

/// `deal` as a full deal, or [`DdError::IncompleteDeal`] when a hand has
/// fewer than 13 cards.
///
/// # Errors
///
/// When some hand does not hold 13 cards.
pub fn full_deal(deal: impl Into<PartialDeal>) -> Result<FullDeal, DdError> {
    let deal = deal.into();
    FullDeal::try_from(deal).map_err(|deal| DdError::IncompleteDeal {
        cards: Seat::ALL.map(|seat| u8::try_from(deal[seat].len()).unwrap_or(u8::MAX)),
    })
}

/// A rayon thread pool of `threads` threads (0: rayon's default count) with
/// [`SOLVER_STACK_SIZE`] stacks, for [`solve_many`] and friends.
///
/// # Errors
///
/// When the threads cannot be created.
pub fn thread_pool(threads: usize) -> Result<rayon::ThreadPool, rayon::ThreadPoolBuildError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(SOLVER_STACK_SIZE)
        .thread_name(|i| format!("dd-solver-{i}"))
        .build()
}

thread_local! {
    /// This thread's solver, kept for the next deal.
    static SOLVER: RefCell<Option<Box<Solver>>> = const { RefCell::new(None) };
}

/// Run `f` on this thread's solver, creating it on first use.
fn with_solver<R>(f: impl FnOnce(&mut Solver) -> R) -> R {
    SOLVER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let solver = slot.get_or_insert_with(|| Box::new(Solver::new(Strain::Notrump)));
        f(solver)
    })
}

/// The tricks `declarer` takes in `strain`: one search, with the opening
/// leader (declarer's left-hand opponent) on lead.
fn solve_one_declarer(solver: &mut Solver, deal: FullDeal, declarer: Seat, strain: Strain) -> u8 {
    let board = Board::try_new(deal.into(), CurrentTrick::new(strain, declarer.lho()))
        .expect("a full deal before the opening lead is a valid board");
    let found = solver.solve_board(&Objective {
        board,
        target: Target::Any(None),
    });
    // The score is the defenders' (the side on lead) best.
    let defenders = found.plays.first().map_or(0, |play| play.score.get());
    13 - defenders
}

/// Solve the cells of `mask` for a full deal on the calling thread.
fn solve_full(deal: FullDeal, mask: DdMask) -> PartialTable {
    with_solver(|solver| {
        let mut table = DdTable::default();
        let mut solved = DdMask::NONE;
        for strain in Strain::DESC {
            let mut declarers = mask.declarers_in(strain);
            match (declarers.next(), declarers.next()) {
                (None, _) => {}
                (Some(declarer), None) => {
                    table.set(
                        declarer,
                        strain,
                        solve_one_declarer(solver, deal, declarer, strain),
                    );
                    solved = solved | DdMask::cell(declarer, strain);
                }
                (Some(_), Some(_)) => {
                    // Two or more declarers: solving all four at once shares
                    // one transposition table, which costs little more.
                    solver.set_strain(strain);
                    let row = solver.solve(deal);
                    for seat in Seat::ALL {
                        table.set(seat, strain, row.get(seat).get());
                    }
                    solved = solved | DdMask::strain(strain);
                }
            }
        }
        PartialTable::new(solved, table)
    })
}

/// All 20 results of `deal` (4 declarers × 5 strains), solved on the
/// calling thread (see the module docs for its stack).
///
/// # Errors
///
/// [`DdError::IncompleteDeal`] when a hand does not hold 13 cards.
pub fn solve(deal: impl Into<PartialDeal>) -> Result<DdTable, DdError> {
    let deal = full_deal(deal)?;
    Ok(solve_full(deal, DdMask::ALL)
        .full()
        .expect("every cell was asked for"))
}

/// The results of `deal` for the cells in `mask` only, solved on the
/// calling thread. The answer may know more cells than asked for (a strain
/// asked for two declarers is solved for all four).
///
/// # Errors
///
/// [`DdError::IncompleteDeal`] when a hand does not hold 13 cards.
pub fn solve_some(deal: impl Into<PartialDeal>, mask: DdMask) -> Result<PartialTable, DdError> {
    Ok(solve_full(full_deal(deal)?, mask))
}

/// The cells in `mask` of every deal, solved in parallel on the caller's
/// rayon pool, one deal per task; the results are in the order of `deals`.
pub fn solve_many<D>(deals: &[D], mask: DdMask) -> Vec<Result<PartialTable, DdError>>
where
    D: Into<PartialDeal> + Copy + Sync,
{
    deals
        .par_iter()
        .with_max_len(1)
        .map(|&deal| solve_some(deal, mask))
        .collect()
}

/// All 20 results of every deal, solved in parallel on the caller's rayon
/// pool; the results are in the order of `deals`.
pub fn solve_all<D>(deals: &[D]) -> Vec<Result<DdTable, DdError>>
where
    D: Into<PartialDeal> + Copy + Sync,
{
    deals
        .par_iter()
        .with_max_len(1)
        .map(|&deal| solve(deal))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Run `f` on a thread with a solver-sized stack.
    pub(crate) fn on_big_stack<R: Send>(f: impl FnOnce() -> R + Send) -> R {
        std::thread::scope(|s| {
            std::thread::Builder::new()
                .stack_size(SOLVER_STACK_SIZE)
                .spawn_scoped(s, f)
                .unwrap()
                .join()
                .unwrap()
        })
    }

    fn deal(pbn: &str) -> FullDeal {
        pbn.parse().unwrap()
    }

    /// Each hand a solid 13-card suit (the example in pons-dds's README).
    const SOLID_SUITS: &str =
        "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432";

    /// North holds the top 4 spades and the top 3 of each other suit; East
    /// and West are both 4-3-3-3 with four spades. North wins the opening
    /// lead whatever is led (every defender can follow), draws trumps in
    /// any suit (no defender holds more trumps than North's top ones), and
    /// then cashes the rest: 13 tricks in every strain for North or South
    /// as declarer, and therefore 0 for East or West.
    pub(crate) const TOP_CARDS: &str =
        "N:AKQJ.AKQ.AKQ.AKQ T987.765.765.765 2.JT98.JT98.JT98 6543.432.432.432";

    #[test]
    fn all_the_top_cards() {
        let table = on_big_stack(|| solve(deal(TOP_CARDS)).unwrap());
        for strain in Strain::ASC {
            for seat in [Seat::North, Seat::South] {
                assert_eq!(table.get(seat, strain), 13, "{seat:?} {strain}");
                assert_eq!(
                    table.get(seat.lho(), strain),
                    0,
                    "{:?} {strain}",
                    seat.lho()
                );
            }
        }
    }

    /// The solid-suits deal (North spades, East hearts, South diamonds,
    /// West clubs), every cell by reasoning: the owner of a suit
    /// (or their partner) declaring in it ruffs every trick, 13; declaring
    /// in an opponent's suit the opponent holds all 13 trumps, 0; in
    /// notrump the opening leader runs a 13-card suit, 0.
    #[test]
    fn solid_suits_every_cell() {
        let table = on_big_stack(|| solve(deal(SOLID_SUITS)).unwrap());
        for seat in Seat::ALL {
            let ns = matches!(seat, Seat::North | Seat::South);
            for strain in Strain::ASC {
                let expected = match strain {
                    Strain::Notrump => 0,
                    Strain::Spades | Strain::Diamonds => {
                        if ns {
                            13
                        } else {
                            0
                        }
                    }
                    Strain::Hearts | Strain::Clubs => {
                        if ns {
                            0
                        } else {
                            13
                        }
                    }
                };
                assert_eq!(table.get(seat, strain), expected, "{seat:?} {strain}");
            }
        }
    }

    /// Solving through a mask gives the same cells as the full table, on
    /// both paths: one declarer alone (a single search) and whole strains.
    #[test]
    fn masks_agree_with_the_full_table() {
        let d = deal("N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85");
        let mask = DdMask::cell(Seat::South, Strain::Hearts)
            | DdMask::cell(Seat::West, Strain::Notrump)
            | DdMask::strain(Strain::Spades);
        let (full, part) = on_big_stack(|| (solve(d).unwrap(), solve_some(d, mask).unwrap()));
        assert_eq!(part.solved(), mask);
        for seat in Seat::ALL {
            for strain in Strain::ASC {
                if mask.contains(seat, strain) {
                    assert_eq!(part.get(seat, strain), Some(full.get(seat, strain)));
                } else {
                    assert_eq!(part.get(seat, strain), None);
                }
            }
        }
        assert_eq!(
            on_big_stack(|| solve_some(d, DdMask::NONE).unwrap()).solved(),
            DdMask::NONE
        );
    }

    /// Many deals on a caller's pool come back in order, errors in place.
    #[test]
    fn many_deals_in_order() {
        let partial: PartialDeal = "N:AKQ... .AKQ.. ..AKQ. ...AKQ".parse().unwrap();
        let deals: Vec<PartialDeal> =
            vec![deal(TOP_CARDS).into(), partial, deal(SOLID_SUITS).into()];
        let pool = thread_pool(2).unwrap();
        let tables = pool.install(|| solve_all(&deals));
        assert_eq!(tables[0].unwrap().get(Seat::South, Strain::Clubs), 13);
        assert!(matches!(tables[1], Err(DdError::IncompleteDeal { .. })));
        assert_eq!(tables[2].unwrap().get(Seat::West, Strain::Clubs), 13);
        let some = pool.install(|| solve_many(&deals, DdMask::strain(Strain::Clubs)));
        assert_eq!(some[2].unwrap().get(Seat::East, Strain::Clubs), Some(13));
        assert_eq!(some[2].unwrap().get(Seat::East, Strain::Hearts), None);
    }

    #[test]
    fn incomplete_deal_is_an_error() {
        let partial: PartialDeal = "N:AKQ... .AKQ.. ..AKQ. ...AKQ".parse().unwrap();
        assert_eq!(
            solve(partial),
            Err(DdError::IncompleteDeal {
                cards: [3, 3, 3, 3]
            })
        );
        let err = solve_some(partial, DdMask::ALL).unwrap_err();
        assert!(err.to_string().contains("N 3 E 3 S 3 W 3"), "{err}");
    }
}

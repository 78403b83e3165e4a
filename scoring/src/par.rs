//! Par: the result of a deal when both sides bid perfectly, knowing the
//! double-dummy table.
//!
//! [`par`] takes a [`DdTable`], the vulnerability and the dealer and returns
//! the par score (North-South's view) and every par contract. It runs
//! `pons-dds`'s statement-for-statement port of DDS's `DealerParBin` (the
//! Matthew Kidd algorithm): each side's highest-scoring making contracts,
//! sacrifices doubled against them, and the side that can bid first getting
//! its contract when both sides can make something. [`par_both`] is DDS's
//! `SidesParBin`: the par when North-South bid first and when East-West do.
//!
//! [`crate::par_reference`] is an independent implementation (a minimax over
//! a model auction) that the tests check this against on hundreds of deals.

use crate::table::DdTable;
use contract_bridge::{AbsoluteVulnerability, Contract, Seat};

/// One par contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ParContract {
    /// The contract, doubled when it is a sacrifice.
    pub contract: Contract,
    /// Its declarer.
    pub declarer: Seat,
    /// Overtricks when made (0 or more), minus the undertricks when a
    /// sacrifice.
    pub overtricks: i8,
}

/// Par score and par contracts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Par {
    /// The par score, from North-South's point of view.
    pub score: i32,
    /// The contracts that reach it; empty when par is a pass-out (score 0).
    pub contracts: Vec<ParContract>,
}

impl From<pons_dds::Par> for Par {
    fn from(par: pons_dds::Par) -> Self {
        Self {
            score: par.score,
            contracts: par
                .contracts
                .into_iter()
                .map(|c| ParContract {
                    contract: c.contract,
                    declarer: c.declarer,
                    overtricks: c.overtricks,
                })
                .collect(),
        }
    }
}

fn pons_vulnerability(vul: AbsoluteVulnerability) -> pons_dds::Vulnerability {
    let mut out = pons_dds::Vulnerability::NONE;
    if vul.contains(AbsoluteVulnerability::NS) {
        out |= pons_dds::Vulnerability::NS;
    }
    if vul.contains(AbsoluteVulnerability::EW) {
        out |= pons_dds::Vulnerability::EW;
    }
    out
}

/// Par of a deal with table `table`, vulnerability `vul`, dealt by `dealer`.
#[must_use]
pub fn par(table: &DdTable, vul: AbsoluteVulnerability, dealer: Seat) -> Par {
    pons_dds::calculate_par((*table).into(), pons_vulnerability(vul), dealer).into()
}

/// Par when North-South bid first (index 0) and when East-West do (index 1),
/// both scores from North-South's point of view. They differ only on deals
/// where both sides can make something.
///
/// (DDS's `SidesParBin`, and so `pons_dds::calculate_pars`, gives the
/// East-West-first score from East-West's point of view; it is turned
/// round here.)
#[must_use]
pub fn par_both(table: &DdTable, vul: AbsoluteVulnerability) -> [Par; 2] {
    let [ns_first, ew_first] = pons_dds::calculate_pars((*table).into(), pons_vulnerability(vul));
    let mut ew_first = Par::from(ew_first);
    ew_first.score = -ew_first.score;
    [ns_first.into(), ew_first]
}

#[cfg(test)]
mod tests {
    use super::*;
    use contract_bridge::{Penalty, Strain};

    /// A table from per-strain rows (C, D, H, S, NT), each North-South's
    /// tricks (both declarers alike); East-West take the rest.
    pub(crate) fn ns_table(ns: [u8; 5]) -> DdTable {
        let mut rows = [[0; 4]; 5];
        for (row, t) in rows.iter_mut().zip(ns) {
            *row = [t, 13 - t, t, 13 - t];
        }
        DdTable::from_rows(rows)
    }

    fn contracts(par: &Par) -> Vec<String> {
        par.contracts
            .iter()
            .map(|c| format!("{}{} {:+}", c.contract, c.declarer.letter(), c.overtricks))
            .collect()
    }

    #[test]
    fn north_south_game() {
        // NS: 10 tricks in spades, 9 in notrump; EW nothing worth bidding.
        let t = ns_table([6, 6, 7, 10, 9]);
        let p = par(&t, AbsoluteVulnerability::NONE, Seat::North);
        assert_eq!(p.score, 420);
        assert_eq!(contracts(&p), ["4♠N +0", "4♠S +0"]);
        let p = par(&t, AbsoluteVulnerability::NS, Seat::East);
        assert_eq!(p.score, 620);
    }

    #[test]
    fn east_west_slam() {
        // EW (vulnerable): 12 tricks in clubs, hearts and notrump. 6NT is
        // worth most (1440); NS have no sacrifice cheaper than that.
        let t = ns_table([1, 2, 1, 3, 1]);
        let p = par(&t, AbsoluteVulnerability::EW, Seat::South);
        assert_eq!(p.score, -1440);
        assert!(!p.contracts.is_empty());
        for c in &p.contracts {
            assert_eq!(
                c.contract,
                Contract::new(6, Strain::Notrump, Penalty::Undoubled)
            );
            assert!(matches!(c.declarer, Seat::East | Seat::West));
        }
    }

    /// EW make 4♥ (10 tricks, 420 non-vulnerable). NS take 9 tricks in
    /// spades: 4♠ doubled down one costs only 100, and EW cannot outbid it
    /// profitably (5♥ doubled would go down), so par is NS −100 in 4♠x.
    #[test]
    fn sacrifice() {
        let t = ns_table([4, 4, 3, 9, 4]);
        let p = par(&t, AbsoluteVulnerability::NONE, Seat::North);
        assert_eq!(p.score, -100);
        assert_eq!(p.contracts.len(), 2);
        for c in &p.contracts {
            assert_eq!(
                c.contract,
                Contract::new(4, Strain::Spades, Penalty::Doubled)
            );
            assert_eq!(c.overtricks, -1);
        }
    }

    /// Nobody takes more than 6 tricks anywhere: nothing makes, par is a
    /// pass-out, 0, with no contract. (Not a real deal — par takes any
    /// table.)
    #[test]
    fn passed_out() {
        let t = DdTable::from_rows([[6; 4]; 5]);
        let p = par(&t, AbsoluteVulnerability::ALL, Seat::West);
        assert_eq!(p.score, 0);
        assert!(p.contracts.is_empty());
    }

    /// Both sides make 1NT (7 tricks) and nothing else: whoever bids first
    /// takes it, and the other side cannot outbid (2-anything goes down,
    /// doubled −100, worse than −90). North-South first: +90; East-West
    /// first: −90.
    #[test]
    fn both_sides_par() {
        let suit = [5, 7, 5, 7];
        let t = DdTable::from_rows([suit, suit, suit, suit, [7; 4]]);
        let [ns_first, ew_first] = par_both(&t, AbsoluteVulnerability::NONE);
        assert_eq!(ns_first.score, 90);
        assert_eq!(ew_first.score, -90);
        assert_eq!(par(&t, AbsoluteVulnerability::NONE, Seat::South).score, 90);
        assert_eq!(par(&t, AbsoluteVulnerability::NONE, Seat::East).score, -90);
    }
}

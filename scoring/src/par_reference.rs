//! An independent par calculation, to check [`crate::par()`] against.
//!
//! [`crate::par()`] runs `pons-dds`'s port of DDS's par code, a long and
//! intricate case analysis. This module reaches par a different way: as the
//! value of a small game, solved by backward induction.
//!
//! # The model auction
//!
//! * A *bid* is one of the 35 contracts 1♣ … 7NT; bids only go up.
//! * A side's bid is declared by whichever of its two players takes more
//!   tricks in the strain.
//! * When a side has bid, the other side either **outbids** it (any higher
//!   bid) or **passes**, ending the auction. (Raising one's own bid never
//!   helps: bidding the higher contract at once leaves the opponents fewer
//!   choices.)
//! * A contract that makes is left undoubled (doubling it would only give
//!   the declarers more); a contract that goes down is doubled.
//! * Before anyone bids, the sides take turns to open or pass, dealer's
//!   side first, each side having two chances (its two players); four
//!   passes score 0.
//!
//! With `value(b, S)` the final result for side S of S's bid b (S's
//! point of view), the opponents O choose
//! `value(b, S) = min(result(b, S), min over b' > b of −value(b', O))` and
//! the best opening for S is `open(S) = max over b of value(b, S)`. The
//! opening turns D1, O1, D2, O2 are then solved backwards from the 0 of a
//! pass-out.
//!
//! [`par`] returns the par score and every contract some optimal line of
//! this game ends in, with two conventions that make the list DDS's:
//!
//! * when outbidding is exactly as good as passing, the side to call
//!   outbids — par is where the competition ends (so a side does not "end"
//!   in 2♥ making when the opponents could, at no cost, push it to 3♦);
//! * each (strain, declarer) is listed once, at its lowest level: 4♠+1
//!   rather than 5♠ when both score the same.

use crate::par::{Par, ParContract};
use crate::score::{is_vulnerable, score};
use crate::table::DdTable;
use contract_bridge::{AbsoluteVulnerability, Contract, Penalty, Seat, Strain};

/// Bid number `i` of the 35, in order: (level, strain).
fn bid(i: usize) -> (u8, Strain) {
    let level = u8::try_from(i / 5 + 1).expect("level 1..=7");
    (level, Strain::ASC[i % 5])
}

/// A side: 0 North-South, 1 East-West.
const SIDES: [[Seat; 2]; 2] = [[Seat::North, Seat::South], [Seat::East, Seat::West]];

/// The par game for one table and vulnerability.
struct Game {
    /// `result[side][b]`: the final score for `side` of its contract `b`.
    result: [[i32; 35]; 2],
    /// `value[side][b]`: what `side` gets after bidding `b`, with best play
    /// of the auction from there.
    value: [[i32; 35]; 2],
    /// `tricks[side][b]`: the side's best declarer's tricks in b's strain.
    tricks: [[u8; 35]; 2],
}

impl Game {
    fn new(table: &DdTable, vul: AbsoluteVulnerability) -> Self {
        let mut result = [[0; 35]; 2];
        let mut tricks = [[0; 35]; 2];
        for side in 0..2 {
            let vulnerable = is_vulnerable(vul, SIDES[side][0]);
            for b in 0..35 {
                let (level, strain) = bid(b);
                let t = SIDES[side]
                    .iter()
                    .map(|&seat| table.get(seat, strain))
                    .max()
                    .unwrap_or(0);
                let penalty = if t >= level + 6 {
                    Penalty::Undoubled
                } else {
                    Penalty::Doubled
                };
                tricks[side][b] = t;
                result[side][b] = score(Contract::new(level, strain, penalty), t, vulnerable);
            }
        }
        let mut value = [[0; 35]; 2];
        // `above[side]`: the most `side` can get by bidding above the bid
        // being looked at (`None` above 7NT).
        let mut above: [Option<i32>; 2] = [None, None];
        for b in (0..35).rev() {
            for side in 0..2 {
                let other = 1 - side;
                // The opponents pass (result) or outbid (they get `above`).
                value[side][b] = match above[other] {
                    None => result[side][b],
                    Some(theirs) => result[side][b].min(-theirs),
                };
            }
            for side in 0..2 {
                above[side] = Some(above[side].map_or(value[side][b], |a| a.max(value[side][b])));
            }
        }
        Self {
            result,
            value,
            tricks,
        }
    }

    /// The most `side` gets by opening (`i32::MIN`: never happens, there is
    /// always 1♣).
    fn open(&self, side: usize) -> i32 {
        self.value[side].iter().copied().max().unwrap_or(i32::MIN)
    }

    /// Every final (bid, side) of an optimal line after `side` bids `b`.
    fn finals_after(
        &self,
        b: usize,
        side: usize,
        seen: &mut [u64; 2],
        out: &mut Vec<(usize, usize)>,
    ) {
        if seen[side] & 1 << b != 0 {
            return;
        }
        seen[side] |= 1 << b;
        let v = self.value[side][b];
        let other = 1 - side;
        // When outbidding is as good as passing, the opponents outbid:
        // par is where the competition ends.
        let mut outbid = false;
        for b2 in b + 1..35 {
            if -self.value[other][b2] == v {
                outbid = true;
                self.finals_after(b2, other, seen, out);
            }
        }
        if !outbid && self.result[side][b] == v {
            out.push((b, side));
        }
    }

    /// Every final (bid, side) of an optimal line when `side` opens.
    fn finals_opening(&self, side: usize, seen: &mut [u64; 2], out: &mut Vec<(usize, usize)>) {
        let best = self.open(side);
        for b in 0..35 {
            if self.value[side][b] == best {
                self.finals_after(b, side, seen, out);
            }
        }
    }
}

/// Par of `table` with vulnerability `vul`, dealt by `dealer`, by the model
/// auction of the module docs.
#[must_use]
pub fn par(table: &DdTable, vul: AbsoluteVulnerability, dealer: Seat) -> Par {
    let game = Game::new(table, vul);
    let d = usize::from(matches!(dealer, Seat::East | Seat::West));
    let o = 1 - d;
    let (open_d, open_o) = (game.open(d), game.open(o));
    // Backwards from the fourth seat: O2 opens or passes out.
    let o2 = open_o.max(0);
    let d2 = open_d.max(-o2);
    let o1 = open_o.max(-d2);
    let d1 = open_d.max(-o1);

    // Who opens on an optimal line: D at D1 if that is best; else O at
    // O1; else D at D2; else O at O2; else nobody (pass-out). Several when
    // tied.
    let mut openers = Vec::new();
    if open_d == d1 {
        openers.push(d);
    }
    if -o1 == d1 {
        if open_o == o1 {
            openers.push(o);
        }
        if -d2 == o1 {
            if open_d == d2 && !openers.contains(&d) {
                openers.push(d);
            }
            if -o2 == d2 && open_o == o2 && o2 > 0 && !openers.contains(&o) {
                openers.push(o);
            }
        }
    }

    let ns_score = if d == 0 { d1 } else { -d1 };
    // Every contract scores something, so 0 is the pass-out.
    if d1 == 0 {
        return Par {
            score: 0,
            contracts: Vec::new(),
        };
    }

    let mut finals = Vec::new();
    let mut seen = [0; 2];
    for side in openers {
        game.finals_opening(side, &mut seen, &mut finals);
    }

    let mut contracts: Vec<ParContract> = Vec::new();
    for (b, side) in finals {
        let (level, strain) = bid(b);
        let t = game.tricks[side][b];
        let made = t >= level + 6;
        for &seat in &SIDES[side] {
            if table.get(seat, strain) != t {
                continue;
            }
            let penalty = if made {
                Penalty::Undoubled
            } else {
                Penalty::Doubled
            };
            contracts.push(ParContract {
                contract: Contract::new(level, strain, penalty),
                declarer: seat,
                overtricks: i8::try_from(i16::from(t) - i16::from(level) - 6).expect("within ±13"),
            });
        }
    }
    contracts.sort_by_key(|c| (c.contract.bid, c.declarer as u8));
    // Keep the lowest level of each (strain, declarer, doubled or not).
    let mut kept: Vec<ParContract> = Vec::new();
    for c in contracts {
        let dup = kept.iter().any(|k| {
            k.declarer == c.declarer
                && k.contract.bid.strain == c.contract.bid.strain
                && k.contract.penalty == c.contract.penalty
        });
        if !dup {
            kept.push(c);
        }
    }
    Par {
        score: ns_score,
        contracts: kept,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// North-South's tricks per strain (C, D, H, S, NT), both declarers
    /// alike; East-West take the rest.
    fn ns_table(ns: [u8; 5]) -> DdTable {
        DdTable::from_rows(ns.map(|t| [t, 13 - t, t, 13 - t]))
    }

    fn listed(p: &Par) -> Vec<String> {
        p.contracts
            .iter()
            .map(|c| format!("{}{}{:+}", c.contract, c.declarer.letter(), c.overtricks))
            .collect()
    }

    #[test]
    fn game_with_an_overtrick_is_listed_at_the_lowest_level() {
        // NS: 11 tricks in spades; 4♠+1 = 450 = 5♠=, listed as 4♠+1.
        let p = par(
            &ns_table([6, 6, 6, 11, 8]),
            AbsoluteVulnerability::NONE,
            Seat::North,
        );
        assert_eq!(p.score, 450);
        assert_eq!(listed(&p), ["4♠N+1", "4♠S+1"]);
    }

    #[test]
    fn sacrifice() {
        // EW make 4♥ (420); NS take 9 spade tricks: 4♠x−1 costs 100.
        let p = par(
            &ns_table([4, 4, 3, 9, 4]),
            AbsoluteVulnerability::NONE,
            Seat::East,
        );
        assert_eq!(p.score, -100);
        assert_eq!(listed(&p), ["4♠xN-1", "4♠xS-1"]);
        // Vulnerable against not, the sacrifice costs 200, still cheaper.
        let p = par(
            &ns_table([4, 4, 3, 9, 4]),
            AbsoluteVulnerability::NS,
            Seat::East,
        );
        assert_eq!(p.score, -200);
    }

    #[test]
    fn passed_out() {
        let p = par(
            &DdTable::from_rows([[6; 4]; 5]),
            AbsoluteVulnerability::ALL,
            Seat::South,
        );
        assert_eq!(
            p,
            Par {
                score: 0,
                contracts: Vec::new()
            }
        );
    }

    /// Both sides make 1NT and nothing else: the dealer's side gets it.
    #[test]
    fn dealer_side_first() {
        let suit = [5, 7, 5, 7];
        let t = DdTable::from_rows([suit, suit, suit, suit, [7; 4]]);
        assert_eq!(par(&t, AbsoluteVulnerability::NONE, Seat::West).score, -90);
        assert_eq!(par(&t, AbsoluteVulnerability::NONE, Seat::North).score, 90);
    }
}

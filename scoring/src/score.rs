//! Duplicate bridge scoring of one deal.
//!
//! [`score`] gives the declaring side's duplicate score for any contract —
//! levels 1–7, every strain, undoubled, doubled or redoubled, vulnerable or
//! not, made with overtricks or gone down — following the Laws of Duplicate
//! Bridge (2017), Law 77. [`ns_score`] puts that score on the North-South
//! scale for a whole deal, with a passed-out deal scoring 0.
//!
//! The rules, in the order the code applies them:
//!
//! * **Contract points** (made contracts only): per trick bid, 20 in a minor,
//!   30 in a major or notrump, plus 10 for the first notrump trick; ×2
//!   doubled, ×4 redoubled.
//! * **Game / part-score bonus**: 300 non-vulnerable or 500 vulnerable when
//!   the contract points reach 100, else 50 — so 1♥ redoubled is a game.
//! * **Slam bonus**: small slam 500 / 750, grand slam 1000 / 1500.
//! * **Insult**: 50 for making a doubled contract, 100 redoubled.
//! * **Overtricks**: trick value undoubled; 100 / 200 each doubled and
//!   200 / 400 each redoubled (non-vulnerable / vulnerable).
//! * **Undertricks**: undoubled 50 / 100 each; doubled non-vulnerable
//!   100, 300, 500, 800 and 300 more for each further trick; doubled
//!   vulnerable 200, 500, 800 and 300 more for each further trick;
//!   redoubled twice the doubled figure.

use contract_bridge::{AbsoluteVulnerability, Contract, Penalty, Seat, Strain};

/// Whether `seat`'s side is vulnerable under `vul`.
#[must_use]
pub fn is_vulnerable(vul: AbsoluteVulnerability, seat: Seat) -> bool {
    match seat {
        Seat::North | Seat::South => vul.contains(AbsoluteVulnerability::NS),
        Seat::East | Seat::West => vul.contains(AbsoluteVulnerability::EW),
    }
}

/// Value of one trick bid in `strain` (undoubled), ignoring notrump's extra
/// 10 for the first trick.
const fn trick_value(strain: Strain) -> i32 {
    match strain {
        Strain::Clubs | Strain::Diamonds => 20,
        Strain::Hearts | Strain::Spades | Strain::Notrump => 30,
    }
}

/// The doubling multiplier: 1, 2 or 4.
const fn multiplier(penalty: Penalty) -> i32 {
    match penalty {
        Penalty::Undoubled => 1,
        Penalty::Doubled => 2,
        Penalty::Redoubled => 4,
    }
}

/// Contract points for making `contract` (tricks bid only, no overtricks):
/// what decides between a game and a part-score.
#[must_use]
pub fn contract_points(contract: Contract) -> i32 {
    let level = i32::from(contract.bid.level.get());
    let strain = contract.bid.strain;
    let notrump_extra = if strain == Strain::Notrump { 10 } else { 0 };
    (trick_value(strain) * level + notrump_extra) * multiplier(contract.penalty)
}

/// The penalty for `down` undertricks (1..=13) of a contract doubled
/// `penalty`, as a positive number.
fn undertrick_penalty(down: i32, penalty: Penalty, vulnerable: bool) -> i32 {
    match penalty {
        Penalty::Undoubled => down * if vulnerable { 100 } else { 50 },
        Penalty::Doubled | Penalty::Redoubled => {
            let doubled = if vulnerable {
                // 200 for the first, 300 for each further.
                200 + 300 * (down - 1)
            } else {
                // 100, 200, 200, then 300 for each further: 100/300/500/800/1100…
                match down {
                    1 => 100,
                    2 => 300,
                    3 => 500,
                    _ => 500 + 300 * (down - 3),
                }
            };
            doubled * multiplier(penalty) / 2
        }
    }
}

/// The duplicate score of `contract` for the declaring side, which took
/// `tricks` tricks and is `vulnerable` or not: positive when made, negative
/// when down.
///
/// # Panics
///
/// When `tricks` is more than 13.
///
/// # Examples
///
/// ```
/// use contract_bridge::Contract;
/// let four_spades: Contract = "4S".parse().unwrap();
/// assert_eq!(scoring::score(four_spades, 11, false), 450);
/// let three_nt_doubled: Contract = "3NTx".parse().unwrap();
/// assert_eq!(scoring::score(three_nt_doubled, 6, true), -800);
/// ```
#[must_use]
pub fn score(contract: Contract, tricks: u8, vulnerable: bool) -> i32 {
    assert!(tricks <= 13, "a deal has 13 tricks, not {tricks}");
    let level = i32::from(contract.bid.level.get());
    let over = i32::from(tricks) - 6 - level;
    if over < 0 {
        return -undertrick_penalty(-over, contract.penalty, vulnerable);
    }

    let points = contract_points(contract);
    let game_bonus = match (points >= 100, vulnerable) {
        (false, _) => 50,
        (true, false) => 300,
        (true, true) => 500,
    };
    let slam_bonus = match (level, vulnerable) {
        (6, false) => 500,
        (6, true) => 750,
        (7, false) => 1000,
        (7, true) => 1500,
        _ => 0,
    };
    let (insult, overtrick_value) = match contract.penalty {
        Penalty::Undoubled => (0, trick_value(contract.bid.strain)),
        Penalty::Doubled => (50, if vulnerable { 200 } else { 100 }),
        Penalty::Redoubled => (100, if vulnerable { 400 } else { 200 }),
    };
    points + game_bonus + slam_bonus + insult + over * overtrick_value
}

/// The North-South score of a whole deal: `played` is the final contract,
/// its declarer and the tricks declarer took, or `None` for a passed-out
/// deal (which scores 0).
///
/// # Panics
///
/// When the tricks are more than 13.
#[must_use]
pub fn ns_score(played: Option<(Contract, Seat, u8)>, vul: AbsoluteVulnerability) -> i32 {
    match played {
        None => 0,
        Some((contract, declarer, tricks)) => {
            let declarers = score(contract, tricks, is_vulnerable(vul, declarer));
            match declarer {
                Seat::North | Seat::South => declarers,
                Seat::East | Seat::West => -declarers,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Contract {
        s.parse().unwrap()
    }

    #[test]
    fn made_contracts() {
        assert_eq!(score(c("1C"), 7, false), 70);
        assert_eq!(score(c("3NT"), 9, false), 400);
        assert_eq!(score(c("3NT"), 10, true), 630);
        assert_eq!(score(c("4H"), 10, true), 620);
        assert_eq!(score(c("5D"), 11, false), 400);
        assert_eq!(score(c("6S"), 12, true), 1430);
        assert_eq!(score(c("7NT"), 13, false), 1520);
    }

    #[test]
    fn doubled_and_redoubled() {
        // 2H doubled is a game; 1H redoubled too.
        assert_eq!(score(c("2Hx"), 8, false), 470);
        assert_eq!(score(c("1Hxx"), 7, false), 520);
        assert_eq!(score(c("1Cxx"), 7, true), 230);
        // Overtricks: 100/200 doubled, 200/400 redoubled.
        assert_eq!(score(c("1NTx"), 9, false), 180 + 200);
        assert_eq!(score(c("1NTxx"), 9, true), 760 + 800);
    }

    #[test]
    fn undertricks() {
        assert_eq!(score(c("4S"), 8, false), -100);
        assert_eq!(score(c("4S"), 8, true), -200);
        assert_eq!(score(c("4Sx"), 6, false), -800);
        assert_eq!(score(c("4Sx"), 6, true), -1100);
        assert_eq!(score(c("7NTxx"), 0, false), -7000);
        assert_eq!(score(c("7NTxx"), 0, true), -7600);
    }

    #[test]
    fn board_scores_are_north_south() {
        assert_eq!(ns_score(None, AbsoluteVulnerability::ALL), 0);
        let played = Some((c("4S"), Seat::East, 10));
        assert_eq!(ns_score(played, AbsoluteVulnerability::EW), -620);
        assert_eq!(ns_score(played, AbsoluteVulnerability::NS), -420);
        let played = Some((c("3NTx"), Seat::South, 8));
        assert_eq!(ns_score(played, AbsoluteVulnerability::NS), -200);
    }

    /// A second method: `contract-bridge`'s own `Contract::score` must agree
    /// on every contract, trick count and vulnerability.
    #[test]
    fn agrees_with_contract_bridge() {
        for level in 1..=7 {
            for strain in Strain::ASC {
                for penalty in [Penalty::Undoubled, Penalty::Doubled, Penalty::Redoubled] {
                    let contract = Contract::new(level, strain, penalty);
                    for tricks in 0..=13 {
                        for vul in [false, true] {
                            assert_eq!(
                                score(contract, tricks, vul),
                                contract.score(tricks, vul),
                                "{contract} taking {tricks}, vulnerable {vul}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    #[should_panic(expected = "13 tricks")]
    fn more_than_thirteen_tricks_panics() {
        let _ = score(c("1C"), 14, false);
    }
}

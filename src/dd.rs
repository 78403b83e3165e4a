//! Double-dummy scoring for `bidbook score` and `bidbook regress --score`:
//! the one place where bidbook's own deal types meet the `scoring` crate's
//! (`contract_bridge`'s), tables read from deal files and the cache, and
//! what a bid contract is worth against par.

use crate::deal_input::InputGame;
use bridge::deal::Deal;
use bridge::vulnerability::Vulnerability;
use contract_bridge::{AbsoluteVulnerability, Contract, FullDeal, Penalty, Seat};
use deal_formats::pbn::{self, DdTableText};
use scoring::{DdCache, DdMask, DdTable, Par, PartialTable};

/// The deal as the solver wants it; `Err(why)` when it does not hold all 52
/// cards (such a deal is reported and skipped, never completed).
///
/// # Errors
///
/// A hand without 13 cards.
pub fn full_deal(deal: &Deal) -> Result<FullDeal, String> {
    scoring::full_deal(deal.hands()).map_err(|e| e.to_string())
}

/// The vulnerability in `contract_bridge`'s form.
pub fn absolute(vul: Vulnerability) -> AbsoluteVulnerability {
    vul.into()
}

/// The table a game carries itself: PBN's `OptimumResultTable` section
/// (complete, 20 results) or Bridge Composer's `DoubleDummyTricks` tag.
/// `None` when it has none or none that can be read whole.
pub fn carried_table(game: &InputGame) -> Option<DdTable> {
    let InputGame::Pbn(game) = game else {
        return None;
    };
    pbn::dd_tables(game).into_iter().find_map(|t| match t {
        DdTableText::OptimumResultTable { columns, rows } => {
            scoring::optimum_result_table::parse(&columns, &rows)
                .ok()
                .and_then(|t| t.full())
        }
        DdTableText::DoubleDummyTricks(v) => scoring::double_dummy_tricks::parse(&v).ok(),
    })
}

/// The cell of a contract's declarer and strain (nothing for a pass-out).
pub fn contract_mask(contract: Option<(Contract, Seat)>) -> DdMask {
    contract.map_or(DdMask::NONE, |(c, declarer)| {
        DdMask::cell(declarer, c.bid.strain)
    })
}

/// Where a deal's table comes from: the deal file, the cache, or the solver.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableSource {
    /// The game's own `OptimumResultTable` or `DoubleDummyTricks`.
    File,
    /// The `--dd-cache` file.
    Cache,
    /// Solved in this run.
    Solved,
}

/// The known table of a game: carried in the file, else in the cache.
pub fn known_table(
    game: &InputGame,
    deal: &FullDeal,
    cache: Option<&DdCache>,
) -> Option<(DdTable, TableSource)> {
    carried_table(game)
        .map(|t| (t, TableSource::File))
        .or_else(|| {
            cache
                .and_then(|c| c.get(deal))
                .map(|t| (t, TableSource::Cache))
        })
}

/// North-South's score of `contract` (with its declarer) when declarer
/// takes `tricks`; 0 for a pass-out.
pub fn ns_score(contract: Option<(Contract, Seat)>, tricks: Option<u8>, vul: Vulnerability) -> i32 {
    match (contract, tricks) {
        (Some((c, d)), Some(t)) => scoring::ns_score(Some((c, d, t)), absolute(vul)),
        _ => 0,
    }
}

/// Where the IMPs of a deal away from par went (see [`classify`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// The deal was passed out and par is not 0.
    PassedOut,
    /// The contract fails double dummy.
    WentDown,
    /// Par is the other side's, or a sacrifice.
    Competitive,
    /// Par is a slam of ours and we stopped lower.
    SlamMissed,
    /// Par is a game of ours and we stopped in a partscore.
    GameMissed,
    /// Par is ours in a level class we reached, in another strain.
    WrongStrain,
    /// Anything else (the right strain, another declarer or level).
    Other,
}

impl Kind {
    /// Every kind, in report order.
    pub const ALL: [Self; 7] = [
        Self::GameMissed,
        Self::SlamMissed,
        Self::WentDown,
        Self::WrongStrain,
        Self::Competitive,
        Self::PassedOut,
        Self::Other,
    ];

    /// The name used in reports and JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Self::PassedOut => "passed out",
            Self::WentDown => "went down",
            Self::Competitive => "competitive decision",
            Self::SlamMissed => "slam missed",
            Self::GameMissed => "game missed",
            Self::WrongStrain => "wrong strain",
            Self::Other => "other",
        }
    }
}

/// The size of a contract: 0 partscore, 1 game, 2 small slam, 3 grand.
fn level_class(contract: Contract) -> u8 {
    match contract.bid.level.get() {
        7 => 3,
        6 => 2,
        _ if scoring::contract_points(Contract {
            bid: contract.bid,
            penalty: Penalty::Undoubled,
        }) >= 100 =>
        {
            1
        }
        _ => 0,
    }
}

/// Whether two seats are partners (or the same seat).
fn same_side(a: Seat, b: Seat) -> bool {
    matches!(
        (a, b),
        (Seat::North | Seat::South, Seat::North | Seat::South)
            | (Seat::East | Seat::West, Seat::East | Seat::West)
    )
}

/// Why a deal is away from par, the first of these that holds: passed out
/// (par not 0); went down (the contract fails double dummy); competitive
/// decision (par is 0, or belongs to the other side, or is a doubled
/// sacrifice); slam missed (par is a slam of ours, we stopped lower); game
/// missed (par is a game of ours, we stopped in a partscore); wrong strain
/// (no par contract is in our strain); other. `None` at par (0 IMPs).
pub fn classify(
    contract: Option<(Contract, Seat)>,
    tricks: Option<u8>,
    par: &Par,
    imps: i32,
) -> Option<Kind> {
    if imps == 0 {
        return None;
    }
    let Some((contract, declarer)) = contract else {
        return Some(Kind::PassedOut);
    };
    if tricks.is_some_and(|t| t < contract.bid.level.get() + 6) {
        return Some(Kind::WentDown);
    }
    let ours = par
        .contracts
        .iter()
        .filter(|p| same_side(p.declarer, declarer))
        .collect::<Vec<_>>();
    let par_is_ours = (par.score > 0) == matches!(declarer, Seat::North | Seat::South);
    if par.score == 0
        || !par_is_ours
        || ours.is_empty()
        || par
            .contracts
            .iter()
            .any(|p| p.contract.penalty != Penalty::Undoubled)
    {
        return Some(Kind::Competitive);
    }
    let par_class = ours
        .iter()
        .map(|p| level_class(p.contract))
        .max()
        .unwrap_or(0);
    let our_class = level_class(contract);
    if par_class >= 2 && our_class < par_class {
        return Some(Kind::SlamMissed);
    }
    if par_class == 1 && our_class == 0 {
        return Some(Kind::GameMissed);
    }
    if ours
        .iter()
        .all(|p| p.contract.bid.strain != contract.bid.strain)
    {
        return Some(Kind::WrongStrain);
    }
    Some(Kind::Other)
}

/// A deal bid and scored double dummy against par.
#[derive(Debug, Clone)]
pub struct Scored {
    /// The contract and declarer (`None`: passed out).
    pub contract: Option<(Contract, Seat)>,
    /// Declarer's double-dummy tricks in the contract's strain.
    pub tricks: Option<u8>,
    /// North-South's score.
    pub score: i32,
    /// Par (North-South's score, and the par contracts).
    pub par: Par,
    /// `imps(score - par)`, North-South's.
    pub imps: i32,
    /// Why it is away from par.
    pub kind: Option<Kind>,
}

/// Scores a bid contract with the deal's table, against par for `dealer`.
pub fn score_deal(
    contract: Option<(Contract, Seat)>,
    table: &DdTable,
    dealer: Seat,
    vul: Vulnerability,
) -> Scored {
    let tricks = contract.map(|(c, d)| table.get(d, c.bid.strain));
    let score = ns_score(contract, tricks, vul);
    let par = scoring::par(table, absolute(vul), dealer);
    let imps = scoring::imps(score - par.score);
    let kind = classify(contract, tricks, &par, imps);
    Scored {
        contract,
        tricks,
        score,
        par,
        imps,
        kind,
    }
}

/// A par contract as text: `4S by N`, `5DX by E -2`, `3NT by S +1`.
pub fn par_contract_text(p: &scoring::ParContract) -> String {
    let mut s = pbn::contract_by(p.contract, p.declarer);
    if p.overtricks != 0 {
        s.push_str(&format!(" {:+}", p.overtricks));
    }
    s
}

/// The tricks of one cell of a partial table.
pub fn cell(table: &PartialTable, contract: Option<(Contract, Seat)>) -> Option<u8> {
    contract.and_then(|(c, d)| table.get(d, c.bid.strain))
}

#[cfg(test)]
mod tests {
    use super::*;
    use scoring::ParContract;

    fn c(s: &str) -> Contract {
        s.parse().unwrap()
    }

    fn par(score: i32, contracts: &[(&str, Seat)]) -> Par {
        Par {
            score,
            contracts: contracts
                .iter()
                .map(|&(s, declarer)| ParContract {
                    contract: c(s),
                    declarer,
                    overtricks: 0,
                })
                .collect(),
        }
    }

    #[test]
    fn kinds_follow_the_documented_order() {
        let four_spades = par(420, &[("4S", Seat::North)]);
        assert_eq!(
            classify(None, None, &four_spades, -9),
            Some(Kind::PassedOut)
        );
        assert_eq!(
            classify(Some((c("4S"), Seat::North)), Some(9), &four_spades, -11),
            Some(Kind::WentDown)
        );
        assert_eq!(
            classify(Some((c("2S"), Seat::North)), Some(10), &four_spades, -6),
            Some(Kind::GameMissed)
        );
        assert_eq!(
            classify(Some((c("4H"), Seat::South)), Some(10), &four_spades, -1),
            Some(Kind::WrongStrain)
        );
        assert_eq!(
            classify(Some((c("3D"), Seat::East)), Some(9), &four_spades, -8),
            Some(Kind::Competitive)
        );
        let slam = par(980, &[("6N", Seat::South)]);
        assert_eq!(
            classify(Some((c("3N"), Seat::North)), Some(12), &slam, -11),
            Some(Kind::SlamMissed)
        );
        let sacrifice = par(300, &[("5DX", Seat::East)]);
        assert_eq!(
            classify(Some((c("4S"), Seat::North)), Some(10), &sacrifice, 3),
            Some(Kind::Competitive)
        );
        assert_eq!(
            classify(Some((c("4S"), Seat::North)), Some(10), &four_spades, 0),
            None
        );
    }
}

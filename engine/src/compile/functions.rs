//! The function dispatch table: what `#n` means in a MATH expression.
//!
//! Functions are how a rule sees more than the text it is matched against:
//! the seat, the vulnerability, what every player has shown so far and the
//! bidder's own hand. Numbers are resolved when a rule is compiled; an unknown
//! number or a wrong argument count is a load-time error.
//!
//! A suit argument is a strain value as MATH writes it (`C`=1 `D`=2 `H`=3
//! `S`=4; `N`=5 where a strain is allowed), usually a grab: `#250(a)` is
//! partner's minimum length in the suit grabbed into `a`.
//!
//! | number | arguments | value |
//! |---|---|---|
//! | `#1` | – | the bidder's seat in the auction: 1 = dealer … 4 |
//! | `#2` | – | 1 if the bidder's side is vulnerable |
//! | `#3` | – | 1 if the opponents are vulnerable |
//! | `#4` | – | 1 if an opponent has made a call other than pass |
//! | `#5` | – | 1 if partner has made a call other than pass |
//! | `#6` | – | combined minimum HCP: the bidder's HCP (shown minimum when there is no hand) + partner's shown minimum |
//! | `#7` | suit | combined length: the bidder's length (shown minimum without a hand) + partner's shown minimum |
//! | `#8` | – | the number of calls made so far (the candidate not counted) |
//! | `#9` | strain | 1 if an opponent has bid the strain |
//! | `#10` | strain | 1 if partner has bid the strain |
//! | `#11` | strain | 1 if the bidder has bid the strain |
//! | `#12` | – | whether the bidder must not pass: 0 free, 1 partner's last call is forcing and the right-hand opponent passed, 2 the partnership is forced to game, the contract ours and below game |
//! | `#20`..`#23` | – | the bidder's hand: HCP, total points, losers, controls |
//! | `#24`..`#27` | suit | the bidder's hand: length, 8-4-2-1 honours, stopper grade, quality |
//! | `#28` | n | the bidder's hand: the length of its n-th longest suit (1..4) |
//! | `#WF0`, `#WF1` | suit for F ≥ 5 | minimum (`0`) or maximum (`1`) that player W has shown of field F |
//!
//! In `#WFB`, W is the player (1 = the bidder, 2 = partner, 3 = left-hand
//! opponent, 4 = right-hand opponent) and F the field (1 `P` HCP, 2 `M` total
//! points, 3 `L` losers, 4 `Q` controls, 5 `D` length, 6 `H` honours, 7 `S`
//! stopper, 8 `G` quality). Examples: `#210` partner's minimum HCP; `#251(S)`
//! partner's maximum spade length; `#370(a)` the left-hand opponent's minimum
//! stopper grade in the suit grabbed into `a`.
//!
//! The hand functions `#20`..`#28` read the bidder's cards, so they may be
//! used in constraints only; a sequence pattern or spec that uses them is a
//! load-time error (an auction is explained without seeing any hand).

use crate::knowledge::{FieldId, Shown};
use bridge::pattern::HandFeatures;
use grammar::ast::SpecField;

/// A resolved function of the dispatch table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Func {
    /// `#1`.
    Seat,
    /// `#2`.
    WeVulnerable,
    /// `#3`.
    TheyVulnerable,
    /// `#4`.
    OpponentsHaveBid,
    /// `#5`.
    PartnerHasBid,
    /// `#6`.
    CombinedHcp,
    /// `#7(suit)`.
    CombinedLength,
    /// `#8`.
    CallCount,
    /// `#9(strain)`.
    OpponentsBidStrain,
    /// `#10(strain)`.
    PartnerBidStrain,
    /// `#11(strain)`.
    SelfBidStrain,
    /// `#12`.
    Forced,
    /// `#20`..`#27`: a field of the bidder's hand.
    Hand(SpecField),
    /// `#28(n)`: the length of the bidder's n-th longest suit.
    NthLongest,
    /// `#WFB`: what player `who` (0 = bidder, 1 = partner, 2 = LHO, 3 = RHO)
    /// has shown of `field`, its minimum or (`max`) maximum.
    Shown {
        /// The player, relative to the bidder.
        who: u8,
        /// The field.
        field: SpecField,
        /// Whether the maximum (else the minimum) is wanted.
        max: bool,
    },
}

/// A field read by a function whose arguments are constants, resolved when
/// the rule loads (see [`Func::read_of`]): evaluating it is one load.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Read {
    /// A field of the bidder's hand (`#20`..`#27`).
    Hand(FieldId),
    /// What a player has shown of a field (`#WFB`), its minimum or maximum.
    Shown {
        /// The player, relative to the bidder.
        who: u8,
        /// The field.
        field: FieldId,
        /// Whether the maximum (else the minimum) is wanted.
        max: bool,
    },
}

impl Read {
    /// The function that reads it.
    pub fn func(self) -> Func {
        match self {
            Read::Hand(field) => Func::Hand(field.parts().0),
            Read::Shown { who, field, max } => Func::Shown {
                who,
                field: field.parts().0,
                max,
            },
        }
    }

    /// The value read, as [`Func::call`] gives it.
    #[inline]
    pub fn value(self, env: &Env<'_>) -> Option<i32> {
        Some(match self {
            Read::Hand(field) => Shown::hand_value(env.hand?, field) as i32,
            Read::Shown { who, field, max } => {
                let r = env.situation.shown[who as usize].get(field);
                (if max { r.max } else { r.min }) as i32
            }
        })
    }
}

const FIELDS: [SpecField; 8] = [
    SpecField::Hcp,
    SpecField::Points,
    SpecField::Losers,
    SpecField::Controls,
    SpecField::Length,
    SpecField::Honors,
    SpecField::Stopper,
    SpecField::Quality,
];

impl Func {
    /// The number the function is written with (`#24`, `#250`, …): the
    /// inverse of [`Func::resolve`].
    pub fn number(self) -> u16 {
        let field_index =
            |field: SpecField| FIELDS.iter().position(|&x| x == field).unwrap_or(0) as u16;
        match self {
            Func::Seat => 1,
            Func::WeVulnerable => 2,
            Func::TheyVulnerable => 3,
            Func::OpponentsHaveBid => 4,
            Func::PartnerHasBid => 5,
            Func::CombinedHcp => 6,
            Func::CombinedLength => 7,
            Func::CallCount => 8,
            Func::OpponentsBidStrain => 9,
            Func::PartnerBidStrain => 10,
            Func::SelfBidStrain => 11,
            Func::Forced => 12,
            Func::Hand(field) => 20 + field_index(field),
            Func::NthLongest => 28,
            Func::Shown { who, field, max } => {
                (u16::from(who) + 1) * 100 + (field_index(field) + 1) * 10 + u16::from(max)
            }
        }
    }

    /// Resolves function number `n` called with `argc` arguments.
    pub fn resolve(n: u16, argc: usize) -> Result<Func, String> {
        let (func, want) = match n {
            1 => (Func::Seat, 0),
            2 => (Func::WeVulnerable, 0),
            3 => (Func::TheyVulnerable, 0),
            4 => (Func::OpponentsHaveBid, 0),
            5 => (Func::PartnerHasBid, 0),
            6 => (Func::CombinedHcp, 0),
            7 => (Func::CombinedLength, 1),
            8 => (Func::CallCount, 0),
            9 => (Func::OpponentsBidStrain, 1),
            10 => (Func::PartnerBidStrain, 1),
            11 => (Func::SelfBidStrain, 1),
            12 => (Func::Forced, 0),
            20..=27 => {
                let field = FIELDS[(n - 20) as usize];
                (Func::Hand(field), usize::from(field.per_suit()))
            }
            28 => (Func::NthLongest, 1),
            100..=499 => {
                let who = n / 100;
                let f = (n / 10) % 10;
                let b = n % 10;
                if !(1..=8).contains(&f) || b > 1 {
                    return Err(unknown(n));
                }
                let field = FIELDS[(f - 1) as usize];
                (
                    Func::Shown {
                        who: (who - 1) as u8,
                        field,
                        max: b == 1,
                    },
                    usize::from(field.per_suit()),
                )
            }
            _ => return Err(unknown(n)),
        };
        if argc != want {
            return Err(format!(
                "function #{n} takes {want} argument{}, not {argc}",
                if want == 1 { "" } else { "s" }
            ));
        }
        Ok(func)
    }

    /// What the function reads when called with the constant `args`, for the
    /// functions that read one field; `None` for the others, and for an
    /// argument out of range (which [`Func::call`] reports as it runs).
    pub fn read_of(self, args: &[i32]) -> Option<Read> {
        let field_of = |field: SpecField| {
            let i = if field.per_suit() {
                suit_index(*args.first()?)?
            } else {
                0
            };
            Some(FieldId::new(field, i))
        };
        match self {
            Func::Hand(field) => Some(Read::Hand(field_of(field)?)),
            Func::Shown { who, field, max } => Some(Read::Shown {
                who,
                field: field_of(field)?,
                max,
            }),
            _ => None,
        }
    }

    /// Whether the function reads the bidder's cards.
    pub fn reads_hand(self) -> bool {
        matches!(self, Func::Hand(_) | Func::NthLongest)
    }

    /// Whether the function reads the vulnerability (`#2`, `#3`).
    pub fn reads_vulnerability(self) -> bool {
        matches!(self, Func::WeVulnerable | Func::TheyVulnerable)
    }

    /// Evaluates the function; `None` when an argument is out of range.
    pub fn call(self, env: &Env<'_>, args: &[i32]) -> Option<i32> {
        let s = env.situation;
        let suit = || suit_index(*args.first()?);
        let strain = || strain_index(*args.first()?);
        Some(match self {
            Func::Seat => s.seat as i32,
            Func::WeVulnerable => s.we_vulnerable as i32,
            Func::TheyVulnerable => s.they_vulnerable as i32,
            Func::OpponentsHaveBid => (s.active[2] || s.active[3]) as i32,
            Func::PartnerHasBid => s.active[1] as i32,
            Func::CombinedHcp => {
                let own = match env.hand {
                    Some(h) => h.hcp,
                    None => s.shown[0].get(FieldId::new(SpecField::Hcp, 0)).min,
                };
                own as i32 + s.shown[1].get(FieldId::new(SpecField::Hcp, 0)).min as i32
            }
            Func::CombinedLength => {
                let i = suit()?;
                let f = FieldId::new(SpecField::Length, i);
                let own = match env.hand {
                    Some(h) => h.length[i],
                    None => s.shown[0].get(f).min,
                };
                own as i32 + s.shown[1].get(f).min as i32
            }
            Func::CallCount => s.calls as i32,
            Func::OpponentsBidStrain => {
                let bit = 1 << strain()?;
                ((s.strains_bid[2] | s.strains_bid[3]) & bit != 0) as i32
            }
            Func::PartnerBidStrain => (s.strains_bid[1] & (1 << strain()?) != 0) as i32,
            Func::SelfBidStrain => (s.strains_bid[0] & (1 << strain()?) != 0) as i32,
            Func::Forced => s.forced as i32,
            Func::Hand(field) => {
                let h = env.hand?;
                let i = if field.per_suit() { suit()? } else { 0 };
                Shown::hand_value(h, FieldId::new(field, i)) as i32
            }
            Func::NthLongest => {
                let h = env.hand?;
                let n = usize::try_from(*args.first()?).ok()?.checked_sub(1)?;
                let mut lengths = h.length;
                lengths.sort_unstable_by(|a, b| b.cmp(a));
                *lengths.get(n)? as i32
            }
            Func::Shown { who, field, max } => {
                let i = if field.per_suit() { suit()? } else { 0 };
                let r = s.shown[who as usize].get(FieldId::new(field, i));
                (if max { r.max } else { r.min }) as i32
            }
        })
    }
}

fn unknown(n: u16) -> String {
    format!("unknown function #{n} (see the dispatch table in the rule-language reference)")
}

/// A suit value (1 = clubs … 4 = spades) as an index 0..4.
fn suit_index(v: i32) -> Option<usize> {
    (1..=4).contains(&v).then(|| (v - 1) as usize)
}

/// A strain value (1 = clubs … 5 = notrump) as an index 0..5.
fn strain_index(v: i32) -> Option<usize> {
    (1..=5).contains(&v).then(|| (v - 1) as usize)
}

/// The auction as the bidder sees it: computed once per decision, read by the
/// functions.
#[derive(Debug, Clone, Default)]
pub struct Situation {
    /// The bidder's seat in the auction, 1 = dealer … 4.
    pub seat: u8,
    /// Whether the bidder's side is vulnerable.
    pub we_vulnerable: bool,
    /// Whether the opponents are vulnerable.
    pub they_vulnerable: bool,
    /// What each player has shown: bidder, partner, LHO, RHO.
    pub shown: [Shown; 4],
    /// Whether each player (bidder, partner, LHO, RHO) has made a call other
    /// than pass.
    pub active: [bool; 4],
    /// The strains each player (bidder, partner, LHO, RHO) has bid, as bits
    /// (1 << 0 clubs … 1 << 4 notrump).
    pub strains_bid: [u8; 4],
    /// The number of calls made so far.
    pub calls: u8,
    /// Whether the bidder must not pass (`#12`): 0 free, 1 partner's last
    /// call is forcing and the right-hand opponent passed, 2 the partnership
    /// is forced to game and the contract, ours, is below game.
    pub forced: u8,
}

/// What a MATH expression can read besides its subject and grabs.
pub struct Env<'a> {
    /// The auction as the bidder sees it.
    pub situation: &'a Situation,
    /// The bidder's hand, when one is known (bidding, not explaining).
    pub hand: Option<&'a HandFeatures>,
}

#[cfg(test)]
mod tests {
    use super::Func;

    /// `Func::number` writes back every number `Func::resolve` reads.
    #[test]
    fn number_inverts_resolve() {
        let mut resolved = 0;
        for n in 1..500u16 {
            for argc in 0..=1 {
                if let Ok(f) = Func::resolve(n, argc) {
                    assert_eq!(f.number(), n, "{f:?}");
                    resolved += 1;
                }
            }
        }
        assert!(resolved > 40, "{resolved} functions");
    }
}

//! The outcome of an auction as the `Declarer` and `Contract` tags give it
//! (PBN 3.4.13, 3.4.14): a contract and its declarer, all pass (`Contract
//! "Pass"`, `Declarer ""`), or not known.

use crate::board::{RecordedAuction, strain_of_letter};
use crate::pbn::auction::strain_text;
use bridge::vulnerability::Vulnerability;
use contract_bridge::{Bid, Contract, Level, Penalty, Seat, Strain};
use core::str::FromStr;

/// How an auction ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// A contract and its declarer.
    Played(Contract, Seat),
    /// Four passes.
    PassedOut,
    /// Not known: the auction is unfinished or illegal, or the tags say
    /// nothing readable.
    Unknown,
}

impl Outcome {
    /// The outcome of a recorded auction.
    pub(crate) fn of(auction: &RecordedAuction) -> Self {
        match auction.bidding(Vulnerability::None) {
            Ok(b) if b.has_ended() => b
                .contract()
                .map_or(Self::PassedOut, |(c, d)| Self::Played(c, d)),
            _ => Self::Unknown,
        }
    }

    /// The outcome the `Contract` and `Declarer` tags give: `Pass` (any
    /// case) is all pass; a contract needs a declarer (`^S`, the swapped
    /// declarer of 3.4.13, counts as `S`). End positions (`Contract "NT"`)
    /// and unreadable values are [`Outcome::Unknown`].
    pub(crate) fn of_tags(contract: &str, declarer: Option<&str>) -> Self {
        let contract = contract.trim();
        if contract.eq_ignore_ascii_case("pass") {
            return Self::PassedOut;
        }
        let (Some(contract), Some(declarer)) = (
            parse_contract(contract),
            declarer.and_then(|d| Seat::from_str(d.trim().trim_start_matches('^')).ok()),
        ) else {
            return Self::Unknown;
        };
        Self::Played(contract, declarer)
    }

    /// Whether two outcomes are known to be the same.
    pub(crate) fn same_as(self, other: Self) -> bool {
        self != Self::Unknown && self == other
    }

    /// The `Declarer` and `Contract` tag values: `?` for not known.
    pub(crate) fn tag_values(self) -> (String, String) {
        match self {
            Self::Played(contract, declarer) => {
                (declarer.letter().to_string(), contract_text(contract))
            }
            Self::PassedOut => (String::new(), "Pass".to_owned()),
            Self::Unknown => ("?".to_owned(), "?".to_owned()),
        }
    }

    /// The `Result` tag value before the play: `?` (not known), `""` when
    /// all passed.
    pub(crate) const fn result_value(self) -> &'static str {
        match self {
            Self::PassedOut => "",
            _ => "?",
        }
    }

    /// The outcome in words for commentary: `4S by N`, `passed out`, or
    /// `contract not known`.
    pub(crate) fn describe(self) -> String {
        match self {
            Self::Played(contract, declarer) => contract_by(contract, declarer),
            Self::PassedOut => "passed out".to_owned(),
            Self::Unknown => "contract not known".to_owned(),
        }
    }
}

/// A contract as PBN writes it: `3NT`, `4HX`, `2SXX`.
#[must_use]
pub fn contract_text(contract: Contract) -> String {
    let mut s = String::with_capacity(5);
    s.push(char::from(b'0' + contract.bid.level.get()));
    s.push_str(strain_text(contract.bid.strain));
    s.push_str(match contract.penalty {
        Penalty::Undoubled => "",
        Penalty::Doubled => "X",
        Penalty::Redoubled => "XX",
    });
    s
}

/// The contract of a bid deal as deal files write it: `3NT`, `4HX`, `2SXX`;
/// `Pass` for a passed-out deal (no contract).
#[must_use]
pub fn contract_or_pass(contract: Option<Contract>) -> String {
    contract.map_or_else(|| "Pass".to_owned(), contract_text)
}

/// A contract and its declarer in words: `4S by N`, `3NTX by E`.
#[must_use]
pub fn contract_by(contract: Contract, declarer: Seat) -> String {
    format!("{} by {}", contract_text(contract), declarer.letter())
}

/// Reads a contract: a level 1–7, a strain `C D H S N NT`, then nothing, `X`
/// or `XX` (any case).
fn parse_contract(s: &str) -> Option<Contract> {
    let bytes = s.as_bytes();
    let level = match bytes.first()? {
        &d @ b'1'..=b'7' => Level::new(d - b'0'),
        _ => return None,
    };
    let rest = &s[1..];
    let upper = rest.to_ascii_uppercase();
    let (strain, risk) = if let Some(r) = upper.strip_prefix("NT") {
        (Strain::Notrump, r)
    } else {
        (strain_of_letter(*upper.as_bytes().first()?)?, &upper[1..])
    };
    let penalty = match risk {
        "" => Penalty::Undoubled,
        "X" => Penalty::Doubled,
        "XX" => Penalty::Redoubled,
        _ => return None,
    };
    Some(Contract {
        bid: Bid { level, strain },
        penalty,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::RecordedCall;
    use bridge::auction::parse_call;

    fn auction(calls: &str) -> RecordedAuction {
        RecordedAuction {
            dealer: Seat::North,
            calls: calls
                .split_whitespace()
                .map(|c| RecordedCall::plain(parse_call(c).unwrap()))
                .collect(),
        }
    }

    #[test]
    fn tags_read() {
        for (c, d, text) in [
            ("3NT", "S", "3NT by S"),
            ("3n", "s", "3NT by S"),
            ("4hx", "^W", "4HX by W"),
            ("7CXX", "E", "7CXX by E"),
        ] {
            assert_eq!(Outcome::of_tags(c, Some(d)).describe(), text);
        }
        assert_eq!(Outcome::of_tags("PASS", None), Outcome::PassedOut);
        for c in ["", "?", "NT", "8S", "4SXXX", "4", "4Z"] {
            assert_eq!(Outcome::of_tags(c, Some("N")), Outcome::Unknown, "{c}");
        }
        assert_eq!(Outcome::of_tags("4S", Some("")), Outcome::Unknown);
    }

    #[test]
    fn auctions_and_tag_values() {
        let o = Outcome::of(&auction("1S P 2S X XX P P P"));
        assert_eq!(o.tag_values(), ("N".to_owned(), "2SXX".to_owned()));
        assert!(o.same_as(Outcome::of_tags("2SXX", Some("N"))));
        let o = Outcome::of(&auction("P P P P"));
        assert_eq!(o.tag_values(), (String::new(), "Pass".to_owned()));
        assert_eq!(o.result_value(), "");
        let o = Outcome::of(&auction("1S P"));
        assert_eq!(o, Outcome::Unknown);
        assert!(!o.same_as(Outcome::Unknown));
    }
}

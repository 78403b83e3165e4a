//! The RBN `C` label (contract and declarer), read and written, and the
//! outcome of an auction to compare with it.
//!
//! `C 5HX:N` is five hearts doubled by North, `C 6HR:W` redoubled, `C P`
//! passed out. A goal may follow the declarer (`C 4SX:S8`); end positions
//! give only a strain (`C N:S6`), which is no contract an auction reaches.

use super::auction::seat_of_letter;
use crate::RecordedAuction;
use crate::board::strain_of_letter;
use bridge::vulnerability::Vulnerability;
use contract_bridge::{Bid, Contract, Level, Penalty, Seat};

/// How an auction ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// A contract and its declarer.
    Contract(Contract, Seat),
    /// Four passes.
    PassedOut,
}

/// The outcome of a finished, legal auction (`None` if unfinished or
/// illegal).
#[must_use]
pub(crate) fn outcome_of(auction: &RecordedAuction) -> Option<Outcome> {
    let bidding = auction.bidding(Vulnerability::None).ok()?;
    if !bidding.has_ended() {
        return None;
    }
    Some(match bidding.contract() {
        Some((contract, declarer)) => Outcome::Contract(contract, declarer),
        None => Outcome::PassedOut,
    })
}

/// Reads a `C` label's data; `None` when it states no contract an auction
/// could reach (an end position, or unreadable).
#[must_use]
pub(crate) fn parse_contract(data: &[u8]) -> Option<Outcome> {
    if data.eq_ignore_ascii_case(b"P") {
        return Some(Outcome::PassedOut);
    }
    let colon = data.iter().position(|&b| b == b':')?;
    let (head, tail) = (&data[..colon], &data[colon + 1..]);
    let (&level, rest) = head.split_first()?;
    if !(b'1'..=b'7').contains(&level) {
        return None;
    }
    let (&strain, penalty) = rest.split_first()?;
    let strain = strain_of_letter(strain)?;
    let penalty = match penalty.to_ascii_uppercase().as_slice() {
        b"" => Penalty::Undoubled,
        b"X" => Penalty::Doubled,
        b"R" | b"XX" => Penalty::Redoubled,
        _ => return None,
    };
    let declarer = seat_of_letter(*tail.first()?)?;
    Some(Outcome::Contract(
        Contract {
            bid: Bid {
                level: Level::new(level - b'0'),
                strain,
            },
            penalty,
        },
        declarer,
    ))
}

/// Writes a `C` label's data: `4SX:N`, `6HR:W`, or `P`.
pub(crate) fn write_contract(out: &mut Vec<u8>, outcome: Outcome) {
    match outcome {
        Outcome::PassedOut => out.push(b'P'),
        Outcome::Contract(contract, declarer) => {
            out.push(b'0' + contract.bid.level.get());
            out.push(contract.bid.strain.letter() as u8);
            match contract.penalty {
                Penalty::Undoubled => {}
                Penalty::Doubled => out.push(b'X'),
                Penalty::Redoubled => out.push(b'R'),
            }
            out.push(b':');
            out.push(declarer.letter() as u8);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use contract_bridge::Strain;

    #[test]
    fn read_and_write() {
        for text in ["5HX:N", "P", "6HR:W", "1N:E", "7C:S"] {
            let o = parse_contract(text.as_bytes()).unwrap();
            let mut out = Vec::new();
            write_contract(&mut out, o);
            assert_eq!(out, text.as_bytes());
        }
        assert_eq!(
            parse_contract(b"4sx:s8"),
            Some(Outcome::Contract(
                Contract::new(4, Strain::Spades, Penalty::Doubled),
                Seat::South
            ))
        );
        assert_eq!(parse_contract(b"N:S6"), None);
        assert_eq!(parse_contract(b"C:EM"), None);
        assert_eq!(parse_contract(b""), None);
        assert_eq!(parse_contract(b"8S:N"), None);
    }
}

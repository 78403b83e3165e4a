//! Bridge Composer's `[DoubleDummyTricks "…"]` tag: a whole double-dummy
//! table in 20 hexadecimal digits.
//!
//! # Digit order
//!
//! Declarers **N, S, E, W**, and for each declarer the strains **NT, S, H,
//! D, C**; each digit is that declarer's tricks, `0`–`d`. So the tag for a
//! deal where North-South take 9 tricks in notrump and East-West 4 reads
//! `9…9…4…4…` with five digits per declarer.
//!
//! Why this order: the tag is Bridge Composer's one-line form of the table
//! it otherwise writes as PBN's `OptimumResultTable`, and Bridge Composer
//! writes that table's 20 rows in exactly this order — `N NT`, `N S`,
//! `N H`, `N D`, `N C`, then `S …`, `E …`, `W …` (see
//! [`crate::optimum_result_table`]). Reading the digits as that table's
//! `Result` column, row by row, gives the order above. A check that holds
//! on real deals: digit `i` (a North-South declarer) and digit `i + 10`
//! (the East-West declarer in the same strain) add up to 13 in nearly every
//! strain, which no other grouping of the digits would show. It is also not
//! GIB's order (strains NT, S, H, D, C × declarers E, N, W, S, with the
//! East-West cells written as 13 − tricks), which `pons-dds` implements
//! separately.
//!
//! We write lowercase digits and read either case.

use crate::table::DdTable;
use contract_bridge::{Seat, Strain};
use core::fmt::Write as _;
use thiserror::Error;

/// The declarers in digit order.
pub const DECLARERS: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];
/// The strains in digit order, within each declarer.
pub const STRAINS: [Strain; 5] = Strain::DESC;

/// Why a `DoubleDummyTricks` value could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DoubleDummyTricksError {
    /// The value is not 20 characters long.
    #[error("expected 20 hexadecimal digits, found {0} characters")]
    Length(usize),
    /// A character is not a hexadecimal digit of 0 to 13.
    #[error("character {position} ('{found}') is not a trick count 0-d")]
    Digit {
        /// 1-based position in the value.
        position: usize,
        /// The character found.
        found: char,
    },
}

/// The tag value (20 lowercase hex digits) for `table`.
#[must_use]
pub fn format(table: &DdTable) -> String {
    let mut out = String::with_capacity(20);
    for seat in DECLARERS {
        for strain in STRAINS {
            write!(out, "{:x}", table.get(seat, strain)).expect("writing to a String");
        }
    }
    out
}

/// Read a tag value (surrounding whitespace is ignored).
///
/// # Errors
///
/// When the value is not 20 hex digits, each 0 to 13.
pub fn parse(value: &str) -> Result<DdTable, DoubleDummyTricksError> {
    let value = value.trim();
    let count = value.chars().count();
    if count != 20 {
        return Err(DoubleDummyTricksError::Length(count));
    }
    let mut table = DdTable::default();
    let cells = DECLARERS
        .iter()
        .flat_map(|&seat| STRAINS.iter().map(move |&strain| (seat, strain)));
    for (i, (c, (seat, strain))) in value.chars().zip(cells).enumerate() {
        let tricks = c
            .to_digit(16)
            .filter(|&t| t <= 13)
            .ok_or(DoubleDummyTricksError::Digit {
                position: i + 1,
                found: c,
            })?;
        table.set(seat, strain, u8::try_from(tricks).expect("0..=13"));
    }
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_order() {
        let mut t = DdTable::default();
        t.set(Seat::North, Strain::Notrump, 9);
        t.set(Seat::North, Strain::Clubs, 1);
        t.set(Seat::South, Strain::Notrump, 13);
        t.set(Seat::East, Strain::Spades, 12);
        t.set(Seat::West, Strain::Clubs, 10);
        // N: NT S H D C | S: … | E: … | W: …
        assert_eq!(format(&t), ["90001", "d0000", "0c000", "0000a"].concat());
    }

    #[test]
    fn round_trip_and_case() {
        let value = "9a8769a876434564345a";
        let t = parse(value).unwrap();
        assert_eq!(format(&t), value);
        assert_eq!(parse(&value.to_uppercase()).unwrap(), t);
        assert_eq!(t.get(Seat::North, Strain::Notrump), 9);
        assert_eq!(t.get(Seat::North, Strain::Spades), 10);
        assert_eq!(t.get(Seat::East, Strain::Notrump), 4);
        assert_eq!(t.get(Seat::West, Strain::Clubs), 10);
    }

    #[test]
    fn errors() {
        assert_eq!(parse("9a87"), Err(DoubleDummyTricksError::Length(4)));
        assert_eq!(
            parse("9a8769a876434564345e"),
            Err(DoubleDummyTricksError::Digit {
                position: 20,
                found: 'e'
            })
        );
        assert!(parse("9a8769a87643456434-a").is_err());
    }
}

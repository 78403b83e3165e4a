//! Double-dummy tables: how many tricks each declarer takes in each strain.
//!
//! [`DdTable`] holds the 20 results of a deal (4 declarers × 5 strains).
//! [`DdMask`] names a subset of those 20 cells, for solving only what is
//! needed, and [`PartialTable`] is the answer to such a request: the cells
//! solved, and nothing guessed for the others.

use contract_bridge::{Seat, Strain};
use core::fmt;

/// The tricks each declarer takes in each strain, double dummy.
///
/// Indexed by ([`Seat`], [`Strain`]); every cell is 0..=13.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct DdTable {
    /// `tricks[strain as usize][seat as usize]`
    tricks: [[u8; 4]; 5],
}

impl DdTable {
    /// A table from its cells, `rows[strain as usize][seat as usize]`
    /// (strains clubs..notrump, seats N, E, S, W).
    ///
    /// # Panics
    ///
    /// When a cell is more than 13.
    #[must_use]
    pub fn from_rows(rows: [[u8; 4]; 5]) -> Self {
        assert!(
            rows.iter().flatten().all(|&t| t <= 13),
            "a declarer takes at most 13 tricks"
        );
        Self { tricks: rows }
    }

    /// The tricks `declarer` takes in `strain`.
    #[must_use]
    pub const fn get(&self, declarer: Seat, strain: Strain) -> u8 {
        self.tricks[strain as usize][declarer as usize]
    }

    /// Set the tricks `declarer` takes in `strain`.
    ///
    /// # Panics
    ///
    /// When `tricks` is more than 13.
    pub fn set(&mut self, declarer: Seat, strain: Strain, tricks: u8) {
        assert!(tricks <= 13, "a declarer takes at most 13 tricks");
        self.tricks[strain as usize][declarer as usize] = tricks;
    }

    /// The cells, `rows[strain as usize][seat as usize]`.
    #[must_use]
    pub const fn rows(&self) -> [[u8; 4]; 5] {
        self.tricks
    }
}

impl From<pons_dds::TrickCountTable> for DdTable {
    fn from(table: pons_dds::TrickCountTable) -> Self {
        let mut out = Self::default();
        for strain in Strain::ASC {
            for seat in Seat::ALL {
                out.set(seat, strain, table[strain].get(seat).get());
            }
        }
        out
    }
}

impl From<DdTable> for pons_dds::TrickCountTable {
    fn from(table: DdTable) -> Self {
        Self(Strain::ASC.map(|strain| {
            let t = |seat| table.get(seat, strain);
            pons_dds::TrickCountRow::new(
                t(Seat::North),
                t(Seat::East),
                t(Seat::South),
                t(Seat::West),
            )
        }))
    }
}

impl fmt::Display for DdTable {
    /// A compact grid: one line per declarer (N, S, E, W), strains
    /// NT, S, H, D, C, e.g. `N  8  9  7  6  5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("   NT  S  H  D  C")?;
        for seat in [Seat::North, Seat::South, Seat::East, Seat::West] {
            write!(f, "\n{}", seat.letter())?;
            for strain in Strain::DESC {
                write!(f, " {:2}", self.get(seat, strain))?;
            }
        }
        Ok(())
    }
}

/// A set of (declarer, strain) cells of a [`DdTable`]: what to solve.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DdMask(u32);

impl DdMask {
    /// All 20 cells.
    pub const ALL: Self = Self((1 << 20) - 1);
    /// No cell.
    pub const NONE: Self = Self(0);

    const fn bit(declarer: Seat, strain: Strain) -> u32 {
        1 << (strain as u32 * 4 + declarer as u32)
    }

    /// The one cell (`declarer`, `strain`).
    #[must_use]
    pub const fn cell(declarer: Seat, strain: Strain) -> Self {
        Self(Self::bit(declarer, strain))
    }

    /// Every declarer in `strain`.
    #[must_use]
    pub const fn strain(strain: Strain) -> Self {
        Self(0xF << (strain as u32 * 4))
    }

    /// Every strain for `declarer`.
    #[must_use]
    pub const fn declarer(declarer: Seat) -> Self {
        Self(0x1_1111 << declarer as u32)
    }

    /// The cells in either set.
    #[must_use]
    pub const fn union(self, other: Self) -> Self {
        Self(self.0 | other.0)
    }

    /// The cells in both sets.
    #[must_use]
    pub const fn intersection(self, other: Self) -> Self {
        Self(self.0 & other.0)
    }

    /// Whether the cell (`declarer`, `strain`) is in the set.
    #[must_use]
    pub const fn contains(self, declarer: Seat, strain: Strain) -> bool {
        self.0 & Self::bit(declarer, strain) != 0
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The number of cells in the set.
    #[must_use]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// The declarers asked for in `strain`.
    pub fn declarers_in(self, strain: Strain) -> impl Iterator<Item = Seat> {
        Seat::ALL
            .into_iter()
            .filter(move |&seat| self.contains(seat, strain))
    }
}

impl core::ops::BitOr for DdMask {
    type Output = Self;
    fn bitor(self, other: Self) -> Self {
        self.union(other)
    }
}

/// Some cells of a [`DdTable`]: the answer to a [`DdMask`] request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PartialTable {
    solved: DdMask,
    tricks: DdTable,
}

impl PartialTable {
    /// A table of which only the cells in `solved` are known.
    #[must_use]
    pub const fn new(solved: DdMask, tricks: DdTable) -> Self {
        Self { solved, tricks }
    }

    /// The cells that are known (at least those asked for).
    #[must_use]
    pub const fn solved(&self) -> DdMask {
        self.solved
    }

    /// The tricks `declarer` takes in `strain`, if that cell was solved.
    #[must_use]
    pub const fn get(&self, declarer: Seat, strain: Strain) -> Option<u8> {
        if self.solved.contains(declarer, strain) {
            Some(self.tricks.get(declarer, strain))
        } else {
            None
        }
    }

    /// The whole table, when all 20 cells are known.
    #[must_use]
    pub fn full(&self) -> Option<DdTable> {
        (self.solved == DdMask::ALL).then_some(self.tricks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mask_cells() {
        let m = DdMask::cell(Seat::North, Strain::Notrump) | DdMask::strain(Strain::Clubs);
        assert!(m.contains(Seat::North, Strain::Notrump));
        assert!(!m.contains(Seat::South, Strain::Notrump));
        assert!(Seat::ALL.iter().all(|&s| m.contains(s, Strain::Clubs)));
        assert_eq!(m.len(), 5);
        assert_eq!(DdMask::ALL.len(), 20);
        let west = DdMask::declarer(Seat::West);
        assert_eq!(west.len(), 5);
        assert!(Strain::ASC.iter().all(|&s| west.contains(Seat::West, s)));
        assert_eq!(
            m.declarers_in(Strain::Notrump).collect::<Vec<_>>(),
            [Seat::North]
        );
        let union = Seat::ALL
            .into_iter()
            .fold(DdMask::NONE, |m, s| m | DdMask::declarer(s));
        assert_eq!(union, DdMask::ALL);
        assert!(DdMask::NONE.is_empty());
    }

    #[test]
    fn table_cells_and_pons_round_trip() {
        let mut t = DdTable::default();
        t.set(Seat::East, Strain::Hearts, 11);
        t.set(Seat::North, Strain::Notrump, 2);
        assert_eq!(t.get(Seat::East, Strain::Hearts), 11);
        let pons: pons_dds::TrickCountTable = t.into();
        assert_eq!(pons[Strain::Hearts].get(Seat::East).get(), 11);
        assert_eq!(DdTable::from(pons), t);
    }

    #[test]
    fn partial_table_hides_unsolved_cells() {
        let mut t = DdTable::default();
        t.set(Seat::South, Strain::Spades, 9);
        let p = PartialTable::new(DdMask::cell(Seat::South, Strain::Spades), t);
        assert_eq!(p.get(Seat::South, Strain::Spades), Some(9));
        assert_eq!(p.get(Seat::North, Strain::Spades), None);
        assert_eq!(p.full(), None);
        assert_eq!(PartialTable::new(DdMask::ALL, t).full(), Some(t));
    }

    #[test]
    #[should_panic(expected = "at most 13")]
    fn fourteen_tricks_panics() {
        DdTable::default().set(Seat::North, Strain::Clubs, 14);
    }
}

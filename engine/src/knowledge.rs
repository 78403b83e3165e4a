//! What a player has shown: a minimum and a maximum for every spec field.
//!
//! The fields are those of the specification language: `P` (HCP), `M` (total
//! points), `L` (losers), `Q` (controls), and per suit `D` (length), `H`
//! (8-4-2-1 honours), `S` (stopper grade) and `G` (suit quality). Suits are
//! indexed clubs = 0 … spades = 3, as in the hand pattern string.
//!
//! After a call, a player's knowledge becomes what was known intersected with
//! the union of the specs of every rule that proposes the call (see
//! [`Shown::restrict`]).

use bridge::pattern::HandFeatures;
use grammar::ast::SpecField;
use serde::Serialize;

/// The number of fields a player's knowledge tracks: one per number of a
/// hand's [`HandFeatures::field_values`], in the same order.
pub use bridge::pattern::FIELD_COUNT;

/// One field of the knowledge table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FieldId(u8);

impl FieldId {
    /// The field for `field` (and `suit`, 0 = clubs … 3 = spades, for per-suit
    /// fields; ignored otherwise).
    pub fn new(field: SpecField, suit: usize) -> FieldId {
        let base = match field {
            SpecField::Hcp => return FieldId(0),
            SpecField::Points => return FieldId(1),
            SpecField::Losers => return FieldId(2),
            SpecField::Controls => return FieldId(3),
            SpecField::Length => 4,
            SpecField::Honors => 8,
            SpecField::Stopper => 12,
            SpecField::Quality => 16,
        };
        FieldId(base + (suit.min(3) as u8))
    }

    /// The index in `0..FIELD_COUNT`.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The spec field and the suit (for per-suit fields).
    pub fn parts(self) -> (SpecField, Option<usize>) {
        let i = self.0 as usize;
        match i {
            0 => (SpecField::Hcp, None),
            1 => (SpecField::Points, None),
            2 => (SpecField::Losers, None),
            3 => (SpecField::Controls, None),
            4..=7 => (SpecField::Length, Some(i - 4)),
            8..=11 => (SpecField::Honors, Some(i - 8)),
            12..=15 => (SpecField::Stopper, Some(i - 12)),
            _ => (SpecField::Quality, Some(i - 16)),
        }
    }

    /// Every field, in index order.
    pub fn all() -> impl Iterator<Item = FieldId> {
        (0..FIELD_COUNT as u8).map(FieldId)
    }
}

/// The widest range each field can take.
pub fn field_limits(field: SpecField) -> Range {
    match field {
        SpecField::Hcp => Range::new(0, 37),
        SpecField::Points => Range::new(0, 47),
        SpecField::Losers => Range::new(0, 12),
        SpecField::Controls => Range::new(0, 12),
        SpecField::Length => Range::new(0, 13),
        SpecField::Honors => Range::new(0, 15),
        SpecField::Stopper => Range::new(0, 4),
        SpecField::Quality => Range::new(0, 9),
    }
}

/// An inclusive range `min..=max`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Range {
    /// The least value.
    pub min: u8,
    /// The greatest value.
    pub max: u8,
}

impl Range {
    /// The range `min..=max`.
    pub const fn new(min: u8, max: u8) -> Range {
        Range { min, max }
    }

    /// Whether `v` lies in the range.
    pub fn contains(self, v: u8) -> bool {
        self.min <= v && v <= self.max
    }
}

/// What one player has shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Shown {
    ranges: [Range; FIELD_COUNT],
}

impl Default for Shown {
    fn default() -> Self {
        Shown::unknown()
    }
}

impl Shown {
    /// Nothing shown: every field at its widest.
    pub fn unknown() -> Shown {
        let mut ranges = [Range::new(0, 0); FIELD_COUNT];
        for f in FieldId::all() {
            ranges[f.index()] = field_limits(f.parts().0);
        }
        Shown { ranges }
    }

    /// The range of one field.
    #[inline]
    pub fn get(&self, f: FieldId) -> Range {
        self.ranges[f.index()]
    }

    /// Sets the range of one field.
    #[inline]
    pub fn set(&mut self, f: FieldId, r: Range) {
        self.ranges[f.index()] = r;
    }

    /// Narrows a field to at least `v`.
    pub fn raise_min(&mut self, f: FieldId, v: u8) {
        let r = &mut self.ranges[f.index()];
        r.min = r.min.max(v);
    }

    /// Narrows a field to at most `v`.
    pub fn lower_max(&mut self, f: FieldId, v: u8) {
        let r = &mut self.ranges[f.index()];
        r.max = r.max.min(v);
    }

    /// Widens `self` to cover `other` too (per field: lowest minimum, highest
    /// maximum).
    pub fn union_with(&mut self, other: &Shown) {
        for (a, b) in self.ranges.iter_mut().zip(other.ranges.iter()) {
            a.min = a.min.min(b.min);
            a.max = a.max.max(b.max);
        }
    }

    /// Restricts what was known to what a call shows. Where the two do not
    /// overlap (the rules contradict what the player showed before), the new
    /// range wins: a player's latest call is the best evidence.
    pub fn restrict(&mut self, shows: &Shown) {
        for (a, b) in self.ranges.iter_mut().zip(shows.ranges.iter()) {
            let min = a.min.max(b.min);
            let max = a.max.min(b.max);
            *a = if min <= max { Range::new(min, max) } else { *b };
        }
    }

    /// Whether any field is narrower than its widest range.
    pub fn is_informative(&self) -> bool {
        FieldId::all().any(|f| self.get(f) != field_limits(f.parts().0))
    }
}

impl Shown {
    /// The value a hand has for one field.
    pub fn hand_value(hand: &HandFeatures, f: FieldId) -> u8 {
        match f.parts() {
            (SpecField::Hcp, _) => hand.hcp,
            (SpecField::Points, _) => hand.points,
            (SpecField::Losers, _) => hand.losers,
            (SpecField::Controls, _) => hand.controls,
            (SpecField::Length, Some(s)) => hand.length[s],
            (SpecField::Honors, Some(s)) => hand.honors[s],
            (SpecField::Stopper, Some(s)) => hand.stopper[s],
            (SpecField::Quality, Some(s)) => hand.quality[s],
            (_, None) => 0,
        }
    }

    /// The fields whose range does not contain the hand's value (empty when
    /// the hand is consistent with what was shown).
    pub fn violations(&self, hand: &HandFeatures) -> Vec<FieldId> {
        FieldId::all()
            .filter(|&f| !self.get(f).contains(Shown::hand_value(hand, f)))
            .collect()
    }
}

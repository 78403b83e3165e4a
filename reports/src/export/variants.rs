//! Seat and vulnerability conditions as BML and BSS write them, and the
//! coarsest split of the sixteen walk variants into such conditions.
//!
//! BML's `#SEAT` takes `0` (any), `1`–`4`, `12` or `34`; `#VUL <we><them>`
//! takes `Y`, `N` or `0` (either) for each side. BSS encodes the same sets as
//! one character each (the position `A` and vulnerability `B` of a record).
//! "We" is the side whose system a table describes: the opening side in
//! auctions we open, the other side in auctions they open.

use super::walk::{VARIANTS, Variant};

/// The seats of the opening bid a table or record applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Seats {
    /// Any seat (BML `0`, BSS `0`).
    Any,
    /// One seat, 1–4.
    One(u8),
    /// First or second (BML `12`, BSS `5`).
    FirstSecond,
    /// Third or fourth (BML `34`, BSS `6`).
    ThirdFourth,
}

impl Seats {
    /// Whether the seat (1–4) is in the set.
    pub fn contains(self, seat: u8) -> bool {
        match self {
            Seats::Any => true,
            Seats::One(s) => s == seat,
            Seats::FirstSecond => seat <= 2,
            Seats::ThirdFourth => seat >= 3,
        }
    }

    /// The BML `#SEAT` value.
    pub fn bml(self) -> String {
        match self {
            Seats::Any => "0".into(),
            Seats::One(s) => s.to_string(),
            Seats::FirstSecond => "12".into(),
            Seats::ThirdFourth => "34".into(),
        }
    }

    /// The BSS position character (`A`).
    pub fn bss(self) -> char {
        match self {
            Seats::Any => '0',
            Seats::One(s) => (b'0' + s) as char,
            Seats::FirstSecond => '5',
            Seats::ThirdFourth => '6',
        }
    }

    /// The finer sets this one splits into, coarsest first.
    fn halves(self) -> Vec<Seats> {
        match self {
            Seats::Any => vec![Seats::FirstSecond, Seats::ThirdFourth],
            Seats::FirstSecond => vec![Seats::One(1), Seats::One(2)],
            Seats::ThirdFourth => vec![Seats::One(3), Seats::One(4)],
            Seats::One(_) => vec![self],
        }
    }
}

/// A vulnerability condition: for each side, vulnerable, not vulnerable, or
/// either (`None`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Vul {
    /// Our side.
    pub we: Option<bool>,
    /// The other side.
    pub they: Option<bool>,
}

impl Vul {
    /// Any vulnerability.
    pub const ANY: Vul = Vul {
        we: None,
        they: None,
    };

    /// Whether our and their vulnerability satisfy the condition.
    pub fn contains(self, we: bool, they: bool) -> bool {
        self.we.is_none_or(|w| w == we) && self.they.is_none_or(|t| t == they)
    }

    /// The BML `#VUL` value: `<we><them>`, each `Y`, `N` or `0`.
    pub fn bml(self) -> String {
        let c = |v: Option<bool>| match v {
            None => '0',
            Some(true) => 'Y',
            Some(false) => 'N',
        };
        format!("{}{}", c(self.we), c(self.they))
    }

    /// The BSS vulnerability character (`B`), as bml2bss encodes `#VUL`:
    /// `0` any, `1` none, `2` only we, `3` only they, `4` both, `5` we not
    /// vulnerable, `6` we vulnerable, `7` they not vulnerable, `8` they
    /// vulnerable.
    pub fn bss(self) -> char {
        match (self.we, self.they) {
            (None, None) => '0',
            (Some(false), Some(false)) => '1',
            (Some(true), Some(false)) => '2',
            (Some(false), Some(true)) => '3',
            (Some(true), Some(true)) => '4',
            (Some(false), None) => '5',
            (Some(true), None) => '6',
            (None, Some(false)) => '7',
            (None, Some(true)) => '8',
        }
    }

    /// The finer conditions this one can split into, by our vulnerability
    /// and then by theirs (`None` when it cannot split that way).
    fn splits(self) -> [Option<[Vul; 2]>; 2] {
        let by_we = self.we.is_none().then(|| {
            [false, true].map(|w| Vul {
                we: Some(w),
                ..self
            })
        });
        let by_they = self.they.is_none().then(|| {
            [false, true].map(|t| Vul {
                they: Some(t),
                ..self
            })
        });
        [by_we, by_they]
    }
}

/// A seat set and a vulnerability condition: the variants a BML table or a
/// BSS record applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Condition {
    /// The seats of the opening bid.
    pub seats: Seats,
    /// The vulnerability.
    pub vul: Vul,
}

impl Condition {
    /// Every variant.
    pub const ANY: Condition = Condition {
        seats: Seats::Any,
        vul: Vul::ANY,
    };

    /// Whether the variant satisfies the condition, "we" being the opening
    /// side when `we_opened`.
    pub fn contains(self, v: Variant, we_opened: bool) -> bool {
        let (we, they) = if we_opened {
            (v.opener_vul, v.other_vul)
        } else {
            (v.other_vul, v.opener_vul)
        };
        self.seats.contains(v.seat) && self.vul.contains(we, they)
    }

    /// The indices of the variants in the condition.
    pub fn variants(self, we_opened: bool) -> impl Iterator<Item = usize> {
        (0..VARIANTS).filter(move |&i| self.contains(Variant::from_index(i), we_opened))
    }
}

/// Splits `within` into the fewest conditions BML and BSS can write, each
/// with one value of `value` (by variant index) over its variants: first by
/// seat (any; 12/34; single seats) where the value differs between seats,
/// then by vulnerability (any; ours; theirs; both fixed). A variant whose
/// value is `None` does not matter (the auction before the call does not
/// exist there): it joins whichever condition is coarsest. Conditions with
/// only such variants are left out.
pub fn split<T: PartialEq + Copy>(
    within: Condition,
    we_opened: bool,
    value: impl Fn(usize) -> Option<T>,
) -> Vec<(Condition, T)> {
    let agree = |vs: &mut dyn Iterator<Item = usize>| {
        let mut seen = None;
        vs.filter_map(&value).all(|x| *seen.get_or_insert(x) == x)
    };
    let uniform = |c: Condition| agree(&mut c.variants(we_opened));
    // Seats that agree at every vulnerability stay together.
    let seat_uniform = |seats: Seats| {
        Variant::all()
            .filter(|v| within.contains(*v, we_opened) && seats.contains(v.seat))
            .all(|v| {
                agree(
                    &mut Variant::all()
                        .filter(|o| {
                            o.opener_vul == v.opener_vul
                                && o.other_vul == v.other_vul
                                && seats.contains(o.seat)
                        })
                        .map(Variant::index),
                )
            })
    };
    let mut seat_sets = Vec::new();
    let mut todo = vec![within.seats];
    while let Some(s) = todo.pop() {
        let halves = s.halves();
        if seat_uniform(s) || halves == [s] {
            seat_sets.push(s);
        } else {
            todo.extend(halves.into_iter().rev());
        }
    }
    let mut out = Vec::new();
    for seats in seat_sets {
        let whole = Condition {
            seats,
            vul: within.vul,
        };
        let mut parts = vec![whole];
        if !uniform(whole) {
            let split_by = within
                .vul
                .splits()
                .into_iter()
                .flatten()
                .find(|halves| halves.iter().all(|&vul| uniform(Condition { seats, vul })));
            parts = match split_by {
                Some(halves) => halves.map(|vul| Condition { seats, vul }).to_vec(),
                None => [false, true]
                    .into_iter()
                    .flat_map(|we| [false, true].map(|they| (we, they)))
                    .map(|(we, they)| Vul {
                        we: Some(we),
                        they: Some(they),
                    })
                    .filter(|v| {
                        within.vul.we.is_none_or(|w| Some(w) == v.we)
                            && within.vul.they.is_none_or(|t| Some(t) == v.they)
                    })
                    .map(|vul| Condition { seats, vul })
                    .collect(),
            };
        }
        for c in parts {
            if let Some(x) = c.variants(we_opened).find_map(&value) {
                out.push((c, x));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_uniform_value_is_one_condition() {
        assert_eq!(
            split(Condition::ANY, true, |_| Some(7)),
            vec![(Condition::ANY, 7)]
        );
    }

    #[test]
    fn seat_pairs_and_single_seats() {
        // First and second seat agree, third and fourth differ.
        let parts = split(Condition::ANY, true, |i| {
            match Variant::from_index(i).seat {
                1 | 2 => Some(0),
                s => Some(s),
            }
        });
        let seats: Vec<_> = parts.iter().map(|(c, v)| (c.seats, *v)).collect();
        assert_eq!(
            seats,
            vec![
                (Seats::FirstSecond, 0),
                (Seats::One(3), 3),
                (Seats::One(4), 4)
            ]
        );
        assert!(parts.iter().all(|(c, _)| c.vul == Vul::ANY));
    }

    #[test]
    fn vulnerability_of_our_side_only() {
        // "We" are the opening side: the value depends on its vulnerability.
        let parts = split(Condition::ANY, true, |i| {
            Some(Variant::from_index(i).opener_vul)
        });
        let got: Vec<_> = parts
            .iter()
            .map(|(c, v)| (c.seats, c.vul.bml(), *v))
            .collect();
        assert_eq!(
            got,
            vec![
                (Seats::Any, "N0".into(), false),
                (Seats::Any, "Y0".into(), true)
            ]
        );
        // Seen from the other side, the same dependence is on "them".
        let parts = split(Condition::ANY, false, |i| {
            Some(Variant::from_index(i).opener_vul)
        });
        assert_eq!(parts[0].0.vul.bml(), "0N");
        assert_eq!(parts[0].0.vul.bss(), '7');
    }

    #[test]
    fn both_vulnerabilities_split_four_ways() {
        let parts = split(Condition::ANY, true, |i| {
            let v = Variant::from_index(i);
            Some((v.opener_vul, v.other_vul))
        });
        let codes: Vec<char> = parts.iter().map(|(c, _)| c.vul.bss()).collect();
        assert_eq!(codes, vec!['1', '3', '2', '4']);
    }

    #[test]
    fn variants_that_do_not_matter_join_the_coarsest_condition() {
        // Seats 1-3 agree; in seat 4 the auction does not exist.
        let parts = split(Condition::ANY, true, |i| {
            (Variant::from_index(i).seat != 4).then_some(5)
        });
        assert_eq!(parts, vec![(Condition::ANY, 5)]);
        // Nowhere at all: no condition.
        assert!(split(Condition::ANY, true, |_| None::<u8>).is_empty());
    }

    #[test]
    fn bss_codes_follow_bml2bss() {
        assert_eq!(Seats::FirstSecond.bss(), '5');
        assert_eq!(Seats::ThirdFourth.bss(), '6');
        assert_eq!(Seats::One(3).bss(), '3');
        let v = |we, they| Vul { we, they }.bss();
        assert_eq!(v(None, None), '0');
        assert_eq!(v(Some(false), None), '5');
        assert_eq!(v(Some(true), None), '6');
        assert_eq!(v(None, Some(true)), '8');
    }
}

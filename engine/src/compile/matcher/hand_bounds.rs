//! Ranges a hand's fields must fall in for a constraint to hold, read off
//! the constraint when the rule loads — a test that turns most hands away
//! without walking the constraint.
//!
//! Choosing a call weighs the rules proposing it in priority order and
//! walks each constraint until one holds; most walks fail, and most fail on
//! a point range or a suit length (`@00P~.[12,14]~`, `&&~#24(S)>=5~`). The
//! constraint's members are combined as the matcher combines them: a member
//! of `&` (or an implied `&` after a GOTO) must hold, so the ranges of both
//! sides are intersected; of `A | B` one must, so each field keeps the hull
//! of the two sides' ranges. Only tests of a hand field against constants
//! ([`MathExpr::Within`] of [`Read::Hand`], joined by `&&`/`||`) give
//! ranges; anything else — pattern-string members, grabs, what partner has
//! shown, the vulnerability — leaves the fields free. So the bounds are a
//! necessary condition: a hand outside them fails the constraint, a hand
//! inside may still fail it.

use super::ir::{Alt, Branch, Node};
use crate::compile::functions::Read;
use crate::compile::math::MathExpr;
use crate::knowledge::{FIELD_COUNT, FieldId, field_limits};
use grammar::ast::{AltOp, BinOp};

/// The most fields one [`HandBounds`] keeps (the first ones found; leaving
/// a field out only makes the test weaker, never wrong).
const MAX_FIELDS: usize = 5;

/// What a hand's fields must satisfy for a constraint to hold: at most
/// five fields, each with an inclusive range. 16 bytes, so the
/// bounds of every rule of a book sit in a few kilobytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct HandBounds {
    len: u8,
    field: [u8; MAX_FIELDS],
    low: [u8; MAX_FIELDS],
    high: [u8; MAX_FIELDS],
}

/// The value of every field of one hand, by [`FieldId::index`].
pub type FieldValues = [u8; FIELD_COUNT];

impl HandBounds {
    /// The bounds a hand must be within for `constraint` to hold.
    pub fn of(constraint: &Alt) -> HandBounds {
        let ranges = alt_ranges(constraint);
        let mut bounds = HandBounds::default();
        for (i, &(low, high)) in ranges.iter().enumerate() {
            let (field, _) = FieldId::all().nth(i).expect("a field").parts();
            let limits = field_limits(field);
            let free = low <= i32::from(limits.min) && high >= i32::from(limits.max);
            if free || usize::from(bounds.len) == MAX_FIELDS {
                continue;
            }
            let k = usize::from(bounds.len);
            bounds.field[k] = i as u8;
            // Field values are 0..=255, so clamping to that keeps the test
            // the same; a range no value is in becomes 1..=0.
            (bounds.low[k], bounds.high[k]) = if high < 0 || low > high {
                (1, 0)
            } else {
                (low.clamp(0, 255) as u8, high.clamp(0, 255) as u8)
            };
            bounds.len += 1;
        }
        bounds
    }

    /// Whether a hand with these field values may satisfy the constraint
    /// (`false`: it certainly does not).
    #[inline]
    pub fn admit(&self, values: &FieldValues) -> bool {
        (0..usize::from(self.len)).all(|k| {
            let v = values[usize::from(self.field[k])];
            self.low[k] <= v && v <= self.high[k]
        })
    }

    /// Whether the bounds admit every hand.
    pub fn is_free(&self) -> bool {
        self.len == 0
    }
}

/// Each field's range, as `(low, high)` by field index.
type Ranges = [(i32, i32); FIELD_COUNT];

const FREE: Ranges = [(i32::MIN, i32::MAX); FIELD_COUNT];

fn intersect(a: &mut Ranges, b: &Ranges) {
    for (x, y) in a.iter_mut().zip(b) {
        *x = (x.0.max(y.0), x.1.min(y.1));
    }
}

fn hull(a: &mut Ranges, b: &Ranges) {
    for (x, y) in a.iter_mut().zip(b) {
        *x = (x.0.min(y.0), x.1.max(y.1));
    }
}

/// Members combine left to right, as [`super::Backtracker::matches`]
/// combines them: `A & B | C` is `(A & B) | C`.
fn alt_ranges(alt: &Alt) -> Ranges {
    let mut ranges = branch_ranges(&alt.first);
    for (op, branch) in &alt.rest {
        let next = branch_ranges(branch);
        match op {
            AltOp::Or => hull(&mut ranges, &next),
            AltOp::And | AltOp::Then => intersect(&mut ranges, &next),
        }
    }
    ranges
}

/// Every node of a branch must match somewhere: the ranges of its MATH
/// tests and groups, intersected.
fn branch_ranges(branch: &Branch) -> Ranges {
    let mut ranges = FREE;
    for node in &branch.nodes {
        match node {
            Node::Math {
                expr,
                assigns: false,
            } => intersect(&mut ranges, &expr_ranges(expr)),
            Node::Group(alt) => intersect(&mut ranges, &alt_ranges(alt)),
            _ => {}
        }
    }
    ranges
}

/// The ranges within which the expression can be non-zero (MATH holds
/// where its value is not 0).
fn expr_ranges(expr: &MathExpr) -> Ranges {
    let mut ranges = FREE;
    match expr {
        MathExpr::Within(Read::Hand(field), low, high) => {
            ranges[field.index()] = (*low, *high);
        }
        MathExpr::All(items) => {
            for e in items {
                intersect(&mut ranges, &expr_ranges(e));
            }
        }
        MathExpr::Binary(BinOp::AndAnd | BinOp::And, l, r) => {
            intersect(&mut ranges, &expr_ranges(l));
            intersect(&mut ranges, &expr_ranges(r));
        }
        MathExpr::Any(items) => {
            let mut items = items.iter();
            if let Some(first) = items.next() {
                ranges = expr_ranges(first);
                for e in items {
                    hull(&mut ranges, &expr_ranges(e));
                }
            }
        }
        MathExpr::Binary(BinOp::OrOr | BinOp::Or, l, r) => {
            ranges = expr_ranges(l);
            hull(&mut ranges, &expr_ranges(r));
        }
        _ => {}
    }
    ranges
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::functions::Situation;
    use crate::compile::grabs::Grabs;
    use crate::compile::matcher::test_support::{constraint, random_hands, walk_holds};
    use bridge::hand::parse_hand;
    use bridge::pattern::HandFeatures;

    fn values(hand: &str) -> FieldValues {
        HandFeatures::of(parse_hand(hand).unwrap()).field_values()
    }

    /// `(field index, low, high)` of each bound.
    fn listed(b: &HandBounds) -> Vec<(u8, u8, u8)> {
        (0..usize::from(b.len))
            .map(|k| (b.field[k], b.low[k], b.high[k]))
            .collect()
    }

    #[test]
    fn ranges_of_the_usual_members() {
        let hcp = FieldId::new(grammar::ast::SpecField::Hcp, 0).index() as u8;
        let spades = FieldId::new(grammar::ast::SpecField::Length, 3).index() as u8;
        let hearts = FieldId::new(grammar::ast::SpecField::Length, 2).index() as u8;
        type Listed = Vec<(u8, u8, u8)>;
        let cases: &[(&str, Listed)] = &[
            ("@00P~.[12,14]~", vec![(hcp, 12, 14)]),
            (
                "~#20>=8~&&~#24(S)>=5~",
                vec![(hcp, 8, 255), (spades, 5, 255)],
            ),
            ("~#20>=8&&#24(S)<=3~", vec![(hcp, 8, 255), (spades, 0, 3)]),
            // One side or the other: the hull.
            ("~#20[6,9]||#20>=16~", vec![(hcp, 6, 255)]),
            ("~#24(H)>=5~|~#24(S)>=5~", vec![]),
            ("~#24(S)>=5~|~#24(S)>=6&&#20>=10~", vec![(spades, 5, 255)]),
            (
                "(~#24(S)>=5~|~#24(S)>=4~)&&~#24(H)<4~",
                vec![(hearts, 0, 3), (spades, 4, 255)],
            ),
            // Ranges of grabs, partner or the pattern string say nothing.
            ("~#24(a)>=3~&&~#210>=12~", vec![]),
            ("@00P1[2-4]", vec![]),
            ("~!(#20>=12)~", vec![]),
            // A range no hand is in.
            ("~#20>=12~&&~#20<=10~", vec![(hcp, 1, 0)]),
        ];
        for (text, want) in cases {
            assert_eq!(&listed(&HandBounds::of(&constraint(text))), want, "{text}");
        }
    }

    #[test]
    fn hands_outside_the_bounds_fail_the_constraint() {
        // The bounds are a necessary condition: on random hands, whenever
        // they turn a hand away the constraint fails too.
        let constraints = [
            "@00P~.[12,14]~&&~#24(S)>=5&&#24(S)>=#24(H)~",
            "~#20[6,9]||#20>=16~&&~#24(H)>=5~",
            "~#24(S)>=5~|~#24(H)>=5&&#20>=10~",
            "@03M~.[0,021+99*!021]~&&~#22[5,7]~",
            "(~#24(C)>=6~|~#24(D)>=6~)&&~#20<=10~",
            "~#20>=12~&&~#20<=10~",
        ];
        let situation = Situation::default();
        let hands = random_hands(3, 300);
        let mut turned_away = 0;
        for text in constraints {
            let alt = constraint(text);
            let bounds = HandBounds::of(&alt);
            for hand in &hands {
                if !bounds.admit(&hand.field_values()) {
                    turned_away += 1;
                    let holds = walk_holds(&alt, hand, &situation, &Grabs::new());
                    assert!(!holds, "{text}: {}", hand.pattern());
                }
            }
        }
        assert!(turned_away > 1000, "the bounds turn hands away");
    }

    #[test]
    fn the_embedded_books_bounds_never_turn_away_a_hand_that_holds() {
        use crate::rulebook::{RulebookSource, load};
        let rulebook = load(&RulebookSource::Embedded).unwrap();
        let situation = Situation::default();
        let hands = random_hands(11, 100);
        let (mut bounded, mut turned_away) = (0, 0);
        for rule in rulebook.book.rules() {
            let Some(alt) = &rule.constraint else {
                continue;
            };
            let bounds = HandBounds::of(alt);
            bounded += usize::from(!bounds.is_free());
            for features in &hands {
                if bounds.admit(&features.field_values()) {
                    continue;
                }
                turned_away += 1;
                // With no grabs, a member reading one fails: the
                // constraint can only hold less often, never more.
                assert!(
                    !walk_holds(alt, features, &situation, &Grabs::new()),
                    "rule {} holds on a hand its bounds turn away",
                    rule.index + 1
                );
            }
        }
        assert!(bounded > 400, "{bounded} rules have bounds");
        assert!(turned_away > 100_000, "{turned_away} hands turned away");
    }

    #[test]
    fn values_are_the_fields_of_the_hand() {
        for features in random_hands(9, 50) {
            let values = features.field_values();
            for field in FieldId::all() {
                let want = crate::knowledge::Shown::hand_value(&features, field);
                assert_eq!(
                    values[field.index()],
                    want,
                    "{field:?} of {}",
                    features.pattern()
                );
            }
        }
        let v = values("AKQ2.K52.J83.Q74");
        assert_eq!(v[0], 15);
        assert_eq!(
            v[FieldId::new(grammar::ast::SpecField::Length, 3).index()],
            4
        );
        assert_eq!(
            v[FieldId::new(grammar::ast::SpecField::Length, 0).index()],
            3
        );
    }
}

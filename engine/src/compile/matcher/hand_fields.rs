//! Constraint members that read a number of the hand pattern string at a
//! fixed place, rewritten to read the hand's features directly.
//!
//! The pattern string's layout is fixed (`shared/design/hand-pattern.md`):
//! `P` and two digits of HCP at offset 0, `M` and the total points at 3, `L`
//! and the losers at 20, `Q` and the controls at 36. Macros write point
//! ranges as `@00P~.[12,14]~` — jump to the `P`, then MATH reads the number
//! after it. Such a member always finds its letter and reads that feature,
//! so it is the same test as `~#20[12,14]~`, which the matcher evaluates
//! without walking the string. Members of any other shape are left alone.

use super::ir::{Alt, Branch, Node};
use crate::compile::functions::Read;
use crate::knowledge::FieldId;
use grammar::ast::{Goto, SpecField};

/// The letters of the two-digit fields, where they are, and what they hold.
const TWO_DIGIT_FIELDS: [(usize, u8, SpecField); 4] = [
    (0, b'P', SpecField::Hcp),
    (3, b'M', SpecField::Points),
    (20, b'L', SpecField::Losers),
    (36, b'Q', SpecField::Controls),
];

/// Rewrites every member of a constraint that jumps to a two-digit field's
/// letter and reads the number with MATH into a direct read of the feature.
pub fn read_fields_directly(alt: &mut Alt) {
    rewrite(&mut alt.first);
    for (_, branch) in &mut alt.rest {
        rewrite(branch);
    }
}

fn rewrite(b: &mut Branch) {
    let start = match b.goto {
        None | Some(Goto::Start) => 0,
        Some(Goto::To {
            offset,
            plus: false,
        }) => usize::from(offset),
        Some(Goto::To { plus: true, .. }) => return,
    };
    if b.floating || b.end.is_some() {
        return;
    }
    let [Node::Literal(letter), Node::Math { expr, assigns }] = b.nodes.as_slice() else {
        return;
    };
    let Some(&(_, _, field)) = TWO_DIGIT_FIELDS
        .iter()
        .find(|&&(at, l, _)| at == start && **letter == [l])
    else {
        return;
    };
    let Some(direct) = expr.with_field_read_as(Read::Hand(FieldId::new(field, 0))) else {
        return;
    };
    b.nodes = vec![Node::Math {
        expr: Box::new(direct),
        assigns: *assigns,
    }];
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::functions::{Env, Situation};
    use crate::compile::grabs::Grabs;
    use crate::compile::matcher::{Backtracker, EndMode, ir};
    use bridge::hand::parse_hand;
    use bridge::pattern::{HandFeatures, PatternString};

    fn constraint(text: &str) -> Alt {
        let goal = grammar::parse_goal(text).expect("parses");
        ir::compile_alt(&goal.pattern.expect("a pattern"), true).expect("compiles")
    }

    #[test]
    fn point_ranges_read_the_features_and_hold_alike() {
        let hands = [
            "AKQ2.K52.J83.Q74",
            "AKQJT98765432...",
            "5432.432.432.432",
            "AKQJ.AKQ.AKQ.AKQ",
        ];
        let situation = Situation::default();
        let cases = [
            ("@00P~.[12,14]~", true),
            ("@00P~.>=15~", true),
            ("@03M~.[0,13]~&&~#24(S)>=4~", true),
            ("@20L~.<=7~", true),
            ("@36Q~.==3~", true),
            ("@00P~.[12,14]~|@03M~.>=20~", true),
            // Not a two-digit field's letter, or not at its place: kept.
            ("@00M~.>=15~", false),
            ("@01P~.>=15~", false),
            ("@06D~.>=5~", false),
            ("@00P~.+.>=15~", false),
        ];
        for (text, rewritten) in cases {
            let plain = constraint(text);
            let mut direct = plain.clone();
            read_fields_directly(&mut direct);
            assert_eq!(direct != plain, rewritten, "{text}");
            for hand in hands {
                let features = HandFeatures::of(parse_hand(hand).unwrap());
                let pattern = PatternString::from_features(&features);
                let env = Env {
                    situation: &situation,
                    hand: Some(&features),
                };
                let bt = Backtracker::new(pattern.as_str().as_bytes(), &env);
                assert_eq!(
                    bt.matches(&direct, EndMode::Prefix, &mut Grabs::new()),
                    bt.matches(&plain, EndMode::Prefix, &mut Grabs::new()),
                    "{text} on {hand}"
                );
            }
        }
    }
}

//! Situation guards: the tests of a backtracking sequence pattern that read
//! neither the auction nor a grab, checked before the pattern is walked.
//!
//! A MATH member such as `~#12&&m==k+1~` (the forced player's cheapest-bid
//! fallbacks) holds only when its `#12` — a function of the situation, the
//! same for every candidate call and every place in the auction — does.
//! When `#12` is 0 the pattern cannot match, yet its regular approximation
//! (MATH that reads no field is zero-width) admits every auction ending in
//! a bid, a pass and a bid, and each such hit was confirmed by the
//! backtracker. The guard keeps, for each member of the alternative, the
//! operands of the `&&` lists of its top-level MATH nodes that use no grab
//! and read no field. A member may hold only if they all do, and members
//! combine as the backtracker combines them (left to right, `|` as or, `&`
//! and a GOTO member as and): `A&START(…)$` is turned away when `A`'s
//! situation tests fail, although its second member has none.

use super::ir::{Alt, Node};
use crate::compile::functions::Env;
use crate::compile::grabs::Grabs;
use crate::compile::math::{MathCx, MathExpr};
use grammar::ast::{AltOp, BinOp};

/// The situation tests of a sequence pattern (see the module docs).
#[derive(Debug, Clone, PartialEq)]
pub struct SituationGuard {
    /// For each member, the tests it needs (none: it may always hold).
    members: Vec<Vec<MathExpr>>,
    /// The connective before each member after the first.
    ops: Vec<AltOp>,
}

impl SituationGuard {
    /// The guard of a sequence pattern; `None` when no combination of its
    /// members' situation tests can turn it away (e.g. a `|` member has
    /// none): then nothing can be told without walking it.
    pub fn of(alt: &Alt) -> Option<SituationGuard> {
        let members: Vec<Vec<MathExpr>> = alt
            .branches()
            .map(|b| {
                let mut tests = Vec::new();
                for n in &b.nodes {
                    if let Node::Math { expr, .. } = n {
                        situation_tests(expr, &mut tests);
                    }
                }
                tests
            })
            .collect();
        let ops = alt.rest.iter().map(|(op, _)| *op).collect();
        let guard = SituationGuard { members, ops };
        // With every test taken as failing, can the pattern still hold?
        let turns_away = !guard.fold(|tests| tests.is_empty());
        turns_away.then_some(guard)
    }

    /// Whether the pattern may match in `env`'s situation: `false` only
    /// when the members' tests that fail (or cannot be evaluated) make
    /// the whole alternative fail.
    pub fn admits(&self, env: &Env<'_>) -> bool {
        let mut grabs = Grabs::new();
        self.fold(|tests| {
            tests.iter().all(|e| {
                let mut cx = MathCx {
                    subject: &[],
                    pos: 0,
                    grabs: &mut grabs,
                    env,
                };
                e.eval(&mut cx).is_some_and(|v| v != 0)
            })
        })
    }

    /// Combines `may_hold` of each member left to right, as the
    /// backtracker combines the members themselves.
    fn fold(&self, mut may_hold: impl FnMut(&[MathExpr]) -> bool) -> bool {
        let mut holds = may_hold(&self.members[0]);
        for (op, tests) in self.ops.iter().zip(&self.members[1..]) {
            holds = match op {
                AltOp::Or => holds || may_hold(tests),
                AltOp::And | AltOp::Then => holds && may_hold(tests),
            };
        }
        holds
    }
}

/// Appends the operands of `expr`'s `&&` lists (`expr` itself when it is
/// none) that use no grab and read no field: when one of them is 0, or
/// cannot be evaluated, so is `expr`.
fn situation_tests(expr: &MathExpr, out: &mut Vec<MathExpr>) {
    match expr {
        MathExpr::All(items) => items.iter().for_each(|e| situation_tests(e, out)),
        MathExpr::Binary(BinOp::And | BinOp::AndAnd, l, r) => {
            situation_tests(l, out);
            situation_tests(r, out);
        }
        MathExpr::Num(_) => {}
        e if !e.uses_grabs() && !e.reads_fields() => out.push(e.clone()),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::functions::Situation;
    use crate::compile::matcher::{Backtracker, EndMode, ir};

    fn pattern(text: &str) -> Alt {
        let goal = grammar::parse_goal(text).expect("parses");
        ir::compile_alt(&goal.pattern.expect("a pattern"), true).expect("compiles")
    }

    fn env(situation: &Situation) -> Env<'_> {
        Env {
            situation,
            hand: None,
        }
    }

    #[test]
    fn keeps_the_situation_operands_of_each_member() {
        let guard =
            SituationGuard::of(&pattern("STARTk.s[CDHS]:P:m.(#s)~#12&&m==k+1~$")).expect("a guard");
        assert_eq!(guard.members.len(), 1);
        assert_eq!(guard.members[0].len(), 1);
        // A member with no situation test: no guard.
        assert_eq!(SituationGuard::of(&pattern("1C:P:m.s~m>1~|2C~#12~")), None);
        assert_eq!(SituationGuard::of(&pattern("1C:P:1H")), None);
        assert!(SituationGuard::of(&pattern("1C~#12~|2C~!#12~")).is_some());
        // `&`: the first member's tests guard the whole.
        let guard = SituationGuard::of(&pattern("1C:1H~#12~&START1C")).expect("a guard");
        assert_eq!(guard.members.len(), 2);
        assert!(guard.members[1].is_empty());
        // `(A & B) | C` with no test in C: no guard.
        assert_eq!(SituationGuard::of(&pattern("1C~#12~&START1C|2C")), None);
    }

    /// The guard turns a pattern away only where the backtracker finds no
    /// match, and does turn it away when the bidder is not forced.
    #[test]
    fn turns_away_only_what_cannot_match() {
        let patterns = [
            "STARTk.s[CDHS]:P:m.(#s)~#12&&m==k+1~$",
            "STARTk.N:P:m.N~#12&&m==k+1~$",
            "1C~#12~|2C~!#12~",
            "START1[CDHS](:P)*~#12~&START1C",
            "1C~!#12~&START1C|START2C~#12~",
        ];
        let subjects = ["1C:P:2C", "1N:P:2N", "1C", "2C", "1H:P:3H", "1S:P:2S:P:3S"];
        let mut turned_away = 0;
        for forced in [0, 1, 2] {
            let situation = Situation {
                forced,
                ..Situation::default()
            };
            let env = env(&situation);
            for text in patterns {
                let alt = pattern(text);
                let guard = SituationGuard::of(&alt).expect("a guard");
                for subject in subjects {
                    let matched = Backtracker::new(subject.as_bytes(), &env).matches(
                        &alt,
                        EndMode::Full,
                        &mut Grabs::new(),
                    );
                    let admitted = guard.admits(&env);
                    assert!(
                        admitted || !matched,
                        "{text} on {subject} (forced {forced})"
                    );
                    turned_away += usize::from(!admitted);
                }
            }
        }
        assert!(turned_away >= 12, "{turned_away}");
    }
}

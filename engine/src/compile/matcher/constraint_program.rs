//! Constraints whose every member is one MATH test, compiled to a flat
//! program: the usual shape once point ranges read the features directly
//! ([`super::hand_fields`]) — `@00P~.[12,14]~&&~#24(S)>=5~&&~#210>=12~`.
//!
//! Such a constraint never walks the pattern string: each member evaluates
//! an expression over the hand's fields, the grabs and the auction, and the
//! members combine left to right as [`super::Backtracker::matches`]
//! combines them (`A & B | C` is `(A & B) | C`, each side skipped when the
//! result is already known). The tree of boxed [`MathExpr`] nodes becomes
//! one array of steps in postfix order, with jumps for the `&&`/`||`
//! lists, evaluated on a small stack: no pointer chasing, no copy of the
//! grabs (nothing is assigned), hand fields read from an array.
//!
//! The program gives what the general matcher gives, value for value: an
//! expression that reads an empty grab or gets an argument out of range
//! fails its member, as it does there. Constraints of any other shape (a
//! pattern-string member, `START`, `$`, an assignment, a `.` field read)
//! are not compiled and keep the general matcher.

use super::ir::{Alt, Branch, Node};
use crate::compile::functions::{Env, Func, Read};
use crate::compile::grabs::Grabs;
use crate::compile::matcher::hand_bounds::FieldValues;
use crate::compile::math::{MathExpr, apply};
use bridge::pattern::PATTERN_LEN;
use grammar::ast::{AltOp, BinOp, Goto};

/// The deepest stack a program may need.
const STACK: usize = 16;

/// One step of a program.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Op {
    /// Starts a member: how it combines with the result so far, and where
    /// the next member starts.
    Member(AltOp, u32),
    /// Pushes a constant.
    Num(i32),
    /// Pushes a grab's value (the member fails on an empty grab).
    Grab(u8),
    /// Pushes a field read.
    Read(Read),
    /// Pushes 1 if a field read is within the range, else 0.
    Within(Read, i32, i32),
    /// Pops the arguments (as many as the count), pushes the function's
    /// value (the member fails when it has none).
    Call(Func, u8),
    /// `-x`.
    Neg,
    /// `!x`.
    Not,
    /// Pops `b`, then `a`; pushes `a op b`.
    Binary(BinOp),
    /// Pops `hi`, `lo`, `v`; pushes whether `lo <= v <= hi`.
    Between,
    /// Pops a value; if it is 0, pushes 0 and jumps.
    ZeroExit(u32),
    /// Pops a value; if it is not 0, pushes 1 and jumps.
    NonzeroExit(u32),
}

/// A constraint compiled to a flat program (see the module docs).
#[derive(Debug, Clone, PartialEq)]
pub struct ConstraintProgram {
    ops: Box<[Op]>,
}

impl ConstraintProgram {
    /// The program for `constraint`, if every member has the shape it
    /// handles.
    pub fn compile(constraint: &Alt) -> Option<ConstraintProgram> {
        let mut ops = Vec::new();
        for (i, branch) in constraint.branches().enumerate() {
            let op = match i {
                0 => AltOp::Then,
                _ => constraint.rest[i - 1].0,
            };
            let expr = member_expr(branch)?;
            let at = ops.len();
            ops.push(Op::Member(op, 0));
            let mut depth = Depth::default();
            emit(expr, &mut ops, &mut depth)?;
            let end = u32::try_from(ops.len()).ok()?;
            ops[at] = Op::Member(op, end);
        }
        Some(ConstraintProgram { ops: ops.into() })
    }

    /// Whether the constraint holds: `values` are the hand's field values
    /// and `env.hand` its features (functions called with grabbed
    /// arguments read those), `grabs` what the sequence pattern grabbed.
    pub fn holds(&self, values: &FieldValues, grabs: &Grabs, env: &Env<'_>) -> bool {
        let ops = &self.ops[..];
        let mut holds = true;
        let mut pc = 0;
        while let Some(&Op::Member(op, end)) = ops.get(pc) {
            let run = match op {
                AltOp::Or => !holds,
                AltOp::And | AltOp::Then => holds,
            };
            if run {
                holds = run_member(&ops[pc + 1..end as usize], pc + 1, values, grabs, env)
                    .is_some_and(|v| v != 0);
            }
            pc = end as usize;
        }
        holds
    }
}

/// The one MATH test of a member of the shape a program handles.
fn member_expr(branch: &Branch) -> Option<&MathExpr> {
    if branch.floating || branch.end.is_some() {
        return None;
    }
    // The test is made at the GOTO's position, which must be on the string.
    match branch.goto {
        None | Some(Goto::Start) => {}
        Some(Goto::To {
            offset,
            plus: false,
        }) if usize::from(offset) <= PATTERN_LEN => {}
        Some(_) => return None,
    }
    match branch.nodes.as_slice() {
        [
            Node::Math {
                expr,
                assigns: false,
            },
        ] => Some(expr),
        _ => None,
    }
}

/// The stack depth reached while emitting.
#[derive(Debug, Default)]
struct Depth {
    now: usize,
}

impl Depth {
    fn push(&mut self) -> Option<()> {
        self.now += 1;
        (self.now <= STACK).then_some(())
    }

    fn pop(&mut self, n: usize) {
        self.now -= n;
    }
}

/// Emits the postfix code of `e` (leaving its value on the stack).
fn emit(e: &MathExpr, ops: &mut Vec<Op>, depth: &mut Depth) -> Option<()> {
    match e {
        MathExpr::Num(n) => {
            ops.push(Op::Num(*n));
            depth.push()
        }
        MathExpr::Grab(g) => {
            ops.push(Op::Grab(*g));
            depth.push()
        }
        MathExpr::Read(r) => {
            ops.push(Op::Read(*r));
            depth.push()
        }
        MathExpr::Within(r, lo, hi) => {
            ops.push(Op::Within(*r, *lo, *hi));
            depth.push()
        }
        MathExpr::Call(f, args) => {
            // `Func::call` takes up to three arguments.
            if args.len() > 3 {
                return None;
            }
            for a in args.iter() {
                emit(a, ops, depth)?;
            }
            ops.push(Op::Call(*f, args.len() as u8));
            depth.pop(args.len());
            depth.push()
        }
        MathExpr::Neg(x) => {
            emit(x, ops, depth)?;
            ops.push(Op::Neg);
            Some(())
        }
        MathExpr::Not(x) => {
            emit(x, ops, depth)?;
            ops.push(Op::Not);
            Some(())
        }
        MathExpr::Binary(BinOp::Assign, ..) | MathExpr::Field => None,
        MathExpr::Binary(op, l, r) => {
            emit(l, ops, depth)?;
            emit(r, ops, depth)?;
            ops.push(Op::Binary(*op));
            depth.pop(1);
            Some(())
        }
        MathExpr::Between(v, lo, hi) => {
            emit(v, ops, depth)?;
            emit(lo, ops, depth)?;
            emit(hi, ops, depth)?;
            ops.push(Op::Between);
            depth.pop(2);
            Some(())
        }
        MathExpr::All(items) | MathExpr::Any(items) => {
            // Each item, then: exit with the answer if it decides; after
            // the last, the other answer. Exits are patched to the end.
            let all = matches!(e, MathExpr::All(_));
            let mut exits = Vec::with_capacity(items.len());
            for item in items.iter() {
                emit(item, ops, depth)?;
                exits.push(ops.len());
                ops.push(if all {
                    Op::ZeroExit(0)
                } else {
                    Op::NonzeroExit(0)
                });
                depth.pop(1);
            }
            ops.push(Op::Num(i32::from(all)));
            depth.push()?;
            let end = u32::try_from(ops.len()).ok()?;
            for at in exits {
                ops[at] = match ops[at] {
                    Op::ZeroExit(_) => Op::ZeroExit(end),
                    _ => Op::NonzeroExit(end),
                };
            }
            Some(())
        }
    }
}

/// A field read: hand fields from the array, the others from the auction.
#[inline]
fn read(r: Read, values: &FieldValues, env: &Env<'_>) -> Option<i32> {
    match r {
        Read::Hand(field) => Some(i32::from(values[field.index()])),
        other => other.value(env),
    }
}

/// Runs one member's code (`code` starts at `base` in the program: jumps
/// are absolute); its value, or `None` when the member fails.
#[inline]
fn run_member(
    code: &[Op],
    base: usize,
    values: &FieldValues,
    grabs: &Grabs,
    env: &Env<'_>,
) -> Option<i32> {
    let mut stack = [0i32; STACK];
    let mut sp = 0;
    let mut pc = 0;
    while let Some(&op) = code.get(pc) {
        pc += 1;
        let v = match op {
            Op::Num(n) => n,
            Op::Grab(g) => grabs.value(g)?,
            Op::Read(r) => read(r, values, env)?,
            Op::Within(r, lo, hi) => (lo..=hi).contains(&read(r, values, env)?) as i32,
            Op::Call(f, argc) => {
                let argc = usize::from(argc);
                sp -= argc;
                f.call(env, &stack[sp..sp + argc])?
            }
            Op::Neg => {
                sp -= 1;
                stack[sp].wrapping_neg()
            }
            Op::Not => {
                sp -= 1;
                (stack[sp] == 0) as i32
            }
            Op::Binary(op) => {
                sp -= 2;
                apply(op, stack[sp], stack[sp + 1])
            }
            Op::Between => {
                sp -= 3;
                let (v, lo, hi) = (stack[sp], stack[sp + 1], stack[sp + 2]);
                (lo <= v && v <= hi) as i32
            }
            Op::ZeroExit(to) | Op::NonzeroExit(to) => {
                sp -= 1;
                let zero = stack[sp] == 0;
                if zero == matches!(op, Op::ZeroExit(_)) {
                    pc = to as usize - base;
                    i32::from(!zero)
                } else {
                    continue;
                }
            }
            Op::Member(..) => unreachable!("a member's code holds no member start"),
        };
        stack[sp] = v;
        sp += 1;
    }
    debug_assert_eq!(sp, 1, "a member leaves its value");
    Some(stack[0])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::functions::Situation;
    use crate::compile::matcher::test_support::{constraint, random_hands, walk_holds};
    use crate::knowledge::{FieldId, Range, Shown};
    use bridge::pattern::HandFeatures;
    use grammar::ast::SpecField;

    /// Situations with something shown, so that `#WFB` reads differ.
    fn situations() -> Vec<Situation> {
        let mut partner_strong = Situation::default();
        let mut shown = Shown::unknown();
        shown.set(FieldId::new(SpecField::Hcp, 0), Range::new(15, 17));
        partner_strong.shown[1] = shown;
        partner_strong.we_vulnerable = true;
        partner_strong.seat = 3;
        vec![Situation::default(), partner_strong]
    }

    /// Grabs to try: none, and strain and number grabs.
    fn grab_sets() -> Vec<Grabs> {
        let mut some = Grabs::new();
        some.set(0, b"S");
        some.set(1, b"H");
        some.set(2, b"3");
        vec![Grabs::new(), some]
    }

    /// How often `program` holds on `hands` in every situation and with
    /// every set of grabs, asserting that the matcher agrees each time.
    fn agreement(
        alt: &Alt,
        program: &ConstraintProgram,
        hands: &[HandFeatures],
        what: &str,
    ) -> usize {
        let mut held = 0;
        for hand in hands {
            let values = hand.field_values();
            for situation in &situations() {
                let env = Env {
                    situation,
                    hand: Some(hand),
                };
                for grabs in &grab_sets() {
                    let want = walk_holds(alt, hand, situation, grabs);
                    assert_eq!(
                        program.holds(&values, grabs, &env),
                        want,
                        "{what} on {} with {grabs:?}",
                        hand.pattern()
                    );
                    held += usize::from(want);
                }
            }
        }
        held
    }

    #[test]
    fn programs_agree_with_the_matcher() {
        let shapes = [
            "@00P~.[12,14]~",
            "@00P~.[0,021+99*!021]~&&~#20>=8&&#20+#24(S)>=15~&&~#24(S)>=5&&#24(S)>=#24(H)~",
            "~#20[6,9]||#20>=16~&&~#24(H)>=5~",
            "~#24(S)>=5~|~#24(H)>=5&&#20>=10~",
            "~#24(a)>=3~&&~#24(b)<=2~",
            "~#24(c)>=3~",
            "~#210+#20>=25~",
            "~#20+#210[023,024+99*!024]~",
            "~#2==0||#20>=8~",
            "~!(#20>=12)&-#22<-5~",
            "~c*2+1==7~",
            "~(#28(1)==4&&#28(4)==3)~|~#24(S)>=4~&~#24(H)>=4~",
            "~#20>=12~&&~#20<=10~",
            "@06~#20>=10~",
            "~#24(C)>=6~|~#24(D)>=6~|~#24(H)>=6~|~#24(S)>=6~",
            "~((#25(S)>=8)+(#25(H)>=8)+(#25(D)>=8)+(#25(C)>=8))==1~",
            "~#26(a)>=3||(#26(a)>=2&&#24(a)>=3)~",
            "~#20[#210,#211]~",
        ];
        let hands = random_hands(21, 60);
        let total = hands.len() * situations().len() * grab_sets().len();
        let mut mixed = 0;
        for text in shapes {
            let alt = constraint(text);
            let program = ConstraintProgram::compile(&alt)
                .unwrap_or_else(|| panic!("{text} compiles to a program"));
            let held = agreement(&alt, &program, &hands, text);
            mixed += usize::from(held > 0 && held < total);
        }
        // Most shapes hold on some hands and fail on others (one never
        // holds), so both answers are checked.
        assert!(
            mixed >= shapes.len() - 2,
            "{mixed} of {} shapes mixed",
            shapes.len()
        );
    }

    #[test]
    fn other_shapes_keep_the_general_matcher() {
        for text in [
            "@06D5",
            "~#20>=12~@15C[4-9]",
            "@00P~.+.>=15~",
            "~a=#24(S)~&&~a>=5~",
            "START~#20>=12~",
            "@00+~#20>=12~",
            "@60~#20>=12~",
        ] {
            assert_eq!(
                ConstraintProgram::compile(&constraint(text)),
                None,
                "{text}"
            );
        }
    }

    #[test]
    fn the_embedded_books_programs_agree_with_the_matcher() {
        use crate::rulebook::{RulebookSource, load};
        let rulebook = load(&RulebookSource::Embedded).unwrap();
        let hands = random_hands(4, 25);
        let mut compiled = 0;
        for rule in rulebook.book.rules() {
            let Some(alt) = &rule.constraint else {
                continue;
            };
            let Some(program) = ConstraintProgram::compile(alt) else {
                continue;
            };
            compiled += 1;
            agreement(alt, &program, &hands, &format!("rule {}", rule.index + 1));
        }
        assert!(compiled > 400, "{compiled} constraints compiled");
    }
}

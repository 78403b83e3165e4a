//! MATH expressions (`~ … ~`): compiled from the AST once, evaluated against a
//! subject string, the rule's grabs and the situation of the auction.
//!
//! Values are `i32`. Comparisons and logical operators give 1 or 0; a pattern
//! `~e~` holds where `e` is non-zero. A character stands for its strain or
//! call rank: `C`=1 `D`=2 `H`=3 `S`=4 `N`=5 `P`=6 `X`=7 `R`=8, so strains
//! compare in bidding order; a grabbed number is its numeric value. `.` pulls
//! the next field off the subject (a whole number or one character) and
//! advances. Operands are evaluated left to right; `&&` and `||`
//! short-circuit, `&` and `|` do not.

use crate::compile::error::CompileError;
use crate::compile::functions::{Env, Func, Read};
use crate::compile::grabs::{Grabs, char_value, grab_index};
use grammar::ast::{self, BinOp, ExprKind};

/// A compiled MATH expression.
#[derive(Debug, Clone, PartialEq)]
pub enum MathExpr {
    /// A constant.
    Num(i32),
    /// The value of a grab.
    Grab(u8),
    /// A function of the dispatch table.
    Call(Func, Box<[MathExpr]>),
    /// A function with constant arguments that reads one field.
    Read(Read),
    /// Whether a field read is between two constants (`#24(S)>=5`,
    /// `#20[12,14]`): 1 or 0.
    Within(Read, i32, i32),
    /// `a && b && …`: 1 when every operand is non-zero, evaluated left to
    /// right up to the first zero.
    All(Box<[MathExpr]>),
    /// `a || b || …`: 1 when an operand is non-zero, evaluated left to
    /// right up to the first non-zero.
    Any(Box<[MathExpr]>),
    /// `.`: the next field of the subject.
    Field,
    /// `-e`.
    Neg(Box<MathExpr>),
    /// `!e`.
    Not(Box<MathExpr>),
    /// `l op r`.
    Binary(BinOp, Box<MathExpr>, Box<MathExpr>),
    /// `v[lo, hi]`.
    Between(Box<MathExpr>, Box<MathExpr>, Box<MathExpr>),
}

/// `a op b` for an operator that needs both values (`&&` and `||` evaluated
/// in full; `=` has no value of its own here and gives `b`).
#[inline]
pub(crate) fn apply(op: BinOp, a: i32, b: i32) -> i32 {
    match op {
        BinOp::And | BinOp::AndAnd => (a != 0 && b != 0) as i32,
        BinOp::Or | BinOp::OrOr => (a != 0 || b != 0) as i32,
        BinOp::Ge => (a >= b) as i32,
        BinOp::Le => (a <= b) as i32,
        BinOp::Gt => (a > b) as i32,
        BinOp::Lt => (a < b) as i32,
        BinOp::Eq => (a == b) as i32,
        BinOp::Ne => (a != b) as i32,
        BinOp::Add => a.wrapping_add(b),
        BinOp::Sub => a.wrapping_sub(b),
        BinOp::Mul => a.wrapping_mul(b),
        BinOp::Assign => b,
    }
}

/// The value of a field's text: its number when it is all digits, else the
/// value of its first character.
pub fn field_value(text: &[u8]) -> i32 {
    if !text.is_empty() && text.iter().all(u8::is_ascii_digit) {
        text.iter().fold(0i32, |n, d| {
            n.saturating_mul(10).saturating_add((d - b'0') as i32)
        })
    } else {
        text.first().map_or(0, |&c| char_value(c))
    }
}

/// The length of the field starting at `pos`: a run of digits, or one byte.
pub fn field_len(subject: &[u8], pos: usize) -> usize {
    match subject.get(pos) {
        None => 0,
        Some(b) if b.is_ascii_digit() => subject[pos..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count(),
        Some(_) => 1,
    }
}

/// The state an expression is evaluated in.
pub struct MathCx<'s, 'e> {
    /// The string being matched (empty in a specification).
    pub subject: &'s [u8],
    /// The current position; `.` advances it.
    pub pos: usize,
    /// The rule's grabs; `=` assigns.
    pub grabs: &'s mut Grabs,
    /// What the functions read.
    pub env: &'s Env<'e>,
}

impl MathExpr {
    /// Compiles a parsed expression, resolving function numbers and
    /// computing constant sub-expressions once (macros write bounds such as
    /// `0+99*!0`).
    pub fn compile(e: &ast::Expr) -> Result<MathExpr, CompileError> {
        Ok(MathExpr::compile_node(e)?.folded())
    }

    fn compile_node(e: &ast::Expr) -> Result<MathExpr, CompileError> {
        Ok(match &e.kind {
            ExprKind::Num(n) => MathExpr::Num(*n),
            ExprKind::Char(c) => MathExpr::Num(char_value(*c as u8)),
            ExprKind::Grab(c) => MathExpr::Grab(grab_index(*c)),
            ExprKind::Call {
                func,
                func_span,
                args,
            } => {
                let f = Func::resolve(*func, args.len())
                    .map_err(|msg| CompileError::new(msg, *func_span))?;
                let args = args
                    .iter()
                    .map(MathExpr::compile)
                    .collect::<Result<Vec<_>, _>>()?;
                MathExpr::Call(f, args.into_boxed_slice())
            }
            ExprKind::Field => MathExpr::Field,
            ExprKind::Neg(x) => MathExpr::Neg(Box::new(MathExpr::compile(x)?)),
            ExprKind::Not(x) => MathExpr::Not(Box::new(MathExpr::compile(x)?)),
            ExprKind::Binary { op, lhs, rhs } => {
                if *op == BinOp::Assign && !matches!(lhs.kind, ExprKind::Grab(_)) {
                    return Err(CompileError::new(
                        "the left-hand side of `=` must be a grab letter",
                        lhs.span,
                    ));
                }
                MathExpr::Binary(
                    *op,
                    Box::new(MathExpr::compile(lhs)?),
                    Box::new(MathExpr::compile(rhs)?),
                )
            }
            ExprKind::Between { value, low, high } => MathExpr::Between(
                Box::new(MathExpr::compile(value)?),
                Box::new(MathExpr::compile(low)?),
                Box::new(MathExpr::compile(high)?),
            ),
        })
    }

    /// This node with its value computed, if it and its operands are
    /// constants (operands are folded already: `compile` works bottom-up).
    fn folded(self) -> MathExpr {
        let num = |e: &MathExpr| match e {
            MathExpr::Num(n) => Some(*n),
            _ => None,
        };
        let value = match &self {
            MathExpr::Neg(x) => num(x).map(i32::wrapping_neg),
            MathExpr::Not(x) => num(x).map(|a| (a == 0) as i32),
            MathExpr::Between(v, lo, hi) => match (num(v), num(lo), num(hi)) {
                (Some(v), Some(lo), Some(hi)) => Some((lo <= v && v <= hi) as i32),
                _ => None,
            },
            MathExpr::Binary(op, l, r) if *op != BinOp::Assign => match (num(l), num(r)) {
                (Some(a), Some(b)) => Some(apply(*op, a, b)),
                _ => None,
            },
            _ => None,
        };
        if let Some(value) = value {
            return MathExpr::Num(value);
        }
        if let MathExpr::Call(f, args) = &self
            && let Some(args) = args.iter().map(num).collect::<Option<Vec<i32>>>()
            && let Some(read) = f.read_of(&args)
        {
            return MathExpr::Read(read);
        }
        if let Some(test) = self.as_within() {
            return test;
        }
        match self {
            MathExpr::Binary(op @ (BinOp::AndAnd | BinOp::OrOr), l, r) => {
                let all = op == BinOp::AndAnd;
                let mut items = Vec::new();
                for e in [*l, *r] {
                    match e {
                        MathExpr::All(more) if all => items.extend(more),
                        MathExpr::Any(more) if !all => items.extend(more),
                        e => items.push(e),
                    }
                }
                if all {
                    MathExpr::All(items.into())
                } else {
                    MathExpr::Any(items.into())
                }
            }
            other => other,
        }
    }

    /// This comparison of a field read with constants as one
    /// [`MathExpr::Within`] test, if it is one.
    fn as_within(&self) -> Option<MathExpr> {
        let read = |e: &MathExpr| match e {
            MathExpr::Read(r) => Some(*r),
            _ => None,
        };
        let num = |e: &MathExpr| match e {
            MathExpr::Num(n) => Some(*n),
            _ => None,
        };
        let (r, lo, hi) = match self {
            MathExpr::Between(v, lo, hi) => (read(v)?, num(lo)?, num(hi)?),
            MathExpr::Binary(op, l, r) => {
                let (r, n) = (read(l)?, num(r)?);
                match op {
                    BinOp::Ge => (r, n, i32::MAX),
                    BinOp::Gt => (r, n.checked_add(1)?, i32::MAX),
                    BinOp::Le => (r, i32::MIN, n),
                    BinOp::Lt => (r, i32::MIN, n.checked_sub(1)?),
                    BinOp::Eq => (r, n, n),
                    _ => return None,
                }
            }
            _ => return None,
        };
        Some(MathExpr::Within(r, lo, hi))
    }

    /// [`MathExpr::eval`], with the leaves evaluated in place (the
    /// operands of most nodes are leaves: this saves a call for each).
    #[inline(always)]
    fn value_of(&self, cx: &mut MathCx<'_, '_>) -> Option<i32> {
        match self {
            MathExpr::Num(n) => Some(*n),
            MathExpr::Read(read) => read.value(cx.env),
            MathExpr::Within(read, lo, hi) => {
                Some((*lo..=*hi).contains(&read.value(cx.env)?) as i32)
            }
            _ => self.eval(cx),
        }
    }

    /// Evaluates the expression. `None` when it reads a grab that holds
    /// nothing, or a field past the end of the subject: the pattern fails.
    pub fn eval(&self, cx: &mut MathCx<'_, '_>) -> Option<i32> {
        Some(match self {
            MathExpr::Num(n) => *n,
            MathExpr::Grab(g) => cx.grabs.value(*g)?,
            MathExpr::Call(f, args) => {
                let mut vals = [0i32; 3];
                for (slot, arg) in vals.iter_mut().zip(args.iter()) {
                    *slot = arg.value_of(cx)?;
                }
                f.call(cx.env, &vals[..args.len()])?
            }
            MathExpr::Read(read) => read.value(cx.env)?,
            MathExpr::Within(read, lo, hi) => (*lo..=*hi).contains(&read.value(cx.env)?) as i32,
            MathExpr::Field => {
                let len = field_len(cx.subject, cx.pos);
                if len == 0 {
                    return None;
                }
                let v = field_value(&cx.subject[cx.pos..cx.pos + len]);
                cx.pos += len;
                v
            }
            MathExpr::Neg(x) => x.value_of(cx)?.wrapping_neg(),
            MathExpr::Not(x) => (x.value_of(cx)? == 0) as i32,
            MathExpr::Between(v, lo, hi) => {
                let v = v.value_of(cx)?;
                let lo = lo.value_of(cx)?;
                let hi = hi.value_of(cx)?;
                (lo <= v && v <= hi) as i32
            }
            MathExpr::All(items) => {
                for e in items {
                    if e.value_of(cx)? == 0 {
                        return Some(0);
                    }
                }
                1
            }
            MathExpr::Any(items) => {
                for e in items {
                    if e.value_of(cx)? != 0 {
                        return Some(1);
                    }
                }
                0
            }
            MathExpr::Binary(op, l, r) => match op {
                BinOp::Assign => {
                    let MathExpr::Grab(g) = **l else {
                        return None;
                    };
                    let v = r.value_of(cx)?;
                    cx.grabs.set_number(g, v);
                    v
                }
                _ => {
                    let a = l.value_of(cx)?;
                    let b = r.value_of(cx)?;
                    apply(*op, a, b)
                }
            },
        })
    }

    /// This expression with its one field read (`.`) replaced by `read`,
    /// folded again (`.[12,14]` becomes one [`MathExpr::Within`] test);
    /// `None` unless it reads exactly one field.
    pub fn with_field_read_as(&self, read: Read) -> Option<MathExpr> {
        let mut fields = 0;
        self.walk(&mut |e| fields += usize::from(matches!(e, MathExpr::Field)));
        (fields == 1).then(|| self.replacing_field(read))
    }

    fn replacing_field(&self, read: Read) -> MathExpr {
        let sub = |e: &MathExpr| Box::new(e.replacing_field(read));
        let list = |es: &[MathExpr]| es.iter().map(|e| e.replacing_field(read)).collect();
        let e = match self {
            MathExpr::Field => MathExpr::Read(read),
            MathExpr::Call(f, args) => MathExpr::Call(*f, list(args)),
            MathExpr::All(items) => MathExpr::All(list(items)),
            MathExpr::Any(items) => MathExpr::Any(list(items)),
            MathExpr::Neg(x) => MathExpr::Neg(sub(x)),
            MathExpr::Not(x) => MathExpr::Not(sub(x)),
            MathExpr::Binary(op, l, r) => MathExpr::Binary(*op, sub(l), sub(r)),
            MathExpr::Between(v, lo, hi) => MathExpr::Between(sub(v), sub(lo), sub(hi)),
            leaf => return leaf.clone(),
        };
        e.folded()
    }

    /// Whether evaluating reads or assigns a grab.
    pub fn uses_grabs(&self) -> bool {
        let mut uses = false;
        self.walk(&mut |e| uses |= matches!(e, MathExpr::Grab(_)));
        uses
    }

    /// Whether evaluating may consume fields of the subject (`.`); an
    /// expression that does not is zero-width in a pattern.
    pub fn reads_fields(&self) -> bool {
        let mut reads = false;
        self.walk(&mut |e| reads |= matches!(e, MathExpr::Field));
        reads
    }

    /// Whether the expression calls a function for which `which` holds
    /// (a [`MathExpr::Read`] counts as a call of its function).
    pub fn calls(&self, which: &dyn Fn(Func) -> bool) -> bool {
        let mut found = false;
        self.walk(&mut |e| match e {
            MathExpr::Call(f, _) => found |= which(*f),
            MathExpr::Read(r) | MathExpr::Within(r, ..) => found |= which(r.func()),
            _ => {}
        });
        found
    }

    /// Calls `f` on every sub-expression, this one included.
    pub fn walk(&self, f: &mut dyn FnMut(&MathExpr)) {
        f(self);
        match self {
            MathExpr::Call(_, args) | MathExpr::All(args) | MathExpr::Any(args) => {
                args.iter().for_each(|a| a.walk(f))
            }
            MathExpr::Neg(x) | MathExpr::Not(x) => x.walk(f),
            MathExpr::Binary(_, l, r) => {
                l.walk(f);
                r.walk(f);
            }
            MathExpr::Between(a, b, c) => {
                a.walk(f);
                b.walk(f);
                c.walk(f);
            }
            MathExpr::Num(_)
            | MathExpr::Grab(_)
            | MathExpr::Read(_)
            | MathExpr::Within(..)
            | MathExpr::Field => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compiled(text: &str) -> MathExpr {
        MathExpr::compile(&grammar::parse_expr(text).expect("parses")).expect("compiles")
    }

    #[test]
    fn constant_sub_expressions_are_computed_once() {
        let table: &[(&str, MathExpr)] = &[
            ("0+99*!0", MathExpr::Num(99)),
            ("-(2+3)", MathExpr::Num(-5)),
            ("4[3,0+99*!0]", MathExpr::Num(1)),
            ("1&&0||1", MathExpr::Num(1)),
            ("H>=S", MathExpr::Num(0)),
            (
                ".[13,0+99*!0]",
                MathExpr::Between(
                    Box::new(MathExpr::Field),
                    Box::new(MathExpr::Num(13)),
                    Box::new(MathExpr::Num(99)),
                ),
            ),
            (
                "a=2+2",
                MathExpr::Binary(
                    BinOp::Assign,
                    Box::new(MathExpr::Grab(0)),
                    Box::new(MathExpr::Num(4)),
                ),
            ),
        ];
        for (text, expected) in table {
            assert_eq!(&compiled(text), expected, "{text}");
        }
    }

    #[test]
    fn field_reads_and_chains_are_resolved_at_load_and_evaluate_alike() {
        use crate::compile::functions::Situation;
        use bridge::hand::parse_hand;
        use bridge::pattern::HandFeatures;

        // 15 HCP; spades 4, hearts 3, diamonds 3, clubs 3.
        let hand = HandFeatures::of(parse_hand("AKQ2.K52.J83.Q74").unwrap());
        let situation = Situation::default();
        let env = Env {
            situation: &situation,
            hand: Some(&hand),
        };
        let value = |text: &str| {
            let mut grabs = Grabs::new();
            grabs.set(0, b"S");
            let mut cx = MathCx {
                subject: b"",
                pos: 0,
                grabs: &mut grabs,
                env: &env,
            };
            compiled(text).eval(&mut cx)
        };
        assert!(matches!(compiled("#24(S)"), MathExpr::Read(_)));
        assert!(matches!(compiled("#20[12,14]"), MathExpr::Within(..)));
        assert!(matches!(compiled("#20>=1&&#20>=2&&#20>=3"), MathExpr::All(ref v) if v.len() == 3));
        assert!(matches!(compiled("#20>=1||#20>=2||#20>=3"), MathExpr::Any(ref v) if v.len() == 3));
        let table: &[(&str, Option<i32>)] = &[
            ("#20", Some(15)),
            ("#24(S)", Some(4)),
            ("#24(a)", Some(4)),
            ("#24(S)>=4", Some(1)),
            ("#24(S)>4", Some(0)),
            ("#24(S)<4", Some(0)),
            ("#24(S)<=4", Some(1)),
            ("#24(S)==4", Some(1)),
            ("#24(S)!=4", Some(0)),
            ("#20[15,17]", Some(1)),
            ("#20[16,17]", Some(0)),
            ("#24(H)>=3&&#24(S)>=4&&#20>=15", Some(1)),
            ("#24(H)>=3&&#24(S)>=5&&#20>=15", Some(0)),
            ("#24(H)>=4||#24(S)>=5||#20>=15", Some(1)),
            ("#24(H)>=4||#24(S)>=5||#20>=16", Some(0)),
            ("#24(H)>=4||#24(S)>=5||#20", Some(1)),
            // An unset grab fails the whole expression, unless a test
            // before it settles the chain.
            ("#20>=1&&b>=1", None),
            ("#20>=99&&b>=1", Some(0)),
            ("#20>=1||b>=1", Some(1)),
            ("#210[0,99]", Some(1)),
        ];
        for (text, expected) in table {
            assert_eq!(value(text), *expected, "{text}");
        }
    }
}

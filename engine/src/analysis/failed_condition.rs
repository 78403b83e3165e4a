//! Why a rule's constraint failed for a hand: the first condition that did
//! not hold, written back as MATH, with the hand's value (`#24(S)>=5: 4`).
//!
//! A constraint is a list of members joined by GOTOs (`@00P~.[12,14]~`,
//! `&&~#24(S)>=5~`) and `&`; each member is matched on its own, in order, and
//! the first that fails is described: a MATH test by the first operand of an
//! `&&` list that is false (a comparison with the value of its left side), any
//! other member by its pattern and the text of the pattern string where it
//! was tried. A constraint with `|` at the top is described as a whole. This
//! is for rule authors (`bidbook bid --why`), not for the resolver: it runs
//! only when asked.

use crate::compile::functions::{Env, Func, Read};
use crate::compile::grabs::Grabs;
use crate::compile::matcher::ir::{Alt, Branch, Node};
use crate::compile::matcher::{Backtracker, EndMode};
use crate::compile::math::{MathCx, MathExpr};
use crate::knowledge::FieldId;
use grammar::ast::{AltOp, BinOp, Goto};

/// The first condition of a constraint that failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FailedCondition {
    /// The condition as written (reconstructed from the compiled rule).
    pub condition: String,
    /// The hand's value of what the condition tests, when it tests one.
    pub value: Option<i32>,
}

impl std::fmt::Display for FailedCondition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.value {
            Some(v) => write!(f, "{}: {v}", self.condition),
            None => write!(f, "{}", self.condition),
        }
    }
}

/// The first condition of `constraint` that fails on the hand pattern
/// string `pattern` (with the hand's features in `env`), or `None` when the
/// constraint holds.
pub fn first_failed_condition(
    constraint: &Alt,
    pattern: &[u8],
    grabs: &Grabs,
    env: &Env<'_>,
) -> Option<FailedCondition> {
    let matcher = Backtracker::new(pattern, env);
    let mut g = *grabs;
    if matcher.matches(constraint, EndMode::Prefix, &mut g) {
        return None;
    }
    if constraint.rest.iter().any(|(op, _)| *op == AltOp::Or) {
        return Some(FailedCondition {
            condition: "none of the alternatives (`|`) holds".to_string(),
            value: None,
        });
    }
    let members = std::iter::once(&constraint.first).chain(constraint.rest.iter().map(|(_, b)| b));
    for member in members {
        let alone = Alt {
            first: member.clone(),
            rest: Vec::new(),
            uses_grabs: constraint.uses_grabs,
            writes: constraint.writes,
        };
        let mut g = *grabs;
        if !matcher.matches(&alone, EndMode::Prefix, &mut g) {
            return Some(describe_member(member, pattern, grabs, env));
        }
    }
    // Every member holds alone but not together (a grab set by one and read
    // by another): name the whole constraint.
    Some(FailedCondition {
        condition: "the members hold one by one but not together".to_string(),
        value: None,
    })
}

/// Describes a member that failed: its MATH test when it is one (after
/// literal text, as the macros write `@00P~.[12,14]~`), else its pattern.
fn describe_member(
    member: &Branch,
    pattern: &[u8],
    grabs: &Grabs,
    env: &Env<'_>,
) -> FailedCondition {
    let start = match member.goto {
        Some(Goto::To { offset, .. }) => offset as usize,
        _ => 0,
    };
    let mut pos = start;
    let mut field_name = None;
    for (i, node) in member.nodes.iter().enumerate() {
        match node {
            Node::Literal(bytes) if i + 1 < member.nodes.len() => {
                if bytes.len() == 1 {
                    field_name = letter_field(bytes[0]);
                }
                pos += bytes.len();
            }
            Node::Math { expr, .. } if i + 1 == member.nodes.len() => {
                let mut g = *grabs;
                let mut cx = MathCx {
                    subject: pattern,
                    pos,
                    grabs: &mut g,
                    env,
                };
                let name = field_name.unwrap_or(".");
                return describe_false(expr, &mut cx, name);
            }
            _ => break,
        }
    }
    let end = (start + 12).min(pattern.len());
    FailedCondition {
        condition: print_branch(member),
        value: None,
    }
    .with_text(&pattern[start.min(end)..end])
}

impl FailedCondition {
    /// Adds the text of the pattern string that was tested.
    fn with_text(mut self, text: &[u8]) -> FailedCondition {
        self.condition.push_str(&format!(
            " (the hand reads `{}`)",
            String::from_utf8_lossy(text)
        ));
        self
    }
}

/// The name of the field a single letter of the pattern string starts.
fn letter_field(letter: u8) -> Option<&'static str> {
    Some(match letter {
        b'P' => "HCP",
        b'M' => "points",
        b'L' => "losers",
        b'Q' => "controls",
        _ => return None,
    })
}

/// The false part of `expr` (which evaluated to zero): the first false
/// operand of an `&&` list, a comparison with its left side's value.
fn describe_false(expr: &MathExpr, cx: &mut MathCx<'_, '_>, field: &str) -> FailedCondition {
    let start = cx.pos;
    match expr {
        MathExpr::All(items) => {
            for item in items.iter() {
                let at = cx.pos;
                if item.eval(cx) == Some(0) {
                    cx.pos = at;
                    return describe_false(item, cx, field);
                }
            }
        }
        MathExpr::Within(read, ..) => {
            return FailedCondition {
                condition: print(expr, field),
                value: read.value(cx.env),
            };
        }
        MathExpr::Binary(op, l, _) if is_comparison(*op) => {
            let value = l.eval(cx);
            cx.pos = start;
            return FailedCondition {
                condition: print(expr, field),
                value,
            };
        }
        MathExpr::Between(v, ..) => {
            let value = v.eval(cx);
            cx.pos = start;
            return FailedCondition {
                condition: print(expr, field),
                value,
            };
        }
        _ => {}
    }
    FailedCondition {
        condition: print(expr, field),
        value: None,
    }
}

fn is_comparison(op: BinOp) -> bool {
    matches!(
        op,
        BinOp::Ge | BinOp::Le | BinOp::Gt | BinOp::Lt | BinOp::Eq | BinOp::Ne
    )
}

/// `expr` written back as MATH (`.` read as `field`).
fn print(expr: &MathExpr, field: &str) -> String {
    let p = |e: &MathExpr| print(e, field);
    // Comparisons folded into `Within`/`Between` print as comparisons too:
    // inside another operator they need their parentheses back
    // (`(12-#110)*(#110<12)`, not `(12-#110)*#110<=11`).
    let paren = |e: &MathExpr| match e {
        MathExpr::Binary(..)
        | MathExpr::All(_)
        | MathExpr::Any(_)
        | MathExpr::Within(..)
        | MathExpr::Between(..) => format!("({})", p(e)),
        _ => p(e),
    };
    // Operands of `&&` and `||`: a comparison binds tighter, so it needs none.
    let operand = |e: &MathExpr| match e {
        MathExpr::Within(..) | MathExpr::Between(..) => p(e),
        _ => paren(e),
    };
    match expr {
        MathExpr::Num(n) => n.to_string(),
        MathExpr::Grab(g) => char::from(b'a' + g).to_string(),
        MathExpr::Call(f, args) => {
            let args: Vec<String> = args.iter().map(|a| argument(*f, a, field)).collect();
            if args.is_empty() {
                format!("#{}", f.number())
            } else {
                format!("#{}({})", f.number(), args.join(","))
            }
        }
        MathExpr::Read(read) => print_read(*read),
        MathExpr::Within(read, lo, hi) => {
            let r = print_read(*read);
            // The macros write "no bound" as 99.
            match (*lo, *hi) {
                (lo, hi) if hi >= 99 => format!("{r}>={lo}"),
                (i32::MIN, hi) => format!("{r}<={hi}"),
                (lo, hi) if lo == hi => format!("{r}=={lo}"),
                (lo, hi) => format!("{r}[{lo},{hi}]"),
            }
        }
        MathExpr::All(items) => items.iter().map(operand).collect::<Vec<_>>().join("&&"),
        MathExpr::Any(items) => items.iter().map(operand).collect::<Vec<_>>().join("||"),
        MathExpr::Field => field.to_string(),
        MathExpr::Neg(x) => format!("-{}", paren(x)),
        MathExpr::Not(x) => format!("!{}", paren(x)),
        MathExpr::Binary(op, l, r) => format!("{}{}{}", paren(l), op.symbol(), paren(r)),
        MathExpr::Between(v, lo, hi) => match **hi {
            MathExpr::Num(n) if n >= 99 => format!("{}>={}", paren(v), p(lo)),
            _ => format!("{}[{},{}]", paren(v), p(lo), p(hi)),
        },
    }
}

/// A function's argument: a suit constant as its letter.
fn argument(f: Func, arg: &MathExpr, field: &str) -> String {
    let per_suit = match f {
        Func::Hand(field) | Func::Shown { field, .. } => field.per_suit(),
        Func::CombinedLength => true,
        Func::OpponentsBidStrain | Func::PartnerBidStrain | Func::SelfBidStrain => true,
        _ => false,
    };
    match arg {
        MathExpr::Num(n @ 1..=5) if per_suit => ["C", "D", "H", "S", "N"][(*n - 1) as usize].into(),
        _ => print(arg, field),
    }
}

fn print_read(read: Read) -> String {
    let (func, field) = match read {
        Read::Hand(field) => (read.func(), field),
        Read::Shown { field, .. } => (read.func(), field),
    };
    let (_, suit) = FieldId::parts(field);
    match suit {
        Some(s) => format!("#{}({})", func.number(), ["C", "D", "H", "S"][s]),
        None => format!("#{}", func.number()),
    }
}

/// A member's pattern written back (GOTO, literals, classes; MATH as `~…~`).
fn print_branch(b: &Branch) -> String {
    let mut out = match b.goto {
        Some(Goto::To { offset, plus }) => format!("@{offset:02}{}", if plus { "+" } else { "" }),
        Some(Goto::Start) => "&&".to_string(),
        None => String::new(),
    };
    for node in &b.nodes {
        print_node(node, &mut out);
    }
    out
}

fn print_node(node: &Node, out: &mut String) {
    match node {
        Node::Literal(bytes) => out.push_str(&String::from_utf8_lossy(bytes)),
        Node::AnyByte => out.push('.'),
        Node::AnyCall => out.push(','),
        Node::ByteSet(set) => {
            out.push('[');
            for b in set.iter() {
                out.push(char::from(b));
            }
            out.push(']');
        }
        Node::GrabClass { .. } => out.push_str("[…]"),
        Node::Push(g) => out.push(char::from(b'a' + g)),
        Node::GrabMatch(g) => {
            out.push('#');
            out.push(char::from(b'a' + g));
        }
        Node::Not(n) => {
            out.push('!');
            print_node(n, out);
        }
        Node::Group(alt) => {
            out.push('(');
            out.push_str(&print_branch(&alt.first));
            for (op, b) in &alt.rest {
                out.push_str(match op {
                    AltOp::Or => "|",
                    AltOp::And => "&",
                    AltOp::Then => "",
                });
                out.push_str(&print_branch(b));
            }
            out.push(')');
        }
        Node::Math { expr, .. } => {
            out.push('~');
            out.push_str(&print(expr, "."));
            out.push('~');
        }
        Node::Repeat { node, min, max } => {
            print_node(node, out);
            out.push_str(match (min, max) {
                (0, Some(1)) => "?",
                (0, None) => "*",
                (1, None) => "+",
                _ => "{…}",
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::functions::Situation;
    use crate::compile::matcher::test_support::constraint as compiled_constraint;
    use crate::resolve::hand_eval::HandEval;

    fn why(constraint: &str, hand: &str) -> Option<String> {
        let c = compiled_constraint(constraint);
        let h = HandEval::new(bridge::hand::parse_hand(hand).unwrap());
        let situation = Situation::default();
        let env = Env {
            situation: &situation,
            hand: Some(&h.features),
        };
        first_failed_condition(&c, h.pattern.as_bytes(), &Grabs::new(), &env).map(|f| f.to_string())
    }

    #[test]
    fn a_folded_comparison_inside_arithmetic_keeps_its_parentheses() {
        // 15 HCP, four spades: (12-4)*(4<3) is 0.
        let hand = "AKQ2.K52.J83.Q74";
        assert_eq!(
            why("&&~(12-#24(S))*(#24(S)<3)~", hand).as_deref(),
            Some("(12-#24(S))*(#24(S)<=2)")
        );
        // As an operand of `||` it needs none.
        assert_eq!(
            why("&&~#24(S)>=5||#24(H)>=5~", hand).as_deref(),
            Some("#24(S)>=5||#24(H)>=5")
        );
    }

    #[test]
    fn names_the_first_false_test_with_the_hands_value() {
        // 15 HCP, four spades, three hearts.
        let hand = "AKQ2.K52.J83.Q74";
        assert_eq!(why("&&~#24(S)>=5~", hand).as_deref(), Some("#24(S)>=5: 4"));
        assert_eq!(
            why("&&~#20>=12&&#24(H)>=4~", hand).as_deref(),
            Some("#24(H)>=4: 3")
        );
        assert_eq!(
            why("@00P~.[16,18]~&&~#24(S)>=4~", hand).as_deref(),
            Some("#20[16,18]: 15")
        );
        assert_eq!(why("&&~#20>=12~&&~#24(C)>=3~", hand), None);
    }

    #[test]
    fn a_pattern_member_is_shown_with_the_text_it_met() {
        // 5-3-3-2 is balanced; 5-5-2-1 fails `@11[345]`, the third longest
        // suit, and the message shows the pattern string from there.
        let hand = "AKQ32.K52.J83.74";
        assert_eq!(why("@07[345]@11[345]@13[2345]", hand), None);
        let hand = "AKQ32.K.J8632.74";
        let s = why("@07[345]@11[345]@13[2345]", hand).unwrap();
        assert!(s.starts_with("@11[345] (the hand reads `2"), "{s}");
    }
}

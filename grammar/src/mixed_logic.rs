//! An and (`&&`, `&`) and an or (`||`, `|`) that meet without parentheses,
//! in MATH or between the members of a pattern.
//!
//! The seed gives the four MATH operators one precedence level, grouped
//! from the left, so `a||b&&c` reads `(a||b)&&c` — not C's `a||(b&&c)`; and
//! a pattern's members joined by `|`, `&` and GOTOs group from the left
//! too (`A|B&C` is `(A|B)&C`). An author
//! who writes it meaning C's reading gets a rule that holds where it should
//! not; `bidbook check` warns about every such expression so that the
//! author writes the parentheses that say which reading is meant.

use crate::ast::{
    Alt, AltOp, BinOp, Expr, ExprKind, Primary, PrimaryKind, Regexp, Rule, Span, Value,
};

/// The spans in `rule` (sequence pattern, constraint and specification)
/// where an and and an or meet with no parentheses between them: for each,
/// the whole MATH expression or member list whose left operand is the
/// other kind.
pub fn unparenthesized_mixes(rule: &Rule) -> Vec<Span> {
    let mut found = Vec::new();
    for goal in [&rule.seq, &rule.constraint] {
        if let Some(alt) = &goal.pattern {
            in_alt(alt, &mut found);
        }
    }
    if let Some(math) = &rule.spec.math {
        in_expr(math, &mut found);
    }
    for item in &rule.spec.items {
        for value in &item.values {
            if let Value::Math(e) = &value.value {
                in_expr(e, &mut found);
            }
        }
    }
    found
}

fn in_alt(alt: &Alt, found: &mut Vec<Span>) {
    match alt {
        Alt::Single { expr, .. } => in_regexp(expr, found),
        Alt::Binary {
            lhs, op, rhs, span, ..
        } => {
            // A member list in parentheses is a group, so a list on the
            // left is never in parentheses.
            if let Alt::Binary { op: inner, .. } = &**lhs
                && (*op == AltOp::Or) != (*inner == AltOp::Or)
            {
                found.push(*span);
            }
            in_alt(lhs, found);
            in_regexp(rhs, found);
        }
    }
}

fn in_regexp(regexp: &Regexp, found: &mut Vec<Span>) {
    for term in &regexp.terms {
        in_primary(&term.primary, found);
    }
}

fn in_primary(primary: &Primary, found: &mut Vec<Span>) {
    match &primary.kind {
        PrimaryKind::Math(e) => in_expr(e, found),
        PrimaryKind::Not(p) => in_primary(p, found),
        PrimaryKind::Group(alt) => in_alt(alt, found),
        _ => {}
    }
}

/// Which of the two kinds a logical operator is (`None` for the others).
fn logic_kind(op: BinOp) -> Option<bool> {
    match op {
        BinOp::AndAnd | BinOp::And => Some(true),
        BinOp::OrOr | BinOp::Or => Some(false),
        _ => None,
    }
}

fn in_expr(e: &Expr, found: &mut Vec<Span>) {
    match &e.kind {
        ExprKind::Binary { op, lhs, rhs } => {
            // Grouping from the left, an operand written without
            // parentheses can only be the left one, and then it begins
            // where the whole does (a parenthesised one begins after its
            // `(`).
            if let (Some(kind), ExprKind::Binary { op: inner, .. }) = (logic_kind(*op), &lhs.kind)
                && logic_kind(*inner) == Some(!kind)
                && lhs.span.start == e.span.start
            {
                found.push(e.span);
            }
            in_expr(lhs, found);
            in_expr(rhs, found);
        }
        ExprKind::Neg(x) | ExprKind::Not(x) => in_expr(x, found),
        ExprKind::Call { args, .. } => args.iter().for_each(|a| in_expr(a, found)),
        ExprKind::Between { value, low, high } => {
            for x in [value, low, high] {
                in_expr(x, found);
            }
        }
        ExprKind::Num(_) | ExprKind::Char(_) | ExprKind::Grab(_) | ExprKind::Field => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_rule;

    /// The text of each mix found in the rule line `line`.
    fn mixes(line: &str) -> Vec<&str> {
        let rule = parse_rule(line).unwrap();
        unparenthesized_mixes(&rule)
            .into_iter()
            .map(|s| &line[s.range()])
            .collect()
    }

    #[test]
    fn a_mix_without_parentheses_is_found_wherever_math_is_written() {
        let cases = [
            (
                "1 1C 10 ~#20>=12||#20<=9&&#24(C)>=4~ .",
                vec!["#20>=12||#20<=9&&#24(C)>=4"],
            ),
            (
                "1 1C 10 ~#20>=12&&#24(C)>=4||#20>=18~ .",
                vec!["#20>=12&&#24(C)>=4||#20>=18"],
            ),
            ("1 1C 10 ~1|0&1~ .", vec!["1|0&1"]),
            ("1 1C~a||b&&c~ 10 . .", vec!["a||b&&c"]),
            ("1 1C 10 . :P~1||0&&2~", vec!["1||0&&2"]),
            ("1 1C 10 ~!(1||0&&1)~ .", vec!["1||0&&1"]),
            (
                "1 1C 10 ~#24(C)>=4~&&~#20>=1||#20<=0&&1~ .",
                vec!["#20>=1||#20<=0&&1"],
            ),
        ];
        for (line, want) in cases {
            assert_eq!(mixes(line), want, "{line}");
        }
    }

    #[test]
    fn parentheses_or_one_kind_of_operator_are_not_a_mix() {
        for line in [
            "1 1C 10 ~(#20>=12||#20<=9)&&#24(C)>=4~ .",
            "1 1C 10 ~#20>=12||(#20<=9&&#24(C)>=4)~ .",
            "1 1C 10 ~(#20>=12&&#24(C)>=4)||#20>=18~ .",
            "1 1C 10 ~#20>=12&&#24(C)>=4&&#20<=14~ .",
            "1 1C 10 ~#20>=12||#24(C)>=4||#20<=3~ .",
            "1 1C 10 ~#20+1>=12&&#24(C)==4~ .",
            "1 (1C|1D)&~#20>=12~ 10 . .",
            "1 1C|1D|1H 10 @00P1&~1~&&~1~ .",
        ] {
            assert_eq!(mixes(line), Vec::<&str>::new(), "{line}");
        }
    }
}

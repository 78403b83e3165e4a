//! The printer: writes any AST back as canonical rule text.
//!
//! Canonical text has single spaces between the fields of a rule line, no
//! backticks around the spec, no whitespace inside MATH, `$` for `$0`, and
//! parentheses in MATH only where precedence needs them. For every tree the
//! parser produces, parsing the printed text gives the same tree (up to
//! spans): `parse(print(ast)) == ast`.

use std::fmt::Write;

use crate::ast::*;

/// Prints a whole rule line.
pub fn print_rule(rule: &Rule) -> String {
    let mut out = String::with_capacity(64);
    let _ = write!(out, "{}", rule.level.node);
    if rule.default.is_some() {
        out.push('d');
    }
    if let Some(flag) = &rule.flag {
        out.push(flag.node.letter());
    }
    out.push(' ');
    goal(&mut out, &rule.seq);
    let _ = write!(out, " {} ", rule.priority.node);
    goal(&mut out, &rule.constraint);
    out.push(' ');
    spec(&mut out, &rule.spec);
    if let Some(e) = &rule.explanation {
        let _ = write!(out, " *{}", e.node);
    }
    if let Some(id) = &rule.id {
        let _ = write!(out, " #{}", id.node);
    }
    out
}

/// Prints a goal: the pattern followed by `@LABEL`.
pub fn print_goal(g: &Goal) -> String {
    let mut out = String::new();
    goal(&mut out, g);
    out
}

/// Prints a specification (`.` when it shows nothing).
pub fn print_spec(s: &Spec) -> String {
    let mut out = String::new();
    spec(&mut out, s);
    out
}

/// Prints a MATH expression, without the surrounding `~`.
pub fn print_expr(e: &Expr) -> String {
    let mut out = String::new();
    expr(&mut out, e, 0);
    out
}

fn goal(out: &mut String, g: &Goal) {
    if let Some(p) = &g.pattern {
        alt(out, p);
    }
    if let Some(at) = &g.at {
        out.push('@');
        out.push_str(&at.node);
    }
}

fn alt(out: &mut String, a: &Alt) {
    match a {
        Alt::Single { goto: g, expr, .. } => {
            if let Some(g) = g {
                goto(out, g.node);
            }
            regexp(out, expr);
        }
        Alt::Binary {
            lhs,
            op,
            goto: g,
            rhs,
            ..
        } => {
            alt(out, lhs);
            match op {
                AltOp::Or => out.push('|'),
                AltOp::And => out.push('&'),
                AltOp::Then => {}
            }
            if let Some(g) = g {
                goto(out, g.node);
            }
            regexp(out, rhs);
        }
    }
}

fn goto(out: &mut String, g: Goto) {
    match g {
        Goto::To { offset, plus } => {
            let _ = write!(out, "@{offset:02}");
            if plus {
                out.push('+');
            }
        }
        Goto::Start => out.push_str("&&"),
    }
}

fn regexp(out: &mut String, r: &Regexp) {
    if r.start.is_some() {
        out.push_str("START");
    }
    for t in &r.terms {
        primary(out, &t.primary);
        if let Some(rep) = &t.repeat {
            out.push(match rep.node {
                Repeat::Star => '*',
                Repeat::Plus => '+',
                Repeat::Question => '?',
            });
        }
    }
    if let Some(end) = &r.end {
        out.push('$');
        if end.node != 0 {
            let _ = write!(out, "{}", end.node);
        }
    }
}

fn primary(out: &mut String, p: &Primary) {
    match &p.kind {
        PrimaryKind::Dot => out.push('.'),
        PrimaryKind::Math(e) => {
            out.push('~');
            expr(out, e, 0);
            out.push('~');
        }
        PrimaryKind::AnyCall => out.push(','),
        PrimaryKind::Str(s) => out.push_str(s),
        PrimaryKind::Char(c) => out.push(*c),
        PrimaryKind::Not(inner) => {
            out.push('!');
            primary(out, inner);
        }
        PrimaryKind::Push(c) => out.push(*c),
        PrimaryKind::Grab(c) => {
            out.push('#');
            out.push(*c);
        }
        PrimaryKind::Group(a) => {
            out.push('(');
            alt(out, a);
            out.push(')');
        }
        PrimaryKind::Class(class) => {
            out.push('[');
            match class.op {
                ClassOp::Any => {}
                ClassOp::None => out.push('^'),
                ClassOp::Below => out.push('<'),
                ClassOp::Above => out.push('>'),
                ClassOp::Up(n) => out.extend(std::iter::repeat_n('+', n as usize)),
                ClassOp::Down(n) => out.extend(std::iter::repeat_n('-', n as usize)),
            }
            for item in &class.items {
                match item.node {
                    ClassItem::Char(c) => out.push(c),
                    ClassItem::Range(a, b) => {
                        out.push(a);
                        out.push('-');
                        out.push(b);
                    }
                    ClassItem::Grab(c) => {
                        out.push('#');
                        out.push(c);
                    }
                }
            }
            out.push(']');
        }
    }
}

/// The binding level of an expression: 0..=3 for binary operators (the
/// seed's levels; `Between` binds at level 1), 4 for unary and atoms.
fn level(e: &Expr) -> u8 {
    match &e.kind {
        ExprKind::Binary { op, .. } => op.level(),
        ExprKind::Between { .. } => 1,
        _ => 4,
    }
}

/// Prints `e` where the grammar expects an expression of level `min` or
/// tighter, parenthesising it otherwise.
fn expr(out: &mut String, e: &Expr, min: u8) {
    if level(e) < min {
        out.push('(');
        expr(out, e, 0);
        out.push(')');
        return;
    }
    match &e.kind {
        ExprKind::Num(n) => {
            let _ = write!(out, "{n}");
        }
        ExprKind::Char(c) | ExprKind::Grab(c) => out.push(*c),
        ExprKind::Call { func, args, .. } => {
            let _ = write!(out, "#{func}");
            if !args.is_empty() {
                out.push('(');
                for (i, a) in args.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    expr(out, a, 0);
                }
                out.push(')');
            }
        }
        ExprKind::Field => out.push('.'),
        ExprKind::Neg(inner) => {
            out.push('-');
            expr(out, inner, 4);
        }
        ExprKind::Not(inner) => {
            out.push('!');
            expr(out, inner, 4);
        }
        ExprKind::Binary { op, lhs, rhs } => {
            let l = op.level();
            // Left-associative: the left operand may be of the same level,
            // the right one must bind tighter.
            expr(out, lhs, l);
            out.push_str(op.symbol());
            expr(out, rhs, l + 1);
        }
        ExprKind::Between { value, low, high } => {
            expr(out, value, 1);
            out.push('[');
            expr(out, low, 1);
            out.push(',');
            expr(out, high, 1);
            out.push(']');
        }
    }
}

fn spec(out: &mut String, s: &Spec) {
    if let Some(e) = &s.math {
        out.push('~');
        expr(out, e, 0);
        out.push('~');
    }
    if s.items.is_empty() {
        if s.math.is_none() {
            out.push('.');
        }
        return;
    }
    for item in &s.items {
        out.push(':');
        let letter = item.field.letter();
        out.push(match item.bound {
            Bound::Min => letter,
            Bound::Max => letter.to_ascii_lowercase(),
        });
        for v in &item.values {
            match &v.value {
                Value::Num(n) => {
                    let _ = write!(out, "{n}");
                }
                Value::Grab(c) => {
                    out.push('#');
                    out.push(*c);
                }
                Value::Func(f) => {
                    let _ = write!(out, "#{f}");
                }
                Value::Math(e) => {
                    out.push('~');
                    expr(out, e, 0);
                    out.push('~');
                }
            }
            match v.suit {
                Some(SuitRef::Suit(c)) => out.push(c),
                Some(SuitRef::Grab(c)) => {
                    out.push('#');
                    out.push(c);
                }
                None => {}
            }
        }
    }
}

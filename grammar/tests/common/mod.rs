//! Helpers shared by the grammar's integration tests: a compact tree dump
//! for AST snapshots, span invariants, and span-free comparison.

#![allow(dead_code)]

use std::fmt::Write;

use grammar::*;

/// A compact, indented dump of a rule: one node per line, with its span and
/// the text it covers.
pub fn dump_rule(rule: &Rule, src: &str) -> String {
    let mut d = Dump {
        out: String::new(),
        src,
    };
    d.line(0, "Rule", rule.span);
    d.line(1, &format!("level {}", rule.level.node), rule.level.span);
    if let Some(s) = rule.default {
        d.line(1, "default", s);
    }
    if let Some(f) = &rule.flag {
        d.line(1, &format!("flag {:?}", f.node), f.span);
    }
    d.goal(1, "seq", &rule.seq);
    d.line(
        1,
        &format!("priority {}", rule.priority.node),
        rule.priority.span,
    );
    d.goal(1, "constraint", &rule.constraint);
    d.spec(1, &rule.spec);
    if let Some(e) = &rule.explanation {
        d.line(1, &format!("explanation {}", e.node), e.span);
    }
    if let Some(i) = &rule.id {
        d.line(1, &format!("id {}", i.node), i.span);
    }
    d.out
}

struct Dump<'a> {
    out: String,
    src: &'a str,
}

impl Dump<'_> {
    fn line(&mut self, depth: usize, what: &str, span: Span) {
        let text = self.src.get(span.range()).unwrap_or("<out of range>");
        let _ = writeln!(
            self.out,
            "{:indent$}{what} @{}..{} {text:?}",
            "",
            span.start,
            span.end,
            indent = depth * 2
        );
    }

    fn goal(&mut self, depth: usize, name: &str, g: &Goal) {
        self.line(depth, &format!("{name} Goal"), g.span);
        if let Some(p) = &g.pattern {
            self.alt(depth + 1, p);
        }
        if let Some(at) = &g.at {
            self.line(depth + 1, &format!("at {:?}", at.node), at.span);
        }
    }

    fn goto(&mut self, depth: usize, g: &Option<Spanned<Goto>>) {
        if let Some(g) = g {
            self.line(depth, &format!("goto {:?}", g.node), g.span);
        }
    }

    fn alt(&mut self, depth: usize, a: &Alt) {
        match a {
            Alt::Single { goto, expr, span } => {
                self.line(depth, "Alt", *span);
                self.goto(depth + 1, goto);
                self.regexp(depth + 1, expr);
            }
            Alt::Binary {
                lhs,
                op,
                goto,
                rhs,
                span,
            } => {
                self.line(depth, &format!("Alt {op:?}"), *span);
                self.alt(depth + 1, lhs);
                self.goto(depth + 1, goto);
                self.regexp(depth + 1, rhs);
            }
        }
    }

    fn regexp(&mut self, depth: usize, r: &Regexp) {
        self.line(depth, "Regexp", r.span);
        if let Some(s) = r.start {
            self.line(depth + 1, "START", s);
        }
        for t in &r.terms {
            match &t.repeat {
                Some(rep) => {
                    self.line(depth + 1, &format!("Term {:?}", rep.node), t.span);
                    self.primary(depth + 2, &t.primary);
                }
                None => self.primary(depth + 1, &t.primary),
            }
        }
        if let Some(e) = &r.end {
            self.line(depth + 1, &format!("end {}", e.node), e.span);
        }
    }

    fn primary(&mut self, depth: usize, p: &Primary) {
        match &p.kind {
            PrimaryKind::Dot => self.line(depth, "Dot", p.span),
            PrimaryKind::Math(e) => {
                self.line(depth, "Math", p.span);
                self.expr(depth + 1, e);
            }
            PrimaryKind::AnyCall => self.line(depth, "AnyCall", p.span),
            PrimaryKind::Str(s) => self.line(depth, &format!("Str {s:?}"), p.span),
            PrimaryKind::Char(c) => self.line(depth, &format!("Char {c:?}"), p.span),
            PrimaryKind::Not(inner) => {
                self.line(depth, "Not", p.span);
                self.primary(depth + 1, inner);
            }
            PrimaryKind::Push(c) => self.line(depth, &format!("Push {c:?}"), p.span),
            PrimaryKind::Grab(c) => self.line(depth, &format!("Grab {c:?}"), p.span),
            PrimaryKind::Group(a) => {
                self.line(depth, "Group", p.span);
                self.alt(depth + 1, a);
            }
            PrimaryKind::Class(c) => {
                self.line(depth, &format!("Class {:?}", c.op), p.span);
                for item in &c.items {
                    self.line(depth + 1, &format!("{:?}", item.node), item.span);
                }
            }
        }
    }

    fn expr(&mut self, depth: usize, e: &Expr) {
        match &e.kind {
            ExprKind::Num(n) => self.line(depth, &format!("Num {n}"), e.span),
            ExprKind::Char(c) => self.line(depth, &format!("Char {c:?}"), e.span),
            ExprKind::Grab(c) => self.line(depth, &format!("Grab {c:?}"), e.span),
            ExprKind::Call {
                func,
                func_span,
                args,
            } => {
                self.line(depth, &format!("Call #{func}"), e.span);
                self.line(depth + 1, "func", *func_span);
                for a in args {
                    self.expr(depth + 1, a);
                }
            }
            ExprKind::Field => self.line(depth, "Field", e.span),
            ExprKind::Neg(inner) => {
                self.line(depth, "Neg", e.span);
                self.expr(depth + 1, inner);
            }
            ExprKind::Not(inner) => {
                self.line(depth, "Not", e.span);
                self.expr(depth + 1, inner);
            }
            ExprKind::Binary { op, lhs, rhs } => {
                self.line(depth, &format!("Binary {op:?}"), e.span);
                self.expr(depth + 1, lhs);
                self.expr(depth + 1, rhs);
            }
            ExprKind::Between { value, low, high } => {
                self.line(depth, "Between", e.span);
                self.expr(depth + 1, value);
                self.expr(depth + 1, low);
                self.expr(depth + 1, high);
            }
        }
    }

    fn spec(&mut self, depth: usize, s: &Spec) {
        self.line(depth, "spec Spec", s.span);
        if let Some(e) = &s.math {
            self.line(depth + 1, "math", e.span);
            self.expr(depth + 2, e);
        }
        for item in &s.items {
            self.line(
                depth + 1,
                &format!("Item {:?} {:?}", item.field, item.bound),
                item.span,
            );
            for v in &item.values {
                let suit = match v.suit {
                    Some(SuitRef::Suit(c)) => format!(" suit {c}"),
                    Some(SuitRef::Grab(c)) => format!(" suit #{c}"),
                    None => String::new(),
                };
                match &v.value {
                    Value::Math(e) => {
                        self.line(depth + 2, &format!("Value Math{suit}"), v.span);
                        self.expr(depth + 3, e);
                    }
                    other => self.line(depth + 2, &format!("Value {other:?}{suit}"), v.span),
                }
            }
        }
    }
}

/// The AST as JSON, with every span removed (for comparing trees parsed
/// from different texts).
pub fn strip_spans<T: serde::Serialize>(node: &T) -> serde_json::Value {
    fn strip(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Object(map)
                if map.len() == 2 && map.contains_key("start") && map.contains_key("end") =>
            {
                // A bare `Span` (`default`, `Regexp::start`): keep only that
                // it is there.
                *v = serde_json::Value::Bool(true);
            }
            serde_json::Value::Object(map) => {
                map.remove("span");
                map.remove("func_span");
                for (_, child) in map.iter_mut() {
                    strip(child);
                }
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let mut v = serde_json::to_value(node).expect("the AST serializes");
    strip(&mut v);
    v
}

/// Checks that every span lies inside the span of its parent node and inside
/// `0..len`; returns a description of the first violation.
pub fn check_spans<T: serde::Serialize>(node: &T, len: usize) -> Result<(), String> {
    fn span_of(v: &serde_json::Value) -> Option<(u64, u64)> {
        let s = v.get("span")?;
        Some((s.get("start")?.as_u64()?, s.get("end")?.as_u64()?))
    }
    fn walk(v: &serde_json::Value, outer: (u64, u64)) -> Result<(), String> {
        let here = match span_of(v) {
            Some((s, e)) => {
                if s > e || s < outer.0 || e > outer.1 {
                    return Err(format!("span {s}..{e} outside {}..{}", outer.0, outer.1));
                }
                (s, e)
            }
            None => outer,
        };
        match v {
            serde_json::Value::Object(map) => {
                for (k, child) in map {
                    if k != "span" {
                        walk(child, here)?;
                    }
                }
            }
            serde_json::Value::Array(items) => {
                for child in items {
                    walk(child, here)?;
                }
            }
            _ => {}
        }
        Ok(())
    }
    let v = serde_json::to_value(node).map_err(|e| e.to_string())?;
    walk(&v, (0, len as u64))
}

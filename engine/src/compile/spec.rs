//! Specifications: what a call shows, compiled from the rule's spec field,
//! evaluated into a [`Shown`] table, and rendered in words
//! ("15–17 HCP, 5+ spades").

use crate::compile::error::CompileError;
use crate::compile::functions::{Env, Func};
use crate::compile::grabs::{Grabs, grab_index};
use crate::compile::math::{MathCx, MathExpr};
use crate::knowledge::{FieldId, Range, Shown, field_limits};
use grammar::ast::{self, Bound, SpecField};
use std::fmt::Write;

/// A value in a spec item.
#[derive(Debug, Clone, PartialEq)]
enum Value {
    Const(i32),
    Grab(u8),
    Func(Func),
    Math(MathExpr),
}

/// The suit of a per-suit spec item.
#[derive(Debug, Clone, Copy, PartialEq)]
enum SuitSel {
    Const(usize),
    Grab(u8),
}

#[derive(Debug, Clone, PartialEq)]
struct Item {
    field: SpecField,
    bound: Bound,
    value: Value,
    suit: Option<SuitSel>,
}

/// A compiled specification.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Spec {
    math: Option<MathExpr>,
    items: Vec<Item>,
    /// The spec when it depends on nothing (no grab, function or MATH):
    /// evaluated once at load time.
    constant: Option<Shown>,
}

fn suit_of_char(c: char) -> Option<usize> {
    match c {
        'C' => Some(0),
        'D' => Some(1),
        'H' => Some(2),
        'S' => Some(3),
        _ => None,
    }
}

impl Spec {
    /// Compiles a parsed spec.
    pub fn compile(spec: &ast::Spec) -> Result<Spec, CompileError> {
        let math = spec.math.as_ref().map(MathExpr::compile).transpose()?;
        let mut items = Vec::new();
        for item in &spec.items {
            for v in &item.values {
                let value = match &v.value {
                    ast::Value::Num(n) => Value::Const(*n as i32),
                    ast::Value::Grab(c) => Value::Grab(grab_index(*c)),
                    ast::Value::Func(n) => {
                        Value::Func(Func::resolve(*n, 0).map_err(|m| CompileError::new(m, v.span))?)
                    }
                    ast::Value::Math(e) => Value::Math(MathExpr::compile(e)?),
                };
                let suit = match v.suit {
                    None => None,
                    Some(ast::SuitRef::Suit(c)) => {
                        Some(SuitSel::Const(suit_of_char(c).ok_or_else(|| {
                            CompileError::new(format!("`{c}` is not a suit"), v.span)
                        })?))
                    }
                    Some(ast::SuitRef::Grab(c)) => Some(SuitSel::Grab(grab_index(c))),
                };
                if item.field.per_suit() && suit.is_none() {
                    return Err(CompileError::new(
                        format!("`{}` needs a suit after each value", item.field.letter()),
                        v.span,
                    ));
                }
                items.push(Item {
                    field: item.field,
                    bound: item.bound,
                    value,
                    suit,
                });
            }
        }
        let mut spec = Spec {
            math,
            items,
            constant: None,
        };
        let is_constant = spec.math.is_none()
            && spec.items.iter().all(|i| {
                matches!(i.value, Value::Const(_)) && !matches!(i.suit, Some(SuitSel::Grab(_)))
            });
        if is_constant {
            let situation = crate::compile::functions::Situation::default();
            let env = Env {
                situation: &situation,
                hand: None,
            };
            spec.constant = Some(spec.eval(&mut Grabs::new(), &env));
        }
        Ok(spec)
    }

    /// Whether the spec reads the bidder's hand (not allowed).
    pub fn reads_hand(&self) -> bool {
        self.calls(Func::reads_hand)
    }

    /// Whether the spec reads the vulnerability (`#2`, `#3`): what it shows
    /// may then differ with the vulnerability.
    pub fn reads_vulnerability(&self) -> bool {
        self.calls(Func::reads_vulnerability)
    }

    /// Whether the spec calls a function for which `which` holds.
    fn calls(&self, which: impl Fn(Func) -> bool) -> bool {
        self.math.as_ref().is_some_and(|m| m.calls(&which))
            || self.items.iter().any(|item| match &item.value {
                Value::Math(m) => m.calls(&which),
                Value::Func(f) => which(*f),
                _ => false,
            })
    }

    /// Whether the spec shows nothing (`.`).
    pub fn is_trivial(&self) -> bool {
        self.math.is_none() && self.items.is_empty()
    }

    /// What the spec shows, given the rule's grabs. Items whose value or suit
    /// cannot be evaluated show nothing.
    pub fn eval(&self, grabs: &mut Grabs, env: &Env<'_>) -> Shown {
        if let Some(c) = self.constant {
            return c;
        }
        let mut shown = Shown::unknown();
        if let Some(m) = &self.math {
            let mut cx = MathCx {
                subject: &[],
                pos: 0,
                grabs,
                env,
            };
            let _ = m.eval(&mut cx);
        }
        for item in &self.items {
            let value = match &item.value {
                Value::Const(n) => Some(*n),
                Value::Grab(g) => grabs.value(*g),
                Value::Func(f) => f.call(env, &[]),
                Value::Math(m) => {
                    let mut cx = MathCx {
                        subject: &[],
                        pos: 0,
                        grabs,
                        env,
                    };
                    m.eval(&mut cx)
                }
            };
            let suit = match item.suit {
                None => Some(0),
                Some(SuitSel::Const(s)) => Some(s),
                Some(SuitSel::Grab(g)) => grabs
                    .get(g)
                    .and_then(|t| t.first().copied())
                    .and_then(|c| suit_of_char(c as char)),
            };
            let (Some(value), Some(suit)) = (value, suit) else {
                continue;
            };
            let f = FieldId::new(item.field, suit);
            let limits = field_limits(item.field);
            let v = value.clamp(limits.min as i32, limits.max as i32) as u8;
            match item.bound {
                Bound::Min => shown.raise_min(f, v),
                Bound::Max => shown.lower_max(f, v),
            }
        }
        shown
    }
}

const SUIT_NAMES: [&str; 4] = ["clubs", "diamonds", "hearts", "spades"];

/// Renders what a player has shown in words, e.g. "15–17 HCP, 2–5 spades".
/// Fields at their widest range are left out; "nothing specific" when all
/// are.
pub fn describe(shown: &Shown) -> String {
    let mut parts: Vec<String> = Vec::new();
    for f in FieldId::all() {
        let r = shown.get(f);
        let (field, suit) = f.parts();
        let limits = field_limits(field);
        if r == limits {
            continue;
        }
        let amount = amount(r, limits);
        let suit_name = suit.map_or("", |s| SUIT_NAMES[s]);
        let text = match field {
            SpecField::Hcp => format!("{amount} HCP"),
            SpecField::Points => format!("{amount} total points"),
            SpecField::Losers => format!("{amount} losers"),
            SpecField::Controls => format!("{amount} controls"),
            SpecField::Length => format!("{amount} {suit_name}"),
            SpecField::Honors => format!("{amount} honour points in {suit_name} (A=8 K=4 Q=2 J=1)"),
            SpecField::Stopper => format!("stopper grade {amount} in {suit_name}"),
            SpecField::Quality => format!("{suit_name} quality {amount}"),
        };
        parts.push(text);
    }
    if parts.is_empty() {
        "nothing specific".to_string()
    } else {
        parts.join(", ")
    }
}

fn amount(r: Range, limits: Range) -> String {
    let mut s = String::new();
    if r.min > r.max {
        let _ = write!(s, "contradictory {}–{}", r.min, r.max);
    } else if r.min == r.max {
        let _ = write!(s, "exactly {}", r.min);
    } else if r.max == limits.max {
        let _ = write!(s, "{}+", r.min);
    } else if r.min == limits.min {
        let _ = write!(s, "at most {}", r.max);
    } else {
        let _ = write!(s, "{}–{}", r.min, r.max);
    }
    s
}

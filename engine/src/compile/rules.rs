//! One rule, compiled: its sequence matcher (regular or backtracking), its
//! redirection, its constraint, its spec and its bookkeeping fields.

use crate::compile::error::CompileError;
use crate::compile::matcher::ir;
use crate::compile::matcher::regular;
use crate::compile::spec::Spec;
use grammar::ast::{self, Flag, Span};

/// How a rule's sequence pattern is matched.
#[derive(Debug, Clone, PartialEq)]
pub enum SeqMatcher {
    /// In the shared regular DFA (its regular expression).
    Regular(regex_syntax::hir::Hir),
    /// Walked by the backtracking matcher, after checking that the sequence
    /// string begins with `prefix`.
    Backtrack {
        /// The compiled pattern.
        pattern: ir::Alt,
        /// Literal text every match begins with.
        prefix: Box<[u8]>,
    },
    /// A redirection `PATTERN@LABEL`: where the pattern matches a prefix of the
    /// sequence ending at a call boundary, that prefix is replaced by `label`
    /// and the rules are matched again.
    Redirect {
        /// The pattern of the replaced prefix.
        pattern: ir::Alt,
        /// The replacement.
        label: Box<[u8]>,
    },
}

impl SeqMatcher {
    /// The pattern the backtracking matcher walks, when it is one.
    pub fn backtrack_pattern(&self) -> Option<&ir::Alt> {
        match self {
            SeqMatcher::Backtrack { pattern, .. } => Some(pattern),
            _ => None,
        }
    }
}

/// A compiled rule.
#[derive(Debug, Clone, PartialEq)]
pub struct Rule {
    /// The position of the rule in the database (earlier wins ties).
    pub index: u32,
    /// The `#id` field.
    pub id: Option<u32>,
    /// The level field.
    pub level: u8,
    /// The `d` flag: superseded by any rule of equal or higher priority
    /// proposing the same call.
    pub default: bool,
    /// The `C R X ?` flag.
    pub flag: Option<Flag>,
    /// The priority.
    pub priority: u32,
    /// The sequence matcher.
    pub seq: SeqMatcher,
    /// The constraint (`None` when it always holds).
    pub constraint: Option<ir::Alt>,
    /// What the call shows.
    pub spec: Spec,
    /// The `*n` explanation id.
    pub explanation: Option<u32>,
    /// Where the rule was written, as offsets into the expanded text.
    pub span: Span,
    /// Whether the sequence pattern leaves the candidate call free (`$n` with
    /// n > 0 on some branch): the rule applies to every legal call.
    pub free_call: bool,
    /// Whether the sequence pattern or the constraint repeats, without
    /// bound, something that can match the same text in many ways
    /// (`(.*)*`, `((.|..))*`): matching can take exponential time, so a
    /// match gives up after [`crate::compile::matcher::backtrack::REPEAT_BUDGET`] steps.
    pub slow_repeat: bool,
    /// Whether every top-level branch of the sequence pattern begins with
    /// `START` (floats to any call boundary): the rule is written for the
    /// tail of any auction rather than for auctions from the opening bid —
    /// a generic rule such as a `START…$` fallback or an ace-asking
    /// response. `bidbook export` lists these once instead of expanding
    /// them into every auction they match.
    pub floating: bool,
    /// Whether the sequence pattern or the spec reads the vulnerability
    /// (`#2`, `#3`): which calls the rule proposes, or what they show, may
    /// then differ with the vulnerability. (The constraint is not counted:
    /// it decides for a hand, not what a call means.)
    pub reads_vulnerability: bool,
}

impl Rule {
    /// Compiles a parsed rule; `index` is its position in the database.
    pub fn compile(r: &ast::Rule, index: u32) -> Result<Rule, CompileError> {
        let seq_alt = r.seq.pattern.as_ref().ok_or_else(|| {
            CompileError::new(
                "a rule needs a sequence pattern before any `@LABEL`",
                r.seq.span,
            )
        })?;
        let alt = ir::compile_alt(seq_alt, true)?;
        check_no_hand_functions_alt(&alt, seq_alt.span())?;
        let free_call = alt.branches().any(|b| b.end.is_some_and(|n| n > 0));
        let mut slow_repeat = alt.branches().any(|b| ir::nested_unbounded(&b.nodes));
        let floating = alt.branches().all(|b| b.floating);
        let seq_reads_vulnerability =
            alt_calls(&alt, crate::compile::functions::Func::reads_vulnerability);
        let seq = if let Some(label) = &r.seq.at {
            if alt.rest.iter().any(|(op, _)| *op != ast::AltOp::Or)
                || alt.branches().any(|b| b.goto.is_some() || b.end.is_some())
            {
                return Err(CompileError::new(
                    "the pattern of a redirection may combine members with `|` only, with no GOTO or `$`",
                    seq_alt.span(),
                ));
            }
            SeqMatcher::Redirect {
                pattern: alt,
                label: label.node.as_bytes().into(),
            }
        } else if let Some(re) = regular::to_regex(&alt) {
            SeqMatcher::Regular(re)
        } else {
            let prefix = crate::compile::matcher::literal_prefix(&alt).into_boxed_slice();
            SeqMatcher::Backtrack {
                pattern: alt,
                prefix,
            }
        };
        let constraint = match &r.constraint.pattern {
            None => None,
            Some(c) => {
                if r.constraint.at.is_some() {
                    return Err(CompileError::new(
                        "a constraint cannot redirect with `@LABEL`",
                        r.constraint.span,
                    ));
                }
                let mut alt = ir::compile_alt(c, true)?;
                slow_repeat |= alt.branches().any(|b| ir::nested_unbounded(&b.nodes));
                crate::compile::matcher::hand_fields::read_fields_directly(&mut alt);
                // A lone `.` holds on every pattern string.
                let trivial = alt.rest.is_empty()
                    && alt.first.goto.is_none()
                    && alt.first.end.is_none()
                    && matches!(alt.first.nodes.as_slice(), [ir::Node::AnyByte] | []);
                (!trivial).then_some(alt)
            }
        };
        let spec = Spec::compile(&r.spec)?;
        let reads_vulnerability = seq_reads_vulnerability || spec.reads_vulnerability();
        if spec.reads_hand() {
            return Err(CompileError::new(
                "a spec cannot read the bidder's hand (functions #20..#28): it must say what any hand making the call holds",
                r.spec.span,
            ));
        }
        Ok(Rule {
            index,
            id: r.id.as_ref().map(|i| i.node),
            level: r.level.node,
            default: r.default.is_some(),
            flag: r.flag.as_ref().map(|f| f.node),
            priority: r.priority.node,
            seq,
            constraint,
            spec,
            explanation: r.explanation.as_ref().map(|e| e.node),
            span: r.span,
            free_call,
            slow_repeat,
            floating,
            reads_vulnerability,
        })
    }

    /// The flag letter, or an empty string.
    pub fn flag_text(&self) -> String {
        self.flag
            .map(|f| f.letter().to_string())
            .unwrap_or_default()
    }
}

/// Whether a MATH expression in the pattern calls a function for which
/// `which` holds.
fn alt_calls(alt: &ir::Alt, which: impl Fn(crate::compile::functions::Func) -> bool) -> bool {
    let mut found = false;
    for b in alt.branches() {
        for n in &b.nodes {
            n.walk(&mut |node| {
                if let ir::Node::Math { expr: m, .. } = node {
                    found |= m.calls(&which);
                }
            });
        }
    }
    found
}

fn check_no_hand_functions_alt(alt: &ir::Alt, span: Span) -> Result<(), CompileError> {
    if alt_calls(alt, crate::compile::functions::Func::reads_hand) {
        return Err(CompileError::new(
            "a sequence pattern cannot read the bidder's hand (functions #20..#28); test the hand in the constraint",
            span,
        ));
    }
    Ok(())
}

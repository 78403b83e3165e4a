//! The general matcher: a backtracking walk of the pattern IR, for every
//! construct of the language (grabs, grab classes, `!`, MATH, GOTO, `&`).
//!
//! It is also the reference semantics: the regular-pattern DFA must agree with
//! it on every regular pattern (see `tests/matcher_agreement.rs`).
//!
//! Semantics, as documented in `docs/rule-language.md`:
//! - a top-level branch starts at position 0, or at its GOTO target, or — with
//!   `START` — at any call boundary from there on;
//! - it must end at the end of the subject (sequence patterns), anywhere
//!   (constraints), `n` calls before the end (`$n`), or — for the pattern of
//!   a redirection — at a call boundary before the last call;
//! - `A & B` at top level: both hold, grabs of `A` visible to `B`; inside a
//!   group, both match the same span;
//! - `A | B`: either holds; `A @nn B`: `A` holds and `B` holds from `nn`.

use super::ir::{Alt, Branch, ByteSet, Node, apply_class_op};
use crate::compile::functions::Env;
use crate::compile::grabs::{Grabs, Slot};
use crate::compile::math::{MathCx, MathExpr, field_len};
use grammar::ast::{AltOp, ClassItem, ClassOp, Goto};

/// How a top-level branch must end when it has no `$n`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndMode {
    /// At the end of the subject (sequence patterns).
    Full,
    /// Anywhere (constraints).
    Prefix,
    /// At a call boundary (just before a `:`) before the last call (the
    /// pattern of a redirection `…@LABEL`).
    Redirect,
}

/// The length of the call token at `pos`, if one starts there.
#[inline]
pub fn call_len(s: &[u8], pos: usize) -> Option<usize> {
    match s.get(pos)? {
        b'1'..=b'7' if matches!(s.get(pos + 1), Some(b'C' | b'D' | b'H' | b'S' | b'N')) => Some(2),
        b'P' | b'X' | b'R' => Some(1),
        _ => None,
    }
}

/// Member `i` of an alternative with the connective before it.
fn member(alt: &Alt, i: usize) -> (AltOp, &Branch) {
    if i == 0 {
        (AltOp::Then, &alt.first)
    } else {
        let (op, b) = &alt.rest[i - 1];
        (*op, b)
    }
}

/// Whether a branch whose first node is `first` may match where the next
/// byte is `next` (`false` only when a literal or a byte class rules it out).
#[inline]
fn can_begin(first: Option<&Node>, next: Option<&u8>) -> bool {
    match (first, next) {
        (Some(Node::Literal(lit)), next) => lit.first().is_none_or(|b| next == Some(b)),
        (Some(Node::ByteSet(set)), Some(&b)) => set.contains(b),
        (Some(Node::ByteSet(_)), None) => false,
        _ => true,
    }
}

/// Whether `lit` is at `pos` in `s` (a short loop: literals in patterns are
/// a few bytes, too short for a `memcmp` call to pay).
#[inline]
fn has_literal(s: &[u8], pos: usize, lit: &[u8]) -> bool {
    pos + lit.len() <= s.len() && s[pos..pos + lit.len()].iter().zip(lit).all(|(a, b)| a == b)
}

/// A matcher over one subject string.
pub struct Backtracker<'a, 'e> {
    subject: &'a [u8],
    env: &'a Env<'e>,
    /// General repetition steps taken by the current match (see
    /// [`REPEAT_BUDGET`]).
    steps: std::cell::Cell<u32>,
}

/// How many general repetition steps one match may take before it fails:
/// a nested unbounded repetition (`(.|..)*` inside another) can otherwise
/// take time exponential in the subject (fuzzing found `(.|..)*~0~` taking
/// minutes on a 14-call auction). No rule written for bridge comes near it;
/// `bidbook check` warns about the shapes that can.
pub const REPEAT_BUDGET: u32 = 200_000;

/// A continuation: called where a walk of nodes ends, with the grabs; `true`
/// stops the walk (a match), `false` asks for the next way.
pub type Cont<'k> = &'k mut dyn FnMut(usize, &mut Grabs) -> bool;

/// How a node matched in one step (see [`Backtracker::step`]).
enum Step {
    /// It matched this many bytes.
    Len(usize),
    /// It does not match here.
    Fail,
    /// It may match several ways or set grabs: the general walk decides.
    General,
}

/// The grabs a straight walk set, with what they held before. Sixteen fit
/// on the stack: with room for four, the default book's walks spilled to
/// the heap about 12,000 times in 5,000 deals, an allocation each.
type Undo = smallvec::SmallVec<[(u8, Slot); 16]>;

/// The ends of the runs of a repeated unit (see [`Backtracker::unit_run`]).
type RunEnds = smallvec::SmallVec<[usize; 24]>;

/// The nodes of one copy of a repeated `node` when each of them matches
/// one way, is never empty and reads no grab (a literal, a class, `.` or
/// `,`): then a repetition has one run of each length — as in the
/// `ANY_ROUNDS` idiom `(:,:,)*` — and is walked without continuations.
fn fixed_unit(node: &Node) -> Option<&[Node]> {
    let unit = match node {
        Node::Group(alt)
            if alt.rest.is_empty()
                && alt.first.goto.is_none()
                && alt.first.end.is_none()
                && !alt.first.floating =>
        {
            alt.first.nodes.as_slice()
        }
        n => std::slice::from_ref(n),
    };
    let fixed = |n: &Node| match n {
        Node::Literal(lit) => !lit.is_empty(),
        Node::AnyByte | Node::AnyCall | Node::ByteSet(_) => true,
        _ => false,
    };
    (!unit.is_empty() && unit.iter().all(fixed)).then_some(unit)
}

impl<'a, 'e> Backtracker<'a, 'e> {
    /// A matcher for `subject`, whose MATH reads `env`.
    pub fn new(subject: &'a [u8], env: &'a Env<'e>) -> Self {
        Backtracker {
            subject,
            env,
            steps: std::cell::Cell::new(0),
        }
    }

    /// The subject it matches.
    pub fn subject(&self) -> &'a [u8] {
        self.subject
    }

    /// Whether the whole pattern holds on the subject. On success `grabs`
    /// holds what the first successful match grabbed.
    ///
    /// Members combine left to right (`A & B | C` is `(A & B) | C`). A
    /// member that fails leaves the grabs as they were (see `seq`), so only
    /// when an `&` member fails after others held are the grabs put back —
    /// to what they were on entry, which is what every left part of the
    /// alternative started from.
    pub fn matches(&self, alt: &Alt, mode: EndMode, grabs: &mut Grabs) -> bool {
        self.steps.set(0);
        let entry = alt.writes.then_some(*grabs);
        let holds = self.branch_holds(&alt.first, mode, grabs);
        self.later_members(alt, mode, holds, entry, grabs)
    }

    /// [`Backtracker::matches`] with [`EndMode::Full`] from empty grabs, for
    /// a pattern whose first member's leading nodes (its auction part, see
    /// [`crate::compile::matcher::auction_split`]) were matched beforehand:
    /// `parts` holds each way they matched, in walk order (where they ended,
    /// what they grabbed), `call` the first member's other nodes and
    /// `span` the fewest and most bytes they match, when bounded.
    pub fn matches_after_auction_part(
        &self,
        alt: &Alt,
        call: &[Node],
        span: Option<(usize, usize)>,
        parts: &[(usize, Grabs)],
        grabs: &mut Grabs,
    ) -> bool {
        self.steps.set(0);
        let entry = alt.writes.then_some(*grabs);
        let len = self.subject.len();
        let (least, most) = span.unwrap_or((0, usize::MAX));
        let mut holds = false;
        for (end, part) in parts {
            if end + least > len || end.saturating_add(most) < len {
                continue;
            }
            let mut g = *part;
            if self.straight(call, *end, &mut g, &mut |e, _| e == len) {
                *grabs = g;
                holds = true;
                break;
            }
        }
        self.later_members(alt, EndMode::Full, holds, entry, grabs)
    }

    /// Walks `nodes` from the start of the subject from empty grabs, calling
    /// `k` at each way they match (where, with what grabs) until it returns
    /// `true`.
    pub fn walk_from_start(&self, nodes: &[Node], k: Cont<'_>) {
        self.steps.set(0);
        self.straight(nodes, 0, &mut Grabs::new(), k);
    }

    /// Combines the members after the first with the first's verdict
    /// `holds`, left to right (see [`Backtracker::matches`]).
    fn later_members(
        &self,
        alt: &Alt,
        mode: EndMode,
        mut holds: bool,
        entry: Option<Grabs>,
        grabs: &mut Grabs,
    ) -> bool {
        for (op, branch) in &alt.rest {
            match op {
                AltOp::Or => holds = holds || self.branch_holds(branch, mode, grabs),
                AltOp::And | AltOp::Then => {
                    holds = holds && self.branch_holds(branch, mode, grabs);
                    if !holds && let Some(entry) = entry {
                        *grabs = entry;
                    }
                }
            }
        }
        holds
    }

    /// The spans `(start, end)` where a redirection pattern matches: each
    /// `|` member is tried; spans end at a call boundary before the last call.
    pub fn redirect_spans(&self, alt: &Alt, grabs: &mut Grabs, out: &mut Vec<(usize, usize)>) {
        self.steps.set(0);
        for branch in alt.branches() {
            let mut g = *grabs;
            self.branch_top(branch, EndMode::Redirect, &mut g, &mut |s, e, _| {
                if !out.contains(&(s, e)) {
                    out.push((s, e));
                }
                false
            });
        }
    }

    /// Whether the branch holds; if so the grabs are those of its first
    /// match (a successful walk leaves them in place).
    fn branch_holds(&self, b: &Branch, mode: EndMode, g: &mut Grabs) -> bool {
        // The usual member of a constraint, `&&~…~`: one MATH test at a
        // fixed place, ending anywhere.
        if mode == EndMode::Prefix
            && !b.floating
            && b.end.is_none()
            && let [
                Node::Math {
                    expr,
                    assigns: false,
                },
            ] = b.nodes.as_slice()
            && let (at, last) = self.starts(b.goto, 0)
            && at == last
        {
            return at <= self.subject.len() && self.math_end(expr, at, g).is_some();
        }
        self.branch_top(b, mode, g, &mut |_, _, _| true)
    }

    /// Start positions allowed by a GOTO (relative to `base` when absent).
    fn starts(&self, goto: Option<Goto>, base: usize) -> (usize, usize) {
        match goto {
            None => (base, base),
            Some(Goto::Start) => (0, 0),
            Some(Goto::To { offset, plus }) => {
                let o = offset as usize;
                if plus {
                    let stop = self.subject[o.min(self.subject.len())..]
                        .iter()
                        .position(|&c| c == b':')
                        .map_or(self.subject.len(), |i| o + i);
                    (o, stop.max(o))
                } else {
                    (o, o)
                }
            }
        }
    }

    /// The position `n` calls before the end of the subject.
    fn end_before(&self, n: u8) -> Option<usize> {
        if n == 0 {
            return Some(self.subject.len());
        }
        let mut seen = 0;
        for (i, &c) in self.subject.iter().enumerate().rev() {
            if c == b':' {
                seen += 1;
                if seen == n {
                    return Some(i);
                }
            }
        }
        None
    }

    fn branch_top(
        &self,
        b: &Branch,
        mode: EndMode,
        g: &mut Grabs,
        found: &mut dyn FnMut(usize, usize, &Grabs) -> bool,
    ) -> bool {
        let len = self.subject.len();
        let fixed_end = match b.end {
            Some(n) => match self.end_before(n) {
                Some(e) => Some(e),
                None => return false,
            },
            None if mode == EndMode::Full => Some(len),
            None => None,
        };
        let last_colon = if mode == EndMode::Redirect {
            self.subject.iter().rposition(|&c| c == b':')
        } else {
            None
        };
        let accept = |e: usize| match (fixed_end, mode) {
            (Some(f), _) => e == f,
            (None, EndMode::Redirect) => {
                last_colon.is_some_and(|lc| e <= lc) && self.subject.get(e) == Some(&b':')
            }
            (None, _) => true,
        };
        // A failed walk leaves the grabs as they were (see `seq`).
        let mut holds_from = |start: usize| {
            self.straight(&b.nodes, start, g, &mut |e, grabs| {
                accept(e) && found(start, e, grabs)
            })
        };
        let (lo, hi) = self.starts(b.goto, 0);
        if !b.floating {
            return (lo..=hi.min(len)).any(holds_from);
        }
        // `START`: every call boundary from `lo` on whose first byte can
        // begin the branch — and, when the end is fixed and the branch's
        // length bounded, only the boundaries that far before the end.
        let first = b.nodes.first();
        let (mut start, last) = match (fixed_end, b.span) {
            (Some(end), Some((min, max))) => match end.checked_sub(min) {
                Some(last) => (lo.max(end.saturating_sub(max)), last.min(len)),
                None => return false,
            },
            _ => (lo, len),
        };
        if start > 0 && start <= len && self.subject[start - 1] != b':' {
            // Move to the next call boundary at or after `start`.
            match self.subject[start..].iter().position(|&c| c == b':') {
                Some(i) => start += i + 1,
                None => return false,
            }
        }
        while start <= last {
            let boundary = start == 0 || self.subject[start - 1] == b':';
            if boundary && can_begin(first, self.subject.get(start)) && holds_from(start) {
                return true;
            }
            match self.subject[start..].iter().position(|&c| c == b':') {
                Some(i) => start += i + 1,
                None => break,
            }
        }
        false
    }

    /// Matches `nodes` from `pos` like [`Backtracker::seq`] (and, like it,
    /// leaves the grabs as they were when it fails), walking the leading
    /// nodes that match at most one way (literals, classes, pushes, grab
    /// matches, MATH that assigns nothing) in a loop instead of through
    /// continuations; repeated literals try their counts longest first, as
    /// `seq` does, and any other node hands the rest over to `seq`.
    fn straight(&self, nodes: &[Node], pos: usize, g: &mut Grabs, k: Cont<'_>) -> bool {
        let mut undo = Undo::new();
        let ok = self.straight_walk(nodes, pos, g, k, &mut undo);
        if !ok {
            for &(i, slot) in undo.iter().rev() {
                g.restore(i, slot);
            }
        }
        ok
    }

    /// The walk of [`Backtracker::straight`], noting in `undo` the grabs
    /// it sets.
    fn straight_walk(
        &self,
        nodes: &[Node],
        mut pos: usize,
        g: &mut Grabs,
        k: Cont<'_>,
        undo: &mut Undo,
    ) -> bool {
        let s = self.subject;
        for (i, node) in nodes.iter().enumerate() {
            match node {
                Node::Push(grab) => {
                    let n = field_len(s, pos);
                    if n == 0 {
                        return false;
                    }
                    undo.push((*grab, g.save(*grab)));
                    g.set(*grab, &s[pos..pos + n]);
                }
                Node::Math {
                    expr,
                    assigns: false,
                } => match self.math_end(expr, pos, g) {
                    Some(end) => pos = end,
                    None => return false,
                },
                Node::Repeat { node, min, max } if matches!(&**node, Node::Literal(l) if !l.is_empty()) =>
                {
                    let Node::Literal(lit) = &**node else {
                        unreachable!("guarded above")
                    };
                    let count = self.literal_run(lit, pos, *max);
                    let rest = &nodes[i + 1..];
                    return (usize::from(*min)..=count)
                        .rev()
                        .any(|n| self.straight(rest, pos + n * lit.len(), g, k));
                }
                Node::Repeat { node, min, max } if let Some(unit) = fixed_unit(node) => {
                    let ends = self.unit_run(unit, pos, *max);
                    let rest = &nodes[i + 1..];
                    return (usize::from(*min)..ends.len())
                        .rev()
                        .any(|n| self.straight(rest, ends[n], g, k));
                }
                Node::Not(inner) => match self.step(inner, pos, g) {
                    Step::Len(_) => return false,
                    Step::Fail => {}
                    Step::General => return self.seq(&nodes[i..], pos, g, k),
                },
                _ => match self.step(node, pos, g) {
                    Step::Len(n) => pos += n,
                    Step::Fail => return false,
                    Step::General => return self.seq(&nodes[i..], pos, g, k),
                },
            }
        }
        k(pos, g)
    }

    /// How `node` matches at `pos` when it matches at most one way and
    /// sets no grab; [`Step::General`] for every other node.
    #[inline(always)]
    fn step(&self, node: &Node, pos: usize, g: &Grabs) -> Step {
        let s = self.subject;
        let len = match node {
            Node::Literal(lit) => has_literal(s, pos, lit).then_some(lit.len()),
            Node::AnyByte => (pos < s.len()).then_some(1),
            Node::AnyCall => call_len(s, pos),
            Node::ByteSet(set) => (pos < s.len() && set.contains(s[pos])).then_some(1),
            Node::GrabClass { op, items } => self.grab_class_len(*op, items, pos, g),
            Node::GrabMatch(i) => g
                .get(*i)
                .filter(|text| s[pos.min(s.len())..].starts_with(text))
                .map(|text| text.len()),
            _ => return Step::General,
        };
        len.map_or(Step::Fail, Step::Len)
    }

    /// Where MATH evaluated at `pos` ends (after the fields it read), when
    /// its value is non-zero.
    #[inline]
    fn math_end(&self, expr: &MathExpr, pos: usize, g: &mut Grabs) -> Option<usize> {
        let mut cx = MathCx {
            subject: self.subject,
            pos,
            grabs: g,
            env: self.env,
        };
        let value = expr.eval(&mut cx)?;
        (value != 0).then_some(cx.pos)
    }

    /// Where each run of copies of `unit` (see [`fixed_unit`]) from `pos`
    /// ends, the empty run first: `ends[n]` is the end of `n` copies (at
    /// most `max`). Each copy matches one way and is not empty, so the
    /// general loop of [`Backtracker::repeat`] would reach the same ends,
    /// and try what follows from the longest run down, as the callers do.
    fn unit_run(&self, unit: &[Node], pos: usize, max: Option<u8>) -> RunEnds {
        let most = max.map_or(usize::MAX, usize::from);
        let no_grabs = Grabs::new();
        let mut ends = RunEnds::new();
        ends.push(pos);
        let mut p = pos;
        'copies: while ends.len() <= most {
            for n in unit {
                match self.step(n, p, &no_grabs) {
                    Step::Len(len) => p += len,
                    _ => break 'copies,
                }
            }
            ends.push(p);
        }
        ends
    }

    /// How many copies of `lit` follow one another from `pos` (at most
    /// `max`).
    fn literal_run(&self, lit: &[u8], pos: usize, max: Option<u8>) -> usize {
        let most = max.map_or(usize::MAX, usize::from);
        let mut count = 0;
        while count < most && has_literal(self.subject, pos + count * lit.len(), lit) {
            count += 1;
        }
        count
    }

    /// Matches `nodes` from `pos`, then calls `k` with the end position.
    ///
    /// When it returns `false` the grabs are as they were on entry: every
    /// node that sets a grab puts it back when what follows fails, and the
    /// continuations never change grabs and then fail. The callers rely on
    /// this instead of copying all 26 grabs at every choice point.
    fn seq(&self, nodes: &[Node], pos: usize, g: &mut Grabs, k: Cont<'_>) -> bool {
        let Some((first, rest)) = nodes.split_first() else {
            return k(pos, g);
        };
        match self.step(first, pos, g) {
            Step::Len(n) => return self.seq(rest, pos + n, g, k),
            Step::Fail => return false,
            Step::General => {}
        }
        let s = self.subject;
        match first {
            Node::Push(i) => {
                let n = field_len(s, pos);
                if n == 0 {
                    return false;
                }
                let saved = g.save(*i);
                g.set(*i, &s[pos..pos + n]);
                if self.seq(rest, pos, g, k) {
                    return true;
                }
                g.restore(*i, saved);
                false
            }
            Node::Literal(_)
            | Node::AnyByte
            | Node::AnyCall
            | Node::ByteSet(_)
            | Node::GrabClass { .. }
            | Node::GrabMatch(_) => unreachable!("one-step nodes are matched by `step` above"),
            Node::Not(inner) => {
                let mut probe = *g;
                let hit = self.seq(
                    std::slice::from_ref(&**inner),
                    pos,
                    &mut probe,
                    &mut |_, _| true,
                );
                !hit && self.seq(rest, pos, g, k)
            }
            Node::Group(alt) => self.group(alt, alt.rest.len() + 1, pos, g, &mut |e, g| {
                self.seq(rest, e, g, k)
            }),
            Node::Math { expr, assigns } => {
                let saved = assigns.then_some(*g);
                if let Some(end) = self.math_end(expr, pos, g)
                    && self.seq(rest, end, g, k)
                {
                    return true;
                }
                if let Some(saved) = saved {
                    *g = saved;
                }
                false
            }
            Node::Repeat { node, min, max } => {
                if let Node::Literal(lit) = &**node
                    && !lit.is_empty()
                {
                    // A repeated literal: count the copies, then try the
                    // longest run first, as the general loop would.
                    let count = self.literal_run(lit, pos, *max);
                    return (usize::from(*min)..=count)
                        .rev()
                        .any(|n| self.seq(rest, pos + n * lit.len(), g, k));
                }
                if let Some(unit) = fixed_unit(node) {
                    let ends = self.unit_run(unit, pos, *max);
                    return (usize::from(*min)..ends.len())
                        .rev()
                        .any(|n| self.seq(rest, ends[n], g, k));
                }
                self.repeat(node, *min, *max, 0, pos, rest, g, k)
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn repeat(
        &self,
        node: &Node,
        min: u8,
        max: Option<u8>,
        count: u8,
        pos: usize,
        rest: &[Node],
        g: &mut Grabs,
        k: Cont<'_>,
    ) -> bool {
        let steps = self.steps.get() + 1;
        self.steps.set(steps);
        if steps > REPEAT_BUDGET {
            return false;
        }
        if max.is_none_or(|m| count < m) {
            let more = self.seq(std::slice::from_ref(node), pos, g, &mut |p, g| {
                (p != pos || count < min)
                    && self.repeat(node, min, max, count.saturating_add(1), p, rest, g, k)
            });
            if more {
                return true;
            }
        }
        count >= min && self.seq(rest, pos, g, k)
    }

    /// An alternative inside a group: left-associative members, `&` on the
    /// same span.
    fn group(&self, alt: &Alt, n: usize, pos: usize, g: &mut Grabs, k: Cont<'_>) -> bool {
        let (op, last) = member(alt, n - 1);
        if n == 1 {
            return self.group_branch(last, pos, g, k);
        }
        match op {
            AltOp::Or => self.group(alt, n - 1, pos, g, k) || self.group_branch(last, pos, g, k),
            AltOp::And => self.group(alt, n - 1, pos, g, &mut |e, g| {
                self.group_branch(last, pos, g, &mut |e2, g| e2 == e && k(e2, g))
            }),
            AltOp::Then => self.group(alt, n - 1, pos, g, &mut |_, g| {
                self.group_branch(last, pos, g, k)
            }),
        }
    }

    fn group_branch(&self, b: &Branch, pos: usize, g: &mut Grabs, k: Cont<'_>) -> bool {
        let (lo, hi) = self.starts(b.goto, pos);
        (lo..=hi.min(self.subject.len())).any(|start| self.seq(&b.nodes, start, g, k))
    }

    /// The length matched by a class with grab items at `pos`, if it matches.
    fn grab_class_len(
        &self,
        op: ClassOp,
        items: &[ClassItem],
        pos: usize,
        g: &Grabs,
    ) -> Option<usize> {
        let s = self.subject;
        let mut set = ByteSet::default();
        let mut numbers: smallvec::SmallVec<[i64; 4]> = smallvec::SmallVec::new();
        for item in items {
            match *item {
                ClassItem::Char(c) => apply_class_op(op, c as u8, &mut set),
                ClassItem::Range(lo, hi) => {
                    for c in lo as u8..=hi as u8 {
                        apply_class_op(op, c, &mut set);
                    }
                }
                ClassItem::Grab(gi) => {
                    let grab = crate::compile::grabs::grab_index(gi);
                    let text = g.get(grab)?;
                    if text.len() > 1 && text.iter().all(u8::is_ascii_digit) {
                        numbers.push(i64::from(g.value(grab)?));
                    } else {
                        apply_class_op(op, text[0], &mut set);
                    }
                }
            }
        }
        if !numbers.is_empty() {
            let flen = field_len(s, pos);
            if flen > 1 || s.get(pos).is_some_and(u8::is_ascii_digit) {
                let v: i64 = std::str::from_utf8(&s[pos..pos + flen])
                    .ok()?
                    .parse()
                    .ok()?;
                let hit = numbers.iter().any(|&n| match op {
                    ClassOp::Any => v == n,
                    ClassOp::None => v != n,
                    ClassOp::Below => v < n,
                    ClassOp::Above => v > n,
                    ClassOp::Up(k) => v == n + k as i64,
                    ClassOp::Down(k) => v == n - k as i64,
                });
                if hit {
                    return Some(flen);
                }
            }
        }
        let set = if op == ClassOp::None {
            set.complement()
        } else {
            set
        };
        (pos < s.len() && set.contains(s[pos])).then_some(1)
    }
}

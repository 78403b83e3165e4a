//! Call-count analysis of sequence patterns, for the checker's "level cannot
//! match" warning.
//!
//! A rule's `level` is the number of calls of the auction from the opening
//! bid on (leading passes not counted), the rule's own call included. This
//! module computes which levels a seq pattern can match: it builds a small
//! NFA of the pattern over the characters an auction string is made of
//! (`1`–`7`, `C D H S N`, `P X R`, `:`), runs it in product with an automaton
//! that reads well-formed auction strings and counts their calls, and
//! collects the counts at which the pattern can accept.
//!
//! The analysis over-approximates what it cannot model exactly (a grab match
//! or a class with an operator matches any one character; `!`, pushes and
//! MATH that reads no field consume nothing, and MATH may fail only where
//! the pattern does), so a level it reports impossible really is. Patterns
//! it does not model — MATH reading fields (`.`), `&`, GOTOs, `START`/`$n`,
//! redirections — are not checked ([`seq_levels`] returns `None`).

use crate::ast::{
    Alt, AltOp, ClassItem, ClassOp, Expr, ExprKind, Goal, PrimaryKind, Regexp, Repeat, Rule, Term,
};

/// Levels at or above this are reported as "this many or more".
pub const LEVEL_CAP: u8 = 40;

/// The set of levels (call counts) a sequence pattern can match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LevelSet {
    /// Bit `n` is set when level `n` is possible (`n < LEVEL_CAP`).
    bits: u64,
    /// Whether levels of `LEVEL_CAP` or more are possible.
    unbounded: bool,
}

impl LevelSet {
    /// Whether the pattern can match an auction of `level` calls.
    pub fn contains(&self, level: u8) -> bool {
        if level >= LEVEL_CAP {
            self.unbounded
        } else {
            self.bits & (1 << level) != 0
        }
    }

    /// Whether the pattern can match no auction at all.
    pub fn is_empty(&self) -> bool {
        self.bits == 0 && !self.unbounded
    }

    /// The smallest possible level.
    pub fn min(&self) -> Option<u8> {
        if self.bits != 0 {
            Some(self.bits.trailing_zeros() as u8)
        } else if self.unbounded {
            Some(LEVEL_CAP)
        } else {
            None
        }
    }

    /// The largest possible level (`None` when unbounded or empty).
    pub fn max(&self) -> Option<u8> {
        if self.unbounded || self.bits == 0 {
            None
        } else {
            Some(63 - self.bits.leading_zeros() as u8)
        }
    }

    /// A short description: `3 calls`, `2 to 4 calls`, `3 or more calls`,
    /// `no auction`.
    pub fn describe(&self) -> String {
        match (self.min(), self.max()) {
            (None, _) => "no auction".to_string(),
            (Some(lo), None) => format!("{lo} or more calls"),
            (Some(lo), Some(hi)) if lo == hi => {
                format!("{lo} call{}", if lo == 1 { "" } else { "s" })
            }
            (Some(lo), Some(hi)) => format!("{lo} to {hi} calls"),
        }
    }
}

/// A rule whose level its seq pattern cannot match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LevelMismatch {
    /// The level written.
    pub level: u8,
    /// The levels the pattern can match.
    pub possible: LevelSet,
}

/// Checks a rule's level against its seq pattern. Level 0, `START` rules,
/// redirections (`@LABEL`) and rules written for a label (whose pattern
/// matches no auction by itself, such as `NT:P:2C`) are exempt, as are
/// patterns the analysis does not model.
pub fn check_level(rule: &Rule) -> Option<LevelMismatch> {
    let level = rule.level.node;
    if level == 0 {
        return None;
    }
    let possible = seq_levels(&rule.seq)?;
    (!possible.is_empty() && !possible.contains(level)).then_some(LevelMismatch { level, possible })
}

/// The levels a seq goal can match, or `None` when the goal is exempt or
/// uses constructs the analysis does not model.
pub fn seq_levels(goal: &Goal) -> Option<LevelSet> {
    if goal.at.is_some() {
        return None;
    }
    let alt = goal.pattern.as_ref()?;
    // Room for two states and one epsilon edge per character written (the
    // default rulebook's patterns need about half that), so that building
    // the NFA seldom reallocates.
    let chars = goal.span.range().len();
    let mut nfa = Nfa {
        states: Vec::with_capacity(2 * chars),
        eps: Vec::with_capacity(chars),
    };
    let (start, end) = nfa.alt(alt)?;
    Some(nfa.levels(start, end))
}

// The auction alphabet: `1`-`7` (0-6), `C D H S N` (7-11), `P X R` (12-14),
// `:` (15).
const ANY: u16 = 0xFFFF;
const DIGITS: u16 = 0x007F;
const STRAINS: u16 = 0x0F80;
const SYM_P: u16 = 1 << 12;
const SYM_XR: u16 = (1 << 13) | (1 << 14);
const COLON: u16 = 1 << 15;

fn symbol(c: char) -> u16 {
    match c {
        '1'..='7' => 1 << (c as u32 - '1' as u32),
        'C' => 1 << 7,
        'D' => 1 << 8,
        'H' => 1 << 9,
        'S' => 1 << 10,
        'N' => 1 << 11,
        'P' => SYM_P,
        'X' => 1 << 13,
        'R' => 1 << 14,
        ':' => COLON,
        _ => 0,
    }
}

fn range(a: char, b: char) -> u16 {
    let (lo, hi) = (a.min(b) as u32, a.max(b) as u32);
    (lo..=hi)
        .filter_map(char::from_u32)
        .fold(0, |set, c| set | symbol(c))
}

/// A state of the NFA.
#[derive(Default)]
struct State {
    /// The edge on a set of symbols, if any: (symbols, target).
    edge: Option<(u16, usize)>,
    /// The last epsilon edge added from this state (an index into
    /// [`Nfa::eps`]).
    eps: Option<usize>,
}

/// A Thompson NFA over the auction alphabet.
struct Nfa {
    states: Vec<State>,
    /// The epsilon edges, each with its target and the edge added before it
    /// from the same state: a list per state, with no allocation per state.
    eps: Vec<(usize, Option<usize>)>,
}

/// Bounds the size of the NFA (patterns larger than this are not checked).
const MAX_STATES: usize = 4096;

impl Nfa {
    fn add(&mut self) -> Option<usize> {
        if self.states.len() >= MAX_STATES {
            return None;
        }
        self.states.push(State::default());
        Some(self.states.len() - 1)
    }

    fn eps(&mut self, from: usize, to: usize) {
        let previous = self.states[from].eps.replace(self.eps.len());
        self.eps.push((to, previous));
    }

    /// The targets of the epsilon edges from state `q`.
    fn eps_from(&self, q: usize) -> impl Iterator<Item = usize> + '_ {
        std::iter::successors(self.states[q].eps, |&i| self.eps[i].1).map(|i| self.eps[i].0)
    }

    fn set(&mut self, set: u16) -> Option<(usize, usize)> {
        let s = self.add()?;
        let e = self.add()?;
        self.states[s].edge = Some((set, e));
        Some((s, e))
    }

    fn alt(&mut self, alt: &Alt) -> Option<(usize, usize)> {
        match alt {
            Alt::Single {
                goto: None, expr, ..
            } => self.regexp(expr),
            Alt::Binary {
                lhs,
                op: AltOp::Or,
                goto: None,
                rhs,
                ..
            } => {
                let (ls, le) = self.alt(lhs)?;
                let (rs, re) = self.regexp(rhs)?;
                let s = self.add()?;
                let e = self.add()?;
                self.eps(s, ls);
                self.eps(s, rs);
                self.eps(le, e);
                self.eps(re, e);
                Some((s, e))
            }
            _ => None,
        }
    }

    fn regexp(&mut self, r: &Regexp) -> Option<(usize, usize)> {
        if r.start.is_some() || r.end.is_some() {
            return None;
        }
        let s = self.add()?;
        let mut cur = s;
        for t in &r.terms {
            let (ts, te) = self.term(t)?;
            self.eps(cur, ts);
            cur = te;
        }
        Some((s, cur))
    }

    fn term(&mut self, t: &Term) -> Option<(usize, usize)> {
        let (ps, pe) = self.primary(&t.primary.kind)?;
        let Some(rep) = &t.repeat else {
            return Some((ps, pe));
        };
        let s = self.add()?;
        let e = self.add()?;
        self.eps(s, ps);
        self.eps(pe, e);
        match rep.node {
            Repeat::Star => {
                self.eps(s, e);
                self.eps(pe, ps);
            }
            Repeat::Plus => self.eps(pe, ps),
            Repeat::Question => self.eps(s, e),
        }
        Some((s, e))
    }

    fn primary(&mut self, p: &PrimaryKind) -> Option<(usize, usize)> {
        match p {
            PrimaryKind::Dot | PrimaryKind::Grab(_) => self.set(ANY),
            PrimaryKind::Math(e) if reads_field(e) => None,
            PrimaryKind::Math(_) => {
                let s = self.add()?;
                Some((s, s))
            }
            PrimaryKind::AnyCall => {
                let s = self.add()?;
                let e = self.add()?;
                let mid = self.add()?;
                let single = self.add()?;
                let after_digit = self.add()?;
                self.eps(s, mid);
                self.eps(s, single);
                self.states[mid].edge = Some((DIGITS, after_digit));
                self.states[after_digit].edge = Some((STRAINS, e));
                self.states[single].edge = Some((SYM_P | SYM_XR, e));
                Some((s, e))
            }
            PrimaryKind::Str(s) => {
                let start = self.add()?;
                let mut cur = start;
                for c in s.chars() {
                    let next = self.add()?;
                    self.states[cur].edge = Some((symbol(c), next));
                    cur = next;
                }
                Some((start, cur))
            }
            PrimaryKind::Char(c) => self.set(symbol(*c)),
            PrimaryKind::Not(_) | PrimaryKind::Push(_) => {
                let s = self.add()?;
                Some((s, s))
            }
            PrimaryKind::Group(a) => self.alt(a),
            PrimaryKind::Class(class) => {
                let mut listed = 0u16;
                let mut grabs = false;
                for item in &class.items {
                    match item.node {
                        ClassItem::Char(c) => listed |= symbol(c),
                        ClassItem::Range(a, b) => listed |= range(a, b),
                        ClassItem::Grab(_) => grabs = true,
                    }
                }
                let set = match class.op {
                    ClassOp::Any if !grabs => listed,
                    ClassOp::None if !grabs => !listed,
                    _ => ANY,
                };
                self.set(set)
            }
        }
    }

    /// Runs the NFA in product with the auction automaton and collects the
    /// levels at which it accepts.
    fn levels(&self, start: usize, accept: usize) -> LevelSet {
        // Auction position: 0 = at the start of a call, 1 = after a level
        // digit, 2 = after a whole call. `leading` = only passes so far.
        const CAP: usize = LEVEL_CAP as usize;
        let slot = |q: usize, pos: usize, leading: bool| (q * 3 + pos) * 2 + usize::from(leading);
        // For each (state, position, leading), bit `count` is set once the
        // search has been there with `count` calls (`count <= CAP < 64`).
        let mut seen = vec![0u64; self.states.len() * 3 * 2];
        let mut stack = vec![(start, 0usize, true, 0usize)];
        seen[slot(start, 0, true)] = 1;
        let mut result = LevelSet {
            bits: 0,
            unbounded: false,
        };
        let mut push = |stack: &mut Vec<_>, q: usize, pos: usize, leading: bool, count: usize| {
            let count = count.min(CAP);
            let (i, bit) = (slot(q, pos, leading), 1 << count);
            if seen[i] & bit == 0 {
                seen[i] |= bit;
                stack.push((q, pos, leading, count));
            }
        };
        while let Some((q, pos, leading, count)) = stack.pop() {
            if q == accept && pos == 2 {
                let level = if leading { 1 } else { count };
                if level >= CAP {
                    result.unbounded = true;
                } else {
                    result.bits |= 1 << level;
                }
            }
            for to in self.eps_from(q) {
                push(&mut stack, to, pos, leading, count);
            }
            let Some((set, to)) = self.states[q].edge else {
                continue;
            };
            match pos {
                0 => {
                    if set & DIGITS != 0 {
                        push(&mut stack, to, 1, leading, count);
                    }
                    if set & SYM_P != 0 {
                        let c = if leading { count } else { count + 1 };
                        push(&mut stack, to, 2, leading, c);
                    }
                    if set & SYM_XR != 0 {
                        push(&mut stack, to, 2, false, count + 1);
                    }
                }
                1 => {
                    if set & STRAINS != 0 {
                        push(&mut stack, to, 2, false, count + 1);
                    }
                }
                _ => {
                    if set & COLON != 0 {
                        push(&mut stack, to, 0, leading, count);
                    }
                }
            }
        }
        result
    }
}

/// Whether a MATH expression pulls a field off the string (`.`): only then
/// does it consume characters.
fn reads_field(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Field => true,
        ExprKind::Num(_) | ExprKind::Char(_) | ExprKind::Grab(_) => false,
        ExprKind::Call { args, .. } => args.iter().any(reads_field),
        ExprKind::Neg(x) | ExprKind::Not(x) => reads_field(x),
        ExprKind::Binary { lhs, rhs, .. } => reads_field(lhs) || reads_field(rhs),
        ExprKind::Between { value, low, high } => {
            reads_field(value) || reads_field(low) || reads_field(high)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_goal;

    fn levels(p: &str) -> String {
        match seq_levels(&parse_goal(p).unwrap()) {
            Some(l) => l.describe(),
            None => "exempt".to_string(),
        }
    }

    #[test]
    fn counts_calls_without_leading_passes() {
        assert_eq!(levels("1C"), "1 call");
        assert_eq!(levels("1C:P:1H"), "3 calls");
        assert_eq!(levels("P:1C:P:1H"), "3 calls");
        assert_eq!(levels("(P:)*1C:P:1H"), "3 calls");
        assert_eq!(levels("P"), "1 call");
        assert_eq!(levels(",:,:,"), "1 to 3 calls");
        assert_eq!(levels("1N:P:(,:)*,"), "3 or more calls");
        assert_eq!(levels("1C:P:1H|1C:P:1H:P:1S"), "3 to 5 calls");
        assert_eq!(levels("1[CD]:P:[1-2][^C]"), "3 calls");
        assert_eq!(levels("1Z"), "no auction");
        assert_eq!(levels("START1N:X$"), "exempt");
        assert_eq!(levels("1N@NT"), "exempt");
        assert_eq!(levels("1C&,"), "exempt");
        // MATH that reads no field consumes nothing; MATH that does is not modelled.
        assert_eq!(levels("1a[CD]:P:1b[HS]~b>a~"), "3 calls");
        assert_eq!(levels("1C:P:~.==1~H"), "exempt");
    }

    #[test]
    fn reports_mismatched_levels() {
        let rule = crate::parse_rule("2 1C:P:1H 10 . .").unwrap();
        let m = check_level(&rule).unwrap();
        assert_eq!(m.possible.describe(), "3 calls");
        assert!(check_level(&crate::parse_rule("3 1C:P:1H 10 . .").unwrap()).is_none());
        assert!(check_level(&crate::parse_rule("0 1C:P:1H 10 . .").unwrap()).is_none());
        // Written for the label NT: no auction matches it by itself.
        assert!(check_level(&crate::parse_rule("2 NT:P:2C 10 . .").unwrap()).is_none());
    }
}

//! The compiled form of a pattern: the AST with every constant resolved, the
//! shape the backtracking matcher walks and the regular-pattern translator
//! reads.
//!
//! A [`Pattern`] is a tree of [`Alt`] / [`Branch`] / [`Node`] that mirrors the
//! grammar, but with literals as bytes, character classes with constant items
//! turned into byte sets, grabs as indices `0..26`, and MATH compiled into
//! [`crate::compile::math::MathExpr`].

use crate::compile::error::CompileError;
use crate::compile::grabs::grab_index;
use crate::compile::math::MathExpr;
use grammar::ast;

/// A compiled goal pattern (the part of a sequence or constraint before any
/// `@LABEL` redirection).
#[derive(Debug, Clone, PartialEq)]
pub struct Pattern {
    /// The alternatives, combined left to right.
    pub alt: Alt,
}

/// Regular expressions joined by `|`, `&` and GOTOs.
#[derive(Debug, Clone, PartialEq)]
pub struct Alt {
    /// The first member.
    pub first: Branch,
    /// The following members with the connective before each.
    pub rest: Vec<(ast::AltOp, Branch)>,
    /// Whether some node reads or sets a grab: a pattern that does not
    /// can be matched with no grabs at all.
    pub uses_grabs: bool,
    /// Whether some branch sets a grab ([`Branch::writes`]).
    pub writes: bool,
}

/// One member of an [`Alt`]: a sequence of nodes with its anchors.
#[derive(Debug, Clone, PartialEq)]
pub struct Branch {
    /// Where the branch starts matching.
    pub goto: Option<ast::Goto>,
    /// `START`: the branch may start at any call boundary at or after its
    /// start position.
    pub floating: bool,
    /// The nodes, in order.
    pub nodes: Vec<Node>,
    /// `$n`: the branch must end `n` calls before the end of the subject.
    pub end: Option<u8>,
    /// Some node of the branch, nested ones included, sets a grab (a push,
    /// or MATH with `=`): only then must a failed match put grabs back.
    pub writes: bool,
    /// The fewest and most bytes the nodes can match (`None`: no bound), so
    /// that a floating branch with a fixed end (`START…$n`) is tried only at
    /// the call boundaries that many bytes before its end.
    pub span: Option<(usize, usize)>,
}

/// The fewest and most bytes `nodes` can match, or `None` when some node
/// has no upper bound (an unbounded repetition, MATH that reads fields).
/// A grab's value is a field of one or two bytes in a sequence string, but
/// MATH may store any number in it: a grab match is counted as up to four.
pub fn byte_span(nodes: &[Node]) -> Option<(usize, usize)> {
    nodes.iter().try_fold((0usize, 0usize), |(lo, hi), n| {
        let (a, b) = node_span(n)?;
        Some((lo + a, hi + b))
    })
}

fn node_span(node: &Node) -> Option<(usize, usize)> {
    Some(match node {
        Node::Literal(bytes) => (bytes.len(), bytes.len()),
        Node::AnyByte | Node::ByteSet(_) => (1, 1),
        Node::AnyCall => (1, 2),
        Node::GrabClass { .. } => (1, 4),
        Node::GrabMatch(_) => (0, 4),
        Node::Push(_) | Node::Not(_) => (0, 0),
        Node::Math { expr, .. } => {
            if expr.reads_fields() {
                return None;
            }
            (0, 0)
        }
        Node::Group(alt) => {
            let mut spans = alt.branches().map(|b| byte_span(&b.nodes));
            let first = spans.next()??;
            spans.try_fold(first, |(lo, hi), s| {
                let (a, b) = s?;
                Some((lo.min(a), hi.max(b)))
            })?
        }
        Node::Repeat { node, min, max } => {
            let (a, b) = node_span(node)?;
            (a * usize::from(*min), b * usize::from((*max)?))
        }
    })
}

/// Whether the nodes hold a repetition that can take exponential time to
/// match: an unbounded one (`*`, `+`) around something that can match the
/// empty string or holds another unbounded repetition (`(.*)*`,
/// `(.|..)*` inside `(…)*`). `bidbook check` warns about these.
pub fn nested_unbounded(nodes: &[Node]) -> bool {
    nodes.iter().any(|n| match n {
        Node::Repeat {
            node, max: None, ..
        } => node_span(node).is_none_or(|(min, _)| min == 0) || has_unbounded(node),
        Node::Repeat { node, .. } | Node::Not(node) => nested_unbounded(std::slice::from_ref(node)),
        Node::Group(alt) => alt.branches().any(|b| nested_unbounded(&b.nodes)),
        _ => false,
    })
}

/// Whether `node` holds an unbounded repetition (or several ways of
/// different lengths under one: `(.|..)`), so that repeating it has many
/// ways to cover the same text.
fn has_unbounded(node: &Node) -> bool {
    match node {
        Node::Repeat { max: None, .. } => true,
        Node::Repeat { node, .. } | Node::Not(node) => has_unbounded(node),
        Node::Group(alt) => {
            let spans: Vec<_> = alt.branches().map(|b| byte_span(&b.nodes)).collect();
            alt.branches().any(|b| b.nodes.iter().any(has_unbounded))
                || (spans.len() > 1 && spans.windows(2).any(|w| w[0] != w[1]))
        }
        _ => false,
    }
}

/// One element of a branch.
#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    /// Match these bytes exactly.
    Literal(Box<[u8]>),
    /// `.`: any single byte.
    AnyByte,
    /// `,`: any call token (`1C`..`7N`, `P`, `X`, `R`).
    AnyCall,
    /// A class whose items are all constants: one byte from the set.
    ByteSet(Box<ByteSet>),
    /// A class with grab items, resolved when matched.
    GrabClass {
        /// The operator.
        op: ast::ClassOp,
        /// The items.
        items: Box<[ast::ClassItem]>,
    },
    /// Grab the next field into the grab without advancing.
    Push(u8),
    /// Match the field grabbed into the grab.
    GrabMatch(u8),
    /// Zero-width: the node does not match here.
    Not(Box<Node>),
    /// A parenthesised alternative.
    Group(Box<Alt>),
    /// `~expr~`: the expression is non-zero (it may consume fields with `.`).
    Math {
        /// The expression.
        expr: Box<MathExpr>,
        /// Whether it assigns a grab (`a=…`): only then must a failed
        /// match put the grabs back.
        assigns: bool,
    },
    /// A node repeated between `min` and `max` times (`None` = unbounded).
    Repeat {
        /// The repeated node.
        node: Box<Node>,
        /// Fewest repetitions.
        min: u8,
        /// Most repetitions.
        max: Option<u8>,
    },
}

/// A set of bytes (256 bits).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ByteSet([u64; 4]);

impl ByteSet {
    /// Adds `b`.
    pub fn insert(&mut self, b: u8) {
        self.0[(b >> 6) as usize] |= 1 << (b & 63);
    }

    /// Whether `b` is in the set.
    #[inline]
    pub fn contains(&self, b: u8) -> bool {
        self.0[(b >> 6) as usize] & (1 << (b & 63)) != 0
    }

    /// The complement of the set.
    pub fn complement(&self) -> ByteSet {
        ByteSet([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }

    /// Iterates over the members in increasing order (a word at a time:
    /// a class of a few bytes costs a few steps, not 256).
    pub fn iter(&self) -> impl Iterator<Item = u8> + '_ {
        self.0.iter().enumerate().flat_map(|(word, &bits)| {
            let mut bits = bits;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let bit = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    (word * 64 + bit) as u8
                })
            })
        })
    }
}

/// The ordering family a character belongs to, for the class operators
/// `< > + -`: strains (C D H S N) in bidding order, digits in numeric order.
fn family(c: u8) -> Option<&'static [u8]> {
    const STRAINS: &[u8] = b"CDHSN";
    const DIGITS: &[u8] = b"0123456789";
    if STRAINS.contains(&c) {
        Some(STRAINS)
    } else if c.is_ascii_digit() {
        Some(DIGITS)
    } else {
        None
    }
}

/// Applies a class operator to one constant character, adding the characters
/// it stands for to `set`.
pub fn apply_class_op(op: ast::ClassOp, c: u8, set: &mut ByteSet) {
    match op {
        ast::ClassOp::Any | ast::ClassOp::None => set.insert(c),
        ast::ClassOp::Below | ast::ClassOp::Above => {
            if let Some(fam) = family(c) {
                let i = fam.iter().position(|&x| x == c).unwrap_or(0);
                let range = if op == ast::ClassOp::Below {
                    &fam[..i]
                } else {
                    &fam[i + 1..]
                };
                range.iter().for_each(|&x| set.insert(x));
            }
        }
        ast::ClassOp::Up(n) | ast::ClassOp::Down(n) => {
            if let Some(fam) = family(c) {
                let i = fam.iter().position(|&x| x == c).unwrap_or(0) as isize;
                let j = if matches!(op, ast::ClassOp::Up(_)) {
                    i + n as isize
                } else {
                    i - n as isize
                };
                if let Some(&x) = usize::try_from(j).ok().and_then(|j| fam.get(j)) {
                    set.insert(x);
                }
            }
        }
    }
}

/// Compiles a parsed pattern into its IR.
pub fn compile_alt(alt: &ast::Alt, top: bool) -> Result<Alt, CompileError> {
    let mut members = Vec::new();
    flatten(alt, &mut members);
    let mut iter = members.into_iter();
    let (_, goto, first) = iter.next().expect("an alternative has a member");
    let first = compile_branch(first, goto, top)?;
    let mut rest = Vec::new();
    for (op, goto, expr) in iter {
        rest.push((op, compile_branch(expr, goto, top)?));
    }
    let branches = || std::iter::once(&first).chain(rest.iter().map(|(_, b)| b));
    let uses_grabs = branches().any(|b| b.nodes.iter().any(Node::uses_grabs));
    let writes = branches().any(|b| b.writes);
    Ok(Alt {
        first,
        rest,
        uses_grabs,
        writes,
    })
}

type Member<'a> = (ast::AltOp, Option<ast::Goto>, &'a ast::Regexp);

fn flatten<'a>(alt: &'a ast::Alt, out: &mut Vec<Member<'a>>) {
    match alt {
        ast::Alt::Single { goto, expr, .. } => {
            out.push((ast::AltOp::Then, goto.as_ref().map(|g| g.node), expr))
        }
        ast::Alt::Binary {
            lhs, op, goto, rhs, ..
        } => {
            flatten(lhs, out);
            out.push((*op, goto.as_ref().map(|g| g.node), rhs));
        }
    }
}

fn compile_branch(
    re: &ast::Regexp,
    goto: Option<ast::Goto>,
    top: bool,
) -> Result<Branch, CompileError> {
    if !top {
        if let Some(span) = re.start {
            return Err(CompileError::new(
                "`START` is only allowed at the beginning of a top-level alternative",
                span,
            ));
        }
        if let Some(end) = &re.end {
            return Err(CompileError::new(
                "`$` is only allowed at the end of a top-level alternative",
                end.span,
            ));
        }
    }
    let mut nodes = Vec::with_capacity(re.terms.len());
    for term in &re.terms {
        let node = inline_literal_group(compile_primary(&term.primary)?);
        let node = match term.repeat.as_ref().map(|r| r.node) {
            None => match node {
                // `x(yz)w` is `xyzw`: the same positions in the same order.
                Node::Group(alt) if is_plain_branch(&alt) => {
                    for n in alt.first.nodes {
                        push_node(&mut nodes, n);
                    }
                    continue;
                }
                node => node,
            },
            Some(rep) => {
                let (min, max) = match rep {
                    ast::Repeat::Star => (0, None),
                    ast::Repeat::Plus => (1, None),
                    ast::Repeat::Question => (0, Some(1)),
                };
                Node::Repeat {
                    node: Box::new(node),
                    min,
                    max,
                }
            }
        };
        push_node(&mut nodes, node);
    }
    let writes = nodes.iter().any(Node::writes);
    Ok(Branch {
        goto,
        floating: re.start.is_some(),
        span: byte_span(&nodes),
        nodes,
        end: re.end.as_ref().map(|e| e.node),
        writes,
    })
}

/// Appends a node, merging adjacent literals.
/// Appends a node, merging adjacent literals, and adjacent repetitions of
/// one literal (`(P:)?(P:)?(P:)?` becomes `P:` repeated 0 to 3 times: the
/// same positions, tried in the same order, with no grab inside to differ).
fn push_node(nodes: &mut Vec<Node>, node: Node) {
    if let (Some(Node::Literal(prev)), Node::Literal(next)) = (nodes.last_mut(), &node) {
        let mut joined = prev.to_vec();
        joined.extend_from_slice(next);
        *prev = joined.into_boxed_slice();
        return;
    }
    if let (
        Some(Node::Repeat {
            node: prev,
            min: pmin,
            max: Some(pmax),
        }),
        Node::Repeat {
            node: next,
            min,
            max: Some(max),
        },
    ) = (nodes.last_mut(), &node)
        && matches!(**prev, Node::Literal(_))
        && prev == next
        && let (Some(lo), Some(hi)) = (pmin.checked_add(*min), pmax.checked_add(*max))
    {
        *pmin = lo;
        *pmax = hi;
        return;
    }
    nodes.push(node);
}

/// Whether a group is one branch with no GOTO, `START` or `$`: the same as
/// its nodes written in place of it.
fn is_plain_branch(alt: &Alt) -> bool {
    alt.rest.is_empty()
        && alt.first.goto.is_none()
        && !alt.first.floating
        && alt.first.end.is_none()
}

/// A group of one plain literal branch, `(P:)`, is that literal.
fn inline_literal_group(node: Node) -> Node {
    if let Node::Group(alt) = &node
        && is_plain_branch(alt)
        && let [Node::Literal(lit)] = alt.first.nodes.as_slice()
    {
        return Node::Literal(lit.clone());
    }
    node
}

fn compile_primary(p: &ast::Primary) -> Result<Node, CompileError> {
    Ok(match &p.kind {
        ast::PrimaryKind::Dot => Node::AnyByte,
        ast::PrimaryKind::AnyCall => Node::AnyCall,
        ast::PrimaryKind::Str(s) => Node::Literal(s.as_bytes().into()),
        ast::PrimaryKind::Char(c) => Node::Literal(c.to_string().into_bytes().into()),
        ast::PrimaryKind::Not(inner) => Node::Not(Box::new(compile_primary(inner)?)),
        ast::PrimaryKind::Push(c) => Node::Push(grab_index(*c)),
        ast::PrimaryKind::Grab(c) => Node::GrabMatch(grab_index(*c)),
        ast::PrimaryKind::Group(alt) => Node::Group(Box::new(compile_alt(alt, false)?)),
        ast::PrimaryKind::Math(expr) => {
            let expr = MathExpr::compile(expr)?;
            let mut assigns = false;
            expr.walk(&mut |e| {
                assigns |= matches!(e, MathExpr::Binary(ast::BinOp::Assign, ..));
            });
            Node::Math {
                expr: Box::new(expr),
                assigns,
            }
        }
        ast::PrimaryKind::Class(class) => compile_class(class)?,
    })
}

fn compile_class(class: &ast::Class) -> Result<Node, CompileError> {
    if class
        .items
        .iter()
        .any(|i| matches!(i.node, ast::ClassItem::Grab(_)))
    {
        return Ok(Node::GrabClass {
            op: class.op,
            items: class.items.iter().map(|i| i.node).collect(),
        });
    }
    let mut set = ByteSet::default();
    for item in &class.items {
        match item.node {
            ast::ClassItem::Char(c) => apply_class_op(class.op, c as u8, &mut set),
            ast::ClassItem::Range(lo, hi) => {
                if lo > hi {
                    return Err(CompileError::new(
                        format!("empty range `{lo}-{hi}`: the first character is after the second"),
                        item.span,
                    ));
                }
                for c in lo as u8..=hi as u8 {
                    apply_class_op(class.op, c, &mut set);
                }
            }
            ast::ClassItem::Grab(_) => unreachable!("grab classes handled above"),
        }
    }
    if class.op == ast::ClassOp::None {
        set = set.complement();
    }
    Ok(Node::ByteSet(Box::new(set)))
}

impl Alt {
    /// Every branch of the alternative, in order.
    pub fn branches(&self) -> impl Iterator<Item = &Branch> {
        std::iter::once(&self.first).chain(self.rest.iter().map(|(_, b)| b))
    }
}

impl Node {
    /// Whether matching the node may set a grab (a push, or MATH with `=`,
    /// here or nested).
    pub fn writes(&self) -> bool {
        match self {
            Node::Push(_) | Node::Math { assigns: true, .. } => true,
            Node::Repeat { node: n, .. } => n.writes(),
            // `!x` tries `x` on a copy of the grabs.
            Node::Not(_) => false,
            Node::Group(alt) => alt.writes,
            _ => false,
        }
    }

    /// Whether matching the node may read or set a grab, here or nested.
    pub fn uses_grabs(&self) -> bool {
        match self {
            Node::Push(_) | Node::GrabMatch(_) | Node::GrabClass { .. } => true,
            Node::Math { expr, .. } => expr.uses_grabs(),
            Node::Repeat { node: n, .. } | Node::Not(n) => n.uses_grabs(),
            Node::Group(alt) => alt.uses_grabs,
            Node::Literal(_) | Node::AnyByte | Node::AnyCall | Node::ByteSet(_) => false,
        }
    }

    /// Calls `f` on this node and every node nested in it.
    pub fn walk(&self, f: &mut dyn FnMut(&Node)) {
        f(self);
        match self {
            Node::Not(n) | Node::Repeat { node: n, .. } => n.walk(f),
            Node::Group(alt) => {
                for b in alt.branches() {
                    b.nodes.iter().for_each(|n| n.walk(f));
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ByteSet;

    /// The byte spans a floating branch's start window is computed from.
    #[test]
    fn byte_spans_of_sequence_branches() {
        let span = |text: &str| {
            let goal = grammar::parse_goal(text).expect("parses");
            let alt =
                super::compile_alt(&goal.pattern.expect("a pattern"), true).expect("compiles");
            alt.first.span
        };
        // `k.s[CDHS]:P:m.(#s)`: 1 + 1 + 3 + 1 + a grab of up to 4 bytes.
        assert_eq!(span("STARTk.s[CDHS]:P:m.(#s)~m==k+1~$"), Some((6, 10)));
        assert_eq!(span("START4N:P:5[CDHS]$"), Some((7, 7)));
        assert_eq!(span("START1N:(P:)?2C$"), Some((5, 7)));
        assert_eq!(span("START,:,$"), Some((3, 5)));
        // Unbounded: a star, or MATH that reads fields.
        assert_eq!(span("START(P:)*1N$"), None);
        assert_eq!(span("START1N~.>0~$"), None);
    }

    #[test]
    fn a_byte_sets_members_come_in_increasing_order() {
        let mut sets = vec![ByteSet::default(), ByteSet::default().complement()];
        let mut edges = ByteSet::default();
        for b in [0, 1, 62, 63, 64, 65, 127, 128, 191, 192, 254, 255] {
            edges.insert(b);
        }
        sets.push(edges);
        sets.push(edges.complement());
        // A few scattered sets from a fixed sequence.
        let mut x: u32 = 0x9E37_79B9;
        for _ in 0..20 {
            let mut set = ByteSet::default();
            for _ in 0..40 {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                set.insert(x as u8);
            }
            sets.push(set);
        }
        for set in sets {
            let want: Vec<u8> = (0..=255u8).filter(|&b| set.contains(b)).collect();
            assert_eq!(set.iter().collect::<Vec<u8>>(), want);
        }
    }
}

//! The tree of auctions a rulebook describes, with what every call means.
//!
//! The walk starts before the opening bid and follows, at every turn, the
//! calls some rule proposes — the same question `bidbook explain` answers
//! ([`Table::push`] records the rules behind a call and the union of their
//! specs). It is run in sixteen *variants*: the opening bid in each of the
//! four seats (the auction starts with that many passes, which is how seat
//! enters rule patterns, `#1` included) times the four vulnerability
//! conditions of the opening side and the other side (functions `#2` and
//! `#3`). The variants are merged into one tree keyed by the calls from the
//! opening bid on; every edge keeps its meaning in each variant, so the
//! renderers can tell calls whose meaning depends on seat or vulnerability.
//!
//! Which calls are followed (see `docs/export.md`):
//!
//! - Calls are counted from the opening bid (leading passes are the seat,
//!   not part of the depth); the walk stops at `depth` calls or when the
//!   auction has ended.
//! - Generic rules ([`Rule::floating`](engine::compile::rules::Rule::floating): every
//!   branch of the sequence pattern begins with `START`) never create an
//!   edge: they are listed once by the renderers. They still count in the
//!   meaning of a call another rule proposes, as in `bidbook explain`.
//! - The opening side follows every call a (non-generic) rule proposes;
//!   a pass at the root is not an opening.
//! - The other side always passes, and makes a call a rule proposes only
//!   while the auction stays within one of two views: *we open* (the other
//!   side makes at most one non-pass call: interference over our system) or
//!   *they open* (the other side's first call, directly over the opening,
//!   is not a pass, and after it the opening side makes at most one more
//!   non-pass call: our competitive system after their opening). Calls
//!   outside both views are not followed; the node records that (for the
//!   possible-outcome flags).

use bridge::auction::{Call, Vulnerability, call_index, call_token};
use contract_bridge::Seat;
use contract_bridge::contract::Penalty;
use engine::knowledge::Shown;
use engine::resolve::resolver::Table;
use engine::rulebook::Rulebook;
use std::collections::HashMap;

/// The number of variants a walk runs in: four seats × four vulnerability
/// conditions.
pub const VARIANTS: usize = 16;

/// The most nodes a walk creates; past it the tree is cut short
/// ([`Walk::truncated`]). The default rulebook at depth 6 needs a small
/// fraction of this.
pub const MAX_NODES: usize = 500_000;

/// Which side made a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The side that made the opening bid.
    Opener,
    /// The other side.
    Other,
}

/// One seat and vulnerability combination the walk is run in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Variant {
    /// The seat of the opening bid, 1 (dealer) to 4.
    pub seat: u8,
    /// Whether the opening side is vulnerable.
    pub opener_vul: bool,
    /// Whether the other side is vulnerable.
    pub other_vul: bool,
}

impl Variant {
    /// The index of the variant in `0..VARIANTS`.
    pub fn index(self) -> usize {
        (self.seat as usize - 1) * 4
            + usize::from(self.opener_vul) * 2
            + usize::from(self.other_vul)
    }

    /// The variant with index `i` (`0..VARIANTS`).
    pub fn from_index(i: usize) -> Variant {
        Variant {
            seat: (i / 4) as u8 + 1,
            opener_vul: i & 2 != 0,
            other_vul: i & 1 != 0,
        }
    }

    /// Every variant, in index order.
    pub fn all() -> impl Iterator<Item = Variant> {
        (0..VARIANTS).map(Variant::from_index)
    }

    /// The seat of the opening bid when North deals.
    pub fn opener(self) -> Seat {
        Seat::ALL[self.seat as usize - 1]
    }

    /// The board's vulnerability when North deals.
    pub fn vulnerability(self) -> Vulnerability {
        let opener_ns = matches!(self.opener(), Seat::North | Seat::South);
        let (ns, ew) = if opener_ns {
            (self.opener_vul, self.other_vul)
        } else {
            (self.other_vul, self.opener_vul)
        };
        match (ns, ew) {
            (false, false) => Vulnerability::None,
            (true, false) => Vulnerability::NS,
            (false, true) => Vulnerability::EW,
            (true, true) => Vulnerability::Both,
        }
    }
}

/// What a call means: the rules behind it, their explanation and the union
/// of their specs. Meanings are interned in [`Walk::meanings`]; two calls
/// with the same text, alert and specs share one.
#[derive(Debug, Clone, PartialEq)]
pub struct Meaning {
    /// The rules that propose the call (superseded defaults left out), in
    /// database order; empty when no rule does (an unexplained pass).
    pub rules: Vec<u32>,
    /// The explanation texts of the rules, joined with " / ".
    pub explanation: String,
    /// Whether the call is alerted.
    pub alert: bool,
    /// What the call shows.
    pub shows: Shown,
    /// Whether a non-generic rule proposes the call (else no rule does, or
    /// only generic ones: a pass the walk follows for the opponents).
    pub specific: bool,
}

/// The contract as it stands after a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Standing {
    /// The strain (0 clubs … 4 notrump).
    pub strain: u8,
    /// The side that would declare it.
    pub declarer: Side,
    /// Whether it is undoubled.
    pub undoubled: bool,
}

/// One auction of the tree: the calls from the opening bid to here.
#[derive(Debug, Clone)]
pub struct Node {
    /// The last call (`None` at the root, before the opening bid).
    pub call: Option<Call>,
    /// The parent node (the root is its own parent).
    pub parent: usize,
    /// The number of calls from the opening bid, this one included.
    pub depth: u8,
    /// The followed continuations, in call order (P, X, R, 1C … 7N).
    pub children: Vec<usize>,
    /// The meaning of the last call in each variant (an index into
    /// [`Walk::meanings`]); `None` where the walk did not reach the auction.
    pub meanings: [Option<u32>; VARIANTS],
    /// Whether the auction belongs to the *we open* view.
    pub we_open: bool,
    /// Whether the auction belongs to the *they open* view.
    pub they_open: bool,
    /// Whether the auction is over after this call.
    pub ended: bool,
    /// The contract as it stands (`None` before any bid is made).
    pub standing: Option<Standing>,
    /// The strains in which a bid is still legal (bit 0 clubs … bit 4
    /// notrump).
    pub biddable: u8,
    /// The variants (bit = [`Variant::index`]) in which some call proposed
    /// at this auction was not followed (outside both views or past
    /// [`MAX_NODES`]).
    pub pruned: u16,
}

impl Node {
    /// The side that made the last call (the opening side at odd depths).
    pub fn side(&self) -> Side {
        if !self.depth.is_multiple_of(2) {
            Side::Opener
        } else {
            Side::Other
        }
    }

    /// The side to call next.
    pub fn next_side(&self) -> Side {
        if self.depth.is_multiple_of(2) {
            Side::Opener
        } else {
            Side::Other
        }
    }

    /// Whether the walk reached this auction in variant `v`.
    pub fn present(&self, v: usize) -> bool {
        self.meanings[v].is_some()
    }
}

/// How far to walk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WalkOptions {
    /// The most calls from the opening bid (at least 1).
    pub depth: u8,
}

impl Default for WalkOptions {
    fn default() -> Self {
        WalkOptions { depth: 6 }
    }
}

/// The walked tree of auctions.
#[derive(Debug, Clone)]
pub struct Walk {
    /// The nodes; node 0 is the root (no call yet).
    pub nodes: Vec<Node>,
    /// The distinct meanings of calls.
    pub meanings: Vec<Meaning>,
    /// The generic (`START`) rules, in database order: never expanded into
    /// the tree.
    pub generic: Vec<u32>,
    /// Whether [`MAX_NODES`] cut the walk short.
    pub truncated: bool,
    /// The depth the walk was run to.
    pub depth: u8,
}

impl Walk {
    /// The calls from the opening bid to `node`.
    pub fn path(&self, node: usize) -> Vec<Call> {
        let mut calls = Vec::new();
        let mut n = node;
        while n != 0 {
            calls.extend(self.nodes[n].call);
            n = self.nodes[n].parent;
        }
        calls.reverse();
        calls
    }

    /// Whether the walk reached `node` in variant `v` (the root, before any
    /// call, is in every variant).
    pub fn reached(&self, node: usize, v: usize) -> bool {
        node == 0 || self.nodes[node].present(v)
    }

    /// The calls of `node` written as a rule sequence (`1N:P:2C`).
    pub fn sequence(&self, node: usize) -> String {
        self.path(node)
            .iter()
            .map(|&c| call_token(c))
            .collect::<Vec<_>>()
            .join(":")
    }

    /// The node reached from the root by `calls` (calls from the opening
    /// bid, e.g. `["1N", "P", "2C"]` parsed), if the walk followed them.
    pub fn find(&self, calls: &[Call]) -> Option<usize> {
        let mut n = 0;
        for &c in calls {
            n = *self.nodes[n]
                .children
                .iter()
                .find(|&&k| self.nodes[k].call == Some(c))?;
        }
        Some(n)
    }
}

/// The counts that decide whether an auction is in the *we open* or the
/// *they open* view.
#[derive(Debug, Clone, Copy, Default)]
struct Views {
    /// Non-pass calls by the other side.
    other_calls: u8,
    /// Whether the other side's first call was not a pass (`None` before it).
    other_entered: Option<bool>,
    /// Non-pass calls by the opening side after the other side's first call.
    opener_after: u8,
}

impl Views {
    fn after(self, side: Side, depth: u8, call: Call) -> Views {
        let mut v = self;
        let bid = call != Call::Pass;
        match side {
            Side::Other => {
                if v.other_entered.is_none() {
                    v.other_entered = Some(bid);
                }
                v.other_calls += u8::from(bid);
            }
            Side::Opener => {
                if depth > 0 && v.other_entered == Some(true) {
                    v.opener_after += u8::from(bid);
                }
            }
        }
        v
    }

    fn we_open(self) -> bool {
        self.other_calls <= 1
    }

    fn they_open(self) -> bool {
        self.other_entered != Some(false) && self.opener_after <= 1
    }
}

struct Walker<'a> {
    rulebook: &'a Rulebook,
    /// Meanings by the rules and specs behind a call (the common case: one
    /// lookup, no text rendered).
    by_rules: HashMap<(Vec<u32>, Shown), u32>,
    /// Meanings by their text, alert and specs.
    by_text: HashMap<(String, bool, Shown, bool), u32>,
    walk: Walk,
}

/// Walks the rulebook's auctions in every variant and merges them.
///
/// When no rule reads the vulnerability
/// ([`Rule::reads_vulnerability`](engine::compile::rules::Rule::reads_vulnerability))
/// the four vulnerability variants of a seat are one walk. The seats are
/// walked on two threads.
pub fn walk(rulebook: &Rulebook, options: WalkOptions) -> Walk {
    let book = &rulebook.book;
    let reads_vulnerability = book.rules().iter().any(|r| r.reads_vulnerability);
    let walked: Vec<Variant> = Variant::all()
        .filter(|v| reads_vulnerability || (!v.opener_vul && !v.other_vul))
        .collect();
    let (first, second) = walked.split_at(walked.len() / 2);
    let (mut w, other) = std::thread::scope(|s| {
        let other = s.spawn(|| Walker::new(rulebook, options).run(second));
        let w = Walker::new(rulebook, options).run(first);
        (w, other.join())
    });
    match other {
        Ok(other) => w.merge(&other.walk),
        // A panic in the other thread: walk its variants here.
        Err(_) => w = w.run(second),
    }
    if !reads_vulnerability {
        // Every vulnerability of a seat means what the walked one does.
        for node in &mut w.walk.nodes {
            let mut pruned = node.pruned;
            for v in Variant::all() {
                let base = Variant {
                    opener_vul: false,
                    other_vul: false,
                    ..v
                };
                node.meanings[v.index()] = node.meanings[base.index()];
                if node.pruned & (1 << base.index()) != 0 {
                    pruned |= 1 << v.index();
                }
            }
            node.pruned = pruned;
        }
    }
    w.walk
}

impl<'a> Walker<'a> {
    fn new(rulebook: &'a Rulebook, options: WalkOptions) -> Walker<'a> {
        let book = &rulebook.book;
        let generic = (0..book.rules().len() as u32)
            .filter(|&r| book.rules()[r as usize].floating)
            .collect();
        let root = Node {
            call: None,
            parent: 0,
            depth: 0,
            children: Vec::new(),
            meanings: [None; VARIANTS],
            we_open: true,
            they_open: true,
            ended: false,
            standing: None,
            biddable: 0b11111,
            pruned: 0,
        };
        Walker {
            rulebook,
            by_rules: HashMap::new(),
            by_text: HashMap::new(),
            walk: Walk {
                nodes: vec![root],
                meanings: Vec::new(),
                generic,
                truncated: false,
                depth: options.depth.max(1),
            },
        }
    }

    /// Walks the variants into this walker's tree.
    fn run(mut self, variants: &[Variant]) -> Self {
        let book = &self.rulebook.book;
        let mut scratch = book.scratch();
        for &variant in variants {
            let mut table = Table::new(book, Seat::North, variant.vulnerability());
            for _ in 1..variant.seat {
                // Leading passes are always legal.
                let _ = table.push(Call::Pass, &mut scratch);
            }
            self.visit(&table, 0, Views::default(), variant, &mut scratch);
        }
        self
    }

    fn visit(
        &mut self,
        table: &Table<'_>,
        node: usize,
        views: Views,
        variant: Variant,
        scratch: &mut engine::resolve::book::Scratch,
    ) {
        let depth = self.walk.nodes[node].depth;
        if depth >= self.walk.depth || table.bidding().has_ended() {
            return;
        }
        let side = self.walk.nodes[node].next_side();
        let bit = 1u16 << variant.index();

        // Whether a call other than pass may be followed here at all.
        let may_bid = match side {
            Side::Opener => views.we_open() || views.opener_after == 0,
            Side::Other => views.they_open() || views.other_calls == 0,
        };
        let book = &self.rulebook.book;
        let generic_only = |rules: &[u32]| rules.iter().all(|&r| book.rules()[r as usize].floating);
        // The calls to follow, with what they mean.
        let mut follow: Vec<(Call, Vec<u32>, Shown)> = Vec::new();
        // The walk's last call matters only where it is ours: the opponents'
        // last call has nothing of ours after it. Only their pass is
        // followed there (it may end the auction), without asking the rules
        // what else they might do (counted as pruned).
        let horizon = depth + 1 == self.walk.depth && {
            let n = &self.walk.nodes[node];
            match side {
                Side::Opener => !n.we_open,
                Side::Other => !n.they_open,
            }
        };
        if horizon {
            self.walk.nodes[node].pruned |= bit;
            let (rules, shows) = table.meaning(Call::Pass, scratch);
            follow.push((Call::Pass, rules.to_vec(), shows));
        } else if may_bid {
            for (call, rules, shows) in table.meanings(scratch) {
                let proposed = !generic_only(&rules);
                let keep = match (side, call) {
                    (_, Call::Pass) if depth == 0 => false,
                    (Side::Other, Call::Pass) => true,
                    _ => proposed,
                };
                if keep {
                    follow.push((call, rules.to_vec(), shows));
                }
            }
        } else {
            // Only a pass may follow: whatever else was proposed is not
            // followed (counted as pruned without asking).
            self.walk.nodes[node].pruned |= bit;
            let (rules, shows) = table.meaning(Call::Pass, scratch);
            if side == Side::Other || !generic_only(&rules) {
                follow.push((Call::Pass, rules.to_vec(), shows));
            }
        }
        for (call, rules, shows) in follow {
            let next = views.after(side, depth, call);
            let (we_open, they_open) = (next.we_open(), next.they_open());
            if !we_open && !they_open {
                self.walk.nodes[node].pruned |= bit;
                continue;
            }
            let mut child_table = table.clone();
            if child_table.push(call, scratch).is_err() {
                continue;
            }
            let meaning = self.intern(&rules, &shows);
            let proto = self.node_after(node, call, &child_table, we_open, they_open, variant);
            let Some(child) = self.add_child(node, proto) else {
                self.walk.nodes[node].pruned |= bit;
                self.walk.truncated = true;
                continue;
            };
            self.walk.nodes[child].meanings[variant.index()] = Some(meaning);
            self.visit(&child_table, child, next, variant, scratch);
        }
    }

    /// A new node for `call` after `node`, `table` holding the auction
    /// with the call made.
    fn node_after(
        &self,
        node: usize,
        call: Call,
        table: &Table<'_>,
        we_open: bool,
        they_open: bool,
        variant: Variant,
    ) -> Node {
        let bidding = table.bidding();
        let opener = variant.opener();
        let standing = bidding.contract().map(|(contract, declarer)| Standing {
            strain: contract.bid.strain as u8,
            declarer: if declarer == opener || declarer == opener.partner() {
                Side::Opener
            } else {
                Side::Other
            },
            undoubled: contract.penalty == Penalty::Undoubled,
        });
        let biddable = match bidding.last_bid() {
            None => 0b11111,
            Some(b) if b.level.get() < 7 => 0b11111,
            Some(b) => 0b11111 & !((2u8 << b.strain as u8) - 1),
        };
        Node {
            call: Some(call),
            parent: node,
            depth: self.walk.nodes[node].depth + 1,
            children: Vec::new(),
            meanings: [None; VARIANTS],
            we_open,
            they_open,
            ended: bidding.has_ended(),
            standing,
            biddable,
            pruned: 0,
        }
    }

    /// The child of `node` with `proto`'s call: the existing one, or `proto`
    /// added in call order (P, X, R, 1C … 7N); `None` past [`MAX_NODES`].
    fn add_child(&mut self, node: usize, proto: Node) -> Option<usize> {
        let call = proto.call?;
        let nodes = &mut self.walk.nodes;
        if let Some(&k) = nodes[node]
            .children
            .iter()
            .find(|&&k| nodes[k].call == Some(call))
        {
            return Some(k);
        }
        if nodes.len() >= MAX_NODES {
            return None;
        }
        let k = nodes.len();
        nodes.push(Node {
            parent: node,
            meanings: [None; VARIANTS],
            pruned: 0,
            children: Vec::new(),
            ..proto
        });
        let order = call_index(call);
        let pos = nodes[node]
            .children
            .iter()
            .position(|&c| nodes[c].call.is_some_and(|c| call_index(c) > order))
            .unwrap_or(nodes[node].children.len());
        nodes[node].children.insert(pos, k);
        Some(k)
    }

    /// Adds the variants of another walk of the same rulebook.
    fn merge(&mut self, other: &Walk) {
        self.walk.truncated |= other.truncated;
        let mut stack = vec![(0usize, 0usize)];
        while let Some((from, into)) = stack.pop() {
            let f = &other.nodes[from];
            for v in 0..VARIANTS {
                if let Some(m) = f.meanings[v] {
                    let m = &other.meanings[m as usize];
                    let id = self.intern(&m.rules, &m.shows);
                    self.walk.nodes[into].meanings[v] = Some(id);
                }
            }
            self.walk.nodes[into].pruned |= f.pruned;
            for &k in &f.children {
                let proto = other.nodes[k].clone();
                match self.add_child(into, proto) {
                    Some(c) => stack.push((k, c)),
                    None => self.walk.truncated = true,
                }
            }
        }
    }

    fn intern(&mut self, rules: &[u32], shows: &Shown) -> u32 {
        let rules_key = (rules.to_vec(), *shows);
        if let Some(&id) = self.by_rules.get(&rules_key) {
            return id;
        }
        let m = crate::meaning::meaning(self.rulebook, rules, shows);
        let book = &self.rulebook.book;
        let specific = rules.iter().any(|&r| !book.rules()[r as usize].floating);
        let key = (m.explanation, m.alert, *shows, specific);
        let id = match self.by_text.get(&key) {
            Some(&id) => id,
            None => {
                let id = self.walk.meanings.len() as u32;
                self.walk.meanings.push(Meaning {
                    rules: rules.to_vec(),
                    explanation: key.0.clone(),
                    alert: key.1,
                    shows: *shows,
                    specific,
                });
                self.by_text.insert(key, id);
                id
            }
        };
        self.by_rules.insert(rules_key, id);
        id
    }
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::Opener => Side::Other,
            Side::Other => Side::Opener,
        }
    }
}

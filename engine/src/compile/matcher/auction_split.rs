//! Auction parts: the leading nodes of a backtracking sequence pattern that
//! match the auction before the candidate call, walked once per auction
//! instead of once per candidate call.
//!
//! Bidding asks, for each auction, which rules propose each of the 20–35
//! legal calls. A pattern such as
//! `1[CDHS](:,)*:l.c[CDHSN](:[PXR])*:k.s[CDHS]~k==l+(s<=c)~` walks the
//! whole auction for every candidate, yet everything up to its last `:`
//! reads only the calls already made. When the first member's nodes split
//! into an *auction part* that ends with a literal ending in `:` and the
//! *call part* after it, every match of the auction part ends just after a
//! `:` of the subject — so within the auction so far, since a call token
//! has none — and the auction part can be matched once, on the auction so
//! far alone, keeping each way it matched (where it ended, what it
//! grabbed). Each candidate then walks only the call part from each of
//! those, in the order the whole walk would have tried them: the same
//! answer and the same grabs.
//!
//! That holds when the auction part reads no further than it consumes: no
//! MATH reading fields, no GOTO or `START` inside it, and `!` only before a
//! node of one call or one byte. Patterns with anything else are walked
//! whole, as before.

use super::Backtracker;
#[cfg(doc)]
use super::EndMode;
use super::ir::{Alt, Branch, Node, byte_span};
use crate::compile::grabs::Grabs;

/// How many distinct ways an auction part may match before the split is
/// given up for that auction (the pattern is then walked whole).
pub const MAX_PARTS: usize = 32;

/// A pattern's first member split into its auction part and its call part
/// (see the module docs).
#[derive(Debug, Clone, PartialEq)]
pub struct AuctionSplit {
    /// The auction part: the leading nodes, up to and including the last
    /// `:` of a literal.
    auction: Vec<Node>,
    /// The call part: the first member's other nodes.
    call: Vec<Node>,
    /// The fewest and most bytes the call part matches, when bounded: a
    /// way of the auction part ending too far from the end of the subject
    /// cannot lead to a match.
    call_span: Option<(usize, usize)>,
}

impl AuctionSplit {
    /// The split of a sequence pattern, at the last `:` (of a literal) of
    /// its first member after which the auction part is safe; `None` when
    /// there is none.
    pub fn of(alt: &Alt) -> Option<AuctionSplit> {
        let b = &alt.first;
        if b.floating || b.goto.is_some() || b.end.is_some() {
            return None;
        }
        // The auction part must be safe as a whole: the split is at the last
        // `:` within the longest safe run of leading nodes.
        let safe = b
            .nodes
            .iter()
            .take_while(|n| reads_what_it_consumes(n))
            .count();
        let (i, colon) = b.nodes[..safe]
            .iter()
            .enumerate()
            .rev()
            .find_map(|(i, n)| match n {
                Node::Literal(l) => l.iter().rposition(|&c| c == b':').map(|c| (i, c)),
                _ => None,
            })?;
        let Node::Literal(lit) = &b.nodes[i] else {
            unreachable!("found a literal")
        };
        let mut auction = b.nodes[..i].to_vec();
        auction.push(Node::Literal(lit[..=colon].into()));
        let mut call = Vec::with_capacity(b.nodes.len() - i);
        if colon + 1 < lit.len() {
            call.push(Node::Literal(lit[colon + 1..].into()));
        }
        call.extend_from_slice(&b.nodes[i + 1..]);
        let call_span = byte_span(&call);
        Some(AuctionSplit {
            auction,
            call,
            call_span,
        })
    }

    /// Every way the auction part matches the auction so far (the
    /// backtracker's subject, with its trailing `:`), from empty grabs, in
    /// the order a walk tries them, each once: where it ended and what it
    /// grabbed. Ways from which the call part cannot reach the end of the
    /// auction and a call are left out. `false` (with `out` incomplete)
    /// when there are more than [`MAX_PARTS`].
    pub fn auction_parts(&self, bt: &Backtracker<'_, '_>, out: &mut Vec<(usize, Grabs)>) -> bool {
        out.clear();
        let mut complete = true;
        // The shortest subject a candidate call makes.
        let shortest = bt.subject().len() + 1;
        let most = self.call_span.map_or(usize::MAX, |(_, most)| most);
        bt.walk_from_start(&self.auction, &mut |end, grabs| {
            if end.saturating_add(most) >= shortest && !out.contains(&(end, *grabs)) {
                if out.len() == MAX_PARTS {
                    complete = false;
                    return true;
                }
                out.push((end, *grabs));
            }
            false
        });
        complete
    }

    /// Whether the whole pattern matches the backtracker's subject (the
    /// auction so far and a candidate call), given the ways its auction part
    /// matched the auction so far ([`AuctionSplit::auction_parts`]): as
    /// [`Backtracker::matches`] with [`EndMode::Full`] from empty grabs,
    /// with the same grabs on success.
    pub fn matches(
        &self,
        alt: &Alt,
        bt: &Backtracker<'_, '_>,
        parts: &[(usize, Grabs)],
        grabs: &mut Grabs,
    ) -> bool {
        bt.matches_after_auction_part(alt, &self.call, self.call_span, parts, grabs)
    }
}

/// Whether matching `node` reads no byte beyond those it consumes (see the
/// module docs).
fn reads_what_it_consumes(node: &Node) -> bool {
    match node {
        Node::Literal(_)
        | Node::AnyByte
        | Node::AnyCall
        | Node::ByteSet(_)
        | Node::GrabClass { .. }
        | Node::GrabMatch(_)
        | Node::Push(_) => true,
        Node::Math { expr, .. } => !expr.reads_fields(),
        Node::Not(inner) => match &**inner {
            Node::Literal(l) => l.len() <= 1,
            Node::AnyByte | Node::AnyCall | Node::ByteSet(_) | Node::GrabClass { .. } => true,
            _ => false,
        },
        Node::Repeat { node, .. } => reads_what_it_consumes(node),
        Node::Group(alt) => alt.branches().all(safe_branch),
    }
}

fn safe_branch(b: &Branch) -> bool {
    !b.floating && b.goto.is_none() && b.end.is_none() && b.nodes.iter().all(reads_what_it_consumes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::functions::{Env, Situation};
    use crate::compile::matcher::{EndMode, ir};

    fn pattern(text: &str) -> Alt {
        let goal = grammar::parse_goal(text).expect("parses");
        ir::compile_alt(&goal.pattern.expect("a pattern"), true).expect("compiles")
    }

    #[test]
    fn splits_before_the_last_colon() {
        let alt = pattern("(P:)?1[CDHS](:,)*:l.c[CDHSN](:[PXR])*:k.s[CDHS]~k==l+(s<=c)~");
        let split = AuctionSplit::of(&alt).expect("a split");
        assert!(matches!(split.auction.last(), Some(Node::Literal(l)) if l.ends_with(b":")));
        assert!(matches!(split.call.first(), Some(Node::Push(_))));
        // Inside a literal.
        let split = AuctionSplit::of(&pattern("1C:P:1H")).expect("a split");
        assert_eq!(split.auction, [Node::Literal((*b"1C:P:").into())]);
        assert_eq!(split.call, [Node::Literal((*b"1H").into())]);
        assert_eq!(AuctionSplit::of(&pattern("STARTk.s[CDHS]:P:m.N$")), None);
        assert_eq!(AuctionSplit::of(&pattern("1C")), None);
        // MATH reading a field may read the candidate: no split there.
        let split = AuctionSplit::of(&pattern("1C:~.==1~:1H")).expect("a split");
        assert_eq!(split.auction, [Node::Literal((*b"1C:").into())]);
    }

    /// The split walk agrees with the whole walk, grabs included, on every
    /// candidate call after every auction of a small table.
    #[test]
    fn agrees_with_the_whole_walk() {
        let patterns = [
            "(P:)?(P:)?1[CDHS](:,)*:l.c[CDHSN](:[PXR])*:k.s[CDHS]~k==l+(s<=c)~",
            "(P:)?(P:)?1[CDHS](:,)*:l.c[CDHSN](:[PXR])*:k.s[CDHS]~k==l+(s<=c)~&START(!P,:,:,|!P,:,)$",
            "1a[CDHS]:P:1b!#a[CDHS]:P:2#a",
            "1a[CDHS]:P:(1b[DHS]|2b[CD]):P:c.N~c>=2~",
            "(P:)*1[HS]:(P|X):,:P:.",
            "1C:P:1H:P:1S|2C:P:2D",
        ];
        let auctions = [
            "",
            "1C:",
            "P:1H:",
            "1C:P:1H:P:",
            "1D:1S:2C:2S:",
            "P:P:1S:X:2S:P:",
            "1H:P:2H:3C:P:P:",
            "2C:P:",
            "1C:P:1D:P:",
            "1S:2H:X:P:",
        ];
        let candidates = [
            "P", "X", "R", "1S", "2C", "2D", "2H", "2S", "3C", "3S", "1N", "4H",
        ];
        let situation = Situation::default();
        let env = Env {
            situation: &situation,
            hand: None,
        };
        let mut parts = Vec::new();
        let mut matched = 0;
        for text in patterns {
            let alt = pattern(text);
            let split = AuctionSplit::of(&alt).expect("a split");
            for auction in auctions {
                let prefix = Backtracker::new(auction.as_bytes(), &env);
                assert!(split.auction_parts(&prefix, &mut parts));
                for call in candidates {
                    let subject = format!("{auction}{call}");
                    let bt = Backtracker::new(subject.as_bytes(), &env);
                    let mut whole = Grabs::new();
                    let expected = bt.matches(&alt, EndMode::Full, &mut whole);
                    let mut grabs = Grabs::new();
                    let got = split.matches(&alt, &bt, &parts, &mut grabs);
                    assert_eq!(got, expected, "{text} on {subject}");
                    if expected {
                        assert_eq!(grabs, whole, "{text} on {subject}");
                    }
                    matched += usize::from(expected);
                }
            }
        }
        assert!(matched >= 20, "{matched}");
    }
}

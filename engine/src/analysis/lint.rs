//! Checks of a rulebook beyond syntax: what `bidbook lint` reports.
//!
//! - **Shadowed rules**: a rule whose sequence pattern is written exactly like
//!   that of a rule weighed before it (higher priority, or equal priority and
//!   earlier), whose constraint held on every sampled hand where its own did:
//!   it can never fire.
//! - **Equal-priority overlaps**: at a decision on a random deal, two rules of
//!   the winning priority held for different calls, so only the order of the
//!   file chose between them.
//! - **No rule**: how often no rule held on random deals bid to completion.
//! - **Spec soundness**: every case where the hand that made a call falls
//!   outside what the rule that chose it says the call shows.
//! - **Forcing passes**: a pass of partner's forcing call (or below game in
//!   a game-forcing auction) with the opponents silent, by auction, with an
//!   example deal — the explanations table marks forcing calls.
//! - **Fallback calls**: bids and doubles chosen only by a generic fallback
//!   rule (a default `START…` rule), by auction; how many passes were; and
//!   the strong hands (17+ HCP) that pass through a fallback while the
//!   auction is at the one or two level.
//!
//! Shadowing is judged on sampled hands with the auction unknown, so a rule
//! whose constraint reads the auction (what partner has shown) is judged as
//! if nothing had been shown: a finding is a place to look, with the evidence.

use crate::compile::functions::{Env, Situation};
use crate::compile::grabs::Grabs;
use crate::compile::rules::SeqMatcher;
use crate::knowledge::{FieldId, Shown};
use crate::resolve::book::Book;
use crate::resolve::explanations::Forcing;
use crate::resolve::hand_eval::HandEval;
use crate::resolve::resolver::Table;
use bridge::auction::{Call, Vulnerability, call_token};
use bridge::deal::{Deal, format_pbn_deal};
use bridge::random::DealGenerator;
use contract_bridge::Seat;
use std::collections::{HashMap, HashSet};

/// A rule that can never fire.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shadowed {
    /// The rule that never fires.
    pub rule: u32,
    /// The rule weighed before it whose constraint holds whenever its does.
    pub by: u32,
    /// On how many sampled hands the shadowed rule's constraint held.
    pub evidence: usize,
}

/// Two rules of equal priority that both held for different calls.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Overlap {
    /// The rule that won (written first).
    pub winner: u32,
    /// The rule that also held.
    pub other: u32,
    /// An auction where it happened (sequence string before the call).
    pub auction: String,
    /// The hand's pattern string.
    pub hand: String,
    /// How many decisions showed this pair.
    pub count: usize,
}

/// A call whose hand falls outside what its rule says it shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The rule.
    pub rule: u32,
    /// The call.
    pub call: Call,
    /// The auction before the call (sequence string).
    pub auction: String,
    /// The hand's pattern string.
    pub hand: String,
    /// What the rule says the call shows.
    pub spec: Shown,
    /// The fields outside the spec.
    pub fields: Vec<FieldId>,
}

/// Decisions of one kind in one auction, with an example.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuctionFinding {
    /// The auction before the call (sequence string).
    pub auction: String,
    /// How many decisions were seen there.
    pub count: usize,
    /// The rule behind the call found (the fallback that chose it), or for
    /// a forcing pass the rule behind partner's forcing call.
    pub rule: Option<u32>,
    /// An example deal, PBN `N:…`, and the seat to call.
    pub deal: String,
    /// The seat that made the call in the example.
    pub seat: Seat,
}

/// Findings of one kind grouped by auction: the total and the auctions.
#[derive(Debug, Clone, Default)]
pub struct ByAuction {
    /// Decisions in all.
    pub total: usize,
    /// The auctions, most decisions first.
    pub auctions: Vec<AuctionFinding>,
    /// While deals are bid: the findings by auction.
    found: HashMap<String, AuctionFinding>,
}

impl ByAuction {
    /// Counts a decision after `auction`; the first one seen there is the
    /// example (`example` is only called then).
    fn add(&mut self, auction: &str, example: impl FnOnce() -> AuctionFinding) {
        self.total += 1;
        match self.found.get_mut(auction) {
            Some(f) => f.count += 1,
            None => {
                self.found.insert(auction.to_owned(), example());
            }
        }
    }

    fn finish(&mut self) {
        let mut auctions: Vec<AuctionFinding> =
            std::mem::take(&mut self.found).into_values().collect();
        auctions.sort_by(|a, b| {
            b.count
                .cmp(&a.count)
                .then_with(|| a.auction.cmp(&b.auction))
        });
        self.auctions = auctions;
    }
}

/// What bidding random deals to the end found.
#[derive(Debug, Clone, Default)]
pub struct DealAudit {
    /// Deals bid.
    pub deals: usize,
    /// Decisions made.
    pub decisions: usize,
    /// Decisions where no rule held.
    pub no_rule: usize,
    /// Up to ten auctions where no rule held, with how often each was seen.
    pub no_rule_examples: Vec<(String, usize)>,
    /// Spec-soundness violations (one per rule, the first seen).
    pub violations: Vec<Violation>,
    /// Equal-priority overlaps (one per pair of rules).
    pub overlaps: Vec<Overlap>,
    /// Passes of partner's forcing call with the opponents silent.
    pub forcing_passes: ByAuction,
    /// Bids, doubles and redoubles chosen by a generic fallback rule.
    pub fallback_calls: ByAuction,
    /// Passes chosen by a generic fallback rule (the "nothing better" pass).
    pub fallback_passes: usize,
    /// Hands of 17+ HCP that passed through a fallback rule with the last
    /// bid at the one or two level.
    pub strong_fallback_passes: ByAuction,
}

impl DealAudit {
    /// "No rule" decisions as a percentage of all decisions.
    pub fn no_rule_percent(&self) -> f64 {
        if self.decisions == 0 {
            0.0
        } else {
            self.no_rule as f64 * 100.0 / self.decisions as f64
        }
    }
}

/// Bids `deals` random deals (from `seed`) to the end with every seat using
/// the book, dealer and vulnerability rotating with the board number.
pub fn audit_deals(book: &Book, deals: usize, seed: u64) -> DealAudit {
    let mut audit = DealAudit {
        deals,
        ..DealAudit::default()
    };
    let mut scratch = book.scratch_with_memo(16_384);
    let mut generator = DealGenerator::new(seed);
    let mut trace = Vec::new();
    let mut seen_violation: HashSet<u32> = HashSet::new();
    let mut overlaps: HashMap<(u32, u32), Overlap> = HashMap::new();
    let mut holes: HashMap<String, usize> = HashMap::new();
    let rules = book.rules();
    let is_fallback = |r: u32| rules[r as usize].default && rules[r as usize].floating;
    for board in 0..deals {
        let deal = generator.next_deal();
        let hands = Seat::ALL.map(|s| HandEval::new(deal[s]));
        let dealer = Seat::ALL[board % 4];
        let vul = Vulnerability::of_board(board as u32 + 1);
        let mut table = Table::new(book, dealer, vul);
        while !table.bidding().has_ended() && table.bidding().len() < 319 {
            let hand = &hands[table.bidding().turn() as usize];
            trace.clear();
            let d = table.decide_traced(hand, &mut scratch, &mut trace);
            audit.decisions += 1;
            let auction = table.bidding().sequence_string();
            let seat = table.bidding().turn();
            let (auction_ref, deal_ref) = (&auction, &deal);
            let finding = |rule| {
                move || AuctionFinding {
                    auction: auction_ref.clone(),
                    count: 1,
                    rule,
                    deal: example_deal(deal_ref),
                    seat,
                }
            };
            if d.call == Call::Pass && table.forced() != Forcing::No {
                let records = table.records();
                let forcing_rule = records[records.len() - 2].rules.first().copied();
                audit.forcing_passes.add(&auction, finding(forcing_rule));
            }
            if let Some(r) = d.rule.filter(|&r| is_fallback(r)) {
                if d.call == Call::Pass {
                    audit.fallback_passes += 1;
                } else {
                    audit.fallback_calls.add(&auction, finding(Some(r)));
                }
                if d.call == Call::Pass
                    && hand.features.hcp >= 17
                    && table
                        .bidding()
                        .last_bid()
                        .is_none_or(|b| b.level.get() <= 2)
                {
                    audit.strong_fallback_passes.add(&auction, finding(Some(r)));
                }
            }
            match d.rule {
                None => {
                    audit.no_rule += 1;
                    *holes.entry(auction.clone()).or_default() += 1;
                }
                Some(winner) => {
                    for c in &trace {
                        if c.holds == Some(true)
                            && c.priority == d.priority
                            && c.call != d.call
                            && c.rule != winner
                        {
                            overlaps
                                .entry((winner, c.rule))
                                .and_modify(|o| o.count += 1)
                                .or_insert_with(|| Overlap {
                                    winner,
                                    other: c.rule,
                                    auction: auction.clone(),
                                    hand: hand.pattern.as_str().to_string(),
                                    count: 1,
                                });
                        }
                    }
                    if let Some(spec) = table.spec_of(&d) {
                        let fields = spec.violations(&hand.features);
                        if !fields.is_empty() && seen_violation.insert(winner) {
                            audit.violations.push(Violation {
                                rule: winner,
                                call: d.call,
                                auction: auction.clone(),
                                hand: hand.pattern.as_str().to_string(),
                                spec,
                                fields,
                            });
                        }
                    }
                }
            }
            if table.push(d.call, &mut scratch).is_err() {
                break;
            }
        }
    }
    let mut holes: Vec<(String, usize)> = holes.into_iter().collect();
    holes.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    holes.truncate(10);
    audit.no_rule_examples = holes;
    audit.forcing_passes.finish();
    audit.fallback_calls.finish();
    audit.strong_fallback_passes.finish();
    let mut overlaps: Vec<Overlap> = overlaps.into_values().collect();
    overlaps.sort_by(|a, b| {
        b.count
            .cmp(&a.count)
            .then((a.winner, a.other).cmp(&(b.winner, b.other)))
    });
    audit.overlaps = overlaps;
    audit.violations.sort_by_key(|v| v.rule);
    audit
}

/// A random deal as PBN writes it (`N:…`).
fn example_deal(deal: &contract_bridge::FullDeal) -> String {
    let hands = Seat::ALL.map(|s| deal[s]);
    let deal = Deal::from_hands(hands).expect("a random deal is a deal");
    format_pbn_deal(&deal, Seat::North)
}

/// Rules that can never fire: see the module documentation. `samples` random
/// hands (from `seed`) are tried.
pub fn shadowed_rules(book: &Book, samples: usize, seed: u64) -> Vec<Shadowed> {
    let rules = book.rules();
    // Group the rules by the sequence pattern as written (its compiled form).
    let mut groups: HashMap<String, Vec<u32>> = HashMap::new();
    for (i, r) in rules.iter().enumerate() {
        let key = match &r.seq {
            SeqMatcher::Regular(re) => re.to_string(),
            SeqMatcher::Backtrack { pattern, .. } => format!("{pattern:?}"),
            SeqMatcher::Redirect { .. } => continue,
        };
        groups.entry(key).or_default().push(i as u32);
    }
    let groups: Vec<Vec<u32>> = groups.into_values().filter(|g| g.len() > 1).collect();
    if groups.is_empty() {
        return Vec::new();
    }
    let mut generator = DealGenerator::new(seed);
    let hands: Vec<HandEval> = (0..samples.div_ceil(4))
        .flat_map(|_| {
            let deal = generator.next_deal();
            Seat::ALL.map(|s| HandEval::new(deal[s]))
        })
        .take(samples)
        .collect();
    let situation = Situation::default();
    let mut found = Vec::new();
    for group in groups {
        // Weigh in the resolver's order: priority, then position.
        let mut order = group.clone();
        order.sort_by_key(|&r| (std::cmp::Reverse(rules[r as usize].priority), r));
        let holds: Vec<Vec<bool>> = order
            .iter()
            .map(|&r| {
                hands
                    .iter()
                    .map(|h| {
                        let env = Env {
                            situation: &situation,
                            hand: Some(&h.features),
                        };
                        book.constraint_holds(r, h, &Grabs::new(), &env)
                    })
                    .collect()
            })
            .collect();
        for (j, &lo) in order.iter().enumerate() {
            if rules[lo as usize].default {
                continue;
            }
            let evidence = holds[j].iter().filter(|&&h| h).count();
            if evidence == 0 {
                continue;
            }
            let by = order[..j].iter().enumerate().find(|&(i, &hi)| {
                !rules[hi as usize].default
                    && holds[j].iter().zip(&holds[i]).all(|(&l, &h)| !l || h)
            });
            if let Some((_, &hi)) = by {
                found.push(Shadowed {
                    rule: lo,
                    by: hi,
                    evidence,
                });
            }
        }
    }
    found.sort_by_key(|s| s.rule);
    found
}

impl Violation {
    /// One line: the call, the auction and each field outside the spec.
    pub fn describe(&self) -> String {
        let fields: Vec<String> = self
            .fields
            .iter()
            .map(|&f| {
                let r = self.spec.get(f);
                let (field, suit) = f.parts();
                let suit = suit.map_or("", |s| ["C", "D", "H", "S"][s]);
                format!("{}{suit} outside {}-{}", field.letter(), r.min, r.max)
            })
            .collect();
        format!(
            "{} after `{}` with {}: {}",
            call_token(self.call),
            self.auction,
            self.hand,
            fields.join(", ")
        )
    }
}

//! Choosing the call and recording what every player has shown.
//!
//! A [`Table`] is an auction in progress together with what each player has
//! shown so far. [`Table::decide`] picks the call for the player whose turn it
//! is, following the design note:
//!
//! 1. for each legal call, collect the rules whose sequence pattern proposes it;
//! 2. drop default rules superseded by another rule for the same call
//!    ([`Book::settle`]);
//! 3. among the rules whose constraint holds for the hand, the highest
//!    priority wins; at equal priority the earlier rule wins;
//! 4. when no rule holds the call is Pass, marked "no rule".
//!
//! A player who must not pass (partner's last call is forcing and the
//! right-hand opponent passed, or the partnership is forced to game below
//! game: [`Table::forced`]) weighs no rule for Pass: the best other call
//! that some rule holds for wins; when none holds, the default rules that
//! gave way to a specific rule for the same call are weighed as a last
//! resort; only when none of those holds either is the call Pass (a "no
//! rule" decision `bidbook lint` reports as a forcing pass).
//!
//! [`Table::push`] makes a call and updates the caller's knowledge: what was
//! known, intersected with the union of the specs of every (not superseded)
//! rule proposing that call — whatever the hand.

use crate::compile::functions::{Env, Situation};
use crate::compile::grabs::Grabs;
use crate::knowledge::Shown;
use crate::resolve::book::{Book, Scratch};
use crate::resolve::explanations::Forcing;
use crate::resolve::hand_eval::HandEval;
use crate::resolve::proposal::{Meaning, Proposal};
use bridge::auction::{AuctionError, Bidding, Call, LegalCalls, Vulnerability, call_token};
use contract_bridge::Seat;
use smallvec::SmallVec;

/// The call chosen for a hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decision {
    /// The call.
    pub call: Call,
    /// The rule that chose it (`None`: no rule held, the call is Pass).
    pub rule: Option<u32>,
    /// The winning rule's priority (0 with no rule).
    pub priority: u32,
    /// What the winning rule's sequence pattern grabbed (for its spec).
    pub grabs: Grabs,
}

impl Decision {
    /// Whether no rule held ("no rule" Pass).
    pub fn no_rule(&self) -> bool {
        self.rule.is_none()
    }
}

/// One rule considered by [`Table::decide_traced`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Considered {
    /// The call the rule proposes.
    pub call: Call,
    /// The rule.
    pub rule: u32,
    /// Its priority.
    pub priority: u32,
    /// Dropped as a default superseded by another rule for the same call.
    pub superseded: bool,
    /// Whether its constraint held (`None` when superseded, not tested).
    pub holds: Option<bool>,
    /// What its sequence pattern grabbed (the constraint reads it).
    pub grabs: Grabs,
}

/// What one call of the auction showed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallRecord {
    /// The call.
    pub call: Call,
    /// Who made it.
    pub seat: Seat,
    /// The rules that propose it (superseded defaults left out), in database
    /// order.
    pub rules: SmallVec<[u32; 4]>,
    /// What the call shows: the union of those rules' specs.
    pub shows: Shown,
    /// Whether the call is forcing: the most any of those rules' explanations
    /// says.
    pub forcing: Forcing,
}

impl CallRecord {
    /// Whether no rule explains the call.
    pub fn unexplained(&self) -> bool {
        self.rules.is_empty()
    }
}

/// An auction in progress with what each player has shown.
#[derive(Debug, Clone)]
pub struct Table<'b> {
    book: &'b Book,
    bidding: Bidding,
    shown: [Shown; 4],
    /// Whether each player (by seat) has made a call other than pass.
    active: [bool; 4],
    /// The strains each player (by seat) has bid, as bits.
    strains_bid: [u8; 4],
    /// Whether each side (seat % 2) has made a game-forcing call.
    game_forced: [bool; 2],
    records: Vec<CallRecord>,
    sequence: Vec<u8>,
}

/// The vulnerability bits of a memo key whose answer holds at every
/// vulnerability (the real bits are 0 to 3).
const ANY_VULNERABILITY: u8 = 4;

/// The index into a relative-seat array ([bidder, partner, LHO, RHO]) of the
/// player `offset` seats after the bidder.
const RELATIVE: [usize; 4] = [0, 2, 1, 3];

impl<'b> Table<'b> {
    /// An empty auction.
    pub fn new(book: &'b Book, dealer: Seat, vulnerability: Vulnerability) -> Table<'b> {
        Table {
            book,
            bidding: Bidding::new(dealer, vulnerability),
            shown: [Shown::unknown(); 4],
            active: [false; 4],
            strains_bid: [0; 4],
            game_forced: [false; 2],
            records: Vec::with_capacity(16),
            sequence: Vec::with_capacity(128),
        }
    }

    /// Replays `calls`, recording what each shows.
    pub fn with_calls(
        book: &'b Book,
        dealer: Seat,
        vulnerability: Vulnerability,
        calls: &[Call],
        scratch: &mut Scratch,
    ) -> Result<Table<'b>, AuctionError> {
        let mut t = Table::new(book, dealer, vulnerability);
        for &c in calls {
            t.push(c, scratch)?;
        }
        Ok(t)
    }

    /// The auction so far.
    pub fn bidding(&self) -> &Bidding {
        &self.bidding
    }

    /// What each call showed, in order.
    pub fn records(&self) -> &[CallRecord] {
        &self.records
    }

    /// What the player at `seat` has shown so far.
    pub fn shown(&self, seat: Seat) -> &Shown {
        &self.shown[seat as usize]
    }

    /// The auction as the player to call sees it.
    pub fn situation(&self) -> Situation {
        let n = self.bidding.len();
        let bidder = self.bidding.turn();
        let vul = self.bidding.vulnerability();
        let mut s = Situation {
            seat: (n % 4) as u8 + 1,
            we_vulnerable: vul.is_vulnerable(bidder),
            they_vulnerable: vul.is_vulnerable(bidder.lho()),
            calls: n.min(255) as u8,
            forced: self.forced() as u8,
            ..Situation::default()
        };
        for (offset, &who) in RELATIVE.iter().enumerate() {
            let seat = (bidder as usize + offset) % 4;
            s.shown[who] = self.shown[seat];
            s.active[who] = self.active[seat];
            s.strains_bid[who] = self.strains_bid[seat];
        }
        s
    }

    /// Whether the player to call must not pass, with the opponents silent:
    /// [`Forcing::Game`] when the partnership has made a game-forcing call,
    /// the right-hand opponent passed and the contract, ours and undoubled,
    /// is below game; [`Forcing::OneRound`] when partner's last call is
    /// forcing (a game-forcing one only below game) and the right-hand
    /// opponent passed; else [`Forcing::No`].
    pub fn forced(&self) -> Forcing {
        let n = self.records.len();
        if n < 2 || self.records[n - 1].call != Call::Pass {
            return Forcing::No;
        }
        let side = self.bidding.turn() as usize % 2;
        if self.game_forced[side] && self.below_game_ours() {
            return Forcing::Game;
        }
        match self.records[n - 2].forcing {
            Forcing::No => Forcing::No,
            Forcing::OneRound => Forcing::OneRound,
            // A game-forcing call that reaches game (3NT as a positive
            // answer) leaves partner free: the game is bid.
            Forcing::Game if self.below_game_ours() => Forcing::OneRound,
            Forcing::Game => Forcing::No,
        }
    }

    /// Whether the last bid was made by the side to call, is undoubled and
    /// is below game (3NT, 4 of a major, 5 of a minor).
    fn below_game_ours(&self) -> bool {
        let side = self.bidding.turn() as usize % 2;
        for r in self.records.iter().rev() {
            match r.call {
                Call::Pass => continue,
                Call::Double | Call::Redouble => return false,
                Call::Bid(bid) => {
                    use contract_bridge::Strain;
                    let game = match bid.strain {
                        Strain::Notrump => 3,
                        Strain::Spades | Strain::Hearts => 4,
                        Strain::Diamonds | Strain::Clubs => 5,
                    };
                    return r.seat as usize % 2 == side && bid.level.get() < game;
                }
            }
        }
        false
    }

    /// Whether the side to call (bit 0) and the other side (bit 1) are
    /// vulnerable: with the auction, what an answer may depend on.
    fn vulnerability_bits(&self) -> u8 {
        let bidder = self.bidding.turn();
        let vul = self.bidding.vulnerability();
        u8::from(vul.is_vulnerable(bidder)) | u8::from(vul.is_vulnerable(bidder.lho())) << 1
    }

    /// Looks the current question up in the scratch's memo: `Some(true)`
    /// when its answer is known (and loaded), `Some(false)` when not, `None`
    /// when the scratch keeps no memo. An answer is remembered for every
    /// vulnerability ([`ANY_VULNERABILITY`]) unless working it out weighed a
    /// rule that reads the vulnerability; then for this vulnerability only
    /// ([`Table::memo_store`]). A book in which no rule reads it asks once.
    fn memo_lookup(&self, scratch: &mut Scratch) -> Option<bool> {
        if !scratch.memo_key(&self.sequence, ANY_VULNERABILITY) {
            return None;
        }
        if scratch.memo_load() {
            return Some(true);
        }
        if !self.book.answers_read_vulnerability() {
            return Some(false);
        }
        scratch.memo_key(&self.sequence, self.vulnerability_bits());
        Some(scratch.memo_load())
    }

    /// Remembers the answer just worked out, under the key
    /// [`Table::memo_lookup`] looks for it by.
    fn memo_store(&self, scratch: &mut Scratch) {
        let vulnerability = if scratch.answer_read_vulnerability() {
            self.vulnerability_bits()
        } else {
            ANY_VULNERABILITY
        };
        scratch.memo_key(&self.sequence, vulnerability);
        scratch.memo_store();
    }

    /// Works out the answer ([`Scratch::answer`]): every rule proposing
    /// each legal call (tagged with the call's place among the legal calls,
    /// `legal`, in order) — remembered in the scratch's memo, if it keeps
    /// one; otherwise, with `only`, those of that call alone.
    fn propose_legal(
        &self,
        legal: LegalCalls,
        only: Option<u8>,
        env: &Env<'_>,
        scratch: &mut Scratch,
    ) {
        let remembered = match self.memo_lookup(scratch) {
            Some(true) => return,
            Some(false) => true,
            None => false,
        };
        let calls: SmallVec<[Call; 40]> = legal.collect();
        match only {
            Some(tag) if !remembered => {
                self.propose(&calls, tag as usize..tag as usize + 1, env, scratch)
            }
            _ => self.propose(&calls, 0..calls.len(), env, scratch),
        }
        if remembered {
            self.memo_store(scratch);
        }
    }

    /// Works out the answer for the calls `calls[tags]` (tagged with the
    /// call's index in `calls`).
    fn propose(
        &self,
        calls: &[Call],
        tags: std::ops::Range<usize>,
        env: &Env<'_>,
        scratch: &mut Scratch,
    ) {
        scratch.clear_proposals();
        let mut prefix = std::mem::take(&mut scratch.subject);
        prefix.clear();
        prefix.extend_from_slice(&self.sequence);
        if !self.sequence.is_empty() {
            prefix.push(b':');
        }
        self.book.prepare(&prefix, env, scratch);
        scratch.subject = prefix;
        for tag in tags {
            self.book
                .proposals(call_token(calls[tag]).as_bytes(), env, scratch, tag as u8);
        }
        scratch.settle(self.book);
    }

    /// Chooses the call for the player whose turn it is, holding `hand`.
    pub fn decide(&self, hand: &HandEval, scratch: &mut Scratch) -> Decision {
        self.decide_inner(hand, scratch, None)
    }

    /// Like [`Table::decide`], and lists every rule considered for every
    /// legal call, in the order they were weighed (priority, then database
    /// order).
    pub fn decide_traced(
        &self,
        hand: &HandEval,
        scratch: &mut Scratch,
        trace: &mut Vec<Considered>,
    ) -> Decision {
        self.decide_inner(hand, scratch, Some(trace))
    }

    fn decide_inner(
        &self,
        hand: &HandEval,
        scratch: &mut Scratch,
        mut trace: Option<&mut Vec<Considered>>,
    ) -> Decision {
        let pass = Decision {
            call: Call::Pass,
            rule: None,
            priority: 0,
            grabs: Grabs::new(),
        };
        if self.bidding.has_ended() {
            return pass;
        }
        let situation = self.situation();
        let env = Env {
            situation: &situation,
            hand: Some(&hand.features),
        };
        let legal = self.bidding.legal_calls();
        self.propose_legal(legal.clone(), None, &env, scratch);
        // Pass is always legal, so it is always tag 0; a forced player
        // weighs no rule for it.
        debug_assert_eq!(legal.clone().next(), Some(Call::Pass));
        let barred = if situation.forced > 0 { Some(0) } else { None };

        // Weigh proposals in order: priority (high first), then database
        // order (the order of the answer).
        let book = self.book;
        let (proposals, grabs) = scratch.answer();
        let traced = trace.is_some();
        let mut chosen = None;
        // The call a proposal's tag stands for (wanted only for the one
        // chosen, and when tracing).
        let call_of = |tag: u8| legal.clone().nth(tag.into()).expect("tags are legal calls");
        for p in proposals {
            let (rule, tag, priority) = (p.rule(), p.tag(), p.priority());
            if p.superseded() {
                if let Some(t) = trace.as_deref_mut() {
                    t.push(Considered {
                        call: call_of(tag),
                        rule,
                        priority,
                        superseded: true,
                        holds: None,
                        grabs: *p.grabs_in(grabs),
                    });
                }
                continue;
            }
            if chosen.is_some() && !traced {
                break;
            }
            if barred == Some(tag) {
                continue;
            }
            let grabs = p.grabs_in(grabs);
            let holds = book.constraint_holds(rule, hand, grabs, &env);
            if let Some(t) = trace.as_deref_mut() {
                t.push(Considered {
                    call: call_of(tag),
                    rule,
                    priority,
                    superseded: false,
                    holds: Some(holds),
                    grabs: *grabs,
                });
            }
            if holds && chosen.is_none() {
                chosen = Some(Decision {
                    call: call_of(tag),
                    rule: Some(rule),
                    priority,
                    grabs: *grabs,
                });
                if !traced {
                    break;
                }
            }
        }
        if chosen.is_none() && barred.is_some() {
            // A forced player whom no rule fits: as a last resort, the
            // default rules that gave way to a specific rule for the same
            // call (one that failed here) are weighed too, so that the
            // player still bids. What the call means is unchanged: it is the
            // specific rules' meaning.
            chosen = proposals
                .iter()
                .filter(|p| p.superseded() && barred != Some(p.tag()))
                .find(|p| book.constraint_holds(p.rule(), hand, p.grabs_in(grabs), &env))
                .map(|p| Decision {
                    call: call_of(p.tag()),
                    rule: Some(p.rule()),
                    priority: p.priority(),
                    grabs: *p.grabs_in(grabs),
                });
        }
        chosen.unwrap_or(pass)
    }

    /// What `call` would show if made now: the rules proposing it (superseded
    /// defaults left out) and the union of their specs. With a memo, worked
    /// out once per auction and call.
    pub fn meaning(&self, call: Call, scratch: &mut Scratch) -> Meaning {
        let legal = self.bidding.legal_calls();
        let tag = legal.position_of(call);
        if let Some(tag) = tag
            && self.memo_lookup(scratch) == Some(true)
            && let Some(meaning) = scratch.remembered_meaning(tag)
        {
            return meaning.clone();
        }
        let situation = self.situation();
        let env = Env {
            situation: &situation,
            hand: None,
        };
        let tag = match tag {
            Some(tag) => {
                self.propose_legal(legal, Some(tag), &env, scratch);
                tag
            }
            // An illegal call: `push` refuses it, but say what rules think.
            None => {
                self.propose(&[call], 0..1, &env, scratch);
                let (proposals, grabs) = scratch.answer();
                return self.union_of(proposals, grabs, 0, &env);
            }
        };
        let (proposals, grabs) = scratch.answer();
        let meaning = self.union_of(proposals, grabs, tag, &env);
        scratch.remember_meaning(tag, &meaning);
        meaning
    }

    /// What every legal call would show if made now: [`Table::meaning`] of
    /// each, in the order P, X, R, 1C … 7N, sharing one walk of the auction
    /// (a call no rule proposes has no rules and shows nothing).
    pub fn meanings(&self, scratch: &mut Scratch) -> Vec<(Call, SmallVec<[u32; 4]>, Shown)> {
        let situation = self.situation();
        let env = Env {
            situation: &situation,
            hand: None,
        };
        let legal = self.bidding.legal_calls();
        self.propose_legal(legal.clone(), None, &env, scratch);
        let (proposals, grabs) = scratch.answer();
        legal
            .enumerate()
            .map(|(tag, call)| {
                let (rules, shows) = self.union_of(proposals, grabs, tag as u8, &env);
                (call, rules, shows)
            })
            .collect()
    }

    /// The rules among `proposals` that propose the call tagged `tag` and
    /// are not superseded, in database order, and the union of their specs.
    fn union_of(&self, proposals: &[Proposal], grabs: &[Grabs], tag: u8, env: &Env<'_>) -> Meaning {
        let mut rules: SmallVec<[u32; 4]> = SmallVec::new();
        let mut shows: Option<Shown> = None;
        for p in proposals
            .iter()
            .filter(|p| p.tag() == tag && !p.superseded())
        {
            rules.push(p.rule());
            let mut grabs = *p.grabs_in(grabs);
            let spec = self.book.rules()[p.rule() as usize]
                .spec
                .eval(&mut grabs, env);
            match &mut shows {
                None => shows = Some(spec),
                Some(s) => s.union_with(&spec),
            }
        }
        rules.sort_unstable();
        (rules, shows.unwrap_or_else(Shown::unknown))
    }

    /// Makes `call` for the player whose turn it is and records what it
    /// shows.
    pub fn push(&mut self, call: Call, scratch: &mut Scratch) -> Result<&CallRecord, AuctionError> {
        // The meaning is read in the auction before the call; `Bidding::push`
        // then checks the call and leaves everything unchanged if it is illegal.
        let (rules, shows) = self.meaning(call, scratch);
        let seat = self.bidding.turn();
        self.bidding.push(call)?;
        let forcing = rules
            .iter()
            .map(|&r| self.book.forcing(r))
            .max()
            .unwrap_or_default();
        if forcing == Forcing::Game {
            self.game_forced[seat as usize % 2] = true;
        }
        if !rules.is_empty() {
            self.shown[seat as usize].restrict(&shows);
        }
        self.active[seat as usize] |= call != Call::Pass;
        if let Call::Bid(bid) = call {
            self.strains_bid[seat as usize] |= 1 << bid.strain as u8;
        }
        if !self.sequence.is_empty() {
            self.sequence.push(b':');
        }
        self.sequence.extend_from_slice(call_token(call).as_bytes());
        self.records.push(CallRecord {
            call,
            seat,
            rules,
            shows,
            forcing,
        });
        Ok(self.records.last().expect("just pushed"))
    }
}

impl Table<'_> {
    /// Why `considered`'s constraint failed for `hand` here: its first
    /// condition that did not hold, with the hand's value (`None` when the
    /// rule has no constraint or it holds).
    pub fn failed_condition(
        &self,
        considered: &Considered,
        hand: &HandEval,
    ) -> Option<crate::analysis::failed_condition::FailedCondition> {
        let constraint = self.book.rules()[considered.rule as usize]
            .constraint
            .as_ref()?;
        let situation = self.situation();
        let env = Env {
            situation: &situation,
            hand: Some(&hand.features),
        };
        crate::analysis::failed_condition::first_failed_condition(
            constraint,
            hand.pattern.as_bytes(),
            &considered.grabs,
            &env,
        )
    }

    /// What the rule behind `decision` says the hand holds: its spec
    /// evaluated with the grabs of the match, in the situation before the
    /// call (`None` for "no rule").
    pub fn spec_of(&self, decision: &Decision) -> Option<Shown> {
        let rule = decision.rule?;
        let situation = self.situation();
        let env = Env {
            situation: &situation,
            hand: None,
        };
        let mut grabs = decision.grabs;
        Some(self.book.rules()[rule as usize].spec.eval(&mut grabs, &env))
    }
}

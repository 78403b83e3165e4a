//! The walked tree as BBO's BSS full-disclosure file.
//!
//! The header record, then one bidding-sequence record for each of our calls
//! in every auction (per seat and vulnerability condition where its meaning
//! differs), auctions we open first, then the auctions they open (records
//! starting with `*`). A record is
//!
//! ```text
//! [*]AB<sequence>=CDEFGHIJ[KL]<description>
//! ```
//!
//! with no spaces, as BML's `bml2bss` writes and `bss2bml` reads it: `A` the
//! position of the opening bid, `B` the vulnerability (we, they), the
//! sequence from the opening bid with every call (`P`, `D`, `R`, `1C`…`7N`),
//! `C` artificial (the alert mark), `D`–`I` the possible outcomes (clubs,
//! diamonds, hearts, spades, notrump, defend undoubled), `J` the
//! disposition, `K`/`L` the minimum and maximum length of the bid suit (a
//! suit bid only) and the description. `docs/export.md` says where each
//! field comes from.

use super::variants::{Condition, split};
use super::walk::{Meaning, Side, Walk};
use super::{ExportOptions, ascii, shows_words};
use bridge::auction::{Call, call_token};
use engine::knowledge::FieldId;
use grammar::ast::SpecField;
use std::collections::HashMap;
use std::fmt::Write;

/// The "defend undoubled" outcome bit (after clubs … notrump, bits 0–4).
const DEFEND: u8 = 1 << 5;

/// Renders the tree as BSS; returns the document and the number of
/// bidding-sequence records.
pub fn render(walk: &Walk, options: &ExportOptions) -> (String, usize) {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "*00{{{}}}=NYYYYYY{}",
        header_text(&options.title),
        ascii(&options.description)
    );
    let mut records = 0;
    for we_opened in [true, false] {
        let mut r = Records {
            walk,
            we_opened,
            outcomes: HashMap::new(),
        };
        records += r.node(0, &mut out);
    }
    (out, records)
}

/// The system name in the header: ASCII, one line, no braces.
fn header_text(title: &str) -> String {
    ascii(title).replace(['{', '}'], "")
}

struct Records<'a> {
    walk: &'a Walk,
    we_opened: bool,
    outcomes: HashMap<(usize, usize), u8>,
}

impl Records<'_> {
    fn in_view(&self, node: usize) -> bool {
        let n = &self.walk.nodes[node];
        if self.we_opened {
            n.we_open
        } else {
            n.they_open
        }
    }

    fn ours(&self, side: Side) -> bool {
        (side == Side::Opener) == self.we_opened
    }

    /// Writes the records of `node` and the auctions after it; returns how
    /// many.
    fn node(&mut self, node: usize, out: &mut String) -> usize {
        let mut count = 0;
        let n = &self.walk.nodes[node];
        if node != 0 && self.ours(n.side()) {
            // Where the auction before the call does not exist, it does not
            // matter.
            let parts = split(Condition::ANY, self.we_opened, |v| {
                self.walk.reached(n.parent, v).then_some(n.meanings[v])
            });
            for (condition, meaning) in parts {
                let Some(m) = meaning else { continue };
                let m = &self.walk.meanings[m as usize];
                if !m.specific {
                    continue;
                }
                self.record(node, condition, m, out);
                count += 1;
            }
        }
        let kids: Vec<usize> = n
            .children
            .iter()
            .copied()
            .filter(|&k| self.in_view(k))
            .collect();
        for k in kids {
            count += self.node(k, out);
        }
        count
    }

    fn record(&mut self, node: usize, condition: Condition, m: &Meaning, out: &mut String) {
        let walk = self.walk;
        let path = walk.path(node);
        if !self.we_opened {
            out.push('*');
        }
        out.push(condition.seats.bss());
        out.push(condition.vul.bss());
        for &c in &path {
            out.push_str(bss_call(c));
        }
        out.push('=');
        out.push(if m.alert { 'Y' } else { 'N' });
        let mut outcomes = 0;
        for v in condition.variants(self.we_opened) {
            if walk.nodes[node].present(v) {
                outcomes |= self.outcome(node, v);
            }
        }
        for bit in 0..6 {
            out.push(if outcomes & (1 << bit) != 0 { 'Y' } else { 'N' });
        }
        out.push(disposition(&m.explanation));
        if let Some(Call::Bid(bid)) = path.last().copied() {
            let suit = bid.strain as usize;
            if suit < 4 {
                let r = m.shows.get(FieldId::new(SpecField::Length, suit));
                out.push((b'0' + r.min.min(8)) as char);
                out.push((b'0' + r.max.min(8)) as char);
            }
        }
        out.push_str(&description(m));
        out.push('\n');
    }

    /// The strains (and defending) the auction may still end in after
    /// `node`, in variant `v`, following the walk: where it stops (the depth,
    /// no rule for the next call, calls it did not follow) every strain
    /// still biddable and defending stay possible.
    fn outcome(&mut self, node: usize, v: usize) -> u8 {
        if let Some(&o) = self.outcomes.get(&(node, v)) {
            return o;
        }
        let n = &self.walk.nodes[node];
        let mut bits = 0;
        let mut open = n.pruned & (1 << v) != 0;
        if n.ended {
            if let Some(s) = n.standing {
                if self.ours(s.declarer) {
                    bits |= 1 << s.strain;
                } else if s.undoubled {
                    bits |= DEFEND;
                }
            }
        } else {
            let kids: Vec<usize> = n
                .children
                .iter()
                .copied()
                .filter(|&k| self.walk.nodes[k].present(v))
                .collect();
            open |= kids.is_empty();
            for k in kids {
                if self.in_view(k) {
                    bits |= self.outcome(k, v);
                } else {
                    open = true;
                }
            }
            if open {
                bits |= n.biddable | DEFEND;
                if let Some(s) = n.standing
                    && self.ours(s.declarer)
                {
                    bits |= 1 << s.strain;
                }
            }
        }
        self.outcomes.insert((node, v), bits);
        bits
    }
}

/// A call as BSS writes it: `P`, `D`, `R`, `1C`…`7N`.
pub fn bss_call(call: Call) -> &'static str {
    match call {
        Call::Double => "D",
        c => call_token(c),
    }
}

/// The description: the explanation and what the call shows, in ASCII.
fn description(m: &Meaning) -> String {
    let expl = m
        .explanation
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let text = match shows_words(&m.shows) {
        None => expl,
        Some(w) if expl.is_empty() => w,
        Some(w) => format!("{expl} ({w})"),
    };
    ascii(&text)
}

/// The disposition (`J`) read from the explanation text: the first of these
/// words found (case-insensitive) decides, `0` (no agreement) when none is:
/// relay `C`, puppet `B`, transfer `A` (not "completes the transfer"),
/// asking (`asks`) `D`, game forcing `6`, not forcing / non-forcing `2`,
/// forcing `5`, slam try / slam interest `7`, cue bid / control `8`,
/// preempt / weak two `9`, invitational / invites `4`, to play / sign-off
/// `1`, constructive `3`.
pub fn disposition(explanation: &str) -> char {
    let t = explanation.to_lowercase();
    let has = |w: &str| t.contains(w);
    if has("relay") {
        'C'
    } else if has("puppet") {
        'B'
    } else if has("transfer") && !has("completes the") {
        'A'
    } else if has("asks") || has("asking") {
        'D'
    } else if has("game forcing") || has("forcing to game") || has("game force") {
        '6'
    } else if has("not forcing") || has("non-forcing") {
        '2'
    } else if has("forcing") {
        '5'
    } else if has("slam try") || has("slam interest") {
        '7'
    } else if has("cue bid") || has("cue-bid") || has("control") {
        '8'
    } else if has("preempt") || has("weak two") {
        '9'
    } else if has("invitational") || has("invites") {
        '4'
    } else if has("to play") || has("sign-off") || has("signoff") {
        '1'
    } else if has("constructive") {
        '3'
    } else {
        '0'
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dispositions_from_explanations() {
        assert_eq!(disposition("Stayman: asks for a four-card major"), 'D');
        assert_eq!(disposition("Jacoby transfer: five or more hearts"), 'A');
        assert_eq!(disposition("Completes the transfer"), '0');
        assert_eq!(
            disposition("Jacoby 2NT: four-card support, game forcing"),
            '6'
        );
        assert_eq!(disposition("1NT: 6-10 HCP, not forcing"), '2');
        assert_eq!(disposition("New suit: four or more cards, forcing"), '5');
        assert_eq!(disposition("Invitational to 3NT"), '4');
        assert_eq!(disposition("Weak: to play"), '1');
        assert_eq!(disposition("Weak two: a good six-card suit"), '9');
        assert_eq!(disposition("1NT opening: 15-17 HCP, balanced"), '0');
    }

    #[test]
    fn header_has_no_braces_inside() {
        assert_eq!(header_text("A {b} c–d"), "A b c-d");
    }
}

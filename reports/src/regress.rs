//! What `bidbook regress` found, and its three renderings: text for the
//! terminal, JSON for scripts, and an HTML page a bridge player can read
//! (hand diagrams, the two auctions side by side, the differences marked).

use bridge::auction::{Call, call_token};
use bridge::deal::{Deal, seat_after, seat_name};
use bridge::vulnerability::Vulnerability;
use contract_bridge::{Contract, Seat};
use deal_formats::pbn;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::fmt::Write;

/// One side of a comparison: an auction and where it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Side {
    /// The calls.
    pub calls: Vec<Call>,
    /// The rule behind each call (`None`: no rule, or a stored auction).
    pub rules: Vec<Option<String>>,
    /// The final contract and declarer (`None`: passed out or unfinished).
    pub contract: Option<(Contract, Seat)>,
}

impl Side {
    /// The auction as text: `1N P 2C P …`.
    pub fn auction_text(&self) -> String {
        if self.calls.is_empty() {
            return "(none)".to_owned();
        }
        let tokens: Vec<&str> = self.calls.iter().map(|&c| call_token(c)).collect();
        tokens.join(" ")
    }

    /// The contract as text: `4H by S`, `Pass`.
    pub fn contract_text(&self) -> String {
        match self.contract {
            Some((contract, declarer)) => pbn::contract_by(contract, declarer),
            None => pbn::contract_or_pass(None),
        }
    }

    /// The rule behind call `i`, in words.
    pub fn rule_at(&self, i: usize) -> String {
        match self.rules.get(i) {
            Some(Some(r)) => r.clone(),
            Some(None) if self.rules.len() == self.calls.len() => "no rule".to_owned(),
            _ => "—".to_owned(),
        }
    }
}

/// A deal whose auction changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// Where the deal was read (`FILE:LINE`, or `<random>`).
    pub origin: String,
    /// The board number, if known.
    pub board: Option<u32>,
    /// Who dealt.
    pub dealer: Seat,
    /// Who is vulnerable.
    pub vulnerability: Vulnerability,
    /// The cards.
    pub deal: Deal,
    /// The auction before (the base rulebook, or the one stored in the
    /// golden file).
    pub base: Side,
    /// The auction now.
    pub new: Side,
    /// The index of the first call that differs.
    pub first: usize,
    /// Both contracts scored double dummy (`regress --score`).
    pub score: Option<ChangeScore>,
}

/// Both contracts of a change scored double dummy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChangeScore {
    /// Declarer's double-dummy tricks in the base contract (`None`: passed out).
    pub base_tricks: Option<u8>,
    /// Declarer's double-dummy tricks in the new contract.
    pub new_tricks: Option<u8>,
    /// The base contract's score, North-South's.
    pub base_score: i32,
    /// The new contract's score, North-South's.
    pub new_score: i32,
    /// The IMPs the new rulebook wins (negative: loses) for the side that
    /// made the first differing call: `imps(new - base)` from that side.
    pub imps: i32,
}

impl ChangeScore {
    /// The side whose first differing call the IMPs are counted for.
    pub fn side_name(seat: Seat) -> &'static str {
        match seat {
            Seat::North | Seat::South => "NS",
            Seat::East | Seat::West => "EW",
        }
    }
}

/// What the changes of one auction prefix won and lost.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PrefixImps {
    /// The auction before the first difference.
    pub prefix: String,
    /// Changes scored.
    pub count: usize,
    /// IMPs won (≥ 0).
    pub gained: i64,
    /// IMPs lost (≤ 0).
    pub lost: i64,
}

/// Net IMPs over a run: the sum, per board over every deal compared
/// (unchanged deals count 0), and the standard error of that mean.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NetImps {
    /// The sum of the changes' IMPs.
    pub net: i64,
    /// `net / deals`.
    pub per_board: f64,
    /// The standard error of `per_board`.
    pub standard_error: f64,
}

impl Change {
    /// The calls before the first difference, as text (`(start)` when the
    /// very first call differs).
    pub fn prefix_text(&self) -> String {
        if self.first == 0 {
            return "(first call)".to_owned();
        }
        let tokens: Vec<&str> = self.new.calls[..self.first.min(self.new.calls.len())]
            .iter()
            .map(|&c| call_token(c))
            .collect();
        tokens.join(" ")
    }

    /// Who made the first differing call.
    pub fn first_seat(&self) -> Seat {
        seat_after(self.dealer, self.first)
    }

    /// The call at the first difference on one side, or `—` when that
    /// auction had already ended.
    fn call_at(side: &Side, i: usize) -> &'static str {
        side.calls.get(i).map_or("—", |&c| call_token(c))
    }
}

/// Everything a run found.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// What the sides are called: ("base", "new") or ("stored", "now").
    pub names: (String, String),
    /// Deals compared.
    pub deals: usize,
    /// Deals skipped (malformed or incomplete).
    pub skipped: usize,
    /// The deals whose auction changed, in input order.
    pub changes: Vec<Change>,
    /// Whether the changes were scored double dummy (`--score`).
    pub scored: bool,
}

impl Report {
    /// Changed deals counted by the auction before the first difference,
    /// most first.
    pub fn by_prefix(&self) -> Vec<(String, usize)> {
        let mut counts: BTreeMap<String, usize> = BTreeMap::new();
        for c in &self.changes {
            *counts.entry(c.prefix_text()).or_default() += 1;
        }
        let mut v: Vec<(String, usize)> = counts.into_iter().collect();
        v.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        v
    }

    /// Net IMPs of the scored changes over all deals compared.
    pub fn net_imps(&self) -> NetImps {
        let imps: Vec<f64> = self
            .changes
            .iter()
            .filter_map(|c| c.score.map(|s| f64::from(s.imps)))
            .collect();
        let net: f64 = imps.iter().sum();
        let n = self.deals.max(1) as f64;
        let mean = net / n;
        let squares: f64 = imps.iter().map(|x| x * x).sum();
        // Unchanged deals are 0: they add (0 - mean)² each.
        let var = if self.deals > 1 {
            (squares - n * mean * mean).max(0.0) / (n - 1.0)
        } else {
            0.0
        };
        NetImps {
            net: net as i64,
            per_board: mean,
            standard_error: (var / n).sqrt(),
        }
    }

    /// The scored changes' IMPs by the auction before the first difference,
    /// the biggest net loss first.
    pub fn imps_by_prefix(&self) -> Vec<PrefixImps> {
        let mut groups: BTreeMap<String, PrefixImps> = BTreeMap::new();
        for c in &self.changes {
            let Some(score) = c.score else { continue };
            let prefix = c.prefix_text();
            let g = groups.entry(prefix.clone()).or_insert_with(|| PrefixImps {
                prefix,
                ..PrefixImps::default()
            });
            g.count += 1;
            if score.imps > 0 {
                g.gained += i64::from(score.imps);
            } else {
                g.lost += i64::from(score.imps);
            }
        }
        let mut v: Vec<PrefixImps> = groups.into_values().collect();
        v.sort_by(|a, b| {
            (a.gained + a.lost)
                .cmp(&(b.gained + b.lost))
                .then_with(|| a.prefix.cmp(&b.prefix))
        });
        v
    }

    /// The score lines of a change: each contract's DD tricks and score,
    /// and the IMPs.
    fn score_text(&self, c: &Change) -> Option<String> {
        let s = c.score?;
        let tricks = |t: Option<u8>| t.map_or_else(|| "-".to_owned(), |t| t.to_string());
        Some(format!(
            "  score: {} {} ({} DD tricks, {:+}), {} {} ({} DD tricks, {:+}): {:+} IMPs for {}",
            self.names.0,
            c.base.contract_text(),
            tricks(s.base_tricks),
            s.base_score,
            self.names.1,
            c.new.contract_text(),
            tricks(s.new_tricks),
            s.new_score,
            s.imps,
            ChangeScore::side_name(c.first_seat())
        ))
    }

    /// The report as text.
    pub fn text(&self) -> String {
        let (base, new) = (&self.names.0, &self.names.1);
        let width = base.len().max(new.len());
        let mut out = String::new();
        for c in &self.changes {
            let board = c.board.map_or_else(String::new, |b| format!("Board {b}, "));
            let _ = writeln!(
                out,
                "{board}{} — dealer {}, vul {}: first difference at call {} ({}): {base} {} ({}), {new} {} ({})",
                c.origin,
                c.dealer.letter(),
                c.vulnerability,
                c.first + 1,
                c.first_seat().letter(),
                Change::call_at(&c.base, c.first),
                c.base.rule_at(c.first),
                Change::call_at(&c.new, c.first),
                c.new.rule_at(c.first),
            );
            let hands: Vec<String> = Seat::ALL
                .iter()
                .map(|&s| format!("{} {}", s.letter(), hand_text(&c.deal, s)))
                .collect();
            let _ = writeln!(out, "  {}", hands.join("  "));
            let _ = writeln!(
                out,
                "  {base:<width$}  {}  → {}",
                c.base.auction_text(),
                c.base.contract_text()
            );
            let _ = writeln!(
                out,
                "  {new:<width$}  {}  → {}",
                c.new.auction_text(),
                c.new.contract_text()
            );
            if let Some(line) = self.score_text(c) {
                let _ = writeln!(out, "{line}");
            }
            out.push('\n');
        }
        let _ = writeln!(
            out,
            "{} deals, {} changed, {} skipped",
            self.deals,
            self.changes.len(),
            self.skipped
        );
        if !self.changes.is_empty() {
            let _ = writeln!(out, "Changes by the auction before the first difference:");
            for (prefix, n) in self.by_prefix() {
                let _ = writeln!(out, "  {n:>6}  {prefix}");
            }
        }
        if self.scored {
            let net = self.net_imps();
            let _ = writeln!(
                out,
                "Net IMPs for the new rulebook: {:+} over {} deals = {:+.3} IMPs per board (standard error {:.3})",
                net.net, self.deals, net.per_board, net.standard_error
            );
            let groups = self.imps_by_prefix();
            if !groups.is_empty() {
                let _ = writeln!(
                    out,
                    "IMPs by the auction before the first difference (won, lost, net):"
                );
                for g in groups {
                    let _ = writeln!(
                        out,
                        "  {:>6} deals  {:>+6} {:>+6} {:>+6}  {}",
                        g.count,
                        g.gained,
                        g.lost,
                        g.gained + g.lost,
                        g.prefix
                    );
                }
            }
        }
        out
    }

    /// The report as one JSON value.
    pub fn json(&self) -> Value {
        let side = |s: &Side| {
            json!({
                "auction": s.calls.iter().map(|&c| call_token(c)).collect::<Vec<_>>(),
                "rules": s.rules,
                "contract": pbn::contract_or_pass(s.contract.map(|(c, _)| c)),
                "declarer": s.contract.map(|(_, d)| d.letter().to_string()),
            })
        };
        let changes: Vec<Value> = self
            .changes
            .iter()
            .map(|c| {
                let hands: serde_json::Map<String, Value> = Seat::ALL
                    .iter()
                    .map(|&s| (s.letter().to_string(), json!(hand_text(&c.deal, s))))
                    .collect();
                let score = c.score.map(|s| {
                    json!({
                        "side": ChangeScore::side_name(c.first_seat()),
                        self.names.0.clone(): {"tricks": s.base_tricks, "score": s.base_score},
                        self.names.1.clone(): {"tricks": s.new_tricks, "score": s.new_score},
                        "imps": s.imps,
                    })
                });
                json!({
                    "score": score,
                    "origin": c.origin,
                    "board": c.board,
                    "dealer": c.dealer.letter().to_string(),
                    "vul": c.vulnerability.to_string(),
                    "hands": hands,
                    "first_difference": c.first + 1,
                    "prefix": c.prefix_text(),
                    self.names.0.clone(): side(&c.base),
                    self.names.1.clone(): side(&c.new),
                })
            })
            .collect();
        let by_prefix: Vec<Value> = self
            .by_prefix()
            .into_iter()
            .map(|(prefix, count)| json!({"prefix": prefix, "count": count}))
            .collect();
        let mut report = json!({
            "deals": self.deals,
            "changed": self.changes.len(),
            "skipped": self.skipped,
            "changes": changes,
            "by_prefix": by_prefix,
        });
        if self.scored {
            let net = self.net_imps();
            report["score"] = json!({
                "net_imps": net.net,
                "imps_per_board": net.per_board,
                "standard_error": net.standard_error,
                "by_prefix": self.imps_by_prefix().iter().map(|g| json!({
                    "prefix": g.prefix, "count": g.count, "gained": g.gained,
                    "lost": g.lost, "net": g.gained + g.lost,
                })).collect::<Vec<_>>(),
            });
        }
        report
    }

    /// The report as a self-contained HTML page.
    pub fn html(&self) -> String {
        let mut out = String::with_capacity(4096 + self.changes.len() * 4096);
        out.push_str(HTML_HEAD);
        let _ = writeln!(
            out,
            "<h1>bidbook regress</h1>\n<p class=\"summary\">{} deals, <b>{} changed</b>, {} skipped.</p>",
            self.deals,
            self.changes.len(),
            self.skipped
        );
        if !self.changes.is_empty() {
            out.push_str("<h2>Changes by the auction before the first difference</h2>\n<table class=\"prefixes\"><tr><th>Deals</th><th>Auction so far</th></tr>\n");
            for (prefix, n) in self.by_prefix() {
                let _ = writeln!(out, "<tr><td>{n}</td><td>{}</td></tr>", calls_html(&prefix));
            }
            out.push_str("</table>\n");
        }
        if self.scored {
            let net = self.net_imps();
            let _ = writeln!(
                out,
                "<h2>IMPs</h2>\n<p class=\"summary\">Net <b>{:+} IMPs</b> for the new rulebook over {} deals: {:+.3} IMPs per board (standard error {:.3}).</p>",
                net.net, self.deals, net.per_board, net.standard_error
            );
            out.push_str("<table class=\"prefixes\"><tr><th>Deals</th><th>Won</th><th>Lost</th><th>Net</th><th>Auction so far</th></tr>\n");
            for g in self.imps_by_prefix() {
                let _ = writeln!(
                    out,
                    "<tr><td>{}</td><td>{:+}</td><td>{:+}</td><td>{:+}</td><td>{}</td></tr>",
                    g.count,
                    g.gained,
                    g.lost,
                    g.gained + g.lost,
                    calls_html(&g.prefix)
                );
            }
            out.push_str("</table>\n");
        }
        for (i, c) in self.changes.iter().enumerate() {
            let title = match c.board {
                Some(b) => format!("Board {b}"),
                None => format!("Deal {}", i + 1),
            };
            let _ = writeln!(
                out,
                "<section class=\"deal\" id=\"d{i}\">\n<h2>{title} <small>{} — dealer {}, {}</small></h2>",
                escape(&c.origin),
                seat_name(c.dealer),
                vul_words(c.vulnerability)
            );
            out.push_str("<div class=\"row\">\n");
            out.push_str(&diagram_html(c));
            let scores = c.score.map(|s| {
                [
                    (s.base_tricks, s.base_score, s.imps),
                    (s.new_tricks, s.new_score, s.imps),
                ]
            });
            for (k, (name, side, other)) in [
                (&self.names.0, &c.base, &c.new),
                (&self.names.1, &c.new, &c.base),
            ]
            .into_iter()
            .enumerate()
            {
                let mut html = auction_html(name, side, other, c);
                if let Some(scores) = scores {
                    let (tricks, score, _) = scores[k];
                    let line = format!(
                        "<p>DD tricks: <b>{}</b>, score {score:+} (N-S)</p></div>",
                        tricks.map_or_else(|| "—".to_owned(), |t| t.to_string())
                    );
                    html = html.replacen("</div>", &line, 1);
                }
                out.push_str(&html);
            }
            if let Some(s) = c.score {
                let _ = writeln!(
                    out,
                    "<p class=\"imps\"><b>{:+} IMPs</b> for {} with the {}</p>",
                    s.imps,
                    ChangeScore::side_name(c.first_seat()),
                    escape(&self.names.1)
                );
            }
            out.push_str("</div>\n</section>\n");
        }
        out.push_str("</body>\n</html>\n");
        out
    }
}

/// A hand as `AKQ2.K52.J83.Q74`.
fn hand_text(deal: &Deal, seat: Seat) -> String {
    let mut s = String::new();
    let _ = bridge::deal::write_pbn_hand(&mut s, deal.hand(seat));
    s
}

/// Vulnerability in words for the page.
fn vul_words(v: Vulnerability) -> &'static str {
    match v {
        Vulnerability::None => "nobody vulnerable",
        Vulnerability::NS => "N-S vulnerable",
        Vulnerability::EW => "E-W vulnerable",
        Vulnerability::Both => "both vulnerable",
    }
}

/// Escapes text for HTML.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(ch),
        }
    }
    out
}

/// The suit symbol of a strain letter, coloured.
fn suit_html(letter: char) -> &'static str {
    match letter {
        'S' => "<span class=\"s\">♠</span>",
        'H' => "<span class=\"h\">♥</span>",
        'D' => "<span class=\"d\">♦</span>",
        'C' => "<span class=\"c\">♣</span>",
        _ => "NT",
    }
}

/// One call for the page: `1♥`, `Pass`, `Dbl`, `Rdbl`.
fn call_html(token: &str) -> String {
    match token {
        "P" => "Pass".to_owned(),
        "X" => "Dbl".to_owned(),
        "R" => "Rdbl".to_owned(),
        t => {
            let mut chars = t.chars();
            let level = chars.next().unwrap_or('?');
            let strain = chars.next().unwrap_or('N');
            format!("{level}{}", suit_html(strain))
        }
    }
}

/// Calls separated by spaces, for the page.
fn calls_html(text: &str) -> String {
    if text.starts_with('(') {
        return escape(text);
    }
    text.split_whitespace()
        .map(call_html)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A compass diagram: North on top, West and East in the middle, South
/// below; each hand one suit a line.
fn diagram_html(c: &Change) -> String {
    let hand = |seat: Seat| {
        let text = hand_text(&c.deal, seat);
        let mut out = format!("<div class=\"hand\"><b>{}</b>", seat_name(seat));
        for (suit, holding) in ['S', 'H', 'D', 'C'].iter().zip(text.split('.')) {
            let holding = if holding.is_empty() { "—" } else { holding };
            let _ = write!(
                out,
                "<br>{} {}",
                suit_html(*suit),
                holding.replace('T', "10")
            );
        }
        out.push_str("</div>");
        out
    };
    format!(
        "<table class=\"diagram\"><tr><td></td><td>{}</td><td></td></tr>\n\
         <tr><td>{}</td><td class=\"compass\">N<br>W&nbsp;&nbsp;E<br>S</td><td>{}</td></tr>\n\
         <tr><td></td><td>{}</td><td></td></tr></table>\n",
        hand(Seat::North),
        hand(Seat::West),
        hand(Seat::East),
        hand(Seat::South)
    )
}

/// An auction table (W N E S columns), calls from the first difference on
/// marked, the rule behind each call in its tooltip.
fn auction_html(name: &str, side: &Side, other: &Side, c: &Change) -> String {
    let mut out = format!(
        "<div class=\"auction\"><h3>{}</h3><table><tr><th>West</th><th>North</th><th>East</th><th>South</th></tr><tr>",
        escape(name)
    );
    // Columns start with West; empty cells before the dealer.
    let lead = (c.dealer as usize + 1) % 4;
    for _ in 0..lead {
        out.push_str("<td></td>");
    }
    for (i, &call) in side.calls.iter().enumerate() {
        if (lead + i).is_multiple_of(4) && i > 0 {
            out.push_str("</tr><tr>");
        }
        let differs = i >= c.first || other.calls.get(i) != Some(&call);
        let class = if differs { " class=\"diff\"" } else { "" };
        let _ = write!(
            out,
            "<td{class} title=\"{}\">{}</td>",
            escape(&side.rule_at(i)),
            call_html(call_token(call))
        );
    }
    let _ = writeln!(
        out,
        "</tr></table><p>Contract: <b>{}</b></p></div>",
        escape(&side.contract_text())
    );
    out
}

/// The page header and style.
const HTML_HEAD: &str = r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>bidbook regress</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; }
h2 small { font-weight: normal; color: #666; font-size: 0.7em; }
.deal { border-top: 1px solid #ccc; padding-top: 0.5em; margin-top: 1.5em; }
.row { display: flex; gap: 2.5em; align-items: flex-start; flex-wrap: wrap; }
.diagram td { vertical-align: top; padding: 0.3em 0.8em; }
.compass { text-align: center; border: 1px solid #999; color: #999; font-size: 0.8em; }
.hand { font-family: ui-monospace, monospace; white-space: nowrap; }
.auction table { border-collapse: collapse; }
.auction th, .auction td { padding: 0.2em 0.7em; text-align: center; min-width: 3em; }
.auction th { border-bottom: 1px solid #999; }
.diff { background: #ffe08a; font-weight: bold; }
.s, .c { color: #000; } .h, .d { color: #c00; }
.prefixes td, .prefixes th { padding: 0.1em 0.8em; text-align: left; }
</style>
</head>
<body>
"#;

#[cfg(test)]
mod tests {
    use super::*;
    use bridge::auction::Bidding;
    use bridge::deal::parse_pbn_deal;

    fn side(auction: &str, dealer: Seat, rule: &str) -> Side {
        let b = Bidding::parse(auction, dealer).unwrap();
        Side {
            calls: b.calls().to_vec(),
            rules: b.calls().iter().map(|_| Some(rule.to_owned())).collect(),
            contract: b.contract(),
        }
    }

    fn change() -> Change {
        Change {
            origin: "deals.pbn:12".to_owned(),
            board: Some(3),
            dealer: Seat::South,
            vulnerability: Vulnerability::EW,
            deal: parse_pbn_deal(
                "N:AKQ2.K52.J83.Q74 JT9.QJ9.KQ9.AK32 876.T876.A76.J98 543.A43.T542.T65",
            )
            .unwrap(),
            base: side("1N P 2C P 2D P P P", Seat::South, "#1"),
            new: side("1N P 3N P P P", Seat::South, "#2"),
            first: 2,
            score: None,
        }
    }

    #[test]
    fn text_names_the_first_difference_and_both_contracts() {
        let report = Report {
            names: ("base".into(), "new".into()),
            deals: 10,
            skipped: 1,
            changes: vec![change()],
            scored: false,
        };
        let text = report.text();
        assert!(
            text.contains("first difference at call 3 (N): base 2C (#1), new 3N (#2)"),
            "{text}"
        );
        assert!(text.contains("2D by S"), "{text}");
        assert!(text.contains("3NT by S"), "{text}");
        assert!(text.contains("10 deals, 1 changed, 1 skipped"), "{text}");
        assert!(text.contains("     1  1N P"), "{text}");
        let json = report.json();
        assert_eq!(
            json["changes"][0]["first_difference"], 3,
            "counted from 1, as the text"
        );
        assert_eq!(json["changes"][0]["new"]["contract"], "3NT");
        assert_eq!(json["by_prefix"][0]["prefix"], "1N P");
    }

    #[test]
    fn html_has_diagram_auctions_and_marks_differences() {
        let report = Report {
            names: ("stored".into(), "now".into()),
            deals: 1,
            skipped: 0,
            changes: vec![change()],
            scored: false,
        };
        let html = report.html();
        assert!(html.contains("<b>North</b>"));
        assert!(html.contains("♠</span> AKQ2"), "{html}");
        assert!(html.contains("class=\"diff\""));
        assert!(html.contains("3<span class=\"s\">") || html.contains("3NT"));
        assert!(html.ends_with("</html>\n"));
    }

    #[test]
    fn scored_changes_give_net_imps_per_board_and_gains_and_losses_by_prefix() {
        let mut lost = change();
        lost.score = Some(ChangeScore {
            base_tricks: Some(8),
            new_tricks: Some(8),
            base_score: -90,
            new_score: 300,
            imps: -8,
        });
        let mut won = change();
        won.score = Some(ChangeScore {
            imps: 2,
            ..lost.score.unwrap()
        });
        let report = Report {
            names: ("base".into(), "new".into()),
            deals: 4,
            skipped: 0,
            changes: vec![lost, won],
            scored: true,
        };
        let net = report.net_imps();
        assert_eq!(net.net, -6);
        assert!((net.per_board + 1.5).abs() < 1e-12);
        // Boards -8, 2, 0, 0 about their mean -1.5: squares 59, sample
        // variance 59 / 3, standard error sqrt(59 / 3 / 4).
        assert!(
            (net.standard_error - (59.0f64 / 12.0).sqrt()).abs() < 1e-12,
            "{net:?}"
        );
        let groups = report.imps_by_prefix();
        assert_eq!(groups.len(), 1);
        assert_eq!(
            (groups[0].count, groups[0].gained, groups[0].lost),
            (2, 2, -8)
        );
        let text = report.text();
        assert!(text.contains("Net IMPs for the new rulebook: -6 over 4 deals = -1.500 IMPs per board (standard error 2.217)"), "{text}");
        assert!(text.contains("8 DD tricks, -90"), "{text}");
        let json = report.json();
        assert_eq!(json["score"]["net_imps"], -6);
        assert_eq!(json["changes"][0]["score"]["imps"], -8);
        assert_eq!(json["changes"][0]["score"]["side"], "NS");
        assert!(report.html().contains("DD tricks: <b>8</b>"));
    }
}

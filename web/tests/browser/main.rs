//! The page in a real browser: `web/build.sh` builds it, a tiny server
//! serves it on localhost, headless Chromium loads it over the DevTools
//! protocol, and the test uses it as a person would — types hands and
//! auctions, clicks cards and the bidding box, deals, pastes a rulebook —
//! reading the answers from the page and holding them against the command
//! line's (`bidbook bid --json`, `explain --json`, `auction --json
//! --explain`). Screenshots of every view are saved under the test's output
//! (`target/tmp/browser/`), and the page's own time to its first answer is
//! printed.
//!
//! Skips with a printed reason when Chromium or the wasm tools are missing;
//! under `CI=true` that is a failure.

mod cdp;
mod static_server;
mod tools;

use bidbook::auction_args::{TableArgs, replay};
use bidbook::cmd;
use bidbook::deal_input::{InputGame, random_board};
use bidbook::deal_output::{recorded_auction, write_json};
use bridge::auction::{Vulnerability, call_token};
use bridge::hand::format_hand;
use bridge::random::DealGenerator;
use cdp::Browser;
use contract_bridge::Seat;
use deal_formats::Board;
use engine::analysis::bid_deal::bid_deal;
use engine::resolve::hand_eval::HandEval;
use engine::rulebook::{self, Rulebook, RulebookSource};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// A JavaScript literal for `s`.
fn js(s: &str) -> String {
    serde_json::to_string(s).expect("a string")
}

/// What `bidbook bid --json` prints for this input, parsed.
fn cli_bid(
    rulebook: &Rulebook,
    hand: &str,
    auction: &str,
    dealer: Seat,
    vul: Vulnerability,
) -> Value {
    let mut scratch = rulebook.book.scratch();
    let args = TableArgs { dealer, vul };
    let table = replay(rulebook, auction, &args, &mut scratch).expect("a legal auction");
    let hand = HandEval::new(bridge::hand::parse_hand(hand).expect("a hand"));
    let line = cmd::bid::render(rulebook, &table, &hand, &mut scratch, true, false);
    serde_json::from_str(&line).expect("bid --json is JSON")
}

/// What `bidbook explain --json` prints for this auction, parsed.
fn cli_explain(rulebook: &Rulebook, auction: &str, dealer: Seat, vul: Vulnerability) -> Value {
    let mut scratch = rulebook.book.scratch();
    let args = TableArgs { dealer, vul };
    let table = replay(rulebook, auction, &args, &mut scratch).expect("a legal auction");
    serde_json::from_str(&cmd::explain::render(rulebook, &table, true)).expect("JSON")
}

/// Line `board` of `bidbook auction --random BOARD --seed SEED --json --explain`, parsed.
fn cli_deal(rulebook: &Rulebook, seed: u32, board: u32) -> Value {
    let deal = DealGenerator::new(u64::from(seed))
        .nth(board as usize - 1)
        .expect("a deal");
    let game = InputGame::Random(random_board(board, deal.into()));
    let mut scratch = rulebook.book.scratch();
    let bidden = cmd::auction::bid_game(rulebook, &game, &mut scratch).expect("a full deal");
    let auction = recorded_auction(rulebook, &bidden, true);
    let mut line = Vec::new();
    write_json(&mut line, rulebook, game.board(), &bidden, &auction).expect("written");
    serde_json::from_slice(&line).expect("JSON")
}

/// A shown range as the page writes it.
fn range(r: &Value, top: i64) -> String {
    let (min, max) = (r[0].as_i64().unwrap(), r[1].as_i64().unwrap());
    if min == max {
        min.to_string()
    } else if max >= top {
        if min == 0 {
            "—".to_string()
        } else {
            format!("{min}+")
        }
    } else {
        format!("{min}–{max}")
    }
}

/// Bid cases: hands and auctions met when the rulebook bids random deals,
/// at every stage of the auction.
fn bid_cases(rulebook: &Rulebook, count: usize) -> Vec<(String, String, Seat, Vulnerability)> {
    let mut scratch = rulebook.book.scratch();
    DealGenerator::new(2026)
        .take(count)
        .enumerate()
        .map(|(i, deal)| {
            let board = Board::numbered(i as u32 + 1, deal.into());
            let (dealer, vul) = (board.effective_dealer(), board.effective_vulnerability());
            let bidden = bid_deal(&rulebook.book, &deal, dealer, vul, &mut scratch);
            let calls = bidden.calls();
            let k = (i * 7) % calls.len();
            let auction: Vec<&str> = calls[..k].iter().map(|&c| call_token(c)).collect();
            let seat = bidden.table.bidding().seat_at(k);
            (format_hand(deal[seat]), auction.join(" "), dealer, vul)
        })
        .collect()
}

fn vul_word(vul: Vulnerability) -> &'static str {
    match vul {
        Vulnerability::None => "None",
        Vulnerability::NS => "NS",
        Vulnerability::EW => "EW",
        Vulnerability::Both => "Both",
    }
}

/// Types a bid case into the Bid view and reads the answer.
const READ_BID: &str = r#"(() => {
  const q = (id) => document.getElementById(id);
  const out = q('bid-result');
  return {
    call: q('bid-call') ? q('bid-call').dataset.call : null,
    explanation: q('bid-explanation') ? q('bid-explanation').textContent : null,
    meaning: q('bid-meaning') ? q('bid-meaning').textContent : null,
    rule: q('bid-rule') ? q('bid-rule').textContent : null,
    error: out.querySelector('.error') ? out.querySelector('.error').textContent : null,
    considered: out.querySelectorAll('#bid-considered tbody tr').length,
  };
})()"#;

fn type_bid(
    browser: &mut Browser,
    hand: &str,
    auction: &str,
    dealer: Seat,
    vul: Vulnerability,
) -> Value {
    browser.eval(&format!(
        r#"(() => {{
  const set = (id, v) => {{ const e = document.getElementById(id); e.value = v; e.dispatchEvent(new Event('input', {{ bubbles: true }})); }};
  set('bid-dealer', {}); set('bid-vul', {}); set('bid-auction', {}); set('bid-hand', {});
}})()"#,
        js(&dealer.letter().to_string()),
        js(vul_word(vul)),
        js(auction),
        js(hand)
    ));
    browser.eval(READ_BID)
}

/// Clicks a hand into the card grid and an auction into the bidding box.
fn click_bid(browser: &mut Browser, hand: &str, auction: &str) -> Value {
    let mut script = String::from(
        "(() => { document.querySelectorAll('#bid-cards [aria-pressed=\"true\"]').forEach((b) => b.click());\n\
         const a = document.getElementById('bid-auction'); a.value = ''; a.dispatchEvent(new Event('input'));\n",
    );
    for (suit, cards) in ["S", "H", "D", "C"].iter().zip(hand.split('.')) {
        for rank in cards.chars() {
            script += &format!("document.querySelector('[data-card=\"{suit}{rank}\"]').click();\n");
        }
    }
    for call in auction.split_whitespace() {
        script +=
            &format!("document.querySelector('#bid-box button[data-call=\"{call}\"]').click();\n");
    }
    script += "})()";
    browser.eval(&script);
    browser.eval(READ_BID)
}

fn check_bid(page: &Value, cli: &Value, what: &str) {
    assert_eq!(
        page["error"],
        Value::Null,
        "{what}: the page says {}",
        page["error"]
    );
    assert_eq!(page["call"], cli["call"], "{what}: the call");
    assert_eq!(page["meaning"], cli["meaning"], "{what}: the meaning");
    let explanation = if cli["no_rule"] == Value::Bool(true) {
        json!("No rule holds: Pass by default")
    } else {
        cli["explanation"].clone()
    };
    assert_eq!(page["explanation"], explanation, "{what}: the explanation");
    let rule = page["rule"].as_str().unwrap_or_default();
    match cli["rule"].as_str() {
        Some(r) => assert!(
            rule.starts_with(&format!("{r}, priority {}", cli["priority"])),
            "{what}: rule {rule}, expected {r}"
        ),
        None => assert_eq!(rule, "none", "{what}"),
    }
}

fn type_explain(browser: &mut Browser, auction: &str, dealer: &str, vul: &str) {
    browser.eval(&format!(
        r#"(() => {{
  const set = (id, v) => {{ const e = document.getElementById(id); e.value = v; e.dispatchEvent(new Event('input', {{ bubbles: true }})); }};
  set('explain-dealer', {}); set('explain-vul', {}); set('explain-auction', {});
}})()"#,
        js(dealer),
        js(vul),
        js(auction)
    ));
}

const READ_EXPLAIN: &str = r#"(() => {
  const rows = [...document.querySelectorAll('#explain-calls tbody tr')].filter((r) => r.querySelector('[data-call]'));
  const players = {};
  for (const r of document.querySelectorAll('#explain-players tbody tr')) {
    players[r.dataset.seat] = { hcp: r.querySelector('.hcp').textContent,
      S: r.querySelector('.len-S').textContent, H: r.querySelector('.len-H').textContent,
      D: r.querySelector('.len-D').textContent, C: r.querySelector('.len-C').textContent };
  }
  return { calls: rows.map((r) => ({ call: r.querySelector('[data-call]').dataset.call, meaning: r.querySelector('.meaning').textContent })), players };
})()"#;

fn check_explain(page: &Value, cli: &Value, what: &str) {
    let calls = cli["calls"].as_array().unwrap();
    assert_eq!(
        page["calls"].as_array().unwrap().len(),
        calls.len(),
        "{what}: the calls"
    );
    for (p, c) in page["calls"].as_array().unwrap().iter().zip(calls) {
        assert_eq!(p["call"], c["call"], "{what}");
        let expected = if c["unexplained"] == Value::Bool(true) {
            "unexplained: no rule proposes this call".to_string()
        } else {
            format!(
                "{}{}{}",
                c["explanation"].as_str().unwrap(),
                c["shows"].as_str().unwrap(),
                if c["alert"] == Value::Bool(true) {
                    "Alert"
                } else {
                    ""
                }
            )
        };
        assert_eq!(p["meaning"], json!(expected), "{what}: {}", c["call"]);
    }
    for seat in ["N", "E", "S", "W"] {
        let shown = &cli["players"][seat];
        let row = &page["players"][seat];
        assert_eq!(
            row["hcp"],
            json!(range(&shown["hcp"], 37)),
            "{what}: {seat}'s HCP"
        );
        for suit in ["S", "H", "D", "C"] {
            assert_eq!(
                row[suit],
                json!(range(&shown["length"][suit], 13)),
                "{what}: {seat}'s {suit}"
            );
        }
    }
}

#[test]
fn the_page_answers_as_the_command_line_does() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let chromium = match tools::chromium() {
        Ok(c) => c,
        Err(why) => return tools::missing(&why),
    };
    if let Err(why) = tools::wasm_tools(crate_dir) {
        return tools::missing(&why);
    }
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("browser");
    let dist = out.join("dist");
    std::fs::create_dir_all(&out).unwrap();
    tools::build_page(crate_dir, &dist);
    let wasm = std::fs::metadata(dist.join("bidbook_web_bg.wasm"))
        .unwrap()
        .len();
    println!("wasm module: {wasm} bytes");
    let url = static_server::serve(&dist);
    let profile = out.join("profile");
    let _ = std::fs::remove_dir_all(&profile);
    let mut browser = Browser::start(&chromium, &profile);
    let rulebook = rulebook::load(&RulebookSource::Embedded).unwrap();

    // Load: the page times itself.
    browser.viewport(1000, 900, false);
    browser.open(
        &url,
        "document.body.dataset.ready === 'true' && window.bidbookTiming.firstAnswer !== undefined",
    );
    let timing = browser.eval("JSON.stringify(window.bidbookTiming)");
    println!(
        "page timing (ms since navigation start): {}",
        timing.as_str().unwrap()
    );
    // Again, as a returning visitor: the browser may keep the compiled engine.
    std::thread::sleep(std::time::Duration::from_secs(2));
    browser.open(
        &url,
        "document.body.dataset.ready === 'true' && window.bidbookTiming.firstAnswer !== undefined",
    );
    let timing = browser.eval("JSON.stringify(window.bidbookTiming)");
    println!(
        "page timing, reloaded (ms since navigation start): {}",
        timing.as_str().unwrap()
    );
    let resources = "JSON.stringify(performance.getEntriesByType('resource').map((e) => e.name))";
    let fetched_at_load = browser.eval(resources);
    // Each file once: the preloads are the fetches the page makes.
    let names: Vec<String> = serde_json::from_str(fetched_at_load.as_str().unwrap()).unwrap();
    let mut distinct = names.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(
        distinct.len(),
        names.len(),
        "a file fetched twice: {names:?}"
    );
    assert!(
        names.iter().any(|n| n.ends_with("bidbook_web_bg.wasm")),
        "{names:?}"
    );
    let status = browser.eval("document.getElementById('status').textContent");
    assert!(
        status
            .as_str()
            .unwrap()
            .contains(&format!("{} rules", rulebook.book.rules().len())),
        "{status}"
    );

    // Bid: typed, a few dozen cases.
    let cases = bid_cases(&rulebook, 36);
    for (i, (hand, auction, dealer, vul)) in cases.iter().enumerate() {
        let page = type_bid(&mut browser, hand, auction, *dealer, *vul);
        let cli = cli_bid(&rulebook, hand, auction, *dealer, *vul);
        check_bid(
            &page,
            &cli,
            &format!(
                "case {i}: {hand} after [{auction}] dealer {} {vul:?}",
                dealer.letter()
            ),
        );
        assert!(
            page["considered"].as_u64().unwrap() > 0,
            "case {i}: no rule considered listed"
        );
    }
    // Bid: clicked in the card grid and the bidding box.
    for (hand, auction) in [
        ("AKQ2.K52.J83.Q74", ""),
        ("KQT52.A4.K73.Q82", "1N P"),
        ("K93.A8.QJT52.K43", "1D P 1H P"),
    ] {
        browser.eval("(() => { for (const [id, v] of [['bid-dealer','N'],['bid-vul','None']]) { const e = document.getElementById(id); e.value = v; e.dispatchEvent(new Event('input')); } })()");
        let page = click_bid(&mut browser, hand, auction);
        let cli = cli_bid(&rulebook, hand, auction, Seat::North, Vulnerability::None);
        check_bid(&page, &cli, &format!("clicked {hand} after [{auction}]"));
    }
    // The keyboard: arrows move between the views, Enter takes a call from
    // the bidding box.
    browser.eval("(() => { const a = document.getElementById('bid-auction'); a.value = '1N'; a.dispatchEvent(new Event('input')); document.getElementById('tab-bid').focus(); })()");
    browser.press("ArrowRight", 39);
    let view =
        browser.eval("[document.activeElement.id, document.getElementById('view-explain').hidden]");
    assert_eq!(view, json!(["tab-explain", false]));
    browser.press("ArrowLeft", 37);
    browser.eval("document.querySelector('#bid-box button[data-call=\"2C\"]').focus()");
    browser.press("Enter", 13);
    let auction = browser.eval("document.getElementById('bid-auction').value");
    assert_eq!(auction, json!("1N 2C"));

    // Bad input is shown, not thrown.
    let page = type_bid(
        &mut browser,
        "AKQ2.K52.J83",
        "",
        Seat::North,
        Vulnerability::None,
    );
    assert!(
        page["error"]
            .as_str()
            .is_some_and(|e| e.contains("bad hand")),
        "{page}"
    );
    let page = type_bid(
        &mut browser,
        "AKQ2.K52.J83.Q74",
        "1N 1C",
        Seat::North,
        Vulnerability::None,
    );
    assert!(page["error"].as_str().is_some(), "{page}");
    type_bid(
        &mut browser,
        "K93.A8.QJT52.K43",
        "1D P 1H P",
        Seat::North,
        Vulnerability::None,
    );
    browser.eval("document.getElementById('bid-considered').open = true");
    browser.screenshot(&out.join("bid.png"));

    // Explain: three auctions, then a call taken back with the box's Undo.
    browser.eval("document.getElementById('tab-explain').click()");
    for (auction, dealer, vul) in [
        ("1N P 2C P 2H", "N", "None"),
        ("P P 1S 2H", "W", "Both"),
        ("1H 2C X P 3D", "E", "NS"),
    ] {
        type_explain(&mut browser, auction, dealer, vul);
        let page = browser.eval(READ_EXPLAIN);
        let seat: Seat = dealer.parse().unwrap();
        let cli = cli_explain(&rulebook, auction, seat, vul.parse().unwrap());
        check_explain(&page, &cli, auction);
    }
    browser.eval("document.querySelector('#explain-box .undo').click()");
    let page = browser.eval(READ_EXPLAIN);
    let cli = cli_explain(&rulebook, "1H 2C X P", Seat::East, Vulnerability::NS);
    check_explain(&page, &cli, "1H 2C X P (3D undone)");
    browser.eval("document.querySelector('#explain-box button[data-call=\"2S\"]').click()");
    let page = browser.eval(READ_EXPLAIN);
    let cli = cli_explain(&rulebook, "1H 2C X P 2S", Seat::East, Vulnerability::NS);
    check_explain(&page, &cli, "1H 2C X P 2S (2S clicked)");
    browser.screenshot(&out.join("explain.png"));

    // Random deal: the page's board against `auction --random`.
    browser.eval("document.getElementById('tab-deal').click()");
    for (seed, board) in [(1u32, 1u32), (7, 5), (2026, 12)] {
        browser.eval(&format!(
            "(() => {{ document.getElementById('deal-seed').value = '{seed}'; document.getElementById('deal-board').value = '{board}'; document.getElementById('deal-show').click(); }})()"
        ));
        let page = browser.eval(
            "(() => ({ calls: [...document.querySelectorAll('#deal-auction [data-call]')].map((c) => c.dataset.call),
               notes: document.querySelectorAll('#deal-notes li').length,
               contract: document.getElementById('deal-contract').textContent,
               hands: [...document.querySelectorAll('#deal-diagram .hand')].length }))()",
        );
        let cli = cli_deal(&rulebook, seed, board);
        assert_eq!(page["calls"], cli["auction"], "seed {seed} board {board}");
        let notes = cli["calls"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c.get("note").is_some())
            .count();
        assert_eq!(
            page["notes"],
            json!(notes),
            "seed {seed} board {board}: notes"
        );
        assert_eq!(page["hands"], json!(4));
        let contract = page["contract"].as_str().unwrap();
        assert!(
            contract.contains(cli["contract"].as_str().unwrap()) || contract == "Passed out",
            "{contract}"
        );
    }
    browser.eval("document.querySelector('#deal-result details').open = true");
    browser.screenshot(&out.join("deal.png"));

    // Rulebook: a broken one shows every error with its line and caret; a
    // good one is used instead of SAYC; then back to SAYC.
    browser.eval("document.getElementById('tab-rules').click()");
    let broken = "1 1N 80 . :P15\n1 1S 50 @00P1[2-9]] :P12\n1 1H 50 . :P12\n";
    let expected = rulebook::load_texts("pasted", &[("database.txt", broken)])
        .unwrap_err()
        .to_string();
    let paste = |browser: &mut Browser, text: &str| {
        browser.eval(&format!(
            "(() => {{ document.getElementById('rules-main').value = {}; document.getElementById('rules-load').click(); }})()",
            js(text)
        ));
    };
    paste(&mut browser, broken);
    let shown = browser.eval("(() => { const e = document.getElementById('rules-error'); return e.hidden ? null : e.textContent; })()");
    assert_eq!(shown, json!(expected));
    assert!(
        expected.contains("pasted/database.txt:2:") && expected.contains('^'),
        "{expected}"
    );
    browser.screenshot(&out.join("rulebook-error.png"));
    paste(&mut browser, "1 7N 200 . . #99\n");
    let loaded = browser.eval("document.getElementById('rules-loaded').textContent");
    assert_eq!(loaded, json!("In use: pasted (1 rules)."));
    let page = type_bid(
        &mut browser,
        "AKQ2.K52.J83.Q74",
        "",
        Seat::North,
        Vulnerability::None,
    );
    assert_eq!(
        (page["call"].as_str(), page["rule"].as_str()),
        (
            Some("7N"),
            Some("#99, priority 200 (pasted/database.txt:1)")
        )
    );
    // Uploaded: the source, its macros and explanations as files.
    let upload = out.join("upload");
    std::fs::create_dir_all(&upload).unwrap();
    let files = [
        ("main.txt2", "1 1N 80 HCP(15,17) :P15:p17 *1 #1\n"),
        ("macros.m4", "define(HCP, `@00P~.[0$1,0$2+99*!0$2]~')\n"),
        ("explanations.txt", "1 !Strong notrump\n"),
    ];
    for (name, text) in files {
        std::fs::write(upload.join(name), text).unwrap();
    }
    let paths: Vec<PathBuf> = files.iter().map(|(n, _)| upload.join(n)).collect();
    browser.choose_files("#rules-files", &paths);
    browser.wait_for("document.getElementById('rules-explanations').value.includes('Strong')");
    browser.eval("document.getElementById('rules-load').click()");
    let loaded = browser.eval("document.getElementById('rules-loaded').textContent");
    assert_eq!(loaded, json!("In use: pasted (1 rules)."));
    let page = type_bid(
        &mut browser,
        "AKQ2.K52.J83.Q74",
        "",
        Seat::North,
        Vulnerability::None,
    );
    assert_eq!(
        (page["call"].as_str(), page["explanation"].as_str()),
        (Some("1N"), Some("Strong notrump"))
    );
    browser.eval("document.getElementById('rules-sayc').click()");
    let page = type_bid(
        &mut browser,
        "AKQ2.K52.J83.Q74",
        "",
        Seat::North,
        Vulnerability::None,
    );
    assert_eq!(page["call"], json!("1N"));

    // A phone-sized screen.
    browser.viewport(390, 844, true);
    browser.eval("document.getElementById('tab-bid').click()");
    type_bid(
        &mut browser,
        "KQT52.A4.K73.Q82",
        "1N P",
        Seat::North,
        Vulnerability::None,
    );
    browser.screenshot(&out.join("bid-phone.png"));
    browser.eval("document.getElementById('tab-deal').click()");
    browser.screenshot(&out.join("deal-phone.png"));
    // Nothing was fetched after the page had loaded.
    assert_eq!(
        browser.eval(resources),
        fetched_at_load,
        "the page fetched something after loading"
    );
    println!("screenshots in {}", out.display());
}

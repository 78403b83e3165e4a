//! What a new auction must not lose: the old contract's tags when they say
//! something bidbook cannot describe, and values later games inherit.

use bridge::auction::parse_call;
use contract_bridge::Seat;
use deal_formats::pbn::{PbnGame, PbnReader, write_game};
use deal_formats::{RecordedAuction, RecordedCall};

const DEAL: &str = "N:AKQ2.K52.J83.Q74 JT9.QJ9.KQ9.AK32 876.T876.A76.J98 543.A43.T542.T65";

fn games(text: &str) -> Vec<PbnGame> {
    PbnReader::new(text.as_bytes())
        .map(|r| r.unwrap())
        .collect()
}

fn auction(dealer: Seat, calls: &str) -> RecordedAuction {
    RecordedAuction {
        dealer,
        calls: calls
            .split_whitespace()
            .map(|c| RecordedCall::plain(parse_call(c).unwrap()))
            .collect(),
    }
}

/// Every game written with `new` (None: as read), as one text.
fn written(games: &[PbnGame], new: &[Option<RecordedAuction>]) -> String {
    let mut out = Vec::new();
    for (g, a) in games.iter().zip(new) {
        write_game(&mut out, g, a.as_ref()).unwrap();
    }
    String::from_utf8(out).unwrap()
}

#[test]
fn a_contract_without_declarer_is_kept_in_the_previous_block() {
    let text = format!(
        "[Board \"1\"]\n[Dealer \"N\"]\n[Deal \"{DEAL}\"]\n[Contract \"3NT\"]\n[Result \"9\"]\n"
    );
    let g = games(&text);
    let out = written(&g, &[Some(auction(Seat::North, "1C P 1S P P P"))]);
    let block = &out[out.find("{Previous").expect(&out)..];
    assert!(block.contains("[Contract \"3NT\"]"), "{out}");
    assert!(block.contains("[Result \"9\"]"), "{out}");
    assert!(out.contains("[Contract \"1S\"]"), "{out}");
}

#[test]
fn a_passed_out_board_written_as_dashes_keeps_its_tags() {
    let text = format!(
        "[Board \"1\"]\n[Dealer \"N\"]\n[Deal \"{DEAL}\"]\n[Declarer \"?\"]\n[Contract \"--\"]\n"
    );
    let g = games(&text);
    let out = written(&g, &[Some(auction(Seat::North, "1C P 1S P P P"))]);
    let block = &out[out.find("{Previous").expect(&out)..];
    assert!(block.contains("[Contract \"--\"]"), "{out}");
    assert!(block.contains("[Declarer \"?\"]"), "{out}");
}

#[test]
fn inherited_result_and_scores_are_written_out_in_full() {
    let text = format!(
        "[Board \"1\"]\n[Dealer \"N\"]\n[Deal \"{DEAL}\"]\n[Declarer \"N\"]\n[Contract \"1NT\"]\n\
         [Result \"7\"]\n[Score \"##NS 90\"]\n[Auction \"N\"]\n1NT Pass Pass Pass\n\n\
         [Board \"2\"]\n[Dealer \"E\"]\n[Deal \"{DEAL}\"]\n[Result \"#\"]\n[ScoreIMP \"#\"]\n\n\
         [Board \"3\"]\n[Dealer \"S\"]\n[Deal \"{DEAL}\"]\n"
    );
    let g = games(&text);
    assert_eq!(g[1].tag("Score"), Some("NS 90"));
    // Board 1 re-bid to another contract: its result and score go.
    let out = written(
        &g,
        &[Some(auction(Seat::North, "1C P 1S P P P")), None, None],
    );
    let back = games(&out);
    assert_eq!(back[0].tag("Result"), Some("?"), "{out}");
    assert_eq!(back[0].tag("Score"), None, "{out}");
    // Boards 2 and 3 keep what they meant.
    for (k, g) in g.iter().enumerate().skip(1) {
        for name in ["Result", "Score", "ScoreIMP"] {
            assert_eq!(
                back[k].tag(name),
                g.tag(name),
                "board {}: {name}\n{out}",
                k + 1
            );
        }
    }
    assert!(!out.contains("\"#"), "{out}");
}

#[test]
fn unquoted_tag_values_are_read_with_a_warning_and_written_quoted() {
    // As Table Manager / WBridge5 export.
    let text = format!(
        "[Event Random Deal #]\n[Board 3]\n[Dealer S]\n[Vulnerable EW]\n[Deal \"{DEAL}\"]\n\
         [Contract 4S]\n[Result 10]\n"
    );
    let g = games(&text);
    assert_eq!(g.len(), 1);
    assert_eq!(g[0].tag("Event"), Some("Random Deal #"));
    let b = g[0].board();
    assert_eq!((b.number, b.dealer), (Some(3), Some(Seat::South)));
    assert!(
        g[0].warning().unwrap().contains("without quotes"),
        "{:?}",
        g[0].warning()
    );
    let out = written(&g, &[Some(auction(Seat::South, "1C P 1S P P P"))]);
    let back = games(&out);
    assert_eq!(back[0].tag("Event"), Some("Random Deal #"), "{out}");
    assert_eq!(back[0].tag("Contract"), Some("1S"), "{out}");
    assert!(out.contains("[Contract \"1S\"]"), "{out}");
    assert!(out.contains("[Result \"?\"]"), "{out}");
}

#[test]
fn notes_written_into_a_latin1_game_are_plain_ascii_where_latin1_lacks_a_character() {
    let mut text =
        format!("[Event \"M\u{fc}ller\"]\n[Dealer \"N\"]\n[Deal \"{DEAL}\"]\n").into_bytes();
    // Latin-1: ü as one byte.
    let at = text
        .windows(2)
        .position(|w| w == "\u{fc}".as_bytes())
        .unwrap();
    text.splice(at..at + 2, [0xfc]);
    let g: Vec<PbnGame> = PbnReader::new(text.as_slice())
        .map(|r| r.unwrap())
        .collect();
    let mut new = auction(Seat::North, "1C P 1S P P P");
    new.calls[0].note = Some("10\u{2013}21 HCP, 3+ \u{2663}".to_owned());
    let mut out = Vec::new();
    write_game(&mut out, &g[0], Some(&new)).unwrap();
    assert!(
        out.windows(b"10-21 HCP, 3+ C".len())
            .any(|w| w == b"10-21 HCP, 3+ C"),
        "{}",
        String::from_utf8_lossy(&out)
    );
    assert!(out.contains(&0xfc), "still Latin-1");
}

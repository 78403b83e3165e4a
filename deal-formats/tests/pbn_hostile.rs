//! Hostile PBN input: files built to make a reader slow or its messages
//! huge. Nothing here times anything; each test only has to finish (in a
//! fraction of a second when reading is linear, minutes when it is not).

use deal_formats::ReadError;
use deal_formats::pbn::PbnReader;

const DEAL: &str =
    "[Deal \"N:AKQ2.K52.J83.Q74 JT9.QJ9.KQ9.AK32 876.T876.A76.J98 543.A43.T542.T65\"]\n";

#[test]
fn one_game_with_a_great_many_tags_reads_in_linear_time() {
    let n = 80_000;
    let mut file = String::with_capacity(n * 16);
    file.push_str(DEAL);
    for k in 0..n {
        file.push_str(&format!("[T{k} \"v\"]\n"));
    }
    file.push_str("[T7 \"again\"]\n");
    let games: Vec<_> = PbnReader::new(file.as_bytes()).collect();
    assert_eq!(games.len(), 1);
    let g = games[0].as_ref().unwrap();
    assert_eq!(g.tags().count(), n + 2);
    // The repeat is ignored.
    assert_eq!(g.tag("T7"), Some("v"));
}

#[test]
fn a_new_tag_name_in_every_game_reads_in_linear_time() {
    let n = 80_000;
    let mut file = String::with_capacity(n * 110);
    for k in 0..n {
        file.push_str(&format!("[Tag{k} \"#\"]\n{DEAL}\n"));
    }
    file.push_str(&format!("[Tag7 \"#\"]\n[Tag8 \"x\"]\n{DEAL}"));
    let games: Vec<_> = PbnReader::new(file.as_bytes())
        .map(|g| g.unwrap())
        .collect();
    assert_eq!(games.len(), n + 1);
    assert_eq!(games[n].tag("Tag7"), Some(""));
}

#[test]
fn a_huge_value_is_cut_in_messages() {
    let value = "Q".repeat(1 << 20);
    let file = format!("[Deal \"N:{value}\"]\n");
    let games: Vec<_> = PbnReader::new(file.as_bytes()).collect();
    match &games[..] {
        [Err(ReadError::Skipped(s))] => {
            assert!(
                s.why.len() < 300,
                "{} bytes: {}…",
                s.why.len(),
                &s.why[..300]
            );
            assert!(s.why.contains('…'), "{}", s.why);
        }
        other => panic!("{:?}", other.len()),
    }
}

#[test]
fn a_huge_lin_hand_is_cut_in_messages() {
    let hand = "S".to_owned() + &"A".repeat(1 << 16);
    let file = format!("md|1{hand},,,|\n");
    let games: Vec<_> = deal_formats::lin::LinReader::new(file.as_bytes()).collect();
    match &games[..] {
        [Err(ReadError::Skipped(s))] => {
            assert!(s.why.len() < 300, "{} bytes", s.why.len());
        }
        other => panic!("{:?}", other.len()),
    }
}

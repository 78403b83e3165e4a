//! The standard duplicate scoring table (`tests/data/duplicate_scores.txt`,
//! written by hand) against [`scoring::score`] and [`scoring::ns_score`].

use contract_bridge::{AbsoluteVulnerability, Contract, Seat};

#[test]
fn every_row_of_the_scoring_table() {
    let text = include_str!("data/duplicate_scores.txt");
    let mut rows = 0;
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [contract, tricks, vul, expected] = fields[..] else {
            panic!("line {line_no}: expected 4 fields: {line}");
        };
        let tricks: u8 = tricks.parse().expect("tricks");
        let vulnerable = match vul {
            "nv" => false,
            "v" => true,
            _ => panic!("line {line_no}: vulnerability {vul}"),
        };
        let expected: i32 = expected.parse().expect("score");
        let vul = if vulnerable {
            AbsoluteVulnerability::ALL
        } else {
            AbsoluteVulnerability::NONE
        };
        if contract == "Pass" {
            assert_eq!(scoring::ns_score(None, vul), expected, "line {line_no}");
        } else {
            let contract: Contract = contract.parse().expect("contract");
            assert_eq!(
                scoring::score(contract, tricks, vulnerable),
                expected,
                "line {line_no}: {line}"
            );
            // The same result on the North-South scale, for either side.
            let played = Some((contract, Seat::South, tricks));
            assert_eq!(scoring::ns_score(played, vul), expected, "line {line_no}");
            let played = Some((contract, Seat::West, tricks));
            assert_eq!(scoring::ns_score(played, vul), -expected, "line {line_no}");
        }
        rows += 1;
    }
    assert_eq!(rows, 318, "rows in the table");
}

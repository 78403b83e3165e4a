//! PBN's `OptimumResultTable` section (PBN 2.1, section 5.7): the
//! double-dummy table as a supplemental table section.
//!
//! The tag value names the columns; the predefined ones are `Declarer`
//! (W, N, E, S), `Denomination` (S, H, D, C, NT) and `Result` (tricks won
//! by declarer, 0–13). Bridge Composer and this module write
//!
//! ```text
//! [OptimumResultTable "Declarer;Denomination\2R;Result\2R"]
//! N NT  8
//! N  S  9
//! …
//! W  C  4
//! ```
//!
//! — 20 rows, declarers N, S, E, W, each with NT, S, H, D, C; in PBN's
//! export format the elements of a row are separated by one space, and
//! `\2R` asks for a minimum width of 2, right-aligned.
//!
//! [`parse`] reads the import format: columns in any order (found by name,
//! `+`/`-` order marks and `\width` suffixes ignored), extra user columns
//! (quoted string elements included), any number of elements per line,
//! rows in any order, fewer than 20 rows, and `?` / `-` results (unknown /
//! irrelevant) left unsolved. What it returns is a [`PartialTable`].

use crate::table::{DdMask, DdTable, PartialTable};
use contract_bridge::{Seat, Strain};
use core::fmt::Write as _;
use thiserror::Error;

/// The tag value this module writes.
pub const TAG_VALUE: &str = r"Declarer;Denomination\2R;Result\2R";

/// The declarers in the order rows are written.
pub const DECLARERS: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];

/// Why an `OptimumResultTable` section could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OptimumResultTableError {
    /// The tag value lacks one of the three columns needed.
    #[error("the tag value has no {0} column")]
    MissingColumn(&'static str),
    /// The elements do not fill whole rows.
    #[error("{elements} table elements do not make rows of {columns}")]
    RaggedRows {
        /// Elements found.
        elements: usize,
        /// Columns per row.
        columns: usize,
    },
    /// A row's declarer, denomination or result cannot be read.
    #[error("row {row}: bad {column} '{found}'")]
    BadElement {
        /// 1-based row number.
        row: usize,
        /// The column.
        column: &'static str,
        /// What was found.
        found: String,
    },
    /// Two rows give different results for one declarer and strain.
    #[error("row {row}: a second, different result for {declarer} {strain}")]
    Conflict {
        /// 1-based row number of the second row.
        row: usize,
        /// The declarer's letter.
        declarer: char,
        /// The strain.
        strain: Strain,
    },
}

fn strain_text(strain: Strain) -> &'static str {
    match strain {
        Strain::Notrump => "NT",
        Strain::Spades => "S",
        Strain::Hearts => "H",
        Strain::Diamonds => "D",
        Strain::Clubs => "C",
    }
}

/// The 20 rows for `table` in export format, each ending in `\n`.
#[must_use]
pub fn format_rows(table: &DdTable) -> String {
    let mut out = String::with_capacity(20 * 8);
    for seat in DECLARERS {
        for strain in Strain::DESC {
            writeln!(
                out,
                "{} {:>2} {:>2}",
                seat.letter(),
                strain_text(strain),
                table.get(seat, strain)
            )
            .expect("writing to a String");
        }
    }
    out
}

/// The whole section: the tag line with [`TAG_VALUE`] and the 20 rows.
#[must_use]
pub fn format_section(table: &DdTable) -> String {
    format!(
        "[OptimumResultTable \"{TAG_VALUE}\"]\n{}",
        format_rows(table)
    )
}

/// The column names of a tag value, without order marks and widths.
fn column_names(tag_value: &str) -> Vec<&str> {
    tag_value
        .split(';')
        .map(|name| {
            let name = name.trim().trim_start_matches(['+', '-']);
            name.split('\\').next().unwrap_or(name).trim()
        })
        .collect()
}

/// The table elements of the section data: whitespace-separated tokens,
/// a quoted string (with `\"` and `\\` escapes) counting as one.
fn elements(rows: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = rows.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
        } else if c == '"' {
            chars.next();
            let mut s = String::from('"');
            while let Some(c) = chars.next() {
                match c {
                    '\\' => {
                        if let Some(n) = chars.next() {
                            s.push(n);
                        }
                    }
                    '"' => break,
                    c => s.push(c),
                }
            }
            out.push(s);
        } else {
            let mut s = String::new();
            while let Some(&c) = chars.peek() {
                if c.is_whitespace() {
                    break;
                }
                s.push(c);
                chars.next();
            }
            out.push(s);
        }
    }
    out
}

fn parse_declarer(s: &str) -> Option<Seat> {
    match s.to_ascii_uppercase().as_str() {
        "N" => Some(Seat::North),
        "E" => Some(Seat::East),
        "S" => Some(Seat::South),
        "W" => Some(Seat::West),
        _ => None,
    }
}

fn parse_strain(s: &str) -> Option<Strain> {
    match s.to_ascii_uppercase().as_str() {
        "S" => Some(Strain::Spades),
        "H" => Some(Strain::Hearts),
        "D" => Some(Strain::Diamonds),
        "C" => Some(Strain::Clubs),
        "NT" | "N" => Some(Strain::Notrump),
        _ => None,
    }
}

/// Read an `OptimumResultTable` section: its tag value (the column names)
/// and its section data (the rows).
///
/// # Errors
///
/// When a needed column is missing, the elements do not fill whole rows, an
/// element cannot be read, or two rows disagree about one cell.
pub fn parse(tag_value: &str, rows: &str) -> Result<PartialTable, OptimumResultTableError> {
    let names = column_names(tag_value);
    let find = |wanted: &'static str| {
        names
            .iter()
            .position(|n| n.eq_ignore_ascii_case(wanted))
            .ok_or(OptimumResultTableError::MissingColumn(wanted))
    };
    let (declarer_col, strain_col, result_col) =
        (find("Declarer")?, find("Denomination")?, find("Result")?);
    let columns = names.len();
    let elements = elements(rows);
    if !elements.len().is_multiple_of(columns) {
        return Err(OptimumResultTableError::RaggedRows {
            elements: elements.len(),
            columns,
        });
    }

    let mut table = DdTable::default();
    let mut solved = DdMask::NONE;
    for (i, row) in elements.chunks(columns).enumerate() {
        let bad = |column, found: &str| OptimumResultTableError::BadElement {
            row: i + 1,
            column,
            found: found.to_owned(),
        };
        let declarer = parse_declarer(&row[declarer_col])
            .ok_or_else(|| bad("Declarer", &row[declarer_col]))?;
        let strain =
            parse_strain(&row[strain_col]).ok_or_else(|| bad("Denomination", &row[strain_col]))?;
        let result = &row[result_col];
        if result == "?" || result == "-" {
            continue;
        }
        let tricks = result
            .parse::<u8>()
            .ok()
            .filter(|&t| t <= 13)
            .ok_or_else(|| bad("Result", result))?;
        if solved.contains(declarer, strain) {
            if table.get(declarer, strain) != tricks {
                return Err(OptimumResultTableError::Conflict {
                    row: i + 1,
                    declarer: declarer.letter(),
                    strain,
                });
            }
            continue;
        }
        table.set(declarer, strain, tricks);
        solved = solved | DdMask::cell(declarer, strain);
    }
    Ok(PartialTable::new(solved, table))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> DdTable {
        let mut t = DdTable::default();
        for (i, seat) in Seat::ALL.into_iter().enumerate() {
            for (j, strain) in Strain::ASC.into_iter().enumerate() {
                t.set(seat, strain, u8::try_from((i * 5 + j) % 14).unwrap());
            }
        }
        t
    }

    #[test]
    fn writes_export_format() {
        let t = sample();
        let text = format_section(&t);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 21);
        assert_eq!(
            lines[0],
            r#"[OptimumResultTable "Declarer;Denomination\2R;Result\2R"]"#
        );
        // North, notrump (row 4 of the ascending order, seat 0): 4.
        assert_eq!(lines[1], "N NT  4");
        assert_eq!(lines[2], "N  S  3");
        // South (seat 2), notrump: (10 + 4) % 14 = 0; spades 13.
        assert_eq!(lines[6], "S NT  0");
        assert_eq!(lines[7], "S  S 13");
        assert_eq!(lines[20], "W  C  1");
    }

    #[test]
    fn round_trip() {
        let t = sample();
        let p = parse(TAG_VALUE, &format_rows(&t)).unwrap();
        assert_eq!(p.full(), Some(t));
    }

    /// The import format: other column order, an extra quoted column, a
    /// sort mark, rows split over lines, unknown results, a partial table.
    #[test]
    fn reads_import_format() {
        let tag = r#"Result\2R;+Declarer;Comment;Denomination"#;
        let rows = "10 N \"so-so, really\" S  9 E \"\" NT\n ? W x H  7 S \"a \\\"quote\\\"\" C";
        let p = parse(tag, rows).unwrap();
        assert_eq!(p.get(Seat::North, Strain::Spades), Some(10));
        assert_eq!(p.get(Seat::East, Strain::Notrump), Some(9));
        assert_eq!(p.get(Seat::West, Strain::Hearts), None);
        assert_eq!(p.get(Seat::South, Strain::Clubs), Some(7));
        assert_eq!(p.solved().len(), 3);
    }

    /// The partial table in deal-formats' Bridge Composer sample file.
    #[test]
    fn reads_a_partial_table_with_wide_spacing() {
        let p = parse(TAG_VALUE, "N  NT  7\nN   S  8\nE  NT  9\nE   H  8\n").unwrap();
        assert_eq!(p.get(Seat::North, Strain::Notrump), Some(7));
        assert_eq!(p.get(Seat::East, Strain::Hearts), Some(8));
        assert_eq!(p.solved().len(), 4);
        assert_eq!(p.full(), None);
    }

    #[test]
    fn errors() {
        assert_eq!(
            parse("Declarer;Result", "N 7"),
            Err(OptimumResultTableError::MissingColumn("Denomination"))
        );
        assert!(matches!(
            parse(TAG_VALUE, "N NT 7 S"),
            Err(OptimumResultTableError::RaggedRows {
                elements: 4,
                columns: 3
            })
        ));
        assert_eq!(
            parse(TAG_VALUE, "N NT 7\nS X 7"),
            Err(OptimumResultTableError::BadElement {
                row: 2,
                column: "Denomination",
                found: "X".into()
            })
        );
        assert!(matches!(
            parse(TAG_VALUE, "N NT 14"),
            Err(OptimumResultTableError::BadElement {
                column: "Result",
                ..
            })
        ));
        assert!(matches!(
            parse(TAG_VALUE, "Q NT 1"),
            Err(OptimumResultTableError::BadElement {
                column: "Declarer",
                ..
            })
        ));
        assert_eq!(
            parse(TAG_VALUE, "N NT 7\nN NT 8"),
            Err(OptimumResultTableError::Conflict {
                row: 2,
                declarer: 'N',
                strain: Strain::Notrump
            })
        );
        // The same result twice is not a conflict.
        assert!(parse(TAG_VALUE, "N NT 7\nN NT 7").is_ok());
    }
}

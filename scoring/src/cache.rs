//! A file of solved double-dummy tables, so random deals are solved once
//! (`--dd-cache FILE`).
//!
//! # Format
//!
//! Plain text, one deal a line:
//!
//! ```text
//! # bidbook dd-cache 1
//! N:KT5.AJ8543.KJ.K5 Q6432.T62.7.T973 AJ9.Q9.QT963.862 87.K7.A8542.AQJ4 899897a8a74535545253
//! ```
//!
//! * the deal in PBN form, written from North (`N:` and the hands N, E, S,
//!   W; any PBN first seat is read);
//! * one space;
//! * the table as 20 hex digits in Bridge Composer's `DoubleDummyTricks`
//!   order — declarers N, S, E, W, each over NT, S, H, D, C (see
//!   [`crate::double_dummy_tricks`]).
//!
//! Lines starting with `#` and blank lines are ignored. The format is
//! append-friendly: a program adds lines for newly solved deals to the end
//! ([`DdCache::append`]) without rewriting the file, and a deal appearing
//! twice keeps its last line. Loading never gives up on a bad line: it is
//! reported with its line number ([`CacheLineError`]) and every good line
//! is kept.

use crate::double_dummy_tricks;
use crate::table::DdTable;
use contract_bridge::{FullDeal, Seat};
use std::collections::HashMap;
use std::fs::{self, OpenOptions};
use std::io::{self, BufWriter, Write as _};
use std::path::Path;
use thiserror::Error;

/// The first line of a file written by [`DdCache::save`].
pub const HEADER: &str = "# bidbook dd-cache 1";

/// A line of a cache file that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {reason}")]
pub struct CacheLineError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong with it.
    pub reason: String,
}

/// Solved tables keyed by deal, in the order they were first added.
#[derive(Debug, Clone, Default)]
pub struct DdCache {
    entries: Vec<(FullDeal, DdTable)>,
    index: HashMap<FullDeal, usize>,
}

/// One cache line for `deal` and `table`, without the newline.
#[must_use]
pub fn format_line(deal: &FullDeal, table: &DdTable) -> String {
    format!(
        "{} {}",
        deal.display(Seat::North),
        double_dummy_tricks::format(table)
    )
}

/// Read one cache line: `Ok(None)` for a comment or blank line.
///
/// # Errors
///
/// A description of what is wrong with the line.
pub fn parse_line(line: &str) -> Result<Option<(FullDeal, DdTable)>, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let (deal, digits) = line
        .rsplit_once(char::is_whitespace)
        .ok_or_else(|| "expected a deal and 20 hex digits".to_owned())?;
    let deal: FullDeal = deal.trim().parse().map_err(|e| format!("bad deal: {e}"))?;
    let table = double_dummy_tricks::parse(digits).map_err(|e| format!("bad table: {e}"))?;
    Ok(Some((deal, table)))
}

impl DdCache {
    /// An empty cache.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Read a cache from text, keeping every good line and reporting the
    /// bad ones.
    #[must_use]
    pub fn parse(text: &str) -> (Self, Vec<CacheLineError>) {
        let mut cache = Self::new();
        let mut errors = Vec::new();
        for (i, line) in text.lines().enumerate() {
            match parse_line(line) {
                Ok(Some((deal, table))) => {
                    cache.insert(deal, table);
                }
                Ok(None) => {}
                Err(reason) => errors.push(CacheLineError {
                    line: i + 1,
                    reason,
                }),
            }
        }
        (cache, errors)
    }

    /// Read a cache file; a file that does not exist is an empty cache.
    ///
    /// # Errors
    ///
    /// When the file exists but cannot be read.
    pub fn load(path: &Path) -> io::Result<(Self, Vec<CacheLineError>)> {
        match fs::read_to_string(path) {
            Ok(text) => Ok(Self::parse(&text)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok((Self::new(), Vec::new())),
            Err(e) => Err(e),
        }
    }

    /// The table of `deal`, if cached.
    #[must_use]
    pub fn get(&self, deal: &FullDeal) -> Option<DdTable> {
        self.index.get(deal).map(|&i| self.entries[i].1)
    }

    /// Add or replace the table of `deal`; true if the deal is new.
    pub fn insert(&mut self, deal: FullDeal, table: DdTable) -> bool {
        if let Some(&i) = self.index.get(&deal) {
            self.entries[i].1 = table;
            false
        } else {
            self.index.insert(deal, self.entries.len());
            self.entries.push((deal, table));
            true
        }
    }

    /// The number of deals.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there is no deal.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The deals and tables in the order they were first added.
    pub fn iter(&self) -> impl Iterator<Item = &(FullDeal, DdTable)> {
        self.entries.iter()
    }

    /// The whole cache as text: [`HEADER`], then one line a deal.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut out = String::with_capacity(HEADER.len() + 1 + self.len() * 90);
        out.push_str(HEADER);
        out.push('\n');
        for (deal, table) in &self.entries {
            out.push_str(&format_line(deal, table));
            out.push('\n');
        }
        out
    }

    /// Write the whole cache to `path`, replacing it: written to a
    /// temporary file beside it, then renamed, so a crash never leaves half
    /// a file.
    ///
    /// # Errors
    ///
    /// When the file cannot be written.
    pub fn save(&self, path: &Path) -> io::Result<()> {
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(".tmp");
        fs::write(&tmp, self.to_text())?;
        fs::rename(&tmp, path)
    }

    /// Append lines for `entries` to the file at `path` (created with the
    /// header if missing), leaving what is there untouched.
    ///
    /// # Errors
    ///
    /// When the file cannot be written.
    pub fn append(path: &Path, entries: &[(FullDeal, DdTable)]) -> io::Result<()> {
        let new = !path.exists();
        let file = OpenOptions::new().create(true).append(true).open(path)?;
        let mut out = BufWriter::new(file);
        if new {
            writeln!(out, "{HEADER}")?;
        }
        for (deal, table) in entries {
            writeln!(out, "{}", format_line(deal, table))?;
        }
        out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use contract_bridge::Strain;

    const DEAL: &str = "N:KT5.AJ8543.KJ.K5 Q6432.T62.7.T973 AJ9.Q9.QT963.862 87.K7.A8542.AQJ4";

    fn table(x: u8) -> DdTable {
        let mut t = DdTable::default();
        t.set(Seat::North, Strain::Notrump, x);
        t.set(Seat::West, Strain::Clubs, 13 - x);
        t
    }

    #[test]
    fn line_round_trip() {
        let deal: FullDeal = DEAL.parse().unwrap();
        let line = format_line(&deal, &table(9));
        assert_eq!(line, format!("{DEAL} 90000000000000000004"));
        assert_eq!(parse_line(&line), Ok(Some((deal, table(9)))));
        assert_eq!(parse_line("  # note"), Ok(None));
        assert_eq!(parse_line(""), Ok(None));
    }

    /// A deal given from another first seat is the same key.
    #[test]
    fn any_first_seat() {
        let from_east = "E:Q6432.T62.7.T973 AJ9.Q9.QT963.862 87.K7.A8542.AQJ4 KT5.AJ8543.KJ.K5";
        let (deal, _) = parse_line(&format!("{from_east} 90000000000000000004"))
            .unwrap()
            .unwrap();
        assert_eq!(deal, DEAL.parse().unwrap());
    }

    #[test]
    fn corrupt_lines_are_reported_and_the_rest_kept() {
        let deal: FullDeal = DEAL.parse().unwrap();
        let other: FullDeal =
            "N:AKQJ.AKQ.AKQ.AKQ T987.765.765.765 2.JT98.JT98.JT98 6543.432.432.432"
                .parse()
                .unwrap();
        let text = format!(
            "{HEADER}\n{}\nN:AKQ.xx 1234\n\n{}\n{DEAL} 9000000000000000000\n{DEAL} 9000000000000000000f\n{}\n",
            format_line(&deal, &table(9)),
            format_line(&other, &table(13)),
            format_line(&deal, &table(7)),
        );
        let (cache, errors) = DdCache::parse(&text);
        assert_eq!(errors.iter().map(|e| e.line).collect::<Vec<_>>(), [3, 6, 7]);
        assert!(
            errors[0].to_string().starts_with("line 3: bad deal"),
            "{}",
            errors[0]
        );
        assert!(
            errors[1].reason.contains("20 hexadecimal digits"),
            "{}",
            errors[1]
        );
        assert!(errors[2].reason.contains("'f'"), "{}", errors[2]);
        assert_eq!(cache.len(), 2);
        // The last line for a deal wins.
        assert_eq!(cache.get(&deal), Some(table(7)));
        assert_eq!(cache.get(&other), Some(table(13)));
    }

    #[test]
    fn save_append_load() {
        let dir = std::env::temp_dir().join(format!("scoring-cache-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("dd.cache");
        let _ = fs::remove_file(&path);

        let (empty, errors) = DdCache::load(&path).unwrap();
        assert!(empty.is_empty() && errors.is_empty());

        let deal: FullDeal = DEAL.parse().unwrap();
        let mut cache = DdCache::new();
        assert!(cache.insert(deal, table(9)));
        assert!(!cache.insert(deal, table(8)));
        cache.save(&path).unwrap();
        assert!(fs::read_to_string(&path).unwrap().starts_with(HEADER));

        let other: FullDeal =
            "N:AKQJ.AKQ.AKQ.AKQ T987.765.765.765 2.JT98.JT98.JT98 6543.432.432.432"
                .parse()
                .unwrap();
        DdCache::append(&path, &[(other, table(13))]).unwrap();
        let (loaded, errors) = DdCache::load(&path).unwrap();
        assert!(errors.is_empty());
        assert_eq!(loaded.len(), 2);
        assert_eq!(loaded.get(&deal), Some(table(8)));
        assert_eq!(loaded.get(&other), Some(table(13)));
        assert_eq!(loaded.iter().next().map(|e| e.0), Some(deal));

        // Appending to a missing file writes the header first.
        let fresh = dir.join("fresh.cache");
        let _ = fs::remove_file(&fresh);
        DdCache::append(&fresh, &[(deal, table(1))]).unwrap();
        let text = fs::read_to_string(&fresh).unwrap();
        assert!(text.starts_with(HEADER));
        assert_eq!(DdCache::parse(&text).0.get(&deal), Some(table(1)));
        fs::remove_dir_all(&dir).unwrap();
    }
}

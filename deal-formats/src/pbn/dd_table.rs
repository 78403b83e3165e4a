//! Double-dummy tables carried in PBN games: PBN 2.1's own
//! `OptimumResultTable` section (§5.7) and Bridge Composer's
//! `[DoubleDummyTricks "…"]` tag (20 hex digits), read as text for a caller
//! that knows how to parse them (this crate does not solve or score), and
//! an `OptimumResultTable` section written into a game's text.

use crate::pbn::PbnGame;

/// A table as a game carries it, still text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DdTableText {
    /// `[OptimumResultTable "COLUMNS"]` and its rows (the section data as
    /// written, comments included).
    OptimumResultTable {
        /// The tag value: the column names, e.g.
        /// `Declarer;Denomination\2R;Result\2R`.
        columns: String,
        /// The section data.
        rows: String,
    },
    /// Bridge Composer's `DoubleDummyTricks` value.
    DoubleDummyTricks(String),
}

/// The tables `game` carries: its `OptimumResultTable` section first, then
/// its `DoubleDummyTricks` tag (either may be absent or unreadable; the
/// caller tries them in order).
#[must_use]
pub fn dd_tables(game: &PbnGame) -> Vec<DdTableText> {
    let mut out = Vec::new();
    if let Some(i) = game.find("OptimumResultTable") {
        let tag = &game.tag_list()[i];
        if let Some(raw) = &tag.raw {
            let data = &game.text()[raw.span.end..raw.data_end.max(raw.span.end)];
            out.push(DdTableText::OptimumResultTable {
                columns: game.value_of(tag).to_owned(),
                rows: String::from_utf8_lossy(data).into_owned(),
            });
        }
    }
    if let Some(value) = game.tag("DoubleDummyTricks") {
        out.push(DdTableText::DoubleDummyTricks(value.to_owned()));
    }
    out
}

/// Whether `game` has an `OptimumResultTable` section or a
/// `DoubleDummyTricks` tag of its own.
#[must_use]
pub fn has_dd_table(game: &PbnGame) -> bool {
    game.find("OptimumResultTable").is_some() || game.find("DoubleDummyTricks").is_some()
}

/// Adds `section` (whole lines ending in `\n`, e.g. an `OptimumResultTable`
/// section) at the end of the game's own lines in `written`, which is the
/// game as [`write_game`](super::write_game) wrote it from `game` (every
/// edit `write_game` makes lies within the game's own lines, so their end
/// moved by the difference in length). The game's line ends (CRLF or LF)
/// are kept.
#[must_use]
pub fn insert_section(game: &PbnGame, written: &[u8], section: &str) -> Vec<u8> {
    let text = game.text();
    let body = game.body();
    let end = (body.end + written.len())
        .checked_sub(text.len())
        .unwrap_or(written.len())
        .min(written.len());
    let crlf = text[body.clone()].windows(2).any(|w| w == b"\r\n");
    let mut out = Vec::with_capacity(written.len() + section.len() + 24);
    out.extend_from_slice(&written[..end]);
    if !out.is_empty() && !out.ends_with(b"\n") {
        out.extend_from_slice(if crlf { b"\r\n" } else { b"\n" });
    }
    for line in section.lines() {
        out.extend_from_slice(line.as_bytes());
        out.extend_from_slice(if crlf { b"\r\n" } else { b"\n" });
    }
    out.extend_from_slice(&written[end..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pbn::{PbnReader, write_game};

    const GAME: &str = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
[Deal \"N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85\"]\n\
[DoubleDummyTricks \"0a0a00a0a0323d03d33d\"]\n\
[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT 5\nN  S 4\n\n\
[Board \"2\"]\n[Deal \"N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85\"]\n";

    fn games() -> Vec<PbnGame> {
        PbnReader::new(GAME.as_bytes())
            .map(Result::unwrap)
            .collect()
    }

    #[test]
    fn tables_are_read_as_text() {
        let games = games();
        let tables = dd_tables(&games[0]);
        assert_eq!(
            tables[0],
            DdTableText::OptimumResultTable {
                columns: r"Declarer;Denomination\2R;Result\2R".to_owned(),
                rows: "\nN NT 5\nN  S 4".to_owned(),
            }
        );
        assert_eq!(
            tables[1],
            DdTableText::DoubleDummyTricks("0a0a00a0a0323d03d33d".to_owned())
        );
        assert!(has_dd_table(&games[0]));
        assert!(dd_tables(&games[1]).is_empty());
        assert!(!has_dd_table(&games[1]));
    }

    #[test]
    fn a_section_goes_at_the_end_of_the_game() {
        let games = games();
        let mut written = Vec::new();
        write_game(&mut written, &games[0], None).unwrap();
        let out = insert_section(&games[0], &written, "[X \"y\"]\nrow\n");
        let out = String::from_utf8(out).unwrap();
        assert!(out.ends_with("N  S 4\n[X \"y\"]\nrow\n"), "{out:?}");
        let mut last = Vec::new();
        write_game(&mut last, &games[1], None).unwrap();
        let out = String::from_utf8(insert_section(&games[1], &last, "[X \"y\"]\n")).unwrap();
        assert!(out.starts_with("\n[Board \"2\"]"), "{out:?}");
        assert!(out.ends_with("\"]\n[X \"y\"]\n"), "{out:?}");
    }
}

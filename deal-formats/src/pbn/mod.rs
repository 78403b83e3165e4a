//! PBN, Portable Bridge Notation 2.1: read in import format as real files
//! write it, written back without losing a byte, and written from scratch
//! in export format.
//!
//! A PBN file is a sequence of games separated by semi-empty lines. A game
//! is tag pairs `[Name "value"]` — in any order, several on a line or one
//! over several lines — with commentary (`{…}`, which may hold empty lines,
//! and `;` to the end of the line), `%` escape lines, and sections: the
//! Auction section (`[Auction "N"]` then the calls), the Play section and
//! supplemental sections (data after their tag, up to the next tag).
//!
//! ```text
//! [Event "International Amsterdam Airport Schiphol Bridgetournament"]
//! [Board "1"]
//! [Dealer "N"]
//! [Vulnerable "None"]
//! [Deal "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"]
//! [Declarer "S"]
//! [Contract "5HX"]
//! [Result "9"]
//! [Auction "N"]
//! 1D      1S   3H =1= 4S
//! 4NT =2= X    Pass   Pass
//! 5C      X    5H     X
//! Pass    Pass Pass
//! [Note "1:non-forcing 6-9 points, 6-card"]
//! [Note "2:two colors: clubs and diamonds"]
//! ```
//!
//! - [`PbnReader`] streams [`PbnGame`]s from a [`BufRead`](std::io::BufRead);
//!   each keeps the bytes it was read from, its tags (escapes undone, `#`
//!   and `##` inheritance applied, see below) and its
//!   [`Board`](crate::Board). A game without a Deal tag, with a bad Deal,
//!   Dealer or Vulnerable, an illegal or irregular auction, or a syntax
//!   error (an unclosed comment or string, a malformed tag) is skipped with
//!   the line of the fault, and reading goes on.
//! - [`write_game`] writes a game back: byte for byte with its own auction,
//!   or with a new auction edited into its text (see [`write_game`] for
//!   what changes).
//! - [`write_board`] writes a board made elsewhere in export format, after
//!   [`write_header`] at the top of the file.
//!
//! Tag value inheritance (4.8): a value `#` takes the same tag's value in
//! the nearest previous game that gave it one (`""` if none did); a value
//! `##text` means `text` in this game and in every following game that does
//! not give the tag, until a game gives it another value, which then
//! carries on alike. `Dealer`, `Vulnerable`, `Deal`, `Declarer`,
//! `Contract`, `Auction`, `Play` and `Note` do not inherit. Games skipped for
//! a bad deal or auction still count as previous games.
//!
//! Choices where the standard leaves room or real files differ from it:
//!
//! - A `!` suffix is what the standard says, "good call" (NAG `$1`), not
//!   an alert; it and the other suffixes and NAGs are kept in the text
//!   only. A note reference `=n=` gives the call its note (from the
//!   `[Note "n:…"]` tags right after the Auction section, as 3.5.5 places
//!   them). An alert is written as its note only (3.5.3), so PBN records no
//!   alert flag: [`as_recorded`] is an auction as it reads back.
//! - A game's text is read as UTF-8 if it is valid UTF-8, else as Latin-1
//!   (the standard's character set); new text written into a Latin-1 game
//!   is Latin-1, with plain ASCII for what Latin-1 lacks (`10-21` for
//!   `10–21`).
//! - A brace comment never closed would swallow the rest of the file: one
//!   that runs past an empty line into a line opening a tag pair is taken
//!   as unclosed, and its game skipped.
//! - `Dealer`, `Vulnerable` and `Board` values `?` or `""` mean not known.
//! - A tag value without quotes after a space (`[Event Random Deal #]`, as
//!   Table Manager and WBridge5 export) is read up to the `]`, and the game
//!   says so in [`PbnGame::warning`]; a value bidbook replaces is written
//!   quoted.
//! - GIB's `Rd` is a redouble (as `Db` is a double).
//!
//! Not supported: the irregularity marks `^I` and `^S` in an auction (such a
//! game is skipped, as the auction breaks the laws; `^S` as a swapped
//! declarer in the `Declarer` tag is read), and the `<pbn>` embedding
//! delimiters of 6.2. End positions (3.10) are read — the deal with its
//! short hands — but their `Contract "NT"` is no contract to compare.

mod auction;
mod contract;
mod dd_table;
mod game;
mod inherit;
mod lines;
mod reader;
mod tags;
mod tokens;
mod writer;

pub use auction::as_recorded;
pub use contract::{contract_by, contract_or_pass, contract_text};
pub use dd_table::{DdTableText, dd_tables, has_dd_table, insert_section};
pub use game::PbnGame;
pub use reader::PbnReader;
pub use tags::MANDATORY_TAGS;
pub use writer::{write_board, write_game, write_header};

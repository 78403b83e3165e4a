//! RBN, Richard Pavlicek's Rec Bridge Notation (version 2.2): read and
//! written without losing a byte.
//!
//! An RBN file is a sequence of games separated by blank lines. Each line of
//! a game is a label — a letter, a space and data — a note `1`–`9`, a line
//! of a free-text paragraph `{…}`, or (at the top of a file) a `%` comment:
//!
//! ```text
//! E ACBL International Fund Game
//! F M
//! B 8
//! H W:A8765.QT.K9.AT87:J42.AJ7632.J.632:QT3.85.Q86.KQJ54:
//! A WZ:1S2H2S4D:4SPP5H:XA
//! C 5HX:N
//! P E:CK972:CQ!H483:DA9J6:D2KH28:SJ?QKA:CA
//! R 9-300:0
//! ```
//!
//! - Labels `T D L E S F K N B H` (title, date, location, event, session,
//!   scoring, teams, names, board, hands) repeat from the previous game when
//!   a game does not state them; `A C P R I M` (auction, contract, play,
//!   result, awards, double-dummy makes) never do. `N` alternates between
//!   the two previous games' names when teams (`K`) are given. A label alone
//!   is null: it states an empty value.
//! - `H` holds the hands clockwise from the seat given first, each after `:`
//!   (or `;` if hidden); three full hands and a trailing colon give the
//!   fourth the rest.
//! - `A` holds the dealer, the vulnerability and the calls, with notations
//!   and references to notes; see [`write_game`] for how a new auction is
//!   written back.
//! - Characters are checked: labels `D B H A C P R M` allow only their own
//!   characters (either case) and no spaces. A bad character stops the file
//!   ([`ReadError::Fatal`](crate::ReadError::Fatal) with its line); a bad
//!   deal or auction skips the game ([`ReadError::Skipped`](crate::ReadError::Skipped))
//!   and reading goes on.
//!
//! [`RbnReader`] streams games; [`RbnGame`] keeps each game's bytes and its
//! [`Board`](crate::Board). [`write_game`] writes a game back (byte for byte
//! when its auction is unchanged), [`write_board`] writes a board made
//! elsewhere, and [`RbnWriter`] writes a sequence of them stating repeated
//! labels only where needed.
//!
//! Not enforced: the maximum line lengths and the 16 KB game size (longer
//! lines read fine), and the meaning of `D C P R I M` beyond their
//! characters (kept as written). Two blank lines in a row are one game
//! separator, not an empty game.

mod auction;
mod contract;
mod line;
mod read;
mod repeat;
mod write;

pub use line::LineKind;
pub use read::{RbnGame, RbnLine, RbnReader};
pub use write::{RbnWriter, write_board, write_game};

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
//!   and references to notes (below).
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
//! # Games
//!
//! A game ends at a blank line; further blank lines belong to it too, so
//! writing every game back reproduces the file. A block of lines with no
//! label (the file signature `% RBN 2.2`, a text paragraph between games) is
//! not a game: it is kept at the start of the game that follows (such a
//! block at the very end of a file belongs to no game). A game's
//! [line](RbnGame::line) is the first line of its labelled block.
//!
//! Free text runs from a `{` at the start of a line to a `}` ending a line,
//! the next line starting with `{`, or the end of the game; nothing in it is
//! checked. Lines starting with `%` are comments.
//!
//! # Alerts and notes
//!
//! In an `A` label, a call may carry the evaluations `! ? !! ?? !? ?!`
//! (RBN's `!` means "good call", not "alerted"), `*` (conventional: read as
//! [`RecordedCall::alert`](crate::RecordedCall::alert)) and `^n` (see note
//! `n`: read as [`RecordedCall::note`](crate::RecordedCall::note), from the
//! line `n text` before the `P` label; notes after `P` are the play's). A
//! reference to a note the game lacks reads as an empty note. A call both
//! alerted and explained is written `*^1`.
//!
//! # A game with a new auction
//!
//! [`write_game`] keeps every line of the game but these:
//!
//! - the `A` label and its notes are replaced by the new auction (dealer,
//!   the vulnerability letter the game had, calls in rounds of four, the
//!   final passes as `A`) and its notes, numbered from 1;
//! - the `C` label is set to the new contract (added after `A` if the game
//!   had none; dropped if the new auction is unfinished);
//! - when the contract changes, the play (`P` and its notes) and the result
//!   (`R`) no longer apply and are dropped, and so is the first field of
//!   `M` (tricks after the lead in the contract; the double-dummy table after
//!   the colon stays);
//! - what was replaced or dropped is kept in a free-text paragraph at the end
//!   of the game, e.g.
//!   `{Previous auction: WZ:1S2H2S4D:4SPP5H:XA; contract: 5HX:N; play: E:CK972:…; result: 9-300:0}`
//!   — the old auction (with `(note 1: …)` for its notes) whenever the game
//!   had calls, the rest when the contract changed. Braces in old text
//!   become parentheses, since RBN text cannot hold them.
//!
//! Evaluation marks (`!`, `?`) on the calls the new auction shares with the
//! old one from the start are kept. RBN numbers notes 1 to 9: notes beyond
//! the ninth distinct one go to a paragraph `{Note to call 12 (4C): …}` after
//! the `A` label. A `Y` query point is not kept (the new auction answers
//! it).
//!
//! # Repeated labels when writing
//!
//! `T D L E S F K N B H` repeat from the previous game when a game does not
//! state them, so a game's lines mean what they meant only after the game
//! they followed. The free functions know nothing of what was written
//! before: [`write_game`] writes the game's lines as they were (right when
//! every game read is written, in the order read), and [`write_board`]
//! states all ten labels, null ones included (right after anything).
//! [`RbnWriter`] remembers what it wrote and states a repeated label only
//! where a reader of its output would otherwise inherit something else — so
//! games can be left out (skipped ones, filtered ones), reordered or mixed
//! with boards from other formats, and a file of boards states only what
//! changes (two tables of a board share `B` and `H`).
//!
//! # Not supported
//!
//! Not enforced: the maximum line lengths and the 16 KB game size (longer
//! lines read fine), and the meaning of `D C P R I M` beyond their
//! characters (kept as written, not interpreted; `::` in `T L E S` is left
//! doubled). Two blank lines in a row are one game separator, not an empty
//! game. The `N#` syntax of old files (gone in version 2.2) is not read: `N #`
//! is the names `#`, and `N#` without a space is a bad character.

mod auction;
mod contract;
mod line;
mod read;
mod repeat;
mod write;

pub use line::LineKind;
pub use read::{RbnGame, RbnLine, RbnReader};
pub use write::{RbnWriter, write_board, write_game};

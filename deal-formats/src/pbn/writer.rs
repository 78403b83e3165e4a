//! Writing games: a game read back with a new auction ([`write_game`]), a
//! board made elsewhere in export format ([`write_board`]), and the header
//! of a file written from scratch ([`write_header`]).
//!
//! [`write_game`] edits the game's text rather than writing it anew, so
//! that what it does not concern stays as it was, where it was; its doc says
//! what changes. The edits are removals (a line left blank by one goes too:
//! a blank line would end the game), replaced tag values, and whole lines
//! inserted.
//!
//! [`write_board`] and [`write_header`] write the export format: lines end
//! with CRLF, the 15 mandatory tags in order, `?` for what is not known.

use crate::board::{Board, RecordedAuction};
use crate::pbn::auction::{as_recorded, write_auction};
use crate::pbn::contract::Outcome;
use crate::pbn::game::PbnGame;
use crate::pbn::tags::{
    AUCTION_TIME_TABLE, MANDATORY_TAGS, PLAY_TAGS, RESOLVED_ON_WRITE, encode, escaped, push_tag,
};
use crate::pbn::tokens::{RawTag, is_space};
use bridge::deal::format_pbn_deal;
use contract_bridge::Seat;
use core::ops::Range;
use core::str::FromStr;
use std::io::{self, Write};

/// The line end of the export format.
const CRLF: &str = "\r\n";

/// The `% PBN 2.1` / `% EXPORT` header lines for a file written from
/// scratch (PBN 2.4), CRLF-ended.
///
/// # Errors
///
/// Only those of `out`.
pub fn write_header(out: &mut impl Write) -> io::Result<()> {
    out.write_all(b"% PBN 2.1\r\n% EXPORT\r\n")
}

/// Writes a game bidbook made (random deals, or a game read from another
/// format) in the export format: the mandatory tags in order (`Event`,
/// `Site`, `Date`, `Board`, `West`, `North`, `East`, `South`, `Dealer`,
/// `Vulnerable`, `Deal`, `Scoring`, `Declarer`, `Contract`, `Result`), then
/// the Auction section with its notes, then an empty line; lines end with
/// CRLF.
///
/// `auction` is the auction to write; `None` writes the board's own
/// (none if it has none). What bidbook does not know is `?`: the event,
/// site, date, players and scoring, the board number, dealer or
/// vulnerability the board lacks, the result, and the contract without an
/// auction or of an unfinished one. A passed-out auction gives
/// `Contract "Pass"` with an empty `Declarer` and `Result`. The dealer is
/// the auction's (the `Auction` tag must name the dealer), else the
/// board's; the deal is written from the dealer (North if not known).
///
/// ```
/// use deal_formats::{Board, pbn};
///
/// let board = Board {
///     line: 1,
///     number: Some(3),
///     dealer: Some(contract_bridge::Seat::South),
///     vulnerability: Some(bridge::vulnerability::Vulnerability::EW),
///     deal: bridge::deal::Deal::default(),
///     auction: None,
/// };
/// let mut out = Vec::new();
/// pbn::write_board(&mut out, &board, None).unwrap();
/// let text = String::from_utf8(out).unwrap();
/// assert!(text.starts_with("[Event \"?\"]\r\n[Site \"?\"]\r\n"));
/// assert!(text.contains("[Dealer \"S\"]\r\n[Vulnerable \"EW\"]\r\n[Deal \"S:- - - -\"]\r\n"));
/// assert!(text.ends_with("[Result \"?\"]\r\n\r\n"));
/// ```
///
/// # Errors
///
/// Only those of `out`.
pub fn write_board(
    out: &mut impl Write,
    board: &Board,
    auction: Option<&RecordedAuction>,
) -> io::Result<()> {
    let auction = auction.or(board.auction.as_ref());
    let dealer = auction.map(|a| a.dealer).or(board.dealer);
    let (declarer, contract, result) = auction.map_or_else(
        || ("?".to_owned(), "?".to_owned(), "?"),
        |a| {
            let outcome = Outcome::of(a);
            let (d, c) = outcome.tag_values();
            (d, c, outcome.result_value())
        },
    );
    let number = board
        .number
        .map_or_else(|| "?".to_owned(), |n| n.to_string());
    let dealer_text = dealer.map_or_else(|| "?".to_owned(), |d| d.letter().to_string());
    let deal = format_pbn_deal(&board.deal, dealer.unwrap_or(Seat::North));
    let mut s = String::with_capacity(512);
    for name in MANDATORY_TAGS {
        let value = match name {
            "Board" => &number,
            "Dealer" => &dealer_text,
            "Vulnerable" => board.vulnerability.map_or("?", |v| v.pbn()),
            "Deal" => &deal,
            "Declarer" => &declarer,
            "Contract" => &contract,
            "Result" => result,
            _ => "?",
        };
        push_tag(name, value, &mut s);
        s.push_str(CRLF);
    }
    if let Some(a) = auction {
        write_auction(a, CRLF, &mut s);
    }
    s.push_str(CRLF);
    out.write_all(s.as_bytes())
}

/// Writes a game back. `auction: None` (or an auction with the same calls
/// and no alert/note differences) writes the game exactly as it was read,
/// byte for byte — except that a `Result` or score tag (`Score`,
/// `ScoreIMP`, `ScoreMP`, `ScorePercentage`, `ScoreRubber`) the game gives
/// as `#` or `##…`, or inherits from an earlier `##`, is written out in
/// full: the game it inherits from may have been re-bid, its result and
/// score changed.
///
/// Another auction is edited into the game's text, so that every tag,
/// comment, `%` line and section it does not concern stays as it was, where
/// it was (import-format layout included):
///
/// - the Auction section (with its `[Note]` tags) is replaced by the new one
///   in export layout (four calls a line, `=n=` after a call with a note and
///   `[Note "n:…"]` tags after the calls — an alerted call's alert is its
///   note — and `*` after an unfinished auction); a game with none gets it before its Play
///   section or first supplemental section, else at its end (after the
///   identification tags, as export order has it);
/// - `Dealer`, `Declarer` and `Contract` are set to the new auction's
///   (added just before the Auction section if missing): `Contract "Pass"`
///   and `Declarer ""` when all pass, `?` when the auction is unfinished;
/// - the replaced Auction section is kept, verbatim, in a commentary block
///   right after the new one: `{Previous auction (contract 4S by N, result
///   10): …}`;
/// - when the contract (or declarer, or risk) changes, what belonged to the
///   old contract goes into that block too and out of the game: the Play
///   section with its notes, the `Score`, `ScoreIMP`, `ScoreMP`,
///   `ScorePercentage` and `ScoreRubber` tags, the `PlayTimeTable` and
///   `OptimumPlayTable` sections, and the `Result` tag's old text — the tag
///   itself stays, being mandatory, as `?` (not known: not played), or `""`
///   when all pass. When the calls change the `AuctionTimeTable` goes too.
///   With the same contract the play and result stay;
/// - the old `Contract` and `Declarer` tags go into that block too when
///   they give no contract the header can describe (a `Contract` with no
///   `Declarer`, `Contract "--"` for passed out, `Declarer "?"`).
///
/// The block is a brace comment, or `;` line comments when the old text
/// holds a `}` (which would close a brace comment). New lines end as the
/// game's lines do (CRLF or LF); new text in a Latin-1 game is Latin-1.
///
/// # Errors
///
/// Only those of `out`.
pub fn write_game(
    out: &mut impl Write,
    game: &PbnGame,
    auction: Option<&RecordedAuction>,
) -> io::Result<()> {
    match auction {
        Some(new) if game.board().auction.as_ref() != Some(&as_recorded(new)) => {
            out.write_all(&rewrite(game, new))
        }
        _ => {
            let inherited = inherited(game);
            if inherited.is_empty() {
                return out.write_all(game.text());
            }
            let nl = line_end(&game.text()[game.body()]);
            let mut edits = Vec::new();
            let mut lines = String::new();
            for &i in &inherited {
                explicit(game, i, nl, &mut edits, &mut lines);
            }
            if !lines.is_empty() {
                let at = game
                    .auction_tag()
                    .map_or_else(|| insertion_point(game), |i| section_span(game, i).start);
                edits.push(Edit::Insert(at, encode(&lines, game.latin1()).into_owned()));
            }
            out.write_all(&apply(game.text(), game.body(), &mut edits))
        }
    }
}

/// The tags of [`RESOLVED_ON_WRITE`] the game gives as `#` or `##…`, or
/// inherits through an earlier `##` (by index in its tag list).
fn inherited(game: &PbnGame) -> Vec<usize> {
    let text = game.text();
    game.tag_list()
        .iter()
        .enumerate()
        .filter(|(_, t)| {
            !t.repeat
                && RESOLVED_ON_WRITE.contains(&game.name_of(t))
                && t.raw
                    .as_ref()
                    .is_none_or(|r| text[r.value.clone()].trim_ascii_start().starts_with(b"#"))
        })
        .map(|(i, _)| i)
        .collect()
}

/// Writes out in full the inherited tag `index`: its `#` value replaced by
/// the value it stands for, or (inherited through `##`) the tag added to
/// `lines`.
fn explicit(game: &PbnGame, index: usize, nl: &str, edits: &mut Vec<Edit>, lines: &mut String) {
    let tag = &game.tag_list()[index];
    let value = game.value_of(tag);
    match &tag.raw {
        Some(raw) => edits.push(value_edit(raw, value, game.latin1())),
        None => {
            push_tag(game.name_of(tag), value, lines);
            lines.push_str(nl);
        }
    }
}

/// A change to a game's text.
#[derive(Debug)]
enum Edit {
    /// Drop these bytes (and their line, if nothing else is left on it).
    Remove(Range<usize>),
    /// Put these bytes in place of those (a tag value).
    Replace(Range<usize>, Vec<u8>),
    /// Insert these whole lines here.
    Insert(usize, Vec<u8>),
}

impl Edit {
    /// Where it applies, and inserts before the rest at one place.
    fn key(&self) -> (usize, u8) {
        match self {
            Self::Insert(at, _) => (*at, 0),
            Self::Remove(r) | Self::Replace(r, _) => (r.start, 1),
        }
    }
}

/// A tag's value replaced by `value`, escaped (and quoted, when the tag
/// was written without quotes).
fn value_edit(raw: &RawTag, value: &str, latin1: bool) -> Edit {
    let mut bytes = encode(&escaped(value), latin1).into_owned();
    if raw.unquoted {
        bytes.insert(0, b'"');
        bytes.push(b'"');
    }
    Edit::Replace(raw.value.clone(), bytes)
}

/// The line end the game uses: CRLF if its first line ends so.
fn line_end(text: &[u8]) -> &'static str {
    match text.iter().position(|&b| b == b'\n') {
        Some(p) if p > 0 && text[p - 1] == b'\r' => CRLF,
        _ => "\n",
    }
}

/// The span of the section tag `index` starts: the tag, its data, and the
/// `Note` tags right after it.
fn section_span(game: &PbnGame, index: usize) -> Range<usize> {
    let tags = game.tag_list();
    let raw = tags[index].raw.as_ref().expect("a written tag");
    let mut end = raw.data_end;
    for tag in &tags[index + 1..] {
        match &tag.raw {
            Some(r) if game.name_of(tag) == "Note" => end = r.data_end,
            _ => break,
        }
    }
    raw.span.start..end
}

/// Where a game without an Auction section gets one: before its Play
/// section or first other section (a tag with data, or a `…Table`), else at
/// its end.
fn insertion_point(game: &PbnGame) -> usize {
    game.tag_list()
        .iter()
        .filter_map(|t| t.raw.as_ref().map(|r| (game.name_of(t), r)))
        .find(|(name, r)| *name == "Play" || r.data_end > r.span.end || name.ends_with("Table"))
        .map_or(game.body().end, |(_, r)| r.span.start)
}

/// The game's text with the new auction, as the module documentation says.
fn rewrite(game: &PbnGame, new: &RecordedAuction) -> Vec<u8> {
    let text = game.text();
    let body = game.body();
    let nl = line_end(&text[body.clone()]);
    let latin1 = game.latin1();
    let old = game.board().auction.as_ref();
    let calls_differ = old.is_none_or(|o| !o.same_calls(new));
    let new_outcome = Outcome::of(new);
    let old_outcome = match game.find("Contract") {
        Some(i) => Outcome::of_tags(
            game.value_of(&game.tag_list()[i]),
            game.find("Declarer")
                .map(|d| game.value_of(&game.tag_list()[d])),
        ),
        None => old.map_or(Outcome::Unknown, Outcome::of),
    };
    let same_contract = new_outcome.same_as(old_outcome);
    let inherited = inherited(game);
    let inherits = |name: &str| game.find(name).is_some_and(|i| inherited.contains(&i));

    let mut edits: Vec<Edit> = Vec::new();
    // The old text that goes into the commentary block, in file order (a
    // tag that inherited its value written out in full).
    let mut previous: Vec<(usize, Vec<u8>)> = Vec::new();
    let move_out = |span: Range<usize>, edits: &mut Vec<Edit>, previous: &mut Vec<_>| {
        previous.push((span.start, text[span.clone()].to_vec()));
        edits.push(Edit::Remove(span));
    };
    let auction_span = game.auction_tag().map(|i| section_span(game, i));
    if let Some(span) = &auction_span {
        move_out(span.clone(), &mut edits, &mut previous);
    }
    if calls_differ && let Some(i) = game.find(AUCTION_TIME_TABLE) {
        move_out(section_span(game, i), &mut edits, &mut previous);
    }
    let mut old_result = None;
    // Tags bidbook sets, and the new section.
    let mut lines = String::new();
    if !same_contract {
        for name in PLAY_TAGS {
            if let Some(i) = game.find(name) {
                let span = section_span(game, i);
                if inherits(name) {
                    // In the commentary with the value it stood for.
                    let mut tag = String::new();
                    push_tag(name, game.value_of(&game.tag_list()[i]), &mut tag);
                    previous.push((span.start, encode(&tag, latin1).into_owned()));
                    edits.push(Edit::Remove(span));
                } else {
                    move_out(span, &mut edits, &mut previous);
                }
            }
        }
        if let Some(i) = game.find("Result") {
            let tag = &game.tag_list()[i];
            let raw = tag.raw.as_ref().expect("a written tag");
            let value = game.value_of(tag).trim();
            if !value.is_empty() && value != "?" {
                let old = if inherits("Result") {
                    let mut written = String::new();
                    push_tag("Result", value, &mut written);
                    encode(&written, latin1).into_owned()
                } else {
                    text[raw.span.clone()].to_vec()
                };
                previous.push((raw.span.start, old));
                old_result = Some(value.to_owned());
            }
            if value != new_outcome.result_value() || inherits("Result") {
                edits.push(value_edit(raw, new_outcome.result_value(), latin1));
            }
        }
        // Inherited through `##` from an earlier game: the scores go with
        // the old contract, the result is the new one's.
        for &i in &inherited {
            let tag = &game.tag_list()[i];
            if tag.raw.is_some() {
                continue;
            }
            let mut written = String::new();
            if game.name_of(tag) == "Result" {
                let value = game.value_of(tag).trim();
                if !value.is_empty() && value != "?" {
                    push_tag("Result", value, &mut written);
                    previous.push((text.len(), encode(&written, latin1).into_owned()));
                    old_result = Some(value.to_owned());
                }
                push_tag("Result", new_outcome.result_value(), &mut lines);
                lines.push_str(nl);
            } else {
                push_tag(game.name_of(tag), game.value_of(tag), &mut written);
                previous.push((text.len(), encode(&written, latin1).into_owned()));
            }
        }
    } else {
        for &i in &inherited {
            explicit(game, i, nl, &mut edits, &mut lines);
        }
    }

    // The old contract's tags, when what they say is no contract bidbook
    // reads (a Contract with no Declarer, `--` for passed out): kept in the
    // commentary, since the header cannot describe them.
    let known = |name: &str| {
        game.find(name).is_some_and(|i| {
            let v = game.value_of(&game.tag_list()[i]).trim();
            !v.is_empty() && v != "?"
        })
    };
    let keep_outcome_tags =
        old_outcome == Outcome::Unknown && (known("Contract") || known("Declarer"));
    let (declarer, contract) = new_outcome.tag_values();
    let dealer = new.dealer.letter().to_string();
    for (name, value) in [
        ("Dealer", dealer.as_str()),
        ("Declarer", declarer.as_str()),
        ("Contract", contract.as_str()),
    ] {
        match game.find(name) {
            None => {
                push_tag(name, value, &mut lines);
                lines.push_str(nl);
            }
            Some(i) => {
                let tag = &game.tag_list()[i];
                let now = game.value_of(tag);
                let same = if name == "Dealer" {
                    Seat::from_str(now.trim()) == Ok(new.dealer)
                } else {
                    now == value
                };
                if !same {
                    let raw = tag.raw.as_ref().expect("a written tag");
                    if keep_outcome_tags && name != "Dealer" {
                        previous.push((raw.span.start, text[raw.span.clone()].to_vec()));
                    }
                    edits.push(value_edit(raw, value, latin1));
                }
            }
        }
    }
    write_auction(new, nl, &mut lines);
    let mut insert = encode(&lines, latin1).into_owned();
    previous.sort_by_key(|(start, _)| *start);
    if !previous.is_empty() {
        let what = describe_previous(
            auction_span.is_some(),
            calls_differ,
            same_contract,
            old_outcome,
            old_result.as_deref(),
        );
        let pieces: Vec<&[u8]> = previous.iter().map(|(_, p)| p.as_slice()).collect();
        commentary(&encode(&what, latin1), &pieces, nl, &mut insert);
    }
    let at = auction_span
        .as_ref()
        .map_or_else(|| insertion_point(game), |s| s.start);
    edits.push(Edit::Insert(at, insert));
    apply(text, body, &mut edits)
}

/// The header of the commentary block.
fn describe_previous(
    had_auction: bool,
    calls_differ: bool,
    same_contract: bool,
    old: Outcome,
    result: Option<&str>,
) -> String {
    let what = if had_auction {
        "Previous auction"
    } else {
        "Previous contract"
    };
    let how = if !calls_differ {
        "the same calls, other alerts or notes".to_owned()
    } else if same_contract {
        match old {
            Outcome::PassedOut => "also passed out".to_owned(),
            _ => format!("the same contract {}", old.describe()),
        }
    } else {
        let mut s = match old {
            Outcome::Played(..) => format!("contract {}", old.describe()),
            _ => old.describe(),
        };
        if let Some(r) = result {
            s.push_str(", result ");
            s.push_str(r);
        }
        s
    };
    format!("{what} ({how}):")
}

/// Appends the commentary block holding the old text: a brace comment, or
/// `;` comments when the old text holds a `}`.
fn commentary(header: &[u8], pieces: &[&[u8]], nl: &str, out: &mut Vec<u8>) {
    let nl = nl.as_bytes();
    if pieces.iter().any(|p| p.contains(&b'}')) {
        out.extend_from_slice(b"; ");
        out.extend_from_slice(header);
        out.extend_from_slice(nl);
        for piece in pieces {
            for line in piece.split(|&b| b == b'\n') {
                out.extend_from_slice(b"; ");
                out.extend_from_slice(line.strip_suffix(b"\r").unwrap_or(line));
                out.extend_from_slice(nl);
            }
        }
    } else {
        out.push(b'{');
        out.extend_from_slice(header);
        for piece in pieces {
            out.extend_from_slice(nl);
            out.extend_from_slice(piece);
        }
        out.push(b'}');
        out.extend_from_slice(nl);
    }
}

/// The output being built, a line at a time.
struct Output {
    out: Vec<u8>,
    /// Where the current line starts in `out`.
    line_start: usize,
    /// Whether something was removed from the current line.
    removed: bool,
}

impl Output {
    /// Whether the current line so far is blank.
    fn line_blank(&self) -> bool {
        self.out[self.line_start..].iter().all(|&b| is_space(b))
    }

    /// Copies text, dropping a line left blank by a removal.
    fn copy(&mut self, bytes: &[u8]) {
        for &b in bytes {
            if b == b'\n' {
                if self.removed && self.line_blank() {
                    self.out.truncate(self.line_start);
                    self.removed = false;
                    continue;
                }
                self.out.push(b);
                self.line_start = self.out.len();
                self.removed = false;
            } else {
                self.out.push(b);
            }
        }
    }

    /// Inserts whole lines at this point: before the current line if it is
    /// blank so far (its indent stays with what follows), else after a line
    /// break.
    fn insert(&mut self, lines: &[u8], nl: &[u8]) {
        if self.line_blank() {
            let indent = self.out.split_off(self.line_start);
            self.out.extend_from_slice(lines);
            self.line_start = self.out.len();
            self.out.extend_from_slice(&indent);
        } else {
            while self.out.last().is_some_and(|&b| is_space(b)) {
                self.out.pop();
            }
            self.out.extend_from_slice(nl);
            self.out.extend_from_slice(lines);
            self.line_start = self.out.len();
            self.removed = false;
        }
    }
}

/// Applies the edits to the game's text (`body` only; the text around it is
/// copied as it is).
fn apply(text: &[u8], body: Range<usize>, edits: &mut [Edit]) -> Vec<u8> {
    edits.sort_by_key(Edit::key);
    let nl = line_end(&text[body.clone()]).as_bytes();
    let mut o = Output {
        out: Vec::with_capacity(text.len() + 512),
        line_start: body.start,
        removed: false,
    };
    o.out.extend_from_slice(&text[..body.start]);
    let mut i = body.start;
    for edit in edits.iter() {
        let (start, _) = edit.key();
        if start > i {
            o.copy(&text[i..start]);
            i = start;
        }
        match edit {
            Edit::Remove(r) => {
                o.removed = true;
                i = r.end;
                // One space between what was before and what follows, none
                // at the start of a line.
                if o.line_blank() || o.out.last().is_some_and(|&b| b == b' ' || b == b'\t') {
                    while i < body.end && matches!(text[i], b' ' | b'\t') {
                        i += 1;
                    }
                }
            }
            Edit::Replace(r, bytes) => {
                o.copy(bytes);
                i = r.end;
            }
            Edit::Insert(_, lines) => o.insert(lines, nl),
        }
    }
    o.copy(&text[i..body.end]);
    if o.removed && o.line_blank() {
        o.out.truncate(o.line_start);
    }
    o.out.extend_from_slice(&text[body.end..]);
    o.out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn applied(text: &str, mut edits: Vec<Edit>) -> String {
        String::from_utf8(apply(text.as_bytes(), 0..text.len(), &mut edits)).unwrap()
    }

    #[test]
    fn removals_drop_emptied_lines_only() {
        let t = "[A \"1\"]\n[B \"2\"] [C \"3\"]\n  [D \"4\"]\n[E \"5\"]";
        let find = |s: &str| {
            let p = t.find(s).unwrap();
            p..p + s.len()
        };
        assert_eq!(
            applied(t, vec![Edit::Remove(find("[B \"2\"]"))]),
            "[A \"1\"]\n[C \"3\"]\n  [D \"4\"]\n[E \"5\"]"
        );
        assert_eq!(
            applied(
                t,
                vec![
                    Edit::Remove(find("[B \"2\"]")),
                    Edit::Remove(find("[C \"3\"]")),
                    Edit::Remove(find("[D \"4\"]")),
                    Edit::Remove(find("[E \"5\"]")),
                ]
            ),
            "[A \"1\"]\n"
        );
    }

    #[test]
    fn inserts_go_on_their_own_lines() {
        let t = "[A \"1\"] [B \"2\"]\n  [C \"3\"]\n";
        let b = t.find("[B").unwrap();
        let c = t.find("[C").unwrap();
        assert_eq!(
            applied(t, vec![Edit::Insert(b, b"[X \"\"]\n".to_vec())]),
            "[A \"1\"]\n[X \"\"]\n[B \"2\"]\n  [C \"3\"]\n"
        );
        assert_eq!(
            applied(t, vec![Edit::Insert(c, b"[X \"\"]\n".to_vec())]),
            "[A \"1\"] [B \"2\"]\n[X \"\"]\n  [C \"3\"]\n"
        );
        assert_eq!(
            applied(
                t,
                vec![
                    Edit::Insert(b, b"[X \"\"]\n".to_vec()),
                    Edit::Remove(b..b + 7),
                    Edit::Replace(4..5, b"9".to_vec()),
                ]
            ),
            "[A \"9\"]\n[X \"\"]\n  [C \"3\"]\n"
        );
        assert_eq!(
            applied("[A \"1\"]", vec![Edit::Insert(7, b"[X \"\"]\n".to_vec())]),
            "[A \"1\"]\n[X \"\"]\n"
        );
    }

    #[test]
    fn commentary_falls_back_to_line_comments() {
        let mut out = Vec::new();
        commentary(b"H:", &[b"[A \"1\"]\n1S", b"[B \"2\"]"], "\n", &mut out);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "{H:\n[A \"1\"]\n1S\n[B \"2\"]}\n"
        );
        let mut out = Vec::new();
        commentary(b"H:", &[b"[A \"{x}\"]\r\n1S"], "\r\n", &mut out);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "; H:\r\n; [A \"{x}\"]\r\n; 1S\r\n"
        );
    }
}

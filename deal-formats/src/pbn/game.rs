//! [`PbnGame`]: one game as read — its bytes, its tags with inheritance
//! resolved, and the [`Board`] bidbook bids from — and how a game's text
//! becomes one.

use crate::board::{Board, RecordedAuction, Skipped, shown};
use crate::pbn::auction::{AuctionSection, read_auction};
use crate::pbn::inherit::{Inherit, Inheritance};
use crate::pbn::tags::{decode, inheritable, push_value};
use crate::pbn::tokens::{RawTag, Tokens, tokenize_into};
use bridge::deal::parse_pbn_deal;
use bridge::vulnerability::Vulnerability;
use contract_bridge::Seat;
use core::ops::Range;
use core::str::FromStr;
use std::borrow::Cow;
use std::collections::HashSet;

/// Past this many tags in a game, repeated names are found through a hash
/// set rather than by searching the tags read so far.
const MANY_TAGS: usize = 32;

/// One game as read: everything the file said, raw text kept.
///
/// The text is the game's own lines plus whatever came before it since the
/// previous game (separating empty lines, `%` lines, stray commentary, a
/// skipped game's preamble) and, for the last game of a file, whatever
/// followed it: writing every game's [`text`](Self::text) in order gives
/// back the file, byte for byte (less the games that were skipped).
#[derive(Debug, Clone)]
pub struct PbnGame {
    /// The bytes read.
    text: Vec<u8>,
    /// The game's own lines within `text`.
    body: Range<usize>,
    /// Whether the game is not UTF-8 (so read, and written, as Latin-1).
    latin1: bool,
    /// Tag names and resolved values, one after the other.
    values: String,
    /// The tags in file order (repeats included), then those inherited
    /// through `##` that the game does not give.
    tags: Vec<Tag>,
    /// The format-neutral view.
    board: Board,
    /// The index in `tags` of the (first) Auction tag.
    auction_tag: Option<usize>,
    /// What was read that the standard does not allow (tag values without
    /// quotes), in words.
    warning: Option<String>,
}

/// A tag of a game.
#[derive(Debug, Clone)]
pub(crate) struct Tag {
    /// The name, in `values`.
    pub name: Range<usize>,
    /// The resolved value, in `values`.
    pub value: Range<usize>,
    /// Where it is written; `None` for a value inherited through `##` from
    /// an earlier game.
    pub raw: Option<RawTag>,
    /// A repeat of an earlier tag of the game, which import format ignores
    /// (`Note` tags are never repeats).
    pub repeat: bool,
}

impl PbnGame {
    /// The format-neutral view: board number, dealer, vulnerability and
    /// deal from the tags (`#` inheritance applied), the Auction section's
    /// calls with their alerts and notes.
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The format-neutral view, taken.
    #[must_use]
    pub fn into_board(self) -> Board {
        self.board
    }

    /// What the game does that the standard does not allow but bidbook
    /// reads anyway — tag values without quotes (`[Event Random Deal #]`,
    /// as Table Manager and WBridge5 write them, read up to the `]`) — with
    /// its line, in words; `None` for a regular game.
    #[must_use]
    pub fn warning(&self) -> Option<&str> {
        self.warning.as_deref()
    }

    /// The first line of the game in the file (1-based): its first tag or
    /// commentary, past any `%` lines.
    #[must_use]
    pub const fn line(&self) -> usize {
        self.board.line
    }

    /// The value of a tag, resolved: escapes undone, `#` replaced by the
    /// previous game's value, `##text` read as `text`, and a tag the game
    /// does not give but an earlier game set with `##` given its value. Of a
    /// repeated tag, the first (import format ignores repeats).
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|t| &self.values[t.name.clone()] == name)
            .map(|t| &self.values[t.value.clone()])
    }

    /// Every tag's name and resolved value: the game's own in file order
    /// (repeats and every `Note` included), then those inherited through
    /// `##`.
    pub fn tags(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        self.tags
            .iter()
            .map(|t| (&self.values[t.name.clone()], &self.values[t.value.clone()]))
    }

    /// The bytes read: what [`write_game`](super::write_game) writes when
    /// the auction is unchanged.
    #[must_use]
    pub fn text(&self) -> &[u8] {
        &self.text
    }

    /// The game's own lines (without the text before and after it).
    pub(crate) fn body(&self) -> Range<usize> {
        self.body.clone()
    }

    /// Whether the game is read and written as Latin-1.
    pub(crate) const fn latin1(&self) -> bool {
        self.latin1
    }

    /// The tags.
    pub(crate) fn tag_list(&self) -> &[Tag] {
        &self.tags
    }

    /// A tag's name.
    pub(crate) fn name_of(&self, tag: &Tag) -> &str {
        &self.values[tag.name.clone()]
    }

    /// A tag's resolved value.
    pub(crate) fn value_of(&self, tag: &Tag) -> &str {
        &self.values[tag.value.clone()]
    }

    /// The index of the first written tag of this name.
    pub(crate) fn find(&self, name: &str) -> Option<usize> {
        self.tags
            .iter()
            .position(|t| t.raw.is_some() && !t.repeat && self.name_of(t) == name)
    }

    /// The index of the Auction tag.
    pub(crate) const fn auction_tag(&self) -> Option<usize> {
        self.auction_tag
    }

    /// Appends text after the game (what follows the last game of a file).
    pub(crate) fn append(&mut self, text: &[u8]) {
        self.text.extend_from_slice(text);
    }

    /// Reads a game from `text[body]` (the lines before `body` are kept as
    /// they are), `first_line` being the line of `body`'s start. Values are
    /// resolved against, and recorded in, the context's inheritance.
    ///
    /// # Errors
    ///
    /// [`Skipped`] at the line of the fault: a syntax error, no Deal tag, a
    /// bad Deal, Dealer or Vulnerable, a bad auction.
    pub(crate) fn read(
        text: Vec<u8>,
        body: Range<usize>,
        first_line: usize,
        context: &mut Context,
    ) -> Result<Self, (Vec<u8>, Skipped)> {
        match Parsed::read(&text, body.clone(), first_line, context) {
            Ok(p) => Ok(Self {
                text,
                body,
                latin1: p.latin1,
                values: p.values,
                tags: p.tags,
                board: p.board,
                auction_tag: p.auction_tag,
                warning: p.warning,
            }),
            Err(e) => Err((text, e)),
        }
    }
}

/// What reading a game takes from the games before it, and buffers reused
/// from game to game.
#[derive(Debug, Default)]
pub(crate) struct Context {
    /// Tag values for `#` and `##`.
    pub inheritance: Inheritance,
    /// The tokens of the game being read.
    tokens: Tokens,
}

/// A game read, less its text.
struct Parsed {
    latin1: bool,
    values: String,
    tags: Vec<Tag>,
    board: Board,
    auction_tag: Option<usize>,
    warning: Option<String>,
}

impl Parsed {
    fn read(
        text: &[u8],
        body: Range<usize>,
        first_line: usize,
        context: &mut Context,
    ) -> Result<Self, Skipped> {
        let Context {
            inheritance,
            tokens,
        } = context;
        tokenize_into(text, body.clone(), first_line, tokens).map_err(|e| Skipped {
            line: e.line,
            why: e.why,
            text: Vec::new(),
        })?;
        let body_range = body.clone();
        let body = &text[body];
        let latin1 = !body.is_ascii() && core::str::from_utf8(body).is_err();
        let line = tokens.first_line.unwrap_or(first_line);
        let warning = tokens.tags.iter().find(|t| t.unquoted).map(|t| {
            format!(
                "{}: tag {} has a value without quotes (read up to the `]`)",
                t.line,
                shown(&String::from_utf8_lossy(&text[t.name.clone()]))
            )
        });
        let (values, tags) = resolve(text, body_range, tokens, latin1, inheritance);
        let mut parsed = Self {
            latin1,
            values,
            tags,
            board: Board {
                line,
                number: None,
                dealer: None,
                vulnerability: None,
                deal: bridge::deal::Deal::default(),
                auction: None,
            },
            auction_tag: tokens.auction_tag,
            warning,
        };
        parsed.fill_board(text, tokens)?;
        Ok(parsed)
    }

    /// The value and line of the tag `index`.
    fn get(&self, index: Option<usize>) -> Option<(&str, usize)> {
        let t = &self.tags[index?];
        Some((
            &self.values[t.value.clone()],
            t.raw.as_ref().map_or(self.board.line, |r| r.line),
        ))
    }

    /// Reads the Board, Dealer, Vulnerable and Deal tags and the auction.
    fn fill_board(&mut self, text: &[u8], tokens: &Tokens) -> Result<(), Skipped> {
        fn known(v: &str) -> Option<&str> {
            let v = v.trim();
            (!v.is_empty() && v != "?").then_some(v)
        }
        let hint = |v: &str| {
            if v.starts_with('#') {
                " (`#` inheritance is not allowed for this tag)"
            } else {
                ""
            }
        };
        // The first Board, Dealer, Vulnerable and Deal tags, in one pass.
        let mut first = [None; 4];
        for (k, t) in self.tags.iter().enumerate() {
            let slot = match &self.values[t.name.clone()] {
                "Board" => 0,
                "Dealer" => 1,
                "Vulnerable" => 2,
                "Deal" => 3,
                _ => continue,
            };
            first[slot] = first[slot].or(Some(k));
        }
        let number = self
            .get(first[0])
            .and_then(|(v, _)| v.trim().parse::<u32>().ok());
        let dealer = match self.get(first[1]) {
            Some((v, line)) => match known(v) {
                None => None,
                Some(v) => Some(Seat::from_str(v).map_err(|_| Skipped {
                    line,
                    why: format!(
                        "bad Dealer `{}`: expected N, E, S or W{}",
                        shown(v),
                        hint(v)
                    ),
                    text: Vec::new(),
                })?),
            },
            None => None,
        };
        let vulnerability = match self.get(first[2]) {
            Some((v, line)) => match known(v) {
                None => None,
                Some(v) => Some(Vulnerability::from_str(v).map_err(|_| Skipped {
                    line,
                    why: format!(
                        "bad Vulnerable `{}`: expected None, NS, EW or Both (or All, Love, -){}",
                        shown(v),
                        hint(v)
                    ),
                    text: Vec::new(),
                })?),
            },
            None => None,
        };
        let deal = match self.get(first[3]) {
            None => {
                return Err(Skipped {
                    line: self.board.line,
                    why: "no Deal tag".to_owned(),
                    text: Vec::new(),
                });
            }
            Some((v, line)) => match known(v) {
                None => {
                    return Err(Skipped {
                        line,
                        why: format!("the Deal tag gives no cards (`{}`)", shown(v)),
                        text: Vec::new(),
                    });
                }
                Some(v) => parse_pbn_deal(v).map_err(|e| Skipped {
                    line,
                    why: format!(
                        "bad Deal `{}`: {}{}",
                        shown(v),
                        shown(&e.to_string()),
                        hint(v)
                    ),
                    text: Vec::new(),
                })?,
            },
        };
        let auction = match tokens.auction_tag {
            Some(at) => Some(self.auction(text, tokens, at, dealer)?),
            None => None,
        };
        self.board.number = number;
        self.board.dealer = dealer;
        self.board.vulnerability = vulnerability;
        self.board.deal = deal;
        self.board.auction = auction;
        Ok(())
    }

    /// Reads the Auction section whose tag is `tokens.tags[at]`, with the
    /// `Note` tags that follow it.
    fn auction(
        &self,
        text: &[u8],
        tokens: &Tokens,
        at: usize,
        dealer: Option<Seat>,
    ) -> Result<RecordedAuction, Skipped> {
        let tag = &self.tags[at];
        let notes = &self.tags[at + 1..];
        let notes_end = notes
            .iter()
            .position(|t| t.raw.is_none() || &self.values[t.name.clone()] != "Note")
            .unwrap_or(notes.len());
        let notes = &notes[..notes_end];
        let note = |n: u32| {
            notes.iter().find_map(|t| {
                let (index, text) = self.values[t.value.clone()].split_once(':')?;
                (index.trim().parse::<u32>().ok()? == n).then(|| text.to_owned())
            })
        };
        read_auction(
            &AuctionSection {
                text,
                words: &tokens.auction_words,
                overflow: tokens.auction_overflow,
                seat: &self.values[tag.value.clone()],
                line: tag.raw.as_ref().map_or(self.board.line, |r| r.line),
                dealer,
            },
            note,
        )
    }
}

/// Resolves the tag values (escapes, `#`, `##`), adds the sticky tags the
/// game does not give, and records the values for the games that follow.
fn resolve(
    text: &[u8],
    body: Range<usize>,
    tokens: &mut Tokens,
    latin1: bool,
    inheritance: &mut Inheritance,
) -> (String, Vec<Tag>) {
    // The body as text when UTF-8: every tag's name and value is a slice of
    // it (its ends are ASCII delimiters, so char boundaries).
    let utf8 = if latin1 {
        None
    } else {
        core::str::from_utf8(&text[body.clone()]).ok()
    };
    let slice = |r: &Range<usize>| -> Cow<'_, str> {
        match utf8 {
            Some(s) => Cow::Borrowed(&s[r.start - body.start..r.end - body.start]),
            None => decode(&text[r.clone()], latin1),
        }
    };
    let mut values = String::with_capacity(128);
    let mut tags: Vec<Tag> = Vec::with_capacity(tokens.tags.len() + 4);
    let mut sticky_here: Vec<usize> = Vec::new();
    // Which tags record their value for inheritance.
    let mut recorded: u64 = 0;
    // The names seen, once a game has more tags than a list search suits
    // (a hostile game may have any number).
    let mut seen: Option<HashSet<String>> = (tokens.tags.len() > MANY_TAGS).then(HashSet::new);
    for raw in tokens.tags.drain(..) {
        let name = slice(&raw.name);
        let name: &str = &name;
        let repeat = name != "Note"
            && match &mut seen {
                Some(seen) => !seen.insert(name.to_owned()),
                None => tags.iter().any(|t| &values[t.name.clone()] == name),
            };
        let name_start = values.len();
        values.push_str(name);
        let name_range = name_start..values.len();
        let start = values.len();
        push_value(&slice(&raw.value), raw.escaped, &mut values);
        if !repeat && inheritable(name) {
            recorded |= 1u64.checked_shl(tags.len() as u32).unwrap_or(0);
            match Inherit::of(&values[start..]) {
                Inherit::Previous => {
                    values.truncate(start);
                    values.push_str(inheritance.previous(name));
                }
                Inherit::Sticky(_) => {
                    values.replace_range(start..start + 2, "");
                    sticky_here.push(tags.len());
                }
                Inherit::Value(_) => {}
            }
        }
        tags.push(Tag {
            name: name_range,
            value: start..values.len(),
            raw: Some(raw),
            repeat,
        });
    }
    if inheritance.has_sticky() {
        let given = |values: &str, tags: &[Tag], name: &str| match &seen {
            Some(seen) => seen.contains(name),
            None => tags.iter().any(|t| &values[t.name.clone()] == name),
        };
        for (name, value) in inheritance.sticky() {
            if !given(&values, &tags, name) {
                let name_start = values.len();
                values.push_str(name);
                let name_range = name_start..values.len();
                values.push_str(value);
                tags.push(Tag {
                    name: name_range.clone(),
                    value: name_range.end..values.len(),
                    raw: None,
                    repeat: false,
                });
            }
        }
    }
    for (k, tag) in tags.iter().enumerate() {
        // (Past 64 tags, ask again.)
        let name = &values[tag.name.clone()];
        let record = if k < 64 {
            recorded >> k & 1 == 1
        } else {
            tag.raw.is_some() && !tag.repeat && inheritable(name)
        };
        if record {
            inheritance.record(
                name,
                &values[tag.value.clone()],
                sticky_here.binary_search(&k).is_ok(),
            );
        }
    }
    (values, tags)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(games: &[&str]) -> Vec<Result<PbnGame, Skipped>> {
        let mut context = Context::default();
        games
            .iter()
            .map(|g| {
                let text = g.as_bytes().to_vec();
                let len = text.len();
                PbnGame::read(text, 0..len, 1, &mut context).map_err(|(_, e)| e)
            })
            .collect()
    }

    const DEAL: &str = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85";

    #[test]
    fn board_from_tags() {
        let g = &read_all(&[&format!(
            "[Board \"7\"][Dealer \"s\"][Vulnerable \"Both\"][Deal \"{DEAL}\"]"
        )])[0];
        let b = g.as_ref().unwrap().board();
        assert_eq!(b.number, Some(7));
        assert_eq!(b.dealer, Some(Seat::South));
        assert_eq!(b.vulnerability, Some(Vulnerability::Both));
        assert!(b.deal.is_full());
        assert_eq!(b.auction, None);
    }

    #[test]
    fn unknown_values_are_none() {
        let g = &read_all(&[&format!(
            "[Board \"?\"][Dealer \"?\"][Vulnerable \"\"][Deal \"{DEAL}\"]"
        )])[0];
        let b = g.as_ref().unwrap().board();
        assert_eq!((b.number, b.dealer, b.vulnerability), (None, None, None));
    }

    #[test]
    fn inheritance_hash_and_double_hash() {
        let games = [
            format!("[Event \"Cup\"][Date \"##2024.05.01\"][Site \"A\"][Deal \"{DEAL}\"]"),
            format!("[Event \"#\"][Site \"B\"][Deal \"{DEAL}\"]"),
            format!("[Event \"#\"][Date \"2024.05.02\"][Site \"#\"][Deal \"{DEAL}\"]"),
            format!("[Event \"Other\"][Deal \"{DEAL}\"]"),
            format!("[Event \"#\"][Note \"#\"][Deal \"{DEAL}\"]"),
        ];
        let refs: Vec<&str> = games.iter().map(String::as_str).collect();
        let read = read_all(&refs);
        let tag = |k: usize, name: &str| read[k].as_ref().unwrap().tag(name).map(str::to_owned);
        assert_eq!(tag(0, "Date").as_deref(), Some("2024.05.01"));
        assert_eq!(tag(1, "Event").as_deref(), Some("Cup"));
        assert_eq!(tag(1, "Date").as_deref(), Some("2024.05.01"));
        assert_eq!(tag(2, "Date").as_deref(), Some("2024.05.02"));
        assert_eq!(tag(2, "Site").as_deref(), Some("B"));
        assert_eq!(tag(3, "Date").as_deref(), Some("2024.05.02"));
        assert_eq!(tag(3, "Site"), None);
        assert_eq!(tag(4, "Event").as_deref(), Some("Other"));
        assert_eq!(tag(4, "Note").as_deref(), Some("#"));
    }

    #[test]
    fn repeated_tags_are_ignored() {
        let g = &read_all(&[&format!(
            "[Dealer \"N\"][Deal \"{DEAL}\"][Dealer \"E\"][Note \"1:a\"][Note \"2:b\"]"
        )])[0];
        let g = g.as_ref().unwrap();
        assert_eq!(g.board().dealer, Some(Seat::North));
        assert_eq!(g.tags().filter(|(n, _)| *n == "Note").count(), 2);
    }

    #[test]
    fn faults_are_skipped_with_their_line() {
        let games = [
            "[Event \"x\"]\n[Dealer \"N\"]\n".to_owned(),
            format!("[Event \"x\"]\n[Dealer \"Q\"]\n[Deal \"{DEAL}\"]"),
            format!("[Vulnerable \"#\"]\n[Deal \"{DEAL}\"]"),
            "[Event \"x\"]\n\n[Deal \"N:AKQ\"]".to_owned(),
            format!("[Dealer \"N\"]\n[Deal \"{DEAL}\"]\n[Auction \"N\"]\n1S 1S"),
        ];
        let refs: Vec<&str> = games.iter().map(String::as_str).collect();
        let read = read_all(&refs);
        let e = |k: usize| read[k].as_ref().unwrap_err().clone();
        assert_eq!((e(0).line, e(0).why.as_str()), (1, "no Deal tag"));
        assert_eq!(e(1).line, 2);
        assert!(e(1).why.contains("bad Dealer `Q`"), "{}", e(1).why);
        assert!(e(2).why.contains("`#` inheritance"), "{}", e(2).why);
        assert_eq!(e(3).line, 3);
        assert!(e(3).why.contains("bad Deal"), "{}", e(3).why);
        assert_eq!(e(4).line, 4);
        assert!(e(4).why.contains("insufficient"), "{}", e(4).why);
    }

    #[test]
    fn auction_notes_come_from_the_notes_after_the_section() {
        let g = &read_all(&[&format!(
            "[Dealer \"N\"][Deal \"{DEAL}\"]\n[Auction \"N\"]\n1D 1S 3H =1= 4S\n4NT =2= X Pass Pass\n\
             5C X 5H X\nPass Pass Pass\n[Note \"1:non-forcing\"]\n[Note \"2:two \\\"colors\\\"\"]\n\
             [Play \"W\"]\nSK =1= H3 S4 S3\n[Note \"1:highest of series\"]"
        )])[0];
        let a = g.as_ref().unwrap().board().auction.clone().unwrap();
        assert_eq!(a.calls.len(), 15);
        assert_eq!(a.calls[2].note.as_deref(), Some("non-forcing"));
        assert_eq!(a.calls[4].note.as_deref(), Some("two \"colors\""));
        assert_eq!(a.calls.iter().filter(|c| c.note.is_some()).count(), 2);
    }
}

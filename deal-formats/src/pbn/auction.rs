//! Reading the Auction section (PBN 3.5) into a [`RecordedAuction`], and
//! writing one in export format.
//!
//! Read (import format): the `Auction` tag names the seat of the first
//! column; `-` stands for each seat before the dealer in the first line of a
//! table. Calls are `Pass`, `X`, `XX`, bids `1C`…`7NT` and the other
//! spellings [`parse_call`] knows (`P`, `Dbl`, `Db`, `R`, `Rdbl`, `1N`, any
//! case) and GIB's `Rd`; `AP` passes until the auction ends; `*` and `+` end the section.
//! After a call: a note reference `=n=` (its text from the `[Note "n:…"]`
//! tags after the section), a suffix (`!`, `?`, `!!`, `??`, `!?`, `?!`:
//! the standard's "good call", "poor call"… — `!` is not an alert — kept in
//! the text only) and NAGs `$n` (kept in the text only). The irregularity marks `^I` and `^S` record an auction
//! the laws do not allow, so such a game is skipped, as is any illegal
//! auction.
//!
//! Written (export format): the `Auction` tag holds the dealer; four calls a
//! line; a call's note is a reference `=n=` after it (equal notes share a
//! number) and `[Note "n:…"]` tags follow the calls; an alerted call is
//! written as its note reference only (PBN 3.5.3: the alert is the note; an
//! alert without words gets an empty note), so it reads back as a call with
//! a note and no alert flag (see [`as_recorded`]); an unfinished auction
//! ends with `*`.

use crate::board::{RecordedAuction, RecordedCall, Skipped};
use crate::pbn::tags::push_tag;
use crate::pbn::tokens::{MAX_AUCTION_WORDS, Word};
use bridge::auction::{Bidding, Call, parse_call};
use bridge::deal::seat_after;
use bridge::vulnerability::Vulnerability;
use contract_bridge::{Seat, Strain};
use core::str::FromStr;

/// What the reader knows when it reads an Auction section.
pub(crate) struct AuctionSection<'a> {
    /// The game's text.
    pub text: &'a [u8],
    /// The words of the section (the first [`MAX_AUCTION_WORDS`]).
    pub words: &'a [Word],
    /// The line of the first word not in `words`, if the section has more.
    pub overflow: Option<usize>,
    /// The `Auction` tag's value.
    pub seat: &'a str,
    /// The `Auction` tag's line.
    pub line: usize,
    /// The dealer, if the game gives one.
    pub dealer: Option<Seat>,
}

/// A call token's character (`A-Za-z0-9-`, and any non-ASCII byte so that
/// `1♠` reaches [`parse_call`]).
const fn is_call_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-' || b >= 0x80
}

/// Reads an Auction section; `note` gives the text of note `n`.
///
/// # Errors
///
/// [`Skipped`] at the line of the fault: a bad seat, a word that is not a
/// call, a `-` after the first call, an irregularity mark, an illegal call,
/// or a first caller who is not the dealer.
pub(crate) fn read_auction(
    section: &AuctionSection<'_>,
    note: impl Fn(u32) -> Option<String>,
) -> Result<RecordedAuction, Skipped> {
    let fail = |line: usize, why: String| Skipped::new(line, why);
    let seat = section.seat.trim();
    let column = if seat.is_empty() || seat == "?" {
        section.dealer.ok_or_else(|| {
            fail(
                section.line,
                "the Auction tag names no seat and there is no Dealer".to_owned(),
            )
        })?
    } else {
        Seat::from_str(seat).map_err(|_| {
            fail(
                section.line,
                format!(
                    "bad Auction `{}`: expected N, E, S or W",
                    crate::board::shown(seat)
                ),
            )
        })?
    };
    let mut hyphens = 0usize;
    let mut bidding = Bidding::new(column, Vulnerability::None);
    let mut calls: Vec<RecordedCall> = Vec::with_capacity(section.words.len().min(64));
    // Whether a `*` or `+` ended the section's calls.
    let mut marked_end = false;
    'words: for word in section.words {
        let w = &section.text[word.span.clone()];
        let shown = || crate::board::shown(&String::from_utf8_lossy(w)).into_owned();
        if w.first() == Some(&b'"') {
            return Err(fail(
                word.line,
                format!("{} in the auction: a string is not a call", shown()),
            ));
        }
        let mut i = 0;
        while i < w.len() {
            let b = w[i];
            match b {
                b'=' => {
                    let digits = w[i + 1..].iter().take_while(|b| b.is_ascii_digit()).count();
                    let close = i + 1 + digits;
                    if digits == 0 || w.get(close) != Some(&b'=') {
                        return Err(fail(
                            word.line,
                            format!("bad note reference in `{}`: expected =n=", shown()),
                        ));
                    }
                    let n = core::str::from_utf8(&w[i + 1..close])
                        .ok()
                        .and_then(|d| d.parse().ok());
                    if let (Some(last), Some(n)) = (calls.last_mut(), n) {
                        last.note = note(n);
                    }
                    i = close + 1;
                }
                b'$' => {
                    let digits = w[i + 1..].iter().take_while(|b| b.is_ascii_digit()).count();
                    if digits == 0 {
                        return Err(fail(
                            word.line,
                            format!("bad NAG in `{}`: expected $n", shown()),
                        ));
                    }
                    i += 1 + digits;
                }
                b'!' | b'?' => {
                    let len = w[i..]
                        .iter()
                        .take(2)
                        .take_while(|&&b| b == b'!' || b == b'?')
                        .count();
                    // `!` is the suffix "good call" (NAG $1), not an alert.
                    i += len;
                }
                b'*' | b'+' => {
                    marked_end = true;
                    break 'words;
                }
                b'^' => {
                    return Err(fail(
                        word.line,
                        format!(
                            "irregularity `{}` in the auction: bidbook reads only auctions the laws allow",
                            String::from_utf8_lossy(&w[i..(i + 2).min(w.len())])
                        ),
                    ));
                }
                _ if is_call_char(b) => {
                    let len = w[i..].iter().take_while(|&&b| is_call_char(b)).count();
                    let token = String::from_utf8_lossy(&w[i..i + len]);
                    i += len;
                    if token == "-" {
                        if !calls.is_empty() || hyphens == 3 {
                            return Err(fail(
                                word.line,
                                "`-` stands only for the seats before the dealer, at the start"
                                    .to_owned(),
                            ));
                        }
                        hyphens += 1;
                        bidding = Bidding::new(seat_after(column, hyphens), Vulnerability::None);
                        continue;
                    }
                    if token.eq_ignore_ascii_case("AP") {
                        while !bidding.has_ended() {
                            bidding
                                .push(Call::Pass)
                                .map_err(|e| fail(word.line, format!("illegal auction: {e}")))?;
                            calls.push(RecordedCall::plain(Call::Pass));
                        }
                        continue;
                    }
                    // GIB writes a redouble `Rd` (and a double `Db`).
                    let call = if token.eq_ignore_ascii_case("Rd") {
                        Call::Redouble
                    } else {
                        parse_call(&token).map_err(|_| {
                            fail(
                                word.line,
                                format!(
                                    "`{}` in the auction is not a call",
                                    crate::board::shown(&token)
                                ),
                            )
                        })?
                    };
                    bidding
                        .push(call)
                        .map_err(|e| fail(word.line, format!("illegal auction: {e}")))?;
                    calls.push(RecordedCall::plain(call));
                }
                _ => {
                    return Err(fail(
                        word.line,
                        format!(
                            "`{}` in the auction is not a call",
                            crate::board::shown(&String::from_utf8_lossy(&w[i..]))
                        ),
                    ));
                }
            }
        }
    }
    if let Some(line) = section.overflow
        && !marked_end
    {
        return Err(fail(
            line,
            format!(
                "the Auction section goes on past {MAX_AUCTION_WORDS} words: no auction is that long"
            ),
        ));
    }
    let first = seat_after(column, hyphens);
    if let Some(dealer) = section.dealer
        && dealer != first
    {
        return Err(fail(
            section.line,
            format!(
                "the auction starts with {}'s call (Auction \"{}\" and {hyphens} `-`) but the dealer is {}",
                bridge::deal::seat_name(first),
                column.letter(),
                bridge::deal::seat_name(dealer),
            ),
        ));
    }
    Ok(RecordedAuction {
        dealer: first,
        calls,
    })
}

/// An auction as PBN records it, so as it reads back: a call's alert is
/// its note (an alerted call without words gets an empty note), and no
/// call carries an alert flag.
#[must_use]
pub fn as_recorded(auction: &RecordedAuction) -> RecordedAuction {
    RecordedAuction {
        dealer: auction.dealer,
        calls: auction
            .calls
            .iter()
            .map(|c| RecordedCall {
                call: c.call,
                alert: false,
                note: c.note.clone().or_else(|| c.alert.then(String::new)),
            })
            .collect(),
    }
}

/// A call as the Auction section writes it: `Pass`, `X`, `XX`, `1C`…`7NT`.
pub(crate) fn call_text(call: Call, out: &mut String) {
    match call {
        Call::Pass => out.push_str("Pass"),
        Call::Double => out.push('X'),
        Call::Redouble => out.push_str("XX"),
        Call::Bid(bid) => {
            out.push(char::from(b'0' + bid.level.get()));
            out.push_str(strain_text(bid.strain));
        }
    }
}

/// A strain as PBN writes it: `C`, `D`, `H`, `S`, `NT`.
pub(crate) const fn strain_text(strain: Strain) -> &'static str {
    match strain {
        Strain::Clubs => "C",
        Strain::Diamonds => "D",
        Strain::Hearts => "H",
        Strain::Spades => "S",
        Strain::Notrump => "NT",
    }
}

/// Writes an Auction section in export format, each line ended by `nl`:
/// the tag, four calls a line with their `!` and `=n=`, `*` if the auction
/// has not ended, then the notes.
pub(crate) fn write_auction(auction: &RecordedAuction, nl: &str, out: &mut String) {
    let mut notes: Vec<&str> = Vec::new();
    push_tag("Auction", &auction.dealer.letter().to_string(), out);
    out.push_str(nl);
    for (k, recorded) in auction.calls.iter().enumerate() {
        if k > 0 {
            out.push_str(if k.is_multiple_of(4) { nl } else { " " });
        }
        call_text(recorded.call, out);
        // An alert is its note: an alerted call without words gets an
        // empty one.
        let note = recorded
            .note
            .as_deref()
            .or_else(|| recorded.alert.then_some(""));
        if let Some(text) = note {
            let n = notes.iter().position(|t| *t == text).unwrap_or_else(|| {
                notes.push(text);
                notes.len() - 1
            }) + 1;
            out.push_str(" =");
            out.push_str(&n.to_string());
            out.push('=');
        }
    }
    let ended = auction
        .bidding(Vulnerability::None)
        .is_ok_and(|b| b.has_ended());
    if !ended {
        if !auction.calls.is_empty() {
            out.push_str(if auction.calls.len().is_multiple_of(4) {
                nl
            } else {
                " "
            });
        }
        out.push('*');
    }
    // An ended auction has calls; an unfinished one has its `*`.
    out.push_str(nl);
    for (k, text) in notes.iter().enumerate() {
        push_tag("Note", &format!("{}:{text}", k + 1), out);
        out.push_str(nl);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pbn::tokens::tokenize;

    fn read(section: &str, dealer: Option<Seat>) -> Result<RecordedAuction, Skipped> {
        let text = section.as_bytes();
        let tokens = tokenize(text, 0..text.len(), 1).unwrap();
        let tag = &tokens.tags[0];
        read_auction(
            &AuctionSection {
                text,
                words: &tokens.auction_words,
                overflow: tokens.auction_overflow,
                seat: &section[tag.value.clone()],
                line: tag.line,
                dealer,
            },
            |n| Some(format!("note {n}")),
        )
    }

    fn calls(a: &RecordedAuction) -> String {
        let mut s = String::new();
        for c in &a.calls {
            if !s.is_empty() {
                s.push(' ');
            }
            call_text(c.call, &mut s);
        }
        s
    }

    #[test]
    fn spellings_and_annotations() {
        let a = read(
            "[Auction \"N\"]\n1NT! =1= p 2c $15 dbl\nRdbl 2D?? Pass Pass\nPass",
            Some(Seat::North),
        )
        .unwrap();
        assert_eq!(calls(&a), "1NT Pass 2C X XX 2D Pass Pass Pass");
        // `!` is "good call", not an alert.
        assert!(!a.calls[0].alert);
        assert_eq!(a.calls[0].note.as_deref(), Some("note 1"));
        assert!(!a.calls[5].alert);
        assert_eq!(a.dealer, Seat::North);
    }

    #[test]
    fn gib_spells_double_db_and_redouble_rd() {
        let a = read(
            "[Auction \"N\"]\n1S Db Rd Pass\nPass Pass",
            Some(Seat::North),
        )
        .unwrap();
        assert_eq!(calls(&a), "1S X XX Pass Pass Pass");
    }

    #[test]
    fn hyphens_before_the_dealer_and_all_pass() {
        let a = read("[Auction \"W\"]\n- - 1S Pass\n2S AP", Some(Seat::East)).unwrap();
        assert_eq!(a.dealer, Seat::East);
        assert_eq!(calls(&a), "1S Pass 2S Pass Pass Pass");
        let a = read("[Auction \"S\"] AP", None).unwrap();
        assert_eq!(calls(&a), "Pass Pass Pass Pass");
        let e = read("[Auction \"W\"]\n- 1S", Some(Seat::East)).unwrap_err();
        assert_eq!(e.line, 1);
        assert!(e.why.contains("dealer is East"), "{}", e.why);
    }

    #[test]
    fn star_and_plus_end_the_section() {
        let a = read("[Auction \"N\"] 1C 1D * whatever", None).unwrap();
        assert_eq!(calls(&a), "1C 1D");
        let a = read("[Auction \"N\"] 1C 1D +", None).unwrap();
        assert_eq!(calls(&a), "1C 1D");
    }

    #[test]
    fn faults_name_their_line() {
        let e = read("[Auction \"N\"]\n1S Pass\n1C", None).unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e.why.contains("insufficient"), "{}", e.why);
        let e = read("[Auction \"N\"]\n1S Pass\nfoo", None).unwrap_err();
        assert_eq!((e.line, e.why.contains("`foo`")), (3, true));
        let e = read("[Auction \"N\"]\n1S ^S 2S", None).unwrap_err();
        assert!(e.why.contains("^S"), "{}", e.why);
        let e = read("[Auction \"Q\"]\n1S", None).unwrap_err();
        assert!(e.why.contains("bad Auction"), "{}", e.why);
        let e = read("[Auction \"N\"]\n1S - 2S", None).unwrap_err();
        assert!(e.why.contains("`-`"), "{}", e.why);
        let e = read("[Auction \"N\"]\n1S =x=", None).unwrap_err();
        assert!(e.why.contains("note reference"), "{}", e.why);
    }

    #[test]
    fn written_four_calls_a_line_with_notes() {
        let mut a = read("[Auction \"E\"] 1NT 2C X 2D Pass 2S Pass Pass Pass", None).unwrap();
        a.calls[0].note = Some("15-17".into());
        a.calls[1].alert = true;
        a.calls[1].note = Some("\"Stayman\" \\ majors".into());
        a.calls[3].alert = true;
        a.calls[5].note = Some("15-17".into());
        let mut s = String::new();
        write_auction(&a, "\n", &mut s);
        // Alerts are note references only: no `!` (PBN's "good call").
        assert_eq!(
            s,
            "[Auction \"E\"]\n1NT =1= 2C =2= X 2D =3=\nPass 2S =1= Pass Pass\nPass\n\
             [Note \"1:15-17\"]\n[Note \"2:\\\"Stayman\\\" \\\\ majors\"]\n[Note \"3:\"]\n"
        );
        let back = read(&s, Some(Seat::East)).unwrap();
        assert_eq!(calls(&back), calls(&a));
        assert!(back.calls.iter().all(|c| !c.alert));
        let recorded = as_recorded(&a);
        assert!(recorded.calls.iter().all(|c| !c.alert));
        assert_eq!(recorded.calls[3].note.as_deref(), Some(""));
        assert_eq!(recorded.calls[1].note, a.calls[1].note);
    }

    #[test]
    fn unfinished_auctions_end_with_a_star() {
        let mut s = String::new();
        let a = read("[Auction \"N\"] 1C 1D 1H 1S", None).unwrap();
        write_auction(&a, "\n", &mut s);
        assert_eq!(s, "[Auction \"N\"]\n1C 1D 1H 1S\n*\n");
        s.clear();
        let empty = RecordedAuction {
            dealer: Seat::West,
            calls: Vec::new(),
        };
        write_auction(&empty, "\r\n", &mut s);
        assert_eq!(s, "[Auction \"W\"]\r\n*\r\n");
    }
}

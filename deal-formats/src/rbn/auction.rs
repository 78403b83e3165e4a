//! The RBN `A` label: dealer, vulnerability and the calls, read and written.
//!
//! `A WZ:1S2H2S4D:4SPP5H:XA` — dealer `W`, vulnerability `Z` (none; `N`
//! North-South, `E` East-West, `B` both, absent when unknown), then each
//! round of four calls after a colon. Calls are `P X R 1C … 7N`; `A` is "all
//! pass" (the passes that end the auction) and `Y` a query point ("your
//! call?") where the recorded auction stops. A call may carry notations:
//! the evaluations `! ? !! ?? !? ?!`, `*` (conventional: bidbook's alert)
//! and `^n` (see note `n`, a `1`–`9` line before the `P` label).
//!
//! RBN's `!` means "good call", not "alerted": an alert is `*`. A call both
//! alerted and explained is written `*^1`.

use super::line::show_byte;
use crate::board::strain_of_letter;
use crate::{RecordedAuction, RecordedCall};
use bridge::auction::{Bidding, Call, call_token};
use bridge::vulnerability::Vulnerability;
use contract_bridge::{Bid, Level, Seat};
use std::ops::Range;

/// A call of an `A` label as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ParsedCall {
    /// The call.
    pub call: Call,
    /// Marked `*` (conventional).
    pub alert: bool,
    /// The note it refers to (`^n`), 1–9.
    pub note: Option<u8>,
    /// Byte range of all the notations after the call in the label's data.
    pub notation: Range<usize>,
}

/// The content of an `A` label.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ParsedAuction {
    /// The dealer.
    pub dealer: Seat,
    /// The vulnerability letter as written (`Z N E B`, uppercase), if given.
    pub vul_letter: Option<u8>,
    /// The calls; `None` when no colon follows (no auction given).
    pub calls: Option<Vec<ParsedCall>>,
}

impl ParsedAuction {
    /// The vulnerability, if given.
    #[must_use]
    pub fn vulnerability(&self) -> Option<Vulnerability> {
        self.vul_letter.and_then(vulnerability_of_letter)
    }
}

/// The vulnerability of an RBN letter `Z N E B`.
#[must_use]
pub(crate) const fn vulnerability_of_letter(b: u8) -> Option<Vulnerability> {
    match b.to_ascii_uppercase() {
        b'Z' => Some(Vulnerability::None),
        b'N' => Some(Vulnerability::NS),
        b'E' => Some(Vulnerability::EW),
        b'B' => Some(Vulnerability::Both),
        _ => None,
    }
}

/// The RBN letter of a vulnerability.
#[must_use]
pub(crate) const fn vulnerability_letter(v: Vulnerability) -> u8 {
    match v {
        Vulnerability::None => b'Z',
        Vulnerability::NS => b'N',
        Vulnerability::EW => b'E',
        Vulnerability::Both => b'B',
    }
}

/// A seat letter, either case.
#[must_use]
pub(crate) const fn seat_of_letter(b: u8) -> Option<Seat> {
    match b.to_ascii_uppercase() {
        b'N' => Some(Seat::North),
        b'E' => Some(Seat::East),
        b'S' => Some(Seat::South),
        b'W' => Some(Seat::West),
        _ => None,
    }
}

/// Reads the data of an `A` label (after `A `). Checks the calls are legal.
///
/// # Errors
///
/// What is wrong, in words.
pub(crate) fn parse_auction(data: &[u8]) -> Result<ParsedAuction, String> {
    let Some(&d) = data.first() else {
        return Err("empty A label".to_owned());
    };
    let dealer = seat_of_letter(d).ok_or_else(|| {
        format!(
            "the A label starts with the dealer (N, E, S or W), found {}",
            show_byte(d)
        )
    })?;
    let mut i = 1;
    let mut vul_letter = None;
    if let Some(&v) = data.get(1)
        && v != b':'
    {
        if vulnerability_of_letter(v).is_none() {
            return Err(format!(
                "the dealer is followed by the vulnerability (Z, N, E or B), found {}",
                show_byte(v)
            ));
        }
        vul_letter = Some(v.to_ascii_uppercase());
        i = 2;
    }
    if i == data.len() {
        return Ok(ParsedAuction {
            dealer,
            vul_letter,
            calls: None,
        });
    }
    if data[i] != b':' {
        return Err(format!(
            "a colon must follow the dealer and vulnerability, found {}",
            show_byte(data[i])
        ));
    }
    let calls = parse_calls(data, i, dealer)?;
    Ok(ParsedAuction {
        dealer,
        vul_letter,
        calls: Some(calls),
    })
}

/// Reads the calls from `data[from..]`, checking each is legal.
fn parse_calls(data: &[u8], from: usize, dealer: Seat) -> Result<Vec<ParsedCall>, String> {
    let mut calls: Vec<ParsedCall> = Vec::with_capacity(16);
    let mut bidding = Bidding::new(dealer, Vulnerability::None);
    let mut i = from;
    let mut all_passed = false;
    while i < data.len() {
        let b = data[i];
        let upper = b.to_ascii_uppercase();
        if b == b':' {
            i += 1;
            continue;
        }
        if all_passed {
            return Err(format!("{} after A (all pass)", show_byte(b)));
        }
        let call = match upper {
            b'P' => Call::Pass,
            b'X' => Call::Double,
            b'R' => Call::Redouble,
            b'1'..=b'7' => {
                let strain = data.get(i + 1).and_then(|&s| strain_of_letter(s));
                let Some(strain) = strain else {
                    return Err(format!(
                        "call {}: a level is followed by a strain (C, D, H, S or N)",
                        calls.len() + 1
                    ));
                };
                i += 1;
                Call::Bid(Bid {
                    level: Level::new(upper - b'0'),
                    strain,
                })
            }
            b'A' => {
                if bidding.has_ended() {
                    return Err("A (all pass) after the auction ended".to_owned());
                }
                while !bidding.has_ended() {
                    bidding.push(Call::Pass).map_err(|e| e.to_string())?;
                    calls.push(ParsedCall {
                        call: Call::Pass,
                        alert: false,
                        note: None,
                        notation: i + 1..i + 1,
                    });
                }
                all_passed = true;
                i += 1;
                continue;
            }
            // A query point: the recorded auction stops here.
            b'Y' => break,
            b'!' | b'?' | b'*' | b'^' => {
                return Err(format!("notation {} without a call", show_byte(b)));
            }
            _ => {
                return Err(format!(
                    "call {}: {} is not a call (P, X, R, 1C..7N, A or Y)",
                    calls.len() + 1,
                    show_byte(b)
                ));
            }
        };
        i += 1;
        let position = calls.len() + 1;
        bidding.push(call).map_err(|e| match e {
            bridge::auction::AuctionError::Illegal { reason, .. } => {
                format!("call {position} `{}`: {reason}", call_token(call))
            }
            other => other.to_string(),
        })?;
        // Notations.
        let start = i;
        let mut alert = false;
        let mut note = None;
        while i < data.len() {
            match data[i] {
                b'!' | b'?' => i += 1,
                b'*' => {
                    alert = true;
                    i += 1;
                }
                b'^' => match data.get(i + 1) {
                    Some(&n @ b'1'..=b'9') => {
                        note = Some(n - b'0');
                        i += 2;
                    }
                    _ => {
                        return Err(format!(
                            "call {position}: `^` is followed by a note number 1-9"
                        ));
                    }
                },
                _ => break,
            }
        }
        calls.push(ParsedCall {
            call,
            alert,
            note,
            notation: start..i,
        });
    }
    Ok(calls)
}

/// The [`RecordedAuction`] of parsed calls, notes looked up by number.
#[must_use]
pub(crate) fn recorded(
    dealer: Seat,
    calls: &[ParsedCall],
    note: impl Fn(u8) -> String,
) -> RecordedAuction {
    RecordedAuction {
        dealer,
        calls: calls
            .iter()
            .map(|c| RecordedCall {
                call: c.call,
                alert: c.alert,
                note: c.note.map(&note),
            })
            .collect(),
    }
}

/// An `A` label written from an auction: the label line's data, and the
/// notes (numbered from 1) its calls refer to.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct WrittenAuction {
    /// The label's data (after `A `).
    pub data: Vec<u8>,
    /// The note texts; note `k` is `notes[k - 1]`.
    pub notes: Vec<String>,
    /// Notes beyond the ninth, which RBN cannot number: call position
    /// (1-based) and text.
    pub overflow: Vec<(usize, String)>,
}

/// Writes the data of an `A` label: `dealer`, the vulnerability letter if
/// known, and the calls in rounds of four; the trailing passes of a finished
/// auction become `A` unless one of them is alerted or annotated.
///
/// `evaluations` gives, per call, evaluation marks (`!`, `?`) to keep: those
/// a file had on the same calls.
#[must_use]
pub(crate) fn write_auction(
    vul_letter: Option<u8>,
    auction: &RecordedAuction,
    evaluations: impl Fn(usize) -> Option<Vec<u8>>,
    ended: bool,
) -> WrittenAuction {
    let mut w = WrittenAuction {
        data: Vec::with_capacity(8 + auction.calls.len() * 3),
        ..WrittenAuction::default()
    };
    w.data.push(auction.dealer.letter() as u8);
    if let Some(v) = vul_letter {
        w.data.push(v);
    }
    let calls = &auction.calls;
    let trailing = calls
        .iter()
        .rev()
        .take_while(|c| c.call == Call::Pass)
        .count();
    let ending = if !ended {
        0
    } else if trailing == calls.len() {
        calls.len().min(4)
    } else {
        trailing.min(3)
    };
    let mut cut = calls.len() - ending;
    if calls[cut..]
        .iter()
        .enumerate()
        .any(|(k, c)| c.alert || c.note.is_some() || evaluations(cut + k).is_some())
    {
        cut = calls.len();
    }
    if calls.is_empty() {
        w.data.push(b':');
    }
    for (i, c) in calls[..cut].iter().enumerate() {
        if i.is_multiple_of(4) {
            w.data.push(b':');
        }
        w.data.extend_from_slice(call_token(c.call).as_bytes());
        if let Some(marks) = evaluations(i) {
            w.data.extend_from_slice(&marks);
        }
        if c.alert {
            w.data.push(b'*');
        }
        if let Some(text) = &c.note {
            let existing = w.notes.iter().position(|n| n == text);
            match existing {
                Some(k) => push_note_ref(&mut w.data, k + 1),
                None if w.notes.len() < 9 => {
                    w.notes.push(text.clone());
                    push_note_ref(&mut w.data, w.notes.len());
                }
                None => w.overflow.push((i + 1, text.clone())),
            }
        }
    }
    if cut < calls.len() {
        if cut.is_multiple_of(4) {
            w.data.push(b':');
        }
        w.data.push(b'A');
    }
    w
}

/// Appends `^n`.
fn push_note_ref(data: &mut Vec<u8>, n: usize) {
    data.push(b'^');
    data.push(b'0' + n as u8);
}

#[cfg(test)]
mod tests {
    use super::*;
    use bridge::auction::parse_call;

    fn tokens(calls: &[ParsedCall]) -> String {
        calls
            .iter()
            .map(|c| call_token(c.call))
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn the_seeds_auctions() {
        let a = parse_auction(b"WZ:1S2H2S4D:4SPP5H:XA").unwrap();
        assert_eq!(a.dealer, Seat::West);
        assert_eq!(a.vulnerability(), Some(Vulnerability::None));
        assert_eq!(
            tokens(a.calls.as_ref().unwrap()),
            "1S 2H 2S 4D 4S P P 5H X P P P"
        );

        let a = parse_auction(b"EN").unwrap();
        assert_eq!(a.vulnerability(), Some(Vulnerability::NS));
        assert!(a.calls.is_none());

        let a = parse_auction(b"WE:A").unwrap();
        assert_eq!(tokens(a.calls.as_ref().unwrap()), "P P P P");

        let a = parse_auction(b"NB:1SXY").unwrap();
        assert_eq!(tokens(a.calls.as_ref().unwrap()), "1S X");

        let a = parse_auction(b"S:1SP2CP:2D").unwrap();
        assert_eq!(a.vulnerability(), None);
        assert_eq!(tokens(a.calls.as_ref().unwrap()), "1S P 2C P 2D");

        let a = parse_auction(b"EB:3CP3N?P:PX!R^1A").unwrap();
        let calls = a.calls.unwrap();
        assert_eq!(tokens(&calls), "3C P 3N P P X R P P P");
        assert_eq!(calls[6].note, Some(1));
        assert!(!calls[5].alert, "`!` is an evaluation, not an alert");
        assert_eq!(&b"EB:3CP3N?P:PX!R^1A"[calls[2].notation.clone()], b"?");
    }

    #[test]
    fn lowercase_and_alerts() {
        let a = parse_auction(b"nz:1c*p1h^2p").unwrap();
        let calls = a.calls.unwrap();
        assert!(calls[0].alert);
        assert_eq!(calls[2].note, Some(2));
        assert_eq!(a.vul_letter, Some(b'Z'));
    }

    #[test]
    fn faults_in_words() {
        for (data, words) in [
            (&b"QZ:1S"[..], "dealer"),
            (b"NQ", "vulnerability"),
            (b"NZ1S", "colon"),
            (b"NZ:1SP1H", "insufficient"),
            (b"NZ:1SXX", "already doubled"),
            (b"NZ:8S", "not a call"),
            (b"NZ:1", "strain"),
            (b"NZ:!", "without a call"),
            (b"NZ:1S^", "note number"),
            (b"NZ:1SAP", "after A"),
            (b"NZ:PPPPA", "ended"),
            (b"NZ:PPPPP", "ended"),
        ] {
            let e = parse_auction(data).unwrap_err();
            assert!(e.contains(words), "{}: {e}", String::from_utf8_lossy(data));
        }
    }

    fn auction(dealer: Seat, calls: &str) -> RecordedAuction {
        RecordedAuction {
            dealer,
            calls: calls
                .split_whitespace()
                .map(|c| RecordedCall::plain(parse_call(c).unwrap()))
                .collect(),
        }
    }

    #[test]
    fn writing_rounds_and_all_pass() {
        let a = auction(Seat::West, "1S 2H 2S 4D 4S P P 5H X P P P");
        let w = write_auction(Some(b'Z'), &a, |_| None, true);
        assert_eq!(w.data, b"WZ:1S2H2S4D:4SPP5H:XA");
        let a = auction(Seat::West, "P P P P");
        assert_eq!(write_auction(Some(b'E'), &a, |_| None, true).data, b"WE:A");
        let a = auction(Seat::North, "1N P 3N P P P");
        assert_eq!(write_auction(None, &a, |_| None, true).data, b"N:1NP3NA");
        let a = auction(Seat::North, "1N P");
        assert_eq!(write_auction(None, &a, |_| None, false).data, b"N:1NP");
        let a = auction(Seat::North, "");
        assert_eq!(write_auction(Some(b'B'), &a, |_| None, false).data, b"NB:");
    }

    #[test]
    fn writing_alerts_and_notes() {
        let mut a = auction(Seat::North, "1C P 1H P P P");
        a.calls[0].alert = true;
        a.calls[0].note = Some("16+".to_owned());
        a.calls[2].note = Some("negative".to_owned());
        a.calls[5].note = Some("16+".to_owned());
        let w = write_auction(Some(b'Z'), &a, |_| None, true);
        assert_eq!(w.data, b"NZ:1C*^1P1H^2P:PP^1");
        assert_eq!(w.notes, ["16+", "negative"]);
        let back = parse_auction(&w.data).unwrap();
        let r = recorded(back.dealer, back.calls.as_ref().unwrap(), |n| {
            w.notes[usize::from(n) - 1].clone()
        });
        assert_eq!(r, a);
    }

    #[test]
    fn more_than_nine_notes_overflow() {
        let mut a = auction(Seat::North, "1C 1D 1H 1S 1N 2C 2D 2H 2S 2N 3C");
        for (i, c) in a.calls.iter_mut().enumerate() {
            c.note = Some(format!("note {i}"));
        }
        let w = write_auction(None, &a, |_| None, false);
        assert_eq!(w.notes.len(), 9);
        assert_eq!(
            w.overflow,
            [(10, "note 9".to_owned()), (11, "note 10".to_owned())]
        );
    }
}

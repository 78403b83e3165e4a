//! The format-neutral view of a game in a deal file: board number, dealer,
//! vulnerability, the deal and the auction if one was recorded.

use bridge::auction::{AuctionError, Bidding, Call};
use bridge::deal::Deal;
use bridge::vulnerability::Vulnerability;
use contract_bridge::{Contract, Seat, Strain};
use thiserror::Error;

/// A call as a deal file records it: the call, whether it was alerted, and
/// the note explaining it, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordedCall {
    /// The call.
    pub call: Call,
    /// Whether the call was alerted (PBN `!`, RBN `*`, LIN `mb|1C!|`).
    pub alert: bool,
    /// The note attached to the call (PBN `=n=` with `[Note "n:…"]`, RBN
    /// `^n` notes, LIN `an|…|`).
    pub note: Option<String>,
}

impl RecordedCall {
    /// A call with no alert and no note.
    #[must_use]
    pub const fn plain(call: Call) -> Self {
        Self {
            call,
            alert: false,
            note: None,
        }
    }
}

/// An auction as a deal file records it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordedAuction {
    /// Who made the first call.
    pub dealer: Seat,
    /// The calls, in order. An auction may be unfinished (the file stopped).
    pub calls: Vec<RecordedCall>,
}

impl RecordedAuction {
    /// The bare calls.
    pub fn calls(&self) -> impl ExactSizeIterator<Item = Call> + '_ {
        self.calls.iter().map(|c| c.call)
    }

    /// Replays the calls on an empty auction.
    ///
    /// # Errors
    ///
    /// The first illegal call (insufficient bid, a double of one's side, a
    /// call after the end).
    pub fn bidding(&self, vulnerability: Vulnerability) -> Result<Bidding, AuctionError> {
        let mut bidding = Bidding::new(self.dealer, vulnerability);
        for call in self.calls() {
            bidding.push(call)?;
        }
        Ok(bidding)
    }

    /// The final contract and declarer, when the auction has ended and was
    /// not passed out (`None` also for an illegal or unfinished auction).
    #[must_use]
    pub fn contract(&self) -> Option<(Contract, Seat)> {
        let bidding = self.bidding(Vulnerability::None).ok()?;
        if bidding.has_ended() {
            bidding.contract()
        } else {
            None
        }
    }

    /// Whether two auctions have the same dealer and calls (alerts and notes
    /// aside).
    #[must_use]
    pub fn same_calls(&self, other: &Self) -> bool {
        self.dealer == other.dealer && self.calls().eq(other.calls())
    }
}

/// A game of a deal file as bidbook sees it, whatever the format.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// The line of the file where the game starts (1-based).
    pub line: usize,
    /// The board number, if the file gives one.
    pub number: Option<u32>,
    /// The dealer, if the file gives one.
    pub dealer: Option<Seat>,
    /// The vulnerability, if the file gives one.
    pub vulnerability: Option<Vulnerability>,
    /// The cards (some may be unknown).
    pub deal: Deal,
    /// The auction recorded in the file, if any.
    pub auction: Option<RecordedAuction>,
}

impl Board {
    /// The board numbered `number` holding `deal` (a random deal, say), with
    /// the dealer and vulnerability of that board number stated, so that
    /// every output format writes them.
    #[must_use]
    pub fn numbered(number: u32, deal: Deal) -> Board {
        let mut board = Board {
            line: 0,
            number: Some(number),
            dealer: None,
            vulnerability: None,
            deal,
            auction: None,
        };
        board.dealer = Some(board.effective_dealer());
        board.vulnerability = Some(board.effective_vulnerability());
        board
    }

    /// The dealer: as given, else from the board number (board 1 North,
    /// 2 East, 3 South, 4 West, 5 North, …), else the recorded auction's
    /// first caller, else North.
    #[must_use]
    pub fn effective_dealer(&self) -> Seat {
        self.dealer
            .or_else(|| {
                self.number
                    .map(|n| Seat::ALL[(n.wrapping_sub(1) % 4) as usize])
            })
            .or_else(|| self.auction.as_ref().map(|a| a.dealer))
            .unwrap_or(Seat::North)
    }

    /// The vulnerability: as given, else from the board number (the
    /// 16-board cycle), else none.
    #[must_use]
    pub fn effective_vulnerability(&self) -> Vulnerability {
        self.vulnerability
            .or_else(|| self.number.map(Vulnerability::of_board))
            .unwrap_or_default()
    }
}

/// A game a reader could not read; the reader goes on with the next one.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{line}: skipped: {why}")]
pub struct Skipped {
    /// The line of the fault (1-based).
    pub line: usize,
    /// What was wrong, in words.
    pub why: String,
    /// The game's bytes as read (with the text before it that belongs to
    /// no game), for writing it back unchanged; empty where the format is
    /// not written back (LIN).
    pub text: Vec<u8>,
}

impl Skipped {
    /// A fault at `line`, with no text kept (yet).
    #[must_use]
    pub const fn new(line: usize, why: String) -> Self {
        Self {
            line,
            why,
            text: Vec::new(),
        }
    }
}

/// Why a reader yielded no game.
#[derive(Debug, Error)]
pub enum ReadError {
    /// A malformed game, skipped; the reader goes on with the next one.
    #[error(transparent)]
    Skipped(#[from] Skipped),
    /// A fault after which the file cannot be read on (RBN: a bad
    /// character); the reader yields nothing more.
    #[error("{line}: {why}")]
    Fatal {
        /// The line of the fault (1-based).
        line: usize,
        /// What was wrong, in words.
        why: String,
    },
    /// The file could not be read; the reader yields nothing more.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// The longest text from the file a message repeats, in characters: more
/// than a whole PBN deal (69), so that a normal value is shown whole.
const SHOWN_CHARS: usize = 80;

/// Text from the file as a message repeats it: cut to 80 characters and
/// `…` when longer, so that a huge value (a 200 MB `Deal` tag) does not
/// become a huge line on standard error.
#[must_use]
pub fn shown(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(SHOWN_CHARS) {
        None => std::borrow::Cow::Borrowed(text),
        Some((end, _)) => std::borrow::Cow::Owned(format!("{}…", &text[..end])),
    }
}

/// A strain letter (`C D H S N`), either case: the one spelling every deal
/// format shares.
pub(crate) const fn strain_of_letter(b: u8) -> Option<Strain> {
    match b.to_ascii_uppercase() {
        b'C' => Some(Strain::Clubs),
        b'D' => Some(Strain::Diamonds),
        b'H' => Some(Strain::Hearts),
        b'S' => Some(Strain::Spades),
        b'N' => Some(Strain::Notrump),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(number: Option<u32>) -> Board {
        Board {
            line: 1,
            number,
            dealer: None,
            vulnerability: None,
            deal: Deal::default(),
            auction: None,
        }
    }

    #[test]
    fn dealer_and_vulnerability_follow_the_board_number_when_absent() {
        let cases = [
            (1, Seat::North, Vulnerability::None),
            (2, Seat::East, Vulnerability::NS),
            (3, Seat::South, Vulnerability::EW),
            (4, Seat::West, Vulnerability::Both),
            (5, Seat::North, Vulnerability::NS),
            (16, Seat::West, Vulnerability::EW),
            (17, Seat::North, Vulnerability::None),
        ];
        for (n, dealer, vul) in cases {
            let b = board(Some(n));
            assert_eq!(b.effective_dealer(), dealer, "board {n}");
            assert_eq!(b.effective_vulnerability(), vul, "board {n}");
        }
        let b = board(None);
        assert_eq!(b.effective_dealer(), Seat::North);
        assert_eq!(b.effective_vulnerability(), Vulnerability::None);
    }

    #[test]
    fn contract_of_a_finished_auction() {
        use bridge::auction::parse_call;
        let calls = ["1N", "P", "3N", "P", "P", "P"]
            .iter()
            .map(|c| RecordedCall::plain(parse_call(c).unwrap()))
            .collect();
        let a = RecordedAuction {
            dealer: Seat::East,
            calls,
        };
        let (contract, declarer) = a.contract().unwrap();
        assert_eq!(declarer, Seat::East);
        assert_eq!(contract.to_string(), "3NT");
        let mut unfinished = a.clone();
        unfinished.calls.truncate(3);
        assert!(unfinished.contract().is_none());
        assert!(!a.same_calls(&unfinished));
    }
}

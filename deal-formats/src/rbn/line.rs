//! The lines of an RBN file: what kind each is (label, note, free text,
//! comment, blank), and the characters each label's data may hold.
//!
//! RBN checks characters strictly: the data of labels `D B H A C P R M`
//! allows only the characters the format lists for it (either case) and no
//! spaces, and a space must follow every label that has data. A bad
//! character stops the whole file ([`ReadError::Fatal`](crate::ReadError)),
//! so classification reports the column of the fault.

/// The sixteen RBN labels in the order RBN utilities write them.
pub(crate) const LABELS: &[u8; 16] = b"TDLESFKNBHACPRIM";

/// Index in [`LABELS`] of `K`, team names: decides how `N` repeats.
pub(crate) const K: usize = 6;
/// `N`, player names.
pub(crate) const N: usize = 7;
/// `B`, board number.
pub(crate) const B: usize = 8;
/// `H`, hands.
pub(crate) const H: usize = 9;
/// `A`, auction.
pub(crate) const A: usize = 10;
/// `C`, contract.
pub(crate) const C: usize = 11;
/// `P`, play.
pub(crate) const P: usize = 12;
/// `R`, result.
pub(crate) const R: usize = 13;
/// `M`, double-dummy makes.
pub(crate) const M: usize = 15;

/// The index in [`LABELS`] of a label letter (either case).
#[must_use]
pub(crate) const fn label_index(letter: u8) -> Option<usize> {
    let up = letter.to_ascii_uppercase();
    let mut i = 0;
    while i < LABELS.len() {
        if LABELS[i] == up {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// What a line of an RBN file is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LineKind {
    /// An empty line (or only spaces): it ends a game.
    Blank,
    /// A line starting with `%`: file signature or comment (not part of any
    /// label).
    Comment,
    /// A line of a free-text paragraph (`{…}`).
    Text,
    /// A label line; the letter is uppercase (`T D L E S F K N B H A C P R
    /// I M`).
    Label(char),
    /// A note line `1`–`9`, explaining a call (before the `P` label) or a
    /// play (after it).
    Note(u8),
}

/// A line as stored: byte offsets into the game's raw text, its number in
/// the file and its kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Line {
    /// Offset of the first byte.
    pub start: usize,
    /// Offset just past the content (before `\r\n` or `\n`).
    pub content_end: usize,
    /// Offset just past the line ending.
    pub end: usize,
    /// 1-based line number in the file.
    pub number: usize,
    /// What the line is.
    pub kind: LineKind,
}

impl Line {
    /// Offset where the label's data starts (after the letter and space).
    #[must_use]
    pub fn data_start(&self) -> usize {
        match self.kind {
            LineKind::Label(_) | LineKind::Note(_) => (self.start + 2).min(self.content_end),
            _ => self.start,
        }
    }
}

/// Builds a table of allowed bytes; letters are allowed in either case.
const fn allowed(chars: &[u8]) -> [bool; 256] {
    let mut table = [false; 256];
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        table[c as usize] = true;
        table[c.to_ascii_lowercase() as usize] = true;
        i += 1;
    }
    table
}

static DATE: [bool; 256] = allowed(b"0123456789C:?");
static BOARD: [bool; 256] = allowed(b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ:.-/");
static HANDS: [bool; 256] = allowed(b"23456789AEJKNQSTW:.;");
static AUCTION: [bool; 256] = allowed(b"123456789ABCDEHNPRSWXYZ:!?*^");
static CONTRACT: [bool; 256] = allowed(b"0123456789CDEHMNPRSWX:");
static PLAY: [bool; 256] = allowed(b"123456789ACDEHJKNQSTWY:+-!?*^");
static RESULT: [bool; 256] = allowed(b"0123456789P:+-=.");
static MAKES: [bool; 256] = allowed(b"0123456789ABCDFM:+=!?");

/// The allowed characters of a label's data, `None` for labels allowing all
/// characters (`T L E S F K N I` and the notes).
fn allowed_for(label: u8) -> Option<&'static [bool; 256]> {
    match label {
        b'D' => Some(&DATE),
        b'B' => Some(&BOARD),
        b'H' => Some(&HANDS),
        b'A' => Some(&AUCTION),
        b'C' => Some(&CONTRACT),
        b'P' => Some(&PLAY),
        b'R' => Some(&RESULT),
        b'M' => Some(&MAKES),
        _ => None,
    }
}

/// A character RBN does not allow where it was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct BadChar {
    /// 1-based byte column in the line.
    pub column: usize,
    /// What was wrong.
    pub why: String,
}

/// Shows a byte for an error message.
pub(crate) fn show_byte(b: u8) -> String {
    match b {
        b' ' => "a space".to_owned(),
        b'\t' => "a tab".to_owned(),
        0x21..=0x7e => format!("`{}`", b as char),
        _ => format!("byte 0x{b:02X}"),
    }
}

/// Classifies a non-blank line outside a free-text paragraph and checks its
/// characters. `content` excludes the line ending.
pub(crate) fn classify(content: &[u8]) -> Result<LineKind, BadChar> {
    let Some(&first) = content.first() else {
        return Ok(LineKind::Blank);
    };
    match first {
        b'{' => return Ok(LineKind::Text),
        b'%' => return Ok(LineKind::Comment),
        _ => {}
    }
    let kind = match first {
        b'1'..=b'9' => LineKind::Note(first - b'0'),
        _ => match label_index(first) {
            Some(i) => LineKind::Label(LABELS[i] as char),
            None => {
                return Err(BadChar {
                    column: 1,
                    why: format!(
                        "{} does not begin an RBN line (a label T D L E S F K N B H A C P R I M, a note 1-9, `{{` or `%`)",
                        show_byte(first)
                    ),
                });
            }
        },
    };
    if content.len() == 1 {
        return Ok(kind); // a null label
    }
    if content[1] != b' ' {
        return Err(BadChar {
            column: 2,
            why: format!(
                "a space must follow the label, found {}",
                show_byte(content[1])
            ),
        });
    }
    if let Some(table) = allowed_for(first.to_ascii_uppercase())
        && let Some(p) = content[2..].iter().position(|&b| !table[b as usize])
    {
        let b = content[2 + p];
        return Err(BadChar {
            column: 3 + p,
            why: format!(
                "{} is not allowed in the {} label",
                show_byte(b),
                first.to_ascii_uppercase() as char
            ),
        });
    }
    Ok(kind)
}

/// Whether a line (without its ending) is blank: empty or only spaces and
/// tabs.
#[must_use]
pub(crate) fn is_blank(content: &[u8]) -> bool {
    content.iter().all(|&b| b == b' ' || b == b'\t')
}

/// Whether a free-text line closes its paragraph (a `}` at the end of the
/// line, trailing spaces aside).
#[must_use]
pub(crate) fn closes_text(content: &[u8]) -> bool {
    content.iter().rev().find(|&&b| b != b' ' && b != b'\t') == Some(&b'}')
}

/// The length of the line ending at the end of `line` (`\r\n`, `\n` or none).
#[must_use]
pub(crate) fn ending_len(line: &[u8]) -> usize {
    match line {
        [.., b'\r', b'\n'] => 2,
        [.., b'\n'] => 1,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_notes_text_and_comments() {
        assert_eq!(classify(b"H W:AK:").unwrap(), LineKind::Label('H'));
        assert_eq!(classify(b"S").unwrap(), LineKind::Label('S'));
        assert_eq!(classify(b"1 forcing one round").unwrap(), LineKind::Note(1));
        assert_eq!(classify(b"{text").unwrap(), LineKind::Text);
        assert_eq!(classify(b"% RBN 2.2").unwrap(), LineKind::Comment);
        assert_eq!(
            classify(b"T Any text: at all {}").unwrap(),
            LineKind::Label('T')
        );
        assert_eq!(classify(b"a wz:1sp").unwrap(), LineKind::Label('A'));
    }

    #[test]
    fn bad_characters_name_their_column() {
        let e = classify(b"H W:AK2.QJ :").unwrap_err();
        assert_eq!(e.column, 11);
        assert!(e.why.contains("a space"), "{}", e.why);
        let e = classify(b"A WZ:1S2H&").unwrap_err();
        assert_eq!(e.column, 10);
        let e = classify(b"HW:AK").unwrap_err();
        assert_eq!(e.column, 2);
        let e = classify(b"Xylophone").unwrap_err();
        assert_eq!(e.column, 1);
        let e = classify(b"0 zero note").unwrap_err();
        assert_eq!(e.column, 1);
        assert!(classify(b"C 5HX:N").is_ok());
        assert!(classify(b"R 9-300:0").is_ok());
        assert!(classify(b"M :978A7+979A7:46435+45436").is_ok());
        assert!(classify(b"D 1955C").is_ok());
        assert!(classify(b"B 9:97-7-542").is_ok());
        assert!(classify(b"P E:CK972:CQ!H483:DA9J6:D2KH28:SJ?QKA:CA").is_ok());
    }

    #[test]
    fn text_closing_and_endings() {
        assert!(closes_text(b"{abc}"));
        assert!(closes_text(b"abc}  "));
        assert!(!closes_text(b"{abc"));
        assert_eq!(ending_len(b"x\r\n"), 2);
        assert_eq!(ending_len(b"x\n"), 1);
        assert_eq!(ending_len(b"x"), 0);
        assert!(is_blank(b""));
        assert!(is_blank(b"  \t"));
        assert!(!is_blank(b" x"));
    }
}

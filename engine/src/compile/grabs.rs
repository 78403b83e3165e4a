//! The 26 grabs (`a`..`z`) of one rule match: what a lower-case letter in a
//! pattern stored, carried from the sequence pattern to the constraint and the
//! specification.
//!
//! A grab holds one *field*: a run of digits (a whole number) or one other
//! character. Each is packed into four bytes — the number and how many digits
//! it was written with (so `05` stays `05`), or the character — so that all
//! 26 take 104 bytes: backtracking and the resolver copy them freely, inline,
//! and the hot path never allocates.

use core::fmt;

/// The index of a grab letter (`a` = 0 … `z` = 25).
pub fn grab_index(c: char) -> u8 {
    (c as u8).wrapping_sub(b'a').min(25)
}

/// The value of a character in MATH: its strain or call rank, or its ASCII
/// code for any other character.
pub fn char_value(c: u8) -> i32 {
    match c {
        b'C' => 1,
        b'D' => 2,
        b'H' => 3,
        b'S' => 4,
        b'N' => 5,
        b'P' => 6,
        b'X' => 7,
        b'R' => 8,
        other => other as i32,
    }
}

/// The most digits a grabbed number keeps (longer numbers are cut to their
/// first six digits).
const CAP: usize = 6;

/// The low bits of a packed slot: 0 for an empty slot, 1–6 for a number of
/// that many digits, [`CHAR`] for a character.
const KIND_MASK: u32 = 0b111;

/// The kind of a slot holding one non-digit character.
const CHAR: u32 = 7;

/// The value of one grab, packed (see [`Grabs::save`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Slot(u32);

impl Slot {
    /// The slot holding `field`: its digits (cut to six) when it starts with
    /// a digit, else its first character; empty for empty text.
    fn of(field: &[u8]) -> Slot {
        let digits = field.iter().take_while(|b| b.is_ascii_digit()).count();
        match field.first() {
            None => Slot(0),
            Some(_) if digits > 0 => {
                let digits = &field[..digits.min(CAP)];
                let value = digits
                    .iter()
                    .fold(0u32, |n, d| n * 10 + u32::from(d - b'0'));
                Slot(value << 3 | digits.len() as u32)
            }
            Some(&c) => Slot(u32::from(c) << 3 | CHAR),
        }
    }

    fn kind(self) -> u32 {
        self.0 & KIND_MASK
    }
}

/// The text of a grab, as [`Grabs::get`] gives it: up to six bytes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct GrabText {
    bytes: [u8; CAP],
    len: u8,
}

impl core::ops::Deref for GrabText {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }
}

impl fmt::Debug for GrabText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", String::from_utf8_lossy(self))
    }
}

/// The grabs of one match attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Grabs {
    slots: [Slot; 26],
}

impl Grabs {
    /// No grab set.
    pub const fn new() -> Self {
        Grabs {
            slots: [Slot(0); 26],
        }
    }

    /// The text held by grab `g`, if it was set.
    #[inline]
    pub fn get(&self, g: u8) -> Option<GrabText> {
        let slot = *self.slots.get(g as usize)?;
        let mut text = GrabText {
            bytes: [0; CAP],
            len: 0,
        };
        match slot.kind() {
            0 => return None,
            CHAR => {
                text.bytes[0] = (slot.0 >> 3) as u8;
                text.len = 1;
            }
            digits => {
                let mut value = slot.0 >> 3;
                for b in text.bytes[..digits as usize].iter_mut().rev() {
                    *b = b'0' + (value % 10) as u8;
                    value /= 10;
                }
                text.len = digits as u8;
            }
        }
        Some(text)
    }

    /// The value of grab `g` in MATH, if it was set: its number, or the
    /// value of its character ([`char_value`]).
    #[inline]
    pub fn value(&self, g: u8) -> Option<i32> {
        let slot = *self.slots.get(g as usize)?;
        match slot.kind() {
            0 => None,
            CHAR => Some(char_value((slot.0 >> 3) as u8)),
            _ => Some((slot.0 >> 3) as i32),
        }
    }

    /// Sets grab `g` to a field: a run of digits (cut to six) or one other
    /// character (text after a first non-digit is not kept).
    #[inline]
    pub fn set(&mut self, g: u8, field: &[u8]) {
        if let Some(slot) = self.slots.get_mut(g as usize) {
            *slot = Slot::of(field);
        }
    }

    /// Sets grab `g` to the decimal text of `value` (negative values become
    /// 0; values of more than six digits keep their first six).
    pub fn set_number(&mut self, g: u8, value: i32) {
        let mut buf = [0u8; 10];
        let mut v = value.max(0) as u32;
        let mut i = buf.len();
        loop {
            i -= 1;
            buf[i] = b'0' + (v % 10) as u8;
            v /= 10;
            if v == 0 {
                break;
            }
        }
        self.set(g, &buf[i..]);
    }

    /// The value of grab `g`, to put back with [`Grabs::restore`] (a
    /// backtracking matcher undoing one grab instead of copying all 26).
    #[inline]
    pub fn save(&self, g: u8) -> Slot {
        self.slots.get(g as usize).copied().unwrap_or_default()
    }

    /// Puts back a value taken by [`Grabs::save`].
    #[inline]
    pub fn restore(&mut self, g: u8, slot: Slot) {
        if let Some(s) = self.slots.get_mut(g as usize) {
            *s = slot;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(g: &Grabs, i: u8) -> Option<String> {
        g.get(i).map(|t| String::from_utf8(t.to_vec()).unwrap())
    }

    #[test]
    fn fields_come_back_as_written() {
        let mut g = Grabs::new();
        for field in ["0", "5", "05", "15", "007", "123456", "S", "N", ":", "x"] {
            g.set(3, field.as_bytes());
            assert_eq!(text(&g, 3).as_deref(), Some(field), "{field}");
        }
    }

    #[test]
    fn long_numbers_keep_their_first_six_digits() {
        let mut g = Grabs::new();
        g.set(0, b"12345678");
        assert_eq!(text(&g, 0).as_deref(), Some("123456"));
        g.set_number(1, 1_234_567);
        assert_eq!(text(&g, 1).as_deref(), Some("123456"));
        g.set_number(2, -4);
        assert_eq!(text(&g, 2).as_deref(), Some("0"));
    }

    #[test]
    fn values_are_numbers_or_strain_ranks() {
        let mut g = Grabs::new();
        assert_eq!(g.value(0), None);
        g.set(0, b"015");
        g.set(1, b"H");
        g.set(2, b"?");
        assert_eq!(g.value(0), Some(15));
        assert_eq!(g.value(1), Some(3));
        assert_eq!(g.value(2), Some(i32::from(b'?')));
        assert_eq!(g.value(26), None);
    }

    #[test]
    fn save_and_restore_put_one_grab_back() {
        let mut g = Grabs::new();
        g.set(4, b"C");
        let saved = g.save(4);
        g.set(4, b"12");
        g.restore(4, saved);
        assert_eq!(text(&g, 4).as_deref(), Some("C"));
        assert_eq!(std::mem::size_of::<Grabs>(), 104);
    }
}

//! The 26 grabs (`a`..`z`) of one rule match: what a lower-case letter in a
//! pattern stored, carried from the sequence pattern to the constraint and the
//! specification.
//!
//! A grab holds one *field*: a run of digits (a whole number) or one other
//! character. It is a small fixed-size value so that backtracking can copy it
//! freely and the hot path never allocates.

/// The most bytes a grab keeps (numbers longer than this are cut).
const CAP: usize = 6;

/// The value of one grab (see [`Grabs::save`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Slot {
    len: u8,
    text: [u8; CAP],
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
            slots: [Slot {
                len: 0,
                text: [0; CAP],
            }; 26],
        }
    }

    /// The text held by grab `g`, if it was set.
    #[inline]
    pub fn get(&self, g: u8) -> Option<&[u8]> {
        let slot = self.slots.get(g as usize)?;
        (slot.len > 0).then(|| &slot.text[..slot.len as usize])
    }

    /// Sets grab `g` to `text` (cut to the capacity).
    #[inline]
    pub fn set(&mut self, g: u8, text: &[u8]) {
        if let Some(slot) = self.slots.get_mut(g as usize) {
            let n = text.len().min(CAP);
            slot.text[..n].copy_from_slice(&text[..n]);
            slot.len = n as u8;
        }
    }

    /// Sets grab `g` to the decimal text of `value` (negative values become 0).
    pub fn set_number(&mut self, g: u8, value: i32) {
        let mut buf = [0u8; CAP];
        let mut v = value.max(0) as u32;
        let mut i = CAP;
        loop {
            i -= 1;
            buf[i] = b'0' + (v % 10) as u8;
            v /= 10;
            if v == 0 || i == 0 {
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

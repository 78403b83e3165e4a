//! Tag value inheritance (PBN 4.8).
//!
//! - A value `#` takes the value of the same tag in the nearest previous
//!   game that gave it a real value (`""` if none did).
//! - A value `##text` means `text`, in this game and in every following game
//!   that does not give the tag: the tag becomes *sticky*. A later game may
//!   give it another value (with or without `##`), which then carries on in
//!   the same way ("the next 24 boards are played at the next day").
//! - Neither applies to `Dealer`, `Vulnerable`, `Deal`, `Declarer`,
//!   `Contract`, `Auction`, `Play` or `Note`: there `#` is read as written
//!   (and so is a bad `Dealer`, `Vulnerable` or `Deal`).
//!
//! The reader keeps one [`Inheritance`] for the whole stream; every game it
//! tokenizes records its values, skipped or not, since a `#` refers to the
//! previous game in the file.

use std::collections::HashMap;

/// What a tag value means for inheritance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Inherit<'v> {
    /// A real value.
    Value(&'v str),
    /// `#`: the previous game's value.
    Previous,
    /// `##text`: this text, here and in the games that follow.
    Sticky(&'v str),
}

impl<'v> Inherit<'v> {
    /// Reads a value (of a tag that may inherit).
    pub(crate) fn of(value: &'v str) -> Self {
        if value == "#" {
            Self::Previous
        } else if let Some(rest) = value.strip_prefix("##") {
            Self::Sticky(rest)
        } else {
            Self::Value(value)
        }
    }
}

/// The last value of every tag seen, and which tags are sticky. A file
/// may use any number of tag names (a hostile one a new name per game), so
/// names are found through a hash map: recording a game's values is linear
/// in its tags, whatever came before.
#[derive(Debug, Default, Clone)]
pub(crate) struct Inheritance {
    /// The values, in the order the names were first seen.
    last: Vec<(Box<str>, String)>,
    /// Where each name is in `last`.
    index: HashMap<Box<str>, usize>,
    /// The sticky tags, by index in `last`, in the order they became so.
    sticky: Vec<usize>,
    /// Whether each entry of `last` is sticky.
    is_sticky: Vec<bool>,
}

impl Inheritance {
    /// The value `#` stands for now: the tag's last real value, or `""`.
    pub(crate) fn previous(&self, name: &str) -> &str {
        self.index
            .get(name)
            .map_or("", |&i| self.last[i].1.as_str())
    }

    /// Records a game's resolved value of a tag; `sticky` when given as
    /// `##…`.
    pub(crate) fn record(&mut self, name: &str, value: &str, sticky: bool) {
        let i = if let Some(&i) = self.index.get(name) {
            let last = &mut self.last[i].1;
            last.clear();
            last.push_str(value);
            i
        } else {
            let i = self.last.len();
            self.last.push((name.into(), value.to_owned()));
            self.index.insert(name.into(), i);
            self.is_sticky.push(false);
            i
        };
        if sticky && !self.is_sticky[i] {
            self.is_sticky[i] = true;
            self.sticky.push(i);
        }
    }

    /// The sticky tags and their current values.
    pub(crate) fn sticky(&self) -> impl Iterator<Item = (&str, &str)> {
        self.sticky.iter().map(|&i| {
            let (name, value) = &self.last[i];
            (&**name, value.as_str())
        })
    }

    /// Whether any tag is sticky.
    pub(crate) fn has_sticky(&self) -> bool {
        !self.sticky.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read() {
        assert_eq!(Inherit::of("#"), Inherit::Previous);
        assert_eq!(Inherit::of("##2024.01.02"), Inherit::Sticky("2024.01.02"));
        assert_eq!(Inherit::of("##"), Inherit::Sticky(""));
        assert_eq!(Inherit::of("# 1"), Inherit::Value("# 1"));
    }

    #[test]
    fn previous_and_sticky_values() {
        let mut h = Inheritance::default();
        assert_eq!(h.previous("Event"), "");
        h.record("Event", "Cup", false);
        h.record("Date", "2024.01.01", true);
        assert_eq!(h.previous("Event"), "Cup");
        assert!(h.has_sticky());
        h.record("Date", "2024.01.02", false);
        assert_eq!(h.sticky().collect::<Vec<_>>(), [("Date", "2024.01.02")]);
    }
}

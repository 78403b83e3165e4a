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

/// The last value of every tag seen, and which tags are sticky. Files use
/// a few dozen tag names at most, so a list beats a hash map.
#[derive(Debug, Default, Clone)]
pub(crate) struct Inheritance {
    last: Vec<(Box<str>, String)>,
    sticky: Vec<Box<str>>,
}

impl Inheritance {
    /// The value `#` stands for now: the tag's last real value, or `""`.
    pub(crate) fn previous(&self, name: &str) -> &str {
        self.last
            .iter()
            .find(|(n, _)| &**n == name)
            .map_or("", |(_, v)| v.as_str())
    }

    /// Records a game's resolved value of a tag; `sticky` when given as
    /// `##…`.
    pub(crate) fn record(&mut self, name: &str, value: &str, sticky: bool) {
        if let Some((_, last)) = self.last.iter_mut().find(|(n, _)| &**n == name) {
            last.clear();
            last.push_str(value);
        } else {
            self.last.push((name.into(), value.to_owned()));
        }
        if sticky && !self.sticky.iter().any(|s| &**s == name) {
            self.sticky.push(name.into());
        }
    }

    /// The sticky tags and their current values.
    pub(crate) fn sticky(&self) -> impl Iterator<Item = (&str, &str)> {
        self.sticky
            .iter()
            .map(|name| (&**name, self.previous(name)))
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

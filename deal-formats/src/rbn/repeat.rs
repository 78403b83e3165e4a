//! Label repetition: the first ten labels `T D L E S F K N B H` carry over
//! from the previous game when a game does not state them; `A C P R I M`
//! never do.
//!
//! `N` (player names) is the exception: when the game's `K` (team names) is
//! not null, an absent `N` repeats in alternation, taking the names of the
//! game before the previous one (open room, closed room, open room, …);
//! when `K` is null it repeats from the previous game like the others. A
//! null label (the letter alone) states an empty value and stops the
//! repetition.
//!
//! The same state serves the reader (to resolve what a game inherits) and
//! the [`RbnWriter`](super::RbnWriter) (to know what a reader of its output
//! would inherit, and so which labels it must state).

use super::line::{K, N};
use bridge::deal::Deal;
use std::sync::Arc;

/// A label value: `None` when null or never given.
pub(crate) type Value = Option<Arc<[u8]>>;

/// The values of `T D L E S F K N B` in effect for a game.
pub(crate) type Resolved = [Value; 9];

/// What a game inherits from the games before it.
#[derive(Debug, Clone, Default)]
pub(crate) struct Repeats {
    /// `T D L E S F K N B` of the previous game.
    values: Resolved,
    /// `N` of the game before the previous one (`None` until two games
    /// were seen).
    n_before: Option<Value>,
    /// The board number of the previous game.
    number: Option<u32>,
    /// The deal of the previous game, or the line of its faulty `H` label.
    deal: Option<Result<Deal, usize>>,
    /// Whether any game was seen.
    started: bool,
}

impl Repeats {
    /// The value a game that does not state label `index` (0–8) inherits,
    /// given its own `K` (resolved).
    #[must_use]
    pub fn inherited(&self, index: usize, k: &Value) -> &Value {
        if index == N
            && k.is_some()
            && let Some(before) = &self.n_before
        {
            return before;
        }
        &self.values[index]
    }

    /// The board number a game without a `B` label inherits.
    #[must_use]
    pub const fn number(&self) -> Option<u32> {
        self.number
    }

    /// The deal a game without an `H` label inherits: `Err(line)` when the
    /// previous game's `H` label was faulty.
    pub fn deal(&self) -> Result<Deal, usize> {
        self.deal.unwrap_or(Ok(Deal::EMPTY))
    }

    /// Resolves a game's labels: its own where given (`own[i]` is `Some`,
    /// holding the value or `None` for a null label), else inherited.
    #[must_use]
    pub fn resolve(&self, own: &[Option<Value>; 9]) -> Resolved {
        let mut resolved: Resolved = Default::default();
        for i in (0..9).filter(|&i| i != N) {
            resolved[i] = match &own[i] {
                Some(v) => v.clone(),
                None => self.values[i].clone(),
            };
        }
        resolved[N] = match &own[N] {
            Some(v) => v.clone(),
            None => self.inherited(N, &resolved[K]).clone(),
        };
        resolved
    }

    /// Moves on to the next game after one with these values.
    pub fn advance(&mut self, resolved: Resolved, number: Option<u32>, deal: Result<Deal, usize>) {
        let previous_n = std::mem::take(&mut self.values[N]);
        if self.started {
            self.n_before = Some(previous_n);
        }
        self.values = resolved;
        self.number = number;
        self.deal = Some(deal);
        self.started = true;
    }
}

/// The board number of a `B` label: the digits before any colon (`None` for
/// `B :KK` or anything not a number).
#[must_use]
pub(crate) fn board_number(value: &[u8]) -> Option<u32> {
    let head = value.split(|&b| b == b':').next()?;
    if head.is_empty() || head.len() > 9 || !head.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(head.iter().fold(0, |n, &d| n * 10 + u32::from(d - b'0')))
}

/// The `B` value of a board bidbook made: its number, if any.
#[must_use]
pub(crate) fn b_value(number: Option<u32>) -> Value {
    number.map(|n| Arc::from(n.to_string().into_bytes()))
}

/// Whether two values are the same text.
#[must_use]
pub(crate) fn same(a: &Value, b: &Value) -> bool {
    a.as_deref() == b.as_deref()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> Value {
        Some(Arc::from(s.as_bytes()))
    }

    fn own(k: Option<Value>, n: Option<Value>) -> [Option<Value>; 9] {
        let mut o: [Option<Value>; 9] = Default::default();
        o[K] = k;
        o[N] = n;
        o
    }

    #[test]
    fn names_alternate_when_teams_are_given() {
        let mut r = Repeats::default();
        let g1 = r.resolve(&own(Some(v("Home:Away")), Some(v("a+b:c+d:O"))));
        r.advance(g1, None, Ok(Deal::EMPTY));
        let g2 = r.resolve(&own(None, Some(v("c+d:a+b:C"))));
        assert!(same(&g2[K], &v("Home:Away")));
        r.advance(g2, None, Ok(Deal::EMPTY));
        let g3 = r.resolve(&own(None, None));
        assert!(same(&g3[N], &v("a+b:c+d:O")));
        r.advance(g3, None, Ok(Deal::EMPTY));
        let g4 = r.resolve(&own(None, None));
        assert!(same(&g4[N], &v("c+d:a+b:C")));
        r.advance(g4, None, Ok(Deal::EMPTY));
        // K null: N repeats from the previous game.
        let g5 = r.resolve(&own(Some(None), None));
        assert!(same(&g5[N], &v("c+d:a+b:C")));
    }

    #[test]
    fn null_labels_stop_repetition() {
        let mut r = Repeats::default();
        let mut o: [Option<Value>; 9] = Default::default();
        o[0] = Some(v("Title"));
        let g1 = r.resolve(&o);
        r.advance(g1, Some(3), Ok(Deal::EMPTY));
        let g2 = r.resolve(&Default::default());
        assert!(same(&g2[0], &v("Title")));
        r.advance(g2, Some(3), Ok(Deal::EMPTY));
        o[0] = Some(None);
        let g3 = r.resolve(&o);
        assert!(g3[0].is_none());
        assert_eq!(r.number(), Some(3));
    }

    #[test]
    fn board_numbers() {
        assert_eq!(board_number(b"7"), Some(7));
        assert_eq!(board_number(b"10:7X01"), Some(10));
        assert_eq!(board_number(b":KK"), None);
        assert_eq!(board_number(b"7A"), None);
        assert_eq!(board_number(b"99999999999999"), None);
        assert_eq!(board_number(b""), None);
    }
}

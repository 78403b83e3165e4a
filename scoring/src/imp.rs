//! The IMP (International Match Point) scale.
//!
//! [`imps`] converts a difference in total points into IMPs, 0 to 24, signed
//! like the difference. The scale (WBF / ACBL, unchanged since 1962):
//!
//! | difference | IMPs | difference | IMPs | difference | IMPs |
//! |---:|---:|---:|---:|---:|---:|
//! | 0–10 | 0 | 370–420 | 9 | 1750–1990 | 18 |
//! | 20–40 | 1 | 430–490 | 10 | 2000–2240 | 19 |
//! | 50–80 | 2 | 500–590 | 11 | 2250–2490 | 20 |
//! | 90–120 | 3 | 600–740 | 12 | 2500–2990 | 21 |
//! | 130–160 | 4 | 750–890 | 13 | 3000–3490 | 22 |
//! | 170–210 | 5 | 900–1090 | 14 | 3500–3990 | 23 |
//! | 220–260 | 6 | 1100–1290 | 15 | 4000 and up | 24 |
//! | 270–310 | 7 | 1300–1490 | 16 | | |
//! | 320–360 | 8 | 1500–1740 | 17 | | |
//!
//! Table scores are multiples of 10. A difference that is not (an averaged
//! datum, say) gets the IMPs of the highest step whose lower bound it reaches:
//! 15 is 0 IMPs, 45 is 1.

/// The lowest difference for each IMP from 1 to 24: `IMP_STEPS[k]` is the
/// smallest difference worth `k + 1` IMPs.
pub const IMP_STEPS: [i32; 24] = [
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750,
    2000, 2250, 2500, 3000, 3500, 4000,
];

/// The IMPs for a points difference `diff`, signed like `diff` (−24..=24).
///
/// # Examples
///
/// ```
/// assert_eq!(scoring::imps(620 - 170), 10);
/// assert_eq!(scoring::imps(-1430), -16);
/// ```
#[must_use]
pub fn imps(diff: i32) -> i32 {
    let size = diff.unsigned_abs();
    let steps = IMP_STEPS.partition_point(|&step| step.unsigned_abs() <= size);
    let steps = i32::try_from(steps).expect("at most 24 steps");
    if diff < 0 { -steps } else { steps }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every step's two boundaries: the last difference of the step below
    /// and the first of the step itself, both signs.
    #[test]
    fn every_boundary() {
        assert_eq!(imps(0), 0);
        assert_eq!(imps(10), 0);
        let mut below = 0;
        for (k, &step) in IMP_STEPS.iter().enumerate() {
            let imp = i32::try_from(k).unwrap() + 1;
            assert_eq!(
                imps(step - 10),
                imp - 1,
                "{} is still {} IMPs",
                step - 10,
                imp - 1
            );
            assert_eq!(imps(step), imp, "{step} is {imp} IMPs");
            assert_eq!(imps(-step), -imp);
            assert_eq!(imps(-(step - 10)), -(imp - 1));
            assert!(step > below);
            below = step;
        }
        assert_eq!(imps(7600), 24);
        assert_eq!(imps(i32::MIN), -24);
        assert_eq!(imps(i32::MAX), 24);
    }

    /// The scale written out row by row, as printed on a convention card.
    #[test]
    fn printed_scale() {
        let rows: [(i32, i32, i32); 25] = [
            (0, 10, 0),
            (20, 40, 1),
            (50, 80, 2),
            (90, 120, 3),
            (130, 160, 4),
            (170, 210, 5),
            (220, 260, 6),
            (270, 310, 7),
            (320, 360, 8),
            (370, 420, 9),
            (430, 490, 10),
            (500, 590, 11),
            (600, 740, 12),
            (750, 890, 13),
            (900, 1090, 14),
            (1100, 1290, 15),
            (1300, 1490, 16),
            (1500, 1740, 17),
            (1750, 1990, 18),
            (2000, 2240, 19),
            (2250, 2490, 20),
            (2500, 2990, 21),
            (3000, 3490, 22),
            (3500, 3990, 23),
            (4000, 9990, 24),
        ];
        for (low, high, imp) in rows {
            for diff in (low..=high).step_by(10) {
                assert_eq!(imps(diff), imp, "{diff}");
            }
        }
    }

    #[test]
    fn odd_differences_round_down_to_the_step() {
        assert_eq!(imps(15), 0);
        assert_eq!(imps(45), 1);
        assert_eq!(imps(-3995), -23);
    }
}

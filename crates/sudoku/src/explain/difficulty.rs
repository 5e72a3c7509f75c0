//! Difficulties on Sudoku Explainer's scale (SukakuExplainer's default
//! ratings): what each technique's step is worth, in tenths.

use std::fmt;

use super::Technique;

/// A difficulty on Sudoku Explainer's scale: `1.0` (full house) to
/// `11.x` (nested forcing chains), kept in tenths so that it compares
/// and prints exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Difficulty(u16);

impl Difficulty {
    /// `tenths / 10`: `Difficulty::from_tenths(32)` is 3.2.
    pub const fn from_tenths(tenths: u16) -> Difficulty {
        Difficulty(tenths)
    }

    /// In tenths: 32 for 3.2.
    pub fn tenths(self) -> u16 {
        self.0
    }

    /// As a number: 3.2.
    pub fn value(self) -> f64 {
        f64::from(self.0) / 10.0
    }
}

/// Text that is not a difficulty.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a difficulty: `{0}` (a number from 1.0 to 20.0 in tenths, such as 6.6)")]
pub struct BadDifficulty(String);

impl std::str::FromStr for Difficulty {
    type Err = BadDifficulty;

    /// `6.6`, `7`, `7.0`: one decimal at most.
    fn from_str(text: &str) -> Result<Difficulty, BadDifficulty> {
        let bad = || BadDifficulty(text.to_string());
        let (whole, tenth) = text.trim().split_once('.').unwrap_or((text.trim(), "0"));
        let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        if !digits(whole) || !digits(tenth) || tenth.len() > 1 || whole.len() > 2 {
            return Err(bad());
        }
        let tenths = whole.parse::<u16>().map_err(|_| bad())? * 10
            + tenth.parse::<u16>().map_err(|_| bad())?;
        if !(10..=200).contains(&tenths) {
            return Err(bad());
        }
        Ok(Difficulty(tenths))
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

impl Technique {
    /// Whether a step of this technique is within `max`: its difficulty
    /// is at most `max`; an element's step (off the scale) always is, the
    /// other steps the scale does not rate never are.
    pub fn within(self, max: Difficulty) -> bool {
        match self.difficulty() {
            Some(d) => d <= max,
            None => matches!(self, Technique::Element(_)),
        }
    }

    /// What Sudoku Explainer rates a step of this technique (`None`
    /// where its scale has no such step: a subset or fish of more than
    /// four, the W-Wing, which it rates as a chain, an element's rule, a
    /// contradiction).
    pub fn difficulty(self) -> Option<Difficulty> {
        let tenths = match self {
            Technique::FullHouse => 10,
            Technique::HiddenSingle { in_block: true } => 12,
            Technique::HiddenSingle { in_block: false } => 15,
            Technique::DirectPointing => 17,
            Technique::DirectClaiming => 19,
            Technique::DirectHiddenSubset(2) => 20,
            Technique::NakedSingle => 23,
            Technique::DirectHiddenSubset(3) => 25,
            Technique::Pointing => 26,
            Technique::Claiming => 28,
            Technique::NakedSubset(2) => 30,
            Technique::Fish(2) => 32,
            Technique::HiddenSubset(2) => 34,
            Technique::NakedSubset(3) => 36,
            Technique::Fish(3) => 38,
            Technique::HiddenSubset(3) => 40,
            Technique::StrongLinks(links) => return links.tenths().map(Difficulty),
            Technique::Chain(chain) => chain.tenths(),
            Technique::AlignedExclusion(2) => 62,
            Technique::AlignedExclusion(_) => 75,
            Technique::ForcingChain(chain) => chain.tenths(),
            Technique::XyWing => 42,
            Technique::XyzWing => 44,
            Technique::Unique(pattern) => pattern.tenths(),
            Technique::NakedSubset(4) => 50,
            Technique::Fish(4) => 52,
            Technique::HiddenSubset(4) => 54,
            Technique::AlsWing(wing) => return wing.tenths().map(Difficulty),
            Technique::Bug(1) => 56,
            Technique::Bug(_) => 57,
            // A naked pair 5.8, triple 5.9, ...
            Technique::BugSubset(k @ 2..=6) => 57 + k as u16 - 1,
            _ => return None,
        };
        Some(Difficulty(tenths))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn difficulties_read_in_tenths() {
        let read = |t: &str| t.parse::<Difficulty>().map(Difficulty::tenths);
        assert_eq!(read("6.6"), Ok(66));
        assert_eq!(read("7"), Ok(70));
        assert_eq!(read("10.5"), Ok(105));
        for bad in ["", "6.66", "0.5", "x", "-1", "6.", ".5", "300"] {
            assert!(read(bad).is_err(), "{bad}");
        }
        assert_eq!(
            read("6.66").unwrap_err().to_string(),
            "not a difficulty: `6.66` (a number from 1.0 to 20.0 in tenths, such as 6.6)"
        );
        assert!(Technique::Fish(2).within(Difficulty::from_tenths(32)));
        assert!(!Technique::Fish(3).within(Difficulty::from_tenths(32)));
        assert!(Technique::Element("killer-cage").within(Difficulty::from_tenths(10)));
        assert!(!Technique::Contradiction.within(Difficulty::from_tenths(200)));
    }

    #[test]
    fn prints_and_orders_in_tenths() {
        let x_wing = Technique::Fish(2).difficulty().unwrap();
        assert_eq!(x_wing.to_string(), "3.2");
        assert_eq!(x_wing.value(), 3.2);
        assert_eq!(Difficulty::from_tenths(100).to_string(), "10.0");
        assert!(
            Technique::NakedSingle.difficulty() > Technique::DirectHiddenSubset(2).difficulty()
        );
    }

    #[test]
    fn only_sudoku_explainers_steps_are_rated() {
        assert_eq!(Technique::WWing.difficulty(), None);
        assert_eq!(Technique::NakedSubset(5).difficulty(), None);
        assert_eq!(Technique::Contradiction.difficulty(), None);
        let ur = |subset| {
            let pattern = crate::explain::UniqueLoop {
                cells: 4,
                kind: 3,
                subset,
                hidden: false,
            };
            Technique::Unique(pattern).difficulty().map(|d| d.tenths())
        };
        assert_eq!([ur(2), ur(3), ur(4)], [Some(46), Some(47), Some(48)]);
        let wxyz = |largest| {
            let wing = crate::explain::AlsWing { cells: 3, largest };
            Technique::AlsWing(wing).difficulty().unwrap().tenths()
        };
        assert_eq!([wxyz(2), wxyz(3), wxyz(4)], [55, 56, 55]);
    }
}

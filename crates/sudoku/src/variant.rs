//! Global variant rules that need no data, chosen by name
//! (`--variant diagonal,anti-knight`).

use std::fmt;
use std::str::FromStr;

use crate::rules::{Rules, registry};

/// A set of global rules from the [registry](crate::rules::registry) (those
/// with no data: diagonals, windoku, anti-knight, anti-king,
/// non-consecutive) on top of rows, columns and boxes. Empty: classic.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Variant {
    names: Vec<&'static str>,
}

impl Variant {
    /// Rows, columns and boxes only.
    pub const CLASSIC: Variant = Variant { names: Vec::new() };

    /// The names of the rules, in the order given (empty: classic).
    pub fn names(&self) -> &[&'static str] {
        &self.names
    }

    /// Whether no rule is added.
    pub fn is_classic(&self) -> bool {
        self.names.is_empty()
    }

    /// The rules: each named global element.
    pub fn rules(&self) -> Rules {
        Rules {
            about: Default::default(),
            regions: None,
            elements: (self.names.iter())
                .filter_map(|n| registry::kind(n).and_then(|k| k.global))
                .map(|global| global())
                .collect(),
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.names.is_empty() {
            f.write_str("classic")
        } else {
            f.write_str(&self.names.join(","))
        }
    }
}

/// A variant name that is not known.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("unknown variant `{0}` (valid: {valid}; `diagonal` or `x` is both diagonals)", valid = valid_names())]
pub struct UnknownVariant(pub String);

/// The names `--variant` takes.
pub fn valid_names() -> String {
    let mut names = vec!["classic", "diagonal"];
    names.extend(registry::global_names());
    names.join(", ")
}

/// A name without its separators: `non-consecutive`, `nonconsecutive`
/// and `Non_Consecutive` are one name, as people write it either way.
fn loose(name: &str) -> String {
    (name.chars())
        .filter(|c| !matches!(c, '-' | '_' | ' '))
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

impl FromStr for Variant {
    type Err = UnknownVariant;

    /// A comma-separated list of names: `classic` (nothing),
    /// `diagonal` (`x`, `x-sudoku`: both diagonals), or any global rule of
    /// the registry; hyphens, underscores and case do not count
    /// (`non-consecutive` is `nonconsecutive`, `antiknight` `anti-knight`).
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        let mut names: Vec<&'static str> = Vec::new();
        let mut add = |name: &'static str| {
            if !names.contains(&name) {
                names.push(name);
            }
        };
        for part in s.split(',') {
            let part = part.trim().to_ascii_lowercase();
            match loose(&part).as_str() {
                "classic" | "" => {}
                "diagonal" | "x" | "xsudoku" => {
                    add("main-diagonal");
                    add("anti-diagonal");
                }
                wanted => {
                    let global =
                        (registry::global_names().into_iter()).find(|name| loose(name) == wanted);
                    match global {
                        Some(name) => add(name),
                        None => return Err(UnknownVariant(part)),
                    }
                }
            }
        }
        Ok(Variant { names })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_combine() {
        let v: Variant = "diagonal, anti-knight,windoku".parse().unwrap();
        assert_eq!(
            v.names(),
            ["main-diagonal", "anti-diagonal", "anti-knight", "windoku"]
        );
        assert_eq!(
            v.to_string(),
            "main-diagonal,anti-diagonal,anti-knight,windoku"
        );
        assert!("classic".parse::<Variant>().unwrap().is_classic());
        let spelled: Variant = "non-consecutive,AntiKnight,disjoint_groups,X-Sudoku"
            .parse()
            .unwrap();
        assert_eq!(
            spelled.names(),
            [
                "nonconsecutive",
                "anti-knight",
                "disjoint-groups",
                "main-diagonal",
                "anti-diagonal"
            ]
        );
        assert_eq!(
            "knight".parse::<Variant>().unwrap_err().to_string(),
            "unknown variant `knight` (valid: classic, diagonal, main-diagonal, anti-diagonal, windoku, anti-knight, anti-king, nonconsecutive, disjoint-groups; `diagonal` or `x` is both diagonals)"
        );
    }
}

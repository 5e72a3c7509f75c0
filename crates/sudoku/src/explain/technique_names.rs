//! The techniques by name, as `--technique` takes them: one registry of
//! names, each the start of the names of the steps it covers (`x-wing`,
//! `unique-rectangle` for every type, `forcing-chain`...).

use super::Technique;

/// Every technique's name for `--technique`, simplest first: a step is
/// of a technique when its name, in lower case with a hyphen for each
/// space or `+` and without `grouped-`, is that name or starts with it
/// and a hyphen.
pub const TECHNIQUE_NAMES: &[&str] = &[
    "full-house",
    "hidden-single",
    "direct-pointing",
    "direct-claiming",
    "direct-hidden-pair",
    "naked-single",
    "direct-hidden-triple",
    "pointing",
    "claiming",
    "naked-pair",
    "x-wing",
    "hidden-pair",
    "naked-triple",
    "swordfish",
    "hidden-triple",
    "skyscraper",
    "2-string-kite",
    "turbot-fish",
    "xy-wing",
    "xyz-wing",
    "unique-rectangle",
    "unique-loop",
    "naked-quad",
    "jellyfish",
    "hidden-quad",
    "3-skyscrapers",
    "3-string-kite",
    "3-strong-links",
    "wxyz-wing",
    "bug",
    "4-skyscrapers",
    "4-strong-links",
    "vwxyz-wing",
    "aligned-pair-exclusion",
    "uvwxyz-wing",
    "x-cycle",
    "y-cycle",
    "xy-cycle",
    "forcing-x-chain",
    "forcing-y-chain",
    "forcing-chain",
    "tuvwxyz-wing",
    "aligned-triplet-exclusion",
    "nishio-forcing-chains",
    "cell-forcing-chains",
    "region-forcing-chains",
    "dynamic-contradiction-forcing-chains",
    "dynamic-double-forcing-chains",
    "dynamic-cell-forcing-chains",
    "dynamic-region-forcing-chains",
    "w-wing",
    "contradiction",
];

/// `name` as [`TECHNIQUE_NAMES`] spell it, if it is one of them.
pub fn technique_named(name: &str) -> Option<&'static str> {
    let wanted = name.trim().to_ascii_lowercase().replace([' ', '_'], "-");
    TECHNIQUE_NAMES.iter().copied().find(|&n| n == wanted)
}

impl Technique {
    /// Whether a step of this technique is one of the technique named
    /// `name` (one of [`TECHNIQUE_NAMES`]).
    pub fn is_named(self, name: &str) -> bool {
        let slug = self.name().to_ascii_lowercase().replace([' ', '+'], "-");
        let slug = slug.strip_prefix("grouped-").unwrap_or(&slug);
        slug == name
            || slug
                .strip_prefix(name)
                .is_some_and(|rest| rest.starts_with('-'))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::{Chain, StrongLinks, UniqueLoop};

    #[test]
    fn steps_belong_to_their_technique_by_name() {
        assert!(Technique::Fish(2).is_named("x-wing"));
        assert!(!Technique::Fish(3).is_named("x-wing"));
        let rectangle = UniqueLoop {
            cells: 4,
            kind: 3,
            subset: 2,
            hidden: true,
        };
        assert!(Technique::Unique(rectangle).is_named("unique-rectangle"));
        let kite = StrongLinks {
            links: 2,
            block: false,
            rows_and_columns: true,
            grouped: true,
        };
        assert!(Technique::StrongLinks(kite).is_named("2-string-kite"));
        assert!(Technique::Bug(1).is_named("bug"));
        let chain = Chain {
            cycle: false,
            x: true,
            y: true,
            nodes: 8,
        };
        // A forcing chain is not a forcing X-chain.
        assert!(Technique::Chain(chain).is_named("forcing-chain"));
        assert!(!Technique::Chain(chain).is_named("forcing-x-chain"));
        assert_eq!(technique_named("X-Wing"), Some("x-wing"));
        assert_eq!(technique_named("x wing"), Some("x-wing"));
        assert_eq!(technique_named("x-wings"), None);
    }
}

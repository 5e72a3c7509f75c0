//! What a step stands on, to be shown: its candidates, the houses it
//! reasons over, the links of its chains, a fish's fins.

use crate::rules::cell_name;

/// The pattern of a step: empty lists where a technique has none of
/// them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pattern {
    /// The candidates the deduction is made of (cell, digit from 1): a
    /// single's, a subset's, a fish's corners, a wing's, a loop's, a
    /// chain's nodes.
    pub candidates: Vec<(usize, u8)>,
    /// The houses it reasons in (indexes into [`State::houses`]): a
    /// single's or subset's house, the house of locked candidates, a
    /// fish's base lines.
    ///
    /// [`State::houses`]: super::State::houses
    pub base: Vec<usize>,
    /// The houses whose other cells lose candidates: the house locked
    /// candidates leave, a fish's cover lines.
    pub cover: Vec<usize>,
    /// The links between candidates, in the chain's order: strong (one
    /// of the two is true) or weak (not both).
    pub links: Vec<Link>,
    /// A fish's fins: candidates outside its cover that a removal must
    /// see too.
    pub fins: Vec<(usize, u8)>,
    /// The name people give the pattern where Sudoku Explainer's differs:
    /// a chain's form (`X-Chain`, `XY-Chain`, `AIC`, `Continuous Nice
    /// Loop`), or the finned fish, W-Wing or ALS-XZ an AIC is; `Empty
    /// Rectangle` for strong links through a box cross.
    pub form: Option<String>,
}

/// A link between two candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Link {
    /// Where it starts (cell, digit).
    pub from: (usize, u8),
    /// Where it ends.
    pub to: (usize, u8),
    /// Strong: if `from` is not true, `to` is. Weak: if `from` is true,
    /// `to` is not.
    pub strong: bool,
}

impl Pattern {
    /// A pattern of these candidates.
    pub(crate) fn of(candidates: impl IntoIterator<Item = (usize, u8)>) -> Pattern {
        let mut candidates: Vec<(usize, u8)> = candidates.into_iter().collect();
        candidates.sort_unstable();
        candidates.dedup();
        Pattern {
            candidates,
            ..Pattern::default()
        }
    }

    /// The digit `d` in each of `cells`.
    pub(crate) fn digit_in(d: u8, cells: &[usize]) -> Pattern {
        Pattern::of(cells.iter().map(|&c| (c, d)))
    }

    /// Every candidate of `cells` in `state`.
    pub(crate) fn all_in(state: &super::State, cells: &[usize]) -> Pattern {
        Pattern::of(
            (cells.iter()).flat_map(|&c| state.candidates(c).into_iter().map(move |d| (c, d))),
        )
    }

    /// The same, reasoning in the houses `base` (and removing from the
    /// houses `cover`).
    pub(crate) fn in_houses(mut self, base: Vec<usize>, cover: Vec<usize>) -> Pattern {
        self.base = base;
        self.cover = cover;
        self
    }

    /// The same with these links.
    pub(crate) fn linked(mut self, links: Vec<Link>) -> Pattern {
        self.links = links;
        self
    }

    /// The same with the links of an alternating chain through `nodes`:
    /// strong from the first to the second, weak to the third, ...
    pub(crate) fn alternating(self, nodes: &[(usize, u8)]) -> Pattern {
        let links = (nodes.windows(2).enumerate())
            .map(|(i, w)| Link {
                from: w[0],
                to: w[1],
                strong: i % 2 == 0,
            })
            .collect();
        self.linked(links)
    }

    /// Its links in Eureka notation, where they make one chain:
    /// `(5)r1c2=(5)r1c7-(5=3)r3c7`, `=` a strong link, `-` a weak one,
    /// a cell's link inside its brackets.
    pub fn eureka(&self, side: usize) -> Option<String> {
        let first = self.links.first()?;
        if (self.links.windows(2)).any(|w| w[0].to != w[1].from) {
            return None;
        }
        let sign = |strong: bool| if strong { "=" } else { "-" };
        let mut text = String::new();
        // The digits of the current cell, with their signs.
        let mut digits = first.from.1.to_string();
        let mut cell = first.from.0;
        for link in &self.links {
            if link.to.0 == cell {
                digits.push_str(sign(link.strong));
                digits.push_str(&link.to.1.to_string());
            } else {
                text.push_str(&format!("({digits}){}", cell_name(cell, side)));
                text.push_str(sign(link.strong));
                digits = link.to.1.to_string();
                cell = link.to.0;
            }
        }
        text.push_str(&format!("({digits}){}", cell_name(cell, side)));
        Some(text)
    }

    /// The cells of its candidates and fins, in reading order, once each.
    pub fn cells(&self) -> Vec<usize> {
        let mut cells: Vec<usize> = (self.candidates.iter().chain(&self.fins))
            .map(|&(c, _)| c)
            .collect();
        cells.sort_unstable();
        cells.dedup();
        cells
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_once_each_fins_included() {
        let mut pattern = Pattern::of([(4, 2), (1, 2), (4, 7)]);
        pattern.fins = vec![(3, 2)];
        assert_eq!(pattern.candidates, [(1, 2), (4, 2), (4, 7)]);
        assert_eq!(pattern.cells(), [1, 3, 4]);
    }

    #[test]
    fn an_alternating_chain_starts_strong() {
        let pattern = Pattern::default().alternating(&[(0, 1), (0, 2), (5, 2)]);
        let strong: Vec<bool> = pattern.links.iter().map(|l| l.strong).collect();
        assert_eq!(strong, [true, false]);
        assert_eq!(pattern.links[1].from, (0, 2));
    }

    #[test]
    fn eureka_notation_joins_a_cells_links() {
        // An XY-Wing: (3=1)r1c5-(1=2)r1c1-(2=3)r2c2.
        let nodes = [(4, 3), (4, 1), (0, 1), (0, 2), (10, 2), (10, 3)];
        let pattern = Pattern::of(nodes).alternating(&nodes);
        assert_eq!(pattern.eureka(9).unwrap(), "(3=1)r1c5-(1=2)r1c1-(2=3)r2c2");
        // Links that do not follow each other make no chain.
        let mut broken = pattern.clone();
        broken.links.swap(0, 1);
        assert_eq!(broken.eureka(9), None);
        assert_eq!(Pattern::default().eureka(9), None);
    }
}

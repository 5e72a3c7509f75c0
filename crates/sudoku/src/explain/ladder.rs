//! The ladder: every technique's finder in the order steps are looked
//! for, with the easiest difficulty each can give and what it needs. The
//! one list that explanations, ratings and the `human:D` propagation
//! level ([`human_step`]) climb.

use super::elements::Elements;
use super::forcing_chains::{self, ForcingKind};
use super::{State, nested_chains};
use super::{
    Step, aligned_exclusion, als_wings, bug, chains, contradiction, direct, fish,
    locked_candidates, singles, strong_links, subsets, unique_loops, w_wing, xy_wing, xyz_wing,
};

/// What a finder looks at.
pub(super) struct Look<'a, 's> {
    /// The grid.
    pub(super) state: &'a State,
    /// The elements that reason beyond houses, where there are any to
    /// ask (explanations; not the `human:D` level, whose elements are
    /// the search's own propagators).
    pub(super) elements: Option<&'a Elements<'s>>,
}

/// What a rung needs of the puzzle besides a grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Needs {
    /// Nothing: its steps follow from the candidates alone.
    Nothing,
    /// One solution: its reasoning assumes it (unique rectangles, BUG).
    OneSolution,
    /// One solution and houses alone up to 9x9, for speed, not soundness:
    /// elsewhere its search may run for minutes and find nothing (the
    /// nested forcing chains).
    OneSolutionToBeQuick,
}

/// One rung of the ladder.
pub(super) struct Rung {
    /// The easiest step it gives, in tenths of Sudoku Explainer's scale;
    /// `None` for the steps that scale does not rate (an element's rule,
    /// the W-Wing, subsets of any size, a contradiction).
    pub(super) lowest: Option<u16>,
    /// What it needs.
    pub(super) needs: Needs,
    /// Its finder: the step it would take, if any.
    pub(super) find: fn(&Look<'_, '_>) -> Option<Step>,
}

const fn rung(lowest: u16, find: fn(&Look<'_, '_>) -> Option<Step>) -> Rung {
    Rung {
        lowest: Some(lowest),
        needs: Needs::Nothing,
        find,
    }
}

const fn unrated(find: fn(&Look<'_, '_>) -> Option<Step>) -> Rung {
    Rung {
        lowest: None,
        needs: Needs::Nothing,
        find,
    }
}

const fn needing(needs: Needs, lowest: u16, find: fn(&Look<'_, '_>) -> Option<Step>) -> Rung {
    Rung {
        lowest: Some(lowest),
        needs,
        find,
    }
}

/// The techniques, simplest first, in Sudoku Explainer's order: full
/// house 1.0, hidden single 1.2 (box) or 1.5 (line), direct pointing 1.7,
/// direct claiming 1.9, direct hidden pair 2.0, naked single 2.3, direct
/// hidden triple 2.5; what an element rules out on its own (variants);
/// pointing 2.6 and claiming 2.8, naked pair 3.0, X-Wing 3.2, hidden pair
/// 3.4, naked triple 3.6, Swordfish 3.8, hidden triple 4.0, two strong
/// links 4.0-4.3 (Skyscraper, 2-String Kite, Turbot Fish, grouped),
/// XY-Wing 4.2, XYZ-Wing 4.4, unique rectangles 4.5-4.8 where the puzzle
/// has one solution and houses alone, naked quad 5.0, Jellyfish 5.2,
/// hidden quad 5.4, three strong links 5.4-5.7, WXYZ-Wing 5.5-5.6, BUG+1
/// 5.6 where unique rectangles are, four strong links 5.8-6.1,
/// VWXYZ-Wing 6.2-6.4, aligned pair exclusion 6.2, UVWXYZ-Wing 6.6,
/// cycles and forcing chains 6.5 and up (by kind and length),
/// TUVWXYZ-Wing 7.5, aligned triplet exclusion 7.5, Nishio forcing chains
/// 7.5 and up, multiple forcing chains 8.0 and up, dynamic forcing chains
/// 8.5 and up, "plus" 9.0 and nested 9.5 and up; then, beyond what this
/// ladder rates, the W-Wing, subsets of any size and a contradiction.
pub(super) const LADDER: &[Rung] = &[
    rung(10, |l| singles::hidden(l.state)),
    rung(17, |l| direct::locked(l.state)),
    rung(20, |l| direct::hidden_subset(l.state, 2)),
    rung(23, |l| singles::naked(l.state)),
    rung(25, |l| direct::hidden_subset(l.state, 3)),
    unrated(|l| l.elements?.find(l.state)),
    rung(26, |l| locked_candidates::find(l.state)),
    rung(30, |l| subsets::naked(l.state, 2)),
    rung(32, |l| fish::find(l.state, 2)),
    rung(34, |l| subsets::hidden(l.state, 2)),
    rung(36, |l| subsets::naked(l.state, 3)),
    rung(38, |l| fish::find(l.state, 3)),
    rung(40, |l| subsets::hidden(l.state, 3)),
    rung(40, |l| strong_links::find(l.state, 2)),
    rung(42, |l| xy_wing::find(l.state)),
    rung(44, |l| xyz_wing::find(l.state)),
    needing(Needs::OneSolution, 45, |l| unique_loops::find(l.state)),
    rung(50, |l| subsets::naked(l.state, 4)),
    rung(52, |l| fish::find(l.state, 4)),
    rung(54, |l| subsets::hidden(l.state, 4)),
    rung(54, |l| strong_links::find(l.state, 3)),
    rung(55, |l| als_wings::find(l.state, 3)),
    needing(Needs::OneSolution, 56, |l| bug::find(l.state)),
    rung(58, |l| strong_links::find(l.state, 4)),
    rung(62, |l| als_wings::find(l.state, 4)),
    rung(62, |l| aligned_exclusion::find(l.state, 2)),
    rung(66, |l| als_wings::find(l.state, 5)),
    rung(65, |l| chains::find(l.state)),
    rung(75, |l| als_wings::find(l.state, 6)),
    rung(75, |l| aligned_exclusion::find(l.state, 3)),
    rung(75, |l| forcing_chains::find(l.state, ForcingKind::Nishio)),
    rung(80, |l| forcing_chains::find(l.state, ForcingKind::Multiple)),
    rung(85, |l| forcing_chains::find(l.state, ForcingKind::Dynamic)),
    needing(Needs::OneSolutionToBeQuick, 90, |l| nested_chains(l.state)),
    unrated(|l| w_wing::find(l.state)),
    unrated(|l| subsets::any_size(l.state)),
    unrated(|l| contradiction::find(l.state, l.elements?)),
];

/// The first step of the ladder, where the puzzle has one solution
/// (`unique`) or not: what explanations and ratings take.
pub(super) fn first_step(look: &Look<'_, '_>, unique: bool) -> Option<Step> {
    (LADDER.iter())
        .filter(|rung| unique || rung.needs == Needs::Nothing)
        .find_map(|rung| take(rung, look))
}

/// The first step of the ladder at most `max` tenths difficult that
/// holds on any puzzle (no uniqueness), from the candidates alone (no
/// element's step): what the `human:D` propagation level makes. The
/// rungs whose easiest step is harder are not tried; a rung whose step is
/// harder gives way to the next.
pub(crate) fn human_step(state: &State, max: u16) -> Option<Step> {
    let look = Look {
        state,
        elements: None,
    };
    (LADDER.iter())
        .filter(|rung| rung.needs != Needs::OneSolution)
        .filter(|rung| rung.lowest.is_some_and(|lowest| lowest <= max))
        .filter_map(|rung| take(rung, &look))
        .find(|step| (step.technique.difficulty()).is_some_and(|d| d.tenths() <= max))
}

/// The step `rung` finds, checked (in debug builds) against its easiest
/// difficulty.
fn take(rung: &Rung, look: &Look<'_, '_>) -> Option<Step> {
    let step = (rung.find)(look)?;
    debug_assert!(
        (rung.lowest.zip(step.technique.difficulty()))
            .is_none_or(|(lowest, d)| d.tenths() >= lowest),
        "{} is easier than its rung says ({:?} tenths)",
        step.technique.name(),
        rung.lowest
    );
    Some(step)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::Technique;
    use crate::explain::state::empty_classic_without;

    #[test]
    fn the_human_step_stops_at_its_difficulty() {
        // 1 only in columns 2 and 7 of rows 1 and 5: an X-Wing (3.2), and
        // nothing easier.
        let state = empty_classic_without([0, 4].into_iter().flat_map(|r| {
            (0..9)
                .filter(|&c| c != 1 && c != 6)
                .map(move |c| (9 * r + c, 1))
        }));
        assert_eq!(human_step(&state, 31), None);
        let step = human_step(&state, 32).unwrap();
        assert_eq!(step.technique, Technique::Fish(2));
        assert_eq!(step.removed.len(), 14);
        // The explanation's ladder takes the same step.
        let look = Look {
            state: &state,
            elements: None,
        };
        assert_eq!(first_step(&look, false), Some(step));
    }

    #[test]
    fn the_rungs_that_need_one_solution_are_marked() {
        let needing: Vec<Option<u16>> = (LADDER.iter())
            .filter(|rung| rung.needs != Needs::Nothing)
            .map(|rung| rung.lowest)
            .collect();
        // Unique rectangles, BUG, nested chains.
        assert_eq!(needing, [Some(45), Some(56), Some(90)]);
    }
}

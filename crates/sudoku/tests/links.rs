//! Linked places (`SearchConfig::links`): the same answers, fewer
//! placements where a rule links two cells, and nothing changed where none
//! does.

use crate::common::config;
use csp_core::{PropagationLevel, Restarts, Rule, SearchConfig};
use sudoku::{Sudoku, VariantPuzzle};

fn read(path: &str) -> VariantPuzzle {
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(path);
    VariantPuzzle::from_json(&std::fs::read_to_string(file).unwrap()).unwrap()
}

/// The `wdeg-gac` preset's search, with `links` or without.
fn wdeg_gac(links: bool) -> SearchConfig {
    SearchConfig {
        restarts: "luby:100".parse::<Restarts>().unwrap(),
        seed: 1,
        links,
        ..config("W", "0", PropagationLevel::Gac)
    }
}

#[test]
fn a_generated_nonconsecutive_puzzle_needs_fewer_placements_with_links() {
    let vp = read("docs/examples/nonconsecutive-generated.json");
    let sudoku = Sudoku::with_rules(vp.puzzle.size(), vp.rules).unwrap();
    let count = |links| {
        sudoku
            .count_solutions(&vp.puzzle, &wdeg_gac(links), Some(2))
            .unwrap()
    };
    let (plain, linked) = (count(false), count(true));
    assert_eq!((plain.stats.solutions, linked.stats.solutions), (1, 1));
    assert_eq!(plain.solution, linked.solution);
    // The figures `sudoku count --config wdeg-gac` and `wdeg-gac-links`
    // print (docs/guide/propagation.md).
    assert_eq!(
        (plain.stats.placements, linked.stats.placements),
        (5_133, 1_163)
    );
    assert_eq!((plain.stats.failures, linked.stats.failures), (2_737, 614));
    assert_eq!(plain.stats.rules[Rule::LinkedPlaces].removals, 0);
    assert_eq!(linked.stats.rules[Rule::LinkedPlaces].removals, 8_269);
}

#[test]
fn without_a_rule_between_two_cells_links_change_nothing() {
    // A killer cage links no two cells by a relation: the same search.
    let vp = read("puzzles/variants/combo/combo-fpuzzles-eddies.json");
    let sudoku = Sudoku::with_rules(vp.puzzle.size(), vp.rules).unwrap();
    let count = |links| {
        sudoku
            .count_solutions(&vp.puzzle, &wdeg_gac(links), Some(2))
            .unwrap()
    };
    assert_eq!(count(false).stats.placements, 1_377);
    let (mut plain, mut linked) = (count(false).stats, count(true).stats);
    plain.elapsed = Default::default();
    linked.elapsed = Default::default();
    assert_eq!(plain, linked);
}

#[test]
fn links_below_singles_or_at_human_levels_are_refused() {
    for level in [
        PropagationLevel::None,
        PropagationLevel::ForwardChecking,
        PropagationLevel::Human(44),
    ] {
        let asked = SearchConfig {
            links: true,
            ..config("EA", "0", level)
        };
        assert!(asked.check_links().is_err(), "{level}");
    }
    let fine = SearchConfig {
        links: true,
        ..config("EA", "0", PropagationLevel::Singles)
    };
    assert!(fine.check_links().is_ok());
}

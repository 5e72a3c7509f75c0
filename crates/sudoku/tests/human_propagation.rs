//! The `human:D` propagation levels: a person's techniques up to a
//! difficulty at every node. Sound without assuming one solution (the
//! same counts as `singles`), the same figures with both kinds of house
//! propagators, and pinned counters.

use crate::common;

use common::*;
use csp_core::{PropagationLevel, Rule};
use sudoku::{Propagators, Sudoku};

const HUMAN: [PropagationLevel; 3] = [
    PropagationLevel::Human(26),
    PropagationLevel::Human(44),
    PropagationLevel::Human(85),
];

/// Puzzles with 52 to 872 solutions each: every solution is counted at
/// every `human:D` level, as at `singles` (no technique that assumes a
/// unique solution is applied; the others remove no candidate a solution
/// uses).
#[test]
fn human_levels_count_every_solution() {
    let sudoku = Sudoku::classic();
    let sample: Vec<_> = puzzles(SERG_100).into_iter().take(8).collect();
    for level in std::iter::once(PropagationLevel::Singles).chain(HUMAN) {
        let counts: Vec<u64> = (sample.iter())
            .map(|puzzle| {
                let r = (sudoku.count_solutions(puzzle, &config("EA", "0", level), None)).unwrap();
                assert!(r.is_exact());
                r.solutions()
            })
            .collect();
        assert_eq!(counts, [872, 83, 148, 223, 623, 52, 152, 218], "{level}");
    }
}

/// What the techniques change on top95 (EA/0, to the first solution):
/// fewer guesses as the difficulty allowed grows, pinned.
#[test]
fn human_levels_guess_less_on_top95() {
    let sudoku = Sudoku::classic();
    let mut figures = Vec::new();
    for level in [PropagationLevel::Singles, PropagationLevel::Locked]
        .into_iter()
        .chain(HUMAN)
    {
        let (mut guesses, mut runs, mut removals) = (0, 0, 0);
        for puzzle in puzzles(TOP95) {
            let r = sudoku.solve(&puzzle, &config("EA", "0", level)).unwrap();
            assert!(r.solution.is_some());
            guesses += r.stats.guesses;
            runs += r.stats.rules[Rule::Human].runs;
            removals += r.stats.rules[Rule::Human].removals;
        }
        figures.push((level.to_string(), guesses, runs, removals));
    }
    let figures: Vec<(&str, u64, u64, u64)> = (figures.iter())
        .map(|(l, g, r, m)| (l.as_str(), *g, *r, *m))
        .collect();
    assert_eq!(
        figures,
        [
            ("singles", 3221, 0, 0),
            ("locked", 1073, 0, 0),
            ("human:2.6", 723, 1772, 3217),
            ("human:4.4", 179, 1609, 4110),
            ("human:8.5", 27, 2008, 4635),
        ]
    );
}

/// The fast house propagator and the generic ones give the same
/// counters at `human:D` too, per rule, propagations included.
#[test]
fn fast_and_generic_houses_agree_at_human_levels() {
    let fast = Sudoku::classic();
    let generic = Sudoku::classic().with_propagators(Propagators::Generic);
    for puzzle in puzzles(TOP95).into_iter().take(10) {
        for level in HUMAN {
            let config = config("EA", "0", level);
            let a = fast.solve(&puzzle, &config).unwrap();
            let b = generic.solve(&puzzle, &config).unwrap();
            assert_eq!(a.solution, b.solution);
            assert_eq!(a.stats.rules, b.stats.rules, "{level}");
            assert_eq!(a.stats.propagations, b.stats.propagations, "{level}");
            assert_eq!(a.stats.placements, b.stats.placements, "{level}");
        }
    }
}

/// The techniques on top95's first puzzle, credited to `human`: seven
/// looks for a step (the last finds none), 21 candidates removed and
/// one cell filled by a step (a direct technique); the rest is singles,
/// and no guess is left.
#[test]
fn human_rule_counters_on_one_puzzle() {
    let sudoku = Sudoku::classic();
    let puzzle = &puzzles(TOP95)[0];
    let r = sudoku
        .solve(puzzle, &config("EA", "0", PropagationLevel::Human(44)))
        .unwrap();
    let human = r.stats.rules[Rule::Human];
    assert_eq!((human.runs, human.removals, human.assignments), (7, 21, 1));
    assert_eq!((r.stats.placements, r.stats.guesses), (0, 0));
}

/// Each human step is a deduction event of its own, whose note names its
/// technique (`note_name`); tracing changes no counter. On top95's first
/// puzzle at `human:4.4` (solved without a guess): seven runs of the rule,
/// six steps found, each an event.
#[test]
fn each_human_step_is_an_event_naming_its_technique() {
    use csp_core::trace::{Event, Tracer};
    #[derive(Default)]
    struct Steps(Vec<(Option<u32>, Option<u32>, usize)>);
    impl Tracer for Steps {
        fn event(&mut self, event: &Event<'_>) {
            if let Event::Deduce {
                rule: Rule::Human,
                index,
                note,
                filled,
                removed,
                ..
            } = event
            {
                self.0.push((*index, *note, filled.len() + removed.len()));
            }
        }
    }
    let sudoku = Sudoku::classic();
    let puzzle = &puzzles(TOP95)[0];
    let config = config("EA", "0", PropagationLevel::Human(44));
    let plain = sudoku.search(puzzle, &config).unwrap().run(Some(2));
    let mut steps = Steps::default();
    let mut search = sudoku.search(puzzle, &config).unwrap();
    search.set_tracer(Box::new(&mut steps));
    let traced = search.run(Some(2));
    assert_eq!(traced.stats.rules, plain.stats.rules);
    assert_eq!(traced.stats.placements, plain.stats.placements);
    let human = plain.stats.rules[Rule::Human];
    assert_eq!((human.runs, human.removals, human.assignments), (7, 21, 1));
    let model = sudoku.model_searched(&config);
    let names: Vec<String> = (steps.0.iter())
        .map(|&(index, note, _)| {
            let p = &model.propagators()[index.unwrap() as usize];
            p.note_name(note.expect("a human step has a note")).unwrap()
        })
        .collect();
    assert_eq!(names.len(), 6, "{names:?}");
    assert!(names.iter().all(|n| !n.is_empty()));
    assert!(names.contains(&"pointing".to_string()), "{names:?}");
}

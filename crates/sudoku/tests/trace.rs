//! A traced search tells everything: every counter of its stats is
//! recomputed from the events alone, and tracing does not change the
//! search.

use crate::common;

use std::collections::BTreeSet;

use common::{HARDEST11, TOP95, config, puzzles};
use csp_core::trace::{Decider, Event, FailCause, Tracer};
use csp_core::{BigUint, PropagationLevel, Rule, SearchConfig, SearchStats};
use sudoku::{GridSize, Puzzle, Sudoku, Variant};

/// The counters, rebuilt from the events.
#[derive(Default, Debug)]
struct Recount {
    placements: u64,
    guesses: u64,
    backtracks: u64,
    iterations: u64,
    failures: u64,
    solutions: u64,
    max_depth: u64,
    placed: BTreeSet<u32>,
    propagations: u64,
    rule_runs: [u64; Rule::ALL.len()],
    removals: [u64; Rule::ALL.len()],
    assignments: [u64; Rule::ALL.len()],
    search_space: Option<BigUint>,
    /// Placements in force, followed through place and backtrack.
    depth: usize,
    choices: u64,
    decided_by_link: u64,
    contradiction: Option<FailCause>,
    restarts: u64,
    nogoods: u64,
}

impl Tracer for Recount {
    fn event(&mut self, event: &Event<'_>) {
        let rule_index = |r: Rule| Rule::ALL.iter().position(|&x| x == r).unwrap();
        match *event {
            Event::Root {
                store,
                contradiction,
            } => {
                let open = (0..store.num_vars() as u32).map(csp_core::VarId);
                self.search_space = Some(match contradiction {
                    Some(_) => BigUint::ZERO,
                    None => open
                        .filter(|&v| !store.is_assigned(v))
                        .map(|v| BigUint::from(store.size(v)))
                        .product(),
                });
                self.contradiction = contradiction;
            }
            Event::Choose {
                depth,
                scores,
                decided_by,
                runner_up,
                ..
            } => {
                assert_eq!(depth, self.depth);
                self.iterations += 1;
                self.choices += 1;
                if let Decider::Link(k) = decided_by {
                    self.decided_by_link += 1;
                    let link = scores[k];
                    assert!(link.runner_up.unwrap() > link.winner, "{scores:?}");
                    assert!(runner_up.is_some());
                }
            }
            Event::Order {
                values,
                scores,
                links,
                ..
            } => {
                assert_eq!(scores.len(), values.len() * links);
            }
            Event::Place {
                depth, var, guess, ..
            } => {
                self.depth += 1;
                assert_eq!(depth, self.depth);
                self.placements += 1;
                self.guesses += u64::from(guess);
                self.max_depth = self.max_depth.max(depth as u64);
                self.placed.insert(var.0);
            }
            Event::Deduce {
                rule,
                filled,
                removed,
                ..
            } => {
                let k = rule_index(rule);
                self.assignments[k] += filled.len() as u64;
                self.removals[k] += removed
                    .iter()
                    .map(|(_, gone)| u64::from(gone.len()))
                    .sum::<u64>();
            }
            Event::Fixpoint { runs, rule_runs } => {
                self.propagations += runs;
                for (total, r) in self.rule_runs.iter_mut().zip(rule_runs) {
                    *total += r;
                }
            }
            Event::Fail { cause, .. } => {
                self.failures += 1;
                if cause == FailCause::Check {
                    self.iterations += 1;
                }
            }
            Event::Backtrack { depth, .. } => {
                assert_eq!(depth, self.depth);
                self.depth -= 1;
                self.backtracks += 1;
            }
            Event::Solution { number } => {
                self.iterations += 1;
                self.solutions += 1;
                assert_eq!(number, self.solutions);
            }
            Event::Restart {
                number, nogoods, ..
            } => {
                self.restarts += 1;
                assert_eq!(number, self.restarts);
                self.nogoods += nogoods;
                self.depth = 0;
            }
            Event::Learn { .. } => self.nogoods += 1,
            Event::Stop { .. } => {}
        }
    }
}

impl Recount {
    fn assert_matches(&self, stats: &SearchStats, what: &str) {
        let got = (
            self.placements,
            self.guesses,
            self.backtracks,
            self.backtracks,
            self.iterations,
            self.failures,
            self.solutions,
            self.max_depth,
            self.placed.len() as u64,
            self.propagations,
            self.restarts,
            self.nogoods,
        );
        let want = (
            stats.placements,
            stats.guesses,
            stats.backtracks,
            stats.backtrack_iterations,
            stats.iterations,
            stats.failures,
            stats.solutions,
            stats.max_depth,
            stats.vars_placed,
            stats.propagations,
            stats.restarts,
            stats.nogoods,
        );
        assert_eq!(got, want, "{what}");
        for (k, &rule) in Rule::ALL.iter().enumerate() {
            let c = stats.rules[rule];
            assert_eq!(
                (self.rule_runs[k], self.removals[k], self.assignments[k]),
                (c.runs, c.removals, c.assignments),
                "{what}: rule {}",
                rule.name()
            );
        }
        if let Some(space) = &self.search_space {
            assert_eq!(space, &stats.search_space, "{what}");
        }
    }
}

fn traced(sudoku: &Sudoku, puzzle: &Puzzle, config: &SearchConfig, limit: Option<u64>) -> Recount {
    let mut recount = Recount::default();
    let mut search = sudoku.search(puzzle, config).unwrap();
    search.set_tracer(Box::new(&mut recount));
    let traced = search.run(limit);
    let plain = sudoku.search(puzzle, config).unwrap().run(limit);
    let what = format!("{} {puzzle}", short(config));
    let mut a = traced.stats.clone();
    let mut b = plain.stats.clone();
    a.elapsed = Default::default();
    b.elapsed = Default::default();
    assert_eq!(a, b, "tracing changed the search: {what}");
    assert_eq!(traced.first_solution, plain.first_solution, "{what}");
    recount.assert_matches(&traced.stats, &what);
    recount
}

fn short(c: &SearchConfig) -> String {
    format!(
        "{}/{}/{}/seed {}/restarts {}/learning {}",
        c.variables, c.values, c.level, c.seed, c.restarts, c.learning
    )
}

fn strategies() -> Vec<SearchConfig> {
    let mut seeded = config("C", "2", PropagationLevel::ForwardChecking);
    seeded.seed = 7;
    vec![
        config("A", "0", PropagationLevel::None),
        config("EA", "0", PropagationLevel::ForwardChecking),
        config("EH", "5", PropagationLevel::Singles),
        config("EA", "0", PropagationLevel::Gac),
        seeded,
        config("GF", "39", PropagationLevel::Locked),
        config("E", "0", PropagationLevel::Probing),
        config("ZWA", "b0", PropagationLevel::Singles),
        restarting(config("XEA", "0", PropagationLevel::ForwardChecking)),
        restarting(config("QEA", "0", PropagationLevel::Gac)),
        restarting(config("VPA", "b", PropagationLevel::Singles)),
        learning(config("SEA", "0", PropagationLevel::Singles)),
        learning(restarting(config("WE", "0", PropagationLevel::Gac))),
    ]
}

/// `config` learning a clause from every conflict.
fn learning(mut config: SearchConfig) -> SearchConfig {
    config.learning = true;
    config
}

/// `config` restarting on the Luby sequence, 10 failures a unit.
fn restarting(mut config: SearchConfig) -> SearchConfig {
    config.restarts = "luby:10".parse().unwrap();
    config
}

#[test]
fn every_counter_is_recomputed_from_the_trace() {
    let sudoku = Sudoku::new(GridSize::from_side(9).unwrap(), Variant::CLASSIC);
    let mut sample = puzzles(HARDEST11);
    sample.extend(puzzles(TOP95).into_iter().take(12));
    let mut placements = 0;
    let mut by_link = 0;
    for config in strategies() {
        let mut config = config;
        config.limits.max_placements = Some(20_000);
        for puzzle in &sample {
            // Count to 2: the search goes on past the first solution.
            let r = traced(&sudoku, puzzle, &config, Some(2));
            placements += r.placements;
            by_link += r.decided_by_link;
        }
    }
    assert!(placements > 100_000, "{placements}");
    assert!(by_link > 1000, "{by_link}");
}

#[test]
fn a_contradiction_at_the_root_is_one_fail() {
    let sudoku = Sudoku::new(GridSize::from_side(9).unwrap(), Variant::CLASSIC);
    // Row 1 needs a 9 in r1c9, where column 9 has one already.
    let puzzle: Puzzle =
        "12345678.........9..............................................................."
            .parse()
            .unwrap();
    let r = traced(
        &sudoku,
        &puzzle,
        &config("EA", "0", PropagationLevel::Singles),
        Some(2),
    );
    assert_eq!((r.failures, r.placements, r.iterations), (0, 0, 0));
    // Hidden singles put the 9 of row 1 in r1c9 (index 8), then column 9
    // has two.
    assert_eq!(
        r.contradiction,
        Some(FailCause::Propagator {
            rule: Rule::ForwardChecking,
            name: "fast-houses",
            propagator: Some(0),
        })
    );
}

#[test]
fn choice_counts_add_up_to_the_counters() {
    use csp_core::trace::{Both, ChoiceCounts};
    let sudoku = Sudoku::new(GridSize::from_side(9).unwrap(), Variant::CLASSIC);
    let config = config("EA", "0", PropagationLevel::ForwardChecking);
    for puzzle in puzzles(HARDEST11).iter().take(4) {
        let mut counts = ChoiceCounts::new(81);
        let mut recount = Recount::default();
        let report = sudoku
            .run_traced(
                puzzle,
                &config,
                Some(2),
                Some(&mut Both(&mut counts, &mut recount)),
            )
            .unwrap();
        assert_eq!(counts.chosen.iter().sum::<u64>(), recount.choices);
        assert_eq!(
            counts.backtracked.iter().sum::<u64>(),
            report.stats.backtracks
        );
        // A given is never chosen.
        for (cell, &d) in puzzle.cells().iter().enumerate() {
            if d != 0 {
                assert_eq!(counts.chosen[cell], 0);
            }
        }
    }
}

//! [`check_wide_propagator`]: the harness on models whose variables are
//! wide or narrow at random.

use std::ops::RangeInclusive;

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

use super::{below, complete_search, searched_with, solutions_within};
use crate::trace::{Event, Tracer};
use crate::{
    LinearRelation, Model, ModelBuilder, PropagationLevel, Restarts, Search, SearchConfig,
    ValueSet, VarId, WideChoice, WideLinear,
};

/// Checks `post` on `cases` random models of a number of variables in
/// `arity`, each wide (chance 1/2: values `0..k`, `k` within 1..=9,
/// sometimes with a hole made by a `≠` row) or narrow (a random set
/// within `0..9`), against brute force, as [`check_propagator`] does:
/// at every level (probing shaves a wide variable's bounds):
/// - with a random partial assignment fixed, propagation removes no value
///   of a solution extending it, and fails only when none exists;
/// - with a full assignment fixed, propagation succeeds exactly when it
///   is a solution (at `none`, where nothing fails, it succeeds);
/// - with the partial assignment fixed, a complete search (input order,
///   smallest value first, which is `min` on a wide variable) finds
///   exactly the solutions extending it, the first one first; and so
///   does a search by dom/wdeg or by impact (in turn) that restarts
///   after every failure (each way of branching on a wide variable in
///   turn), in its own order;
/// - at every level that learns, a search with clause learning (bound
///   literals over the wide variables; each way of branching on a wide
///   variable in turn, restarting after every failure on every other
///   case) finds exactly as many, and every clause it learns holds in
///   every solution (a wrong explanation learns one that cuts some off;
///   debug builds also check each false at its conflict and asserting
///   after the jump).
///
/// [`check_propagator`]: super::check_propagator
///
/// # Panics
/// As [`check_propagator`](super::check_propagator), with the model, the
/// assignment and the level.
pub fn check_wide_propagator(
    name: &str,
    cases: usize,
    seed: u64,
    arity: RangeInclusive<usize>,
    post: impl Fn(&mut ModelBuilder, &[VarId], &mut ChaCha8Rng),
) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (lo, hi) = (*arity.start(), *arity.end());
    let mut wide_cases = 0;
    for case in 0..cases {
        let n = lo + below(&mut rng, (hi - lo + 1) as u32) as usize;
        let mut b = ModelBuilder::new();
        let mut domains: Vec<Vec<u32>> = Vec::with_capacity(n);
        let mut vars = Vec::with_capacity(n);
        for _ in 0..n {
            if below(&mut rng, 2) == 0 {
                let count = 1 + below(&mut rng, 9);
                let var = b.new_wide_var(u64::from(count)).expect("a small count");
                vars.push(var);
                domains.push((0..count).collect());
                if count > 2 && below(&mut rng, 3) == 0 {
                    let hole = i64::from(below(&mut rng, count));
                    let row = WideLinear::new(vec![var], vec![1], LinearRelation::NotEqual, hole);
                    b.add_propagator(row).expect("a row over one variable");
                }
            } else {
                let bits = match below(&mut rng, 2) {
                    0 => 0x1ff,
                    _ => (rng_bits(&mut rng) & 0x1ff).max(1),
                };
                let set = ValueSet(bits);
                vars.push(b.new_var(set));
                domains.push(set.iter().collect());
            }
        }
        post(&mut b, &vars, &mut rng);
        let model = b.build();
        wide_cases += usize::from(!model.wide_vars().is_empty());
        let solutions = solutions_within(&model, &domains);
        let context = |what: &str| {
            format!(
                "{name}, case {case} (seed {seed}): {what}\n  domains {domains:?}\n  model {model:?}"
            )
        };
        let partial: Vec<Option<u32>> = (domains.iter())
            .map(|d| (below(&mut rng, 3) == 0).then(|| d[below(&mut rng, d.len() as u32) as usize]))
            .collect();
        let extending: Vec<&Vec<u32>> = (solutions.iter())
            .filter(|s| (s.iter().zip(&partial)).all(|(x, p)| p.is_none_or(|p| p == *x)))
            .collect();
        let full: Vec<u32> = match solutions.first() {
            Some(_) if below(&mut rng, 2) == 0 => {
                solutions[below(&mut rng, solutions.len() as u32) as usize].clone()
            }
            _ => (domains.iter())
                .map(|d| d[below(&mut rng, d.len() as u32) as usize])
                .collect(),
        };
        let is_solution = solutions.contains(&full);
        let fixed: Vec<Option<u32>> = full.iter().map(|&x| Some(x)).collect();
        for level in PropagationLevel::ALL {
            let config = complete_search(level);
            if Search::new(&model, &config).is_err() {
                continue;
            }
            let context = |what: &str| context(&format!("at {level} with {partial:?}, {what}"));
            match propagated(&model, &config, &partial) {
                None => assert!(
                    extending.is_empty(),
                    "{}",
                    context(&format!("fails though {:?} is a solution", extending[0]))
                ),
                Some(left) => {
                    for s in &extending {
                        for (i, &x) in s.iter().enumerate() {
                            assert!(
                                left[i].contains(&x),
                                "{}",
                                context(&format!(
                                    "x{i} lost {x}, used by solution {s:?} (domains left {left:?})"
                                ))
                            );
                        }
                    }
                }
            }
            // At `none` nothing fails (the spec's plain backtracking: the
            // search's check of each solution rejects a wrong one).
            assert_eq!(
                propagated(&model, &config, &fixed).is_some(),
                is_solution || level == PropagationLevel::None,
                "{}",
                context(&format!(
                    "full assignment {full:?} (a solution: {is_solution})"
                ))
            );
            let (count, first) = searched_with(&model, &config, &partial);
            assert_eq!(
                (count, first.as_ref()),
                (extending.len() as u64, extending.first().copied()),
                "{}",
                context("a search finds (count, first)")
            );
            // Restarting after every failure, by dom/wdeg or by impact
            // (and least-impact values; in turn), each way of branching on a wide variable in
            // turn: the same count (the nogoods of restarts keep each
            // solution from being counted twice).
            let (chain, values) = [("ZW", "0"), ("ZP", "b")][(case / WideChoice::ALL.len()) % 2];
            let restarting = SearchConfig {
                variables: chain.parse().expect("a heuristic"),
                values: values.parse().expect("a heuristic"),
                restarts: Restarts::Luby { scale: 1 },
                wide_choice: Some(WideChoice::ALL[case % WideChoice::ALL.len()]),
                ..config.clone()
            };
            let (count, _) = searched_with(&model, &restarting, &partial);
            assert_eq!(
                count,
                extending.len() as u64,
                "{}",
                context(&format!(
                    "a restarting search ({chain}/{values}, {:?}) counts",
                    restarting.wide_choice
                ))
            );
            let learning = SearchConfig {
                learning: true,
                restarts: [Restarts::Never, Restarts::Luby { scale: 1 }][case % 2],
                wide_choice: Some(WideChoice::ALL[(case / 2) % WideChoice::ALL.len()]),
                ..config.clone()
            };
            if learning.check_learning().is_ok() {
                let what = format!("{:?}, {:?}", learning.wide_choice, learning.restarts);
                let (count, cut) = learnt_with(&model, &learning, &partial, &extending);
                if let Some(clause) = cut {
                    panic!(
                        "{}",
                        context(&format!("a learning search ({what}) learnt {clause}"))
                    );
                }
                assert_eq!(
                    count,
                    extending.len() as u64,
                    "{}",
                    context(&format!("a learning search ({what}) counts"))
                );
            }
        }
    }
    assert!(
        wide_cases * 4 >= cases,
        "{name}: only {wide_cases} of {cases} models had a wide variable"
    );
}

/// The most solutions [`learnt_with`] checks each learnt clause against.
const CHECKED_SOLUTIONS: usize = 400;

/// What a learning search with `config` finds after fixing `assignment`:
/// how many solutions, and the first clause it learnt that a solution of
/// `solutions` (those extending `assignment`) not found by then
/// falsifies, written out (a clause learnt from a blocking clause may
/// exclude the solutions found). The clauses are checked when there are
/// at most [`CHECKED_SOLUTIONS`] solutions (each against every one).
fn learnt_with(
    model: &Model,
    config: &SearchConfig,
    assignment: &[Option<u32>],
    solutions: &[&Vec<u32>],
) -> (u64, Option<String>) {
    use std::cell::RefCell;
    use std::rc::Rc;
    /// Checks each learnt clause against the solutions not found yet.
    struct Clauses<'s> {
        solutions: &'s [&'s Vec<u32>],
        found: Rc<RefCell<std::collections::HashSet<Vec<u32>>>>,
        cut: Option<String>,
    }
    impl Tracer for Clauses<'_> {
        fn event(&mut self, event: &Event<'_>) {
            let Event::Learn { literals, .. } = event else {
                return;
            };
            let found = self.found.borrow();
            let falsified = |s: &&&Vec<u32>| {
                !found.contains(**s) && !literals.iter().any(|l| l.allows(s[l.var().index()]))
            };
            if self.cut.is_none()
                && self.solutions.len() <= CHECKED_SOLUTIONS
                && let Some(s) = self.solutions.iter().find(falsified)
            {
                self.cut = Some(format!("{literals:?}, false in solution {s:?}"));
            }
        }
    }
    let found = Rc::new(RefCell::new(std::collections::HashSet::new()));
    let mut tracer = Clauses {
        solutions,
        found: Rc::clone(&found),
        cut: None,
    };
    let count = {
        let mut search = Search::new(model, config).expect("plain heuristics");
        search.set_tracer(Box::new(&mut tracer));
        let seen = Rc::clone(&found);
        search.set_on_solution(Box::new(move |store| {
            let values = model.vars().map(|v| store.value(v).unwrap_or(u32::MAX));
            seen.borrow_mut().insert(values.collect());
        }));
        let fixed = (assignment.iter().enumerate())
            .filter_map(|(i, x)| x.map(|x| (VarId(i as u32), x)))
            .try_for_each(|(var, x)| search.fix(var, x).map(|_| ()));
        if fixed.is_err() {
            0
        } else {
            search.run(None).stats.solutions
        }
    };
    (count, tracer.cut)
}

fn rng_bits(rng: &mut ChaCha8Rng) -> u64 {
    use rand_chacha::rand_core::RngCore;
    rng.next_u64()
}

/// The values left to each variable after fixing `assignment` and
/// propagating the root, or `None` on a conflict.
fn propagated(
    model: &Model,
    config: &SearchConfig,
    assignment: &[Option<u32>],
) -> Option<Vec<Vec<u32>>> {
    let mut search = Search::new(model, config).expect("checked");
    for (i, x) in assignment.iter().enumerate() {
        if let Some(x) = *x {
            search.fix(VarId(i as u32), x).ok()?;
        }
    }
    search.propagate_root().ok()?;
    let store = search.store();
    Some(model.vars().map(|v| store.values(v).collect()).collect())
}

#[cfg(test)]
mod tests {
    //! The propagators that take wide variables through the harness.
    use super::*;
    use crate::{
        BoundsAllDifferent, Cumulative, Disjunctive, Entry, Function, Task, Term, VariableTask,
        WideDisjunction, WideElement, WideExpression, WideTable,
    };

    const CASES: usize = 300;

    fn row(rng: &mut ChaCha8Rng, vars: &[VarId], relation: LinearRelation) -> WideLinear {
        let coefs: Vec<i64> = (vars.iter())
            .map(|_| [-3, -2, -1, 1, 2, 3][below(rng, 6) as usize])
            .collect();
        let rhs = i64::from(below(rng, 20)) - 6;
        WideLinear::new(vars.to_vec(), coefs, relation, rhs)
    }

    #[test]
    fn wide_linear_equal() {
        check_wide_propagator("wide linear =", CASES, 11, 2..=5, |b, vars, rng| {
            b.add_propagator(row(rng, vars, LinearRelation::Equal))
                .unwrap();
        });
    }

    #[test]
    fn wide_linear_at_most() {
        check_wide_propagator("wide linear ≤", CASES, 12, 2..=5, |b, vars, rng| {
            b.add_propagator(row(rng, vars, LinearRelation::AtMost))
                .unwrap();
        });
    }

    #[test]
    fn wide_linear_not_equal() {
        check_wide_propagator("wide linear ≠", CASES, 13, 2..=4, |b, vars, rng| {
            b.add_propagator(row(rng, vars, LinearRelation::NotEqual))
                .unwrap();
        });
    }

    #[test]
    fn wide_disjunction() {
        // One to three parts, each of one or two rows over some variables.
        check_wide_propagator("wide disjunction", CASES, 14, 2..=5, |b, vars, rng| {
            let parts = (0..1 + below(rng, 3))
                .map(|_| {
                    (0..1 + below(rng, 2))
                        .map(|_| {
                            let k = 1 + below(rng, vars.len() as u32) as usize;
                            let at = below(rng, (vars.len() - k + 1) as u32) as usize;
                            let relation = match below(rng, 3) {
                                0 => LinearRelation::Equal,
                                1 => LinearRelation::AtMost,
                                _ => LinearRelation::NotEqual,
                            };
                            row(rng, &vars[at..at + k], relation)
                        })
                        .collect()
                })
                .collect();
            b.add_propagator(WideDisjunction::new(parts)).unwrap();
        });
    }

    #[test]
    fn cumulative() {
        check_wide_propagator("cumulative", CASES, 15, 2..=5, |b, vars, rng| {
            let tasks = (vars.iter())
                .map(|&start| Task {
                    start,
                    offset: i64::from(below(rng, 3)),
                    duration: 1 + i64::from(below(rng, 4)),
                    height: 1 + i64::from(below(rng, 3)),
                })
                .collect();
            let capacity = 1 + i64::from(below(rng, 4));
            b.add_propagator(Cumulative::new(tasks, capacity)).unwrap();
        });
    }

    #[test]
    fn disjunctive() {
        // Heights are not read; a duration of 0 drops its task.
        check_wide_propagator("disjunctive", CASES, 16, 2..=5, |b, vars, rng| {
            let tasks = (vars.iter())
                .map(|&start| Task {
                    start,
                    offset: i64::from(below(rng, 4)),
                    duration: i64::from(below(rng, 4)),
                    height: 1 + i64::from(below(rng, 3)),
                })
                .collect();
            b.add_propagator(Disjunctive::new(tasks)).unwrap();
        });
    }

    /// A random term over `vars` of at most `depth` levels below it.
    fn term(rng: &mut ChaCha8Rng, vars: &[VarId], depth: u32) -> Term {
        use Function::*;
        const FUNCTIONS: [Function; 21] = [
            Neg, Abs, Add, Sub, Mul, Div, Mod, Min, Max, Lt, Le, Gt, Ge, Eq, Ne, Not, And, Or, Xor,
            Iff, If,
        ];
        if depth == 0 || below(rng, 4) == 0 {
            return match below(rng, 3) {
                0 => Term::Const(i64::from(below(rng, 9)) - 4),
                _ => Term::Var {
                    var: vars[below(rng, vars.len() as u32) as usize],
                    offset: i64::from(below(rng, 7)) - 3,
                },
            };
        }
        let f = FUNCTIONS[below(rng, FUNCTIONS.len() as u32) as usize];
        let n = match f {
            Neg | Abs | Not => 1,
            If => 3,
            Add | Min | Max | And | Or => 1 + below(rng, 3) as usize,
            _ => 2,
        };
        Term::Apply(f, (0..n).map(|_| term(rng, vars, depth - 1)).collect())
    }

    #[test]
    fn wide_expression() {
        // A comparison at the root, so that the tree is true for some
        // values and false for others more often than not.
        check_wide_propagator("wide expression", CASES, 17, 1..=4, |b, vars, rng| {
            let f =
                [Function::Le, Function::Eq, Function::Ne, Function::Or][below(rng, 4) as usize];
            let root = Term::Apply(f, vec![term(rng, vars, 3), term(rng, vars, 3)]);
            b.add_propagator(WideExpression::new(&root)).unwrap();
        });
    }

    #[test]
    fn wide_expression_of_any_root() {
        check_wide_propagator(
            "wide expression, any root",
            CASES,
            18,
            1..=4,
            |b, vars, rng| {
                let root = term(rng, vars, 4);
                b.add_propagator(WideExpression::new(&root)).unwrap();
            },
        );
    }

    #[test]
    fn bounds_all_different() {
        // Up to 6 variables of at most 9 values: pigeonholes and Hall
        // intervals; offsets in -3..=3.
        check_wide_propagator("bounds all-different", CASES, 19, 1..=6, |b, vars, rng| {
            let scope = vars.to_vec();
            let offsets = (scope.iter())
                .map(|_| i64::from(below(rng, 7)) - 3)
                .collect();
            b.add_propagator(BoundsAllDifferent::new(scope, offsets))
                .unwrap();
        });
    }

    #[test]
    fn wide_element() {
        // The first variable the index (shift -2..=1), the last the result
        // or a constant, the others and constants in the list; a variable
        // may be both index or result and entry.
        check_wide_propagator("wide element", CASES, 20, 2..=5, |b, vars, rng| {
            let entry = |rng: &mut ChaCha8Rng| match below(rng, 4) {
                0 => Entry::Const(i64::from(below(rng, 9)) - 2),
                _ => Entry::Var {
                    var: vars[below(rng, vars.len() as u32) as usize],
                    offset: i64::from(below(rng, 5)) - 2,
                },
            };
            let list = (0..1 + below(rng, 5)).map(|_| entry(rng)).collect();
            let result = match below(rng, 5) {
                0 => Entry::Const(i64::from(below(rng, 7))),
                _ => Entry::Var {
                    var: vars[vars.len() - 1],
                    offset: i64::from(below(rng, 5)) - 2,
                },
            };
            let shift = i64::from(below(rng, 4)) - 2;
            b.add_propagator(WideElement::new(vars[0], shift, list, result))
                .unwrap();
        });
    }

    /// Random tuples over `vars`: values in `0..10` (some past a
    /// domain), a star now and then.
    fn tuples(rng: &mut ChaCha8Rng, arity: usize) -> Vec<Vec<Option<u32>>> {
        (0..below(rng, 12))
            .map(|_| {
                (0..arity)
                    .map(|_| (below(rng, 8) != 0).then(|| below(rng, 10)))
                    .collect()
            })
            .collect()
    }

    #[test]
    fn wide_table_of_supports() {
        check_wide_propagator("wide table, supports", CASES, 21, 1..=4, |b, vars, rng| {
            let tuples = tuples(rng, vars.len());
            b.add_propagator(WideTable::new(vars.to_vec(), &tuples, true))
                .unwrap();
        });
    }

    #[test]
    fn wide_table_of_conflicts() {
        check_wide_propagator("wide table, conflicts", CASES, 22, 1..=4, |b, vars, rng| {
            let tuples = tuples(rng, vars.len());
            b.add_propagator(WideTable::new(vars.to_vec(), &tuples, false))
                .unwrap();
        });
    }

    #[test]
    fn cumulative_of_variable_durations_and_heights() {
        // Each variable a start; durations and heights constants or any
        // variable of the model (offsets -1..=1: some values 0 or less).
        check_wide_propagator(
            "cumulative, variable durations and heights",
            CASES,
            23,
            2..=4,
            |b, vars, rng| {
                let entry = |rng: &mut ChaCha8Rng, least: u32| match below(rng, 2) {
                    0 => Entry::Const(i64::from(least + below(rng, 3))),
                    _ => Entry::Var {
                        var: vars[below(rng, vars.len() as u32) as usize],
                        offset: i64::from(below(rng, 3)) - 1,
                    },
                };
                let tasks = (vars.iter())
                    .map(|&start| VariableTask {
                        start,
                        offset: i64::from(below(rng, 3)),
                        duration: entry(rng, 1),
                        height: entry(rng, 1),
                    })
                    .collect();
                let capacity = 1 + i64::from(below(rng, 4));
                b.add_propagator(Cumulative::with_variables(tasks, capacity))
                    .unwrap();
            },
        );
    }
}

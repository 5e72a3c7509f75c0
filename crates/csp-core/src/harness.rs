//! A test harness for any propagator: random small models checked against
//! brute force.
//!
//! [`check_propagator`] builds many random models (2 to 8 variables, each
//! with a random non-empty domain within `0..9`), lets you post your
//! constraints on them, enumerates every assignment to find the solutions,
//! and then checks at every [`PropagationLevel`]:
//! - with a random partial assignment fixed, propagation never removes a
//!   value that some solution extending it uses, and fails only when no
//!   such solution exists;
//! - with a full assignment fixed, propagation succeeds exactly when the
//!   assignment is a solution (so the constraint is enforced even at
//!   `none`, once everything is assigned);
//! - with the partial assignment fixed, a complete search (input order,
//!   lowest value first) finds exactly the solutions extending it, the
//!   lexicographically first one first. This backtracks, so it also checks
//!   that a propagator's trailed state is restored;
//! - with the partial and the full assignment fixed, every removal a
//!   propagator makes at the root, and its failure, has a true
//!   explanation ([`Propagator::explain`](crate::Propagator::explain),
//!   else the removals in its scope): its literals hold just before, and
//!   no solution of the model meets them all and keeps the removed value
//!   (meets them all, for a failure). It returns how many removals and
//!   failures the propagators explained themselves ([`ExplanationCounts`]).
//!
//! A failure panics with the model, the assignment and the level, so it
//! reads as a test failure. [`check_wide_propagator`] does the same on
//! models whose variables are wide or narrow at random.
//!
//! ```
//! use csp_core::harness::check_propagator;
//! use csp_core::IncreasingChain;
//!
//! check_propagator("increasing chain", 200, 7, 2..=5, |b, vars, _rng| {
//!     b.add_propagator(IncreasingChain::new(vars.to_vec())).unwrap();
//! });
//! ```

mod wide_variables;

pub use wide_variables::check_wide_propagator;

use std::ops::RangeInclusive;

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};

use crate::explanation::{Explaining, Literal, scope_reason};
use crate::{Model, ModelBuilder, PropagationLevel, Search, SearchConfig, ValueSet, VarId};

/// The most assignments one random model may have (domains are shrunk
/// until the product of their sizes is at most this).
const MAX_ASSIGNMENTS: u64 = 20_000;

/// A random number below `n`.
pub fn below(rng: &mut ChaCha8Rng, n: u32) -> u32 {
    (rng.next_u64() % u64::from(n.max(1))) as u32
}

/// Checks `post` on `cases` random models (see the [module docs](self)):
/// each has a number of variables in `arity` (within 2..=8 is advised) with
/// random domains within `0..9`; `post` adds the constraints, drawing any
/// parameters it needs from the generator it is handed.
///
/// Returns how many removals and failures the propagators explained
/// themselves, and how many the scope's removals explained.
///
/// # Panics
/// When propagation removes a value some solution uses, fails where a
/// solution exists, or accepts a full assignment that is no solution (or
/// rejects one that is); when an explanation does not hold or does not
/// imply what it explains.
pub fn check_propagator(
    name: &str,
    cases: usize,
    seed: u64,
    arity: RangeInclusive<usize>,
    post: impl Fn(&mut ModelBuilder, &[VarId], &mut ChaCha8Rng),
) -> ExplanationCounts {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (lo, hi) = (*arity.start(), *arity.end());
    let mut counts = ExplanationCounts::default();
    for case in 0..cases {
        let n = lo + below(&mut rng, (hi - lo + 1) as u32) as usize;
        let domains = random_domains(&mut rng, n);
        let mut b = ModelBuilder::new();
        let vars: Vec<VarId> = domains.iter().map(|&d| b.new_var(d)).collect();
        post(&mut b, &vars, &mut rng);
        let model = b.build();
        let solutions = solutions(&model);
        let context = |what: &str| {
            format!(
                "{name}, case {case} (seed {seed}): {what}\n  domains {domains:?}\n  model {model:?}"
            )
        };

        // A random partial assignment: each variable fixed with chance 1/3.
        let partial: Vec<Option<u32>> = (domains.iter())
            .map(|&d| (below(&mut rng, 3) == 0).then(|| pick(&mut rng, d)))
            .collect();
        for level in PropagationLevel::ALL {
            let context = |what: &str| context(&format!("at {level} with {partial:?}, {what}"));
            explain_root(&model, &solutions, level, &partial, &mut counts, &context);
        }
        let extending: Vec<&Vec<u32>> = (solutions.iter())
            .filter(|s| (s.iter().zip(&partial)).all(|(x, p)| p.is_none_or(|p| p == *x)))
            .collect();
        for level in PropagationLevel::ALL {
            match propagated(&model, level, &partial) {
                None => assert!(
                    extending.is_empty(),
                    "{}",
                    context(&format!(
                        "fails at {level} with {partial:?} though {:?} is a solution",
                        extending[0]
                    ))
                ),
                Some(left) => {
                    for s in &extending {
                        for (i, (&x, d)) in s.iter().zip(&left).enumerate() {
                            assert!(
                                d.contains(x),
                                "{}",
                                context(&format!(
                                    "at {level} with {partial:?}, x{i} lost {x}, used by solution {s:?} (domains left {left:?})"
                                ))
                            );
                        }
                    }
                }
            }
        }

        for level in PropagationLevel::ALL {
            let (count, first) = searched(&model, level, &partial);
            assert_eq!(
                (count, first.as_ref()),
                (extending.len() as u64, extending.first().copied()),
                "{}",
                context(&format!(
                    "at {level} with {partial:?}, a search finds (count, first) = ({count}, {first:?})"
                ))
            );
        }

        // A full assignment: a solution half the time when there is one.
        let full: Vec<u32> = match solutions.first() {
            Some(_) if below(&mut rng, 2) == 0 => {
                solutions[below(&mut rng, solutions.len() as u32) as usize].clone()
            }
            _ => domains.iter().map(|&d| pick(&mut rng, d)).collect(),
        };
        let is_solution = solutions.contains(&full);
        let fixed: Vec<Option<u32>> = full.iter().map(|&x| Some(x)).collect();
        for level in PropagationLevel::ALL {
            assert_eq!(
                propagated(&model, level, &fixed).is_some(),
                is_solution,
                "{}",
                context(&format!(
                    "at {level}, full assignment {full:?} (a solution: {is_solution})"
                ))
            );
            explain_root(
                &model,
                &solutions,
                level,
                &fixed,
                &mut counts,
                &|what: &str| context(&format!("at {level} with {full:?}, {what}")),
            );
        }
    }
    counts
}

/// How often [`check_propagator`] met a propagator's own explanation
/// and the scope's removals in its stead.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExplanationCounts {
    /// Removals and failures the propagators explained themselves.
    pub own: u64,
    /// Those explained by the removals in the scope.
    pub scope: u64,
}

/// Propagates the root of `model` at `level` after fixing `partial`, and
/// checks the explanation of every propagator's removal and failure.
fn explain_root(
    model: &Model,
    solutions: &[Vec<u32>],
    level: PropagationLevel,
    partial: &[Option<u32>],
    counts: &mut ExplanationCounts,
    context: &dyn Fn(&str) -> String,
) {
    let config = SearchConfig {
        level,
        ..SearchConfig::default()
    };
    let mut search = Search::new(model, &config).expect("plain heuristics");
    for (i, x) in partial.iter().enumerate() {
        if let Some(x) = *x
            && search.fix(VarId(i as u32), x).is_err()
        {
            return;
        }
    }
    let initial = model.initial_domains().to_vec();
    let mut domains: Vec<ValueSet> = model.vars().map(|v| search.store().domain(v)).collect();
    search.record_changes();
    let mark = search.trail_mark();
    let failed = search.propagate_root().is_err();
    let propagators = model.propagators();
    let mut reason = Vec::new();
    for change in search.changes_since(mark) {
        let p = change.propagator as usize;
        if p < propagators.len() {
            for value in change.gone.iter() {
                let ex = Explaining::new(&domains, &initial);
                reason.clear();
                let own = propagators[p].explain(Some((change.var, value)), &ex, &mut reason);
                if !own {
                    scope_reason(propagators[p].scope(), &ex, &mut reason);
                }
                let what = format!(
                    "{} (propagator {p}) removed {value} from x{}, because {reason:?}",
                    propagators[p].name(),
                    change.var.index()
                );
                check_reason(solutions, Some((change.var, value)), &ex, &reason, &|w| {
                    context(&format!("{what}: {w}"))
                });
                *(if own {
                    &mut counts.own
                } else {
                    &mut counts.scope
                }) += 1;
            }
        }
        let var = change.var.index();
        domains[var] = domains[var].difference(change.gone);
    }
    if let (true, Some(p)) = (failed, search.failed_propagator()) {
        let ex = Explaining::new(&domains, &initial);
        reason.clear();
        let own = propagators[p].explain(None, &ex, &mut reason);
        if !own {
            scope_reason(propagators[p].scope(), &ex, &mut reason);
        }
        let what = format!(
            "{} (propagator {p}) failed, because {reason:?}",
            propagators[p].name()
        );
        check_reason(solutions, None, &ex, &reason, &|w| {
            context(&format!("{what}: {w}"))
        });
        *(if own {
            &mut counts.own
        } else {
            &mut counts.scope
        }) += 1;
    }
}

/// Checks that `reason` holds in `ex` and implies, in the model whose
/// `solutions` these are, the removal (or, for `None`, the failure): no
/// solution meets every literal (and takes the removed value).
fn check_reason(
    solutions: &[Vec<u32>],
    removal: Option<(VarId, u32)>,
    ex: &Explaining<'_>,
    reason: &[Literal],
    context: &dyn Fn(&str) -> String,
) {
    for l in reason {
        assert!(
            l.holds(ex.domain(l.var())),
            "{}",
            context(&format!("{l} does not hold"))
        );
    }
    let meets = |s: &Vec<u32>| {
        removal.is_none_or(|(x, v)| s[x.index()] == v)
            && reason.iter().all(|l| l.allows(s[l.var().index()]))
    };
    if let Some(s) = solutions.iter().find(|s| meets(s)) {
        panic!(
            "{}",
            context(&format!("the solution {s:?} meets it: no implication"))
        );
    }
}

/// `n` random non-empty domains within `0..9` with at most
/// [`MAX_ASSIGNMENTS`] assignments together.
fn random_domains(rng: &mut ChaCha8Rng, n: usize) -> Vec<ValueSet> {
    let mut domains: Vec<ValueSet> = (0..n)
        .map(|_| {
            // Mostly wide domains (as in a fresh puzzle), sometimes narrow.
            let bits = if below(rng, 2) == 0 {
                0x1ff
            } else {
                rng.next_u32() & 0x1ff
            };
            if bits == 0 {
                ValueSet::single(below(rng, 9))
            } else {
                ValueSet(u64::from(bits))
            }
        })
        .collect();
    while domains.iter().map(|d| u64::from(d.len())).product::<u64>() > MAX_ASSIGNMENTS {
        let i = below(rng, n as u32) as usize;
        if domains[i].len() > 1 {
            let x = pick(rng, domains[i]);
            domains[i] = domains[i].difference(ValueSet::single(x));
        }
    }
    domains
}

/// A random value of `d` (not empty).
fn pick(rng: &mut ChaCha8Rng, d: ValueSet) -> u32 {
    let k = below(rng, d.len());
    d.iter().nth(k as usize).expect("k < len")
}

/// Every assignment within the initial domains that satisfies every
/// constraint, in lexicographic order.
fn solutions(model: &Model) -> Vec<Vec<u32>> {
    let domains: Vec<Vec<u32>> = (model.initial_domains().iter())
        .map(|d| d.iter().collect())
        .collect();
    solutions_within(model, &domains)
}

/// Every assignment within `domains` (each variable's values, in
/// increasing order) that satisfies every constraint, in lexicographic
/// order.
fn solutions_within(model: &Model, domains: &[Vec<u32>]) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    let mut index = vec![0usize; domains.len()];
    loop {
        let values: Vec<u32> = index.iter().zip(domains).map(|(&i, d)| d[i]).collect();
        let value = |v: VarId| values[v.index()];
        if model.propagators().iter().all(|p| p.check(&value)) {
            out.push(values);
        }
        // The next assignment, last variable fastest.
        let mut k = domains.len();
        loop {
            if k == 0 {
                return out;
            }
            k -= 1;
            index[k] += 1;
            if index[k] < domains[k].len() {
                break;
            }
            index[k] = 0;
        }
    }
}

/// The domains after fixing `assignment` and propagating the root at
/// `level`, or `None` on a conflict.
fn propagated(
    model: &Model,
    level: PropagationLevel,
    assignment: &[Option<u32>],
) -> Option<Vec<ValueSet>> {
    let config = SearchConfig {
        level,
        ..SearchConfig::default()
    };
    let mut search = Search::new(model, &config).expect("plain heuristics");
    for (i, x) in assignment.iter().enumerate() {
        if let Some(x) = *x {
            search.fix(VarId(i as u32), x).ok()?;
        }
    }
    search.propagate_root().ok()?;
    let store = search.store();
    Some(model.vars().map(|v| store.domain(v)).collect())
}

/// How many solutions a complete search (`A`, `0`) finds after fixing
/// `assignment` at `level`, and the first one.
fn searched(
    model: &Model,
    level: PropagationLevel,
    assignment: &[Option<u32>],
) -> (u64, Option<Vec<u32>>) {
    searched_with(model, &complete_search(level), assignment)
}

/// The configuration of the complete search the harness compares with
/// brute force: input order, smallest value first, at `level`.
fn complete_search(level: PropagationLevel) -> SearchConfig {
    SearchConfig {
        level,
        variables: "A".parse().expect("a heuristic"),
        values: "0".parse().expect("a heuristic"),
        ..SearchConfig::default()
    }
}

/// How many solutions a search with `config` finds after fixing
/// `assignment`, and the first one.
fn searched_with(
    model: &Model,
    config: &SearchConfig,
    assignment: &[Option<u32>],
) -> (u64, Option<Vec<u32>>) {
    let mut search = Search::new(model, config).expect("plain heuristics");
    for (i, x) in assignment.iter().enumerate() {
        if let Some(x) = *x
            && search.fix(VarId(i as u32), x).is_err()
        {
            return (0, None);
        }
    }
    let result = search.run(None);
    (result.stats.solutions, result.first_solution)
}

#[cfg(test)]
mod tests {
    //! Every built-in propagator through the harness.
    use super::*;
    use crate::{BinaryRelation, DistinctSum, IncreasingChain, LinearEquality, NumberSum};

    const CASES: usize = 300;

    #[test]
    fn all_different() {
        check_propagator("all-different", CASES, 1, 2..=8, |b, vars, _| {
            b.all_different(vars).unwrap();
        });
    }

    #[test]
    fn overlapping_all_different_with_locked_candidates() {
        // Two permutation-like groups sharing variables, as boxes and rows
        // do: the builder adds locked candidates over them.
        check_propagator("locked candidates", CASES, 2, 4..=8, |b, vars, rng| {
            let k = 2 + below(rng, (vars.len() - 2) as u32) as usize;
            let split = below(rng, (vars.len() - 1) as u32) as usize;
            b.all_different(&vars[..k.max(2)]).unwrap();
            b.all_different(&vars[split.min(vars.len() - 2)..]).unwrap();
        });
    }

    #[test]
    fn linear_equality() {
        // Every removal and failure explained by the bounds.
        let counts = check_propagator("linear equality", CASES, 3, 2..=5, |b, vars, rng| {
            let coefs: Vec<i64> = (vars.iter())
                .map(|_| [-3, -2, -1, 1, 2, 3][below(rng, 6) as usize])
                .collect();
            let rhs = i64::from(below(rng, 20)) - 5;
            b.add_propagator(LinearEquality::new(vars.to_vec(), coefs, rhs))
                .unwrap();
        });
        assert_eq!(
            counts,
            ExplanationCounts {
                own: 7453,
                scope: 0
            }
        );
    }

    #[test]
    fn distinct_sum() {
        check_propagator("distinct sum", CASES, 4, 2..=6, |b, vars, rng| {
            let total = i64::from(3 + below(rng, 5 * vars.len() as u32 + 5));
            b.add_propagator(DistinctSum::new(vars.to_vec(), total, 1))
                .unwrap();
        });
    }

    #[test]
    fn increasing_chain() {
        // Every removal and failure explained by a bound along the chain.
        let counts = check_propagator("increasing chain", CASES, 5, 2..=8, |b, vars, _| {
            b.add_propagator(IncreasingChain::new(vars.to_vec()))
                .unwrap();
        });
        assert_eq!(
            counts,
            ExplanationCounts {
                own: 13274,
                scope: 0
            }
        );
    }

    #[test]
    fn number_sum() {
        check_propagator("number sum", CASES, 6, 2..=6, |b, vars, rng| {
            let digits = 1 + below(rng, 2) as usize;
            let (number, terms) = vars.split_at(digits.min(vars.len() - 1));
            b.add_propagator(NumberSum::new(number.to_vec(), terms.to_vec(), 10, 1))
                .unwrap();
        });
    }

    #[test]
    fn binary_relation() {
        // Every removal and failure explained by the relation itself.
        let counts = check_propagator("binary relation", CASES, 7, 2..=4, |b, vars, rng| {
            // A random table over 0..9, sometimes one of the Sudoku ones.
            let table: Vec<bool> = (0..81).map(|_| below(rng, 3) == 0).collect();
            let kind = below(rng, 4);
            for pair in vars.windows(2) {
                let table = table.clone();
                b.add_propagator(BinaryRelation::new(
                    pair[0],
                    pair[1],
                    9,
                    move |x, y| match kind {
                        0 => x.abs_diff(y) == 1,
                        1 => x + 1 == 2 * (y + 1) || y + 1 == 2 * (x + 1),
                        2 => x.abs_diff(y) >= 5,
                        _ => table[(x * 9 + y) as usize],
                    },
                ))
                .unwrap();
            }
        });
        assert_eq!(
            counts,
            ExplanationCounts {
                own: 11722,
                scope: 0
            }
        );
    }

    #[test]
    fn constraints_together() {
        // A small mix, as variant puzzles combine them.
        check_propagator("mix", CASES, 8, 4..=8, |b, vars, rng| {
            let n = vars.len();
            b.all_different(&vars[..n / 2 + 1]).unwrap();
            b.add_propagator(IncreasingChain::new(vars[n / 2..].to_vec()))
                .unwrap();
            let total = i64::from(3 + below(rng, 15));
            b.add_propagator(DistinctSum::new(vars[..2].to_vec(), total, 1))
                .unwrap();
            b.add_propagator(BinaryRelation::not_equal(vars[0], vars[n - 1], 9))
                .unwrap();
        });
    }
}

//! The corpus of `instances/xcsp3/` against ACE's answers, recorded in
//! `instances/xcsp3/ace.csv` by `scripts/xcsp3_vs_ace.py` (ACE 2.6, as
//! pycsp3 bundles it; `unknown` where ACE gave no answer in 60 s): every
//! instance read gets ACE's answer where the search finishes within a
//! placement limit, and ACE's count (times the assignments of the
//! variables no constraint mentions, which ACE leaves out) where ACE
//! counted every solution.

use crate::common;

use std::path::{Path, PathBuf};

use csp_core::{Limits, PropagationLevel, Search, SearchConfig, Termination};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// One row of `ace.csv`: the instance, ACE's answer, ACE's count (empty
/// where it did not count every solution).
struct Ace {
    path: String,
    answer: String,
    count: Option<u64>,
}

fn ace() -> Vec<Ace> {
    let text = std::fs::read_to_string(root().join("instances/xcsp3/ace.csv")).unwrap();
    (text.lines().skip(1))
        .map(|line| {
            let f: Vec<&str> = line.split(',').collect();
            Ace {
                path: f[0].to_string(),
                answer: f[1].to_string(),
                count: f[2].parse().ok(),
            }
        })
        .collect()
}

fn config(max_placements: u64) -> SearchConfig {
    SearchConfig {
        variables: "W".parse().unwrap(),
        values: "0".parse().unwrap(),
        level: PropagationLevel::Singles,
        limits: Limits {
            max_placements: Some(max_placements),
            ..Limits::default()
        },
        ..SearchConfig::default()
    }
}

#[test]
fn answers_and_counts_agree_with_ace() {
    let rows = ace();
    assert!(rows.len() >= 150, "{} instances", rows.len());
    let (mut read, mut answered, mut counted) = (0, 0, 0);
    for row in &rows {
        let text = std::fs::read_to_string(root().join(&row.path)).unwrap();
        let instance = xcsp3::read(&text).unwrap_or_else(|e| panic!("{}: {e}", row.path));
        let Ok(compiled) = xcsp3::compile(&instance) else {
            // Refused: an error, never an answer.
            continue;
        };
        read += 1;
        let search = Search::new(&compiled.model, &config(20_000)).unwrap();
        let result = search.run(Some(1));
        if let Some(solution) = &result.first_solution {
            // Every constraint holds, read as the file states it.
            let values = compiled.values(solution);
            for c in &instance.constraints {
                assert!(
                    common::holds(&c.kind, &|v| values[v]),
                    "{}: line {}",
                    row.path,
                    c.line
                );
            }
        }
        let ours = match (result.stats.solutions, result.termination) {
            (1.., _) => "satisfiable",
            (0, Termination::Exhausted) => "unsatisfiable",
            _ => continue,
        };
        answered += 1;
        if row.answer != "unknown" {
            assert_eq!(ours, row.answer, "{}", row.path);
        }
        let Some(count) = row.count else { continue };
        let Some(free) = (instance.unconstrained().iter()).try_fold(1u64, |acc, &v| {
            acc.checked_mul(instance.variables[v].domain.len())
        }) else {
            continue;
        };
        let search = Search::new(&compiled.model, &config(50_000)).unwrap();
        let result = search.run(None);
        if result.termination == Termination::Exhausted {
            counted += 1;
            assert_eq!(
                Some(result.stats.solutions),
                count.checked_mul(free),
                "{}",
                row.path
            );
        }
    }
    // How many are read, answered within the limit, and counted: pinned.
    assert_eq!((read, answered, counted), (170, 162, 122));
}

/// The optimization corpus of `instances/xcsp3-cop/` against ACE's optima
/// (`instances/xcsp3-cop/ace.csv`, `path,answer,optimum`): every optimum
/// proved within a placement limit is ACE's, and the best solution's
/// values give the value reported.
#[test]
fn optima_agree_with_ace() {
    let text = std::fs::read_to_string(root().join("instances/xcsp3-cop/ace.csv")).unwrap();
    let (mut read, mut proved) = (0, 0);
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let (path, answer, optimum) = (f[0], f[1], f[2].parse::<i64>().ok());
        let xml = std::fs::read_to_string(root().join(path)).unwrap();
        let instance = xcsp3::read(&xml).unwrap_or_else(|e| panic!("{path}: {e}"));
        let objective = instance.objective.clone().expect("an objective");
        let compiled = xcsp3::compile(&instance).unwrap_or_else(|e| panic!("{path}: {e}"));
        read += 1;
        let (result, found) = xcsp3::optimize(
            &instance,
            &compiled,
            &objective,
            &config(200_000),
            None,
            None,
        )
        .unwrap();
        if let Some(best) = &result.first_solution {
            let values = compiled.values(best);
            assert_eq!(objective.value(&|v| values[v]), found.best, "{path}");
        }
        if found.optimal {
            proved += 1;
            assert_eq!((answer, found.best), ("optimum", optimum), "{path}");
        } else if result.termination == Termination::Exhausted {
            proved += 1;
            assert_eq!(answer, "unsatisfiable", "{path}");
        }
    }
    // How many are read and proved within the limit: pinned.
    assert_eq!((read, proved), (35, 34));
}

/// The instances of wide variables of `instances/xcsp3-wide/` (scheduling
/// and packing, more than 4,096 values) against ACE's answers
/// (`instances/xcsp3-wide/ace.csv`, `path,answer,optimum`), searched with
/// dom/wdeg and split choices under a placement limit: every solution
/// found holds (each constraint read again from the specification, each
/// value in its domain), every optimum proved is ACE's, every answer
/// ACE's.
#[test]
fn wide_instances_agree_with_ace() {
    let text = std::fs::read_to_string(root().join("instances/xcsp3-wide/ace.csv")).unwrap();
    let config = SearchConfig {
        wide_choice: Some(csp_core::WideChoice::Split),
        ..config(100_000)
    };
    let (mut read, mut answered, mut proved) = (0, 0, 0);
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let (path, answer, optimum) = (f[0], f[1], f[2].parse::<i64>().ok());
        let xml = std::fs::read_to_string(root().join(path)).unwrap();
        let instance = xcsp3::read(&xml).unwrap_or_else(|e| panic!("{path}: {e}"));
        let compiled = xcsp3::compile(&instance).unwrap_or_else(|e| panic!("{path}: {e}"));
        read += 1;
        let holds = |solution: &[u32]| {
            let values = compiled.values(solution);
            for (v, var) in instance.variables.iter().enumerate() {
                assert!(var.domain.contains(values[v]), "{path}: {}", var.name);
            }
            for c in &instance.constraints {
                assert!(
                    common::holds(&c.kind, &|v| values[v]),
                    "{path}: line {}",
                    c.line
                );
            }
        };
        let Some(objective) = instance.objective.clone() else {
            let result = Search::new(&compiled.model, &config).unwrap().run(Some(1));
            if let Some(solution) = &result.first_solution {
                holds(solution);
                answered += 1;
                assert_eq!(answer, "satisfiable", "{path}");
            }
            continue;
        };
        let (result, found) =
            xcsp3::optimize(&instance, &compiled, &objective, &config, None, None).unwrap();
        if let Some(best) = &result.first_solution {
            holds(best);
            answered += 1;
            let values = compiled.values(best);
            assert_eq!(objective.value(&|v| values[v]), found.best, "{path}");
        }
        if found.optimal {
            proved += 1;
            // ACE's "timeout": it did not prove one in 60 s (its bound
            // is not recorded); the solution was checked above.
            if answer != "timeout" {
                assert_eq!((answer, found.best), ("optimum", optimum), "{path}");
            }
        }
    }
    // How many are read, answered and proved within the limit: pinned.
    assert_eq!((read, answered, proved), (58, 56, 41));
}

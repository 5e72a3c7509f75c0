//! A direct reading of each constraint kind, written again from the
//! XCSP3 specification (not from the compiler): the tests count and check
//! solutions by it.

use xcsp3::{Condition, Expr, Kind, Operand};

/// Whether `condition` holds of `x`, with `value(v)` the variables'.
pub fn meets(x: i64, condition: &Condition, value: &dyn Fn(usize) -> i64) -> bool {
    match condition {
        Condition::Compare(r, Operand::Value(k)) => r.holds(x, *k),
        Condition::Compare(r, Operand::Var(z)) => r.holds(x, value(*z)),
        Condition::InRange(a, b) => (*a..=*b).contains(&x),
        Condition::InSet(set, is_in) => set.contains(&x) == *is_in,
    }
}

/// Whether the assignment `value` satisfies `kind`.
pub fn holds(kind: &Kind, value: &dyn Fn(usize) -> i64) -> bool {
    let eval = |e: &Expr| e.eval(value);
    let all = |terms: &[Expr]| terms.iter().map(eval).collect::<Option<Vec<i64>>>();
    match kind {
        Kind::Intension(e) => eval(e).is_some_and(|x| x != 0),
        Kind::Extension {
            scope,
            tuples,
            supports,
        } => {
            let found = tuples
                .iter()
                .any(|t| (scope.iter().zip(t)).all(|(&v, x)| x.is_none_or(|x| x == value(v))));
            found == *supports
        }
        Kind::AllDifferent { terms, except } => all(terms).is_some_and(|xs| {
            (0..xs.len())
                .all(|i| (i + 1..xs.len()).all(|j| xs[i] != xs[j] || except.contains(&xs[i])))
        }),
        Kind::AllDifferentLists(lists) => {
            let tuples: Option<Vec<Vec<i64>>> = lists.iter().map(|l| all(l)).collect();
            tuples
                .is_some_and(|ts| (0..ts.len()).all(|i| (i + 1..ts.len()).all(|j| ts[i] != ts[j])))
        }
        Kind::AllEqual(terms) => all(terms).is_some_and(|xs| xs.windows(2).all(|w| w[0] == w[1])),
        Kind::Ordered {
            terms,
            lengths,
            relation,
        } => all(terms).is_some_and(|xs| {
            let ls = all(lengths).unwrap_or_default();
            (0..xs.len().saturating_sub(1))
                .all(|i| relation.holds(xs[i] + ls.get(i).copied().unwrap_or(0), xs[i + 1]))
        }),
        Kind::Lex { lists, relation } => {
            let tuples: Option<Vec<Vec<i64>>> = lists.iter().map(|l| all(l)).collect();
            tuples.is_some_and(|ts| {
                ts.windows(2).all(|w| {
                    let order = w[0].cmp(&w[1]) as i64;
                    relation.holds(order, 0)
                })
            })
        }
        Kind::Sum {
            terms,
            coefs,
            condition,
        } => match (all(terms), all(coefs)) {
            (Some(xs), Some(cs)) => meets(
                xs.iter().zip(&cs).map(|(x, c)| x * c).sum(),
                condition,
                value,
            ),
            _ => false,
        },
        Kind::Count {
            terms,
            values,
            condition,
        } => match (all(terms), all(values)) {
            (Some(xs), Some(vs)) => meets(
                xs.iter().filter(|x| vs.contains(x)).count() as i64,
                condition,
                value,
            ),
            _ => false,
        },
        Kind::NValues {
            terms,
            except,
            condition,
        } => all(terms).is_some_and(|mut xs| {
            xs.retain(|x| !except.contains(x));
            xs.sort_unstable();
            xs.dedup();
            meets(xs.len() as i64, condition, value)
        }),
        Kind::Cardinality {
            terms,
            values,
            occurs,
            closed,
        } => all(terms).is_some_and(|xs| {
            (values.iter().zip(occurs))
                .all(|(v, c)| meets(xs.iter().filter(|&x| x == v).count() as i64, c, value))
                && (!closed || xs.iter().all(|x| values.contains(x)))
        }),
        Kind::Element {
            terms,
            index,
            start,
            condition,
        } => match index {
            Some(i) => {
                let at = value(*i) - start;
                at >= 0
                    && (at as usize) < terms.len()
                    && eval(&terms[at as usize]).is_some_and(|x| meets(x, condition, value))
            }
            None => terms
                .iter()
                .any(|t| eval(t).is_some_and(|x| meets(x, condition, value))),
        },
        Kind::ElementMatrix {
            rows,
            index,
            starts,
            condition,
        } => {
            let (r, c) = (value(index.0) - starts.0, value(index.1) - starts.1);
            r >= 0
                && c >= 0
                && (rows.get(r as usize).and_then(|row| row.get(c as usize)))
                    .and_then(eval)
                    .is_some_and(|x| meets(x, condition, value))
        }
        Kind::Extremum {
            terms,
            max,
            condition,
        } => all(terms).is_some_and(|xs| {
            let m = if *max {
                xs.iter().max()
            } else {
                xs.iter().min()
            };
            m.is_some_and(|&m| meets(m, condition, value))
        }),
        Kind::Channel { list, start, other } => {
            let (other, other_start) = match other {
                Some((o, s)) => (o.as_slice(), *s),
                None => (list.as_slice(), *start),
            };
            let equal = list.len() == other.len();
            list.iter().enumerate().all(|(i, &x)| {
                let j = value(x) - other_start;
                j >= 0
                    && (j as usize) < other.len()
                    && value(other[j as usize]) == i as i64 + start
                    && (!equal
                        || other.iter().enumerate().all(|(j, &y)| {
                            let i = value(y) - start;
                            i >= 0
                                && (i as usize) < list.len()
                                && value(list[i as usize]) == j as i64 + other_start
                        }))
            })
        }
        Kind::Regular {
            list,
            transitions,
            start,
            finals,
        } => {
            let mut state = start.clone();
            for &v in list {
                let Some(t) = (transitions.iter()).find(|t| t.0 == state && t.1 == value(v)) else {
                    return false;
                };
                state = t.2.clone();
            }
            finals.contains(&state)
        }
        Kind::Precedence {
            list,
            values,
            covered,
        } => {
            // Each value's first occurrence comes after the first of the
            // value before it (and with `covered` each occurs).
            let first = |x: i64| list.iter().position(|&v| value(v) == x);
            let firsts: Vec<Option<usize>> = values.iter().map(|&x| first(x)).collect();
            (1..firsts.len()).all(|i| match (firsts[i - 1], firsts[i]) {
                (_, None) => true,
                (None, Some(_)) => false,
                (Some(a), Some(b)) => a < b,
            }) && (!covered || firsts.iter().all(Option::is_some))
        }
        Kind::Instantiation { vars, values } => {
            vars.iter().zip(values).all(|(&v, &x)| value(v) == x)
        }
        Kind::NoOverlap {
            origins,
            lengths,
            zero_ignored,
        } => {
            let boxes: Option<Vec<(Vec<i64>, Vec<i64>)>> = (origins.iter().zip(lengths))
                .map(|(o, l)| {
                    let o: Option<Vec<i64>> = o.iter().map(|e| e.eval(value)).collect();
                    let l: Option<Vec<i64>> = l.iter().map(|e| e.eval(value)).collect();
                    Some((o?, l?))
                })
                .collect();
            let Some(boxes) = boxes else { return false };
            let ignored = |l: &[i64]| *zero_ignored && l.contains(&0);
            (0..boxes.len()).all(|i| {
                (i + 1..boxes.len()).all(|j| {
                    let ((oi, li), (oj, lj)) = (&boxes[i], &boxes[j]);
                    ignored(li)
                        || ignored(lj)
                        || (0..oi.len()).any(|d| oi[d] + li[d] <= oj[d] || oj[d] + lj[d] <= oi[d])
                })
            })
        }
        Kind::Cumulative {
            origins,
            lengths,
            heights,
            condition,
        } => {
            let all =
                |es: &[Expr]| -> Option<Vec<i64>> { es.iter().map(|e| e.eval(value)).collect() };
            let (Some(o), Some(l), Some(h)) = (all(origins), all(lengths), all(heights)) else {
                return false;
            };
            // The use is highest at some task's start.
            (0..o.len()).all(|k| {
                let t = o[k];
                let used: i64 = (0..o.len())
                    .filter(|&i| o[i] <= t && t < o[i] + l[i])
                    .map(|i| h[i])
                    .sum();
                meets(used, condition, value)
            })
        }
    }
}

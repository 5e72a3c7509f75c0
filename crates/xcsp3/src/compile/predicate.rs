//! Any constraint over a few variables, posted by what it allows: one
//! variable narrows its domain, two make a binary relation, more a table
//! of the satisfying tuples.

use std::ops::ControlFlow;

use csp_core::{BinaryRelation, LinearRelation, MAX_TUPLES, MAX_VALUES, Table, WideLinear};

use super::Posting;
use super::sum::{Linear, post_linear};
use crate::XcspError;
use crate::constraint::{Condition, Operand, Relation};
use crate::expression::{Expr, Op};

/// The most assignments a predicate over three variables or more is tried
/// on to list its tuples.
pub const MAX_COMBINATIONS: u64 = 1 << 22;

/// Posts an intension constraint: `expr` is true (non-zero; undefined,
/// as a division by zero, is false). By its tuples; as a linear sum when
/// `expr` compares two linear expressions (`ne(sub(a,b), sub(c,d))`) and
/// the tuples are too many, or it orders variables written in two
/// digits (`le(x,y)`: a table of digit pairs is slow to propagate).
pub(crate) fn post_expr(p: &mut Posting, expr: &Expr, line: u32) -> Result<(), XcspError> {
    let scope = expr.vars();
    let holds = |values: &[i64]| {
        let value = |v: usize| values[scope.iter().position(|&s| s == v).expect("in scope")];
        expr.eval(&value).is_some_and(|x| x != 0)
    };
    let linear = linear_comparison(expr);
    let as_sum = |(relation, a, b): (Relation, &Expr, &Expr), p: &mut Posting| {
        let mut form = Linear::default();
        form.add(p, a, 1, line)?;
        form.add(p, b, -1, line)?;
        post_linear(
            p,
            form,
            &Condition::Compare(relation, Operand::Value(0)),
            line,
        )
    };
    if p.any_wide(scope.iter().copied()) {
        if let Some(comparison) = linear {
            return as_sum(comparison, p);
        }
        return super::sum::post_wide_logic(p, expr, line);
    }
    if let Some(comparison) = linear
        && comparison.0 != Relation::Ne
        && p.any_in_digits(scope.iter().copied())
        && scope.iter().all(|&v| p.consecutive(v))
    {
        return as_sum(comparison, p);
    }
    if let Some(comparison) = linear
        && comparison.0 == Relation::Ne
        && p.any_in_digits(scope.iter().copied())
        && ne_table_too_long(p, &scope)
    {
        return as_sum(comparison, p);
    }
    match post(p, &scope, "an <intension>", line, holds) {
        Err(e @ XcspError::Unsupported { .. }) => match linear {
            Some(comparison) => as_sum(comparison, p),
            // Too many tuples to list: the expression by bounds (a
            // variable in two digits through its value), else the
            // first reason.
            None => super::wide_expression::post(p, expr, line).map_err(|_| e),
        },
        other => other,
    }
}

/// Whether a table of `a != b` over `scope` would list more than
/// [`MAX_TUPLES`] tuples, so that [`post`] would refuse it after listing
/// them: for each assignment of the other variables at most one value of
/// the widest makes `a = b`.
fn ne_table_too_long(p: &Posting, scope: &[usize]) -> bool {
    let sizes = scope.iter().map(|&v| p.values(v).len() as u128);
    let Some(combinations) = sizes.clone().try_fold(1u128, u128::checked_mul) else {
        return true;
    };
    let widest = sizes.max().unwrap_or(1).max(1);
    combinations - combinations / widest > MAX_TUPLES as u128
}

/// Whether `e` is linear in its variables: sums, differences,
/// negations, products by constants.
pub(crate) fn linear(e: &Expr) -> bool {
    match e {
        Expr::Var(_) | Expr::Const(_) => true,
        Expr::Apply(Op::Add | Op::Sub | Op::Neg, args) => args.iter().all(linear),
        Expr::Apply(Op::Mul, args) => match &args[..] {
            [Expr::Const(_), x] | [x, Expr::Const(_)] => linear(x),
            _ => false,
        },
        _ => false,
    }
}

/// `a R b` with `a` and `b` linear in their variables (sums,
/// differences, negations, products by constants): `R`, `a`, `b`.
pub(crate) fn linear_comparison(expr: &Expr) -> Option<(Relation, &Expr, &Expr)> {
    let Expr::Apply(op, args) = expr else {
        return None;
    };
    let relation = Relation::of_op(*op)?;
    match &args[..] {
        [a, b] if linear(a) && linear(b) => Some((relation, a, b)),
        _ => None,
    }
}

/// Posts the constraint `holds` (given the values of `scope`, distinct
/// variables, in order) over `scope`; `what` names it in errors. A
/// variable written in two digits is two columns of the table.
pub(crate) fn post(
    p: &mut Posting,
    scope: &[usize],
    what: &str,
    line: u32,
    holds: impl Fn(&[i64]) -> bool,
) -> Result<(), XcspError> {
    if p.any_wide(scope.iter().copied()) {
        return Err(p.refuse_wide(scope, what, line));
    }
    match *scope {
        [] => {
            if !holds(&[]) {
                // False whatever the values: no solution.
                if p.domains_len() == 0 {
                    return Err(XcspError::invalid(
                        line,
                        format!("{what} that is always false"),
                    ));
                }
                if p.is_wide(0) {
                    // Its index at most -1: none is.
                    let none = WideLinear::new(vec![p.var(0)], vec![1], LinearRelation::AtMost, -1);
                    p.b.add_propagator(none)
                        .map_err(|e| XcspError::invalid(line, e.to_string()))?;
                } else {
                    p.restrict(0, |_| false);
                }
            }
            Ok(())
        }
        [x] => {
            p.restrict(x, |a| holds(&[a]));
            Ok(())
        }
        [x, y] if !p.any_in_digits([x, y]) => {
            let (bx, by) = (p.bases[x], p.bases[y]);
            let (vx, vy) = (p.var(x), p.var(y));
            let (dx, dy): (Vec<i64>, Vec<i64>) = (p.values(x).to_vec(), p.values(y).to_vec());
            let size =
                |values: &[i64], base: i64| values.last().map_or(0, |&hi| (hi - base + 1) as u32);
            let n = size(&dx, bx).max(size(&dy, by));
            let relation = BinaryRelation::new(vx, vy, n, |a, b| {
                let (a, b) = (bx + i64::from(a), by + i64::from(b));
                dx.binary_search(&a).is_ok() && dy.binary_search(&b).is_ok() && holds(&[a, b])
            });
            p.b.add_propagator(relation)
                .map_err(|e| XcspError::invalid(line, e.to_string()))
        }
        _ => {
            let mut tuples = Vec::new();
            let mut too_many = false;
            // Past the instance's budget of table cells, stop listing:
            // `count_table` refuses the table below.
            let arity: usize = (scope.iter())
                .map(|&v| if p.digits(v).is_some() { 2 } else { 1 })
                .sum();
            let mut over_budget = false;
            each_assignment(p, scope, what, line, |values| {
                if holds(values) {
                    let mut tuple = Vec::with_capacity(scope.len() + 2);
                    for (&v, &x) in scope.iter().zip(values) {
                        match p.digits(v) {
                            None => tuple.push((x - p.bases[v]) as u32),
                            Some(_) => {
                                let k = p.values(v).binary_search(&x).expect("a value") as u32;
                                tuple.extend([k / MAX_VALUES, k % MAX_VALUES]);
                            }
                        }
                    }
                    tuples.push(tuple);
                    too_many = tuples.len() > MAX_TUPLES;
                    over_budget = !p.table_cells_left(tuples.len() * arity);
                }
                if too_many || over_budget {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })?;
            if too_many {
                return Err(XcspError::unsupported(
                    line,
                    format!("{what} over {} variables", scope.len()),
                    &format!("it allows more than the {MAX_TUPLES} tuples a table may list"),
                ));
            }
            if over_budget {
                // Refused before it counts: a caller may post it another way.
                return Err(XcspError::unsupported(
                    line,
                    "an instance whose tables list more than 33554432 values in all",
                    "tables are listed in memory (their tuples times their arity)",
                ));
            }
            let vars = (scope.iter())
                .flat_map(|&v| match p.digits(v) {
                    None => vec![p.var(v)],
                    Some(d) => vec![p.var(d.high), p.var(d.low)],
                })
                .collect::<Vec<_>>();
            p.count_table(tuples.len(), vars.len(), line)?;
            let table =
                Table::new(vars, tuples).map_err(|e| XcspError::invalid(line, e.to_string()))?;
            p.b.add_propagator(table)
                .map_err(|e| XcspError::invalid(line, e.to_string()))
        }
    }
}

/// A variable standing for `expr`: the variable itself, else a new one
/// over the values `expr` can take, tied to it by a predicate.
pub(crate) fn var_of(p: &mut Posting, expr: &Expr, line: u32) -> Result<usize, XcspError> {
    if let Expr::Var(v) = expr {
        return Ok(*v);
    }
    let scope = expr.vars();
    let mut values = Vec::new();
    each_assignment(p, &scope, "an expression", line, |assignment| {
        let value = |v: usize| assignment[scope.iter().position(|&s| s == v).expect("in scope")];
        if let Some(x) = expr.eval(&value) {
            values.push(x);
        }
        ControlFlow::Continue(())
    })?;
    values.sort_unstable();
    values.dedup();
    let aux = p.new_var("(auxiliary)", values, line)?;
    let tie = Expr::Apply(Op::Eq, vec![Expr::Var(aux), expr.clone()]);
    post_expr(p, &tie, line)?;
    Ok(aux)
}

/// A 0/1 variable that is 1 exactly when `expr` holds.
pub(crate) fn reified(p: &mut Posting, expr: Expr, line: u32) -> Result<usize, XcspError> {
    let b = p.new_bool(line)?;
    let tie = Expr::Apply(Op::Iff, vec![Expr::Var(b), expr]);
    post_expr(p, &tie, line)?;
    Ok(b)
}

/// A variable for each term (see [`var_of`]), and every value they can
/// take, sorted.
pub(crate) fn vars_of(
    p: &mut Posting,
    terms: &[Expr],
    line: u32,
) -> Result<(Vec<usize>, Vec<i64>), XcspError> {
    let vars: Vec<usize> = (terms.iter())
        .map(|t| var_of(p, t, line))
        .collect::<Result<_, _>>()?;
    let mut values: Vec<i64> = vars.iter().flat_map(|&v| p.values(v).to_vec()).collect();
    values.sort_unstable();
    values.dedup();
    Ok((vars, values))
}

/// Calls `visit` with every assignment of `scope` (refused past
/// [`MAX_COMBINATIONS`]) until it breaks.
fn each_assignment(
    p: &Posting,
    scope: &[usize],
    what: &str,
    line: u32,
    mut visit: impl FnMut(&[i64]) -> ControlFlow<()>,
) -> Result<(), XcspError> {
    if p.any_wide(scope.iter().copied()) {
        return Err(p.refuse_wide(scope, what, line));
    }
    let combinations = (scope.iter())
        .try_fold(1u64, |acc, &v| acc.checked_mul(p.values(v).len() as u64))
        .unwrap_or(u64::MAX);
    if combinations > MAX_COMBINATIONS {
        return Err(XcspError::unsupported(
            line,
            format!("{what} over {} variables", scope.len()),
            &format!(
                "its {combinations} assignments are more than the {MAX_COMBINATIONS} listed to make a table"
            ),
        ));
    }
    let domains: Vec<&[i64]> = scope.iter().map(|&v| p.values(v)).collect();
    if domains.iter().any(|d| d.is_empty()) {
        return Ok(());
    }
    let mut at = vec![0usize; scope.len()];
    let mut values: Vec<i64> = domains.iter().map(|d| d[0]).collect();
    loop {
        if visit(&values).is_break() {
            return Ok(());
        }
        let mut d = scope.len();
        loop {
            if d == 0 {
                return Ok(());
            }
            d -= 1;
            at[d] += 1;
            if at[d] < domains[d].len() {
                values[d] = domains[d][at[d]];
                break;
            }
            at[d] = 0;
            values[d] = domains[d][0];
        }
    }
}

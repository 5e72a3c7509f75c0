//! `<element>`: the term at a variable index meets a condition (or, with
//! no index, some term does).

use csp_core::{Entry, WideElement};

use super::sum::{Linear, post_linear};
use super::{Posting, meets, predicate};
use crate::XcspError;
use crate::constraint::{Condition, Operand, Relation};
use crate::expression::{Expr, Op};

/// Posts it by cases: the index keeps the positions of the list, and for
/// each position `i`, `index = i + start` implies that term `i` meets
/// the condition (a constraint over the index, the term and the
/// condition's variable). Without an index, a 0/1 variable per term for
/// "it meets the condition", at least one of them 1. Over a wide
/// variable, a condition `= z` (or a constant) on a list of variables and
/// constants is csp-core's [`WideElement`], which reasons on bounds.
pub(crate) fn post(
    p: &mut Posting,
    terms: &[Expr],
    index: Option<usize>,
    start: i64,
    condition: &Condition,
    line: u32,
) -> Result<(), XcspError> {
    let Some(index) = index else {
        let mut some = Linear::default();
        for t in terms {
            let b = predicate::reified(p, meets(t.clone(), condition), line)?;
            some.terms.push((b, 1));
        }
        return post_linear(
            p,
            some,
            &Condition::Compare(Relation::Ge, Operand::Value(1)),
            line,
        );
    };
    let n = terms.len() as i64;
    if let Some(element) = wide_element(p, terms, index, start, condition) {
        return (p.b.add_propagator(element)).map_err(|e| XcspError::invalid(line, e.to_string()));
    }
    keep_within(p, index, start, n, line)?;
    for (i, t) in terms.iter().enumerate() {
        let at = Expr::Apply(
            Op::Eq,
            vec![Expr::Var(index), Expr::Const(start + i as i64)],
        );
        let then = meets(t.clone(), condition);
        predicate::post_expr(p, &Expr::Apply(Op::Imp, vec![at, then]), line)?;
    }
    Ok(())
}

/// `rows[row - starts.0][col - starts.1]` meets the condition: the
/// indices keep the matrix's rows and columns, and each cell is a case.
pub(crate) fn post_matrix(
    p: &mut Posting,
    rows: &[Vec<Expr>],
    (row, col): (usize, usize),
    (row_start, col_start): (i64, i64),
    condition: &Condition,
    line: u32,
) -> Result<(), XcspError> {
    let height = rows.len() as i64;
    let width = rows.iter().map(Vec::len).max().unwrap_or(0) as i64;
    keep_within(p, row, row_start, height, line)?;
    keep_within(p, col, col_start, width, line)?;
    for (i, cells) in rows.iter().enumerate() {
        for (j, t) in cells.iter().enumerate() {
            let at = Expr::Apply(
                Op::And,
                vec![
                    Expr::Apply(
                        Op::Eq,
                        vec![Expr::Var(row), Expr::Const(row_start + i as i64)],
                    ),
                    Expr::Apply(
                        Op::Eq,
                        vec![Expr::Var(col), Expr::Const(col_start + j as i64)],
                    ),
                ],
            );
            let then = meets(t.clone(), condition);
            predicate::post_expr(p, &Expr::Apply(Op::Imp, vec![at, then]), line)?;
        }
    }
    Ok(())
}

/// Keeps the values of variable `v` within `start..start + n`.
fn keep_within(p: &mut Posting, v: usize, start: i64, n: i64, line: u32) -> Result<(), XcspError> {
    if !p.is_wide(v) {
        p.restrict(v, |i| (start..start + n).contains(&i));
        return Ok(());
    }
    let within = Expr::Apply(
        Op::And,
        vec![
            Expr::Apply(Op::Ge, vec![Expr::Var(v), Expr::Const(start)]),
            Expr::Apply(Op::Lt, vec![Expr::Var(v), Expr::Const(start + n)]),
        ],
    );
    predicate::post_expr(p, &within, line)
}

/// The [`WideElement`] of `terms[index - start] = z` (a condition `= z`
/// or `= k`), when a variable of it is wide and every term is a variable
/// or a constant; `None` otherwise (or with a variable written in two
/// digits), for the cases.
fn wide_element(
    p: &Posting,
    terms: &[Expr],
    index: usize,
    start: i64,
    condition: &Condition,
) -> Option<WideElement> {
    let Condition::Compare(Relation::Eq, operand) = condition else {
        return None;
    };
    let mut vars = vec![index];
    for t in terms {
        match t {
            Expr::Var(v) => vars.push(*v),
            Expr::Const(_) => {}
            _ => return None,
        }
    }
    if let Operand::Var(z) = operand {
        vars.push(*z);
    }
    if !p.any_wide(vars.iter().copied()) || p.any_in_digits(vars.iter().copied()) {
        return None;
    }
    let entry = |v: usize| Entry::Var {
        var: p.var(v),
        offset: p.bases[v],
    };
    let list = (terms.iter())
        .map(|t| match t {
            Expr::Var(v) => entry(*v),
            Expr::Const(k) => Entry::Const(*k),
            _ => unreachable!("variables and constants only"),
        })
        .collect();
    let result = match operand {
        Operand::Var(z) => entry(*z),
        Operand::Value(k) => Entry::Const(*k),
    };
    let shift = p.bases[index].checked_sub(start)?;
    // Values past 2^62 go by the cases (WideElement's offsets stay within).
    let small = |k: i64| k.unsigned_abs() <= 1 << 62;
    let entries_small = (terms.iter()).all(|t| match t {
        Expr::Const(k) => small(*k),
        Expr::Var(v) => small(p.bases[*v]),
        _ => false,
    });
    let result_small = match operand {
        Operand::Var(z) => small(p.bases[*z]),
        Operand::Value(k) => small(*k),
    };
    (small(shift) && entries_small && result_small)
        .then(|| WideElement::new(p.var(index), shift, list, result))
}

//! `<count>`, `<nValues>` and `<cardinality>`: counts of values, each
//! decomposed into 0/1 variables (`b = 1` exactly when a term takes a
//! value) and sums of them.

use super::sum::{Linear, post_linear};
use super::{Posting, predicate};
use crate::XcspError;
use crate::constraint::{Condition, Operand, Relation};
use crate::expression::{Expr, Op};

/// `term` takes one of `values` (constants or variables).
fn takes_one_of(term: &Expr, values: &[Expr]) -> Expr {
    let eqs = values
        .iter()
        .map(|v| Expr::Apply(Op::Eq, vec![term.clone(), v.clone()]));
    Expr::Apply(Op::Or, eqs.chain(std::iter::once(Expr::Const(0))).collect())
}

/// How many terms take one of `values` meets the condition.
pub(crate) fn post_count(
    p: &mut Posting,
    terms: &[Expr],
    values: &[Expr],
    condition: &Condition,
    line: u32,
) -> Result<(), XcspError> {
    let mut form = Linear::default();
    for t in terms {
        let b = predicate::reified(p, takes_one_of(t, values), line)?;
        form.terms.push((b, 1));
    }
    post_linear(p, form, condition, line)
}

/// How many distinct values the terms take, `except` not counted, meets
/// the condition: `u_v` is 1 exactly when some term takes `v` (at least
/// each `b_iv`, at most their sum).
pub(crate) fn post_n_values(
    p: &mut Posting,
    terms: &[Expr],
    except: &[i64],
    condition: &Condition,
    line: u32,
) -> Result<(), XcspError> {
    let (vars, mut values) = predicate::vars_of(p, terms, line)?;
    values.retain(|v| !except.contains(v));
    let mut distinct = Linear::default();
    for &value in &values {
        let used = p.new_bool(line)?;
        let mut takers = Linear::default();
        let holders: Vec<usize> = (vars.iter().copied())
            .filter(|&v| p.values(v).contains(&value))
            .collect();
        for v in holders {
            let b = predicate::reified(
                p,
                Expr::Apply(Op::Eq, vec![Expr::Var(v), Expr::Const(value)]),
                line,
            )?;
            predicate::post_expr(
                p,
                &Expr::Apply(Op::Ge, vec![Expr::Var(used), Expr::Var(b)]),
                line,
            )?;
            takers.terms.push((b, 1));
        }
        // used <= sum of the takers.
        takers.terms.push((used, -1));
        post_linear(
            p,
            takers,
            &Condition::Compare(Relation::Ge, Operand::Value(0)),
            line,
        )?;
        distinct.terms.push((used, 1));
    }
    post_linear(p, distinct, condition, line)
}

/// Value `values[j]` occurs as `occurs[j]` says; closed: no other value.
pub(crate) fn post_cardinality(
    p: &mut Posting,
    terms: &[Expr],
    values: &[i64],
    occurs: &[Condition],
    closed: bool,
    line: u32,
) -> Result<(), XcspError> {
    for (&value, condition) in values.iter().zip(occurs) {
        post_count(p, terms, &[Expr::Const(value)], condition, line)?;
    }
    if closed {
        let set = Expr::Apply(Op::Set, values.iter().map(|&x| Expr::Const(x)).collect());
        for t in terms {
            predicate::post_expr(p, &Expr::Apply(Op::In, vec![t.clone(), set.clone()]), line)?;
        }
    }
    Ok(())
}

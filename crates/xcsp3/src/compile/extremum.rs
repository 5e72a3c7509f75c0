//! `<minimum>` and `<maximum>`: the smallest or largest term meets a
//! condition.

use super::sum::{Linear, post_linear};
use super::{Posting, meets, predicate};
use crate::XcspError;
use crate::constraint::{Condition, Operand, Relation};
use crate::expression::{Expr, Op};

/// A variable `m` for the extremum: every term on its side of `m`, and
/// some term equal to it (a 0/1 variable per term, at least one 1); then
/// `m` meets the condition.
pub(crate) fn post(
    p: &mut Posting,
    terms: &[Expr],
    max: bool,
    condition: &Condition,
    line: u32,
) -> Result<(), XcspError> {
    let (vars, values) = predicate::vars_of(p, terms, line)?;
    let m = p.new_var("(the extremum)", values, line)?;
    let side = if max { Op::Le } else { Op::Ge };
    let mut reached = Linear::default();
    for &v in &vars {
        predicate::post_expr(
            p,
            &Expr::Apply(side, vec![Expr::Var(v), Expr::Var(m)]),
            line,
        )?;
        let equal = Expr::Apply(Op::Eq, vec![Expr::Var(v), Expr::Var(m)]);
        let b = predicate::reified(p, equal, line)?;
        reached.terms.push((b, 1));
    }
    post_linear(
        p,
        reached,
        &Condition::Compare(Relation::Ge, Operand::Value(1)),
        line,
    )?;
    predicate::post_expr(p, &meets(Expr::Var(m), condition), line)
}

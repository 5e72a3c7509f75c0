//! `<minimum>` and `<maximum>`: the smallest or largest term meets a
//! condition.

use super::sum::{Linear, post_linear, post_wide_logic};
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
    let other = match condition {
        Condition::Compare(_, Operand::Var(z)) => Some(*z),
        _ => None,
    };
    let mentioned = terms.iter().flat_map(Expr::vars).chain(other);
    if p.any_wide(mentioned) {
        return post_wide(p, terms, max, condition, line);
    }
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

/// Over a wide variable, without a variable for the extremum: `max ≤ k`
/// is every term `≤ k`, `max ≥ k` some term `≥ k` (a disjunction), `=`
/// both, a range its two ends, the same for `min` the other way round
/// (`k` a value or a variable); by `ne` or a set, one expression.
fn post_wide(
    p: &mut Posting,
    terms: &[Expr],
    max: bool,
    condition: &Condition,
    line: u32,
) -> Result<(), XcspError> {
    let bound = |operand: &Operand| match operand {
        Operand::Value(k) => Expr::Const(*k),
        Operand::Var(z) => Expr::Var(*z),
    };
    let sides: Vec<(Relation, Expr)> = match condition {
        Condition::Compare(Relation::Eq, k) => {
            vec![(Relation::Le, bound(k)), (Relation::Ge, bound(k))]
        }
        Condition::Compare(Relation::Ne, _) | Condition::InSet(..) => {
            let extremum = Expr::Apply(if max { Op::Max } else { Op::Min }, terms.to_vec());
            return post_wide_logic(p, &super::meets(extremum, condition), line);
        }
        Condition::Compare(r, k) => vec![(*r, bound(k))],
        Condition::InRange(a, b) => vec![
            (Relation::Ge, Expr::Const(*a)),
            (Relation::Le, Expr::Const(*b)),
        ],
    };
    for (relation, k) in sides {
        let each = |t: &Expr| Expr::Apply(relation.op(), vec![t.clone(), k.clone()]);
        // Every term on the side of `k` where the extremum's own side
        // lies (max ≤ k, min ≥ k); else some term.
        let every = matches!(
            (max, relation),
            (true, Relation::Le | Relation::Lt) | (false, Relation::Ge | Relation::Gt)
        );
        if every {
            for t in terms {
                post_wide_logic(p, &each(t), line)?;
            }
        } else {
            let some = Expr::Apply(Op::Or, terms.iter().map(each).collect());
            post_wide_logic(p, &some, line)?;
        }
    }
    Ok(())
}

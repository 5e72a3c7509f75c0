//! `<lex>`: lists in lexicographic order.

use super::{Posting, predicate};
use crate::XcspError;
use crate::constraint::Relation;
use crate::expression::{Expr, Op};

/// Each list against the next, by the usual decomposition: 0/1
/// variables `e_k` for "equal on the first k positions" (`e_0` = 1),
/// `e_{k+1} = e_k and a_k = b_k`, and `e_k` implies `a_k <= b_k`
/// (`>=` for `ge`, `gt`); strict orders also forbid equal lists
/// (`e_n` = 0). Constraints of three or four variables each.
pub(crate) fn post(
    p: &mut Posting,
    lists: &[Vec<Expr>],
    relation: Relation,
    line: u32,
) -> Result<(), XcspError> {
    let (at_most, strict) = match relation {
        Relation::Lt => (true, true),
        Relation::Le => (true, false),
        Relation::Gt => (false, true),
        Relation::Ge => (false, false),
        Relation::Eq | Relation::Ne => unreachable!("refused when read"),
    };
    for pair in lists.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        if a.len() != b.len() {
            return Err(XcspError::invalid(
                line,
                "<lex> over lists of different lengths",
            ));
        }
        let mut equal = Expr::Const(1);
        for (x, y) in a.iter().zip(b) {
            let order = Expr::Apply(
                if at_most { Op::Le } else { Op::Ge },
                vec![x.clone(), y.clone()],
            );
            predicate::post_expr(p, &Expr::Apply(Op::Imp, vec![equal.clone(), order]), line)?;
            let same = Expr::Apply(
                Op::And,
                vec![
                    equal.clone(),
                    Expr::Apply(Op::Eq, vec![x.clone(), y.clone()]),
                ],
            );
            equal = Expr::Var(predicate::reified(p, same, line)?);
        }
        if strict {
            predicate::post_expr(p, &Expr::Apply(Op::Not, vec![equal]), line)?;
        }
    }
    Ok(())
}

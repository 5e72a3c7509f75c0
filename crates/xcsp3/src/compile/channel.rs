//! `<channel>`: two lists that are inverse of each other (or one list
//! its own inverse).

use super::{Posting, predicate};
use crate::XcspError;
use crate::expression::{Expr, Op};

/// `list[i] = j + other_start` exactly when `other[j] = i + start`, for
/// every pair (one binary constraint each); when `list` is shorter, only
/// the first implies the second. Without `other`, `list` is its own.
pub(crate) fn post(
    p: &mut Posting,
    list: &[usize],
    start: i64,
    other: &Option<(Vec<usize>, i64)>,
    line: u32,
) -> Result<(), XcspError> {
    let (other, other_start) = match other {
        Some((o, s)) => (o.as_slice(), *s),
        None => (list, start),
    };
    let op = if list.len() == other.len() {
        Op::Iff
    } else {
        Op::Imp
    };
    for (i, &x) in list.iter().enumerate() {
        let n = other.len() as i64;
        p.restrict(x, |v| (other_start..other_start + n).contains(&v));
        for (j, &y) in other.iter().enumerate() {
            let a = Expr::Apply(
                Op::Eq,
                vec![Expr::Var(x), Expr::Const(j as i64 + other_start)],
            );
            let b = Expr::Apply(Op::Eq, vec![Expr::Var(y), Expr::Const(i as i64 + start)]);
            predicate::post_expr(p, &Expr::Apply(op, vec![a, b]), line)?;
        }
    }
    Ok(())
}

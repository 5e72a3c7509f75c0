//! `<element>`: the term at a variable index meets a condition (or, with
//! no index, some term does).

use super::sum::{Linear, post_linear};
use super::{Posting, meets, predicate};
use crate::XcspError;
use crate::constraint::{Condition, Operand, Relation};
use crate::expression::{Expr, Op};

/// Posts it by cases: the index keeps the positions of the list, and for
/// each position `i`, `index = i + start` implies that term `i` meets
/// the condition (a constraint over the index, the term and the
/// condition's variable). Without an index, a 0/1 variable per term for
/// "it meets the condition", at least one of them 1.
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
    p.restrict(index, |i| (start..start + n).contains(&i));
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
    p.restrict(row, |i| (row_start..row_start + height).contains(&i));
    p.restrict(col, |j| (col_start..col_start + width).contains(&j));
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

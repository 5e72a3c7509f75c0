//! `<ordered>` and `<allEqual>`: a relation between consecutive terms.

use super::{Posting, predicate};
use crate::XcspError;
use crate::constraint::Relation;
use crate::expression::{Expr, Op};

/// `terms[i] (+ lengths[i]) relation terms[i + 1]`, one binary (or
/// ternary, with a variable length) constraint per pair.
pub(crate) fn post(
    p: &mut Posting,
    terms: &[Expr],
    lengths: &[Expr],
    relation: Relation,
    line: u32,
) -> Result<(), XcspError> {
    let op = relation.op();
    for i in 0..terms.len().saturating_sub(1) {
        let left = match lengths.get(i) {
            Some(len) => Expr::Apply(Op::Add, vec![terms[i].clone(), len.clone()]),
            None => terms[i].clone(),
        };
        predicate::post_expr(p, &Expr::Apply(op, vec![left, terms[i + 1].clone()]), line)?;
    }
    Ok(())
}

/// Every term equal to the next.
pub(crate) fn post_all_equal(p: &mut Posting, terms: &[Expr], line: u32) -> Result<(), XcspError> {
    post(p, terms, &[], Relation::Eq, line)
}

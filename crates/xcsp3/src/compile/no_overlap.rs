//! `<noOverlap>`: no two tasks (or boxes) overlap.

use super::Posting;
use super::sum::post_wide_logic;
use crate::XcspError;
use crate::expression::{Expr, Op};

/// One disjunction per pair of boxes (a [`WideDisjunction`]): in some
/// dimension one ends before the other starts. With `zero_ignored`, a
/// pair with a box of constant length 0 is left out, and a variable
/// length may be 0 instead.
///
/// [`WideDisjunction`]: csp_core::WideDisjunction
pub(crate) fn post(
    p: &mut Posting,
    origins: &[Vec<Expr>],
    lengths: &[Vec<Expr>],
    zero_ignored: bool,
    line: u32,
) -> Result<(), XcspError> {
    let zero = |l: &[Expr]| l.contains(&Expr::Const(0));
    for i in 0..origins.len() {
        for j in i + 1..origins.len() {
            if zero_ignored && (zero(&lengths[i]) || zero(&lengths[j])) {
                continue;
            }
            let before = |a: usize, b: usize, d: usize| {
                let end = Expr::Apply(Op::Add, vec![origins[a][d].clone(), lengths[a][d].clone()]);
                Expr::Apply(Op::Le, vec![end, origins[b][d].clone()])
            };
            let mut parts = Vec::new();
            for d in 0..origins[i].len() {
                parts.push(before(i, j, d));
                parts.push(before(j, i, d));
            }
            if zero_ignored {
                for l in lengths[i].iter().chain(&lengths[j]) {
                    if !matches!(l, Expr::Const(_)) {
                        parts.push(Expr::Apply(Op::Eq, vec![l.clone(), Expr::Const(0)]));
                    }
                }
            }
            post_wide_logic(p, &Expr::Apply(Op::Or, parts), line)?;
        }
    }
    Ok(())
}

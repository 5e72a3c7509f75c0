//! `<noOverlap>`: no two tasks (or boxes) overlap.

use csp_core::{Cumulative, Disjunctive, Task};

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
    if origins.first().is_some_and(|o| o.len() == 1) {
        post_machine(p, origins, lengths, line)
    } else {
        post_projections(p, origins, lengths, line)
    }
}

/// Tasks in one dimension, of constant lengths: besides the pairs, one
/// redundant [`Disjunctive`] (edge finding and the other rules of a
/// machine that runs one task at a time). Left out where an origin is not
/// a variable (or is in two digits) or a length is not a constant.
fn post_machine(
    p: &mut Posting,
    origins: &[Vec<Expr>],
    lengths: &[Vec<Expr>],
    line: u32,
) -> Result<(), XcspError> {
    let mut tasks = Vec::with_capacity(origins.len());
    for (o, l) in origins.iter().zip(lengths) {
        match (&o[..], &l[..]) {
            ([Expr::Var(x)], [Expr::Const(length)]) if p.digits(*x).is_none() => {
                tasks.push(Task {
                    start: p.var(*x),
                    offset: p.bases[*x],
                    duration: *length,
                    height: 1,
                });
            }
            _ => return Ok(()),
        }
    }
    if tasks.iter().filter(|t| t.duration > 0).count() < 3 {
        // Two tasks: the pair's disjunction says it all.
        return Ok(());
    }
    (p.b.add_propagator(Disjunctive::new(tasks)))
        .map_err(|e| XcspError::invalid(line, e.to_string()))
}

/// Boxes in two dimensions, of constant lengths, that fit in a strip of
/// width `W` along one axis use at most `W` of it wherever they meet
/// along the other: two redundant [`Cumulative`]s, one per axis, each
/// box a task as long as it is along the axis and as high as it is
/// across, the capacity the span its origins and lengths allow across
/// (Simonis and O'Sullivan, "Search strategies for rectangle packing",
/// CP 2008). Left out where an origin is not a variable (or is in two
/// digits) or a length is not a positive constant.
fn post_projections(
    p: &mut Posting,
    origins: &[Vec<Expr>],
    lengths: &[Vec<Expr>],
    line: u32,
) -> Result<(), XcspError> {
    let mut boxes: Vec<([usize; 2], [i64; 2])> = Vec::with_capacity(origins.len());
    for (o, l) in origins.iter().zip(lengths) {
        match (&o[..], &l[..]) {
            ([Expr::Var(x), Expr::Var(y)], [Expr::Const(w), Expr::Const(h)])
                if *w > 0 && *h > 0 =>
            {
                boxes.push(([*x, *y], [*w, *h]));
            }
            _ => return Ok(()),
        }
    }
    if boxes.len() < 2 {
        return Ok(());
    }
    for axis in 0..2 {
        let across = 1 - axis;
        let (mut low, mut high) = (i64::MAX, i64::MIN);
        for (vars, sizes) in &boxes {
            let Some((lo, hi)) = p.extent(vars[across]) else {
                return Ok(());
            };
            low = low.min(lo);
            high = high.max(hi.saturating_add(sizes[across]));
        }
        let mut tasks = Vec::with_capacity(boxes.len());
        for (vars, sizes) in &boxes {
            if p.digits(vars[axis]).is_some() {
                return Ok(());
            }
            tasks.push(Task {
                start: p.var(vars[axis]),
                offset: p.bases[vars[axis]],
                duration: sizes[axis],
                height: sizes[across],
            });
        }
        let capacity = high.saturating_sub(low);
        (p.b.add_propagator(Cumulative::new(tasks, capacity)))
            .map_err(|e| XcspError::invalid(line, e.to_string()))?;
    }
    Ok(())
}

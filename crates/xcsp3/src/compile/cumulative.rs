//! `<cumulative>`: tasks on a resource of limited capacity.

use csp_core::{Cumulative, Disjunctive, Task};

use super::Posting;
use crate::XcspError;
use crate::constraint::{Condition, Operand, Relation};
use crate::expression::Expr;

/// csp-core's [`Cumulative`] (time-tabling): each origin a variable (a
/// narrow or wide one, not one written in two digits: the compiler makes
/// such a variable wide when nothing else stops it), lengths and heights
/// constants, the condition `(le, k)` or `(lt, k)`. Anything else is
/// refused by name.
pub(crate) fn post(
    p: &mut Posting,
    origins: &[Expr],
    lengths: &[Expr],
    heights: &[Expr],
    condition: &Condition,
    line: u32,
) -> Result<(), XcspError> {
    let capacity = match condition {
        Condition::Compare(Relation::Le, Operand::Value(k)) => *k,
        Condition::Compare(Relation::Lt, Operand::Value(k)) => k.saturating_sub(1),
        _ => {
            return Err(XcspError::unsupported(
                line,
                "a <cumulative> whose condition is not (le, a value) or (lt, a value)",
                "",
            ));
        }
    };
    let mut tasks = Vec::with_capacity(origins.len());
    for ((o, l), h) in origins.iter().zip(lengths).zip(heights) {
        let (Expr::Const(duration), Expr::Const(height)) = (l, h) else {
            return Err(XcspError::unsupported(
                line,
                "a <cumulative> of variable lengths or heights",
                "",
            ));
        };
        let Expr::Var(v) = o else {
            return Err(XcspError::unsupported(
                line,
                "a <cumulative> whose origins are not variables",
                "",
            ));
        };
        if p.digits(*v).is_some() {
            return Err(XcspError::unsupported(
                line,
                "a <cumulative> over a variable of 65 to 4096 values that other constraints read in two digits",
                "",
            ));
        }
        if *duration < 0 || *height < 0 {
            return Err(XcspError::invalid(
                line,
                "a <cumulative> task of negative length or height",
            ));
        }
        tasks.push(Task {
            start: p.var(*v),
            offset: p.bases[*v],
            duration: *duration,
            height: *height,
        });
    }
    // Tasks of which no two fit side by side run one at a time: a
    // redundant machine over them (Baptiste, Le Pape and Nuijten,
    // "Constraint-Based Scheduling", 2001, the disjunctive subset).
    let unary: Vec<Task> = (tasks.iter())
        .filter(|t| t.duration > 0 && t.height.saturating_mul(2) > capacity)
        .copied()
        .collect();
    (p.b.add_propagator(Cumulative::new(tasks, capacity)))
        .map_err(|e| XcspError::invalid(line, e.to_string()))?;
    if unary.len() >= 2 && unary.iter().all(|t| t.height <= capacity) {
        (p.b.add_propagator(Disjunctive::new(unary)))
            .map_err(|e| XcspError::invalid(line, e.to_string()))?;
    }
    Ok(())
}

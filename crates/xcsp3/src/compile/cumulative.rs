//! `<cumulative>`: tasks on a resource of limited capacity.

use csp_core::{Cumulative, Disjunctive, Entry, Task, VariableTask};

use super::Posting;
use crate::XcspError;
use crate::constraint::{Condition, Operand, Relation};
use crate::expression::Expr;

/// csp-core's [`Cumulative`] (time-tabling): each origin a variable (a
/// narrow or wide one, not one written in two digits: the compiler makes
/// such a variable wide when nothing else stops it), lengths and heights
/// constants or variables (one in two digits read through the wide
/// variable of its value), the condition `(le, k)` or `(lt, k)`.
/// Anything else is refused by name.
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
        let duration = entry(p, l, line)?;
        let height = entry(p, h, line)?;
        // A negative height would free room (the specification's sum);
        // csp-core reads it as 0.
        if let Expr::Var(hv) = h
            && p.extent_of_value(*hv).is_none_or(|(lo, _)| lo < 0)
        {
            return Err(XcspError::unsupported(
                line,
                "a <cumulative> height that may be negative",
                "",
            ));
        }
        if matches!(duration, Entry::Const(k) if k < 0)
            || matches!(height, Entry::Const(k) if k < 0)
        {
            return Err(XcspError::invalid(
                line,
                "a <cumulative> task of negative length or height",
            ));
        }
        tasks.push(VariableTask {
            start: p.var(*v),
            offset: p.bases[*v],
            duration,
            height,
        });
    }
    // Tasks of which no two fit side by side run one at a time: a
    // redundant machine over them (Baptiste, Le Pape and Nuijten,
    // "Constraint-Based Scheduling", 2001, the disjunctive subset).
    let unary: Vec<Task> = (tasks.iter())
        .filter_map(|t| match (t.duration, t.height) {
            (Entry::Const(duration), Entry::Const(height))
                if duration > 0 && height.saturating_mul(2) > capacity =>
            {
                Some(Task {
                    start: t.start,
                    offset: t.offset,
                    duration,
                    height,
                })
            }
            _ => None,
        })
        .collect();
    (p.b.add_propagator(Cumulative::with_variables(tasks, capacity)))
        .map_err(|e| XcspError::invalid(line, e.to_string()))?;
    if unary.len() >= 2 && unary.iter().all(|t| t.height <= capacity) {
        (p.b.add_propagator(Disjunctive::new(unary)))
            .map_err(|e| XcspError::invalid(line, e.to_string()))?;
    }
    Ok(())
}

/// A length or a height: a constant, or a variable (one in two digits
/// through the wide variable of its value); an expression is refused.
fn entry(p: &mut Posting, e: &Expr, line: u32) -> Result<Entry, XcspError> {
    match e {
        Expr::Const(k) => Ok(Entry::Const(*k)),
        Expr::Var(v) => {
            let v = match p.digits(*v) {
                Some(_) => p.value_var(*v, line)?,
                None => *v,
            };
            Ok(Entry::Var {
                var: p.var(v),
                offset: p.bases[v],
            })
        }
        _ => Err(XcspError::unsupported(
            line,
            "a <cumulative> whose lengths or heights are expressions",
            "",
        )),
    }
}

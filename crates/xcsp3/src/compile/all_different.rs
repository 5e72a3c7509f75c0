//! `<allDifferent>`: distinct values, except some that may repeat.

use csp_core::{AllDifferent, BoundsAllDifferent, ValueSet};

use super::{Posting, predicate};
use crate::XcspError;
use crate::expression::{Expr, Op};

/// Posts it: without exceptions, when a term reads two variables or more
/// (`dist(x,y)` for Golomb rulers and Costas arrays: pairs of them would
/// make tables of four), each term that is an expression gets a variable
/// of its own; then one [`AllDifferent`] over variables that share their
/// domain indices (the same base), none in two digits; else `ne` (or a
/// value of the exceptions) pair by pair, binary relations for terms of
/// one variable.
pub(crate) fn post(
    p: &mut Posting,
    terms: &[Expr],
    except: &[i64],
    line: u32,
) -> Result<(), XcspError> {
    let shifted_or_constant =
        (terms.iter()).all(|t| matches!(t, Expr::Const(_)) || shifted(t).is_some());
    if p.any_wide(terms.iter().flat_map(Expr::vars))
        || (shifted_or_constant
            && except.is_empty()
            && p.any_in_digits(terms.iter().flat_map(Expr::vars)))
    {
        return post_wide(p, terms, except, line);
    }
    let named: Vec<Expr>;
    let terms = if except.is_empty() && terms.iter().any(|t| t.vars().len() >= 2) {
        named = (terms.iter())
            .map(|t| match t {
                Expr::Const(_) => Ok(t.clone()),
                t => predicate::var_of(p, t, line).map(Expr::Var),
            })
            .collect::<Result<_, _>>()?;
        &named[..]
    } else {
        terms
    };
    let vars: Option<Vec<usize>> = (terms.iter())
        .map(|t| match t {
            Expr::Var(v) => Some(*v),
            _ => None,
        })
        .collect();
    if let Some(vars) = vars
        && except.is_empty()
        && !p.any_in_digits(vars.iter().copied())
        && vars.iter().all(|&v| p.bases[v] == p.bases[vars[0]])
    {
        let mut sorted = vars.clone();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted.len() < vars.len() {
            // A variable twice cannot differ from itself.
            p.restrict(vars[0], |_| false);
            return Ok(());
        }
        let values = (vars.iter()).fold(ValueSet::EMPTY, |acc, &v| {
            acc.union(
                (p.values(v).iter())
                    .filter_map(|&x| p.index(v, x))
                    .collect(),
            )
        });
        let group = AllDifferent::new(vars.iter().map(|&v| p.var(v)).collect(), values);
        return p
            .b
            .add_propagator(group)
            .map_err(|e| XcspError::invalid(line, e.to_string()));
    }
    for i in 0..terms.len() {
        for j in i + 1..terms.len() {
            let differ = Expr::Apply(Op::Ne, vec![terms[i].clone(), terms[j].clone()]);
            let pair = if except.is_empty() {
                differ
            } else {
                let set = Expr::Apply(Op::Set, except.iter().map(|&x| Expr::Const(x)).collect());
                Expr::Apply(
                    Op::Or,
                    vec![differ, Expr::Apply(Op::In, vec![terms[i].clone(), set])],
                )
            };
            predicate::post_expr(p, &pair, line)?;
        }
    }
    Ok(())
}

/// The lists' tuples differ pairwise: for each two lists, some position
/// where they differ.
pub(crate) fn post_lists(p: &mut Posting, lists: &[Vec<Expr>], line: u32) -> Result<(), XcspError> {
    for i in 0..lists.len() {
        for j in i + 1..lists.len() {
            let differ = (lists[i].iter().zip(&lists[j]))
                .map(|(a, b)| Expr::Apply(Op::Ne, vec![a.clone(), b.clone()]))
                .chain(std::iter::once(Expr::Const(0)))
                .collect();
            predicate::post_expr(p, &Expr::Apply(Op::Or, differ), line)?;
        }
    }
    Ok(())
}

/// Over a wide variable, or over variables of which some are in two
/// digits: one [`BoundsAllDifferent`] of the variables, each shifted by
/// a constant (`x`, `add(x,3)`, `sub(x,i)`; their bases and shifts as
/// offsets; one in two digits through the wide variable of its value),
/// constants and a variable met again `ne` pair by pair; with
/// exceptions, or a term that is another expression, refused by name.
/// (Pairs of variables in two digits were tables of four columns, or
/// sums: 40 variables over 0..86 were not solved in 20 s.)
fn post_wide(p: &mut Posting, terms: &[Expr], except: &[i64], line: u32) -> Result<(), XcspError> {
    let vars = terms.iter().flat_map(Expr::vars).collect::<Vec<_>>();
    if !except.is_empty() {
        return Err(p.refuse_wide(&vars, "an <allDifferent> with exceptions", line));
    }
    if terms
        .iter()
        .any(|t| !matches!(t, Expr::Const(_)) && shifted(t).is_none())
    {
        return Err(p.refuse_wide(&vars, "an <allDifferent> of expressions", line));
    }
    // Each variable's first term goes into the group; constants and the
    // terms of a variable met again, pair by pair.
    let (mut group, mut grouped, mut others) = (Vec::new(), Vec::new(), Vec::new());
    for t in terms {
        let Some((v, shift)) = shifted(t) else {
            others.push(t);
            continue;
        };
        let v = match p.digits(v) {
            Some(_) => p.value_var(v, line)?,
            None => v,
        };
        let offset = p.bases[v]
            .checked_add(shift)
            .filter(|o| o.unsigned_abs() <= 1 << 62);
        match offset {
            Some(offset) if !group.iter().any(|&(w, _)| w == p.var(v)) => {
                group.push((p.var(v), offset));
                grouped.push(t);
            }
            _ => others.push(t),
        }
    }
    for (k, &o) in others.iter().enumerate() {
        for &t in grouped.iter().chain(&others[k + 1..]) {
            let differ = Expr::Apply(Op::Ne, vec![o.clone(), t.clone()]);
            predicate::post_expr(p, &differ, line)?;
        }
    }
    if group.is_empty() {
        return Ok(());
    }
    let (vars, offsets): (Vec<_>, Vec<_>) = group.into_iter().unzip();
    (p.b.add_propagator(BoundsAllDifferent::new(vars, offsets)))
        .map_err(|e| XcspError::invalid(line, e.to_string()))
}

/// `e` as a variable plus a constant (`x`, `add(x,3,-1)`, `sub(x,2)`),
/// if it is one (no sum past 64 bits).
fn shifted(e: &Expr) -> Option<(usize, i64)> {
    match e {
        Expr::Var(v) => Some((*v, 0)),
        Expr::Apply(Op::Add, args) => {
            let (mut var, mut shift) = (None, 0i64);
            for a in args {
                let k = match a {
                    Expr::Const(k) => *k,
                    other if var.is_none() => {
                        let (v, k) = shifted(other)?;
                        var = Some(v);
                        k
                    }
                    _ => return None,
                };
                shift = shift.checked_add(k)?;
            }
            Some((var?, shift))
        }
        Expr::Apply(Op::Sub, args) => match &args[..] {
            [a, Expr::Const(k)] => {
                let (v, shift) = shifted(a)?;
                Some((v, shift.checked_sub(*k)?))
            }
            _ => None,
        },
        _ => None,
    }
}

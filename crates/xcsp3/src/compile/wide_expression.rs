//! An `<intension>` over wide variables that is no linear comparison nor
//! a disjunction of conjunctions of them: one [`WideExpression`] of its
//! tree, which narrows bounds by intervals.

use csp_core::{Function, Term, WideExpression};

use super::Posting;
use crate::XcspError;
use crate::expression::{Expr, Op};

/// The longest chain of products `pow(x, k)` becomes: past 64 factors
/// every `|x| ≥ 2` has passed 64 bits, so `x^k` for a larger `k` is the
/// chain of 64 (`k` even) or 65 (`k` odd) factors, with the same value
/// wherever one is defined.
const MAX_FACTORS: i64 = 65;

/// Posts `expr` (true: non-zero) as a [`WideExpression`].
pub(crate) fn post(p: &mut Posting, expr: &Expr, line: u32) -> Result<(), XcspError> {
    for v in expr.vars() {
        if p.digits(v).is_some() && !p.consecutive(v) {
            p.value_var(v, line)?;
        }
    }
    let term = term(p, expr, line)?;
    (p.b.add_propagator(WideExpression::new(&term)))
        .map_err(|e| XcspError::invalid(line, e.to_string()))
}

/// `expr` as a csp-core [`Term`] with the value [`Expr::eval`] gives it,
/// undefined (false at the root) where it is: operators of any number of
/// arguments folded into binary ones, `imp`, `dist`, `sqr`, `pow` by a
/// constant, `in` and `notin` written with the functions csp-core has.
/// Expressions nest at most [`crate::expression::MAX_DEPTH`] levels, so
/// the recursion is bounded.
fn term(p: &Posting, expr: &Expr, line: u32) -> Result<Term, XcspError> {
    let (op, args) = match expr {
        Expr::Const(c) => return Ok(Term::Const(*c)),
        Expr::Var(v) => return leaf(p, *v, line),
        Expr::Apply(op, args) => (*op, args),
    };
    let apply = Term::Apply;
    let of = |k: usize| term(p, &args[k], line);
    let all =
        || -> Result<Vec<Term>, XcspError> { (args.iter()).map(|a| term(p, a, line)).collect() };
    // Consecutive pairs, each `f` of two: `eq` and `iff` of several.
    let pairs = |f: Function| -> Result<Term, XcspError> {
        let terms = all()?;
        match &terms[..] {
            [] => return Ok(Term::Const(1)),
            // One argument, defined: true.
            [x] => return Ok(apply(Function::Eq, vec![x.clone(), x.clone()])),
            _ => {}
        }
        let each = terms.windows(2).map(|w| apply(f, w.to_vec())).collect();
        Ok(apply(Function::And, each))
    };
    // Left to right, as `eval` folds: `mul` and `xor` of several.
    let folded = |f: Function, none: i64| -> Result<Term, XcspError> {
        let mut terms = all()?.into_iter();
        let Some(first) = terms.next() else {
            return Ok(Term::Const(none));
        };
        Ok(terms.fold(first, |s, t| apply(f, vec![s, t])))
    };
    Ok(match op {
        Op::Neg => apply(Function::Neg, vec![of(0)?]),
        Op::Abs => apply(Function::Abs, vec![of(0)?]),
        Op::Add => apply(Function::Add, all()?),
        Op::Sub => apply(Function::Sub, vec![of(0)?, of(1)?]),
        Op::Mul => folded(Function::Mul, 1)?,
        Op::Div => apply(Function::Div, vec![of(0)?, of(1)?]),
        Op::Mod => apply(Function::Mod, vec![of(0)?, of(1)?]),
        Op::Sqr => {
            let x = of(0)?;
            apply(Function::Mul, vec![x.clone(), x])
        }
        Op::Pow => power(of(0)?, &args[1], p, line)?,
        Op::Min => apply(Function::Min, all()?),
        Op::Max => apply(Function::Max, all()?),
        Op::Dist => apply(
            Function::Abs,
            vec![apply(Function::Sub, vec![of(0)?, of(1)?])],
        ),
        Op::Lt => apply(Function::Lt, vec![of(0)?, of(1)?]),
        Op::Le => apply(Function::Le, vec![of(0)?, of(1)?]),
        Op::Ge => apply(Function::Ge, vec![of(0)?, of(1)?]),
        Op::Gt => apply(Function::Gt, vec![of(0)?, of(1)?]),
        Op::Ne => apply(Function::Ne, vec![of(0)?, of(1)?]),
        Op::Eq => pairs(Function::Eq)?,
        Op::Not => apply(Function::Not, vec![of(0)?]),
        Op::And => apply(Function::And, all()?),
        Op::Or => apply(Function::Or, all()?),
        Op::Xor => folded(Function::Xor, 0)?,
        Op::Iff => pairs(Function::Iff)?,
        Op::Imp => apply(
            Function::Or,
            vec![apply(Function::Not, vec![of(0)?]), of(1)?],
        ),
        Op::If => apply(Function::If, vec![of(0)?, of(1)?, of(2)?]),
        Op::In | Op::NotIn => membership(op == Op::In, of(0)?, &args[1], p, line)?,
        Op::Set => {
            return Err(XcspError::unsupported(
                line,
                "a set(...) outside in(...) or notin(...)",
                "",
            ));
        }
    })
}

/// Variable `v`: its base plus its index; a variable in two digits is
/// `first + 64 * high + low`, or the wide variable of its value when its
/// values are not consecutive (made by [`post`]).
fn leaf(p: &Posting, v: usize, line: u32) -> Result<Term, XcspError> {
    let var = |v: usize| Term::Var {
        var: p.var(v),
        offset: p.bases[v],
    };
    let Some(d) = p.digits(v) else {
        return Ok(var(v));
    };
    if !p.consecutive(v) {
        let a = p.made_value_var(v).ok_or_else(|| {
            XcspError::invalid(line, "a variable in two digits with no value variable")
        })?;
        return Ok(var(a));
    }
    Ok(Term::Apply(
        Function::Add,
        vec![
            Term::Const(p.values(v)[0]),
            Term::Apply(Function::Mul, vec![Term::Const(64), var(d.high)]),
            var(d.low),
        ],
    ))
}

/// A term undefined wherever it is read (a division by 0).
fn undefined() -> Term {
    Term::Apply(Function::Div, vec![Term::Const(1), Term::Const(0)])
}

/// `x^k` for a constant `k`: 1 (`x` defined) for 0, a chain of products
/// (at most [`MAX_FACTORS`]) above, undefined below, as
/// `i64::checked_pow`.
fn power(x: Term, exponent: &Expr, p: &Posting, line: u32) -> Result<Term, XcspError> {
    let Expr::Const(k) = *exponent else {
        let vars = exponent.vars();
        return Err(p.refuse_wide(&vars, "pow(x, y) with a variable exponent", line));
    };
    Ok(match k {
        k if k < 0 => undefined(),
        0 => Term::Apply(
            Function::Add,
            vec![
                Term::Apply(Function::Mul, vec![x, Term::Const(0)]),
                Term::Const(1),
            ],
        ),
        k => {
            let factors = if k <= MAX_FACTORS {
                k
            } else if k % 2 == 0 {
                MAX_FACTORS - 1
            } else {
                MAX_FACTORS
            };
            (1..factors).fold(x.clone(), |s, _| {
                Term::Apply(Function::Mul, vec![s, x.clone()])
            })
        }
    })
}

/// `x` in (or not in) the set `set`: `or` of `eq`s, `and` of `ne`s; every
/// member evaluated, and `x` read also when the set is empty.
fn membership(is_in: bool, x: Term, set: &Expr, p: &Posting, line: u32) -> Result<Term, XcspError> {
    let Expr::Apply(Op::Set, members) = set else {
        // `eval` gives no value: undefined.
        return Ok(undefined());
    };
    let (each, all) = if is_in {
        (Function::Eq, Function::Or)
    } else {
        (Function::Ne, Function::And)
    };
    let mut terms = Vec::with_capacity(members.len() + 1);
    for m in members {
        terms.push(Term::Apply(each, vec![x.clone(), term(p, m, line)?]));
    }
    // `x = x`: true where `x` is defined, so an empty set still reads it.
    terms.push(Term::Apply(
        Function::And,
        vec![
            Term::Apply(Function::Eq, vec![x.clone(), x]),
            Term::Const(i64::from(!is_in)),
        ],
    ));
    Ok(Term::Apply(all, terms))
}

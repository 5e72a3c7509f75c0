//! `<sum>`: `sum(coefs[i] * terms[i])` meets a condition.

use csp_core::{LinearEquality, LinearInequality, VarId, WeightedSum};

use super::{Posting, meets, predicate};
use crate::XcspError;
use crate::constraint::{Condition, Operand, Relation};
use crate::expression::{Expr, Op};

/// Posts it as a linear form over variables: each term that is not
/// linear in its variables (a product of two variables, a `dist`...)
/// gets a variable of its own (see `predicate::var_of`). Then `eq` is a
/// [`LinearEquality`], `le`, `lt`, `ge`, `gt` a [`LinearInequality`], a
/// range two; `ne` and sets go through a variable for the sum.
pub(crate) fn post(
    p: &mut Posting,
    terms: &[Expr],
    coefs: &[Expr],
    condition: &Condition,
    line: u32,
) -> Result<(), XcspError> {
    let mut form = Linear::default();
    for (t, c) in terms.iter().zip(coefs) {
        let product = match c {
            Expr::Const(c) => Expr::Apply(Op::Mul, vec![Expr::Const(*c), t.clone()]),
            c => Expr::Apply(Op::Mul, vec![c.clone(), t.clone()]),
        };
        form.add(p, &product, 1, line)?;
    }
    post_linear(p, form, condition, line)
}

/// `sum(coef * var) + sum(factor * f(var)) + constant`: linear terms, and
/// terms that are functions of one variable (`x * x`, `abs(x - 3)`).
#[derive(Clone, Debug, Default)]
pub(crate) struct Linear {
    pub(crate) terms: Vec<(usize, i64)>,
    /// The variable, the expression (over it alone) and its factor.
    pub(crate) unary: Vec<(usize, Expr, i64)>,
    pub(crate) constant: i64,
}

impl Linear {
    /// Adds `factor * expr`, giving a variable of its own to what is not
    /// linear.
    pub(crate) fn add(
        &mut self,
        p: &mut Posting,
        expr: &Expr,
        factor: i64,
        line: u32,
    ) -> Result<(), XcspError> {
        match expr {
            Expr::Const(c) => self.constant += factor * c,
            Expr::Var(v) => self.add_var(*v, factor),
            Expr::Apply(Op::Add, args) => {
                for a in args {
                    self.add(p, a, factor, line)?;
                }
            }
            Expr::Apply(Op::Sub, args) => {
                self.add(p, &args[0], factor, line)?;
                self.add(p, &args[1], -factor, line)?;
            }
            Expr::Apply(Op::Neg, args) => self.add(p, &args[0], -factor, line)?,
            Expr::Apply(Op::Mul, args) if args.len() == 2 && const_of(&args[0]).is_some() => self
                .add(
                p,
                &args[1],
                factor * const_of(&args[0]).expect("checked"),
                line,
            )?,
            Expr::Apply(Op::Mul, args) if args.len() == 2 && const_of(&args[1]).is_some() => self
                .add(
                p,
                &args[0],
                factor * const_of(&args[1]).expect("checked"),
                line,
            )?,
            other => match other.vars()[..] {
                // Defined on every value: weighed by a weighted sum.
                [x] if p.digits(x).is_none()
                    && p.values(x).iter().all(|&a| other.eval(&|_| a).is_some()) =>
                {
                    self.unary.push((x, other.clone(), factor));
                }
                _ => {
                    let v = predicate::var_of(p, other, line)?;
                    self.add_var(v, factor);
                }
            },
        }
        Ok(())
    }

    /// The same form with each variable written in two digits replaced
    /// by `first + 64 * high + low` (refused when its values are not
    /// consecutive: its value is then no linear function of its digits).
    fn in_digits(self, p: &Posting, line: u32) -> Result<Linear, XcspError> {
        let mut form = Linear {
            terms: Vec::new(),
            ..self
        };
        for &(v, c) in &self.terms {
            let Some(d) = p.digits(v) else {
                form.add_var(v, c);
                continue;
            };
            if !p.consecutive(v) {
                return Err(XcspError::unsupported(
                    line,
                    format!("a sum over a variable of {} values", p.values(v).len()),
                    "past 64 values, a variable in a sum takes consecutive values",
                ));
            }
            form.constant += c * p.values(v)[0];
            form.add_var(d.high, 64 * c);
            form.add_var(d.low, c);
        }
        Ok(form)
    }

    fn add_var(&mut self, v: usize, c: i64) {
        match self.terms.iter_mut().find(|(w, _)| *w == v) {
            Some((_, k)) => *k += c,
            None => self.terms.push((v, c)),
        }
    }
}

fn const_of(e: &Expr) -> Option<i64> {
    match e {
        Expr::Const(c) => Some(*c),
        _ => None,
    }
}

/// Posts `form <= k` (`equal`: `= k`; `at_least`: `>= k`) as a
/// [`WeightedSum`]: each variable's terms, linear or not, weigh each of
/// its values.
fn post_weighted(
    p: &mut Posting,
    form: &Linear,
    k: i64,
    equal: bool,
    at_least: bool,
    line: u32,
) -> Result<(), XcspError> {
    // Each variable once, in the order of its first term.
    let mut order: Vec<usize> = Vec::new();
    let firsts = (form.terms.iter().map(|t| t.0)).chain(form.unary.iter().map(|t| t.0));
    for x in firsts {
        if !order.contains(&x) {
            order.push(x);
        }
    }
    let mut weights: Vec<Vec<i64>> = (order.iter())
        .map(|&x| vec![0; (p.values(x).last().map_or(0, |&a| a - p.bases[x]) + 1) as usize])
        .collect();
    let slot = |x: usize| order.iter().position(|&y| y == x).expect("listed");
    for &(x, c) in &form.terms {
        let i = slot(x);
        for &a in p.values(x) {
            weights[i][(a - p.bases[x]) as usize] += c * a;
        }
    }
    for (x, expr, factor) in &form.unary {
        let i = slot(*x);
        for &a in p.values(*x) {
            let f = expr.eval(&|_| a).expect("defined on every value: checked");
            weights[i][(a - p.bases[*x]) as usize] += factor * f;
        }
    }
    let mut rhs = k - form.constant;
    if at_least {
        for w in &mut weights {
            w.iter_mut().for_each(|x| *x = -*x);
        }
        rhs = -rhs;
    }
    let vars: Vec<VarId> = order.iter().map(|&x| p.var(x)).collect();
    (p.b.add_propagator(WeightedSum::new(vars, weights, rhs, equal)))
        .map_err(|e| XcspError::invalid(line, e.to_string()))
}

/// Posts `form` meets `condition`.
pub(crate) fn post_linear(
    p: &mut Posting,
    mut form: Linear,
    condition: &Condition,
    line: u32,
) -> Result<(), XcspError> {
    let (relation, rhs) = match condition {
        Condition::Compare(relation, Operand::Value(k)) => (Some(*relation), *k),
        Condition::Compare(relation, Operand::Var(z)) => {
            form.add_var(*z, -1);
            (Some(*relation), 0)
        }
        _ => (None, 0),
    };
    let mut form = form.in_digits(p, line)?;
    if !form.unary.is_empty() {
        let weighed = match (relation, condition) {
            (Some(Relation::Eq), _) => vec![(rhs, true, false)],
            (Some(Relation::Le), _) => vec![(rhs, false, false)],
            (Some(Relation::Lt), _) => vec![(rhs - 1, false, false)],
            (Some(Relation::Ge), _) => vec![(rhs, false, true)],
            (Some(Relation::Gt), _) => vec![(rhs + 1, false, true)],
            (None, Condition::InRange(a, b)) => vec![(*a, false, true), (*b, false, false)],
            _ => Vec::new(),
        };
        if !weighed.is_empty() {
            for (k, equal, at_least) in weighed {
                post_weighted(p, &form, k, equal, at_least, line)?;
            }
            return Ok(());
        }
        // `ne` or a set: each such term a variable of its own.
        for (_, expr, factor) in std::mem::take(&mut form.unary) {
            let v = predicate::var_of(p, &expr, line)?;
            form.add_var(v, factor);
        }
    }
    form.terms.retain(|&(_, c)| c != 0);
    // Over domain indices: value = base + index.
    let shift: i64 = form.terms.iter().map(|&(v, c)| c * p.bases[v]).sum::<i64>() + form.constant;
    let vars: Vec<VarId> = form.terms.iter().map(|&(v, _)| p.var(v)).collect();
    let cs: Vec<i64> = form.terms.iter().map(|&(_, c)| c).collect();
    let add = |r: Result<(), csp_core::ModelError>| {
        r.map_err(|e| XcspError::invalid(line, e.to_string()))
    };
    if form.terms.is_empty() {
        let holds = match condition {
            Condition::Compare(r, _) => r.holds(form.constant, rhs),
            Condition::InRange(a, b) => (*a..=*b).contains(&form.constant),
            Condition::InSet(set, is_in) => set.contains(&form.constant) == *is_in,
        };
        return predicate::post(p, &[], "a <sum>", line, |_| holds);
    }
    let at_most = |p: &mut Posting, k: i64| {
        let r =
            p.b.add_propagator(LinearInequality::new(vars.clone(), cs.clone(), k - shift));
        add(r)
    };
    let at_least = |p: &mut Posting, k: i64| {
        let negated = cs.iter().map(|c| -c).collect();
        let r =
            p.b.add_propagator(LinearInequality::new(vars.clone(), negated, shift - k));
        add(r)
    };
    match (relation, condition) {
        (Some(Relation::Eq), _) => {
            let r =
                p.b.add_propagator(LinearEquality::new(vars.clone(), cs.clone(), rhs - shift));
            add(r)
        }
        (Some(Relation::Le), _) => at_most(p, rhs),
        (Some(Relation::Lt), _) => at_most(p, rhs - 1),
        (Some(Relation::Ge), _) => at_least(p, rhs),
        (Some(Relation::Gt), _) => at_least(p, rhs + 1),
        (None, Condition::InRange(a, b)) => {
            at_least(p, *a)?;
            at_most(p, *b)
        }
        _ => {
            // `ne` or a set: a variable for the sum's value.
            let (mut lo, mut hi) = (form.constant, form.constant);
            for &(v, c) in &form.terms {
                let (a, b) = (p.values(v)[0] * c, p.values(v)[p.values(v).len() - 1] * c);
                lo += a.min(b);
                hi += a.max(b);
            }
            let s = p.new_var("(the sum)", (lo..=hi).collect(), line)?;
            let mut tie = form.clone();
            tie.add_var(s, -1);
            post_linear(
                p,
                tie,
                &Condition::Compare(Relation::Eq, Operand::Value(0)),
                line,
            )?;
            let condition = match condition {
                Condition::Compare(r, Operand::Var(_)) => Condition::Compare(*r, Operand::Value(0)),
                other => other.clone(),
            };
            // With a variable on the right, it was moved into the form:
            // the sum variable then holds sum - z, compared with 0.
            predicate::post_expr(p, &meets(Expr::Var(s), &condition), line)
        }
    }
}

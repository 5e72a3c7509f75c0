//! `<sum>`: `sum(coefs[i] * terms[i])` meets a condition.

use csp_core::{
    LinearEquality, LinearInequality, LinearRelation, Propagator, VarId, WeightedSum,
    WideDisjunction, WideLinear,
};

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
    let products: Vec<Expr> = (terms.iter().zip(coefs))
        .map(|(t, c)| Expr::Apply(Op::Mul, vec![c.clone(), t.clone()]))
        .collect();
    // Over wide variables, a set or a term not linear in them leaves
    // rows: the whole sum is one expression.
    if p.any_wide(products.iter().flat_map(Expr::vars))
        && (matches!(condition, Condition::InSet(..))
            || (products.iter()).any(|e| !predicate::linear(e) && p.any_wide(e.vars())))
    {
        let sum = Expr::Apply(Op::Add, products);
        return super::wide_expression::post(p, &meets(sum, condition), line);
    }
    let mut form = Linear::default();
    for product in &products {
        form.add(p, product, 1, line)?;
    }
    post_linear(p, form, condition, line)
}

/// `sum(coef * var) + sum(factor * f(var)) + constant`: linear terms, and
/// terms that are functions of one variable (`x * x`, `abs(x - 3)`).
#[derive(Clone, Debug, Default)]
pub(crate) struct Linear {
    pub(crate) terms: Vec<(usize, i64)>,
    /// Each variable's position in `terms`, for [`Linear::add_var`]
    /// (rebuilt when `terms` changed length behind its back: pushes,
    /// `retain`): a sum of n terms is read in O(n), not O(n²).
    index: std::collections::HashMap<usize, usize>,
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
            Expr::Const(c) => {
                self.constant = checked(self.constant.checked_add(times(factor, *c, line)?), line)?
            }
            Expr::Var(v) => self.add_var(*v, factor, line)?,
            Expr::Apply(Op::Add, args) => {
                for a in args {
                    self.add(p, a, factor, line)?;
                }
            }
            Expr::Apply(Op::Sub, args) => {
                self.add(p, &args[0], factor, line)?;
                self.add(p, &args[1], times(factor, -1, line)?, line)?;
            }
            Expr::Apply(Op::Neg, args) => self.add(p, &args[0], times(factor, -1, line)?, line)?,
            Expr::Apply(Op::Mul, args) if args.len() == 2 && const_of(&args[0]).is_some() => self
                .add(
                p,
                &args[1],
                times(factor, const_of(&args[0]).expect("checked"), line)?,
                line,
            )?,
            Expr::Apply(Op::Mul, args) if args.len() == 2 && const_of(&args[1]).is_some() => self
                .add(
                p,
                &args[0],
                times(factor, const_of(&args[1]).expect("checked"), line)?,
                line,
            )?,
            other if p.any_wide(other.vars()) => {
                let what = format!("`{}` in a linear form", other.head());
                return Err(p.refuse_wide(&other.vars(), &what, line));
            }
            other => match other.vars()[..] {
                // Defined on every value: weighed by a weighted sum.
                [x] if p.digits(x).is_none()
                    && p.values(x).iter().all(|&a| other.eval(&|_| a).is_some()) =>
                {
                    self.unary.push((x, other.clone(), factor));
                }
                _ => {
                    let v = predicate::var_of(p, other, line)?;
                    self.add_var(v, factor, line)?;
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
                form.add_var(v, c, line)?;
                continue;
            };
            if !p.consecutive(v) {
                return Err(XcspError::unsupported(
                    line,
                    format!("a sum over a variable of {} values", p.values(v).len()),
                    "past 64 values, a variable in a sum takes consecutive values",
                ));
            }
            form.constant = checked(
                form.constant.checked_add(times(c, p.values(v)[0], line)?),
                line,
            )?;
            form.add_var(d.high, times(64, c, line)?, line)?;
            form.add_var(d.low, c, line)?;
        }
        Ok(form)
    }

    /// Replaces each variable in two digits whose values are not
    /// consecutive by the wide variable of its value
    /// ([`Posting::value_var`]), so that the form is linear in what
    /// [`Linear::in_digits`] writes.
    fn spread_values(&mut self, p: &mut Posting, line: u32) -> Result<(), XcspError> {
        let spread: Vec<(usize, i64)> = (self.terms.iter())
            .filter(|&&(v, _)| p.digits(v).is_some() && !p.consecutive(v))
            .copied()
            .collect();
        if spread.is_empty() {
            return Ok(());
        }
        self.terms
            .retain(|&(v, _)| p.digits(v).is_none() || p.consecutive(v));
        for (v, c) in spread {
            let a = p.value_var(v, line)?;
            self.add_var(a, c, line)?;
        }
        Ok(())
    }

    /// Gives each term that is a function of one variable a variable of
    /// its own (see `predicate::var_of`), as a linear term.
    fn own_variables(&mut self, p: &mut Posting, line: u32) -> Result<(), XcspError> {
        for (_, expr, factor) in std::mem::take(&mut self.unary) {
            let v = predicate::var_of(p, &expr, line)?;
            self.add_var(v, factor, line)?;
        }
        Ok(())
    }

    /// The form's value where every variable takes its domain index 0 (its
    /// base), in 128 bits: what moves its bound onto domain indices.
    fn shift(&self, p: &Posting) -> i128 {
        (self.terms.iter())
            .map(|&(v, c)| i128::from(c) * i128::from(p.bases[v]))
            .sum::<i128>()
            + i128::from(self.constant)
    }

    pub(crate) fn add_var(&mut self, v: usize, c: i64, line: u32) -> Result<(), XcspError> {
        if self.index.len() != self.terms.len() {
            self.index = (self.terms.iter().enumerate())
                .map(|(k, &(w, _))| (w, k))
                .collect();
        }
        match self.index.get(&v) {
            Some(&k) => {
                let term = &mut self.terms[k].1;
                *term = checked(term.checked_add(c), line)?;
            }
            None => {
                self.index.insert(v, self.terms.len());
                self.terms.push((v, c));
            }
        }
        Ok(())
    }
}

/// `a · b`, refused past 64 bits (a wrapped coefficient would be a wrong
/// model, not an error).
fn times(a: i64, b: i64, line: u32) -> Result<i64, XcspError> {
    checked(a.checked_mul(b), line)
}

/// A sum's coefficient or constant, refused where it passed 64 bits.
fn checked(value: Option<i64>, line: u32) -> Result<i64, XcspError> {
    value.ok_or_else(|| {
        XcspError::unsupported(
            line,
            "a linear form whose coefficients or constant pass 64 bits",
            "",
        )
    })
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
            form.add_var(*z, -1, line)?;
            (Some(*relation), 0)
        }
        _ => (None, 0),
    };
    form.spread_values(p, line)?;
    if p.any_wide(form.terms.iter().map(|t| t.0)) {
        return post_wide(p, form, condition, relation, rhs, line);
    }
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
        form.own_variables(p, line)?;
    }
    form.terms.retain(|&(_, c)| c != 0);
    // Over domain indices: value = base + index.
    let shift = form.shift(p);
    // A bound over domain indices, refused where it passes 64 bits.
    let bound = |k: i128| checked(i64::try_from(k).ok(), line);
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
        let r = p.b.add_propagator(LinearInequality::new(
            vars.clone(),
            cs.clone(),
            bound(i128::from(k) - shift)?,
        ));
        add(r)
    };
    let at_least = |p: &mut Posting, k: i64| {
        let negated = (cs.iter())
            .map(|&c| times(c, -1, line))
            .collect::<Result<_, _>>()?;
        let r = p.b.add_propagator(LinearInequality::new(
            vars.clone(),
            negated,
            bound(shift - i128::from(k))?,
        ));
        add(r)
    };
    match (relation, condition) {
        (Some(Relation::Eq), _) => {
            let r = p.b.add_propagator(LinearEquality::new(
                vars.clone(),
                cs.clone(),
                bound(i128::from(rhs) - shift)?,
            ));
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
                let (Some(&first), Some(&last)) = (p.values(v).first(), p.values(v).last()) else {
                    // An empty domain (`3..1`, a fuzz finding: it
                    // panicked): no solution, whatever the sum.
                    return Ok(());
                };
                let (a, b) = (times(first, c, line)?, times(last, c, line)?);
                lo = checked(lo.checked_add(a.min(b)), line)?;
                hi = checked(hi.checked_add(a.max(b)), line)?;
            }
            let s = p.new_var("(the sum)", (lo..=hi).collect(), line)?;
            let mut tie = form.clone();
            tie.add_var(s, -1, line)?;
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

/// Posts `form` meets `condition` (`relation` and `rhs` as
/// [`post_linear`] found them) where a variable is wide: one
/// [`WideLinear`] row per comparison, two for a range; a set is refused.
fn post_wide(
    p: &mut Posting,
    form: Linear,
    condition: &Condition,
    relation: Option<Relation>,
    rhs: i64,
    line: u32,
) -> Result<(), XcspError> {
    let comparisons = match (relation, condition) {
        (Some(r), _) => vec![(r, rhs)],
        (None, Condition::InRange(a, b)) => vec![(Relation::Ge, *a), (Relation::Le, *b)],
        _ => {
            let vars: Vec<usize> = form.terms.iter().map(|t| t.0).collect();
            return Err(p.refuse_wide(&vars, "a sum in a set", line));
        }
    };
    for (relation, k) in comparisons {
        let row = wide_row(p, form.clone(), relation, k, line)?;
        post_row(p, row, line)?;
    }
    Ok(())
}

/// Posts one row (a row of no variable fails the model if it is false).
fn post_row(p: &mut Posting, row: WideLinear, line: u32) -> Result<(), XcspError> {
    if row.scope().is_empty() {
        let holds = row.check(&|_| 0);
        return predicate::post(p, &[], "a linear comparison", line, |_| holds);
    }
    (p.b.add_propagator(row)).map_err(|e| XcspError::invalid(line, e.to_string()))
}

/// `form relation k` as a [`WideLinear`] row over the model's variables:
/// digits and bases folded in (a wide variable's value is its base plus
/// its index), `≥` and `>` as `≤` of the negated form.
pub(crate) fn wide_row(
    p: &mut Posting,
    form: Linear,
    relation: Relation,
    k: i64,
    line: u32,
) -> Result<WideLinear, XcspError> {
    // Terms of one variable get theirs first: it may be in two digits.
    let mut form = form;
    form.own_variables(p, line)?;
    form.spread_values(p, line)?;
    let mut form = form.in_digits(p, line)?;
    form.terms.retain(|&(_, c)| c != 0);
    let shift = form.shift(p);
    let rest = i128::from(k) - shift;
    let (sign, rest, relation) = match relation {
        Relation::Eq => (1, rest, LinearRelation::Equal),
        Relation::Ne => (1, rest, LinearRelation::NotEqual),
        Relation::Le => (1, rest, LinearRelation::AtMost),
        Relation::Lt => (1, rest - 1, LinearRelation::AtMost),
        Relation::Ge => (-1, -rest, LinearRelation::AtMost),
        Relation::Gt => (-1, -rest - 1, LinearRelation::AtMost),
    };
    let rhs = i64::try_from(rest).map_err(|_| {
        XcspError::unsupported(
            line,
            "a linear comparison whose constant, once the domains' offsets are moved to it, passes 64 bits",
            "",
        )
    })?;
    let vars: Vec<VarId> = form.terms.iter().map(|&(v, _)| p.var(v)).collect();
    let coefs: Vec<i64> = (form.terms.iter())
        .map(|&(_, c)| times(sign, c, line))
        .collect::<Result<_, _>>()?;
    Ok(WideLinear::new(vars, coefs, relation, rhs))
}

/// A part of a disjunction: the linear comparisons that must all hold.
type Part = Vec<(Relation, Linear)>;

/// The linear comparisons whose conjunction `expr` is (`eq`, `le`...,
/// `not` of one, `and` of them), as forms compared with 0.
fn conjunction(p: &mut Posting, expr: &Expr, line: u32) -> Result<Option<Part>, XcspError> {
    if let Some((relation, a, b)) = predicate::linear_comparison(expr) {
        let mut form = Linear::default();
        form.add(p, a, 1, line)?;
        form.add(p, b, -1, line)?;
        return Ok(Some(vec![(relation, form)]));
    }
    match expr {
        Expr::Apply(Op::Not, args) if args.len() == 1 => {
            let Some((relation, a, b)) = predicate::linear_comparison(&args[0]) else {
                return Ok(None);
            };
            let mut form = Linear::default();
            form.add(p, a, 1, line)?;
            form.add(p, b, -1, line)?;
            Ok(Some(vec![(relation.negated(), form)]))
        }
        Expr::Apply(Op::And, args) => {
            let mut part = Vec::new();
            for a in args {
                match conjunction(p, a, line)? {
                    Some(more) => part.extend(more),
                    None => return Ok(None),
                }
            }
            Ok(Some(part))
        }
        _ => Ok(None),
    }
}

/// Posts an intension over a wide variable that is no single linear
/// comparison: a conjunction of them (each posted), or a disjunction
/// (`or`, `imp`) of conjunctions, a [`WideDisjunction`]. Anything else is
/// one [`csp_core::WideExpression`].
pub(crate) fn post_wide_logic(p: &mut Posting, expr: &Expr, line: u32) -> Result<(), XcspError> {
    let parts: Option<Vec<Part>> = match expr {
        Expr::Apply(Op::Or, args) => {
            let mut parts = Vec::new();
            for a in args {
                match conjunction(p, a, line)? {
                    Some(part) => parts.push(part),
                    None => {
                        parts.clear();
                        break;
                    }
                }
            }
            (!parts.is_empty()).then_some(parts)
        }
        Expr::Apply(Op::Imp, args) if args.len() == 2 => {
            let negated = Expr::Apply(Op::Not, vec![args[0].clone()]);
            match (
                conjunction(p, &negated, line)?,
                conjunction(p, &args[1], line)?,
            ) {
                (Some(a), Some(b)) => Some(vec![a, b]),
                _ => None,
            }
        }
        other => conjunction(p, other, line)?.map(|part| vec![part]),
    };
    let Some(parts) = parts else {
        return super::wide_expression::post(p, expr, line);
    };
    if let [part] = &parts[..] {
        for (relation, form) in part.clone() {
            let row = wide_row(p, form, relation, 0, line)?;
            post_row(p, row, line)?;
        }
        return Ok(());
    }
    let mut rows = Vec::new();
    for part in parts {
        let mut part_rows = Vec::new();
        for (relation, form) in part {
            part_rows.push(wide_row(p, form, relation, 0, line)?);
        }
        rows.push(part_rows);
    }
    (p.b.add_propagator(WideDisjunction::new(rows)))
        .map_err(|e| XcspError::invalid(line, e.to_string()))
}

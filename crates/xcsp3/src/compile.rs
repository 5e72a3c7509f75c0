//! An [`Instance`] as a csp-core [`Model`].
//!
//! Each variable's values become the domain indices `0..64`: value =
//! base + index, the base 0 where every value lies in `0..=63` (so that
//! variables over the same small values share their indices), else the
//! smallest value. A variable whose values span more than 64 is refused
//! (csp-core's domains are 64-bit sets). Then each constraint is posted
//! by its own file:
//! - `intension`: one variable restricts its domain, two make a
//!   [`BinaryRelation`](csp_core::BinaryRelation), more a
//!   [`Table`](csp_core::Table) of the tuples that satisfy it (refused
//!   past [`MAX_COMBINATIONS`] assignments to try or
//!   [`csp_core::MAX_TUPLES`] tuples);
//! - `extension`: a table (conflicts as the tuples they leave);
//! - `allDifferent`: [`AllDifferent`](csp_core::AllDifferent) over
//!   variables that share their indices, else one `ne` per pair;
//! - `sum`: [`LinearEquality`](csp_core::LinearEquality) or
//!   [`LinearInequality`](csp_core::LinearInequality) (two for a range),
//!   a term that is not linear getting a variable of its own; `ne` and
//!   sets through a variable for the sum;
//! - `allEqual`, `ordered`: a relation per consecutive pair; `lex`,
//!   `count`, `nValues`, `cardinality`, `element`, `minimum`, `maximum`
//!   and `channel`: decomposed into 0/1 variables, sums and small
//!   relations (each file says how);
//! - `regular` and `mdd`: csp-core's [`Regular`](csp_core::Regular),
//!   the automaton unrolled over the list;
//! - `instantiation`: each variable's domain restricted to its value.

mod all_different;
mod channel;
mod counting;
mod element;
mod extension;
mod extremum;
mod lex;
mod ordered;
mod predicate;
mod regular;
mod sum;

use csp_core::{Model, ModelBuilder, ValueSet, VarId};

use crate::constraint::{Condition, Constraint, Kind, Operand};
use crate::expression::{Expr, Op};
use crate::{Instance, XcspError};

pub use predicate::MAX_COMBINATIONS;

/// A compiled instance: the model, and how to read its solutions back.
#[derive(Debug)]
pub struct Compiled {
    /// The model to search.
    pub model: Model,
    /// Each variable's value at domain index 0 (the auxiliary variables'
    /// too, after the instance's).
    bases: Vec<i64>,
    /// Each variable's name.
    names: Vec<String>,
}

impl Compiled {
    /// The variables' values in a solution (the search's domain indices,
    /// one per variable).
    pub fn values(&self, solution: &[u32]) -> Vec<i64> {
        (self.bases[..self.names.len()].iter().zip(solution))
            .map(|(&base, &index)| base + i64::from(index))
            .collect()
    }

    /// The variables' names, in model order (`VarId(i)` is the `i`th);
    /// the auxiliary variables, after them, have none.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The name of model variable `var`: the instance's name, or
    /// `(auxiliary k)` for the `k`th variable the compiler added.
    pub fn name(&self, var: usize) -> String {
        match self.names.get(var) {
            Some(name) => name.clone(),
            None => format!("(auxiliary {})", var - self.names.len()),
        }
    }

    /// The value that domain index `index` of model variable `var` stands
    /// for.
    pub fn value(&self, var: usize, index: u32) -> i64 {
        self.bases[var] + i64::from(index)
    }

    /// A solution as XCSP3 writes one: `<instantiation type="solution">`
    /// with every variable and its value.
    pub fn instantiation(&self, solution: &[u32]) -> String {
        self.instantiation_of(solution, "type=\"solution\"")
    }

    /// An optimization's solution as XCSP3 writes one: with its `cost`,
    /// of type `optimum` when it is proved optimal.
    pub fn instantiation_costing(&self, solution: &[u32], cost: i64, optimal: bool) -> String {
        let kind = if optimal { "optimum" } else { "solution" };
        self.instantiation_of(solution, &format!("type=\"{kind}\" cost=\"{cost}\""))
    }

    fn instantiation_of(&self, solution: &[u32], attributes: &str) -> String {
        let values: Vec<String> = self.values(solution).iter().map(i64::to_string).collect();
        format!(
            "<instantiation {attributes}> <list> {} </list> <values> {} </values> </instantiation>",
            self.names.join(" "),
            values.join(" ")
        )
    }
}

/// What the constraints' files need while posting.
pub(crate) struct Posting {
    pub(crate) b: ModelBuilder,
    /// Every variable's values: the instance's, then the auxiliary ones'.
    domains: Vec<Vec<i64>>,
    pub(crate) bases: Vec<i64>,
}

impl Posting {
    /// A new variable over `values` (the instance's variables come
    /// first; solutions show those alone), refused past 64 values.
    pub(crate) fn new_var(
        &mut self,
        name: &str,
        values: Vec<i64>,
        line: u32,
    ) -> Result<usize, XcspError> {
        let (lo, hi) = match (values.first(), values.last()) {
            (Some(&lo), Some(&hi)) => (lo, hi),
            _ => (0, 0),
        };
        let base = if lo >= 0 && hi <= 63 { 0 } else { lo };
        if hi - base > 63 {
            return Err(XcspError::unsupported(
                line,
                format!("the variable {name} with values {lo}..{hi}"),
                "csp-core's domains span at most 64 values",
            ));
        }
        let mask: ValueSet = values.iter().map(|&x| (x - base) as u32).collect();
        self.b.new_var(mask);
        self.bases.push(base);
        self.domains.push(values);
        Ok(self.domains.len() - 1)
    }

    /// How many variables there are so far.
    pub(crate) fn domains_len(&self) -> usize {
        self.domains.len()
    }

    /// A new 0/1 variable.
    pub(crate) fn new_bool(&mut self, line: u32) -> Result<usize, XcspError> {
        self.new_var("(auxiliary)", vec![0, 1], line)
    }

    /// The variable of index `v`.
    pub(crate) fn var(&self, v: usize) -> VarId {
        VarId(v as u32)
    }

    /// The values of variable `v`, in index order.
    pub(crate) fn values(&self, v: usize) -> &[i64] {
        &self.domains[v]
    }

    /// The domain index of `value` for variable `v`, if it is one of its
    /// values.
    pub(crate) fn index(&self, v: usize, value: i64) -> Option<u32> {
        self.values(v).binary_search(&value).ok()?;
        // Every value lies within `base..base + 64` (checked at the start).
        u32::try_from(value - self.bases[v]).ok()
    }

    /// Restricts variable `v` to the values `keep` says yes to.
    pub(crate) fn restrict(&mut self, v: usize, keep: impl Fn(i64) -> bool) {
        let mask: ValueSet = (self.values(v).iter())
            .filter(|&&x| keep(x))
            .filter_map(|&x| self.index(v, x))
            .collect();
        self.b
            .restrict(VarId(v as u32), mask)
            .expect("the variable exists");
    }
}

/// The model of `instance`: its constraints (its objective, if any, is
/// left to [`compile_better_than`]).
pub fn compile(instance: &Instance) -> Result<Compiled, XcspError> {
    compile_with(instance, None)
}

/// The model of `instance` whose solutions are better than `bound` for its
/// objective (below it when minimizing, above when maximizing): a step
/// of branch and bound. Without an objective, the model of [`compile`].
pub fn compile_better_than(instance: &Instance, bound: i64) -> Result<Compiled, XcspError> {
    let better = instance.objective.as_ref().map(|o| o.better_than(bound));
    compile_with(instance, better.as_ref())
}

fn compile_with(instance: &Instance, extra: Option<&Constraint>) -> Result<Compiled, XcspError> {
    let mut posting = Posting {
        b: ModelBuilder::new(),
        domains: Vec::new(),
        bases: Vec::new(),
    };
    for var in &instance.variables {
        posting.new_var(&var.name, var.values.clone(), var.line)?;
    }
    let p = &mut posting;
    for c in instance.constraints.iter().chain(extra) {
        let line = c.line;
        match &c.kind {
            Kind::Intension(expr) => predicate::post_expr(p, expr, line)?,
            Kind::Extension {
                scope,
                tuples,
                supports,
            } => extension::post(p, scope, tuples, *supports, line)?,
            Kind::AllDifferent { terms, except } => all_different::post(p, terms, except, line)?,
            Kind::AllDifferentLists(lists) => all_different::post_lists(p, lists, line)?,
            Kind::AllEqual(terms) => ordered::post_all_equal(p, terms, line)?,
            Kind::Ordered {
                terms,
                lengths,
                relation,
            } => ordered::post(p, terms, lengths, *relation, line)?,
            Kind::Lex { lists, relation } => lex::post(p, lists, *relation, line)?,
            Kind::Sum {
                terms,
                coefs,
                condition,
            } => sum::post(p, terms, coefs, condition, line)?,
            Kind::Count {
                terms,
                values,
                condition,
            } => counting::post_count(p, terms, values, condition, line)?,
            Kind::NValues {
                terms,
                except,
                condition,
            } => counting::post_n_values(p, terms, except, condition, line)?,
            Kind::Cardinality {
                terms,
                values,
                occurs,
                closed,
            } => counting::post_cardinality(p, terms, values, occurs, *closed, line)?,
            Kind::Element {
                terms,
                index,
                start,
                condition,
            } => element::post(p, terms, *index, *start, condition, line)?,
            Kind::ElementMatrix {
                rows,
                index,
                starts,
                condition,
            } => element::post_matrix(p, rows, *index, *starts, condition, line)?,
            Kind::Extremum {
                terms,
                max,
                condition,
            } => extremum::post(p, terms, *max, condition, line)?,
            Kind::Channel { list, start, other } => channel::post(p, list, *start, other, line)?,
            Kind::Regular {
                list,
                transitions,
                start,
                finals,
            } => regular::post(p, list, transitions, start, finals, line)?,
            Kind::Precedence {
                list,
                values,
                covered,
            } => regular::post_precedence(p, list, values, *covered, line)?,
            Kind::Instantiation { vars, values } => {
                for (&v, &value) in vars.iter().zip(values) {
                    p.restrict(v, |x| x == value);
                }
            }
        }
    }
    Ok(Compiled {
        model: posting.b.build(),
        bases: posting.bases,
        names: instance.variables.iter().map(|v| v.name.clone()).collect(),
    })
}

/// `subject` meets `condition`, as an expression.
pub(crate) fn meets(subject: Expr, condition: &Condition) -> Expr {
    match condition {
        Condition::Compare(relation, operand) => {
            let other = match operand {
                Operand::Value(k) => Expr::Const(*k),
                Operand::Var(z) => Expr::Var(*z),
            };
            Expr::Apply(relation.op(), vec![subject, other])
        }
        Condition::InRange(a, b) => Expr::Apply(
            Op::And,
            vec![
                Expr::Apply(Op::Ge, vec![subject.clone(), Expr::Const(*a)]),
                Expr::Apply(Op::Le, vec![subject, Expr::Const(*b)]),
            ],
        ),
        Condition::InSet(set, is_in) => Expr::Apply(
            if *is_in { Op::In } else { Op::NotIn },
            vec![
                subject,
                Expr::Apply(Op::Set, set.iter().map(|&x| Expr::Const(x)).collect()),
            ],
        ),
    }
}

//! `<objectives>`: one `<minimize>` or `<maximize>` of a variable, an
//! expression, or a `sum`, `minimum`, `maximum` or `nValues` of terms.
//! Optimization runs as a series of satisfaction searches: each solution
//! found bounds the next search ([`Objective::better_than`]), until none
//! is left (the last solution is optimal) or a limit stops it.

use crate::constraint::{Condition, Constraint, Kind, Operand, Relation};
use crate::expression::Expr;

/// The kinds of objective read, by their `type` attribute (`expression`
/// for a variable or an expression without one).
pub const OBJECTIVES_READ: [&str; 5] = ["expression", "sum", "minimum", "maximum", "nValues"];

/// What an instance optimizes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Objective {
    /// Minimize (else maximize).
    pub minimize: bool,
    /// The function of the variables.
    pub function: Function,
    /// The line of its element.
    pub line: u32,
}

/// An objective's function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Function {
    /// A variable or an expression.
    Expression(Expr),
    /// `sum(coefs[i] * terms[i])`.
    Sum {
        /// Variables or expressions.
        terms: Vec<Expr>,
        /// One per term.
        coefs: Vec<Expr>,
    },
    /// The smallest (or, with `max`, the largest) term.
    Extremum {
        /// Variables or expressions.
        terms: Vec<Expr>,
        /// Largest rather than smallest.
        max: bool,
    },
    /// How many distinct values the terms take.
    NValues(Vec<Expr>),
}

impl Objective {
    /// Its value when each variable `v` takes `value(v)` (`None`: a term
    /// undefined there, a division by zero).
    pub fn value(&self, value: &dyn Fn(usize) -> i64) -> Option<i64> {
        let all =
            |terms: &[Expr]| -> Option<Vec<i64>> { terms.iter().map(|t| t.eval(value)).collect() };
        match &self.function {
            Function::Expression(e) => e.eval(value),
            Function::Sum { terms, coefs } => {
                let (ts, cs) = (all(terms)?, all(coefs)?);
                Some(ts.iter().zip(&cs).map(|(t, c)| t * c).sum())
            }
            Function::Extremum { terms, max: true } => all(terms)?.into_iter().max(),
            Function::Extremum { terms, max: false } => all(terms)?.into_iter().min(),
            Function::NValues(terms) => {
                let mut xs = all(terms)?;
                xs.sort_unstable();
                xs.dedup();
                Some(xs.len() as i64)
            }
        }
    }

    /// The constraint that a solution be better than `bound`: its value
    /// below `bound` when minimizing, above it when maximizing.
    pub fn better_than(&self, bound: i64) -> Constraint {
        let relation = if self.minimize {
            Relation::Lt
        } else {
            Relation::Gt
        };
        let condition = Condition::Compare(relation, Operand::Value(bound));
        let kind = match &self.function {
            Function::Expression(e) => Kind::Sum {
                terms: vec![e.clone()],
                coefs: vec![Expr::Const(1)],
                condition,
            },
            Function::Sum { terms, coefs } => Kind::Sum {
                terms: terms.clone(),
                coefs: coefs.clone(),
                condition,
            },
            Function::Extremum { terms, max } => Kind::Extremum {
                terms: terms.clone(),
                max: *max,
                condition,
            },
            Function::NValues(terms) => Kind::NValues {
                terms: terms.clone(),
                except: Vec::new(),
                condition,
            },
        };
        Constraint {
            kind,
            line: self.line,
        }
    }

    /// The variables it reads.
    pub fn vars(&self) -> Vec<usize> {
        let terms: Vec<&Expr> = match &self.function {
            Function::Expression(e) => vec![e],
            Function::Sum { terms, coefs } => terms.iter().chain(coefs).collect(),
            Function::Extremum { terms, .. } | Function::NValues(terms) => terms.iter().collect(),
        };
        let mut vars: Vec<usize> = terms.iter().flat_map(|t| t.vars()).collect();
        vars.sort_unstable();
        vars.dedup();
        vars
    }

    /// `minimize` or `maximize`.
    pub fn direction(&self) -> &'static str {
        if self.minimize {
            "minimize"
        } else {
            "maximize"
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_and_bounds_read_as_the_specification_says() {
        let x = |i| Expr::Var(i);
        let values = [3i64, 1, 4];
        let value = |v: usize| values[v];
        let sum = Objective {
            minimize: true,
            function: Function::Sum {
                terms: vec![x(0), x(1), x(2)],
                coefs: vec![Expr::Const(2), Expr::Const(-1), x(0)],
            },
            line: 9,
        };
        assert_eq!(sum.value(&value), Some(6 - 1 + 12));
        assert_eq!(sum.vars(), [0, 1, 2]);
        let Kind::Sum { condition, .. } = sum.better_than(17).kind else {
            panic!("a sum");
        };
        assert_eq!(
            condition,
            Condition::Compare(Relation::Lt, Operand::Value(17))
        );
        let most = Objective {
            minimize: false,
            function: Function::Extremum {
                terms: vec![x(0), x(2)],
                max: true,
            },
            line: 9,
        };
        assert_eq!(most.value(&value), Some(4));
        assert_eq!(most.direction(), "maximize");
        let distinct = Function::NValues(vec![x(0), x(1), x(0)]);
        let n = Objective {
            minimize: true,
            function: distinct,
            line: 9,
        };
        assert_eq!(n.value(&value), Some(2));
    }
}

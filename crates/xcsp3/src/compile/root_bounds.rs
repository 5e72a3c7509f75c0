//! The bounds that an instance's linear constraints imply before any
//! search, to narrow the variables declared with more values than they
//! can take.
//!
//! A model often declares a sum's variable over every value it might
//! reach (Heterosquare's row sums over `10..136`, where four cells of
//! `1..16` reach 64 at most) or a schedule's times over one horizon.
//! Declared wider than 64 values, such a variable is written in two
//! digits (or made wide) though its possible values would fit one
//! domain. [`narrowed`] propagates the bounds of every linear constraint
//! (`<sum>` with constant coefficients, an `<intension>` comparing two
//! linear terms) to a fixpoint, a bounded number of rounds, and cuts the
//! domains of the variables of more than 64 values to them. No solution
//! is lost (each bound is implied), so counts do not change; the
//! variables of at most 64 values keep their declared domains, and with
//! them the counters of the instances that have no wider one.

use csp_core::MAX_VALUES;

use crate::Instance;
use crate::constraint::{Condition, Constraint, Kind, Operand, Relation};
use crate::domain::Domain;
use crate::expression::{Expr, Op};

/// The most rounds over the rows: a model made to converge slowly (the
/// SlowConvergence family moves one bound by one per round) stops there,
/// its bounds still sound.
const MAX_ROUNDS: usize = 64;

/// `Σ coefficient × variable + constant ≤ 0` (or `= 0`).
struct Row {
    terms: Vec<(usize, i128)>,
    constant: i128,
    equal: bool,
}

/// The domains of `instance`'s variables: each one of more than [`MAX_VALUES`]
/// values cut to the bounds its linear constraints imply, the others as
/// declared. Where the bounds contradict (no solution), every domain is
/// left as declared: the search finds it.
pub(crate) fn narrowed(instance: &Instance) -> Vec<Domain> {
    let declared: Vec<Domain> = instance
        .variables
        .iter()
        .map(|v| v.domain.clone())
        .collect();
    if declared.iter().all(|d| d.span() <= MAX_VALUES as u64) {
        return declared;
    }
    let rows: Vec<Row> = instance.constraints.iter().flat_map(rows_of).collect();
    let mut bounds: Vec<(i128, i128)> = (declared.iter())
        .map(|d| {
            (
                i128::from(d.min().unwrap_or(0)),
                i128::from(d.max().unwrap_or(-1)),
            )
        })
        .collect();
    if bounds.iter().any(|&(lo, hi)| lo > hi) {
        return declared;
    }
    for _ in 0..MAX_ROUNDS {
        let mut changed = false;
        for row in &rows {
            match tighten(row, &mut bounds, 1) {
                Some(c) => changed |= c,
                None => return declared,
            }
            if row.equal {
                match tighten(row, &mut bounds, -1) {
                    Some(c) => changed |= c,
                    None => return declared,
                }
            }
        }
        if !changed {
            break;
        }
    }
    (declared.into_iter().zip(&bounds))
        .map(|(d, &(lo, hi))| {
            if d.span() <= MAX_VALUES as u64 {
                return d;
            }
            let cut = Domain::of_intervals(
                (d.intervals().iter())
                    .filter_map(|&(a, b)| {
                        let (a, b) = (i128::from(a).max(lo), i128::from(b).min(hi));
                        // Within the declared interval: both fit i64.
                        (a <= b).then_some((a as i64, b as i64))
                    })
                    .collect(),
            );
            if cut.is_empty() { d } else { cut }
        })
        .collect()
}

/// Tightens `bounds` by `sign × (Σ terms + constant) ≤ 0`: whether a
/// bound moved, `None` where one became empty.
fn tighten(row: &Row, bounds: &mut [(i128, i128)], sign: i128) -> Option<bool> {
    let least = |c: i128, (lo, hi): (i128, i128)| if c > 0 { c * lo } else { c * hi };
    let total: i128 = (row.terms.iter())
        .map(|&(v, c)| least(sign * c, bounds[v]))
        .sum::<i128>()
        + sign * row.constant;
    if total > 0 {
        return None;
    }
    let mut changed = false;
    for &(v, c) in &row.terms {
        let c = sign * c;
        // c × x ≤ slack, the other terms at their least.
        let slack = least(c, bounds[v]) - total;
        let (lo, hi) = &mut bounds[v];
        if c > 0 {
            let most = slack.div_euclid(c);
            if most < *hi {
                *hi = most;
                changed = true;
            }
        } else {
            let fewest = -slack.div_euclid(-c);
            if fewest > *lo {
                *lo = fewest;
                changed = true;
            }
        }
        if lo > hi {
            return None;
        }
    }
    Some(changed)
}

/// The rows of `constraint` when it is linear, else none.
fn rows_of(constraint: &Constraint) -> Vec<Row> {
    match &constraint.kind {
        Kind::Sum {
            terms,
            coefs,
            condition,
        } => {
            let mut form = Form::default();
            for (term, coef) in terms.iter().zip(coefs) {
                let Expr::Const(c) = coef else {
                    return Vec::new();
                };
                if !form.add(term, i128::from(*c)) {
                    return Vec::new();
                }
            }
            form.compared(condition)
        }
        Kind::Intension(expr) => {
            let Expr::Apply(op, args) = expr else {
                return Vec::new();
            };
            let (Some(relation), [a, b]) = (Relation::of_op(*op), &args[..]) else {
                return Vec::new();
            };
            let mut form = Form::default();
            if !form.add(a, 1) || !form.add(b, -1) {
                return Vec::new();
            }
            form.compared(&Condition::Compare(relation, Operand::Value(0)))
        }
        _ => Vec::new(),
    }
}

/// A linear form being read.
#[derive(Clone, Default)]
struct Form {
    terms: Vec<(usize, i128)>,
    constant: i128,
}

/// Past it, a coefficient is not read (the row is left out): with
/// bounds within 64 bits and at most 2^20 variables, no sum passes 2^124.
const MAX_FACTOR: i128 = 1 << 40;

/// Past it, a row's constant is not read (the row is left out).
const MAX_CONSTANT: i128 = 1 << 80;

impl Form {
    /// Adds `factor × expr`: false where it is not linear.
    fn add(&mut self, expr: &Expr, factor: i128) -> bool {
        if factor.abs() > MAX_FACTOR {
            return false;
        }
        match expr {
            Expr::Const(c) => self.constant += factor * i128::from(*c),
            Expr::Var(v) => self.terms.push((*v, factor)),
            Expr::Apply(Op::Add, args) => return args.iter().all(|a| self.add(a, factor)),
            Expr::Apply(Op::Sub, args) if args.len() == 2 => {
                return self.add(&args[0], factor) && self.add(&args[1], -factor);
            }
            Expr::Apply(Op::Neg, args) if args.len() == 1 => return self.add(&args[0], -factor),
            Expr::Apply(Op::Mul, args) => match &args[..] {
                [Expr::Const(c), x] | [x, Expr::Const(c)] => {
                    return self.add(x, factor * i128::from(*c));
                }
                _ => return false,
            },
            _ => return false,
        }
        self.constant.abs() <= MAX_CONSTANT
    }

    /// The rows of `form condition`: none for `ne` and sets.
    fn compared(mut self, condition: &Condition) -> Vec<Row> {
        let (relation, k) = match condition {
            Condition::Compare(relation, Operand::Value(k)) => (*relation, i128::from(*k)),
            Condition::Compare(relation, Operand::Var(z)) => {
                self.terms.push((*z, -1));
                (*relation, 0)
            }
            Condition::InRange(lo, hi) => {
                let mut rows = self
                    .clone()
                    .compared(&Condition::Compare(Relation::Ge, Operand::Value(*lo)));
                rows.extend(self.compared(&Condition::Compare(Relation::Le, Operand::Value(*hi))));
                return rows;
            }
            Condition::InSet(..) => return Vec::new(),
        };
        // Each variable once.
        self.terms.sort_unstable_by_key(|t| t.0);
        let mut terms: Vec<(usize, i128)> = Vec::with_capacity(self.terms.len());
        for (v, c) in self.terms {
            match terms.last_mut() {
                Some(last) if last.0 == v => last.1 += c,
                _ => terms.push((v, c)),
            }
        }
        terms.retain(|t| t.1 != 0);
        let constant = self.constant - k;
        let negated = |terms: &[(usize, i128)]| terms.iter().map(|&(v, c)| (v, -c)).collect();
        let row = |terms, constant, equal| Row {
            terms,
            constant,
            equal,
        };
        match relation {
            Relation::Eq => vec![row(terms, constant, true)],
            Relation::Le => vec![row(terms, constant, false)],
            Relation::Lt => vec![row(terms, constant + 1, false)],
            Relation::Ge => vec![row(negated(&terms), -constant, false)],
            Relation::Gt => vec![row(negated(&terms), 1 - constant, false)],
            Relation::Ne => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read;

    fn domains(xml: &str) -> Vec<(Option<i64>, Option<i64>)> {
        let instance = read(xml).expect("reads");
        (narrowed(&instance).iter())
            .map(|d| (d.min(), d.max()))
            .collect()
    }

    #[test]
    fn a_sum_of_small_cells_narrows_its_total() {
        let xml = r#"<instance format="XCSP3" type="CSP"><variables>
            <array id="x" size="[4]"> 1..16 </array>
            <var id="s"> 10..136 </var>
            </variables><constraints>
            <sum><list> x[] </list><condition> (eq,s) </condition></sum>
            </constraints></instance>"#;
        assert_eq!(
            domains(xml),
            vec![
                (Some(1), Some(16)),
                (Some(1), Some(16)),
                (Some(1), Some(16)),
                (Some(1), Some(16)),
                (Some(10), Some(64))
            ]
        );
    }

    #[test]
    fn comparisons_chain_and_small_variables_keep_their_domains() {
        // x ≤ 5 would cut x, but x has 11 values: only y (of 1,001) is cut:
        // y ≤ 2 × 5 + 1; y ≥ 0 + 3 makes x ≥ 1, then y ≥ 4, x ≥ 2, y ≥ 5.
        let xml = r#"<instance format="XCSP3" type="CSP"><variables>
            <var id="x"> 0..10 </var>
            <var id="y"> -500..500 </var>
            </variables><constraints>
            <intension> le(x,5) </intension>
            <intension> le(add(x,3),y) </intension>
            <intension> lt(y,add(mul(2,x),2)) </intension>
            </constraints></instance>"#;
        assert_eq!(domains(xml), vec![(Some(0), Some(10)), (Some(5), Some(11))]);
    }

    #[test]
    fn contradicting_bounds_leave_the_domains_declared() {
        let xml = r#"<instance format="XCSP3" type="CSP"><variables>
            <var id="x"> 0..10 </var>
            <var id="y"> 0..1000 </var>
            </variables><constraints>
            <intension> gt(x,add(y,20)) </intension>
            </constraints></instance>"#;
        assert_eq!(
            domains(xml),
            vec![(Some(0), Some(10)), (Some(0), Some(1000))]
        );
    }

    #[test]
    fn huge_coefficients_leave_their_rows_out() {
        // 2^62 × x over 0..4e9, summed, would pass 128 bits.
        let xml = r#"<instance format="XCSP3" type="CSP"><variables>
            <var id="x"> 0..4000000000 </var>
            <var id="y"> 0..100 </var>
            </variables><constraints>
            <sum><list> x x y </list><coeffs> 4611686018427387904 4611686018427387904 1 </coeffs><condition> (le,9223372036854775807) </condition></sum>
            <intension> le(mul(mul(x,1099511627776),1099511627776),y) </intension>
            <intension> le(y,add(x,-9223372036854775807,-9223372036854775807)) </intension>
            </constraints></instance>"#;
        assert_eq!(
            domains(xml),
            vec![(Some(0), Some(4000000000)), (Some(0), Some(100))]
        );
    }

    #[test]
    fn a_range_condition_and_holes_are_kept() {
        let xml = r#"<instance format="XCSP3" type="CSP"><variables>
            <var id="x"> 0..100 200..300 </var>
            </variables><constraints>
            <sum><list> x </list><coeffs> 2 </coeffs><condition> (in,50..450) </condition></sum>
            </constraints></instance>"#;
        let instance = read(xml).expect("reads");
        let cut = narrowed(&instance);
        assert_eq!(cut[0].intervals(), &[(25, 100), (200, 225)]);
    }
}

//! An [`Instance`] as a csp-core [`Model`].
//!
//! Each variable's values become the domain indices `0..64`: value =
//! base + index, the base 0 where every value lies in `0..=63` (so that
//! variables over the same small values share their indices), else the
//! smallest value. csp-core's domains are 64-bit sets: a variable whose
//! values span more than 64 is written in two digits (see [`Digits`]).
//! Then each constraint is posted by its own file:
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
mod cumulative;
mod element;
mod extension;
mod extremum;
mod lex;
mod no_overlap;
mod ordered;
mod predicate;
mod regular;
mod root_bounds;
mod sum;
mod wide_expression;

use csp_core::{
    BinaryRelation, Entry, LinearRelation, MAX_VALUES, Model, ModelBuilder, Rule, ValueSet, VarId,
    WideElement, WideLinear,
};

use crate::constraint::{Condition, Constraint, Kind, Operand};
use crate::domain::Domain;
use crate::expression::{Expr, Op};
use crate::{Instance, XcspError};

pub use predicate::MAX_COMBINATIONS;

/// The most values a variable written in two digits has, 64 × 64: past
/// it, a variable is a csp-core wide variable.
pub const MAX_DIGIT_VALUES: usize = 64 * 64;

/// The most values (tuples times arity) an instance's tables may list
/// together.
pub const MAX_TABLE_CELLS: usize = 1 << 25;

/// The most missing values a wide variable's span may have (each is a
/// propagator of its own).
pub const MAX_GAPS: u64 = 4096;

/// A variable of more than 64 values (or spanning more than 64), written
/// in two base-64 digits: its `k`th value (in increasing order) is the
/// one where `high = k / 64` and `low = k % 64`, two csp-core variables
/// tied by `64 * high + low < n`; it has no model variable of its own. A
/// sum reads it as `first + 64 * high + low` (its values must then be
/// consecutive); a predicate, a table or an `allDifferent` (pair by pair)
/// over it lists the digits' tuples; the other constraints refuse it by
/// name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Digits {
    pub(crate) high: usize,
    pub(crate) low: usize,
}

/// How an instance's variable reads back from a solution.
#[derive(Clone, Debug)]
enum Reading {
    /// One model variable: value = base + domain index.
    Index { var: usize, base: i64 },
    /// Two digits: the `64 * high + low`th of `values`.
    Digits {
        high: usize,
        low: usize,
        values: Vec<i64>,
    },
}

/// A compiled instance: the model, and how to read its solutions back.
#[derive(Debug)]
pub struct Compiled {
    /// The model to search.
    pub model: Model,
    /// Each model variable's value at domain index 0.
    bases: Vec<i64>,
    /// Each model variable's name.
    labels: Vec<String>,
    /// The instance's variables' names.
    names: Vec<String>,
    /// How each of the instance's variables reads back.
    readings: Vec<Reading>,
    /// Each propagation rule the model's propagators credit their work
    /// to, in [`Rule::ALL`] order, with the constraints (as [`READ`]
    /// names them) posted as such propagators.
    ///
    /// [`READ`]: crate::READ
    sources: Vec<(Rule, Vec<&'static str>)>,
}

impl Compiled {
    /// The propagation rules the model's propagators credit their work
    /// to, in [`Rule::ALL`] order, each with the names of the instance's
    /// constraints posted as such propagators (`allDifferent` for the
    /// house rules of its groups: forward checking, hidden singles,
    /// locked candidates, arc consistency). An objective's bound, when
    /// optimizing, is `objective`.
    pub fn rule_sources(&self) -> &[(Rule, Vec<&'static str>)] {
        &self.sources
    }

    /// The instance's variables' values in a solution (the search's
    /// domain indices, one per model variable).
    pub fn values(&self, solution: &[u32]) -> Vec<i64> {
        (self.readings.iter())
            .map(|r| match r {
                Reading::Index { var, base } => base + i64::from(solution[*var]),
                Reading::Digits { high, low, values } => {
                    values[(MAX_VALUES * solution[*high] + solution[*low]) as usize]
                }
            })
            .collect()
    }

    /// The model variables and domain indices that give the instance's
    /// variable `var` its smallest value (one variable, or two digits).
    pub fn smallest(&self, var: usize) -> Vec<(VarId, u32)> {
        match &self.readings[var] {
            Reading::Index { var, .. } => {
                let domain = self.model.initial_domains()[*var];
                vec![(VarId(*var as u32), domain.min().unwrap_or(0))]
            }
            Reading::Digits { high, low, .. } => {
                vec![(VarId(*high as u32), 0), (VarId(*low as u32), 0)]
            }
        }
    }

    /// The instance's variables' names, in the file's order.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The name of model variable `var`: the instance's name, `x (high
    /// digit)` and `x (low digit)` for a variable written in two, or
    /// `(auxiliary k)` for the `k`th variable the compiler added.
    pub fn name(&self, var: usize) -> String {
        self.labels[var].clone()
    }

    /// The value that domain index `index` of model variable `var` stands
    /// for (a digit's value is the digit).
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

/// What the constraints' files need while posting. Constraints name
/// variables by their index here: the instance's first, then the ones
/// added (digits, auxiliary variables).
pub(crate) struct Posting {
    pub(crate) b: ModelBuilder,
    /// Every variable's values: the instance's, then the auxiliary ones'.
    domains: Vec<Vec<i64>>,
    pub(crate) bases: Vec<i64>,
    /// The digits of each variable written in two, `None` for the others.
    digits: Vec<Option<Digits>>,
    /// Each variable's model variable (none for one written in two).
    model: Vec<Option<VarId>>,
    /// Whether each variable is a csp-core wide one.
    wide: Vec<bool>,
    /// Each model variable's base and name.
    model_bases: Vec<i64>,
    labels: Vec<String>,
    /// How many auxiliary variables were added.
    auxiliary: usize,
    /// The values the tables posted so far list (tuples × arity).
    table_cells: usize,
    /// The wide variable of the value of each variable in two digits
    /// whose values are not consecutive, once made
    /// ([`Posting::value_var`]).
    value_vars: std::collections::HashMap<usize, usize>,
}

impl Posting {
    /// A new auxiliary variable over `values` (see [`Posting::new_named`]);
    /// `name` says what it is in errors.
    pub(crate) fn new_var(
        &mut self,
        name: &str,
        values: Vec<i64>,
        line: u32,
    ) -> Result<usize, XcspError> {
        self.new_var_over(name, Domain::of_values(&values), line)
    }

    /// The trace label of the next auxiliary variable, counted.
    fn auxiliary_label(&mut self) -> String {
        self.auxiliary += 1;
        format!("(auxiliary {})", self.auxiliary - 1)
    }

    /// A new auxiliary variable over `domain` (see [`Posting::new_named`]).
    pub(crate) fn new_var_over(
        &mut self,
        name: &str,
        domain: Domain,
        line: u32,
    ) -> Result<usize, XcspError> {
        let label = self.auxiliary_label();
        let v = self.new_named(name, label.clone(), domain, line)?;
        self.write_in_digits(v, name, &label, line)?;
        Ok(v)
    }

    /// A new variable over `domain`, `name` in errors and `label` in
    /// traces. Up to 64 values (or spanning 64), one narrow model
    /// variable; up to [`MAX_DIGIT_VALUES`], none until
    /// [`Posting::write_in_digits`]; past it, a csp-core wide variable
    /// over the span from its smallest value (gaps, up to [`MAX_GAPS`]
    /// values of them, removed one by one).
    fn new_named(
        &mut self,
        name: &str,
        label: String,
        domain: Domain,
        line: u32,
    ) -> Result<usize, XcspError> {
        if domain.len() > MAX_DIGIT_VALUES as u64 {
            return self.new_wide(name, label, &domain, line);
        }
        let values: Vec<i64> = domain.iter().collect();
        let (lo, hi) = match (values.first(), values.last()) {
            (Some(&lo), Some(&hi)) => (lo, hi),
            _ => (0, 0),
        };
        let base = if lo >= 0 && hi <= 63 { 0 } else { lo };
        let v = self.domains.len();
        self.wide.push(false);
        if (hi as i128) - (base as i128) <= 63 {
            let mask: ValueSet = values.iter().map(|&x| (x - base) as u32).collect();
            self.model.push(Some(self.b.new_var(mask)));
            self.model_bases.push(base);
            self.labels.push(label);
            self.bases.push(base);
            self.domains.push(values);
            self.digits.push(None);
            return Ok(v);
        }
        self.model.push(None);
        self.bases.push(0);
        self.domains.push(values);
        self.digits.push(None);
        Ok(v)
    }

    /// A new wide variable over `domain` (see [`Posting::new_named`]).
    fn new_wide(
        &mut self,
        name: &str,
        label: String,
        domain: &Domain,
        line: u32,
    ) -> Result<usize, XcspError> {
        let (span, n) = (domain.span(), domain.len());
        let lo = domain.min().expect("past 4,096 values");
        if span > csp_core::MAX_WIDE_VALUES as u64 || span - n > MAX_GAPS {
            return Err(XcspError::unsupported(
                line,
                format!(
                    "the variable {name} of {n} values ({lo}..{})",
                    domain.max().expect("values")
                ),
                &format!(
                    "past {MAX_DIGIT_VALUES} values, a variable spans at most {} integers, with at most {MAX_GAPS} of them missing",
                    csp_core::MAX_WIDE_VALUES
                ),
            ));
        }
        let var =
            (self.b.new_wide_var(span)).map_err(|e| XcspError::invalid(line, e.to_string()))?;
        let v = self.domains.len();
        self.wide.push(true);
        self.model.push(Some(var));
        self.model_bases.push(lo);
        self.labels.push(label);
        self.bases.push(lo);
        self.domains.push(Vec::new());
        self.digits.push(None);
        for pair in domain.intervals().windows(2) {
            for gap in pair[0].1 + 1..pair[1].0 {
                let index = gap - lo;
                let hole = WideLinear::new(vec![var], vec![1], LinearRelation::NotEqual, index);
                (self.b.add_propagator(hole))
                    .map_err(|e| XcspError::invalid(line, e.to_string()))?;
            }
        }
        Ok(v)
    }

    /// Gives `v` its two digits if it has no model variable (it has more
    /// than 64 values).
    fn write_in_digits(
        &mut self,
        v: usize,
        name: &str,
        label: &str,
        line: u32,
    ) -> Result<(), XcspError> {
        if self.model[v].is_some() {
            return Ok(());
        }
        let n = self.domains[v].len();
        let high = self.new_named(
            name,
            format!("{label} (high digit)"),
            Domain::interval(0, n.div_ceil(64) as i64 - 1),
            line,
        )?;
        let low = self.new_named(
            name,
            format!("{label} (low digit)"),
            Domain::interval(0, n.min(64) as i64 - 1),
            line,
        )?;
        self.digits[v] = Some(Digits { high, low });
        if n % 64 != 0 {
            self.restrict(v, |_| true);
        }
        Ok(())
    }

    /// Whether `v` is a csp-core wide variable (past [`MAX_DIGIT_VALUES`]
    /// values): only sums, linear intensions and instantiations take it.
    /// The smallest and largest values of variable `v`, `None` for one
    /// written in two digits or with no value.
    pub(crate) fn extent(&self, v: usize) -> Option<(i64, i64)> {
        if self.digits[v].is_some() {
            return None;
        }
        let var = self.var(v);
        let base = self.bases[v];
        match self.b.wide_count(var) {
            Some(count) => Some((base, base + i64::from(count) - 1)),
            None => {
                let d = self.b.domain(var)?;
                Some((base + i64::from(d.min()?), base + i64::from(d.max()?)))
            }
        }
    }

    /// The smallest and largest values of variable `v`, also of one
    /// written in two digits.
    pub(crate) fn extent_of_value(&self, v: usize) -> Option<(i64, i64)> {
        if self.digits[v].is_some() {
            let values = &self.domains[v];
            return Some((*values.first()?, *values.last()?));
        }
        self.extent(v)
    }

    /// Counts a table of `tuples` tuples over `arity` columns against
    /// [`MAX_TABLE_CELLS`]: past it, the instance is refused (a 2.5 KB
    /// file of 4,465 pairwise tables over digits took 2 GB).
    /// Whether tables of `cells` more values fit the instance's budget.
    pub(crate) fn table_cells_left(&self, cells: usize) -> bool {
        self.table_cells.saturating_add(cells) <= MAX_TABLE_CELLS
    }

    pub(crate) fn count_table(
        &mut self,
        tuples: usize,
        arity: usize,
        line: u32,
    ) -> Result<(), XcspError> {
        self.table_cells = (self.table_cells).saturating_add(tuples.saturating_mul(arity));
        if self.table_cells > MAX_TABLE_CELLS {
            return Err(XcspError::unsupported(
                line,
                "an instance whose tables list more than 33554432 values in all",
                "tables are listed in memory (their tuples times their arity)",
            ));
        }
        Ok(())
    }

    pub(crate) fn is_wide(&self, v: usize) -> bool {
        self.wide[v]
    }

    /// Whether some variable of `vars` is wide.
    pub(crate) fn any_wide(&self, vars: impl IntoIterator<Item = usize>) -> bool {
        vars.into_iter().any(|v| self.wide[v])
    }

    /// The error for `what`, which does not take wide variables, over
    /// `vars`, naming the first that is.
    pub(crate) fn refuse_wide(&self, vars: &[usize], what: &str, line: u32) -> XcspError {
        match vars.iter().find(|&&v| self.wide[v]) {
            Some(&v) => XcspError::unsupported(
                line,
                format!(
                    "{what} over {}, a variable of more than {MAX_DIGIT_VALUES} values",
                    self.labels_of(v)
                ),
                &wide_readers(),
            ),
            None => XcspError::unsupported(
                line,
                format!("{what} beside wide variables"),
                &wide_readers(),
            ),
        }
    }

    /// The name of variable `v` (as a trace names it).
    fn labels_of(&self, v: usize) -> &str {
        self.model[v].map_or("a variable", |m| self.labels[m.index()].as_str())
    }

    /// Fixes `v` to `value` (no solution if it is not one of its values).
    pub(crate) fn fix(&mut self, v: usize, value: i64, line: u32) -> Result<(), XcspError> {
        if !self.wide[v] {
            self.restrict(v, |x| x == value);
            return Ok(());
        }
        let var = self.var(v);
        let index = (value as i128 - self.bases[v] as i128).clamp(-1, u32::MAX as i128 + 1);
        let is = WideLinear::new(vec![var], vec![1], LinearRelation::Equal, index as i64);
        (self.b.add_propagator(is)).map_err(|e| XcspError::invalid(line, e.to_string()))
    }

    /// The digits of `v`, if it is written in two.
    pub(crate) fn digits(&self, v: usize) -> Option<Digits> {
        self.digits[v]
    }

    /// Whether the values of `v` are consecutive.
    pub(crate) fn consecutive(&self, v: usize) -> bool {
        let values = self.values(v);
        values.is_empty() || values[values.len() - 1] - values[0] + 1 == values.len() as i64
    }

    /// A wide auxiliary variable equal to the value of `v`, a variable
    /// in two digits: `first + 64 · high + low` (a row) when its values
    /// are consecutive, else the element of its values at its index
    /// (the low digit when it has at most 64 values, else a wide
    /// variable `64 · high + low`), by bounds (for a sum, whose digits
    /// must be a linear function of the value, and for constraints over
    /// one variable per value). One per variable.
    pub(crate) fn value_var(&mut self, v: usize, line: u32) -> Result<usize, XcspError> {
        if let Some(&a) = self.value_vars.get(&v) {
            return Ok(a);
        }
        let Digits { high, low } = self.digits[v].expect("a variable in two digits");
        let values = self.domains[v].clone();
        let (lo, hi) = (values[0], values[values.len() - 1]);
        let invalid = |e: csp_core::ModelError| XcspError::invalid(line, e.to_string());
        let label = self.auxiliary_label();
        let a = self.new_wide("(auxiliary)", label, &Domain::interval(lo, hi), line)?;
        self.value_vars.insert(v, a);
        let (a_var, high, low) = (self.var(a), self.var(high), self.var(low));
        let digits_row = |i: VarId| {
            WideLinear::new(
                vec![i, high, low],
                vec![1, -64, -1],
                LinearRelation::Equal,
                0,
            )
        };
        if hi - lo + 1 == values.len() as i64 {
            // Its index is `64 · high + low`: a row.
            return self
                .b
                .add_propagator(digits_row(a_var))
                .map(|_| a)
                .map_err(invalid);
        }
        let index = if values.len() <= MAX_VALUES as usize {
            low
        } else {
            let label = self.auxiliary_label();
            let n = values.len() as i64;
            let i = self.new_wide("(auxiliary)", label, &Domain::interval(0, n - 1), line)?;
            let i = self.var(i);
            self.b.add_propagator(digits_row(i)).map_err(invalid)?;
            i
        };
        let list = values.iter().map(|&x| Entry::Const(x)).collect();
        let result = Entry::Var {
            var: a_var,
            offset: lo,
        };
        let element = WideElement::new(index, 0, list, result);
        self.b.add_propagator(element).map_err(invalid)?;
        Ok(a)
    }

    /// The variable [`Posting::value_var`] made for `v`, if made.
    pub(crate) fn made_value_var(&self, v: usize) -> Option<usize> {
        self.value_vars.get(&v).copied()
    }

    /// Whether some variable of `vars` is written in two digits.
    pub(crate) fn any_in_digits(&self, vars: impl IntoIterator<Item = usize>) -> bool {
        vars.into_iter().any(|v| self.digits[v].is_some())
    }

    /// The error for a constraint that does not take variables written
    /// in two digits, naming the first of `vars` that is.
    pub(crate) fn refuse_in_digits(&self, vars: &[usize], what: &str, line: u32) -> XcspError {
        let v = *vars
            .iter()
            .find(|&&v| self.digits[v].is_some())
            .expect("a wide one");
        XcspError::unsupported(
            line,
            format!("{what} over a variable of {} values", self.values(v).len()),
            "past 64 values, a variable is read by sums, intensions, extensions and allDifferent",
        )
    }

    /// How many variables there are so far.
    pub(crate) fn domains_len(&self) -> usize {
        self.domains.len()
    }

    /// A new 0/1 variable.
    pub(crate) fn new_bool(&mut self, line: u32) -> Result<usize, XcspError> {
        self.new_var("(auxiliary)", vec![0, 1], line)
    }

    /// The model variable of `v`, one not written in two digits (see
    /// [`Posting::digits`] for those).
    pub(crate) fn var(&self, v: usize) -> VarId {
        self.model[v].expect("a variable not written in two digits")
    }

    /// The values of variable `v`, in index order.
    ///
    /// # Panics
    /// On a wide variable (constraints that read values refuse them).
    pub(crate) fn values(&self, v: usize) -> &[i64] {
        assert!(!self.wide[v], "a wide variable's values are not listed");
        &self.domains[v]
    }

    /// The domain index of `value` for variable `v`, if it is one of its
    /// values.
    pub(crate) fn index(&self, v: usize, value: i64) -> Option<u32> {
        debug_assert!(self.digits[v].is_none(), "a variable in two digits");
        self.values(v).binary_search(&value).ok()?;
        // Every value lies within `base..base + 64` (checked at the start).
        u32::try_from(value - self.bases[v]).ok()
    }

    /// Restricts variable `v` to the values `keep` says yes to (a
    /// relation between the digits of one written in two).
    pub(crate) fn restrict(&mut self, v: usize, keep: impl Fn(i64) -> bool) {
        if let Some(Digits { high, low }) = self.digits[v] {
            let values = &self.domains[v];
            let (vh, vl) = (self.var(high), self.var(low));
            let relation = BinaryRelation::new(vh, vl, 64, |h, l| {
                values
                    .get((MAX_VALUES * h + l) as usize)
                    .is_some_and(|&x| keep(x))
            });
            self.b.add_propagator(relation).expect("the digits exist");
            return;
        }
        let mask: ValueSet = (self.values(v).iter())
            .filter(|&&x| keep(x))
            .filter_map(|&x| self.index(v, x))
            .collect();
        let var = self.var(v);
        self.b.restrict(var, mask).expect("the variable exists");
    }
}

/// The constraints that read a variable of more than
/// [`MAX_DIGIT_VALUES`] values, by the names [`Kind::name`] gives, in
/// the order errors list them, each with what it takes: the one list
/// behind [`takes_wide`] and [`wide_readers`].
const WIDE_KINDS: &[(&str, &str)] = &[
    ("intension", " (pow by a constant exponent)"),
    ("sum", ""),
    (
        "allDifferent",
        " (of variables shifted by constants, and constants)",
    ),
    ("minimum", ""),
    ("maximum", ""),
    ("ordered", ""),
    ("allEqual", ""),
    ("element", ""),
    ("extension", ""),
    ("noOverlap", ""),
    ("cumulative", ""),
    ("instantiation", ""),
];

/// What reads a variable of more than [`MAX_DIGIT_VALUES`] values, for
/// errors (from [`WIDE_KINDS`]).
pub(crate) fn wide_readers() -> String {
    let names: Vec<String> = (WIDE_KINDS.iter())
        .map(|(name, takes)| format!("<{name}>{takes}"))
        .collect();
    let (last, rest) = names.split_last().expect("kinds");
    format!(
        "past {MAX_DIGIT_VALUES} values, a variable is read by {} and {last}",
        rest.join(", ")
    )
}

/// Whether constraints of `kind` take wide variables (when they do not,
/// [`compile`] refuses them over one, by name): those of [`WIDE_KINDS`]
/// (an `<allDifferent>` of lists is not).
fn takes_wide(kind: &Kind) -> bool {
    !matches!(kind, Kind::AllDifferentLists(_))
        && WIDE_KINDS.iter().any(|&(name, _)| name == kind.name())
}

/// The instance's variables that are made wide though they have at most
/// [`MAX_DIGIT_VALUES`] values: those of a scheduling constraint
/// (`<noOverlap>`, `<cumulative>`, which reason on bounds; `<cumulative>`
/// takes no digits) when every constraint over them takes wide
/// variables. The others of 65 to 4,096 values keep two digits, which
/// every constraint reads.
fn made_wide(instance: &Instance, extra: Option<&Constraint>) -> Vec<bool> {
    let n = instance.variables.len();
    let (mut wanted, mut blocked) = (vec![false; n], vec![false; n]);
    for c in instance.constraints.iter().chain(extra) {
        if matches!(c.kind, Kind::Cumulative { .. } | Kind::NoOverlap { .. }) {
            for v in c.vars() {
                wanted[v] = true;
            }
        } else if !takes_wide(&c.kind)
            || matches!(
                c.kind,
                Kind::AllDifferent { .. }
                    | Kind::Element { .. }
                    | Kind::ElementMatrix { .. }
                    | Kind::Extension { .. }
            )
        {
            // An allDifferent keeps its variables narrow: its matching
            // prunes more than bounds do; so do an element (its table of
            // cases) and a table.
            for v in c.vars() {
                blocked[v] = true;
            }
        }
    }
    (0..n).map(|v| wanted[v] && !blocked[v]).collect()
}

/// The model of `instance`: its constraints (its objective, if any, is
/// left to [`compile_better_than`]).
pub fn compile(instance: &Instance) -> Result<Compiled, XcspError> {
    compile_with(instance, None, true)
}

/// The model of `instance` with every domain as declared: the variables
/// of more than 64 values not narrowed to the bounds that the linear
/// constraints imply (as [`compile`] does, see `root_bounds`). The same
/// solutions; for measuring what the narrowing changes, and for testing
/// the digits and wide variables that it would otherwise turn narrow.
pub fn compile_as_declared(instance: &Instance) -> Result<Compiled, XcspError> {
    compile_with(instance, None, false)
}

/// The model of `instance` whose solutions are better than `bound` for its
/// objective (below it when minimizing, above when maximizing): a step
/// of branch and bound. Without an objective, the model of [`compile`].
pub fn compile_better_than(instance: &Instance, bound: i64) -> Result<Compiled, XcspError> {
    let better = instance.objective.as_ref().map(|o| o.better_than(bound));
    compile_with(instance, better.as_ref(), true)
}

fn compile_with(
    instance: &Instance,
    extra: Option<&Constraint>,
    narrow: bool,
) -> Result<Compiled, XcspError> {
    let mut posting = Posting {
        b: ModelBuilder::new(),
        domains: Vec::new(),
        bases: Vec::new(),
        digits: Vec::new(),
        wide: Vec::new(),
        model: Vec::new(),
        model_bases: Vec::new(),
        labels: Vec::new(),
        auxiliary: 0,
        table_cells: 0,
        value_vars: std::collections::HashMap::new(),
    };
    let made_wide = made_wide(instance, extra);
    // Not by `extra`: every step of branch and bound reads its solutions
    // through the first step's domains.
    let domains = if narrow {
        root_bounds::narrowed(instance)
    } else {
        instance
            .variables
            .iter()
            .map(|v| v.domain.clone())
            .collect()
    };
    for ((var, &wide), domain) in instance.variables.iter().zip(&made_wide).zip(domains) {
        let name = &var.name;
        if wide && domain.span() > MAX_VALUES as u64 {
            posting.new_wide(name, name.clone(), &domain, var.line)?;
        } else {
            posting.new_named(name, name.clone(), domain, var.line)?;
        }
    }
    // Their digits after them all: the instance's `i`th variable is the
    // `i`th here.
    for (v, var) in instance.variables.iter().enumerate() {
        posting.write_in_digits(v, &var.name, &var.name, var.line)?;
    }
    let p = &mut posting;
    // The propagators each constraint became, by its name.
    let mut spans: Vec<(std::ops::Range<usize>, &'static str)> = Vec::new();
    for (k, c) in instance.constraints.iter().chain(extra).enumerate() {
        let line = c.line;
        let first = p.b.num_propagators();
        let name = if k < instance.constraints.len() {
            c.kind.name()
        } else {
            "objective"
        };
        if p.wide.iter().any(|&w| w) && !takes_wide(&c.kind) {
            let vars = c.vars();
            if let Some(&v) = vars.iter().find(|&&v| p.is_wide(v)) {
                return Err(XcspError::unsupported(
                    line,
                    format!(
                        "<{}> over {}, a variable of more than {MAX_DIGIT_VALUES} values",
                        c.kind.name(),
                        instance
                            .variables
                            .get(v)
                            .map_or("an auxiliary variable", |x| x.name.as_str())
                    ),
                    &wide_readers(),
                ));
            }
        }
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
                    p.fix(v, value, line)?;
                }
            }
            Kind::NoOverlap {
                origins,
                lengths,
                zero_ignored,
            } => no_overlap::post(p, origins, lengths, *zero_ignored, line)?,
            Kind::Cumulative {
                origins,
                lengths,
                heights,
                condition,
            } => cumulative::post(p, origins, lengths, heights, condition, line)?,
        }
        spans.push((first..p.b.num_propagators(), name));
    }
    let readings = (0..instance.variables.len())
        .map(|v| match posting.digits[v] {
            None => Reading::Index {
                var: posting.var(v).index(),
                base: posting.bases[v],
            },
            Some(Digits { high, low }) => Reading::Digits {
                high: posting.var(high).index(),
                low: posting.var(low).index(),
                values: posting.domains[v].clone(),
            },
        })
        .collect();
    let model = posting.b.build();
    let sources = rule_sources(&model, &spans);
    Ok(Compiled {
        model,
        sources,
        bases: posting.model_bases,
        labels: posting.labels,
        names: instance.variables.iter().map(|v| v.name.clone()).collect(),
        readings,
    })
}

/// The rules the propagators of `spans` (ranges of the model's
/// propagators, each with the constraint it was posted for) credit, each
/// with its constraints' names in the order met, in [`Rule::ALL`] order.
fn rule_sources(
    model: &Model,
    spans: &[(std::ops::Range<usize>, &'static str)],
) -> Vec<(Rule, Vec<&'static str>)> {
    let mut sources: Vec<(Rule, Vec<&'static str>)> =
        Rule::ALL.iter().map(|&r| (r, Vec::new())).collect();
    let position = |rule: Rule| Rule::ALL.iter().position(|&r| r == rule);
    for (range, name) in spans {
        for propagator in &model.propagators()[range.clone()] {
            let mut rules = vec![propagator.rule()];
            if propagator.is_forward_checking_group() {
                // A group's propagator, and the house rules over groups.
                rules.extend([Rule::HiddenSingles, Rule::LockedCandidates, Rule::Gac]);
            }
            for rule in rules {
                if let Some(names) = position(rule).map(|i| &mut sources[i].1)
                    && !names.contains(name)
                {
                    names.push(name);
                }
            }
        }
    }
    sources.retain(|(_, names)| !names.is_empty());
    sources
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

//! The constraints of an instance, as read.

use crate::expression::{Expr, Op};

/// A relation of a condition: `(le, 10)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    /// `lt`.
    Lt,
    /// `le`.
    Le,
    /// `ge`.
    Ge,
    /// `gt`.
    Gt,
    /// `ne`.
    Ne,
    /// `eq`.
    Eq,
}

impl Relation {
    /// The relation named `name` (`lt`, `le`...).
    pub fn named(name: &str) -> Option<Relation> {
        Some(match name {
            "lt" => Relation::Lt,
            "le" => Relation::Le,
            "ge" => Relation::Ge,
            "gt" => Relation::Gt,
            "ne" => Relation::Ne,
            "eq" => Relation::Eq,
            _ => return None,
        })
    }

    /// The operator of expressions that says it.
    pub fn op(self) -> Op {
        match self {
            Relation::Lt => Op::Lt,
            Relation::Le => Op::Le,
            Relation::Ge => Op::Ge,
            Relation::Gt => Op::Gt,
            Relation::Ne => Op::Ne,
            Relation::Eq => Op::Eq,
        }
    }

    /// The relation the comparison operator `op` says (`None`: `op` is
    /// no comparison): the inverse of [`Relation::op`].
    pub fn of_op(op: Op) -> Option<Relation> {
        Some(match op {
            Op::Lt => Relation::Lt,
            Op::Le => Relation::Le,
            Op::Ge => Relation::Ge,
            Op::Gt => Relation::Gt,
            Op::Ne => Relation::Ne,
            Op::Eq => Relation::Eq,
            _ => return None,
        })
    }

    /// The relation that holds exactly where it does not (`lt` for `ge`).
    pub fn negated(self) -> Relation {
        match self {
            Relation::Lt => Relation::Ge,
            Relation::Le => Relation::Gt,
            Relation::Ge => Relation::Lt,
            Relation::Gt => Relation::Le,
            Relation::Ne => Relation::Eq,
            Relation::Eq => Relation::Ne,
        }
    }

    /// Whether `a` and `b` stand in it.
    pub fn holds(self, a: i64, b: i64) -> bool {
        match self {
            Relation::Lt => a < b,
            Relation::Le => a <= b,
            Relation::Ge => a >= b,
            Relation::Gt => a > b,
            Relation::Ne => a != b,
            Relation::Eq => a == b,
        }
    }
}

/// What a condition compares with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Condition {
    /// A relation to a value or variable: `(le, 10)`, `(eq, z)`.
    Compare(Relation, Operand),
    /// Membership of a range: `(in, 2..5)`.
    InRange(i64, i64),
    /// Membership of a set: `(in, {1,3,5})`, or not (`notin`).
    InSet(Vec<i64>, bool),
}

/// A value or a variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    /// A constant.
    Value(i64),
    /// A variable, by index.
    Var(usize),
}

/// A constraint, with the line of its element.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Constraint {
    /// What it says.
    pub kind: Kind,
    /// The line of its element (of the group's template for a group).
    pub line: u32,
}

/// The constraints read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A predicate: the expression is true (non-zero).
    Intension(Expr),
    /// The variables take one of the tuples (`supports`), or none of them
    /// (`conflicts`); `None` in a tuple is `*`, any value.
    Extension {
        /// The variables.
        scope: Vec<usize>,
        /// The tuples.
        tuples: Vec<Vec<Option<i64>>>,
        /// Supports (allowed) or conflicts (forbidden).
        supports: bool,
    },
    /// The terms take distinct values, except the values of `except`.
    AllDifferent {
        /// Variables, values or expressions.
        terms: Vec<Expr>,
        /// Values that may repeat.
        except: Vec<i64>,
    },
    /// The tuples of values of the lists differ pairwise (`<allDifferent>`
    /// with several `<list>`s, and the rows and columns of a `<matrix>`
    /// as plain groups).
    AllDifferentLists(Vec<Vec<Expr>>),
    /// The terms take one value.
    AllEqual(Vec<Expr>),
    /// Consecutive terms stand in the relation (`lt`, `le`, `ge`, `gt`),
    /// `terms[i] + lengths[i]` against `terms[i + 1]` where lengths are
    /// given.
    Ordered {
        /// Variables or expressions.
        terms: Vec<Expr>,
        /// Empty, or one fewer than the terms.
        lengths: Vec<Expr>,
        /// The relation.
        relation: Relation,
    },
    /// Consecutive lists are in lexicographic order by the relation
    /// (`lt`, `le`, `ge`, `gt`).
    Lex {
        /// The lists (for a `<matrix>`: its rows, then its columns, as
        /// two constraints).
        lists: Vec<Vec<Expr>>,
        /// The relation.
        relation: Relation,
    },
    /// `sum(coefs[i] * terms[i])` meets the condition (coefficients may
    /// be variables).
    Sum {
        /// Variables or expressions.
        terms: Vec<Expr>,
        /// One per term.
        coefs: Vec<Expr>,
        /// The condition.
        condition: Condition,
    },
    /// How many terms take one of `values` meets the condition.
    Count {
        /// Variables or expressions.
        terms: Vec<Expr>,
        /// The values counted (constants or variables).
        values: Vec<Expr>,
        /// The condition.
        condition: Condition,
    },
    /// How many distinct values the terms take (those of `except` not
    /// counted) meets the condition.
    NValues {
        /// Variables or expressions.
        terms: Vec<Expr>,
        /// Values not counted.
        except: Vec<i64>,
        /// The condition.
        condition: Condition,
    },
    /// Value `values[j]` occurs `occurs[j]` times among the terms (a value,
    /// a variable or a range); closed: no other value occurs.
    Cardinality {
        /// Variables.
        terms: Vec<Expr>,
        /// The values.
        values: Vec<i64>,
        /// One per value: `eq(count, occurs)` as a condition.
        occurs: Vec<Condition>,
        /// No value outside `values`.
        closed: bool,
    },
    /// `terms[index - start]` meets the condition (`index` absent: some
    /// term does).
    Element {
        /// The list.
        terms: Vec<Expr>,
        /// The index variable, if any.
        index: Option<usize>,
        /// The index of the first term.
        start: i64,
        /// What the term at the index meets.
        condition: Condition,
    },
    /// `rows[row - row_start][col - col_start]` meets the condition.
    ElementMatrix {
        /// The matrix, row by row.
        rows: Vec<Vec<Expr>>,
        /// The row and column index variables.
        index: (usize, usize),
        /// The indices of the first row and column.
        starts: (i64, i64),
        /// What the term at the index meets.
        condition: Condition,
    },
    /// The smallest (`max` false) or largest term meets the condition.
    Extremum {
        /// Variables or expressions.
        terms: Vec<Expr>,
        /// Largest rather than smallest.
        max: bool,
        /// The condition.
        condition: Condition,
    },
    /// `list[i] = j` exactly when `other[j] = i` (indices from the
    /// starts); without `other`, `list` is its own inverse.
    Channel {
        /// The first list.
        list: Vec<usize>,
        /// Its start index.
        start: i64,
        /// The second list and its start, if any.
        other: Option<(Vec<usize>, i64)>,
    },
    /// The variables spell a word of an automaton (`<regular>`; an
    /// `<mdd>` is read as one: its root the start, its terminal the one
    /// final state).
    Regular {
        /// The variables, in order.
        list: Vec<usize>,
        /// The transitions: from, value, to.
        transitions: Vec<(String, i64, String)>,
        /// The start state.
        start: String,
        /// The final states.
        finals: Vec<String>,
    },
    /// Value precedence: a value of `values` occurs in `list` only after
    /// every value before it in `values` has occurred; with `covered`,
    /// every one of `values` occurs.
    Precedence {
        /// The variables, in order.
        list: Vec<usize>,
        /// The values, in their order of precedence.
        values: Vec<i64>,
        /// Whether each value must occur.
        covered: bool,
    },
    /// Each variable takes its value.
    Instantiation {
        /// The variables.
        vars: Vec<usize>,
        /// Their values.
        values: Vec<i64>,
    },
    /// No two boxes overlap: box `i` spans `origins[i][d]` to
    /// `origins[i][d] + lengths[i][d]` (excluded) in each dimension `d`
    /// (one for tasks in time, two for rectangles). With `zero_ignored`
    /// (the default), a box of length 0 in some dimension overlaps
    /// nothing.
    NoOverlap {
        /// Each box's origin, one term per dimension.
        origins: Vec<Vec<Expr>>,
        /// Each box's lengths, one per dimension.
        lengths: Vec<Vec<Expr>>,
        /// Boxes of length 0 are left out.
        zero_ignored: bool,
    },
    /// At each time, the heights of the tasks that run (task `i` from
    /// `origins[i]` for `lengths[i]`, excluded) add up to a total that
    /// meets the condition.
    Cumulative {
        /// Each task's start.
        origins: Vec<Expr>,
        /// Each task's duration.
        lengths: Vec<Expr>,
        /// Each task's use of the resource.
        heights: Vec<Expr>,
        /// What the total use meets at every time.
        condition: Condition,
    },
}

/// The constraint elements this reader takes, besides `<group>`,
/// `<block>` and `<slide>`: what errors about the others list.
pub const READ: [&str; 20] = [
    "intension",
    "extension",
    "allDifferent",
    "allEqual",
    "ordered",
    "lex",
    "sum",
    "count",
    "nValues",
    "cardinality",
    "element",
    "minimum",
    "maximum",
    "channel",
    "regular",
    "mdd",
    "precedence",
    "instantiation",
    "noOverlap",
    "cumulative",
];

impl Kind {
    /// The XCSP3 element it was read from, as [`READ`] names it (an
    /// `mdd` reads as the automaton `regular`; a matrix element as
    /// `element`).
    pub fn name(&self) -> &'static str {
        match self {
            Kind::Intension(_) => "intension",
            Kind::Extension { .. } => "extension",
            Kind::AllDifferent { .. } | Kind::AllDifferentLists(_) => "allDifferent",
            Kind::AllEqual(_) => "allEqual",
            Kind::Ordered { .. } => "ordered",
            Kind::Lex { .. } => "lex",
            Kind::Sum { .. } => "sum",
            Kind::Count { .. } => "count",
            Kind::NValues { .. } => "nValues",
            Kind::Cardinality { .. } => "cardinality",
            Kind::Element { .. } | Kind::ElementMatrix { .. } => "element",
            Kind::Extremum { max: true, .. } => "maximum",
            Kind::Extremum { max: false, .. } => "minimum",
            Kind::Channel { .. } => "channel",
            Kind::Regular { .. } => "regular",
            Kind::Precedence { .. } => "precedence",
            Kind::Instantiation { .. } => "instantiation",
            Kind::NoOverlap { .. } => "noOverlap",
            Kind::Cumulative { .. } => "cumulative",
        }
    }
}

impl Constraint {
    /// The variables it mentions, each once.
    pub fn vars(&self) -> Vec<usize> {
        let mut out: Vec<usize> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut add = |e: &Expr| {
            for v in e.vars() {
                if seen.insert(v) {
                    out.push(v);
                }
            }
        };
        let operand = |c: &Condition| match c {
            Condition::Compare(_, Operand::Var(v)) => Some(Expr::Var(*v)),
            _ => None,
        };
        match &self.kind {
            Kind::Intension(e) => add(e),
            Kind::ElementMatrix {
                rows,
                index,
                condition,
                ..
            } => {
                rows.iter().flatten().for_each(&mut add);
                add(&Expr::Var(index.0));
                add(&Expr::Var(index.1));
                operand(condition).iter().for_each(&mut add);
            }
            Kind::Extension { scope, .. }
            | Kind::Instantiation { vars: scope, .. }
            | Kind::Regular { list: scope, .. }
            | Kind::Precedence { list: scope, .. } => {
                scope.iter().for_each(|&v| add(&Expr::Var(v)))
            }
            Kind::AllDifferent { terms, .. } | Kind::AllEqual(terms) => {
                terms.iter().for_each(&mut add)
            }
            Kind::AllDifferentLists(lists) | Kind::Lex { lists, .. } => {
                lists.iter().flatten().for_each(&mut add)
            }
            Kind::Ordered { terms, lengths, .. } => terms.iter().chain(lengths).for_each(&mut add),
            Kind::Sum {
                terms,
                coefs,
                condition,
            } => {
                terms.iter().chain(coefs).for_each(&mut add);
                operand(condition).iter().for_each(&mut add);
            }
            Kind::Count {
                terms,
                values,
                condition,
            } => {
                terms.iter().chain(values).for_each(&mut add);
                operand(condition).iter().for_each(&mut add);
            }
            Kind::NValues {
                terms, condition, ..
            }
            | Kind::Extremum {
                terms, condition, ..
            } => {
                terms.iter().for_each(&mut add);
                operand(condition).iter().for_each(&mut add);
            }
            Kind::Cardinality { terms, occurs, .. } => {
                terms.iter().for_each(&mut add);
                occurs.iter().filter_map(operand).for_each(|e| add(&e));
            }
            Kind::Element {
                terms,
                index,
                condition,
                ..
            } => {
                terms.iter().for_each(&mut add);
                index.iter().for_each(|&v| add(&Expr::Var(v)));
                operand(condition).iter().for_each(&mut add);
            }
            Kind::Channel { list, other, .. } => {
                let others = other.iter().flat_map(|(o, _)| o.iter());
                list.iter().chain(others).for_each(|&v| add(&Expr::Var(v)))
            }
            Kind::NoOverlap {
                origins, lengths, ..
            } => origins.iter().chain(lengths).flatten().for_each(&mut add),
            Kind::Cumulative {
                origins,
                lengths,
                heights,
                condition,
            } => {
                origins
                    .iter()
                    .chain(lengths)
                    .chain(heights)
                    .for_each(&mut add);
                operand(condition).iter().for_each(&mut add);
            }
        }
        out
    }
}

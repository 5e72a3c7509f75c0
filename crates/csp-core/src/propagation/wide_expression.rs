//! Any arithmetic and logical expression over narrow and wide variables,
//! true (non-zero): bounds by interval reasoning on its tree (HC4-revise).

use std::cell::RefCell;

use super::work_space::with_work_space;
use super::{Conflict, Events, PropagationContext, PropagationLevel, Propagator, Rule};
use crate::VarId;

/// A function of [`Term::Apply`], over 64-bit integers; a truth value is
/// non-zero for true, and a comparison or connective gives 1 or 0.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Function {
    /// `-x`.
    Neg,
    /// `|x|`.
    Abs,
    /// `x + y + ...` (no argument: 0).
    Add,
    /// `x - y`.
    Sub,
    /// `x · y`.
    Mul,
    /// `x / y`, rounded towards zero; undefined when `y` is 0.
    Div,
    /// The remainder of [`Function::Div`] (the sign of `x`); undefined
    /// when `y` is 0.
    Mod,
    /// The least of one argument or more.
    Min,
    /// The greatest of one argument or more.
    Max,
    /// `x < y`.
    Lt,
    /// `x ≤ y`.
    Le,
    /// `x > y`.
    Gt,
    /// `x ≥ y`.
    Ge,
    /// `x = y`.
    Eq,
    /// `x ≠ y`.
    Ne,
    /// `x` is 0.
    Not,
    /// Every argument is non-zero (no argument: true).
    And,
    /// Some argument is non-zero (no argument: false).
    Or,
    /// Exactly one of `x` and `y` is non-zero.
    Xor,
    /// Both of `x` and `y` are non-zero, or neither.
    Iff,
    /// `if c then x else y`: `x` where `c` is non-zero, else `y`.
    If,
}

impl Function {
    /// How many arguments it takes: exactly `n` (`Some(n)`), or any
    /// number from the first.
    fn arity(self) -> (usize, Option<usize>) {
        use Function::*;
        match self {
            Neg | Abs | Not => (1, Some(1)),
            Sub | Mul | Div | Mod | Lt | Le | Gt | Ge | Eq | Ne | Xor | Iff => (2, Some(2)),
            If => (3, Some(3)),
            Min | Max => (1, None),
            Add | And | Or => (0, None),
        }
    }
}

/// An expression over variables: its value is that of 64-bit arithmetic,
/// undefined where a step passes 64 bits or divides by 0 (every argument
/// is evaluated, also the branch of an `if` not taken).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Term {
    /// The value of `var` is `offset` plus its index.
    Var {
        /// The variable.
        var: VarId,
        /// The value of its index 0.
        offset: i64,
    },
    /// A constant.
    Const(i64),
    /// `function` of the arguments.
    Apply(Function, Vec<Term>),
}

/// One node of the flattened tree, its arguments before it.
#[derive(Clone, Copy, Debug)]
enum Node {
    /// Variable `scope[local]` plus `offset`.
    Var {
        local: u32,
        offset: i64,
    },
    Const(i64),
    /// `function` of the nodes `children[first..first + count]`.
    Apply {
        function: Function,
        first: u32,
        count: u32,
    },
}

/// A closed interval of integers, exact in 128 bits.
type Interval = (i128, i128);

/// The values a defined step can take.
const DEFINED: Interval = (i64::MIN as i128, i64::MAX as i128);

/// The intervals of one run, node by node.
#[derive(Default)]
struct Space {
    of: Vec<Interval>,
    values: Vec<i64>,
}

thread_local! {
    static SPACE: RefCell<Space> = RefCell::default();
}

/// The most rounds of narrowing one run makes (a round reads the tree up
/// and narrows it down): past them it stops short of its fixpoint, as
/// `x < y ∧ y < x` over 2^31 values would move one value a round.
const MAX_ROUNDS: usize = 64;

/// `term` is true (non-zero), over variables of either kind
/// ([`Propagator::takes_wide`]): every node of the tree gets the interval
/// of the values it can take, from its arguments up to the root, the
/// root is made non-zero, and each node's interval then narrows its
/// arguments' down to the variables' bounds (HC4-revise, Benhamou et
/// al. 1999), repeated while a bound moves. Holes are neither read nor
/// made: it wakes on bounds and assignments. A step undefined for every
/// value left (a division by 0 only) fails.
///
/// Below [`PropagationLevel::Singles`] it checks once every variable is
/// assigned, as forward checking does.
#[derive(Clone, Debug)]
pub struct WideExpression {
    scope: Vec<VarId>,
    /// The tree in post order: the root last.
    nodes: Vec<Node>,
    /// The arguments of each node, node indices.
    children: Vec<u32>,
}

impl WideExpression {
    /// `term` is true.
    ///
    /// # Panics
    /// If a function has a wrong number of arguments.
    pub fn new(term: &Term) -> Self {
        let mut e = WideExpression {
            scope: Vec::new(),
            nodes: Vec::new(),
            children: Vec::new(),
        };
        // Post order without recursion: (term, whether its arguments are
        // placed), their indices gathered on `placed`.
        let mut todo: Vec<(&Term, bool)> = vec![(term, false)];
        let mut placed: Vec<u32> = Vec::new();
        while let Some((t, ready)) = todo.pop() {
            let node = match t {
                Term::Var { var, offset } => {
                    let local = match e.scope.iter().position(|v| v == var) {
                        Some(k) => k,
                        None => {
                            e.scope.push(*var);
                            e.scope.len() - 1
                        }
                    };
                    Node::Var {
                        local: local as u32,
                        offset: *offset,
                    }
                }
                Term::Const(c) => Node::Const(*c),
                Term::Apply(function, args) if !ready => {
                    let (least, most) = function.arity();
                    assert!(
                        args.len() >= least && most.is_none_or(|m| args.len() == m),
                        "{function:?} of {} arguments",
                        args.len()
                    );
                    todo.push((t, true));
                    todo.extend(args.iter().rev().map(|a| (a, false)));
                    continue;
                }
                Term::Apply(function, args) => {
                    let first = e.children.len() as u32;
                    let from = placed.len() - args.len();
                    e.children.extend(placed.drain(from..));
                    Node::Apply {
                        function: *function,
                        first,
                        count: args.len() as u32,
                    }
                }
            };
            placed.push(e.nodes.len() as u32);
            e.nodes.push(node);
        }
        e
    }

    fn args(&self, first: u32, count: u32) -> &[u32] {
        &self.children[first as usize..(first + count) as usize]
    }

    /// The value of the tree where variable `scope[k]` has index
    /// `index(k)`: `None` where a step is undefined.
    fn evaluate(&self, index: &dyn Fn(usize) -> u32, values: &mut Vec<i64>) -> Option<i64> {
        values.clear();
        for node in &self.nodes {
            let value = match *node {
                Node::Var { local, offset } => offset.checked_add(i64::from(index(local as usize))),
                Node::Const(c) => Some(c),
                Node::Apply {
                    function,
                    first,
                    count,
                } => {
                    let args = self.args(first, count);
                    let v = |k: usize| values[args[k] as usize];
                    apply(function, args.len(), &v)
                }
            }?;
            values.push(value);
        }
        values.last().copied()
    }
}

/// `function` of the values `v(0)..v(n - 1)`, as [`Term`] defines it.
fn apply(function: Function, n: usize, v: &dyn Fn(usize) -> i64) -> Option<i64> {
    use Function::*;
    let b = |x: bool| Some(i64::from(x));
    let all = || (0..n).map(v);
    match function {
        Neg => v(0).checked_neg(),
        Abs => v(0).checked_abs(),
        Add => all().try_fold(0i64, |s, x| s.checked_add(x)),
        Sub => v(0).checked_sub(v(1)),
        Mul => v(0).checked_mul(v(1)),
        Div => v(0).checked_div(v(1)),
        Mod => v(0).checked_rem(v(1)),
        Min => all().min(),
        Max => all().max(),
        Lt => b(v(0) < v(1)),
        Le => b(v(0) <= v(1)),
        Gt => b(v(0) > v(1)),
        Ge => b(v(0) >= v(1)),
        Eq => b(v(0) == v(1)),
        Ne => b(v(0) != v(1)),
        Not => b(v(0) == 0),
        And => b(all().all(|x| x != 0)),
        Or => b(all().any(|x| x != 0)),
        Xor => b((v(0) != 0) != (v(1) != 0)),
        Iff => b((v(0) != 0) == (v(1) != 0)),
        If => Some(if v(0) != 0 { v(1) } else { v(2) }),
    }
}

/// Whether every value of `x` is true (`Some(true)`), every one false
/// (`Some(false)`), or neither.
fn truth(x: Interval) -> Option<bool> {
    if x == (0, 0) {
        Some(false)
    } else if x.0 > 0 || x.1 < 0 {
        Some(true)
    } else {
        None
    }
}

/// The interval of a truth value.
fn of_truth(t: Option<bool>) -> Interval {
    match t {
        Some(true) => (1, 1),
        Some(false) => (0, 0),
        None => (0, 1),
    }
}

fn hull(a: Interval, b: Interval) -> Interval {
    (a.0.min(b.0), a.1.max(b.1))
}

/// The part of `y` below 0 and the part above, each if not empty.
fn signed_parts(y: Interval) -> [Option<Interval>; 2] {
    let below = (y.0 <= -1).then_some((y.0, y.1.min(-1)));
    let above = (y.1 >= 1).then_some((y.0.max(1), y.1));
    [below, above]
}

/// `x · y` for the extremes of both.
fn times(x: Interval, y: Interval) -> Interval {
    let c = [x.0 * y.0, x.0 * y.1, x.1 * y.0, x.1 * y.1];
    (
        *c.iter().min().expect("four"),
        *c.iter().max().expect("four"),
    )
}

/// The integers `q` with `q · d` in `t` for some real `d` of `part`
/// (which holds no 0): `⌈min t/d⌉..⌊max t/d⌋` over the four corners.
fn quotients(t: Interval, part: Interval) -> Interval {
    let corners = [(t.0, part.0), (t.0, part.1), (t.1, part.0), (t.1, part.1)];
    let (mut lo, mut hi) = (i128::MAX, i128::MIN);
    for (n, d) in corners {
        let (n, d) = if d < 0 { (-n, -d) } else { (n, d) };
        lo = lo.min(-(-n).div_euclid(d));
        hi = hi.max(n.div_euclid(d));
    }
    (lo, hi)
}

/// The values `x / y` (rounded towards zero) takes, `y` not 0: its
/// extremes lie on the corners, for each sign of `y`.
fn divided(x: Interval, y: Interval) -> Option<Interval> {
    let mut out: Option<Interval> = None;
    for part in signed_parts(y).into_iter().flatten() {
        let c = [x.0 / part.0, x.0 / part.1, x.1 / part.0, x.1 / part.1];
        let q = (
            *c.iter().min().expect("four"),
            *c.iter().max().expect("four"),
        );
        out = Some(out.map_or(q, |o| hull(o, q)));
    }
    out
}

/// The `x` with `x / y` (rounded towards zero) in `q` for some `y` of
/// `y`, all positive: `x = q·y + r` with `0 ≤ r < y` where `x ≥ 0`,
/// `-y < r ≤ 0` where `x ≤ 0`.
fn dividends(q: Interval, y: Interval) -> Interval {
    let lo = if q.0 > 0 {
        q.0 * y.0
    } else {
        q.0 * y.1 - (y.1 - 1)
    };
    let hi = if q.1 < 0 {
        q.1 * y.0
    } else {
        q.1 * y.1 + (y.1 - 1)
    };
    (lo, hi)
}

/// The largest `|y|` of `y` less 1: the largest remainder's size.
fn largest_remainder(y: Interval) -> i128 {
    y.0.abs().max(y.1.abs()) - 1
}

/// `x` less 0 at its ends (a value that must be non-zero).
fn nonzero(x: Interval) -> Interval {
    let lo = if x.0 == 0 { 1 } else { x.0 };
    let hi = if x.1 == 0 { -1 } else { x.1 };
    (lo, hi)
}

/// `x` with `v` gone from its ends.
fn without(x: Interval, v: i128) -> Interval {
    let lo = if x.0 == v { x.0 + 1 } else { x.0 };
    let hi = if x.1 == v { x.1 - 1 } else { x.1 };
    (lo, hi)
}

/// The comparison that is true exactly where `f` is false.
fn negated(f: Function) -> Function {
    use Function::*;
    match f {
        Lt => Ge,
        Le => Gt,
        Gt => Le,
        Ge => Lt,
        Eq => Ne,
        Ne => Eq,
        other => other,
    }
}

impl WideExpression {
    /// Every node's interval, its arguments' first; `Err` where one is
    /// empty (no value of the variables makes that step defined).
    fn forward(&self, ctx: &PropagationContext<'_>, of: &mut [Interval]) -> Result<(), Conflict> {
        use Function::*;
        for (n, node) in self.nodes.iter().enumerate() {
            let iv = match *node {
                Node::Var { local, offset } => {
                    let var = self.scope[local as usize];
                    let (lo, hi) = (
                        ctx.lower(var).ok_or(Conflict)?,
                        ctx.upper(var).ok_or(Conflict)?,
                    );
                    let offset = i128::from(offset);
                    (offset + i128::from(lo), offset + i128::from(hi))
                }
                Node::Const(c) => (i128::from(c), i128::from(c)),
                Node::Apply {
                    function,
                    first,
                    count,
                } => {
                    let args = self.args(first, count);
                    let a = |k: usize| of[args[k] as usize];
                    let each = || args.iter().map(|&c| of[c as usize]);
                    match function {
                        Neg => (-a(0).1, -a(0).0),
                        Abs => {
                            let x = a(0);
                            if x.0 >= 0 {
                                x
                            } else if x.1 <= 0 {
                                (-x.1, -x.0)
                            } else {
                                (0, (-x.0).max(x.1))
                            }
                        }
                        // Each partial sum defined, as 64-bit steps are.
                        Add => each()
                            .try_fold((0, 0), |s, x| {
                                let s = ((s.0 + x.0).max(DEFINED.0), (s.1 + x.1).min(DEFINED.1));
                                (s.0 <= s.1).then_some(s)
                            })
                            .ok_or(Conflict)?,
                        Sub => (a(0).0 - a(1).1, a(0).1 - a(1).0),
                        Mul => times(a(0), a(1)),
                        Div => divided(a(0), a(1)).ok_or(Conflict)?,
                        Mod => {
                            let (x, y) = (a(0), a(1));
                            if y == (0, 0) {
                                return Err(Conflict);
                            }
                            if x.0 == x.1 && y.0 == y.1 {
                                let r = (x.0 as i64).checked_rem(y.0 as i64).ok_or(Conflict)?;
                                (i128::from(r), i128::from(r))
                            } else {
                                let m = largest_remainder(y);
                                (x.0.max(-m).min(0), x.1.min(m).max(0))
                            }
                        }
                        Min => each()
                            .reduce(|s, x| (s.0.min(x.0), s.1.min(x.1)))
                            .ok_or(Conflict)?,
                        Max => each()
                            .reduce(|s, x| (s.0.max(x.0), s.1.max(x.1)))
                            .ok_or(Conflict)?,
                        Lt | Le | Gt | Ge | Eq | Ne => of_truth(compared(function, a(0), a(1))),
                        Not => of_truth(truth(a(0)).map(|t| !t)),
                        And => {
                            if each().any(|x| truth(x) == Some(false)) {
                                (0, 0)
                            } else if each().all(|x| truth(x) == Some(true)) {
                                (1, 1)
                            } else {
                                (0, 1)
                            }
                        }
                        Or => {
                            if each().any(|x| truth(x) == Some(true)) {
                                (1, 1)
                            } else if each().all(|x| truth(x) == Some(false)) {
                                (0, 0)
                            } else {
                                (0, 1)
                            }
                        }
                        Xor | Iff => of_truth(
                            truth(a(0))
                                .zip(truth(a(1)))
                                .map(|(p, q)| (p != q) == (function == Xor)),
                        ),
                        If => match truth(a(0)) {
                            Some(true) => a(1),
                            Some(false) => a(2),
                            None => hull(a(1), a(2)),
                        },
                    }
                }
            };
            let iv = (iv.0.max(DEFINED.0), iv.1.min(DEFINED.1));
            if iv.0 > iv.1 {
                return Err(Conflict);
            }
            of[n] = iv;
        }
        Ok(())
    }

    /// Narrows the arguments of every node to what its interval allows,
    /// from the root down, then the variables' bounds to their leaves';
    /// whether a bound moved.
    fn backward(
        &self,
        ctx: &mut PropagationContext<'_>,
        of: &mut [Interval],
    ) -> Result<bool, Conflict> {
        use Function::*;
        let root = self.nodes.len() - 1;
        of[root] = nonzero(of[root]);
        let mut moved = false;
        for n in (0..self.nodes.len()).rev() {
            let t = of[n];
            if t.0 > t.1 {
                return Err(Conflict);
            }
            let (function, args) = match self.nodes[n] {
                Node::Var { local, offset } => {
                    let var = self.scope[local as usize];
                    let (lo, hi) = (
                        ctx.lower(var).ok_or(Conflict)?,
                        ctx.upper(var).ok_or(Conflict)?,
                    );
                    let offset = i128::from(offset);
                    let (want_lo, want_hi) = (t.0 - offset, t.1 - offset);
                    if want_lo > i128::from(hi) || want_hi < i128::from(lo) {
                        return Err(Conflict);
                    }
                    if want_lo > i128::from(lo) {
                        ctx.raise_lower(var, want_lo as u32)?;
                        moved = true;
                    }
                    if want_hi < i128::from(hi) {
                        ctx.lower_upper(var, want_hi as u32)?;
                        moved = true;
                    }
                    continue;
                }
                Node::Const(c) => {
                    if i128::from(c) < t.0 || i128::from(c) > t.1 {
                        return Err(Conflict);
                    }
                    continue;
                }
                Node::Apply {
                    function,
                    first,
                    count,
                } => (function, self.args(first, count)),
            };
            let narrow = |of: &mut [Interval], k: usize, to: Interval| -> Result<(), Conflict> {
                let c = args[k] as usize;
                let x = (of[c].0.max(to.0), of[c].1.min(to.1));
                if x.0 > x.1 {
                    return Err(Conflict);
                }
                of[c] = x;
                Ok(())
            };
            // Argument `k` true (non-zero) or false (0).
            let make = |of: &mut [Interval], k: usize, to: bool| -> Result<(), Conflict> {
                let c = args[k] as usize;
                let x = if to { nonzero(of[c]) } else { (0, 0) };
                let x = (x.0.max(of[c].0), x.1.min(of[c].1));
                if x.0 > x.1 {
                    return Err(Conflict);
                }
                of[c] = x;
                Ok(())
            };
            let a = |of: &[Interval], k: usize| of[args[k] as usize];
            const ANY: i128 = i128::MAX / 4;
            match function {
                Neg => narrow(of, 0, (-t.1, -t.0))?,
                Abs => {
                    let x = a(of, 0);
                    let below = (x.0.max(-t.1), x.1.min(-t.0));
                    let above = (x.0.max(t.0), x.1.min(t.1));
                    let to = match (below.0 <= below.1, above.0 <= above.1) {
                        (true, true) => hull(below, above),
                        (true, false) => below,
                        (false, true) => above,
                        (false, false) => return Err(Conflict),
                    };
                    narrow(of, 0, to)?;
                }
                Add => {
                    let (lo, hi) = (0..args.len())
                        .map(|k| a(of, k))
                        .fold((0, 0), |s, x| (s.0 + x.0, s.1 + x.1));
                    for k in 0..args.len() {
                        let x = a(of, k);
                        narrow(of, k, (t.0 - (hi - x.1), t.1 - (lo - x.0)))?;
                    }
                }
                Sub => {
                    let y = a(of, 1);
                    narrow(of, 0, (t.0 + y.0, t.1 + y.1))?;
                    let x = a(of, 0);
                    narrow(of, 1, (x.0 - t.1, x.1 - t.0))?;
                }
                Mul => {
                    if t.0 > 0 || t.1 < 0 {
                        make(of, 0, true)?;
                        make(of, 1, true)?;
                    }
                    for k in 0..2 {
                        let other = a(of, 1 - k);
                        if other.0 <= 0 && other.1 >= 0 && t.0 <= 0 && t.1 >= 0 {
                            continue;
                        }
                        let mut to: Option<Interval> = None;
                        for part in signed_parts(other).into_iter().flatten() {
                            let q = quotients(t, part);
                            if q.0 <= q.1 {
                                to = Some(to.map_or(q, |o| hull(o, q)));
                            }
                        }
                        narrow(of, k, to.ok_or(Conflict)?)?;
                    }
                }
                Div => {
                    make(of, 1, true)?;
                    let y = a(of, 1);
                    let to = if y.0 > 0 {
                        dividends(t, y)
                    } else if y.1 < 0 {
                        // x / y = q exactly when x / -y = -q.
                        dividends((-t.1, -t.0), (-y.1, -y.0))
                    } else {
                        // x = q·y + r, |r| < |y|.
                        let q = times(t, y);
                        let m = largest_remainder(y);
                        (q.0 - m, q.1 + m)
                    };
                    narrow(of, 0, to)?;
                }
                Mod => {
                    make(of, 1, true)?;
                    // The remainder has the sign of x, and is at most x.
                    if t.0 > 0 {
                        narrow(of, 0, (t.0, ANY))?;
                    } else if t.1 < 0 {
                        narrow(of, 0, (-ANY, t.1))?;
                    }
                }
                Min | Max => {
                    let max = function == Max;
                    // Every argument on the far side of the extremum's
                    // bound; one of them reaches the near one.
                    for k in 0..args.len() {
                        narrow(of, k, if max { (-ANY, t.1) } else { (t.0, ANY) })?;
                    }
                    let reaching: Vec<usize> = (0..args.len())
                        .filter(|&k| {
                            let x = a(of, k);
                            if max { x.1 >= t.0 } else { x.0 <= t.1 }
                        })
                        .take(2)
                        .collect();
                    match reaching[..] {
                        [] => return Err(Conflict),
                        [k] => narrow(of, k, if max { (t.0, ANY) } else { (-ANY, t.1) })?,
                        _ => {}
                    }
                }
                Lt | Le | Gt | Ge | Eq | Ne => {
                    let Some(holds) = truth(t) else {
                        continue;
                    };
                    let f = if holds { function } else { negated(function) };
                    let (x, y) = (a(of, 0), a(of, 1));
                    match f {
                        Lt => {
                            narrow(of, 0, (-ANY, y.1 - 1))?;
                            narrow(of, 1, (x.0 + 1, ANY))?;
                        }
                        Le => {
                            narrow(of, 0, (-ANY, y.1))?;
                            narrow(of, 1, (x.0, ANY))?;
                        }
                        Gt => {
                            narrow(of, 0, (y.0 + 1, ANY))?;
                            narrow(of, 1, (-ANY, x.1 - 1))?;
                        }
                        Ge => {
                            narrow(of, 0, (y.0, ANY))?;
                            narrow(of, 1, (-ANY, x.1))?;
                        }
                        Eq => {
                            narrow(of, 0, y)?;
                            narrow(of, 1, x)?;
                        }
                        _ => {
                            if x.0 == x.1 {
                                narrow(of, 1, without(y, x.0))?;
                            }
                            if y.0 == y.1 {
                                narrow(of, 0, without(x, y.0))?;
                            }
                        }
                    }
                }
                Not => {
                    if let Some(holds) = truth(t) {
                        make(of, 0, !holds)?;
                    }
                }
                And | Or => {
                    let Some(holds) = truth(t) else {
                        continue;
                    };
                    // `and` true, `or` false: every argument so; else the
                    // one argument not yet known the other way.
                    let every = function == And;
                    if holds == every {
                        for k in 0..args.len() {
                            make(of, k, every)?;
                        }
                    } else {
                        let open: Vec<usize> = (0..args.len())
                            .filter(|&k| truth(a(of, k)) != Some(every))
                            .take(2)
                            .collect();
                        match open[..] {
                            [] => return Err(Conflict),
                            [k] => make(of, k, !every)?,
                            _ => {}
                        }
                    }
                }
                Xor | Iff => {
                    let Some(holds) = truth(t) else {
                        continue;
                    };
                    // Xor true or iff false: the two differ.
                    let differ = holds == (function == Xor);
                    for k in 0..2 {
                        if let Some(other) = truth(a(of, 1 - k)) {
                            make(of, k, other != differ)?;
                        }
                    }
                }
                If => match truth(a(of, 0)) {
                    Some(true) => narrow(of, 1, t)?,
                    Some(false) => narrow(of, 2, t)?,
                    None => {
                        let meets = |x: Interval| x.0.max(t.0) <= x.1.min(t.1);
                        let (then, otherwise) = (meets(a(of, 1)), meets(a(of, 2)));
                        match (then, otherwise) {
                            (false, false) => return Err(Conflict),
                            (false, true) => {
                                make(of, 0, false)?;
                                narrow(of, 2, t)?;
                            }
                            (true, false) => {
                                make(of, 0, true)?;
                                narrow(of, 1, t)?;
                            }
                            (true, true) => {}
                        }
                    }
                },
            }
        }
        Ok(moved)
    }
}

/// Whether `x f y` holds for every value of both, for none, or neither.
fn compared(f: Function, x: Interval, y: Interval) -> Option<bool> {
    use Function::*;
    let (always, never) = match f {
        Lt => (x.1 < y.0, x.0 >= y.1),
        Le => (x.1 <= y.0, x.0 > y.1),
        Gt => (x.0 > y.1, x.1 <= y.0),
        Ge => (x.0 >= y.1, x.1 < y.0),
        Eq | Ne => {
            let same = x.0 == x.1 && x == y;
            let apart = x.1 < y.0 || y.1 < x.0;
            if f == Eq {
                (same, apart)
            } else {
                (apart, same)
            }
        }
        _ => unreachable!("a comparison"),
    };
    if always {
        Some(true)
    } else if never {
        Some(false)
    } else {
        None
    }
}

impl Propagator for WideExpression {
    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn name(&self) -> &'static str {
        "wide-expression"
    }

    fn rule(&self) -> Rule {
        Rule::Other
    }

    fn takes_wide(&self) -> bool {
        true
    }

    fn events(&self, level: PropagationLevel) -> Events {
        Events::forward_checking_then(level, Events::ASSIGNED | Events::BOUNDS)
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        if ctx.level() < PropagationLevel::Singles {
            if !ctx.level().fails_on_wipeout() || !self.scope.iter().all(|&x| ctx.is_assigned(x)) {
                return Ok(());
            }
            let value = |k: usize| ctx.value(self.scope[k]).expect("assigned");
            let holds = with_work_space(&SPACE, |space| self.evaluate(&value, &mut space.values));
            return if holds.is_some_and(|x| x != 0) {
                Ok(())
            } else {
                Err(Conflict)
            };
        }
        with_work_space(&SPACE, |space| {
            space.of.clear();
            space.of.resize(self.nodes.len(), (0, 0));
            for _ in 0..MAX_ROUNDS {
                self.forward(ctx, &mut space.of)?;
                if !self.backward(ctx, &mut space.of)? {
                    break;
                }
            }
            Ok(())
        })
    }

    fn check(&self, value: &dyn Fn(VarId) -> u32) -> bool {
        let index = |k: usize| value(self.scope[k]);
        (self.evaluate(&index, &mut Vec::new())).is_some_and(|x| x != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ModelBuilder, Search, SearchConfig, ValueSet};

    fn var(var: VarId) -> Term {
        Term::Var { var, offset: 0 }
    }

    fn apply(function: Function, args: Vec<Term>) -> Term {
        Term::Apply(function, args)
    }

    /// The bounds of `vars` after root propagation at `singles`.
    fn root_bounds(model: &crate::Model, vars: &[VarId]) -> Vec<(u32, u32)> {
        let config = SearchConfig {
            level: PropagationLevel::Singles,
            ..SearchConfig::default()
        };
        let mut search = Search::new(model, &config).unwrap();
        search.propagate_root().unwrap();
        let s = search.store();
        (vars.iter())
            .map(|&v| (s.lower(v).unwrap(), s.upper(v).unwrap()))
            .collect()
    }

    #[test]
    fn a_product_narrows_its_factors() {
        // (x + 1)·y = 12 with x < 100 000 wide, y in 0..9: y ≥ 1
        // (0·(x+1) = 0), x + 1 ≤ 12, x + 1 ≥ 12/9 → 2, then y ≤ 12/2.
        let mut b = ModelBuilder::new();
        let x = b.new_wide_var(100_000).unwrap();
        let y = b.new_var(ValueSet::range(10));
        let shifted = Term::Var { var: x, offset: 1 };
        let product = apply(Function::Mul, vec![shifted, var(y)]);
        let p = WideExpression::new(&apply(Function::Eq, vec![product, Term::Const(12)]));
        b.add_propagator(p).unwrap();
        let model = b.build();
        assert_eq!(root_bounds(&model, &[x, y]), [(1, 11), (1, 6)]);
    }

    #[test]
    fn a_quotient_and_a_remainder_narrow_the_dividend() {
        // t / 10 = 37 ∧ t % 10 ≥ 4 with t < 5000: t in 374..379.
        let mut b = ModelBuilder::new();
        let t = b.new_wide_var(5000).unwrap();
        let ten = || Term::Const(10);
        let quotient = apply(Function::Div, vec![var(t), ten()]);
        let remainder = apply(Function::Mod, vec![var(t), ten()]);
        let both = apply(
            Function::And,
            vec![
                apply(Function::Eq, vec![quotient, Term::Const(37)]),
                apply(Function::Ge, vec![remainder, Term::Const(4)]),
            ],
        );
        b.add_propagator(WideExpression::new(&both)).unwrap();
        let model = b.build();
        // The quotient gives 370..379; the remainder, an interval over
        // the dividend's hull, does not cut it further (no holes made).
        assert_eq!(root_bounds(&model, &[t]), [(370, 379)]);
        let config = SearchConfig::default();
        let search = Search::new(&model, &config).unwrap();
        assert_eq!(search.run(None).stats.solutions, 6);
    }

    #[test]
    fn checks_with_64_bit_arithmetic_undefined_past_it() {
        let mut b = ModelBuilder::new();
        let x = b.new_wide_var(10).unwrap();
        let big = Term::Const(i64::MAX);
        // x + i64::MAX ≥ 0: defined only for x = 0.
        let e = WideExpression::new(&apply(
            Function::Ge,
            vec![apply(Function::Add, vec![var(x), big]), Term::Const(0)],
        ));
        assert!(e.check(&|_| 0));
        assert!(!e.check(&|_| 1));
        // A division by zero is false, also as the branch not taken.
        let _ = &mut b;
        let by_zero = apply(Function::Div, vec![Term::Const(1), var(x)]);
        let e = WideExpression::new(&apply(
            Function::If,
            vec![Term::Const(1), Term::Const(1), by_zero],
        ));
        assert!(!e.check(&|_| 0));
        assert!(e.check(&|_| 3));
    }
}

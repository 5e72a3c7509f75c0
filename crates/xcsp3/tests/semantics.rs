//! Every constraint kind on small instances: the search counts exactly
//! the assignments that a direct reading of the constraint (written here
//! again from the XCSP3 specification, not from the compiler) accepts,
//! enumerated one by one.

use csp_core::{PropagationLevel, Search, SearchConfig, Termination};
use xcsp3::{Condition, Expr, Instance, Kind, Operand};

/// Whether `condition` holds of `x`, with `value(v)` the variables'.
fn meets(x: i64, condition: &Condition, value: &dyn Fn(usize) -> i64) -> bool {
    match condition {
        Condition::Compare(r, Operand::Value(k)) => r.holds(x, *k),
        Condition::Compare(r, Operand::Var(z)) => r.holds(x, value(*z)),
        Condition::InRange(a, b) => (*a..=*b).contains(&x),
        Condition::InSet(set, is_in) => set.contains(&x) == *is_in,
    }
}

/// Whether the assignment `value` satisfies `kind`.
fn holds(kind: &Kind, value: &dyn Fn(usize) -> i64) -> bool {
    let eval = |e: &Expr| e.eval(value);
    let all = |terms: &[Expr]| terms.iter().map(eval).collect::<Option<Vec<i64>>>();
    match kind {
        Kind::Intension(e) => eval(e).is_some_and(|x| x != 0),
        Kind::Extension {
            scope,
            tuples,
            supports,
        } => {
            let found = tuples
                .iter()
                .any(|t| (scope.iter().zip(t)).all(|(&v, x)| x.is_none_or(|x| x == value(v))));
            found == *supports
        }
        Kind::AllDifferent { terms, except } => all(terms).is_some_and(|xs| {
            (0..xs.len())
                .all(|i| (i + 1..xs.len()).all(|j| xs[i] != xs[j] || except.contains(&xs[i])))
        }),
        Kind::AllDifferentLists(lists) => {
            let tuples: Option<Vec<Vec<i64>>> = lists.iter().map(|l| all(l)).collect();
            tuples
                .is_some_and(|ts| (0..ts.len()).all(|i| (i + 1..ts.len()).all(|j| ts[i] != ts[j])))
        }
        Kind::AllEqual(terms) => all(terms).is_some_and(|xs| xs.windows(2).all(|w| w[0] == w[1])),
        Kind::Ordered {
            terms,
            lengths,
            relation,
        } => all(terms).is_some_and(|xs| {
            let ls = all(lengths).unwrap_or_default();
            (0..xs.len().saturating_sub(1))
                .all(|i| relation.holds(xs[i] + ls.get(i).copied().unwrap_or(0), xs[i + 1]))
        }),
        Kind::Lex { lists, relation } => {
            let tuples: Option<Vec<Vec<i64>>> = lists.iter().map(|l| all(l)).collect();
            tuples.is_some_and(|ts| {
                ts.windows(2).all(|w| {
                    let order = w[0].cmp(&w[1]) as i64;
                    relation.holds(order, 0)
                })
            })
        }
        Kind::Sum {
            terms,
            coefs,
            condition,
        } => match (all(terms), all(coefs)) {
            (Some(xs), Some(cs)) => meets(
                xs.iter().zip(&cs).map(|(x, c)| x * c).sum(),
                condition,
                value,
            ),
            _ => false,
        },
        Kind::Count {
            terms,
            values,
            condition,
        } => match (all(terms), all(values)) {
            (Some(xs), Some(vs)) => meets(
                xs.iter().filter(|x| vs.contains(x)).count() as i64,
                condition,
                value,
            ),
            _ => false,
        },
        Kind::NValues {
            terms,
            except,
            condition,
        } => all(terms).is_some_and(|mut xs| {
            xs.retain(|x| !except.contains(x));
            xs.sort_unstable();
            xs.dedup();
            meets(xs.len() as i64, condition, value)
        }),
        Kind::Cardinality {
            terms,
            values,
            occurs,
            closed,
        } => all(terms).is_some_and(|xs| {
            (values.iter().zip(occurs))
                .all(|(v, c)| meets(xs.iter().filter(|&x| x == v).count() as i64, c, value))
                && (!closed || xs.iter().all(|x| values.contains(x)))
        }),
        Kind::Element {
            terms,
            index,
            start,
            condition,
        } => match index {
            Some(i) => {
                let at = value(*i) - start;
                at >= 0
                    && (at as usize) < terms.len()
                    && eval(&terms[at as usize]).is_some_and(|x| meets(x, condition, value))
            }
            None => terms
                .iter()
                .any(|t| eval(t).is_some_and(|x| meets(x, condition, value))),
        },
        Kind::ElementMatrix {
            rows,
            index,
            starts,
            condition,
        } => {
            let (r, c) = (value(index.0) - starts.0, value(index.1) - starts.1);
            r >= 0
                && c >= 0
                && (rows.get(r as usize).and_then(|row| row.get(c as usize)))
                    .and_then(eval)
                    .is_some_and(|x| meets(x, condition, value))
        }
        Kind::Extremum {
            terms,
            max,
            condition,
        } => all(terms).is_some_and(|xs| {
            let m = if *max {
                xs.iter().max()
            } else {
                xs.iter().min()
            };
            m.is_some_and(|&m| meets(m, condition, value))
        }),
        Kind::Channel { list, start, other } => {
            let (other, other_start) = match other {
                Some((o, s)) => (o.as_slice(), *s),
                None => (list.as_slice(), *start),
            };
            let equal = list.len() == other.len();
            list.iter().enumerate().all(|(i, &x)| {
                let j = value(x) - other_start;
                j >= 0
                    && (j as usize) < other.len()
                    && value(other[j as usize]) == i as i64 + start
                    && (!equal
                        || other.iter().enumerate().all(|(j, &y)| {
                            let i = value(y) - start;
                            i >= 0
                                && (i as usize) < list.len()
                                && value(list[i as usize]) == j as i64 + other_start
                        }))
            })
        }
        Kind::Regular {
            list,
            transitions,
            start,
            finals,
        } => {
            let mut state = start.clone();
            for &v in list {
                let Some(t) = (transitions.iter()).find(|t| t.0 == state && t.1 == value(v)) else {
                    return false;
                };
                state = t.2.clone();
            }
            finals.contains(&state)
        }
        Kind::Precedence {
            list,
            values,
            covered,
        } => {
            // Each value's first occurrence comes after the first of the
            // value before it (and with `covered` each occurs).
            let first = |x: i64| list.iter().position(|&v| value(v) == x);
            let firsts: Vec<Option<usize>> = values.iter().map(|&x| first(x)).collect();
            (1..firsts.len()).all(|i| match (firsts[i - 1], firsts[i]) {
                (_, None) => true,
                (None, Some(_)) => false,
                (Some(a), Some(b)) => a < b,
            }) && (!covered || firsts.iter().all(Option::is_some))
        }
        Kind::Instantiation { vars, values } => {
            vars.iter().zip(values).all(|(&v, &x)| value(v) == x)
        }
    }
}

/// The solutions of `instance` counted by enumeration.
fn brute_force(instance: &Instance) -> u64 {
    let domains: Vec<&[i64]> = instance
        .variables
        .iter()
        .map(|v| v.values.as_slice())
        .collect();
    let mut at = vec![0usize; domains.len()];
    let mut count = 0;
    loop {
        let value = |v: usize| domains[v][at[v]];
        if instance.constraints.iter().all(|c| holds(&c.kind, &value)) {
            count += 1;
        }
        let mut d = domains.len();
        loop {
            if d == 0 {
                return count;
            }
            d -= 1;
            at[d] += 1;
            if at[d] < domains[d].len() {
                break;
            }
            at[d] = 0;
        }
    }
}

fn searched(instance: &Instance, level: PropagationLevel) -> u64 {
    let compiled = xcsp3::compile(instance).unwrap();
    let config = SearchConfig {
        level,
        ..SearchConfig::default()
    };
    let result = Search::new(&compiled.model, &config).unwrap().run(None);
    assert_eq!(result.termination, Termination::Exhausted);
    result.stats.solutions
}

/// Small instances over `x[0..4]` (values -1..2) and `y[0..2]` (0..3),
/// one constraint kind (or form) each.
const CASES: &[(&str, &str)] = &[
    (
        "intension",
        "<intension> or(eq(add(x[0],x[1]),y[0]),lt(mul(x[2],x[3]),x[0])) </intension>",
    ),
    (
        "extension",
        "<extension> <list> x[0] y[1] x[0] </list> <supports> (1,2,1)(0,*,0)(2,3,1) </supports> </extension>",
    ),
    (
        "conflicts",
        "<extension> <list> x[1] x[2] </list> <conflicts> (0,0)(1,*) </conflicts> </extension>",
    ),
    ("allDifferent", "<allDifferent> x[] </allDifferent>"),
    (
        "allDifferent of mixed bases",
        "<allDifferent> x[0] y[0] add(x[1],1) </allDifferent>",
    ),
    (
        "allDifferent except",
        "<allDifferent> <list> x[] </list> <except> 0 </except> </allDifferent>",
    ),
    (
        "allDifferent lists",
        "<allDifferent> <list> x[0] x[1] </list> <list> x[2] x[3] </list> <list> y[0] y[1] </list> </allDifferent>",
    ),
    (
        "allDifferent matrix",
        "<allDifferent> <matrix> (x[0],x[1])(x[2],x[3]) </matrix> </allDifferent>",
    ),
    ("allEqual", "<allEqual> x[0] x[1] y[2] </allEqual>"),
    (
        "ordered",
        "<ordered> <list> x[] </list> <operator> le </operator> </ordered>",
    ),
    (
        "ordered with lengths",
        "<ordered> <list> x[0] x[1] y[0] </list> <lengths> 1 y[1] </lengths> <operator> lt </operator> </ordered>",
    ),
    (
        "lex",
        "<lex> <list> x[0] x[1] </list> <list> x[2] x[3] </list> <list> y[0] y[1] </list> <operator> lt </operator> </lex>",
    ),
    (
        "lex matrix",
        "<lex> <matrix> (x[0],x[1])(x[2],x[3]) </matrix> <operator> ge </operator> </lex>",
    ),
    (
        "sum",
        "<sum> <list> x[] </list> <coeffs> 2 -1 3 1 </coeffs> <condition> (le,y[0]) </condition> </sum>",
    ),
    (
        "sum eq",
        "<sum> <list> x[0] y[0] y[1] </list> <condition> (eq,3) </condition> </sum>",
    ),
    (
        "sum ne",
        "<sum> <list> x[] </list> <condition> (ne,1) </condition> </sum>",
    ),
    (
        "sum in range",
        "<sum> <list> x[] y[0] </list> <condition> (in,1..3) </condition> </sum>",
    ),
    (
        "sum in set",
        "<sum> <list> x[0] x[1] </list> <condition> (in,{-2,0,3}) </condition> </sum>",
    ),
    (
        "sum of products",
        "<sum> <list> x[0] x[1] </list> <coeffs> y[0] y[1] </coeffs> <condition> (gt,2) </condition> </sum>",
    ),
    (
        "sum of squares and distances",
        "<sum> <list> mul(x[0],x[0]) dist(x[1],2) x[2] mul(x[0],3) </list> <coeffs> 1 2 -1 1 </coeffs> <condition> (eq,y[0]) </condition> </sum>",
    ),
    (
        "sum of squares in range",
        "<sum> <list> mul(x[0],x[0]) mul(y[1],y[1]) abs(sub(x[3],1)) </list> <condition> (in,2..5) </condition> </sum>",
    ),
    (
        "sum of squares at least",
        "<sum> <list> mul(x[0],x[0]) mul(x[1],x[1]) </list> <coeffs> 1 -2 </coeffs> <condition> (ge,1) </condition> </sum>",
    ),
    (
        "sum of squares ne",
        "<sum> <list> mul(x[0],x[0]) x[1] </list> <condition> (ne,2) </condition> </sum>",
    ),
    (
        "precedence",
        "<precedence> <list> x[] </list> <values> 0 1 2 </values> </precedence>",
    ),
    (
        "precedence covered, all values",
        "<precedence> <list> x[0] x[1] y[0] y[1] </list> <values covered=\"true\"> -1 0 1 </values> </precedence>",
    ),
    (
        "precedence of every value",
        "<precedence> x[] </precedence>",
    ),
    (
        "count",
        "<count> <list> x[] </list> <values> 0 2 </values> <condition> (eq,y[0]) </condition> </count>",
    ),
    (
        "nValues",
        "<nValues> <list> x[] </list> <condition> (le,2) </condition> </nValues>",
    ),
    (
        "nValues except",
        "<nValues> <list> x[] y[0] </list> <except> 0 </except> <condition> (ge,3) </condition> </nValues>",
    ),
    (
        "cardinality",
        "<cardinality> <list> x[] </list> <values> 0 1 </values> <occurs> y[0] 1..2 </occurs> </cardinality>",
    ),
    (
        "cardinality closed",
        "<cardinality> <list> x[] </list> <values closed=\"true\"> -1 1 2 </values> <occurs> 1 y[1] 0..3 </occurs> </cardinality>",
    ),
    (
        "element",
        "<element> <list> x[] </list> <index> y[0] </index> <value> 1 </value> </element>",
    ),
    (
        "element var",
        "<element> <list startIndex=\"1\"> x[0] x[1] x[2] </list> <index> y[1] </index> <value> y[2] </value> </element>",
    ),
    (
        "element member",
        "<element> <list> x[] </list> <condition> (gt,y[0]) </condition> </element>",
    ),
    (
        "element matrix",
        "<element> <matrix> (x[0],x[1])(x[2],x[3]) </matrix> <index> y[0] y[1] </index> <value> 0 </value> </element>",
    ),
    (
        "maximum",
        "<maximum> <list> x[] </list> <condition> (eq,y[0]) </condition> </maximum>",
    ),
    (
        "minimum",
        "<minimum> <list> x[0] x[1] y[2] </list> <condition> (ne,0) </condition> </minimum>",
    ),
    (
        "channel",
        "<channel> <list> y[] </list> <list> y[] </list> </channel>",
    ),
    (
        "instantiation",
        "<instantiation> <list> x[0] y[1] </list> <values> 2 3 </values> </instantiation>",
    ),
];

fn instance(constraint: &str) -> Instance {
    let xml = format!(
        r#"<instance format="XCSP3" type="CSP">
  <variables>
    <array id="x" size="[4]"> -1..2 </array>
    <array id="y" size="[3]"> 0..3 </array>
  </variables>
  <constraints>
    {constraint}
  </constraints>
</instance>"#
    );
    xcsp3::read(&xml).unwrap_or_else(|e| panic!("{constraint}: {e}"))
}

#[test]
fn every_kind_counts_what_it_says() {
    for (name, constraint) in CASES {
        let instance = instance(constraint);
        let expected = brute_force(&instance);
        for level in [
            PropagationLevel::ForwardChecking,
            PropagationLevel::Singles,
            PropagationLevel::Gac,
        ] {
            assert_eq!(searched(&instance, level), expected, "{name} at {level}");
        }
    }
}

#[test]
fn two_constraints_together() {
    // Each pair of the first cases, as one instance.
    for (i, (a, ca)) in CASES.iter().enumerate().step_by(3) {
        for (b, cb) in CASES.iter().skip(i + 1).step_by(5) {
            let instance = instance(&format!("{ca}\n    {cb}"));
            assert_eq!(
                searched(&instance, PropagationLevel::Singles),
                brute_force(&instance),
                "{a} and {b}"
            );
        }
    }
}

/// The kinds of the constraints `c` reads as.
fn kinds(c: &str) -> Vec<Kind> {
    instance(c)
        .constraints
        .into_iter()
        .map(|c| c.kind)
        .collect()
}

#[test]
fn a_group_reads_as_its_constraints_written_out() {
    let group = "<group> <sum> <list> %... </list> <condition> (eq,%0) </condition> </sum> \
                 <args> y[0] x[0] x[1] </args> <args> y[1] x[2..3] </args> </group>";
    let written = "<sum> <list> x[0] x[1] </list> <condition> (eq,y[0]) </condition> </sum>\n\
                   <sum> <list> x[2] x[3] </list> <condition> (eq,y[1]) </condition> </sum>";
    assert_eq!(kinds(group), kinds(written));
    let group = "<group> <intension> imp(eq(%0,%1),ne(%2,%3)) </intension> \
                 <args> x[0..3] </args> </group>";
    assert_eq!(
        kinds(group),
        kinds("<intension> imp(eq(x[0],x[1]),ne(x[2],x[3])) </intension>")
    );
}

#[test]
fn a_slide_reads_as_its_windows_written_out() {
    let slide = "<slide> <list> x[] </list> <intension> lt(%0,%1) </intension> </slide>";
    let written = "<intension> lt(x[0],x[1]) </intension> <intension> lt(x[1],x[2]) </intension> \
                   <intension> lt(x[2],x[3]) </intension>";
    assert_eq!(kinds(slide), kinds(written));
    let circular = "<slide circular=\"true\"> <list offset=\"2\"> x[] </list> \
                    <extension> <list> %0 %1 %2 </list> <conflicts> (0,0,0) </conflicts> </extension> </slide>";
    let written = "<extension> <list> x[0] x[1] x[2] </list> <conflicts> (0,0,0) </conflicts> </extension> \
                   <extension> <list> x[2] x[3] x[0] </list> <conflicts> (0,0,0) </conflicts> </extension>";
    assert_eq!(kinds(circular), kinds(written));
    // A list of two arrays: seven variables, six windows.
    let text = "<slide> <list> x[] y[] </list> <intension> ne(%0,%1) </intension> </slide>";
    let counted = instance(text);
    assert_eq!(counted.constraints.len(), 6);
}

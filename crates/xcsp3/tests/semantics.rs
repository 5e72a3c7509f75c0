//! Every constraint kind on small instances: the search counts exactly
//! the assignments that a direct reading of the constraint (written here
//! again from the XCSP3 specification, not from the compiler) accepts,
//! enumerated one by one.

use crate::common;

use common::holds;
use csp_core::{PropagationLevel, Search, SearchConfig, Termination};
use xcsp3::{Instance, Kind};

/// The solutions of `instance` counted by enumeration.
fn brute_force(instance: &Instance) -> u64 {
    let domains: Vec<Vec<i64>> = instance
        .variables
        .iter()
        .map(|v| v.domain.iter().collect())
        .collect();
    if domains.iter().any(Vec::is_empty) {
        return 0;
    }
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
    let declared = xcsp3::compile_as_declared(instance).unwrap();
    let (narrowed, _) = search_count(&compiled, level);
    let (count, steps) = search_count(&declared, level);
    assert_eq!(count, narrowed, "as declared");
    if steps <= LEARNING_STEPS {
        let learnt = learning_count(&declared, level);
        assert_eq!(learnt, narrowed, "as declared, with learning");
    }
    narrowed
}

/// The instances counted again with clause learning: those that a
/// search without it counts in at most this many solutions and failures
/// (each is a clause then, and a debug build checks them all).
const LEARNING_STEPS: u64 = 1_000;

/// The solutions a search at `level` counts, and its solutions and
/// failures together.
fn search_count(compiled: &xcsp3::Compiled, level: PropagationLevel) -> (u64, u64) {
    let config = SearchConfig {
        level,
        ..SearchConfig::default()
    };
    let result = Search::new(&compiled.model, &config).unwrap().run(None);
    assert_eq!(result.termination, Termination::Exhausted);
    let stats = result.stats;
    (stats.solutions, stats.solutions + stats.failures)
}

/// The solutions a search with clause learning at `level` counts (bound
/// literals over the wide variables).
fn learning_count(compiled: &xcsp3::Compiled, level: PropagationLevel) -> u64 {
    let config = SearchConfig {
        level,
        learning: true,
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
    (
        "noOverlap",
        "<noOverlap> <origins> x[0] x[1] y[0] </origins> <lengths> 2 1 y[1] </lengths> </noOverlap>",
    ),
    (
        "noOverlap of constant lengths (a machine: edge finding)",
        "<noOverlap> <origins> x[0] x[1] y[0] y[1] </origins> <lengths> 1 2 1 1 </lengths> </noOverlap>",
    ),
    (
        "noOverlap in two dimensions",
        "<noOverlap> <origins> (x[0],x[1])(y[0],y[1]) </origins> <lengths> (2,1)(1,2) </lengths> </noOverlap>",
    ),
    (
        "cumulative",
        "<cumulative> <origins> x[0] x[1] y[0] </origins> <lengths> 2 1 3 </lengths> <heights> 1 2 1 </heights> <condition> (lt,3) </condition> </cumulative>",
    ),
    (
        "cumulative with tasks of which no two fit side by side (a machine)",
        "<cumulative> <origins> x[0] x[1] y[0] y[1] </origins> <lengths> 2 1 3 1 </lengths> <heights> 2 2 1 3 </heights> <condition> (le,3) </condition> </cumulative>",
    ),
    (
        "cumulative of repeated heights",
        "<cumulative> <origins> x[] </origins> <lengths> 2x4 </lengths> <heights> 1x4 </heights> <condition> (le,2) </condition> </cumulative>",
    ),
];

fn instance(constraint: &str) -> Instance {
    instance_over(
        r#"<array id="x" size="[4]"> -1..2 </array>
    <array id="y" size="[3]"> 0..3 </array>"#,
        constraint,
    )
}

/// An instance of `variables` (their XML) and `constraint`.
fn instance_over(variables: &str, constraint: &str) -> Instance {
    let xml = format!(
        r#"<instance format="XCSP3" type="CSP">
  <variables>
    {variables}
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

/// Variables past 64 values (written in two digits): `w[0..2]` over
/// 0..65, `z` over -40..30, `u` over 0..3.
const WIDE: &str = r#"<array id="w" size="[2]"> 0..65 </array>
    <var id="z"> -40..30 </var>
    <var id="u"> 0..3 </var>"#;

/// `w` over 0..69, `s` over 0..40 and 50..79 (not consecutive), `u` over
/// 0..3.
const GAPPED: &str = r#"<var id="w"> 0..69 </var>
    <var id="s"> 0..40 50..79 </var>
    <var id="u"> 0..3 </var>"#;

/// Cases over wide variables, with few enough solutions to count one by
/// one.
const WIDE_CASES: &[(&str, &str, &str)] = &[
    (
        // 300 * 300 assignments: a table of `ne` would list more than
        // csp-core's 65,536 tuples, so the pairs go as sums (a fuzz
        // finding: 98 such variables took 30 s to list and refuse).
        "allDifferent of digits past a table",
        "<array id=\"k\" size=\"[2]\"> 0..299 </array> <var id=\"a\"> 0..2 </var>",
        "<allDifferent> k[] </allDifferent>\n\
         <intension> le(add(k[0],k[1]),add(a,3)) </intension>",
    ),
    (
        // More tuples than a table lists, not linear: by bounds (it was
        // refused; ShipScheduling and TrainScheduling have such).
        "a product over digits past a table",
        "<array id=\"x\" size=\"[3]\"> 0..99 </array>",
        "<intension> ge(mul(x[0],x[1]),x[2]) </intension>",
    ),
    (
        "a remainder over digits of spread values past a table",
        "<array id=\"x\" size=\"[2]\"> 0..99 </array> <var id=\"e\"> 0..40 100..140 </var>",
        "<intension> ne(mod(add(x[0],e),7),x[1]) </intension>",
    ),
    (
        "sum eq",
        WIDE,
        "<sum> <list> w[0] w[1] z </list> <coeffs> 1 -2 1 </coeffs> <condition> (eq,u) </condition> </sum>",
    ),
    (
        "sum le and ne",
        WIDE,
        "<sum> <list> w[] z </list> <condition> (le,-30) </condition> </sum>\n\
         <sum> <list> w[0] z </list> <condition> (ne,-35) </condition> </sum>",
    ),
    (
        "intension",
        WIDE,
        "<intension> and(eq(mod(w[0],10),u),eq(div(w[1],9),u),le(z,sub(w[0],30))) </intension>",
    ),
    (
        "extension",
        WIDE,
        "<extension> <list> w[1] z </list> <conflicts> (*,-40)(5,*) </conflicts> </extension>\n\
         <intension> eq(w[1],add(z,29)) </intension>\n\
         <extension> <list> w[0] z u </list> <supports> (65,30,1)(3,*,2)(64,-11,0)(0,0,3) </supports> </extension>",
    ),
    (
        "ordered by linear comparisons",
        WIDE,
        "<intension> lt(w[0],w[1]) </intension>\n\
         <intension> eq(z,add(sub(w[1],40),u)) </intension>",
    ),
    (
        "allDifferent",
        WIDE,
        "<allDifferent> w[0] w[1] z u </allDifferent>\n\
         <intension> eq(w[0],add(z,5)) </intension>\n\
         <intension> le(w[1],add(u,12)) </intension>",
    ),
    (
        "gapped intension and table",
        GAPPED,
        "<intension> lt(s,sub(w,10)) </intension>\n\
         <extension> <list> s u </list> <supports> (79,1)(40,2)(50,0)(0,3)(41,1) </supports> </extension>",
    ),
    (
        "gapped allDifferent",
        GAPPED,
        "<allDifferent> w s add(u,38) </allDifferent>",
    ),
    (
        "a total declared over 201 values, narrowed to 13",
        "<array id=\"c\" size=\"[3]\"> 0..3 </array> <var id=\"t\"> -100..100 </var>",
        "<sum> <list> c[] </list> <coeffs> 2 1 -1 </coeffs> <condition> (eq,t) </condition> </sum>\n\
         <allDifferent> t c[0] c[1] </allDifferent>",
    ),
];

/// Each case (name, variables, constraints) counts by search at `fc`,
/// `singles` and `gac` what enumeration counts, some solution at least.
fn assert_counts(cases: &[(&str, &str, &str)]) {
    use rayon::prelude::*;
    cases.par_iter().for_each(|(name, variables, constraint)| {
        let instance = instance_over(variables, constraint);
        let expected = brute_force(&instance);
        assert!(expected > 0, "{name}: {expected}");
        for level in [
            PropagationLevel::ForwardChecking,
            PropagationLevel::Singles,
            PropagationLevel::Gac,
        ] {
            assert_eq!(searched(&instance, level), expected, "{name} at {level}");
        }
    });
}

#[test]
fn variables_past_64_values_count_what_they_say() {
    assert_counts(WIDE_CASES);
}

/// Past 4,096 values (csp-core wide variables): `t` over 0..5000, `a`
/// over 0..9, `b` over -4..4.
const BEYOND_DIGITS: &str = r#"<var id="t"> 0..5000 </var>
    <var id="a"> 0..9 </var>
    <var id="b"> -4..4 </var>"#;

/// `t` over -100..4999 less 0..9 and 2000 (a wide variable with gaps), `a`
/// over 0..9, `b` over -4..4.
const BEYOND_DIGITS_GAPPED: &str = r#"<var id="t"> -100..-1 10..1999 2001..4999 </var>
    <var id="a"> 0..9 </var>
    <var id="b"> -4..4 </var>"#;

/// Cases over wide variables: every constraint that takes them.
const BEYOND_DIGITS_CASES: &[(&str, &str, &str)] = &[
    (
        "sum eq",
        BEYOND_DIGITS,
        "<sum> <list> t a b </list> <coeffs> 1 -300 7 </coeffs> <condition> (eq,1000) </condition> </sum>",
    ),
    (
        "sum in range and ne",
        BEYOND_DIGITS,
        "<sum> <list> t a </list> <coeffs> 2 -500 </coeffs> <condition> (in,4000..4100) </condition> </sum>
         <sum> <list> t b </list> <condition> (ne,2020) </condition> </sum>",
    ),
    (
        "sum compared with a variable",
        BEYOND_DIGITS,
        "<sum> <list> a b </list> <coeffs> 600 1 </coeffs> <condition> (gt,t) </condition> </sum>
         <intension> ge(t,sub(mul(a,590),b)) </intension>",
    ),
    (
        "linear intensions",
        BEYOND_DIGITS,
        "<intension> le(add(t,mul(3,a)),add(4000,b)) </intension>
         <intension> ne(t,mul(a,400)) </intension>
         <intension> gt(t,3950) </intension>",
    ),
    (
        "disjunction",
        BEYOND_DIGITS,
        "<intension> or(le(add(t,a),100),and(ge(t,4990),ne(b,0)),eq(t,mul(500,a))) </intension>",
    ),
    (
        "implication and negation",
        BEYOND_DIGITS,
        "<intension> imp(gt(t,30),le(t,add(40,a))) </intension>
         <intension> not(lt(t,b)) </intension>",
    ),
    (
        "maximum and minimum",
        BEYOND_DIGITS,
        "<maximum> <list> t add(a,4990) b </list> <condition> (eq,4995) </condition> </maximum>
         <minimum> <list> t mul(a,1000) </list> <condition> (ge,3000) </condition> </minimum>",
    ),
    (
        "product",
        BEYOND_DIGITS,
        "<intension> eq(mul(t,a),add(mul(b,b),1000)) </intension>",
    ),
    (
        "products of several and powers",
        BEYOND_DIGITS,
        "<intension> le(add(mul(t,a,b),sqr(b),pow(a,3)),-4000) </intension>
         <intension> ge(pow(sub(t,4000),2),mul(a,a,100000)) </intension>",
    ),
    (
        "division and remainder",
        BEYOND_DIGITS,
        "<intension> and(eq(div(t,add(a,1)),add(b,300)),ge(mod(t,7),3)) </intension>",
    ),
    (
        "division by a negative and by zero",
        BEYOND_DIGITS,
        "<intension> eq(div(sub(2000,t),sub(b,5)),sub(a,100)) </intension>
         <intension> ne(mod(t,b),1) </intension>",
    ),
    (
        "abs and dist",
        BEYOND_DIGITS,
        "<intension> le(add(abs(sub(t,2500)),dist(a,b)),3) </intension>",
    ),
    (
        "min and max inside",
        BEYOND_DIGITS,
        "<intension> eq(max(t,mul(a,400)),min(add(t,b),3000,add(t,a))) </intension>",
    ),
    (
        "if",
        BEYOND_DIGITS,
        "<intension> eq(if(gt(a,4),t,sub(5000,t)),add(mul(b,b),4990)) </intension>",
    ),
    (
        "xor, iff, eq of several",
        BEYOND_DIGITS,
        "<intension> xor(ge(t,4990),eq(a,3),iff(lt(b,0),gt(t,10),ne(a,b))) </intension>
         <intension> or(eq(t,add(a,4990),add(b,4994)),le(t,mul(a,2))) </intension>",
    ),
    (
        "in and notin",
        BEYOND_DIGITS,
        "<intension> in(sub(t,mul(a,a)),set(4900,4950,add(b,4980))) </intension>
         <intension> notin(t,set(4980,4981,mul(a,500))) </intension>",
    ),
    (
        "a sum in a set and a sum of products",
        BEYOND_DIGITS,
        "<sum> <list> t a </list> <coeffs> 1 -300 </coeffs> <condition> (in,{2000,4000,4321}) </condition> </sum>
         <sum> <list> t b </list> <coeffs> a 1 </coeffs> <condition> (le,30) </condition> </sum>",
    ),
    (
        "maximum by ne and minimum in a set",
        BEYOND_DIGITS,
        "<maximum> <list> t mul(a,500) </list> <condition> (ne,4500) </condition> </maximum>
         <minimum> <list> t add(b,4990) </list> <condition> (in,{4986,4990,4993,4994}) </condition> </minimum>",
    ),
    (
        "allDifferent with constants",
        BEYOND_DIGITS,
        "<allDifferent> t a b 3 </allDifferent>
         <intension> le(t,add(a,b,4)) </intension>",
    ),
    (
        "allDifferent beside digits",
        "<var id=\"t\"> 0..4096 </var> <var id=\"d\"> 0..69 </var> <array id=\"a\" size=\"[2]\"> 0..2 </array>",
        "<allDifferent> t d a[] 1 </allDifferent>
         <intension> le(t,add(d,a[0],2)) </intension>
         <intension> le(d,add(a[1],3)) </intension>",
    ),
    (
        "maximum compared with a variable",
        BEYOND_DIGITS,
        "<maximum> <list> a add(b,5) </list> <condition> (gt,t) </condition> </maximum>",
    ),
    (
        "instantiation",
        BEYOND_DIGITS,
        "<instantiation> <list> t b </list> <values> 4321 -2 </values> </instantiation>",
    ),
    (
        "gaps",
        BEYOND_DIGITS_GAPPED,
        "<intension> le(t,add(mul(a,2),b)) </intension>",
    ),
    (
        "noOverlap",
        BEYOND_DIGITS,
        "<noOverlap> <origins> t a b </origins> <lengths> 4990 3 2 </lengths> </noOverlap>",
    ),
    (
        "noOverlap of variable lengths",
        BEYOND_DIGITS,
        "<noOverlap> <origins> t a </origins> <lengths> b 4 </lengths> </noOverlap>\n\
         <intension> lt(t,20) </intension>",
    ),
    (
        "noOverlap of variable lengths, zeros not ignored",
        BEYOND_DIGITS,
        "<noOverlap zeroIgnored=\"false\"> <origins> t a </origins> <lengths> b 4 </lengths> </noOverlap>\n\
         <intension> lt(t,20) </intension>",
    ),
    (
        "noOverlap in two dimensions",
        BEYOND_DIGITS,
        "<noOverlap> <origins> (t,a)(a,b)(b,0) </origins> <lengths> (3,2)(4,1)(2,5) </lengths> </noOverlap>\n\
         <intension> lt(t,30) </intension>",
    ),
    (
        "noOverlap in two dimensions, every origin a variable (projected)",
        BEYOND_DIGITS,
        "<noOverlap> <origins> (t,a)(a,b)(b,t) </origins> <lengths> (3,2)(4,1)(2,5) </lengths> </noOverlap>\n\
         <intension> lt(t,12) </intension>",
    ),
    (
        "cumulative",
        BEYOND_DIGITS,
        "<cumulative> <origins> t a b </origins> <lengths> 4 3 2 </lengths> <heights> 2 1 2 </heights> <condition> (le,3) </condition> </cumulative>\n\
         <intension> lt(t,30) </intension>",
    ),
    (
        "cumulative over variables of 65 to 4096 values (made wide)",
        "<array id=\"r\" size=\"[3]\"> 0..200 </array>",
        "<cumulative> <origins> r[] </origins> <lengths> 100 60 50 </lengths> <heights> 2 1 2 </heights> <condition> (le,3) </condition> </cumulative>\n\
         <intension> le(add(r[0],r[1]),120) </intension>\n\
         <intension> le(r[2],mul(r[1],2)) </intension>",
    ),
    (
        "element of a wide result",
        BEYOND_DIGITS,
        "<element> <list> 4000 b 4990 t </list> <index> a </index> <value> t </value> </element>
         <element> <list startIndex=\"-4\"> 1 a 7 b 2 4 9 0 8 </list> <index> b </index> <value> 3 </value> </element>",
    ),
    (
        "element of wide entries",
        BEYOND_DIGITS,
        "<element> <list startIndex=\"2\"> t 4321 b t </list> <index> a </index> <value> b </value> </element>",
    ),
    (
        "element with a wide index",
        BEYOND_DIGITS_GAPPED,
        "<element> <list startIndex=\"1995\"> a 3 b a 0 b 5 2 a b 1 </list> <index> t </index> <value> a </value> </element>",
    ),
    (
        "element of a wide index and value, by the cases",
        BEYOND_DIGITS,
        "<element> <list startIndex=\"4990\"> a b 3 -1 a 4 </list> <index> t </index> <condition> (lt,b) </condition> </element>
         <element> <matrix> (t,a)(b,4000) </matrix> <index> a b </index> <value> 4000 </value> </element>",
    ),
    (
        "sums over variables in two digits of spread values",
        "<var id=\"t\"> 0..5000 </var> <var id=\"d\"> 3 100 250 </var> <var id=\"e\"> 0..40 100..140 </var>",
        "<sum> <list> t d e </list> <coeffs> 1 2 -1 </coeffs> <condition> (eq,4000) </condition> </sum>
         <intension> le(t,add(d,e,3800)) </intension>",
    ),
    (
        "an expression beside a variable in two digits of spread values",
        "<var id=\"t\"> 0..5000 </var> <var id=\"g\"> 0..50 60..99 </var>",
        "<intension> or(eq(mul(g,t),4000),le(add(t,g),3)) </intension>",
    ),
    (
        "extension of supports, stars and values outside the domains",
        BEYOND_DIGITS,
        "<extension> <list> t a b </list> <supports> (0,1,2)(4000,*,-4)(4999,9,4)(5001,0,0)(2500,3,*)(7,10,0) </supports> </extension>",
    ),
    (
        "extension of conflicts",
        BEYOND_DIGITS,
        "<extension> <list> t a </list> <conflicts> (4000,*)(*,3)(4990,1)(-5,2) </conflicts> </extension>
         <intension> ge(t,4980) </intension>",
    ),
    (
        "extension beside digits and a variable listed twice",
        "<var id=\"t\"> 0..5000 </var> <var id=\"d\"> 0..69 </var> <var id=\"e\"> 0..40 100..140 </var>",
        "<extension> <list> t d e </list> <supports> (5,65,100)(5,3,0)(4990,69,140)(7,70,0)(8,1,50) </supports> </extension>
         <extension> <list> t d t </list> <conflicts> (5,3,5)(5,65,6) </conflicts> </extension>",
    ),
    (
        "a sum of products of spread values, no wide variable declared (a fuzz finding: it panicked)",
        "<array id=\"x\" size=\"[3]\"> 1..9 </array>",
        "<sum> <list> mul(x[0],x[1]) mul(x[2],x[2]) x[2] </list> <condition> (eq,50) </condition> </sum>
         <sum> <list> mul(x[0],x[1]) x[0] </list> <coeffs> 1 -1 </coeffs> <condition> (ne,20) </condition> </sum>",
    ),
    (
        "cumulative of variable lengths and heights",
        "<var id=\"t\"> 0..5000 </var> <var id=\"a\"> 0..9 </var> <var id=\"b\"> -4..4 </var> <var id=\"h\"> 0 2 100 </var>",
        "<cumulative> <origins> t a </origins> <lengths> b 3 </lengths> <heights> h a </heights> <condition> (le,3) </condition> </cumulative>
         <intension> lt(t,12) </intension>",
    ),
    (
        "allDifferent of variables in two digits, no wide variable declared",
        "<array id=\"k\" size=\"[2]\"> 0..66 </array> <var id=\"e\"> 0..40 100..140 </var>",
        "<allDifferent> k[0] add(k[1],2) e 3 </allDifferent>
         <intension> le(add(k[0],k[1],e),60) </intension>",
    ),
    (
        "allDifferent of shifted variables, one of them twice",
        BEYOND_DIGITS,
        "<allDifferent> t add(a,4995) sub(b,-4996) add(t,1) 4999 </allDifferent>
         <intension> ge(t,4990) </intension>",
    ),
    (
        "gaps and an equation",
        BEYOND_DIGITS_GAPPED,
        "<sum> <list> t a </list> <coeffs> 1 -1 </coeffs> <condition> (in,1995..2005) </condition> </sum>",
    ),
];

#[test]
fn variables_past_4096_values_count_what_they_say() {
    assert_counts(BEYOND_DIGITS_CASES);
    // As declared, each case has a wide variable (narrowed, some have not).
    for (name, variables, constraint) in BEYOND_DIGITS_CASES {
        let declared = xcsp3::compile_as_declared(&instance_over(variables, constraint)).unwrap();
        assert!(!declared.model.wide_vars().is_empty(), "{name}");
        // Elements over wide variables go by bounds, but by the cases.
        if name.starts_with("element") {
            let by_bounds =
                (declared.model.propagators().iter()).any(|p| p.name() == "wide-element");
            assert_eq!(by_bounds, !name.ends_with("by the cases"), "{name}");
        }
        if name.starts_with("extension") {
            let by_table = (declared.model.propagators().iter()).any(|p| p.name() == "wide-table");
            assert!(by_table, "{name}");
        }
    }
}

/// A constraint of constants only that is false (a fuzz finding: it
/// emptied the first variable, which was wide, and panicked).
#[test]
fn a_false_constraint_of_constants_over_wide_variables_has_no_solution() {
    let instance = instance_over(
        BEYOND_DIGITS,
        "<intension> le(add(2940,2940),5000) </intension>",
    );
    assert_eq!(brute_force(&instance), 0);
    for level in [PropagationLevel::ForwardChecking, PropagationLevel::Singles] {
        assert_eq!(searched(&instance, level), 0, "{level}");
    }
}

/// A sum compared by `ne` with a variable of no value (`3..1`, a fuzz
/// finding: reading the sum's bounds panicked).
#[test]
fn a_sum_beside_an_empty_domain_has_no_solution() {
    let instance = instance_over(
        r#"<var id="x"> 0..3 </var> <var id="e"> 3..1 </var>"#,
        "<sum> <list> x x </list> <coeffs> 1 2 </coeffs> <condition> (ne,e) </condition> </sum>",
    );
    assert_eq!(brute_force(&instance), 0);
    for level in [PropagationLevel::ForwardChecking, PropagationLevel::Singles] {
        assert_eq!(searched(&instance, level), 0, "{level}");
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

#[test]
fn wide_variables_read_back_from_their_digits() {
    let instance = instance_over(GAPPED, "<intension> ne(s,add(u,77)) </intension>");
    let compiled = xcsp3::compile(&instance).unwrap();
    // Model variables: u, then w's digits and s's.
    let labels: Vec<String> = (0..compiled.model.num_vars())
        .map(|v| compiled.name(v))
        .collect();
    assert_eq!(
        labels,
        [
            "u",
            "w (high digit)",
            "w (low digit)",
            "s (high digit)",
            "s (low digit)"
        ]
    );
    // w = 64 + 5, s = its 64 + 3rd value (0..40 then 50..): 50 + 26.
    assert_eq!(compiled.values(&[2, 1, 5, 1, 3]), [69, 76, 2]);
    assert_eq!(compiled.names(), ["w", "s", "u"]);
}

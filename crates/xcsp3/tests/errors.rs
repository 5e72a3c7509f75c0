//! What is not read is said, with its line; nothing is read as something
//! else.

fn error(xml: &str) -> String {
    match xcsp3::read(xml).and_then(|i| xcsp3::compile(&i).map(|_| ())) {
        Ok(()) => panic!("read: {xml}"),
        Err(e) => e.to_string(),
    }
}

const HEAD: &str = r#"<instance format="XCSP3" type="CSP">
  <variables> <array id="x" size="[3]"> 0..2 </array> </variables>
  <constraints>
"#;

fn with(constraints: &str) -> String {
    format!("{HEAD}{constraints}\n  </constraints>\n</instance>")
}

#[test]
fn unsupported_constraints_are_named_with_their_line() {
    let e = error(&with("    <circuit> x[] </circuit>"));
    assert!(
        e.starts_with("line 4: the constraint <circuit> is not supported"),
        "{e}"
    );
    assert!(e.contains("<intension>, <extension>"), "{e}");
    let e = error(&with("    <intension> frob(x[0],1) </intension>"));
    assert!(
        e.starts_with("line 4: the operator `frob` is not supported"),
        "{e}"
    );
}

#[test]
fn objectives_not_read_are_named() {
    let objective = |o: &str| {
        with("    <sum> <list> x[] </list> <condition> (le,4) </condition> </sum>").replace(
            "</instance>",
            &format!("  <objectives>\n    {o}\n  </objectives>\n</instance>"),
        )
    };
    let e = error(&objective(r#"<minimize type="product"> x[] </minimize>"#));
    assert_eq!(
        e,
        "line 7: the objective type `product` is not supported: read: expression, sum, minimum, maximum, nValues"
    );
    let e = error(&objective(
        "<minimize> x[0] </minimize> <maximize> x[1] </maximize>",
    ));
    assert!(
        e.starts_with("line 7: several objectives is not supported"),
        "{e}"
    );
    // A read objective: the model of the constraints, the objective kept.
    let read = xcsp3::read(&objective(
        r#"<maximize type="sum"> <list> x[] </list> <coeffs> 1 2 3 </coeffs> </maximize>"#,
    ))
    .unwrap();
    let o = read.objective.unwrap();
    assert_eq!(
        (o.direction(), o.value(&|v| v as i64)),
        ("maximize", Some(8))
    );
}

#[test]
fn what_a_wide_variable_cannot_be_is_said() {
    let over = |variables: &str, constraint: &str| {
        error(&format!(
            r#"<instance format="XCSP3" type="CSP">
  <variables> {variables} <var id="b"> 0..1 </var> </variables>
  <constraints>
    {constraint}
  </constraints>
</instance>"#
        ))
    };
    let e = over(r#"<var id="y"> 0..5000 10000000000 </var>"#, "");
    assert_eq!(
        e,
        "line 2: the variable y of 5002 values (0..10000000000) is not supported: past 4096 values, a variable spans at most 4294967295 integers, with at most 4096 of them missing"
    );
    let e = over(r#"<var id="y"> 0..5000 10000..20000 </var>"#, "");
    assert!(
        e.starts_with("line 2: the variable y of 15002 values (0..20000)"),
        "{e}"
    );
    let e = over(r#"<var id="y"> 0..4294967295 </var>"#, "");
    assert_eq!(
        e,
        "line 2: a domain of 4294967296 values is not supported: more values than a domain can hold (4294967295)"
    );
    let wide = r#"<var id="y"> 0..5000 </var>"#;
    let e = over(
        wide,
        "<regular> <list> y b </list> <transitions> (a,0,a) </transitions> <start> a </start> <final> a </final> </regular>",
    );
    assert!(
        e.starts_with("line 4: <regular> over y, a variable of more than 4096 values is not supported: past 4096 values, a variable is read by <intension>"),
        "{e}"
    );
    let e = over(
        wide,
        "<allDifferent> <list> y b </list> <except> 0 </except> </allDifferent>",
    );
    assert!(
        e.starts_with("line 4: an <allDifferent> with exceptions over y, a variable of more than 4096 values is not supported"),
        "{e}"
    );
    let e = over(
        r#"<var id="y"> 0..5000 </var> <var id="n"> -1..1 </var>"#,
        "<cumulative> <origins> y b </origins> <lengths> 3 b </lengths> <heights> n 1 </heights> <condition> (le,1) </condition> </cumulative>",
    );
    assert_eq!(
        e,
        "line 4: a <cumulative> height that may be negative is not supported"
    );
    let e = over(wide, "<intension> eq(pow(2,y),32) </intension>");
    assert_eq!(
        e,
        "line 4: pow(x, y) with a variable exponent over y, a variable of more than 4096 values is not supported: past 4096 values, a variable is read by <intension> (pow by a constant exponent), <sum>, <allDifferent> (of variables shifted by constants, and constants), <minimum>, <maximum>, <ordered>, <allEqual>, <element>, <extension>, <noOverlap>, <cumulative> and <instantiation>"
    );
}

#[test]
fn what_does_not_take_wide_variables_says_so() {
    let over = |constraint: &str| {
        error(&format!(
            r#"<instance format="XCSP3" type="CSP">
  <variables> <var id="y"> 0..99 </var> <var id="g"> 0..50 60..99 </var> <var id="b"> 0..1 </var> </variables>
  <constraints>
    {constraint}
  </constraints>
</instance>"#
        ))
    };
    let e = over(
        "<regular> <list> b y </list> <transitions> (a,0,a)(a,1,a) </transitions> <start> a </start> <final> a </final> </regular>",
    );
    assert!(
        e.starts_with(
            "line 4: a <regular> or <mdd> over a variable of 100 values is not supported"
        ),
        "{e}"
    );
}

#[test]
fn coefficients_past_64_bits_are_errors_not_wrapped() {
    let e = error(&with(
        "    <sum> <list> mul(x[0],9223372036854775807) x[1] </list> <coeffs> 2 1 </coeffs> <condition> (le,3) </condition> </sum>",
    ));
    assert_eq!(
        e,
        "line 4: a linear form whose coefficients or constant pass 64 bits is not supported"
    );
}

#[test]
fn malformed_input_is_an_error() {
    assert!(error("<instance").starts_with("not XML"));
    let e = error(&with("    <allDifferent> x[] z </allDifferent>"));
    assert!(e.starts_with("line 4: no variable `z`"), "{e}");
    let e = error(&with(
        "    <extension> <list> x[0] x[1] </list> <supports> (0,1,2) </supports> </extension>",
    ));
    assert!(
        e.starts_with("line 4: tuple (0,1,2) has 3 values for 2 variables"),
        "{e}"
    );
    let e = error(&with("    <sum> <list> x[] </list> </sum>"));
    assert!(e.starts_with("line 4: <sum> without a <condition>"), "{e}");
}

/// Untrusted input stops at the reader's limits with an error naming the
/// line and the limit: no stack overflow, no allocation of what no
/// machine has (issue 81, item 5).
#[test]
fn deep_expressions_and_huge_arrays_are_errors() {
    let deep = format!(
        "<instance format=\"XCSP3\" type=\"CSP\">\n<variables> <var id=\"x\"> 0..5 </var> </variables>\n<constraints>\n<intension> eq({}x{},3) </intension>\n</constraints>\n</instance>",
        "add(".repeat(200_000),
        ",1)".repeat(200_000)
    );
    let e = error(&deep);
    assert!(
        e.starts_with("line 4: in the expression `eq(add(add("),
        "{e}"
    );
    assert!(
        e.ends_with("nested more than 256 deep, this reader's limit"),
        "{e}"
    );
    let huge = "<instance format=\"XCSP3\" type=\"CSP\">\n<variables>\n<array id=\"x\" size=\"[100000][100000]\"> 0..1 </array>\n</variables>\n<constraints/>\n</instance>";
    assert_eq!(
        error(huge),
        "line 3: the array `x` of size [100000][100000] takes the instance past 1048576 variables, this reader's limit"
    );
}

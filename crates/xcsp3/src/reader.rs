//! XCSP3's XML read into an [`Instance`]: the variables and arrays, then
//! the constraints, `<group>` templates filled in and `<block>`s opened.
//!
//! The XML is read with `roxmltree`: a read-only tree that keeps every
//! element's place in the text, so that every error names its line.

use roxmltree::{Document, Node};

use crate::constraint::{Condition, Constraint, Kind, Operand, READ, Relation};
use crate::domain::{Domain, integer, parse_domain, parse_values};

/// The most values a `<precedence>` without `<values>` reads from each
/// variable's domain.
const MAX_PRECEDENCE_VALUES: u64 = 4096;
use crate::expression::Expr;
use crate::objective::{Function, OBJECTIVES_READ, Objective};
use crate::variables::Variables;
use crate::{Instance, XcspError};

/// Reads an instance from its XML text.
pub fn read(text: &str) -> Result<Instance, XcspError> {
    let doc = Document::parse(text).map_err(|e| XcspError::Xml(e.to_string()))?;
    let root = doc.root_element();
    // Each line's first byte, so that a node's line is a binary search
    // (roxmltree's `text_pos_at` scans the text from its start: an
    // instance of 50,000 constraints took 32 s to read).
    let starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(k, _)| k + 1))
        .collect();
    let line = |node: Node<'_, '_>| {
        let at = node.range().start;
        starts.partition_point(|&s| s <= at) as u32
    };
    if root.tag_name().name() != "instance" {
        return Err(XcspError::invalid(
            line(root),
            "the root element is not <instance>",
        ));
    }
    if let Some(format) = root.attribute("format")
        && format != "XCSP3"
    {
        return Err(XcspError::unsupported(
            line(root),
            format!("the format `{format}`"),
            "",
        ));
    }
    let mut reader = Reader {
        vars: Variables::default(),
        constraints: Vec::new(),
        line: &line,
    };
    let mut objective = None;
    for part in root.children().filter(Node::is_element) {
        match part.tag_name().name() {
            "variables" => reader.variables(part)?,
            "constraints" => reader.constraints(part, None)?,
            "objectives" => objective = Some(reader.objective(part)?),
            "annotations" => {}
            other => {
                return Err(XcspError::unsupported(line(part), format!("<{other}>"), ""));
            }
        }
    }
    Ok(Instance {
        variables: reader.vars.list,
        constraints: reader.constraints,
        objective,
    })
}

struct Reader<'l> {
    vars: Variables,
    constraints: Vec<Constraint>,
    line: &'l dyn Fn(Node<'_, '_>) -> u32,
}

/// The arguments of a group's `<args>`, to fill `%0`, `%1`, ..., `%...`.
type Args<'a> = Option<&'a GroupArgs>;

/// One `<args>` of a group.
#[derive(Debug)]
struct GroupArgs {
    /// The arguments, a reference to several cells standing for each.
    values: Vec<String>,
    /// Where `%...` starts: after the highest `%i` of the whole template.
    rest_from: usize,
}

impl Reader<'_> {
    /// The one `<minimize>` or `<maximize>` of `<objectives>`.
    fn objective(&self, part: Node<'_, '_>) -> Result<Objective, XcspError> {
        let all: Vec<Node<'_, '_>> = part.children().filter(Node::is_element).collect();
        let [node] = all[..] else {
            let line = all.get(1).map_or((self.line)(part), |n| (self.line)(*n));
            return Err(XcspError::unsupported(
                line,
                "several objectives",
                "one <minimize> or <maximize> is read",
            ));
        };
        let line = (self.line)(node);
        let minimize = match node.tag_name().name() {
            "minimize" => true,
            "maximize" => false,
            other => {
                return Err(XcspError::invalid(
                    line,
                    format!("<{other}> among the objectives"),
                ));
            }
        };
        let kind = node.attribute("type").unwrap_or("expression");
        let function = match kind {
            "expression" => Function::Expression(self.expr(own_text(node).trim(), line)?),
            "sum" => {
                let terms = self.terms(&list_text(node, None), line)?;
                let coefs = match child(node, "coeffs") {
                    Some(c) => self.coefficients(&own_text(c), line)?,
                    None => vec![Expr::Const(1); terms.len()],
                };
                if coefs.len() != terms.len() {
                    return Err(XcspError::invalid(
                        line,
                        format!("{} coefficients for {} terms", coefs.len(), terms.len()),
                    ));
                }
                Function::Sum { terms, coefs }
            }
            "minimum" | "maximum" => Function::Extremum {
                terms: self.terms(&list_text(node, None), line)?,
                max: kind == "maximum",
            },
            "nValues" => Function::NValues(self.terms(&list_text(node, None), line)?),
            other => {
                return Err(XcspError::unsupported(
                    line,
                    format!("the objective type `{other}`"),
                    &format!("read: {}", OBJECTIVES_READ.join(", ")),
                ));
            }
        };
        Ok(Objective {
            minimize,
            function,
            line,
        })
    }

    fn variables(&mut self, part: Node<'_, '_>) -> Result<(), XcspError> {
        for node in part.children().filter(Node::is_element) {
            let line = (self.line)(node);
            let id = node
                .attribute("id")
                .ok_or_else(|| XcspError::invalid(line, "a variable without an id"))?;
            if let Some(kind) = node.attribute("type")
                && kind != "integer"
            {
                return Err(XcspError::unsupported(
                    line,
                    format!("the variable type `{kind}`"),
                    "",
                ));
            }
            match node.tag_name().name() {
                "var" => {
                    let values = match node.attribute("as") {
                        Some(other) => self.values_of(other, line)?,
                        None => parse_domain(&own_text(node), line)?,
                    };
                    self.vars.add(id, values, line)?;
                }
                "array" => self.array(node, id, line)?,
                other => {
                    return Err(XcspError::unsupported(
                        line,
                        format!("<{other}> among the variables"),
                        "",
                    ));
                }
            }
        }
        Ok(())
    }

    fn values_of(&self, other: &str, line: u32) -> Result<Domain, XcspError> {
        let v = (self.vars.one(other))
            .ok_or_else(|| XcspError::invalid(line, format!("no variable `{other}` to copy")))?;
        Ok(self.vars.list[v].domain.clone())
    }

    fn array(&mut self, node: Node<'_, '_>, id: &str, line: u32) -> Result<(), XcspError> {
        let size = node
            .attribute("size")
            .ok_or_else(|| XcspError::invalid(line, format!("array `{id}` without a size")))?;
        let dims: Vec<usize> = (size
            .trim_start_matches('[')
            .trim_end_matches(']')
            .split("]["))
        .map(|d| d.trim().parse::<usize>())
        .collect::<Result<_, _>>()
        .map_err(|_| XcspError::invalid(line, format!("array size `{size}`")))?;
        let domains: Vec<Node<'_, '_>> = node
            .children()
            .filter(|c| c.is_element() && c.tag_name().name() == "domain")
            .collect();
        if domains.is_empty() {
            let values = parse_domain(&own_text(node), line)?;
            return self
                .vars
                .add_array(id, dims, |_| Some(values.clone()), line);
        }
        // Per-cell domains: `for` lists references (`x[0][]`) or `others`.
        let mut parts = Vec::new();
        for d in domains {
            let line = (self.line)(d);
            let values = parse_domain(&own_text(d), line)?;
            let targets = d.attribute("for").unwrap_or("others").to_string();
            parts.push((targets, values, line));
        }
        let cell_of = |index: &[usize]| {
            let mut others = None;
            for (targets, values, _) in &parts {
                for t in targets.split_whitespace() {
                    if t == "others" {
                        others = Some(values.clone());
                    } else if covers(t, id, index) {
                        return Some(values.clone());
                    }
                }
            }
            others
        };
        self.vars.add_array(id, dims, cell_of, line)
    }

    fn constraints(&mut self, node: Node<'_, '_>, args: Args<'_>) -> Result<(), XcspError> {
        for c in node.children().filter(Node::is_element) {
            self.constraint(c, args)?;
        }
        Ok(())
    }

    fn constraint(&mut self, node: Node<'_, '_>, args: Args<'_>) -> Result<(), XcspError> {
        let line = (self.line)(node);
        let name = node.tag_name().name();
        let kind = match name {
            "block" => return self.constraints(node, args),
            "group" => return self.group(node),
            "slide" => return self.slide(node),
            "intension" => {
                let text = match child(node, "function") {
                    Some(f) => fill(&own_text(f), args),
                    None => fill(&own_text(node), args),
                };
                Kind::Intension(self.expr(&text, line)?)
            }
            "extension" => self.extension(node, args, line)?,
            "allDifferent" => {
                let lists: Vec<Node<'_, '_>> = (node.children())
                    .filter(|c| c.is_element() && c.tag_name().name() == "list")
                    .collect();
                if let Some(matrix) = child(node, "matrix") {
                    let rows = self.matrix(&fill(&own_text(matrix), args), line)?;
                    for row in &rows {
                        let kind = Kind::AllDifferent {
                            terms: row.clone(),
                            except: Vec::new(),
                        };
                        self.push(kind, line);
                    }
                    for column in columns(&rows) {
                        self.push(
                            Kind::AllDifferent {
                                terms: column,
                                except: Vec::new(),
                            },
                            line,
                        );
                    }
                    return Ok(());
                }
                if lists.len() > 1 {
                    let lists = (lists.iter())
                        .map(|l| self.terms(&fill(&own_text(*l), args), line))
                        .collect::<Result<_, _>>()?;
                    Kind::AllDifferentLists(lists)
                } else {
                    let except = match child(node, "except") {
                        Some(e) => parse_values(&fill(&own_text(e), args), line)?,
                        None => Vec::new(),
                    };
                    Kind::AllDifferent {
                        terms: self.terms(&list_text(node, args), line)?,
                        except,
                    }
                }
            }
            "allEqual" => Kind::AllEqual(self.terms(&list_text(node, args), line)?),
            "ordered" => {
                let terms = self.terms(&list_text(node, args), line)?;
                let lengths = match child(node, "lengths") {
                    Some(l) => self.terms(&fill(&own_text(l), args), line)?,
                    None => Vec::new(),
                };
                let relation = order_of(node, line)?;
                if !lengths.is_empty() && lengths.len() + 1 != terms.len() {
                    return Err(XcspError::invalid(
                        line,
                        "<ordered> wants one length fewer than terms",
                    ));
                }
                Kind::Ordered {
                    terms,
                    lengths,
                    relation,
                }
            }
            "lex" => {
                let relation = order_of(node, line)?;
                if let Some(matrix) = child(node, "matrix") {
                    let rows = self.matrix(&fill(&own_text(matrix), args), line)?;
                    let columns = columns(&rows);
                    self.push(
                        Kind::Lex {
                            lists: rows,
                            relation,
                        },
                        line,
                    );
                    Kind::Lex {
                        lists: columns,
                        relation,
                    }
                } else {
                    let lists = (node.children())
                        .filter(|c| c.is_element() && c.tag_name().name() == "list")
                        .map(|l| self.terms(&fill(&own_text(l), args), line))
                        .collect::<Result<Vec<_>, _>>()?;
                    Kind::Lex { lists, relation }
                }
            }
            "sum" => {
                let terms = self.terms(&list_text(node, args), line)?;
                let coefs = match child(node, "coeffs") {
                    Some(c) => self.coefficients(&fill(&own_text(c), args), line)?,
                    None => vec![Expr::Const(1); terms.len()],
                };
                if coefs.len() != terms.len() {
                    return Err(XcspError::invalid(
                        line,
                        format!("{} coefficients for {} terms", coefs.len(), terms.len()),
                    ));
                }
                let condition = self.condition_of(node, args, line)?;
                Kind::Sum {
                    terms,
                    coefs,
                    condition,
                }
            }
            "count" => {
                let terms = self.terms(&list_text(node, args), line)?;
                let values = child(node, "values")
                    .ok_or_else(|| XcspError::invalid(line, "<count> without <values>"))?;
                let values = self.terms(&fill(&own_text(values), args), line)?;
                let condition = self.condition_of(node, args, line)?;
                Kind::Count {
                    terms,
                    values,
                    condition,
                }
            }
            "nValues" => {
                let terms = self.terms(&list_text(node, args), line)?;
                let except = match child(node, "except") {
                    Some(e) => parse_values(&fill(&own_text(e), args), line)?,
                    None => Vec::new(),
                };
                let condition = self.condition_of(node, args, line)?;
                Kind::NValues {
                    terms,
                    except,
                    condition,
                }
            }
            "cardinality" => {
                let terms = self.terms(&list_text(node, args), line)?;
                let values_node = child(node, "values")
                    .ok_or_else(|| XcspError::invalid(line, "<cardinality> without <values>"))?;
                let closed = values_node.attribute("closed") == Some("true");
                let values: Vec<i64> = (fill(&own_text(values_node), args).split_whitespace())
                    .map(|t| integer(t, line))
                    .collect::<Result<_, XcspError>>()
                    .map_err(|_| {
                        XcspError::unsupported(
                            line,
                            "<cardinality> over values that are variables",
                            "",
                        )
                    })?;
                let occurs_node = child(node, "occurs")
                    .ok_or_else(|| XcspError::invalid(line, "<cardinality> without <occurs>"))?;
                let occurs = self.occurrences(&fill(&own_text(occurs_node), args), line)?;
                if occurs.len() != values.len() {
                    return Err(XcspError::invalid(
                        line,
                        "<cardinality> wants one <occurs> per value",
                    ));
                }
                Kind::Cardinality {
                    terms,
                    values,
                    occurs,
                    closed,
                }
            }
            "element" => {
                if let Some(matrix) = child(node, "matrix") {
                    let rows = self.matrix(&fill(&own_text(matrix), args), line)?;
                    let starts = (
                        matrix
                            .attribute("startRowIndex")
                            .map_or(Ok(0), |s| integer(s, line))?,
                        matrix
                            .attribute("startColIndex")
                            .map_or(Ok(0), |s| integer(s, line))?,
                    );
                    let index = child(node, "index").ok_or_else(|| {
                        XcspError::invalid(line, "<element> over a matrix without <index>")
                    })?;
                    let index = self.var_list(&fill(&own_text(index), args), line)?;
                    let [r, c] = index[..] else {
                        return Err(XcspError::invalid(
                            line,
                            "<element> over a matrix wants two indices",
                        ));
                    };
                    let condition = match child(node, "value") {
                        Some(v) => {
                            let operand = self.operand(fill(&own_text(v), args).trim(), line)?;
                            Condition::Compare(Relation::Eq, operand)
                        }
                        None => self.condition_of(node, args, line)?,
                    };
                    self.push(
                        Kind::ElementMatrix {
                            rows,
                            index: (r, c),
                            starts,
                            condition,
                        },
                        line,
                    );
                    return Ok(());
                }
                let list = child(node, "list")
                    .ok_or_else(|| XcspError::invalid(line, "<element> without <list>"))?;
                let start = list
                    .attribute("startIndex")
                    .map_or(Ok(0), |s| integer(s, line))?;
                let terms = self.terms(&fill(&own_text(list), args), line)?;
                let index = match child(node, "index") {
                    Some(i) => Some(self.one_var(&fill(&own_text(i), args), line)?),
                    None => None,
                };
                let condition = match child(node, "value") {
                    Some(v) => {
                        let operand = self.operand(fill(&own_text(v), args).trim(), line)?;
                        Condition::Compare(Relation::Eq, operand)
                    }
                    None => self.condition_of(node, args, line)?,
                };
                Kind::Element {
                    terms,
                    index,
                    start,
                    condition,
                }
            }
            "minimum" | "maximum" => {
                if child(node, "index").is_some() {
                    return Err(XcspError::unsupported(
                        line,
                        format!("<{name}> with an <index>"),
                        "",
                    ));
                }
                let terms = self.terms(&list_text(node, args), line)?;
                let condition = self.condition_of(node, args, line)?;
                Kind::Extremum {
                    terms,
                    max: name == "maximum",
                    condition,
                }
            }
            "precedence" => {
                let list = self.var_list(&list_text(node, args), line)?;
                let values = match child(node, "values") {
                    Some(v) => parse_values(&fill(&own_text(v), args), line)?,
                    None => {
                        // Every value of the list's domains, in order.
                        let mut all: Vec<i64> = Vec::new();
                        for &v in &list {
                            let domain = &self.vars.list[v].domain;
                            if domain.len() > MAX_PRECEDENCE_VALUES {
                                return Err(XcspError::unsupported(
                                    line,
                                    format!(
                                        "a <precedence> over a variable of {} values",
                                        domain.len()
                                    ),
                                    "its values are listed one by one",
                                ));
                            }
                            all.extend(domain.iter());
                        }
                        all.sort_unstable();
                        all.dedup();
                        all
                    }
                };
                let covered = child(node, "values")
                    .and_then(|v| v.attribute("covered"))
                    .or(node.attribute("covered"))
                    == Some("true");
                Kind::Precedence {
                    list,
                    values,
                    covered,
                }
            }
            "regular" | "mdd" => {
                let list = child(node, "list")
                    .ok_or_else(|| XcspError::invalid(line, format!("<{name}> without <list>")))?;
                let list = self.var_list(&fill(&own_text(list), args), line)?;
                let transitions = child(node, "transitions").ok_or_else(|| {
                    XcspError::invalid(line, format!("<{name}> without <transitions>"))
                })?;
                let transitions = transitions_of(&fill(&own_text(transitions), args), line)?;
                let (start, finals) = if name == "regular" {
                    let start = child(node, "start")
                        .ok_or_else(|| XcspError::invalid(line, "<regular> without <start>"))?;
                    let finals = child(node, "final")
                        .ok_or_else(|| XcspError::invalid(line, "<regular> without <final>"))?;
                    let finals = own_text(finals)
                        .split_whitespace()
                        .map(str::to_string)
                        .collect();
                    (own_text(start).trim().to_string(), finals)
                } else {
                    mdd_ends(&transitions, line)?
                };
                Kind::Regular {
                    list,
                    transitions,
                    start,
                    finals,
                }
            }
            "channel" => {
                if child(node, "value").is_some() {
                    return Err(XcspError::unsupported(line, "<channel> with a <value>", ""));
                }
                let lists: Vec<Node<'_, '_>> = (node.children())
                    .filter(|c| c.is_element() && c.tag_name().name() == "list")
                    .collect();
                let read = |l: Node<'_, '_>| -> Result<(Vec<usize>, i64), XcspError> {
                    let start = l
                        .attribute("startIndex")
                        .map_or(Ok(0), |s| integer(s, line))?;
                    Ok((self.var_list(&fill(&own_text(l), args), line)?, start))
                };
                match lists.as_slice() {
                    [] => Kind::Channel {
                        list: self.var_list(&fill(&own_text(node), args), line)?,
                        start: 0,
                        other: None,
                    },
                    [one] => {
                        let (list, start) = read(*one)?;
                        Kind::Channel {
                            list,
                            start,
                            other: None,
                        }
                    }
                    [a, b] => {
                        let (list, start) = read(*a)?;
                        Kind::Channel {
                            list,
                            start,
                            other: Some(read(*b)?),
                        }
                    }
                    _ => {
                        return Err(XcspError::invalid(
                            line,
                            "<channel> with more than two lists",
                        ));
                    }
                }
            }
            "instantiation" => {
                let list =
                    child(node, "list").ok_or_else(|| XcspError::invalid(line, "no <list>"))?;
                let vars = self.var_list(&fill(&own_text(list), args), line)?;
                let values_node =
                    child(node, "values").ok_or_else(|| XcspError::invalid(line, "no <values>"))?;
                let values = coefficients(&fill(&own_text(values_node), args), line)?;
                if values.len() != vars.len() {
                    return Err(XcspError::invalid(
                        line,
                        format!("{} values for {} variables", values.len(), vars.len()),
                    ));
                }
                Kind::Instantiation { vars, values }
            }
            "noOverlap" => {
                let part = |name: &str| -> Result<Vec<Vec<Expr>>, XcspError> {
                    let node = child(node, name)
                        .ok_or_else(|| XcspError::invalid(line, format!("no <{name}>")))?;
                    let text = fill(&own_text(node), args);
                    if text.contains('(') {
                        self.matrix(&text, line)
                    } else {
                        Ok(self
                            .terms(&text, line)?
                            .into_iter()
                            .map(|t| vec![t])
                            .collect())
                    }
                };
                let (origins, lengths) = (part("origins")?, part("lengths")?);
                let dims = origins.first().map_or(1, Vec::len);
                if origins.len() != lengths.len()
                    || origins
                        .iter()
                        .chain(&lengths)
                        .any(|b| b.len() != dims || dims == 0)
                {
                    return Err(XcspError::invalid(
                        line,
                        "<noOverlap> wants one origin and one length per box, in as many dimensions",
                    ));
                }
                let zero_ignored = match node.attribute("zeroIgnored") {
                    None | Some("true") => true,
                    Some("false") => false,
                    Some(other) => {
                        return Err(XcspError::invalid(
                            line,
                            format!("zeroIgnored=\"{other}\" (true or false)"),
                        ));
                    }
                };
                Kind::NoOverlap {
                    origins,
                    lengths,
                    zero_ignored,
                }
            }
            "cumulative" => {
                let terms_of = |name: &str| -> Result<Vec<Expr>, XcspError> {
                    let node = child(node, name)
                        .ok_or_else(|| XcspError::invalid(line, format!("no <{name}>")))?;
                    self.terms(&fill(&own_text(node), args), line)
                };
                if child(node, "ends").is_some() || child(node, "machines").is_some() {
                    return Err(XcspError::unsupported(
                        line,
                        "<cumulative> with <ends> or <machines>",
                        "",
                    ));
                }
                let (origins, lengths, heights) = (
                    terms_of("origins")?,
                    terms_of("lengths")?,
                    terms_of("heights")?,
                );
                if origins.len() != lengths.len() || origins.len() != heights.len() {
                    return Err(XcspError::invalid(
                        line,
                        "<cumulative> wants as many lengths and heights as origins",
                    ));
                }
                let condition = self.condition_of(node, args, line)?;
                Kind::Cumulative {
                    origins,
                    lengths,
                    heights,
                    condition,
                }
            }
            other => {
                return Err(XcspError::unsupported(
                    line,
                    format!("the constraint <{other}>"),
                    &format!(
                        "this reader takes {}, <group>, <block> and <slide>",
                        READ.map(|r| format!("<{r}>")).join(", ")
                    ),
                ));
            }
        };
        self.push(kind, line);
        Ok(())
    }

    fn push(&mut self, kind: Kind, line: u32) {
        self.constraints.push(Constraint { kind, line });
    }

    /// The `<condition>` of a constraint.
    fn condition_of(
        &self,
        node: Node<'_, '_>,
        args: Args<'_>,
        line: u32,
    ) -> Result<Condition, XcspError> {
        let name = node.tag_name().name();
        let condition = child(node, "condition")
            .ok_or_else(|| XcspError::invalid(line, format!("<{name}> without a <condition>")))?;
        self.condition(&fill(&own_text(condition), args), line)
    }

    /// A value or a variable.
    fn operand(&self, token: &str, line: u32) -> Result<Operand, XcspError> {
        match token.parse::<i64>() {
            Ok(v) => Ok(Operand::Value(v)),
            Err(_) => Ok(Operand::Var(self.one_var(token, line)?)),
        }
    }

    /// One variable.
    fn one_var(&self, token: &str, line: u32) -> Result<usize, XcspError> {
        self.vars
            .one(token.trim())
            .ok_or_else(|| XcspError::invalid(line, format!("no variable `{}`", token.trim())))
    }

    /// An occurrence count of `<cardinality>`: a value, a variable or a
    /// range, as the condition the count meets.
    fn occurrences(&self, text: &str, line: u32) -> Result<Vec<Condition>, XcspError> {
        let mut out = Vec::new();
        for token in text.split_whitespace() {
            match self.vars.expand(token, line)? {
                Some(vars)
                    if token.contains("[]") || token.contains("..") && token.contains('[') =>
                {
                    out.extend(
                        vars.into_iter()
                            .map(|v| Condition::Compare(Relation::Eq, Operand::Var(v))),
                    );
                }
                _ => out.push(self.occurrence(token, line)?),
            }
        }
        Ok(out)
    }

    fn occurrence(&self, token: &str, line: u32) -> Result<Condition, XcspError> {
        if let Some((a, b)) = token.split_once("..") {
            return Ok(Condition::InRange(integer(a, line)?, integer(b, line)?));
        }
        Ok(Condition::Compare(Relation::Eq, self.operand(token, line)?))
    }

    /// The rows of a `<matrix>`: `(x[0][0],x[0][1])(x[1][0],x[1][1])` or
    /// a reference to a two-dimensional array (`x[][]`).
    fn matrix(&self, text: &str, line: u32) -> Result<Vec<Vec<Expr>>, XcspError> {
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let bad = || XcspError::invalid(line, format!("matrix `{compact}`"));
        if !compact.starts_with('(') {
            let rows = self.vars.rows_of(&compact, line)?.ok_or_else(bad)?;
            return Ok(rows
                .into_iter()
                .map(|r| r.into_iter().map(Expr::Var).collect())
                .collect());
        }
        (compact.split(')').filter(|p| !p.is_empty()))
            .map(|row| self.terms(&row.trim_start_matches('(').replace(',', " "), line))
            .collect()
    }

    /// Coefficients: integers (`2x3` standing for three 2s) or variables.
    fn coefficients(&self, text: &str, line: u32) -> Result<Vec<Expr>, XcspError> {
        let plain = |t: &str| {
            t.split_once('x')
                .map_or(t, |(v, _)| v)
                .parse::<i64>()
                .is_ok()
        };
        if text.split_whitespace().all(plain) {
            return Ok(coefficients(text, line)?
                .into_iter()
                .map(Expr::Const)
                .collect());
        }
        self.terms(text, line)
    }

    /// A `<group>`: its first element is the template, each `<args>` one
    /// constraint.
    /// `<slide>`: its template over each window of its list (as many
    /// variables as the template's highest `%i` plus one, every `offset`,
    /// wrapping around with `circular`).
    fn slide(&mut self, node: Node<'_, '_>) -> Result<(), XcspError> {
        let line = (self.line)(node);
        let lists: Vec<Node<'_, '_>> = (node.children())
            .filter(|c| c.is_element() && c.tag_name().name() == "list")
            .collect();
        let [list] = lists[..] else {
            return Err(XcspError::unsupported(
                line,
                "a <slide> over several lists",
                "one <list> is read",
            ));
        };
        let template = (node.children())
            .find(|c| c.is_element() && c.tag_name().name() != "list")
            .ok_or_else(|| XcspError::invalid(line, "a <slide> without a constraint"))?;
        let offset = match list.attribute("offset") {
            Some(o) => o
                .trim()
                .parse::<usize>()
                .ok()
                .filter(|&o| o > 0)
                .ok_or_else(|| XcspError::invalid(line, format!("offset `{o}`")))?,
            None => 1,
        };
        let circular = node.attribute("circular") == Some("true");
        let vars = self.var_list(&own_text(list), line)?;
        let whole: String = (template.descendants())
            .filter(Node::is_text)
            .filter_map(|t| t.text())
            .collect();
        let arity = highest_placeholder(&whole)
            .map(|h| h + 1)
            .ok_or_else(|| XcspError::invalid(line, "a <slide> whose constraint has no %i"))?;
        let n = vars.len();
        let mut start = 0;
        while (circular && start < n) || (!circular && start + arity <= n) {
            let values = (0..arity)
                .map(|k| self.vars.list[vars[(start + k) % n]].name.clone())
                .collect();
            self.constraint(
                template,
                Some(&GroupArgs {
                    values,
                    rest_from: arity,
                }),
            )?;
            start += offset;
        }
        Ok(())
    }

    fn group(&mut self, node: Node<'_, '_>) -> Result<(), XcspError> {
        let mut elements = node.children().filter(Node::is_element);
        let line = (self.line)(node);
        let template = elements
            .next()
            .ok_or_else(|| XcspError::invalid(line, "an empty <group>"))?;
        let whole: String = (template.descendants())
            .filter(Node::is_text)
            .filter_map(|t| t.text())
            .collect();
        let rest_from = highest_placeholder(&whole).map_or(0, |h| h + 1);
        for args in elements.filter(|e| e.tag_name().name() == "args") {
            let line = (self.line)(args);
            let mut values = Vec::new();
            for token in own_text(args).split_whitespace() {
                // A reference to several cells (`x[]`, `x[0..2]`) stands
                // for each of them, one argument each.
                match self.vars.expand(token, line)? {
                    Some(vars) if token.contains("[]") || token.contains("..") => {
                        values.extend(vars.iter().map(|&v| self.vars.list[v].name.clone()));
                    }
                    _ => values.push(token.to_string()),
                }
            }
            self.constraint(template, Some(&GroupArgs { values, rest_from }))?;
        }
        Ok(())
    }

    fn expr(&self, text: &str, line: u32) -> Result<Expr, XcspError> {
        Expr::parse(text, &|name| self.vars.one(name), line)
    }

    /// The terms of a list: variables (a reference may stand for many),
    /// values, expressions.
    fn terms(&self, text: &str, line: u32) -> Result<Vec<Expr>, XcspError> {
        let mut out = Vec::new();
        for token in text.split_whitespace() {
            if token.contains('(') {
                out.push(self.expr(token, line)?);
            } else if let Ok(c) = token.parse::<i64>() {
                out.push(Expr::Const(c));
            } else if let Some((v, n)) = repeated(token, line)? {
                out.extend(std::iter::repeat_n(Expr::Const(v), n));
            } else {
                let vars = (self.vars.expand(token, line)?)
                    .ok_or_else(|| XcspError::invalid(line, format!("no variable `{token}`")))?;
                out.extend(vars.into_iter().map(Expr::Var));
            }
        }
        Ok(out)
    }

    /// A list of variables only.
    fn var_list(&self, text: &str, line: u32) -> Result<Vec<usize>, XcspError> {
        (self.terms(text, line)?.into_iter())
            .map(|t| match t {
                Expr::Var(v) => Ok(v),
                other => Err(XcspError::invalid(
                    line,
                    format!("{other:?} where a variable is expected"),
                )),
            })
            .collect()
    }

    fn extension(&self, node: Node<'_, '_>, args: Args<'_>, line: u32) -> Result<Kind, XcspError> {
        let list = child(node, "list")
            .ok_or_else(|| XcspError::invalid(line, "<extension> without a <list>"))?;
        let scope = self.var_list(&fill(&own_text(list), args), line)?;
        let (table, supports) = match (child(node, "supports"), child(node, "conflicts")) {
            (Some(s), None) => (s, true),
            (None, Some(c)) => (c, false),
            _ => {
                return Err(XcspError::invalid(
                    line,
                    "<extension> wants one of <supports> and <conflicts>",
                ));
            }
        };
        let text = fill(&own_text(table), args);
        let tuples = if scope.len() == 1 && !text.contains('(') {
            parse_values(&text, line)?
                .into_iter()
                .map(|v| vec![Some(v)])
                .collect()
        } else {
            tuples(&text, scope.len(), line)?
        };
        Ok(Kind::Extension {
            scope,
            tuples,
            supports,
        })
    }

    fn condition(&self, text: &str, line: u32) -> Result<Condition, XcspError> {
        let bad = || XcspError::invalid(line, format!("condition `{text}`"));
        let inner = (text
            .trim()
            .strip_prefix('(')
            .and_then(|t| t.strip_suffix(')')))
        .ok_or_else(bad)?;
        let (op, operand) = inner.split_once(',').ok_or_else(bad)?;
        let operand = operand.trim();
        match op.trim() {
            "in" | "notin" => {
                let is_in = op.trim() == "in";
                if let Some((a, b)) = operand.split_once("..")
                    && is_in
                {
                    return Ok(Condition::InRange(integer(a, line)?, integer(b, line)?));
                }
                let set = operand
                    .trim_start_matches('{')
                    .trim_end_matches('}')
                    .replace(',', " ");
                Ok(Condition::InSet(parse_values(&set, line)?, is_in))
            }
            name => {
                let relation = Relation::named(name).ok_or_else(bad)?;
                let operand = match operand.parse::<i64>() {
                    Ok(v) => Operand::Value(v),
                    Err(_) => Operand::Var(self.vars.one(operand).ok_or_else(|| {
                        XcspError::invalid(line, format!("no variable `{operand}`"))
                    })?),
                };
                Ok(Condition::Compare(relation, operand))
            }
        }
    }
}

/// The columns of a matrix given by its rows (a short row leaves its
/// missing cells out).
fn columns(rows: &[Vec<Expr>]) -> Vec<Vec<Expr>> {
    let width = rows.first().map_or(0, Vec::len);
    (0..width)
        .map(|c| rows.iter().filter_map(|r| r.get(c).cloned()).collect())
        .collect()
}

/// Transitions `(a,0,b)(b,1,c)`: from, value, to.
fn transitions_of(text: &str, line: u32) -> Result<Vec<(String, i64, String)>, XcspError> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    (compact.split(')').filter(|p| !p.is_empty()))
        .map(|part| {
            let bad = || XcspError::invalid(line, format!("transition `{part})`"));
            let inner = part.strip_prefix('(').ok_or_else(bad)?;
            let [from, value, to] = inner.split(',').collect::<Vec<_>>()[..] else {
                return Err(bad());
            };
            Ok((from.to_string(), integer(value, line)?, to.to_string()))
        })
        .collect()
}

/// An MDD's root (the one node no transition reaches) and terminal (the
/// one node no transition leaves).
fn mdd_ends(
    transitions: &[(String, i64, String)],
    line: u32,
) -> Result<(String, Vec<String>), XcspError> {
    let one = |nodes: Vec<&String>, what: &str| match nodes[..] {
        [node] => Ok(node.clone()),
        _ => Err(XcspError::invalid(
            line,
            format!("an <mdd> with {} {what}s", nodes.len()),
        )),
    };
    let mut roots: Vec<&String> = (transitions.iter().map(|t| &t.0))
        .filter(|n| !transitions.iter().any(|t| &t.2 == *n))
        .collect();
    roots.sort();
    roots.dedup();
    let mut terminals: Vec<&String> = (transitions.iter().map(|t| &t.2))
        .filter(|n| !transitions.iter().any(|t| &t.0 == *n))
        .collect();
    terminals.sort();
    terminals.dedup();
    Ok((one(roots, "root")?, vec![one(terminals, "terminal")?]))
}

/// The `<operator>` of `<ordered>` and `<lex>`: `lt`, `le`, `ge` or
/// `gt`.
fn order_of(node: Node<'_, '_>, line: u32) -> Result<Relation, XcspError> {
    let operator = child(node, "operator").map(own_text).unwrap_or_default();
    Relation::named(operator.trim())
        .filter(|r| !matches!(r, Relation::Eq | Relation::Ne))
        .ok_or_else(|| {
            let name = node.tag_name().name();
            XcspError::invalid(
                line,
                format!("<{name}> with operator `{}`", operator.trim()),
            )
        })
}

/// Whether reference `target` (`x[0][]`, `x[1..2][3]`) of array `id`
/// covers the cell at `index`.
fn covers(target: &str, id: &str, index: &[usize]) -> bool {
    let Some(rest) = target.strip_prefix(id) else {
        return false;
    };
    let parts: Vec<&str> = rest
        .trim_start_matches('[')
        .trim_end_matches(']')
        .split("][")
        .collect();
    if rest.is_empty() || parts.len() > index.len() {
        return false;
    }
    parts.iter().zip(index).all(|(p, &i)| {
        if p.is_empty() || *p == "*" {
            true
        } else if let Some((a, b)) = p.split_once("..") {
            matches!((a.parse::<usize>(), b.parse::<usize>()), (Ok(a), Ok(b)) if (a..=b).contains(&i))
        } else {
            p.parse::<usize>() == Ok(i)
        }
    })
}

/// The element's own text (its text children, not its elements').
fn own_text(node: Node<'_, '_>) -> String {
    node.children()
        .filter(Node::is_text)
        .filter_map(|t| t.text())
        .collect()
}

/// The first child element named `name`.
fn child<'a, 'i>(node: Node<'a, 'i>, name: &str) -> Option<Node<'a, 'i>> {
    node.children()
        .find(|c| c.is_element() && c.tag_name().name() == name)
}

/// The list of a constraint: its `<list>` child, else its own text.
fn list_text(node: Node<'_, '_>, args: Args<'_>) -> String {
    match child(node, "list") {
        Some(list) => fill(&own_text(list), args),
        None => fill(&own_text(node), args),
    }
}

/// The highest `%i` of a template's text.
fn highest_placeholder(text: &str) -> Option<usize> {
    let mut highest = None;
    for (i, _) in text.match_indices('%') {
        let digits: String = text[i + 1..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        if let Ok(k) = digits.parse::<usize>() {
            highest = highest.max(Some(k));
        }
    }
    highest
}

/// `text` with a group's `%0`, `%1`... replaced by the arguments, and
/// `%...` by the arguments after the highest `%i` of the whole template.
fn fill(text: &str, args: Args<'_>) -> String {
    let Some(args) = args else {
        return text.to_string();
    };
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('%') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 {
            let k: usize = after[..digits].parse().unwrap_or(usize::MAX);
            out.push_str(args.values.get(k).map_or("%?", String::as_str));
            rest = &after[digits..];
        } else if let Some(tail) = after.strip_prefix("...") {
            out.push_str(
                &args
                    .values
                    .get(args.rest_from..)
                    .unwrap_or_default()
                    .join(" "),
            );
            rest = tail;
        } else {
            out.push('%');
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// Tuples `(0,1)(2,*)` of `arity` values each.
fn tuples(text: &str, arity: usize, line: u32) -> Result<Vec<Vec<Option<i64>>>, XcspError> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let mut out = Vec::new();
    for part in compact.split(')').filter(|p| !p.is_empty()) {
        let inner = part
            .strip_prefix('(')
            .ok_or_else(|| XcspError::invalid(line, format!("tuple `{part})`")))?;
        let tuple: Vec<Option<i64>> = (inner.split(','))
            .map(|v| {
                if v == "*" {
                    Ok(None)
                } else {
                    integer(v, line).map(Some)
                }
            })
            .collect::<Result<_, _>>()?;
        if tuple.len() != arity {
            return Err(XcspError::invalid(
                line,
                format!(
                    "tuple ({inner}) has {} values for {arity} variables",
                    tuple.len()
                ),
            ));
        }
        out.push(tuple);
    }
    Ok(out)
}

/// Integers (coefficients, an instantiation's values), `2x3` standing
/// for three 2s.
fn coefficients(text: &str, line: u32) -> Result<Vec<i64>, XcspError> {
    let mut out = Vec::new();
    for token in text.split_whitespace() {
        match repeated(token, line)? {
            Some((v, n)) => out.extend(std::iter::repeat_n(v, n)),
            None => out.push(integer(token, line)?),
        }
    }
    Ok(out)
}

/// The most times `vxn` may repeat a value.
const MAX_REPEATS: usize = 1 << 20;

/// `vxn`, XCSP3's `n` times the integer `v` (`1x3` is `1 1 1`): `v` and
/// `n`, or `None` for a token of another form.
fn repeated(token: &str, line: u32) -> Result<Option<(i64, usize)>, XcspError> {
    let Some((v, n)) = token.split_once('x') else {
        return Ok(None);
    };
    let (Ok(v), Ok(n)) = (v.parse::<i64>(), n.parse::<i64>()) else {
        return Ok(None);
    };
    match usize::try_from(n) {
        Ok(n) if n <= MAX_REPEATS => Ok(Some((v, n))),
        _ => Err(XcspError::invalid(
            line,
            format!("`{token}` repeats a value {n} times (0 to {MAX_REPEATS})"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_fill_their_template() {
        let args = |values: &[&str], rest_from| GroupArgs {
            values: values.iter().map(|v| v.to_string()).collect(),
            rest_from,
        };
        let abc = args(&["a", "b", "3"], 3);
        assert_eq!(fill("ne(%0,add(%1,%2))", Some(&abc)), "ne(a,add(b,3))");
        // `%...` follows the highest placeholder of the whole template,
        // even one in another element (`<condition> (eq,%0)`).
        let abc = args(&["a", "b", "c"], 1);
        assert_eq!(fill("%...", Some(&abc)), "b c");
        assert_eq!(highest_placeholder("(eq,%0) %... %12"), Some(12));
        assert_eq!(fill("x %0", None), "x %0");
    }

    #[test]
    fn tuples_and_coefficients() {
        assert_eq!(
            tuples("(0,1) (2,*)", 2, 1).unwrap(),
            [vec![Some(0), Some(1)], vec![Some(2), None]]
        );
        assert!(
            tuples("(0,1,2)", 2, 5)
                .unwrap_err()
                .to_string()
                .starts_with("line 5:")
        );
        assert_eq!(coefficients("1 2x3 -1", 1).unwrap(), [1, 2, 2, 2, -1]);
        let e = coefficients("5x100000000000", 3).unwrap_err().to_string();
        assert_eq!(
            e,
            "line 3: `5x100000000000` repeats a value 100000000000 times (0 to 1048576)"
        );
        assert!(coefficients("2x-1", 1).is_err());
    }

    #[test]
    fn cell_references() {
        assert!(covers("x[0][]", "x", &[0, 3]));
        assert!(!covers("x[0][]", "x", &[1, 3]));
        assert!(covers("x[1..2][3]", "x", &[2, 3]));
        assert!(!covers("xy[0]", "x", &[0]));
    }
}

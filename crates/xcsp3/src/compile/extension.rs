//! `<extension>`: the tuples a scope may take (supports) or may not
//! (conflicts); `*` stands for any value.

use csp_core::{MAX_TUPLES, Table, WideTable};

use super::{Posting, predicate};
use crate::XcspError;

/// Posts the table.
pub(crate) fn post(
    p: &mut Posting,
    scope: &[usize],
    tuples: &[Vec<Option<i64>>],
    supports: bool,
    line: u32,
) -> Result<(), XcspError> {
    // A variable listed twice takes the same value in both places.
    let mut distinct: Vec<usize> = Vec::new();
    let position: Vec<usize> = (scope.iter())
        .map(|&v| match distinct.iter().position(|&d| d == v) {
            Some(i) => i,
            None => {
                distinct.push(v);
                distinct.len() - 1
            }
        })
        .collect();
    let project = |tuple: &[Option<i64>]| -> Option<Vec<Option<i64>>> {
        let mut out = vec![None; distinct.len()];
        for (&i, &x) in position.iter().zip(tuple) {
            match (out[i], x) {
                (_, None) => {}
                (None, Some(x)) => out[i] = Some(x),
                (Some(a), Some(b)) if a != b => return None,
                _ => {}
            }
        }
        Some(out)
    };
    let projected: Vec<Vec<Option<i64>>> = tuples.iter().filter_map(|t| project(t)).collect();
    if p.any_wide(distinct.iter().copied()) {
        return post_wide(p, &distinct, &projected, supports, line);
    }
    let starred = projected.iter().any(|t| t.contains(&None));
    if !supports || starred || distinct.len() <= 2 || p.any_in_digits(distinct.iter().copied()) {
        // By what it allows, tuple by tuple (and digit by digit).
        let matches = |values: &[i64], t: &[Option<i64>]| {
            t.iter().zip(values).all(|(x, &v)| x.is_none_or(|x| x == v))
        };
        let what = if supports {
            "an <extension>"
        } else {
            "an <extension> of conflicts"
        };
        return predicate::post(p, &distinct, what, line, |values| {
            projected.iter().any(|t| matches(values, t)) == supports
        });
    }
    // Plain supports: the tuples whose values are all in the domains.
    let rows: Vec<Vec<u32>> = (projected.iter())
        .filter_map(|t| {
            (distinct.iter().zip(t))
                .map(|(&v, x)| p.index(v, x.expect("no star here")))
                .collect::<Option<Vec<u32>>>()
        })
        .collect();
    if rows.len() > MAX_TUPLES {
        return Err(XcspError::unsupported(
            line,
            format!("an <extension> of {} tuples", rows.len()),
            &format!("a table lists at most {MAX_TUPLES}"),
        ));
    }
    let vars: Vec<_> = distinct.iter().map(|&v| p.var(v)).collect();
    p.count_table(rows.len(), vars.len(), line)?;
    let table = Table::new(vars, rows).map_err(|e| XcspError::invalid(line, e.to_string()))?;
    p.b.add_propagator(table)
        .map_err(|e| XcspError::invalid(line, e.to_string()))
}

/// Over a wide variable: csp-core's [`WideTable`] (simple tabular
/// reduction), a variable in two digits read through the wide variable
/// of its value; a tuple with a value outside a domain is left out (it
/// allows nothing, and forbids nothing).
fn post_wide(
    p: &mut Posting,
    distinct: &[usize],
    projected: &[Vec<Option<i64>>],
    supports: bool,
    line: u32,
) -> Result<(), XcspError> {
    let mut columns = Vec::with_capacity(distinct.len());
    for &v in distinct {
        columns.push(match p.digits(v) {
            Some(_) => p.value_var(v, line)?,
            None => v,
        });
    }
    // A wide variable's index within its bounds (a gap is a hole the
    // table's validity check reads); a narrow one's as everywhere.
    let index = |p: &Posting, v: usize, x: i64| -> Option<u32> {
        if !p.is_wide(v) {
            return p.index(v, x);
        }
        let (lo, hi) = p.extent(v)?;
        (lo..=hi).contains(&x).then(|| (x - p.bases[v]) as u32)
    };
    let rows: Vec<Vec<Option<u32>>> = (projected.iter())
        .filter_map(|t| {
            (columns.iter().zip(t))
                .map(|(&v, x)| match x {
                    None => Some(None),
                    Some(x) => index(p, v, *x).map(Some),
                })
                .collect::<Option<Vec<Option<u32>>>>()
        })
        .collect();
    if rows.len() > MAX_TUPLES {
        return Err(XcspError::unsupported(
            line,
            format!("an <extension> of {} tuples", rows.len()),
            &format!("a table lists at most {MAX_TUPLES}"),
        ));
    }
    p.count_table(rows.len(), columns.len(), line)?;
    let vars = columns.iter().map(|&v| p.var(v)).collect();
    (p.b.add_propagator(WideTable::new(vars, &rows, supports)))
        .map_err(|e| XcspError::invalid(line, e.to_string()))
}

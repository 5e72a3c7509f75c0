//! `<regular>` and `<mdd>`: the list spells a word of an automaton.

use std::collections::HashMap;

use csp_core::Regular;

use super::Posting;
use crate::XcspError;

/// Posts csp-core's [`Regular`] over the list: from state `s`, variable
/// `i` taking the value at index `k` (value `base_i + k`) follows the
/// transition on that value, if there is one.
pub(crate) fn post(
    p: &mut Posting,
    list: &[usize],
    transitions: &[(String, i64, String)],
    start: &str,
    finals: &[String],
    line: u32,
) -> Result<(), XcspError> {
    if p.any_in_digits(list.iter().copied()) {
        return Err(p.refuse_in_digits(list, "a <regular> or <mdd>", line));
    }
    // States as numbers, the start first.
    let mut number: HashMap<&str, u32> = HashMap::new();
    number.insert(start, 0);
    for (from, _, to) in transitions {
        for s in [from.as_str(), to.as_str()] {
            let n = number.len() as u32;
            number.entry(s).or_insert(n);
        }
    }
    let next: HashMap<(u32, i64), u32> = (transitions.iter())
        .map(|(from, value, to)| ((number[from.as_str()], *value), number[to.as_str()]))
        .collect();
    let accepting: Vec<u32> = finals
        .iter()
        .filter_map(|f| number.get(f.as_str()).copied())
        .collect();
    let bases: Vec<i64> = list.iter().map(|&v| p.bases[v]).collect();
    let domains: Vec<Vec<i64>> = list.iter().map(|&v| p.values(v).to_vec()).collect();
    let values = (list.iter())
        .map(|&v| {
            p.values(v)
                .last()
                .map_or(0, |&hi| (hi - p.bases[v] + 1) as u32)
        })
        .max()
        .unwrap_or(0);
    let vars = list.iter().map(|&v| p.var(v)).collect();
    let regular = Regular::new(
        vars,
        values,
        0u32,
        |i, &state, k| {
            let value = bases[i] + i64::from(k);
            if domains[i].binary_search(&value).is_err() {
                return None;
            }
            next.get(&(state, value)).copied()
        },
        |state| accepting.contains(state),
    )
    .map_err(|e| XcspError::unsupported(line, "this <regular>", &e.to_string()))?;
    p.b.add_propagator(regular)
        .map_err(|e| XcspError::invalid(line, e.to_string()))
}

/// `<precedence>` as an automaton: state `j` once `values[..j]` have
/// occurred (in order); `values[i]` may occur in state `j` if `i < j`,
/// and takes `j` to `j + 1` if `i = j`; other values leave the state as
/// it is. Every state is final, or with `covered` the last.
pub(crate) fn post_precedence(
    p: &mut Posting,
    list: &[usize],
    values: &[i64],
    covered: bool,
    line: u32,
) -> Result<(), XcspError> {
    let mut all: Vec<i64> = list.iter().flat_map(|&v| p.values(v).to_vec()).collect();
    all.sort_unstable();
    all.dedup();
    let k = values.len();
    let mut transitions = Vec::new();
    for j in 0..=k {
        for &a in &all {
            let to = match values.iter().position(|&x| x == a) {
                None => Some(j),
                Some(i) if i < j => Some(j),
                Some(i) if i == j => Some(j + 1),
                Some(_) => None,
            };
            if let Some(to) = to {
                transitions.push((j.to_string(), a, to.to_string()));
            }
        }
    }
    let finals: Vec<String> = if covered {
        vec![k.to_string()]
    } else {
        (0..=k).map(|j| j.to_string()).collect()
    };
    post(p, list, &transitions, "0", &finals, line)
}

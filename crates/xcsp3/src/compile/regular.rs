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

//! Region-sum lines: cut into runs of cells within one region, every run
//! has the same sum.

use super::line::{self, LineCheck};
use super::{GridBuilder, RulesError};

/// State: the runs' common sum once a run is complete, and the sum of the
/// run being read; a run ends where the next cell is in another region.
fn post(cells: &[usize], grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
    let regions = grid.regions();
    let region: Vec<Option<usize>> = cells.iter().map(|&c| regions[c]).collect();
    let last = cells.len() - 1;
    grid.automaton(
        cells,
        (0u32, 0u32),
        move |i, &(target, sum), d| {
            let sum = sum + u32::from(d);
            if target != 0 && sum > target {
                return None;
            }
            if i == last || region[i + 1] != region[i] {
                // The run ends: it sets the sum or must match it.
                return (target == 0 || sum == target).then_some((sum, 0));
            }
            Some((target, sum))
        },
        |_| true,
    )
}

fn check(line: &LineCheck<'_>) -> bool {
    let mut sums = Vec::new();
    let mut sum = 0u32;
    for (i, &d) in line.digits.iter().enumerate() {
        sum += u32::from(d);
        if i + 1 == line.digits.len() || line.regions[i + 1] != line.regions[i] {
            sums.push(sum);
            sum = 0;
        }
    }
    sums.windows(2).all(|w| w[0] == w[1])
}

line::line_rule! {
    doc: "Region-sum lines (f-puzzles `regionsumline`).",
    name: "region-sum-line",
    key: "regionsumline",
    title: "region-sum line",
    colour: "#2ecbff",
    ends: false,
    summary: "the parts of a region-sum line in each region it crosses have the same sum",
    post: post,
    check: check,
    refuse: line::any_length,
}

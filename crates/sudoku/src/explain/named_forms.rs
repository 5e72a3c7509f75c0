//! The names people give a step that Sudoku Explainer names otherwise: a
//! strong-link step through a box that holds its digit in a cross is an
//! Empty Rectangle; and for a step it counts as a chain:
//! the chain's own shape (an X-Chain, an XY-Chain, a continuous nice
//! loop, an AIC), and for an AIC the finned or sashimi fish, W-Wing or
//! ALS-XZ that removes the same candidates, where there is one. The step stays the chain
//! (its difficulty, its removals); its pattern gains the form, and for a
//! fish its base and cover lines and its fins.

use super::state::bit;
use super::subsets::combinations;
use super::{Pattern, State, Step, Technique, fish};
use crate::HouseKind;

/// Names the form of `step` when it is a chain.
pub(super) fn name(state: &State, step: &mut Step) {
    if let Technique::StrongLinks(links) = step.technique {
        if links.links == 2 && links.block && empty_rectangle(state, &step.pattern) {
            step.pattern.form = Some("Empty Rectangle".into());
        }
        return;
    }
    let Technique::Chain(chain) = step.technique else {
        return;
    };
    let shape = chain_form(chain.cycle, chain.x, &step.pattern);
    step.pattern.form = Some(shape.into());
    // A chain of a simpler shape keeps its name; an AIC may be a pattern
    // people name.
    if shape != "AIC" {
        return;
    }
    let digit = step.removed.first().map(|&(_, d)| d);
    let one_digit =
        step.placed.is_empty() && digit.is_some_and(|d| step.removed.iter().all(|&(_, x)| x == d));
    let (true, Some(d)) = (one_digit, digit) else {
        return;
    };
    let targets: Vec<usize> = step.removed.iter().map(|&(c, _)| c).collect();
    if let Some(fish) = finned_fish(state, d, &targets) {
        step.pattern.form = Some(fish.name);
        step.pattern.base = fish.base;
        step.pattern.cover = fish.cover;
        step.pattern.fins = fish.fins.iter().map(|&c| (c, d)).collect();
    } else if w_wing_removes(state, d, &targets) {
        step.pattern.form = Some("W-Wing".into());
    } else if als_xz_removes(state, d, &targets) {
        step.pattern.form = Some("ALS-XZ".into());
    }
}

/// Whether the box among the houses of a strong-link step holds the
/// pattern's digit in a cross: three places or more, in two rows and two
/// columns or more, all in one row and one column of the box (what people
/// call an empty rectangle; two places are a Turbot Fish's box link).
fn empty_rectangle(state: &State, pattern: &Pattern) -> bool {
    let side = state.side();
    let Some(block) = (pattern.base.iter()).find(|&&h| state.houses()[h].is_block) else {
        return false;
    };
    let cells: Vec<usize> = (pattern.candidates.iter())
        .map(|&(c, _)| c)
        .filter(|c| state.houses()[*block].cells.contains(c))
        .collect();
    let rows = |c: &usize| c / side;
    let cols = |c: &usize| c % side;
    let spans = |f: &dyn Fn(&usize) -> usize| {
        let mut v: Vec<usize> = cells.iter().map(f).collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    let (in_rows, in_cols) = (spans(&rows), spans(&cols));
    cells.len() >= 3
        && in_rows.len() >= 2
        && in_cols.len() >= 2
        && (in_rows.iter())
            .any(|&r| (in_cols.iter()).any(|&k| cells.iter().all(|c| rows(c) == r || cols(c) == k)))
}

/// What the links make: a nice loop (a cycle), an X-Chain (one digit),
/// an XY-Chain (strong links inside two-candidate cells, weak ones
/// between cells on one digit), else an AIC.
fn chain_form(cycle: bool, x: bool, pattern: &Pattern) -> &'static str {
    let links = &pattern.links;
    let xy = !links.is_empty()
        && (links.iter())
            .all(|l| (l.from.0 == l.to.0) == l.strong && (l.strong || l.from.1 == l.to.1));
    match (cycle, x, xy) {
        (true, _, _) => "Continuous Nice Loop",
        (false, true, _) if links.iter().all(|l| l.from.1 == l.to.1) => "X-Chain",
        (false, _, true) => "XY-Chain",
        _ => "AIC",
    }
}

/// A finned or sashimi fish.
struct FinnedFish {
    name: String,
    base: Vec<usize>,
    cover: Vec<usize>,
    fins: Vec<usize>,
}

/// A finned fish of 2 to 4 lines on `d` that removes `d` from every cell
/// of `targets`: its base lines' places outside the cover lines (the
/// fins) all in one box, which the removals see.
fn finned_fish(state: &State, d: u8, targets: &[usize]) -> Option<FinnedFish> {
    let side = state.side();
    let boxes: Vec<Option<usize>> = (0..state.cells())
        .map(|c| state.house_of_kind(c, HouseKind::Box))
        .collect();
    for n in 2..=4 {
        for by_rows in [true, false] {
            let cell = |i: usize, k: usize| if by_rows { i * side + k } else { k * side + i };
            let places: Vec<Vec<usize>> = (0..side)
                .map(|i| {
                    (0..side)
                        .filter(|&k| state.mask(cell(i, k)) & bit(d) != 0)
                        .collect()
                })
                .collect();
            let lines: Vec<usize> = (0..side)
                .filter(|&i| (1..=n + 3).contains(&places[i].len()))
                .collect();
            let mut found = None;
            combinations(&lines, n, &mut |base| {
                let mut crossing: Vec<usize> =
                    base.iter().flat_map(|&i| places[i].clone()).collect();
                crossing.sort_unstable();
                crossing.dedup();
                if crossing.len() <= n {
                    return false;
                }
                combinations(&crossing, n, &mut |cover| {
                    let fins: Vec<usize> = (base.iter())
                        .flat_map(|&i| places[i].iter().map(move |&k| (i, k)))
                        .filter(|(_, k)| !cover.contains(k))
                        .map(|(i, k)| cell(i, k))
                        .collect();
                    let fin_box = boxes[fins[0]];
                    if fin_box.is_none() || fins.iter().any(|&f| boxes[f] != fin_box) {
                        return false;
                    }
                    // Every base line keeps a place in the cover.
                    let in_cover =
                        |i: usize| places[i].iter().filter(|k| cover.contains(k)).count();
                    if base.iter().any(|&i| in_cover(i) == 0) {
                        return false;
                    }
                    let removes = |t: usize| {
                        let (i, k) = if by_rows {
                            (t / side, t % side)
                        } else {
                            (t % side, t / side)
                        };
                        !base.contains(&i) && cover.contains(&k) && boxes[t] == fin_box
                    };
                    if !targets.iter().all(|&t| removes(t)) {
                        return false;
                    }
                    let sashimi = base.iter().any(|&i| in_cover(i) == 1);
                    let (base_houses, cover_houses) =
                        fish::line_houses(state, by_rows, base, cover);
                    found = Some(FinnedFish {
                        name: format!(
                            "{} {}",
                            if sashimi { "sashimi" } else { "finned" },
                            fish::name(n)
                        ),
                        base: base_houses,
                        cover: cover_houses,
                        fins,
                    });
                    true
                })
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// Whether a W-Wing removes `d` from every cell of `targets`.
fn w_wing_removes(state: &State, d: u8, targets: &[usize]) -> bool {
    let wanted = |y: u8, gone: &[usize]| y == d && targets.iter().all(|t| gone.contains(t));
    super::w_wing::find_where(state, wanted).is_some()
}

/// Whether two almost locked sets (N cells of one house holding N + 1
/// digits) remove `d` from every cell of `targets`: a digit x of both
/// whose places in one all see its places in the other (so not both
/// hold it: one of them is locked without x), and `d` in both, each of
/// its places seeing every target.
fn als_xz_removes(state: &State, d: u8, targets: &[usize]) -> bool {
    let sees_targets = |c: usize| targets.iter().all(|&t| t != c && state.sees(c, t));
    // Those holding `d`, each of its places seeing every target.
    let sets: Vec<(Vec<usize>, u64)> = (1..=4)
        .flat_map(|n| super::als_wings::almost_locked_sets(state, n))
        .filter(|cells| {
            let mut with_d = cells.iter().filter(|&&c| state.mask(c) & bit(d) != 0);
            with_d.clone().next().is_some() && with_d.all(|&c| sees_targets(c))
        })
        .map(|cells| {
            let mask = cells.iter().fold(0, |m, &c| m | state.mask(c));
            (cells, mask)
        })
        .collect();
    let places = |cells: &[usize], x: u8| -> Vec<usize> {
        (cells.iter().copied())
            .filter(|&c| state.mask(c) & bit(x) != 0)
            .collect()
    };
    for (i, (a, mask_a)) in sets.iter().enumerate() {
        for (b, mask_b) in &sets[i + 1..] {
            if a.iter().any(|c| b.contains(c)) {
                continue;
            }
            let common = mask_a & mask_b & !bit(d);
            let restricted = super::state::digits_of(common).into_iter().any(|x| {
                let (pa, pb) = (places(a, x), places(b, x));
                pa.iter().all(|&p| pb.iter().all(|&q| state.sees(p, q)))
            });
            if restricted {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::state::empty_classic_without;

    #[test]
    fn a_finned_x_wing_removes_what_sees_its_fin() {
        // 1 in row 1 only at r1c1, r1c5; in row 5 only at r5c1, r5c5 and
        // the fin r5c6 (box 5): r4c5 and r6c5 see the fin and lose 1.
        let mut gone: Vec<(usize, u8)> = Vec::new();
        for k in 0..9 {
            if ![0, 4].contains(&k) {
                gone.push((k, 1));
            }
            if ![0, 4, 5].contains(&k) {
                gone.push((36 + k, 1));
            }
        }
        let state = empty_classic_without(gone);
        let fish = finned_fish(&state, 1, &[31, 49]).unwrap();
        assert_eq!(fish.name, "finned X-Wing");
        assert_eq!(fish.fins, [41]);
        assert_eq!(fish.base.len(), 2);
        // A cell outside the fin's box is no removal of it.
        assert!(finned_fish(&state, 1, &[67]).is_none());
    }
}

//! Random lines and outside clues that hold in a solution: the elements of
//! generated puzzles with line rules (between lines, Nabner, lockout,
//! region sums, renban, double arrows, little killers, skyscrapers,
//! X-sums, sandwiches).
//!
//! Each element is drawn as the f-puzzles entry its rule reads (a path of
//! king-adjacent cells, or a clue in the margin with its value found from
//! the solution), read back through the registry and kept only if the
//! solution satisfies it: the rule's own reading decides, nothing here
//! restates a rule.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::RngCore;
use serde_json::{Value, json};

use crate::rules::{Element, Rules, Solved, registry};
use crate::{GridSize, VariantPuzzle};

/// How the generator draws one element of a rule.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Shape {
    /// A path of king-adjacent cells, `min` to `max` long.
    Line {
        /// The fewest cells.
        min: usize,
        /// The most cells.
        max: usize,
    },
    /// A clue beside a row or column, its value the solution's.
    Margin,
    /// A clue in the margin pointing along a diagonal (little killers).
    Diagonal,
}

/// The rules the generator draws, by registry name.
pub const DRAWN_RULES: &[(&str, Shape)] = &[
    ("between-line", Shape::Line { min: 3, max: 6 }),
    ("nabner-line", Shape::Line { min: 2, max: 5 }),
    ("lockout-line", Shape::Line { min: 3, max: 6 }),
    ("region-sum-line", Shape::Line { min: 3, max: 7 }),
    ("renban", Shape::Line { min: 2, max: 5 }),
    ("double-arrow", Shape::Line { min: 3, max: 6 }),
    ("little-killer", Shape::Diagonal),
    ("skyscraper", Shape::Margin),
    ("x-sum", Shape::Margin),
    ("sandwich-sum", Shape::Margin),
];

/// The names of [`DRAWN_RULES`], comma-separated (help texts, errors).
pub fn drawn_rule_names() -> String {
    let names: Vec<&str> = DRAWN_RULES.iter().map(|(n, _)| *n).collect();
    names.join(", ")
}

/// The rule called `name` in [`DRAWN_RULES`].
pub fn drawn_rule(name: &str) -> Option<&'static str> {
    DRAWN_RULES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(n, _)| *n)
}

/// Draws of one element before its rule is passed over.
const TRIES: usize = 400;

/// One drawn element: its rule's f-puzzles key and entry.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DrawnElement {
    /// The f-puzzles key (`betweenline`).
    pub key: &'static str,
    /// The entry under it (`{"lines": [["R1C1", ...]]}`).
    pub entry: Value,
}

/// Up to `count` elements of `rules` (taken in turn) that `solution`
/// satisfies, drawn from `rng`; a rule that gives none in [`TRIES`] draws
/// is passed over for that element.
pub fn random_elements(
    solution: &[u8],
    size: GridSize,
    rules: &[&'static str],
    count: usize,
    rng: &mut ChaCha8Rng,
) -> Vec<DrawnElement> {
    let side = size.side();
    let regions: Vec<Option<usize>> = (0..side * side)
        .map(|i| size.has_boxes().then(|| size.box_of(i / side, i % side)))
        .collect();
    let mut drawn = Vec::new();
    for k in 0..count {
        let name = rules[k % rules.len()];
        let Some(&(_, shape)) = DRAWN_RULES.iter().find(|(n, _)| *n == name) else {
            continue;
        };
        let Some(key) = registry::kind(name).and_then(|kind| kind.fpuzzles_keys.first()) else {
            continue;
        };
        for _ in 0..TRIES {
            let Some(entry) = draw(shape, size, solution, key, &regions, rng) else {
                continue;
            };
            let candidate = DrawnElement { key, entry };
            if !drawn.contains(&candidate) {
                drawn.push(candidate);
                break;
            }
        }
    }
    drawn
}

/// The elements of `drawn` read through the registry (for a grid of
/// `size`), or `None` if a rule refuses one.
pub fn read_elements(size: GridSize, drawn: &[DrawnElement]) -> Option<Vec<Box<dyn Element>>> {
    let side = size.side();
    let mut doc = json!({ "size": side, "grid": empty_grid(side) });
    for d in drawn {
        let list = doc
            .as_object_mut()
            .expect("an object")
            .entry(d.key)
            .or_insert_with(|| Value::Array(Vec::new()));
        list.as_array_mut().expect("a list").push(d.entry.clone());
    }
    let read = VariantPuzzle::from_value(doc).ok()?;
    Some(read.rules.elements)
}

fn empty_grid(side: usize) -> Value {
    Value::Array(vec![Value::Array(vec![json!({}); side]); side])
}

/// One entry of `shape` that `solution` satisfies, or `None`.
fn draw(
    shape: Shape,
    size: GridSize,
    solution: &[u8],
    key: &'static str,
    regions: &[Option<usize>],
    rng: &mut ChaCha8Rng,
) -> Option<Value> {
    let side = size.side();
    match shape {
        Shape::Line { min, max } => {
            let len = min + below(rng, max - min + 1);
            let path = random_path(side, len, rng)?;
            let names: Vec<String> = path.iter().map(|&c| cell_name(c, side)).collect();
            let entry = json!({ "lines": [names] });
            holds(size, solution, regions, key, &entry).then_some(entry)
        }
        Shape::Margin | Shape::Diagonal => {
            let (row, col, direction) = margin_cell(shape, side, rng);
            let mut entry = json!({ "cell": format!("R{row}C{col}") });
            if let Some(direction) = direction {
                entry["direction"] = json!(direction);
            }
            // The value the solution gives: the one its rule accepts.
            for value in 0..=(side * side) as i64 {
                entry["value"] = json!(value.to_string());
                if holds(size, solution, regions, key, &entry) {
                    return Some(entry);
                }
            }
            None
        }
    }
}

/// Whether the element of `entry` under `key` holds in `solution`.
fn holds(
    size: GridSize,
    solution: &[u8],
    regions: &[Option<usize>],
    key: &'static str,
    entry: &Value,
) -> bool {
    let drawn = [DrawnElement {
        key,
        entry: entry.clone(),
    }];
    let Some(elements) = read_elements(size, &drawn) else {
        return false;
    };
    let solved = Solved {
        size,
        digits: solution,
        marks: &[],
        regions,
    };
    !elements.is_empty() && elements.iter().all(|e| e.check(&solved))
}

/// A random self-avoiding path of `len` king-adjacent cells.
fn random_path(side: usize, len: usize, rng: &mut ChaCha8Rng) -> Option<Vec<usize>> {
    let mut path = vec![below(rng, side * side)];
    while path.len() < len {
        let last = *path.last().expect("a cell");
        let (r, c) = ((last / side) as isize, (last % side) as isize);
        let next: Vec<usize> = (-1..=1)
            .flat_map(|dr| (-1..=1).map(move |dc| (dr, dc)))
            .filter(|&d| d != (0, 0))
            .map(|(dr, dc)| (r + dr, c + dc))
            .filter(|&(r, c)| (0..side as isize).contains(&r) && (0..side as isize).contains(&c))
            .map(|(r, c)| r as usize * side + c as usize)
            .filter(|cell| !path.contains(cell))
            .collect();
        if next.is_empty() {
            return None;
        }
        path.push(next[below(rng, next.len())]);
    }
    Some(path)
}

/// A random clue place in the margin (row and column from 0 to side + 1)
/// and, for a diagonal, the direction that points into the grid.
fn margin_cell(
    shape: Shape,
    side: usize,
    rng: &mut ChaCha8Rng,
) -> (usize, usize, Option<&'static str>) {
    let k = 1 + below(rng, side);
    let edge = below(rng, 4);
    let (row, col) = match edge {
        0 => (0, k),
        1 => (side + 1, k),
        2 => (k, 0),
        _ => (k, side + 1),
    };
    let direction = (shape == Shape::Diagonal).then(|| {
        let turn = below(rng, 2) == 0;
        match (edge, turn) {
            (0, true) | (2, true) => "DR",
            (0, false) => "DL",
            (1, true) => "UR",
            (1, false) | (3, true) => "UL",
            (2, false) => "UR",
            _ => "DL",
        }
    });
    (row, col, direction)
}

/// A number below `n` drawn from `rng`.
fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

/// `R3C4`, from 1.
fn cell_name(cell: usize, side: usize) -> String {
    format!("R{}C{}", cell / side + 1, cell % side + 1)
}

/// `base`'s rules with the drawn elements added.
pub(super) fn with_drawn(mut rules: Rules, size: GridSize, drawn: &[DrawnElement]) -> Rules {
    if let Some(elements) = read_elements(size, drawn) {
        rules.elements.extend(elements);
    }
    rules
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::rand_core::SeedableRng;

    #[test]
    fn every_drawn_rule_is_in_the_registry() {
        for (name, _) in DRAWN_RULES {
            assert!(registry::kind(name).is_some(), "{name}");
        }
    }

    #[test]
    fn drawn_elements_hold_in_the_solution_and_read_back() {
        let solution: Vec<u8> = crate::Puzzle::parse(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        )
        .unwrap()
        .cells()
        .to_vec();
        let size = GridSize::CLASSIC;
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let names: Vec<&str> = DRAWN_RULES.iter().map(|(n, _)| *n).collect();
        let drawn = random_elements(&solution, size, &names, 20, &mut rng);
        // Every rule gives its two elements on this grid.
        assert_eq!(drawn.len(), 20);
        let elements = read_elements(size, &drawn).unwrap();
        assert_eq!(elements.len(), 20);
        let regions: Vec<Option<usize>> =
            (0..81).map(|i| Some(size.box_of(i / 9, i % 9))).collect();
        let solved = Solved {
            size,
            digits: &solution,
            marks: &[],
            regions: &regions,
        };
        assert!(elements.iter().all(|e| e.check(&solved)));
        // The same seed draws the same elements.
        let mut again = ChaCha8Rng::seed_from_u64(7);
        assert_eq!(
            random_elements(&solution, size, &names, 20, &mut again),
            drawn
        );
    }
}

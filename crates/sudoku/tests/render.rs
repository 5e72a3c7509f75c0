//! Pictures are checked as pictures: each SVG is rasterised with resvg
//! (without fonts, so that the check does not depend on the machine's) and
//! pixels at known spots must have the colour of what is drawn there.

use sudoku::render::{self, Drawing};
use sudoku::{Puzzle, Rules, VariantPuzzle};

/// Pixels per cell and around the board, as the SVG writer lays them out.
const CELL: f64 = 48.0;
const MARGIN: f64 = 24.0;

struct Picture {
    pixmap: resvg::tiny_skia::Pixmap,
}

impl Picture {
    fn of(svg: &str) -> Picture {
        let options = resvg::usvg::Options::default();
        let tree = resvg::usvg::Tree::from_str(svg, &options).expect("the SVG parses");
        let size = tree.size().to_int_size();
        let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
        resvg::render(
            &tree,
            resvg::tiny_skia::Transform::default(),
            &mut pixmap.as_mut(),
        );
        Picture { pixmap }
    }

    /// The colour at a point, as `#rrggbb`.
    fn at(&self, x: f64, y: f64) -> String {
        let p = self
            .pixmap
            .pixel(x as u32, y as u32)
            .expect("inside the picture");
        format!("#{:02x}{:02x}{:02x}", p.red(), p.green(), p.blue())
    }

    /// The brightness at a point, 0 (black) to 255 (white).
    fn light(&self, x: f64, y: f64) -> u32 {
        let p = self
            .pixmap
            .pixel(x as u32, y as u32)
            .expect("inside the picture");
        (u32::from(p.red()) + u32::from(p.green()) + u32::from(p.blue())) / 3
    }
}

/// The centre of a cell (row and column from 1).
fn centre(row: usize, col: usize) -> (f64, f64) {
    (
        MARGIN + (col as f64 - 0.5) * CELL,
        MARGIN + (row as f64 - 0.5) * CELL,
    )
}

/// A point of a cell, as fractions of the cell from its top left.
fn inside(row: usize, col: usize, fx: f64, fy: f64) -> (f64, f64) {
    (
        MARGIN + (col as f64 - 1.0 + fx) * CELL,
        MARGIN + (row as f64 - 1.0 + fy) * CELL,
    )
}

fn empty_grid(side: usize) -> String {
    let row = vec!["{}"; side].join(",");
    format!("[{}]", vec![format!("[{row}]"); side].join(","))
}

#[test]
fn a_classic_board_has_its_box_borders_and_givens() {
    let puzzle: Puzzle =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
            .parse()
            .unwrap();
    let svg = render::svg(&Drawing::of(&puzzle, &Rules::classic()));
    let picture = Picture::of(&svg);
    // Paper in an empty cell, a thick black line between boxes 1 and 2, a
    // thin grey one between columns 1 and 2.
    let (x, y) = centre(1, 2);
    assert_eq!(picture.at(x, y), "#ffffff");
    let (_, y) = centre(2, 1);
    assert!(picture.light(MARGIN + 3.0 * CELL, y) < 40);
    let thin = picture.light(MARGIN + CELL, y);
    assert!((100..220).contains(&thin), "{thin}");
    // The outer border.
    assert!(picture.light(MARGIN, y) < 40);
    // The givens are text: r1c1 holds 8, r2c3 3.
    assert!(svg.contains(">8</text>"), "{svg}");
    assert_eq!(svg.matches("</text>").count(), 21);
}

#[test]
fn every_element_is_drawn_where_it_stands() {
    let doc = format!(
        r#"{{"size": 9, "grid": {},
            "killercage": [{{"cells": ["R1C1", "R1C2"], "value": "3"}}],
            "thermometer": [{{"lines": [["R3C1", "R3C2", "R3C3"]]}}],
            "arrow": [{{"cells": ["R5C1"], "lines": [["R5C1", "R5C2", "R5C3"]]}}],
            "ratio": [{{"cells": ["R7C1", "R7C2"]}}],
            "difference": [{{"cells": ["R7C4", "R7C5"]}}],
            "xv": [{{"cells": ["R8C1", "R8C2"], "value": "X"}}],
            "even": [{{"cell": "R9C5"}}],
            "odd": [{{"cell": "R9C7"}}],
            "extraregion": [{{"cells": ["R1C9", "R2C9"]}}],
            "whispers": [{{"lines": [["R4C5", "R4C6", "R4C7"]], "value": 5}}],
            "diagonal-": true,
            "antiknight": true,
            "chess": [{{"value": "1,3;v9"}}]}}"#,
        empty_grid(9)
    );
    let read = VariantPuzzle::from_json(&doc).unwrap();
    let drawing = Drawing::of(&read.puzzle, &read.rules);
    let svg = render::svg(&drawing);
    let picture = Picture::of(&svg);
    let at = |(x, y): (f64, f64)| picture.at(x, y);
    // Thermometer: the bulb on r3c1, the tube through r3c2.
    assert_eq!(at(centre(3, 1)), "#b4b4b4");
    assert_eq!(at(centre(3, 2)), "#b4b4b4");
    // Arrow: a white circle on r5c1 ringed in grey, a thin grey shaft.
    assert_eq!(at(centre(5, 1)), "#ffffff");
    assert_eq!(at(inside(5, 1, 0.5, 0.1)), "#808080");
    assert_eq!(at(centre(5, 2)), "#808080");
    assert_eq!(at(inside(5, 2, 0.5, 0.25)), "#ffffff");
    // Kropki: a black dot between r7c1 and r7c2, a white one (ringed)
    // between r7c4 and r7c5.
    assert_eq!(at(inside(7, 1, 1.0, 0.5)), "#000000");
    assert_eq!(at(inside(7, 4, 1.0, 0.5)), "#ffffff");
    assert!(picture.light(MARGIN + 4.0 * CELL, MARGIN + 6.5 * CELL - CELL * 0.13) < 120);
    // XV: a white patch for the letter between r8c1 and r8c2, over the grid
    // line.
    assert_eq!(at(inside(8, 1, 1.0, 0.6)), "#ffffff");
    // Even: a grey square (its corner too); odd: a grey circle (not its
    // corner).
    assert_eq!(at(inside(9, 5, 0.2, 0.2)), "#c8c8c8");
    assert_eq!(at(centre(9, 7)), "#c8c8c8");
    assert_eq!(at(inside(9, 7, 0.2, 0.2)), "#ffffff");
    // The extra region is shaded; the whispers line is green.
    assert_eq!(at(centre(2, 9)), "#d9d9d9");
    assert_eq!(at(centre(4, 6)), "#5fbf5f");
    // The main diagonal crosses r6c6 (an empty, unshaded cell).
    assert_eq!(at(centre(6, 6)), "#8fa8d8");
    // The cage: its dashed outline starts at the top left of r1c1.
    assert!(picture.light(MARGIN + CELL * 0.08 + 16.0, MARGIN + CELL * 0.08) < 160);
    assert!(svg.contains(">3</text>"));
    // Anti-knight and chess leaps have nothing to draw: captions say them.
    assert!(svg.contains("anti-knight"), "{svg}");
    assert!(
        svg.contains("chess 1,3;v9: cells a (1,3) leap apart hold different digits (digits 9)"),
        "{svg}"
    );
}

#[test]
fn line_rules_outside_clues_and_quadruples_are_drawn_where_they_stand() {
    let doc = format!(
        r#"{{"size": 9, "grid": {},
            "renban": [{{"lines": [["R1C1", "R1C2", "R1C3"]]}}],
            "betweenline": [{{"lines": [["R3C1", "R3C2", "R3C3", "R3C4"]]}}],
            "regionsumline": [{{"lines": [["R5C2", "R5C3", "R5C4", "R5C5"]]}}],
            "sandwichsum": [{{"cell": "R0C5", "value": "12"}}],
            "littlekillersum": [{{"cell": "R10C1", "direction": "UR", "value": "21"}}],
            "quadruple": [{{"cells": ["R7C7", "R7C8", "R8C7", "R8C8"], "values": [1, 2]}}]}}"#,
        empty_grid(9)
    );
    let read = VariantPuzzle::from_json(&doc).unwrap();
    let svg = render::svg(&Drawing::of(&read.puzzle, &read.rules));
    let picture = Picture::of(&svg);
    let at = |(x, y): (f64, f64)| picture.at(x, y);
    // Line rules in their colours; a between line's ends are white rings.
    assert_eq!(at(centre(1, 2)), "#f067f0");
    assert_eq!(at(centre(3, 2)), "#a0c8f0");
    assert_eq!(at(centre(3, 1)), "#ffffff");
    assert_eq!(at(inside(3, 1, 0.5, 0.12)), "#a0c8f0");
    assert_eq!(at(centre(5, 4)), "#2ecbff");
    // The quadruple: a white circle ringed in black on the corner of
    // r7c7, r7c8, r8c7 and r8c8.
    assert_eq!(at(inside(7, 7, 1.0, 1.0)), "#ffffff");
    assert_eq!(at(inside(7, 7, 1.0, 1.0 - 0.22)), "#000000");
    assert!(svg.contains(">12</text>"), "{svg}");
    // Outside clues in the margin: above column 5, below column 1 with
    // the little killer's arrow.
    let (x5, top) = (MARGIN + 4.5 * CELL, MARGIN / 2.0);
    assert!(svg.contains(&format!(r#"x="{x5}" y="{top}""#)), "{svg}");
    let (x1, bottom) = (MARGIN + 0.5 * CELL, MARGIN + 9.0 * CELL + MARGIN / 2.0);
    assert!(svg.contains(&format!(r#"x="{x1}" y="{bottom}""#)), "{svg}");
    assert!(svg.contains(">21\u{2197}</text>"), "{svg}");
}

#[test]
fn jigsaw_regions_have_walls_and_candidates_sit_in_their_place() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../puzzles/variants/jigsaw/jigsaw-janko-093.json"
    ))
    .unwrap();
    let read = VariantPuzzle::from_json(&doc).unwrap();
    let regions = read.rules.regions.clone().unwrap();
    let drawing = Drawing::of(&read.puzzle, &read.rules);
    let picture = Picture::of(&render::svg(&drawing));
    // Between two horizontally adjacent cells: a wall exactly where the
    // regions differ.
    for cell in 0..81 {
        let (row, col) = (cell / 9 + 1, cell % 9 + 1);
        if col == 9 {
            continue;
        }
        let (_, y) = inside(row, col, 1.0, 0.3);
        let light = picture.light(MARGIN + col as f64 * CELL, y);
        let wall = regions[cell] != regions[cell + 1];
        assert_eq!(light < 40, wall, "r{row}c{col}: light {light}");
    }
}

#[test]
fn a_solution_is_drawn_in_blue_and_candidates_small() {
    let puzzle: Puzzle = "1...........4..2".parse().unwrap();
    let solution: Puzzle = "1243342121344312".parse().unwrap();
    let svg = render::svg(&Drawing::of(&puzzle, &Rules::classic()).with_solution(&solution));
    assert_eq!(svg.matches("fill=\"#2255cc\"").count(), 13);
    let sudoku = sudoku::Sudoku::new(puzzle.size(), sudoku::Variant::CLASSIC);
    let grid = sudoku
        .candidates(&puzzle, csp_core::PropagationLevel::ForwardChecking)
        .unwrap();
    let svg = render::svg(&Drawing::of(&puzzle, &Rules::classic()).with_candidates(&grid));
    // r1c2 has 2 3 4 at fc: three small grey digits.
    let small = svg.matches("fill=\"#707070\"").count();
    let total: usize = (0..16)
        .filter(|&c| grid.digit(c).is_none())
        .map(|c| grid.candidates(c).len())
        .sum();
    assert_eq!(small, total);
    assert!(total > 13);
}

#[test]
fn a_heatmap_tints_the_most_chosen_cell_full() {
    let size = sudoku::GridSize::from_side(4).unwrap();
    let chosen = [0, 5, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 20];
    let backtracked = [0; 16];
    let drawing = Drawing::heatmap(size, &chosen, &backtracked, "test");
    let picture = Picture::of(&render::svg(&drawing));
    // Corners of the cells, away from the counts' text.
    assert_eq!(
        picture.at(inside(4, 4, 0.1, 0.1).0, inside(4, 4, 0.1, 0.1).1),
        "#d62728"
    );
    assert_eq!(
        picture.at(inside(1, 1, 0.1, 0.1).0, inside(1, 1, 0.1, 0.1).1),
        "#ffffff"
    );
    // Half as often: half as dark.
    let half = picture.light(inside(1, 3, 0.1, 0.1).0, inside(1, 3, 0.1, 0.1).1);
    let full = picture.light(inside(4, 4, 0.1, 0.1).0, inside(4, 4, 0.1, 0.1).1);
    assert!(full < half && half < 255, "{full} {half}");
}

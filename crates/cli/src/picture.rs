//! What `render` draws of a puzzle: its rules, and if asked the
//! candidates left at a level and the solution. The command, the Python
//! package and the web server draw here.

use csp_core::{PropagationLevel, SearchConfig};
use sudoku::render::{self, Drawing};
use sudoku::{Puzzle, SolveError, Sudoku};

/// A drawn puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// The SVG text.
    pub svg: String,
    /// The solution was asked for and there is none (the picture shows
    /// the puzzle without it).
    pub no_solution: bool,
}

/// `puzzle` under `sudoku`'s rules as SVG, with the candidates left at
/// `candidates` if given, and the solution found by `solver` if given.
pub fn picture(
    sudoku: &Sudoku,
    puzzle: &Puzzle,
    candidates: Option<PropagationLevel>,
    solver: Option<&SearchConfig>,
) -> Result<Picture, SolveError> {
    let mut drawing = Drawing::of(puzzle, sudoku.rules());
    if let Some(level) = candidates {
        drawing = drawing.with_candidates(&sudoku.candidates(puzzle, level)?);
    }
    let mut no_solution = false;
    if let Some(solver) = solver {
        match sudoku.solve(puzzle, solver)?.solution {
            Some(solution) => drawing = drawing.with_solution(&solution),
            None => no_solution = true,
        }
    }
    Ok(Picture {
        svg: render::svg(&drawing),
        no_solution,
    })
}

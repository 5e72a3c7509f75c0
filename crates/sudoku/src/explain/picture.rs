//! A step of an explanation as a picture: the board it is taken from,
//! with its pattern drawn over it.

use super::{State, Step, Walk};
use crate::render::{Drawing, Shape, Tint};
use crate::{Puzzle, SolveError, Sudoku};

/// The picture of step `k` (from 1) of the explanation of `puzzle`: the
/// candidates it is taken from, its base and cover houses tinted, its
/// pattern's candidates on discs, its links, what it removes struck out,
/// what it places, and its reason as captions; `Err(steps)` with the
/// number of steps there are when the explanation ends before it.
pub fn step_picture(
    sudoku: &Sudoku,
    puzzle: &Puzzle,
    k: usize,
) -> Result<Result<Drawing, usize>, SolveError> {
    let mut walk = Walk::new(sudoku, puzzle)?;
    for made in 0..k {
        let Some(step) = walk.find_next() else {
            return Ok(Err(made));
        };
        if made + 1 == k {
            let drawing = Drawing::of(puzzle, sudoku.rules());
            return Ok(Ok(draw_step(drawing, walk.state(), &step)));
        }
        walk.make(&step);
    }
    Ok(Err(0))
}

/// Shows the candidates of `state` (a puzzle being explained) and
/// the digits placed since the givens, with `step` drawn over them:
/// its base and cover houses tinted, its pattern's candidates on
/// discs (fins in their own colour), its links, the candidates it
/// removes struck out and the digits it places.
fn draw_step(mut drawing: Drawing, state: &State, step: &Step) -> Drawing {
    let cells = drawing.size.cells();
    for (cell, filled) in drawing.filled.iter_mut().enumerate() {
        if drawing.givens[cell] == 0 {
            *filled = state.digit(cell);
        }
    }
    let mut candidates: Vec<Vec<u8>> = (0..cells).map(|c| state.candidates(c)).collect();
    for &(cell, d) in &step.placed {
        drawing.filled[cell] = d;
        candidates[cell].clear();
    }
    drawing.candidates = Some(candidates);
    let pattern = &step.pattern;
    for (houses, kind) in [(&pattern.base, Tint::Base), (&pattern.cover, Tint::Cover)] {
        for &h in houses {
            let cells = state.houses()[h].cells.clone();
            drawing.shape(Shape::Tint { cells, kind });
        }
    }
    for (list, fin) in [(&pattern.candidates, false), (&pattern.fins, true)] {
        for &(cell, digit) in list.iter() {
            if drawing.filled[cell] == 0 {
                drawing.shape(Shape::Ring { cell, digit, fin });
            }
        }
    }
    for link in &pattern.links {
        drawing.shape(Shape::Link {
            from: link.from,
            to: link.to,
            strong: link.strong,
        });
    }
    for &(cell, digit) in &step.removed {
        if drawing.filled[cell] == 0 {
            drawing.shape(Shape::Struck { cell, digit });
        }
    }
    // Captions are not wrapped by SVG: about 7 pixels a character.
    let width = (drawing.size.side() + 1) * 48 / 7;
    let text = match &step.pattern.form {
        Some(form) => format!("{} ({form}): {}", step.technique.name(), step.why),
        None => format!("{}: {}", step.technique.name(), step.why),
    };
    for line in wrap(&text, width) {
        drawing.caption(line);
    }
    drawing
}

/// `text` in lines of at most `width` characters, broken at spaces (a
/// longer word stands alone).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captions_wrap_at_spaces() {
        assert_eq!(
            wrap("in rows 3 and 4, 2 can only go", 12),
            ["in rows 3", "and 4, 2 can", "only go"]
        );
        assert_eq!(wrap("a verylongword b", 4), ["a", "verylongword", "b"]);
    }
}

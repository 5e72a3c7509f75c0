//! Making one puzzle: a random full grid, then holes dug in random order
//! while the solution stays unique.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};

use super::checker::Checker;
use super::layout::{Cage, random_cages, random_regions};
use super::lines::{self, DrawnElement};
use super::{GenerateError, GenerateOptions};
use crate::explain::ExplainerRating;
use crate::rules::{Element, Rules, registry};
use crate::{LevelNeeded, Puzzle, Sudoku};

/// Random region layouts tried for one jigsaw grid before giving up.
const LAYOUT_TRIES: usize = 100;

/// Search nodes a random jigsaw layout may take to give a full grid
/// before another layout is drawn (a layout may have none).
const FILL_BUDGET: u64 = 100_000;

/// A generated puzzle and how it was made.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Generated {
    /// Which puzzle of the run (from 0): with the run's seed, it fixes the
    /// puzzle.
    pub index: u64,
    /// The puzzle: a unique solution, its clues those of `solution`.
    pub puzzle: Puzzle,
    /// Its solution: the full grid the holes were dug in.
    pub solution: Puzzle,
    /// The seed of the full grid and of the digging order: with the same
    /// options, [`Generator::from_grid_seed`] makes this puzzle again.
    pub grid_seed: u64,
    /// How many full grids were tried before one gave a puzzle with the
    /// requested properties (1: the first did).
    pub attempts: u64,
    /// Whether no clue (with a symmetry, no orbit of clues) can be removed
    /// without losing uniqueness: digging went to the end, and no check
    /// ran out of its node budget (which keeps the clue; only big grids
    /// with few clues get there).
    pub minimal: bool,
    /// The weakest propagation level that solves it, when the options
    /// asked for one (`None` otherwise; [`Sudoku::level_needed`] tells).
    pub level: Option<LevelNeeded>,
    /// Its random jigsaw regions (the region of each cell, from 0), when
    /// the options asked for them.
    pub regions: Option<Vec<usize>>,
    /// Its random killer cages, when the options asked for them.
    pub cages: Vec<Cage>,
    /// Its random lines and outside clues, when the options asked for
    /// them.
    pub drawn: Vec<DrawnElement>,
    /// Its rating on Sudoku Explainer's scale, when the options asked
    /// for a rating or a technique.
    pub se: Option<ExplainerRating>,
}

impl Generated {
    /// The puzzle's own rules, when it has regions or cages: those of
    /// `base` (the generator's grid) with them added. `None`: `base`'s.
    pub fn rules(&self, base: &Sudoku) -> Option<Rules> {
        (self.regions.is_some() || !self.cages.is_empty() || !self.drawn.is_empty())
            .then(|| own_rules(base, self.regions.clone(), &self.cages, &self.drawn))
    }
}

/// `base`'s global rules with `regions` and `cages`.
fn own_rules(
    base: &Sudoku,
    regions: Option<Vec<usize>>,
    cages: &[Cage],
    drawn: &[DrawnElement],
) -> Rules {
    let side = base.size().side();
    let mut elements: Vec<Box<dyn Element>> = (base.rules().elements.iter())
        .filter_map(|e| registry::kind(e.kind()).and_then(|k| k.global))
        .map(|global| global())
        .collect();
    elements.extend(cages.iter().map(|cage| {
        Box::new(crate::rules::KillerCage::new(
            cage.cells.clone(),
            Some(i64::from(cage.sum)),
            side,
        )) as Box<dyn Element>
    }));
    let rules = Rules {
        regions,
        elements,
        about: Default::default(),
    };
    lines::with_drawn(rules, base.size(), drawn)
}

/// Makes puzzles for one grid's rules with one set of options. Puzzle `i`
/// of a run depends only on the run's seed and `i`, so runs split over
/// threads in any way give the same puzzles.
pub struct Generator<'a> {
    sudoku: &'a Sudoku,
    options: GenerateOptions,
    checker: Checker<'a>,
    orbits: Vec<Vec<usize>>,
}

impl<'a> Generator<'a> {
    /// A generator for `sudoku`'s rules; fails if the options ask for
    /// something impossible (a clue range outside the grid, or below the
    /// known minimum of clues for a unique classic puzzle).
    pub fn new(
        sudoku: &'a Sudoku,
        options: GenerateOptions,
    ) -> Result<Generator<'a>, GenerateError> {
        options.check(sudoku)?;
        Ok(Generator {
            sudoku,
            orbits: options.symmetry.orbits(sudoku.size().side()),
            options,
            checker: Checker::new(sudoku),
        })
    }

    /// Puzzle `index` of the run with seed `seed`: up to
    /// [`GenerateOptions::attempts`] full grids, each with its own grid
    /// seed drawn from `(seed, index)`.
    pub fn generate(&mut self, seed: u64, index: u64) -> Result<Generated, GenerateError> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(index);
        for attempt in 1..=self.options.attempts {
            let grid_seed = rng.next_u64();
            if let Some(mut generated) = self.from_grid_seed(grid_seed)? {
                generated.index = index;
                generated.attempts = attempt;
                return Ok(generated);
            }
        }
        Err(GenerateError::Missed {
            attempts: self.options.attempts,
            target: self.options.target(),
        })
    }

    /// The random full grid of `grid_seed` (the one
    /// [`from_grid_seed`](Self::from_grid_seed) digs in).
    pub fn full_grid(&mut self, grid_seed: u64) -> Result<Puzzle, GenerateError> {
        let mut rng = ChaCha8Rng::seed_from_u64(grid_seed);
        let grid = self.fill(&mut rng)?;
        Ok(Puzzle::from_digits(self.sudoku.size(), grid))
    }

    fn fill(&mut self, rng: &mut ChaCha8Rng) -> Result<Vec<u8>, GenerateError> {
        self.checker
            .fill(self.sudoku, rng, u64::MAX)?
            .ok_or(GenerateError::NoGrid)
    }

    /// Random jigsaw regions with a random full grid in them: layouts are
    /// drawn until one gives a grid within [`FILL_BUDGET`] nodes.
    /// Also gives the rules of those regions.
    fn jigsaw(&self, rng: &mut ChaCha8Rng) -> Result<(Vec<usize>, Vec<u8>, Sudoku), GenerateError> {
        for _ in 0..LAYOUT_TRIES {
            let regions = random_regions(self.sudoku.size(), rng);
            let rules = own_rules(self.sudoku, Some(regions.clone()), &[], &[]);
            let sudoku = Sudoku::with_rules(self.sudoku.size(), rules)?;
            if let Some(grid) = Checker::new(&sudoku).fill(&sudoku, rng, FILL_BUDGET)? {
                return Ok((regions, grid, sudoku));
            }
        }
        Err(GenerateError::NoGrid)
    }

    /// The puzzle dug from the grid of `grid_seed`, or `None` if it misses
    /// the requested clue count or level.
    pub fn from_grid_seed(&mut self, grid_seed: u64) -> Result<Option<Generated>, GenerateError> {
        let mut rng = ChaCha8Rng::seed_from_u64(grid_seed);
        let (regions, solution, jigsaw) = if self.options.jigsaw {
            let (regions, grid, sudoku) = self.jigsaw(&mut rng)?;
            (Some(regions), grid, Some(sudoku))
        } else {
            (None, self.fill(&mut rng)?, None)
        };
        let cages = if self.options.killer {
            random_cages(&solution, self.sudoku.size().side(), &mut rng)
        } else {
            Vec::new()
        };
        let drawn = if self.options.lines.is_empty() {
            Vec::new()
        } else {
            let size = self.sudoku.size();
            let (rules, count) = (&self.options.lines, self.options.line_count);
            lines::random_elements(&solution, size, rules, count, &mut rng)
        };
        // A puzzle with its own regions, cages or lines is checked by its
        // own rules: the jigsaw's, unless cages or lines come on top.
        let own = if cages.is_empty() && drawn.is_empty() {
            jigsaw
        } else {
            let rules = own_rules(self.sudoku, regions.clone(), &cages, &drawn);
            Some(Sudoku::with_rules(self.sudoku.size(), rules)?)
        };
        let sudoku = own.as_ref().unwrap_or(self.sudoku);
        let dug = match &own {
            Some(own) => dig(
                &mut Checker::new(own),
                own,
                &self.orbits,
                &self.options,
                &solution,
                &mut rng,
            )?,
            None => dig(
                &mut self.checker,
                sudoku,
                &self.orbits,
                &self.options,
                &solution,
                &mut rng,
            )?,
        };
        let Some((cells, unproven)) = dug else {
            return Ok(None);
        };
        let size = sudoku.size();
        let puzzle = Puzzle::from_digits(size, cells);
        let level = match self.options.level {
            Some(target) => {
                let level = sudoku.level_needed(&puzzle)?;
                if level != target {
                    return Ok(None);
                }
                Some(level)
            }
            None => None,
        };
        let se = match (self.options.se, self.options.technique) {
            (None, None) => None,
            (range, technique) => {
                let explanation = crate::explain::explain(sudoku, &puzzle)?;
                if let Some(name) = technique
                    && !(explanation.steps.iter()).any(|s| s.technique.is_named(name))
                {
                    return Ok(None);
                }
                let rating = crate::explain::rating_of(&explanation, 1);
                if let Some((low, high)) = range
                    && !rating.er.is_some_and(|er| low <= er && er <= high)
                {
                    return Ok(None);
                }
                Some(rating)
            }
        };
        Ok(Some(Generated {
            index: 0,
            puzzle,
            solution: Puzzle::from_digits(size, solution),
            grid_seed,
            attempts: 1,
            level,
            minimal: self.options.makes_minimal() && unproven == 0,
            regions,
            cages,
            drawn,
            se,
        }))
    }

    /// The number of solutions of `puzzle` up to `limit`, by the same
    /// solver the generator checks uniqueness with.
    pub fn count(&mut self, puzzle: &Puzzle, limit: u64) -> Result<u64, GenerateError> {
        Ok(self.checker.count(self.sudoku, puzzle.cells(), limit)?)
    }
}

/// Digs holes in `solution` in an order drawn from `rng`, orbit by orbit,
/// while `checker` finds the puzzle unique under `sudoku`'s rules: the
/// clues left and how many checks ran out of budget, or `None` if the
/// clue count misses the options' range.
fn dig(
    checker: &mut Checker<'_>,
    sudoku: &Sudoku,
    orbits: &[Vec<usize>],
    options: &GenerateOptions,
    solution: &[u8],
    rng: &mut ChaCha8Rng,
) -> Result<Option<(Vec<u8>, usize)>, GenerateError> {
    checker.begin(solution);
    let mut order: Vec<usize> = (0..orbits.len()).collect();
    crate::bitboard::shuffle(&mut order, rng);
    let (low, high) = options.clues.unwrap_or((0, usize::MAX));
    let dig_to_the_end = options.minimal || options.clues.is_none();
    let mut cells = solution.to_vec();
    let mut clues = cells.len();
    let mut unproven = 0;
    for &o in &order {
        if !dig_to_the_end && clues <= high {
            break;
        }
        let orbit = &orbits[o];
        if !dig_to_the_end && clues - orbit.len() < low {
            continue;
        }
        for &c in orbit {
            cells[c] = 0;
        }
        let unique = checker.still_unique(&cells, solution, orbit)?;
        unproven += usize::from(unique.is_none());
        if unique == Some(true) && within_ceiling(sudoku, options, &cells)? {
            clues -= orbit.len();
        } else {
            // Each orbit is dug once: its cells were clues of `solution`.
            for &c in orbit {
                cells[c] = solution[c];
            }
        }
    }
    Ok((low..=high).contains(&clues).then_some((cells, unproven)))
}

/// Whether the puzzle needs at most the requested level (always, when
/// none was requested, it is `guessing`, or the puzzle must be minimal:
/// then the level is only checked at the end).
fn within_ceiling(
    sudoku: &Sudoku,
    options: &GenerateOptions,
    cells: &[u8],
) -> Result<bool, GenerateError> {
    match options.level {
        Some(LevelNeeded::Level(target)) if !options.minimal => {
            let puzzle = Puzzle::from_digits(sudoku.size(), cells.to_vec());
            Ok(sudoku.settles_at(&puzzle, target)?)
        }
        _ => Ok(true),
    }
}

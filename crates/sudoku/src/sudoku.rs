//! A Sudoku of some size and variant as a csp-core model, and what can be
//! done with it: check givens, solve, count, show candidates.

use csp_core::{
    DomainStore, HeuristicError, Model, ModelBuilder, PropagationLevel, Search, SearchConfig,
    ValueSet, VarId,
};

use crate::error::{CellRef, PuzzleError};
use std::sync::OnceLock;

use crate::house::{HOUSE_OWNER, House, grid_houses, post_house};
use crate::human_techniques::HumanTechniques;
use crate::rules::{Element, GridBuilder, Mark, Rules, RulesError, Solved};
use crate::{
    CandidateGrid, FastHouses, GridSize, Propagators, Puzzle, SolveReport, Source, Variant,
};

/// Why a puzzle could not be searched.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum SolveError {
    /// The puzzle is malformed or its givens contradict each other.
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
    /// A heuristic cannot work on this model.
    #[error(transparent)]
    Heuristic(#[from] HeuristicError),
}

/// How a house shows that a search failed ([`Sudoku::house_failure`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HouseFailure<'a> {
    /// Two of its cells hold `digit`.
    PlacedTwice {
        /// The house.
        house: &'a House,
        /// The digit, from 1.
        digit: u8,
    },
    /// No cell holds or may still take `digit`.
    NoPlace {
        /// The house.
        house: &'a House,
        /// The digit, from 1.
        digit: u8,
    },
}

/// A Sudoku grid shape with its rules, built once and shared by every puzzle
/// with those rules (it is `Sync`: solve puzzles on many threads with one).
///
/// Cell `i` (reading order) is variable `VarId(i)`; digit `d` is value
/// `d - 1`; cell `(row, col)` sits at position `(row, col)` for the
/// geometric heuristics.
#[derive(Debug)]
pub struct Sudoku {
    size: GridSize,
    rules: Rules,
    houses: Vec<House>,
    marks: Vec<Mark>,
    model: Model,
    /// The same rules as one [`FastHouses`] propagator, when the grid has
    /// only houses, with the houses each of its work items stands for.
    fast: Option<FastModel>,
    /// Whether every constraint is a house.
    only_houses: bool,
    propagators: Propagators,
    /// The model of the `human:D` levels: the one searched at `singles`
    /// with the techniques' propagator ([`HumanTechniques`]) after it;
    /// made when first searched.
    human: OnceLock<Model>,
    /// The generic model with csp-core's linked places, for searches with
    /// `links` ([`SearchConfig::links`]); made when first searched, `None`
    /// where no binary relation links a cell to a house.
    linked: OnceLock<Option<Model>>,
}

impl Sudoku {
    /// The rules for a grid size and a set of global rules.
    pub fn new(size: GridSize, variant: Variant) -> Sudoku {
        Sudoku::with_rules(size, variant.rules()).expect("global rules fit every grid")
    }

    /// The rules of a grid size with its regions and elements (a variant
    /// puzzle): rows and columns, the boxes or regions, then each element
    /// in order.
    pub fn with_rules(size: GridSize, rules: Rules) -> Result<Sudoku, RulesError> {
        rules.check_regions(size)?;
        let (b, houses, marks) = model_builder(size, &rules)?;
        let only_houses = b.num_propagators() == houses.len();
        let model = b.build();
        let fast = only_houses.then(|| fast_model(&model, &houses)).flatten();
        Ok(Sudoku {
            size,
            rules,
            houses,
            marks,
            model,
            fast,
            only_houses,
            propagators: Propagators::default(),
            human: OnceLock::new(),
            linked: OnceLock::new(),
        })
    }

    /// The same grid searched with `propagators`.
    pub fn with_propagators(mut self, propagators: Propagators) -> Sudoku {
        self.propagators = propagators;
        self.human = OnceLock::new();
        self
    }

    /// Which propagators it searches with.
    pub fn propagators(&self) -> Propagators {
        self.propagators
    }

    /// Whether the rules are houses only (rows, columns, boxes or regions,
    /// diagonals, windows, extra regions): no other kind of constraint
    /// (elements may still narrow the initial candidates of cells).
    pub fn has_only_houses(&self) -> bool {
        self.only_houses
    }

    /// Whether searches at `level` run the fast propagator: chosen, the
    /// grid has only houses, and the level is at most
    /// [`Propagators::FAST_UP_TO`].
    pub fn runs_fast(&self, level: PropagationLevel) -> bool {
        self.propagators == Propagators::Fast
            && self.fast.is_some()
            && level <= Propagators::FAST_UP_TO
    }

    /// Whether a search with `config` runs the fast propagator: as
    /// [`runs_fast`](Self::runs_fast), and without clause learning, whose
    /// explanations come from the generic model's houses.
    pub fn searches_fast(&self, config: &SearchConfig) -> bool {
        !config.learning && self.runs_fast(config.level)
    }

    /// The model a search with `config` runs: [`model_for`](Self::model_for)
    /// its level, but the generic model for clause learning (its
    /// all-different houses explain their removals), and with `links`
    /// (below `human:D`) the generic model with its linked places, where
    /// the rules have any.
    pub fn model_searched(&self, config: &SearchConfig) -> &Model {
        if config.links && config.level.rated_up_to().is_none() {
            if let Some(linked) = self.linked_model() {
                return linked;
            }
        }
        if config.learning && config.level.rated_up_to().is_none() {
            return &self.model;
        }
        self.model_for(config.level)
    }

    /// The model searches at `level` run.
    pub fn model_for(&self, level: PropagationLevel) -> &Model {
        if level.rated_up_to().is_some() {
            return self.human_model();
        }
        match &self.fast {
            Some(fast) if self.runs_fast(level) => &fast.model,
            _ => &self.model,
        }
    }

    /// The generic model with its linked places
    /// ([`ModelBuilder::link_places`]), made the first time it is asked
    /// for; `None` if it would have none.
    fn linked_model(&self) -> Option<&Model> {
        self.linked
            .get_or_init(|| {
                let (mut b, _, _) = model_builder(self.size, &self.rules)
                    .expect("the rules were posted once already");
                (b.link_places() > 0).then(|| b.build())
            })
            .as_ref()
    }

    /// The model of the `human:D` levels, made the first time it is asked
    /// for: the fast propagator's where it runs at `singles`, else the
    /// generic one, with [`HumanTechniques`] last.
    fn human_model(&self) -> &Model {
        self.human.get_or_init(|| {
            let template = crate::explain::State::new(self, &Puzzle::empty(self.size));
            let fast = self.runs_fast(PropagationLevel::Singles);
            let mut b = match fast
                .then(|| fast_builder(&self.model, &self.houses))
                .flatten()
            {
                Some((b, _)) => b,
                None => {
                    (model_builder(self.size, &self.rules)
                        .expect("the rules were posted once already"))
                    .0
                }
            };
            b.add_propagator(HumanTechniques::new(template))
                .expect("its scope is every cell once");
            b.build()
        })
    }

    /// The element that propagator `p` of the model searched with
    /// `config` enforces (as [`FailCause`](csp_core::trace::FailCause)
    /// names it); `None` for the houses of the grid and the propagators
    /// the engine adds.
    pub fn element_of(&self, config: &SearchConfig, p: u32) -> Option<&dyn Element> {
        match self.owned_by(self.model_searched(config).owner(p)?)? {
            Source::Element(element) => Some(element),
            Source::House(_) => None,
        }
    }

    /// The house or element tagged `owner` in the models
    /// ([`HOUSE_OWNER`]).
    fn owned_by(&self, owner: u32) -> Option<Source<'_>> {
        match owner.checked_sub(HOUSE_OWNER) {
            Some(k) => self.houses.get(k as usize).map(Source::House),
            None => (self.rules.elements.get(owner as usize)).map(|e| Source::Element(&**e)),
        }
    }

    /// What propagator `p` of the model searched with `config` stands for
    /// (work item `item` of it, for the fast propagator): a house or an
    /// element, or the two houses of a locked-candidates pair. Empty for
    /// the propagators the engine adds on its own.
    pub fn sources_of(&self, config: &SearchConfig, p: u32, item: Option<u32>) -> Vec<Source<'_>> {
        let model = self.model_searched(config);
        let source = |owner: Option<u32>| self.owned_by(owner?);
        let house = |k: usize| self.houses.get(k).map(Source::House);
        let sources = match (&self.fast, item) {
            (Some(fast), Some(item)) if self.searches_fast(config) => {
                let (a, b) = (fast.items.get(item as usize)).copied().unwrap_or_default();
                [house(a), b.and_then(house)]
            }
            _ => match model.pair_owners(p) {
                Some([a, b]) => [source(a), source(b)],
                None => [source(model.owner(p)), None],
            },
        };
        sources.into_iter().flatten().collect()
    }

    /// Classic 9x9.
    pub fn classic() -> Sudoku {
        Sudoku::new(GridSize::CLASSIC, Variant::CLASSIC)
    }

    /// The grid size.
    pub fn size(&self) -> GridSize {
        self.size
    }

    /// The rules: regions and elements.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// `puzzle` drawn with this grid's regions: box borders, or walls
    /// around irregular (jigsaw) regions.
    pub fn board<'a>(&'a self, puzzle: &'a Puzzle) -> crate::Board<'a> {
        match &self.rules.regions {
            Some(regions) => puzzle.board_with_regions(regions),
            None => puzzle.board(),
        }
    }

    /// The marked pairs of cells of every element (for negative rules).
    pub(crate) fn marks(&self) -> &[Mark] {
        &self.marks
    }

    /// The houses: rows, columns, boxes (or regions), then the elements'.
    pub fn houses(&self) -> &[House] {
        &self.houses
    }

    /// Where a search failed, the first house (in [`Sudoku::houses`]
    /// order) that shows it: a digit placed twice, or a digit that no cell
    /// holds or may still take (a house of `side` cells needs every
    /// digit).
    pub fn house_failure(&self, store: &DomainStore) -> Option<HouseFailure<'_>> {
        let side = self.size.side();
        let every = ValueSet::range(side as u32).0;
        self.houses.iter().find_map(|house| {
            let mut placed = 0u64;
            let mut places = 0u64;
            for &c in &house.cells {
                let var = VarId(c as u32);
                if let Some(v) = store.value(var) {
                    if placed >> v & 1 != 0 {
                        let digit = v as u8 + 1;
                        return Some(HouseFailure::PlacedTwice { house, digit });
                    }
                    placed |= 1 << v;
                }
                places |= store.domain(var).0;
            }
            let missing = every & !places;
            (house.cells.len() == side && missing != 0).then(|| HouseFailure::NoPlace {
                house,
                digit: missing.trailing_zeros() as u8 + 1,
            })
        })
    }

    /// The constraint model with the generic propagators (the one
    /// [`Sudoku::model_for`] falls back to).
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// Checks that `puzzle` has this size and that no house holds a given
    /// twice (the first clash in house order is reported).
    pub fn check_givens(&self, puzzle: &Puzzle) -> Result<(), PuzzleError> {
        if puzzle.size() != self.size {
            return Err(PuzzleError::SizeMismatch {
                found: puzzle.size(),
                expected: self.size,
            });
        }
        let n = self.size.side();
        let at = |i: usize| CellRef {
            row: i / n + 1,
            col: i % n + 1,
        };
        let mut seen = vec![usize::MAX; n + 1];
        for house in &self.houses {
            seen.fill(usize::MAX);
            for &i in &house.cells {
                let d = puzzle.cells()[i] as usize;
                if d == 0 {
                    continue;
                }
                if seen[d] != usize::MAX {
                    return Err(PuzzleError::Contradiction {
                        digit: d as u8,
                        house: house.to_string(),
                        first: at(seen[d]),
                        second: at(i),
                    });
                }
                seen[d] = i;
            }
        }
        Ok(())
    }

    /// A search over `puzzle` with its givens fixed, not yet run.
    pub fn search(&self, puzzle: &Puzzle, config: &SearchConfig) -> Result<Search<'_>, SolveError> {
        self.check_givens(puzzle)?;
        let mut search = Search::new(self.model_searched(config), config)?;
        if self.propagators == Propagators::Generic {
            search = search.without_listing();
        }
        for (i, &d) in puzzle.cells().iter().enumerate() {
            if d != 0 {
                search
                    .fix(VarId(i as u32), d as u32 - 1)
                    .expect("checked givens are in range and distinct per cell");
            }
        }
        Ok(search)
    }

    /// Searches for up to `max_solutions` solutions (`None`: all).
    /// `Some(1)` solves, `Some(2)` checks uniqueness.
    pub fn run(
        &self,
        puzzle: &Puzzle,
        config: &SearchConfig,
        max_solutions: Option<u64>,
    ) -> Result<SolveReport, SolveError> {
        self.run_traced(puzzle, config, max_solutions, None)
    }

    /// [`run`](Sudoku::run), reporting every event of the search to
    /// `tracer` if one is given (see [`csp_core::trace`]; variables are
    /// cells in reading order, values are digits from 0).
    pub fn run_traced(
        &self,
        puzzle: &Puzzle,
        config: &SearchConfig,
        max_solutions: Option<u64>,
        tracer: Option<&mut dyn csp_core::trace::Tracer>,
    ) -> Result<SolveReport, SolveError> {
        self.run_watched(puzzle, config, max_solutions, tracer, None)
    }

    /// [`run_traced`](Sudoku::run_traced), also showing `progress` the
    /// counters now and then while the search runs
    /// ([`Search::set_progress`](csp_core::Search::set_progress)).
    pub fn run_watched(
        &self,
        puzzle: &Puzzle,
        config: &SearchConfig,
        max_solutions: Option<u64>,
        tracer: Option<&mut dyn csp_core::trace::Tracer>,
        progress: Option<&mut dyn FnMut(&csp_core::SearchStats)>,
    ) -> Result<SolveReport, SolveError> {
        let mut search = self.search(puzzle, config)?;
        if let Some(tracer) = tracer {
            search.set_tracer(Box::new(tracer));
        }
        if let Some(progress) = progress {
            search.set_progress(Box::new(progress));
        }
        Ok(self.report(search.run(max_solutions)))
    }

    /// The report of a search of this grid's model that was run by hand
    /// ([`search`](Sudoku::search), then chains of one's own links or an
    /// interrupt flag set on it): its first solution as a grid.
    pub fn report(&self, result: csp_core::SearchResult) -> SolveReport {
        let solution = result.first_solution.map(|values| {
            Puzzle::from_digits(self.size, values.iter().map(|&v| v as u8 + 1).collect())
        });
        SolveReport {
            termination: result.termination,
            solution,
            stats: result.stats,
        }
    }

    /// Solves `puzzle`: the first solution the strategy finds.
    pub fn solve(&self, puzzle: &Puzzle, config: &SearchConfig) -> Result<SolveReport, SolveError> {
        self.run(puzzle, config, Some(1))
    }

    /// Counts the solutions of `puzzle` up to `limit` (`None`: all).
    pub fn count_solutions(
        &self,
        puzzle: &Puzzle,
        config: &SearchConfig,
        limit: Option<u64>,
    ) -> Result<SolveReport, SolveError> {
        self.run(puzzle, config, limit)
    }

    /// A search whose root (the givens) is propagated at `level`, and
    /// whether that propagation found a contradiction.
    pub(crate) fn propagated_root(
        &self,
        puzzle: &Puzzle,
        level: PropagationLevel,
        timeout: Option<std::time::Duration>,
    ) -> Result<(Search<'_>, bool), SolveError> {
        let config = SearchConfig {
            level,
            limits: csp_core::Limits {
                timeout,
                ..csp_core::Limits::default()
            },
            ..SearchConfig::default()
        };
        let mut search = self.search(puzzle, &config)?;
        let contradiction = search.propagate_root().is_err();
        Ok((search, contradiction))
    }

    /// The candidates of every cell once the givens are propagated at
    /// `level` (the root of the search).
    pub fn candidates(
        &self,
        puzzle: &Puzzle,
        level: PropagationLevel,
    ) -> Result<CandidateGrid, SolveError> {
        let (search, contradiction) = self.propagated_root(puzzle, level, None)?;
        let store = search.store();
        let cells = (self.model.vars())
            .map(|v| match store.value(v) {
                Some(x) => Err(x as u8 + 1),
                None => Ok(store.domain(v)),
            })
            .collect();
        let regions = self.rules.regions.clone();
        Ok(CandidateGrid::new(self.size, cells, contradiction, regions))
    }

    /// Whether `grid` is complete, keeps the givens of `puzzle`, has
    /// distinct digits in every house, and keeps every element's rule
    /// (each checked on its own, not through the model).
    pub fn is_solution_of(&self, grid: &Puzzle, puzzle: &Puzzle) -> bool {
        let n = self.size.side();
        let regions: Vec<Option<usize>> = match &self.rules.regions {
            Some(regions) => regions.iter().map(|&r| Some(r)).collect(),
            None if self.size.has_boxes() => (0..n * n)
                .map(|i| Some(self.size.box_of(i / n, i % n)))
                .collect(),
            None => vec![None; n * n],
        };
        let solved = Solved {
            size: self.size,
            digits: grid.cells(),
            marks: &self.marks,
            regions: &regions,
        };
        grid.size() == self.size
            && grid.is_complete()
            && (puzzle.cells().iter().zip(grid.cells())).all(|(&g, &s)| g == 0 || g == s)
            && self.check_givens(grid).is_ok()
            && self.rules.elements.iter().all(|e| e.check(&solved))
    }
}

/// The model of a grid with its rules, not yet built: rows and columns,
/// the boxes or regions, then each element in order; with the houses
/// (the elements may add some) and the elements' marks.
fn model_builder(
    size: GridSize,
    rules: &Rules,
) -> Result<(ModelBuilder, Vec<House>, Vec<Mark>), RulesError> {
    let n = size.side();
    let mut houses = grid_houses(size, rules.regions.as_deref());
    let mut b = ModelBuilder::new();
    let cells = b.new_vars(size.cells(), ValueSet::range(n as u32));
    for (i, &v) in cells.iter().enumerate() {
        b.set_position(v, (i / n) as f64, (i % n) as f64);
    }
    for (k, h) in houses.iter().enumerate() {
        let vars: Vec<VarId> = h.cells.iter().map(|&i| cells[i]).collect();
        post_house(&mut b, k, &vars).expect("houses name distinct, existing cells");
    }
    let marks: Vec<Mark> = rules.elements.iter().flat_map(|e| e.marks()).collect();
    // Errors name an element by its kind and its number among those of
    // its kind (`x-sum 2`: the second X-sum).
    let mut of_kind: std::collections::HashMap<&str, usize> = Default::default();
    for (i, element) in rules.elements.iter().enumerate() {
        b.set_owner(Some(i as u32));
        let number = of_kind.entry(element.kind()).or_default();
        *number += 1;
        let mut grid = GridBuilder {
            size,
            builder: &mut b,
            houses: &mut houses,
            marks: &marks,
            element: format!("{} {}", element.kind(), number),
        };
        element.post(&mut grid)?;
    }
    b.set_owner(None);
    Ok((b, houses, marks))
}

/// A grid of houses as one [`FastHouses`] propagator.
#[derive(Debug)]
struct FastModel {
    model: Model,
    /// The houses each of its work items stands for
    /// ([`FastHouses::item_houses`]).
    items: Vec<(usize, Option<usize>)>,
}

/// `model`'s variables, domains and positions with its houses as one
/// [`FastHouses`] (declared related, so the heuristics see the same graph),
/// if it takes them.
fn fast_model(model: &Model, houses: &[House]) -> Option<FastModel> {
    let (b, items) = fast_builder(model, houses)?;
    Some(FastModel {
        model: b.build(),
        items,
    })
}

/// [`fast_model`]'s model, not yet built, with the houses of its work
/// items.
#[allow(clippy::type_complexity)]
fn fast_builder(
    model: &Model,
    houses: &[House],
) -> Option<(ModelBuilder, Vec<(usize, Option<usize>)>)> {
    let mut b = ModelBuilder::new();
    for v in model.vars() {
        let fresh = b.new_var(model.initial_domain(v));
        if let Some([row, col]) = model.position(v) {
            b.set_position(fresh, row, col);
        }
    }
    let groups: Vec<(Vec<VarId>, ValueSet)> = (houses.iter())
        .map(|h| {
            let vars: Vec<VarId> = h.cells.iter().map(|&i| VarId(i as u32)).collect();
            let values = (vars.iter()).fold(ValueSet::EMPTY, |acc, &v| {
                acc.union(model.initial_domain(v))
            });
            (vars, values)
        })
        .collect();
    let propagator = FastHouses::new(model.num_vars(), &groups)?;
    let items = (0..propagator.num_items())
        .filter_map(|item| propagator.item_houses(item))
        .collect();
    for (vars, _) in &groups {
        b.relate(vars).expect("house cells exist");
    }
    b.add_propagator(propagator)
        .expect("scope is every cell once");
    Some((b, items))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contradictions_name_the_house_and_cells() {
        let s = Sudoku::classic();
        let mut line = ".".repeat(81);
        line.replace_range(0..1, "5");
        line.replace_range(20..21, "5");
        let err = s.check_givens(&Puzzle::parse(&line).unwrap()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "contradictory givens: 5 appears twice in box 1, at r1c1 and r3c3"
        );
        let x = Sudoku::new(GridSize::CLASSIC, "diagonal".parse().unwrap());
        let mut line = ".".repeat(81);
        line.replace_range(0..1, "5");
        line.replace_range(80..81, "5");
        let err = x.check_givens(&Puzzle::parse(&line).unwrap()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "contradictory givens: 5 appears twice in the main diagonal, at r1c1 and r9c9"
        );
        assert!(s.check_givens(&Puzzle::parse(&line).unwrap()).is_ok());
    }

    #[test]
    fn size_mismatch_is_an_error() {
        let s = Sudoku::classic();
        let small = Puzzle::empty(GridSize::from_side(4).unwrap());
        assert!(matches!(
            s.solve(&small, &SearchConfig::default()),
            Err(SolveError::Puzzle(PuzzleError::SizeMismatch { .. }))
        ));
    }
}

//! A strategy from keyword arguments: a preset merged with overrides, as
//! the command line's flags merge (`sudoku_cli::strategy`), and chains
//! that may hold heuristics written in Python.

use std::sync::Arc;

use csp_core::{HeuristicError, SearchConfig, ValueChain, ValueLink, VariableChain, VariableLink};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};
use sudoku::{Puzzle, SolveError, SolveReport, Sudoku};
use sudoku_cli::answering::Runner;
use sudoku_cli::records::StrategyRecord;
use sudoku_cli::strategy::{self, Overrides, Strategy};

use crate::batch::PythonCellBatch;
use crate::errors::{InvalidStrategy, strategy_error};
use crate::heuristics::{Failure, Geometry, PythonCells, PythonValues};

/// A link of a chain as given: built-in symbols, or a Python callable.
#[derive(Debug)]
pub enum Item {
    /// Symbols or names of built-in heuristics (`"EA"`, `"fewest-candidates"`).
    Symbols(String),
    /// A function, labelled by its `__name__`; whether it scores many
    /// cells in one call (`sudoku_csp.batch`).
    Function(Py<PyAny>, String, bool),
}

/// A chain as given: one string, or a list of strings and callables.
#[derive(Debug, Default)]
pub struct Chain(pub Vec<Item>);

impl Chain {
    /// Reads a `cells=` or `values=` argument.
    pub fn extract(arg: &Bound<'_, PyAny>, what: &str) -> PyResult<Chain> {
        if let Ok(s) = arg.cast::<PyString>() {
            return Ok(Chain(vec![Item::Symbols(s.extract::<String>()?)]));
        }
        let items: Vec<Bound<'_, PyAny>> = if let Ok(l) = arg.cast::<PyList>() {
            l.iter().collect()
        } else if let Ok(t) = arg.cast::<PyTuple>() {
            t.iter().collect()
        } else if arg.is_callable() {
            vec![arg.clone()]
        } else {
            return Err(InvalidStrategy::new_err(format!(
                "invalid {what}=: a string of symbols (\"EA\"), a function, or a list of both"
            )));
        };
        let mut chain = Vec::new();
        for item in items {
            if let Ok(s) = item.cast::<PyString>() {
                chain.push(Item::Symbols(s.extract::<String>()?));
            } else if item.is_callable() {
                let batch = item.hasattr("__sudoku_batch__")?;
                if batch && what == "values" {
                    return Err(InvalidStrategy::new_err(format!(
                        "invalid values=: {} is a batch heuristic (sudoku_csp.batch), which scores cells; a value heuristic scores one digit a call",
                        label(&item)
                    )));
                }
                chain.push(Item::Function(item.clone().unbind(), label(&item), batch));
            } else {
                return Err(InvalidStrategy::new_err(format!(
                    "invalid {what}=: {} is neither symbols nor a function",
                    item.repr()?
                )));
            }
        }
        if chain.is_empty() {
            return Err(InvalidStrategy::new_err(format!(
                "invalid {what}=: an empty chain"
            )));
        }
        Ok(Chain(chain))
    }

    /// A copy (the functions shared).
    pub fn clone_ref(&self, py: Python<'_>) -> Chain {
        Chain(
            (self.0.iter())
                .map(|i| match i {
                    Item::Symbols(s) => Item::Symbols(s.clone()),
                    Item::Function(f, name, batch) => {
                        Item::Function(f.clone_ref(py), name.clone(), *batch)
                    }
                })
                .collect(),
        )
    }

    /// The parts of a chain without functions (`None` if it has one).
    pub fn only_symbols(&self) -> Option<Vec<&str>> {
        (self.0.iter())
            .map(|i| match i {
                Item::Symbols(s) => Some(s.as_str()),
                Item::Function(..) => None,
            })
            .collect()
    }

    fn has_functions(&self) -> bool {
        self.0.iter().any(|i| matches!(i, Item::Function(..)))
    }

    /// The built-in part, as the preset's chain text (`None`: no symbols).
    fn symbols<C: std::str::FromStr<Err = HeuristicError> + std::fmt::Display>(
        &self,
        what: &str,
        join: impl Fn(Vec<C>) -> Option<String>,
    ) -> PyResult<Option<String>> {
        let mut parts = Vec::new();
        for item in &self.0 {
            if let Item::Symbols(s) = item {
                parts.push(
                    s.parse::<C>()
                        .map_err(|e| InvalidStrategy::new_err(format!("invalid {what}=: {e}")))?,
                );
            }
        }
        Ok(join(parts))
    }

    /// The chain's label in records: symbols as written, functions by
    /// name, joined by `,` when there is a function.
    fn label(&self) -> String {
        let parts: Vec<&str> = (self.0.iter())
            .map(|i| match i {
                Item::Symbols(s) => s.as_str(),
                Item::Function(_, name, _) => name.as_str(),
            })
            .collect();
        parts.join(",")
    }
}

/// A function's label: its `__name__`, else its `repr`.
pub fn label(f: &Bound<'_, PyAny>) -> String {
    f.getattr("__name__")
        .and_then(|n| n.extract::<String>())
        .or_else(|_| f.repr().map(|r| r.to_string()))
        .unwrap_or_else(|_| "python".into())
}

/// The strategy of a call: the validated preset and overrides, the chains
/// with their Python functions, and the record's `strategy` object.
#[derive(Debug)]
pub struct Plan {
    /// Preset and overrides merged.
    pub strategy: Strategy,
    /// The strategy as records show it.
    pub record: StrategyRecord,
    /// How it runs on each puzzle (a portfolio's turns, or its search).
    pub runner: Runner,
    /// The cell chain, when it holds a Python function.
    cells: Option<Chain>,
    /// The value chain, when it holds a Python function.
    values: Option<Chain>,
    /// The strategy for XCSP3 models of wide variables, when nothing of
    /// the search is named (`strategy::for_wide_models`).
    pub for_wide: Option<Strategy>,
}

/// The keyword arguments that choose a strategy.
#[derive(Debug, Default)]
pub struct StrategyArgs {
    /// Preset name or TOML file.
    pub config: Option<String>,
    /// The cell chain.
    pub cells: Option<Chain>,
    /// The value chain.
    pub values: Option<Chain>,
    /// Propagation level.
    pub propagation: Option<String>,
    /// Seed of the random heuristics.
    pub seed: Option<u64>,
    /// Placement limit per puzzle.
    pub max_placements: Option<u64>,
    /// Time limit per puzzle.
    pub timeout_ms: Option<u64>,
    /// Restart policy.
    pub restarts: Option<String>,
    /// Clause learning on or off.
    pub learning: Option<bool>,
    /// Linked places on or off.
    pub links: Option<bool>,
    /// How to branch on a wide variable.
    pub wide_choice: Option<String>,
    /// The solver: `engine` or `bitboard`.
    pub engine: Option<String>,
    /// Whether only the answer matters (counting, a uniqueness check):
    /// with nothing named, the portfolio answers, as in the command.
    pub answering: bool,
}

impl Plan {
    /// Validates the arguments as the command line validates its flags.
    pub fn new(args: StrategyArgs) -> PyResult<Plan> {
        let concat_cells = |parts: Vec<VariableChain>| {
            let items: Vec<_> = parts.iter().flat_map(|c| c.items().to_vec()).collect();
            VariableChain::new(items).ok().map(|c| c.to_string())
        };
        let concat_values = |parts: Vec<ValueChain>| {
            let items: Vec<_> = parts.iter().flat_map(|c| c.items().to_vec()).collect();
            ValueChain::new(items).ok().map(|c| c.to_string())
        };
        let cells_text = match &args.cells {
            Some(c) => c.symbols("cells", concat_cells)?,
            None => None,
        };
        let values_text = match &args.values {
            Some(c) => c.symbols("values", concat_values)?,
            None => None,
        };
        let engine = match &args.engine {
            Some(name) => Some(
                name.parse::<strategy::Engine>()
                    .map_err(|e| strategy_error(e.context("invalid engine")))?,
            ),
            None => None,
        };
        // The engine's keywords, refused beside the bitboard solver (as
        // the command refuses the flags).
        let engine_keywords = [
            ("cells", args.cells.is_some()),
            ("values", args.values.is_some()),
            ("propagation", args.propagation.is_some()),
            ("seed", args.seed.is_some()),
            ("restarts", args.restarts.is_some()),
            ("learning", args.learning.is_some()),
            ("links", args.links.is_some()),
            ("wide_choice", args.wide_choice.is_some()),
            ("max_placements", args.max_placements.is_some()),
            ("timeout_ms", args.timeout_ms.is_some()),
        ];
        let config = args.config.clone();
        let overrides = Overrides {
            config: args.config,
            cells: cells_text,
            values: values_text,
            propagation: args.propagation,
            seed: args.seed,
            restarts: args.restarts,
            learning: args.learning,
            links: args.links,
            wide_choice: args.wide_choice,
            max_placements: args.max_placements,
            timeout_ms: args.timeout_ms,
            engine,
            spelling: strategy::Spelling::Keywords,
        };
        // A chain given, of symbols or of Python functions, names the
        // strategy: the portfolio answers only when nothing does.
        let named_chain = args.cells.is_some() || args.values.is_some();
        let for_wide = match named_chain {
            true => None,
            false => strategy::for_wide_models(&overrides).map_err(strategy_error)?,
        };
        let overrides = match args.answering && !named_chain {
            true => strategy::answering(&overrides),
            false => overrides,
        };
        let strategy = strategy::resolve(&overrides).map_err(strategy_error)?;
        if strategy.engine == strategy::Engine::Bitboard {
            let mut given: Vec<&str> = (engine_keywords.iter())
                .filter(|(_, g)| *g)
                .map(|(k, _)| *k)
                .collect();
            if let Some(config) = config
                && !strategy::is_bitboard_preset(&config).map_err(strategy_error)?
            {
                given.insert(0, "config");
            }
            if !given.is_empty() {
                return Err(strategy_error(anyhow::anyhow!(
                    "the bitboard solver (engine=\"bitboard\", config=\"fastest\") takes no strategy or limit ({}): those are the engine's (engine=\"engine\")",
                    given.join(", ")
                )));
            }
        }
        let mut plan = Plan::with_chains(strategy, args.cells, args.values);
        plan.for_wide = for_wide;
        Ok(plan)
    }

    /// Whether a chain holds a function written in Python.
    pub fn has_python_heuristics(&self) -> bool {
        self.cells.is_some() || self.values.is_some()
    }

    /// Whether the bitboard solver runs it (`engine="bitboard"`,
    /// `config="fastest"`).
    pub fn is_bitboard(&self) -> bool {
        self.strategy.engine == strategy::Engine::Bitboard
    }

    /// A validated strategy run with these chains (`None`: its own), as
    /// records show it.
    pub fn with_chains(strategy: Strategy, cells: Option<Chain>, values: Option<Chain>) -> Plan {
        let mut record = StrategyRecord::of(&strategy);
        let cells = cells.filter(Chain::has_functions);
        let values = values.filter(Chain::has_functions);
        if let Some(c) = &cells {
            record.cells = c.label();
        }
        if let Some(v) = &values {
            record.values = v.label();
        }
        Plan {
            runner: Runner::new(&strategy).with_record(record.clone()),
            strategy,
            record,
            cells,
            values,
            for_wide: None,
        }
    }

    /// The labels of the chains as records show them: cells, values.
    pub fn chain_labels(&self) -> (&str, &str) {
        (&self.record.cells, &self.record.values)
    }

    /// The search's config.
    pub fn config(&self) -> &SearchConfig {
        &self.strategy.search
    }

    /// Whether a chain holds a Python function (the search then calls into
    /// the interpreter at every choice).
    pub fn calls_python(&self) -> bool {
        self.cells.is_some() || self.values.is_some()
    }

    /// Searches `puzzle` for up to `limit` solutions with this plan's
    /// chains, the random heuristics seeded by `seed`; a heuristic's
    /// exception is kept in `failure` and stops the search.
    pub fn run_seeded(
        &self,
        sudoku: &Sudoku,
        puzzle: &Puzzle,
        limit: Option<u64>,
        seed: u64,
        failure: &Arc<Failure>,
    ) -> Result<SolveReport, SolveError> {
        let config = &SearchConfig {
            seed,
            ..self.config().clone()
        };
        self.run_with(sudoku, puzzle, config, limit, failure)
    }

    /// A search of `puzzle` with `config` that `failure`'s flag stops,
    /// for a runner that keeps it (a portfolio's member going on from turn
    /// to turn); for chains without Python functions.
    pub fn start<'s>(
        sudoku: &'s Sudoku,
        puzzle: &Puzzle,
        config: &SearchConfig,
        failure: &Arc<Failure>,
    ) -> Result<csp_core::Search<'s>, SolveError> {
        let mut search = sudoku.search(puzzle, config)?;
        search.set_interrupt(failure.flag.clone());
        Ok(search)
    }

    /// [`run_seeded`](Plan::run_seeded) with `config` (a portfolio's turn:
    /// a member's config within its budget).
    pub fn run_with(
        &self,
        sudoku: &Sudoku,
        puzzle: &Puzzle,
        config: &SearchConfig,
        limit: Option<u64>,
        failure: &Arc<Failure>,
    ) -> Result<SolveReport, SolveError> {
        let seed = config.seed;
        let mut search = sudoku.search(puzzle, config)?;
        search.set_interrupt(failure.flag.clone());
        if self.calls_python() {
            let model = sudoku.model_searched(config);
            let geometry = Arc::new(Geometry::new(model, sudoku.size().side()));
            if let Some(chain) = &self.cells {
                let mut links: Vec<VariableLink> = Vec::new();
                for item in &chain.0 {
                    match item {
                        Item::Symbols(s) => {
                            let c: VariableChain = s.parse()?;
                            links.extend(c.selectors(model, seed)?.into_iter().map(Into::into));
                        }
                        Item::Function(f, name, batch) => {
                            let f = Python::attach(|py| f.clone_ref(py));
                            let (name, g, fail) = (name.clone(), geometry.clone(), failure.clone());
                            links.push(match batch {
                                true => {
                                    VariableLink::custom(PythonCellBatch::new(f, name, g, fail))
                                }
                                false => VariableLink::custom(PythonCells::new(f, name, g, fail)),
                            });
                        }
                    }
                }
                search = search.with_variable_links(links);
            }
            if let Some(chain) = &self.values {
                let mut links: Vec<ValueLink> = Vec::new();
                for item in &chain.0 {
                    match item {
                        Item::Symbols(s) => {
                            let c: ValueChain = s.parse()?;
                            links.extend(c.selectors(model, seed)?.into_iter().map(Into::into));
                        }
                        Item::Function(f, name, _) => {
                            let f = Python::attach(|py| f.clone_ref(py));
                            let link = PythonValues::new(
                                f,
                                name.clone(),
                                geometry.clone(),
                                failure.clone(),
                            );
                            links.push(ValueLink::custom(link));
                        }
                    }
                }
                search = search.with_value_links(links);
            }
        }
        if self.calls_python() {
            // Attached once for the whole search: each call of a heuristic
            // then costs a function call, not a thread state made and
            // dropped (10 us a call, measured).
            Ok(Python::attach(|_| sudoku.report(search.run(limit))))
        } else {
            Ok(sudoku.report(search.run(limit)))
        }
    }
}

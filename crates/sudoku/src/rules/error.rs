//! What can be wrong with a puzzle's rules.

/// Rules that cannot be read or cannot hold.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum RulesError {
    /// Not JSON, or not the shape an f-puzzles document has.
    #[error("not an f-puzzles document: {0}")]
    Format(String),
    /// A text that is no cell name.
    #[error("`{0}` is not a cell (write R1C1 for row 1, column 1)")]
    BadCell(String),
    /// A cell outside the grid.
    #[error("cell {cell} is outside the {side}x{side} grid")]
    CellOutside {
        /// The cell as written.
        cell: String,
        /// The grid's side.
        side: usize,
    },
    /// An entry the solver does not know: solving without it would answer
    /// another puzzle.
    #[error("unknown constraint `{name}`{at}: the solver does not know this rule (known: {known})")]
    UnknownConstraint {
        /// Its key.
        name: String,
        /// Where it is, if inside another entry (` in negative`).
        at: String,
        /// The keys that are known.
        known: String,
    },
    /// Regions that overlap, leave cells out or have the wrong size.
    #[error("bad regions: {0}")]
    Regions(String),
    /// A grid size the solver cannot take.
    #[error("{0}")]
    Size(String),
    /// An element that cannot hold or is malformed: `killercage 3: sum 50
    /// is impossible for 3 cells (6 to 24)`.
    #[error("{element}: {what}")]
    Invalid {
        /// Which element, with its position (`killercage 3`).
        element: String,
        /// What is wrong.
        what: String,
    },
}

impl RulesError {
    /// The kind, in a few words, to count errors by.
    pub fn kind(&self) -> &'static str {
        match self {
            RulesError::Format(_) => "not f-puzzles",
            RulesError::BadCell(_) => "bad cell name",
            RulesError::CellOutside { .. } => "cell outside the grid",
            RulesError::UnknownConstraint { .. } => "unknown constraint",
            RulesError::Regions(_) => "bad regions",
            RulesError::Size(_) => "unsupported size",
            RulesError::Invalid { .. } => "invalid element",
        }
    }
}

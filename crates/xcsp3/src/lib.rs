//! XCSP3 instances (the format of the XCSP competitions) read into
//! csp-core models, so that every heuristic, level and counter of the
//! engine runs on any constraint problem, not only Sudoku.
//!
//! [`read`] takes the XML: integer variables and arrays (one domain, or
//! per-cell `<domain for=...>`), and the constraints of [`READ`]
//! (intension, extension, allDifferent, sum, count, element, regular...),
//! alone or in `<group>`s, `<block>`s and `<slide>`s, and one objective
//! ([`Objective`]). [`compile`] makes the model (see its module for how
//! each constraint is posted); [`optimize`] finds an optimum by branch
//! and bound. Anything else is an error naming
//! the construct and its line, never read as something else; so is a
//! variable whose values span more than 64 (csp-core's domains are 64-bit
//! sets).
//!
//! ```
//! use csp_core::{Search, SearchConfig};
//!
//! let xml = r#"<instance format="XCSP3" type="CSP">
//!   <variables> <array id="q" size="[4]"> 0..3 </array> </variables>
//!   <constraints>
//!     <allDifferent> q[] </allDifferent>
//!     <group>
//!       <intension> ne(dist(%0,%1),%2) </intension>
//!       <args> q[0] q[1] 1 </args> <args> q[0] q[2] 2 </args> <args> q[0] q[3] 3 </args>
//!       <args> q[1] q[2] 1 </args> <args> q[1] q[3] 2 </args> <args> q[2] q[3] 1 </args>
//!     </group>
//!   </constraints>
//! </instance>"#;
//! let instance = xcsp3::read(xml).unwrap();
//! let compiled = xcsp3::compile(&instance).unwrap();
//! let mut search = Search::new(&compiled.model, &SearchConfig::default()).unwrap();
//! let result = search.run(None);
//! assert_eq!(result.stats.solutions, 2);
//! let first = result.first_solution.unwrap();
//! assert_eq!(compiled.values(&first), [1, 3, 0, 2]);
//! ```

mod branch_and_bound;
mod compile;
mod constraint;
mod domain;
mod error;
mod expression;
mod objective;
mod reader;
mod variables;

pub use branch_and_bound::{OptimizeError, Optimized, optimize};
pub use compile::{
    Compiled, MAX_COMBINATIONS, MAX_DIGIT_VALUES, MAX_GAPS, compile, compile_as_declared,
    compile_better_than,
};
pub use constraint::{Condition, Constraint, Kind, Operand, READ, Relation};
pub use domain::{Domain, MAX_DOMAIN_VALUES};
pub use error::XcspError;
pub use expression::{Expr, Op};
pub use objective::{Function, OBJECTIVES_READ, Objective};
pub use reader::read;
pub use variables::Variable;

/// An instance as read: its variables (array cells one by one, in
/// row-major order) and constraints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    /// The variables; constraints refer to them by index.
    pub variables: Vec<Variable>,
    /// The constraints, in the order of the file.
    pub constraints: Vec<Constraint>,
    /// What it optimizes, if anything (`None`: a satisfaction problem).
    pub objective: Option<Objective>,
}

impl Instance {
    /// The variables no constraint mentions (any of their values goes
    /// with every solution; some solvers leave them out of their counts).
    pub fn unconstrained(&self) -> Vec<usize> {
        let mut used = vec![false; self.variables.len()];
        for c in &self.constraints {
            for v in c.vars() {
                used[v] = true;
            }
        }
        for v in self.objective.iter().flat_map(Objective::vars) {
            used[v] = true;
        }
        (0..self.variables.len()).filter(|&v| !used[v]).collect()
    }
}

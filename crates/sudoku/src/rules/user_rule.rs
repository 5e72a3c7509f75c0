//! Rules given on the command line for plain puzzles (`--rule
//! 'regex:r1c1-r1c5:[1-3]*[7-9]+'`, `--rule 'chess:1,3'`), made into
//! elements once the grid's side is known.

use std::fmt;
use std::str::FromStr;

use super::cells::cell_run;
use super::chess_move::ChessMove;
use super::regex_rule::RegexRule;
use super::{Element, RulesError};

/// A rule written as text: `regex:CELLS:PATTERN`, where CELLS is a comma-
/// separated list of cells (`r1c1`) and straight runs (`r1c1-r1c5`: a row,
/// column or diagonal, both ends included); or `chess:OPTIONS`, the
/// options of SudokuSolver's chess constraint (`1,3;v9`, see
/// [`ChessMove`]).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct UserRule(Written);

/// A user rule as written.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
enum Written {
    /// `regex:CELLS:PATTERN`, and the pattern's automaton, built when the
    /// text was read.
    Regex {
        cells: String,
        pattern: String,
        built: Built,
    },
    /// `chess:OPTIONS`.
    Chess { options: String },
}

/// The rule of a pattern, built once: the pattern text says what it is
/// (equal and hashed by it, not by this).
#[derive(Clone, Debug)]
struct Built(RegexRule);

impl PartialEq for Built {
    fn eq(&self, _: &Built) -> bool {
        true
    }
}

impl Eq for Built {}

impl std::hash::Hash for Built {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

/// A rule text that cannot be read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("invalid rule `{text}`: {what}")]
pub struct BadRule {
    /// The text given.
    pub text: String,
    /// What is wrong with it.
    pub what: String,
}

impl FromStr for UserRule {
    type Err = BadRule;

    fn from_str(text: &str) -> Result<UserRule, BadRule> {
        let bad = |what: &str| BadRule {
            text: text.to_string(),
            what: what.to_string(),
        };
        if let Some(options) = text.strip_prefix("chess:") {
            // Checked on the largest grid now (digits and cells again on
            // the puzzle's grid).
            ChessMove::parse(options, crate::MAX_SIDE).map_err(|e| bad(&e))?;
            return Ok(UserRule(Written::Chess {
                options: options.trim().to_string(),
            }));
        }
        let mut parts = text.splitn(3, ':');
        let (kind, cells, pattern) = (parts.next(), parts.next(), parts.next());
        let (Some(kind), Some(cells), Some(pattern)) = (kind, cells, pattern) else {
            return Err(bad(
                "write regex:CELLS:PATTERN (e.g. regex:r1c1-r1c5:[1-3]*[7-9]+) or chess:OPTIONS (e.g. chess:1,3)",
            ));
        };
        if kind.trim() != "regex" {
            return Err(bad("the kinds are `regex` and `chess`"));
        }
        let cells = cells.trim();
        // Check the cells' syntax on the largest grid and the pattern now,
        // so that a typo is an error before any puzzle is read.
        cells_of(cells, crate::MAX_SIDE).map_err(|e| bad(&e.to_string()))?;
        let built = Built(RegexRule::new(Vec::new(), pattern, 9).map_err(|e| bad(&e))?);
        Ok(UserRule(Written::Regex {
            cells: cells.to_string(),
            pattern: pattern.to_string(),
            built,
        }))
    }
}

impl fmt::Display for UserRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Written::Chess { options } => write!(f, "chess:{options}"),
            Written::Regex { cells, pattern, .. } => write!(f, "regex:{cells}:{pattern}"),
        }
    }
}

/// The cells of a cell list (`r1c1-r1c3,r2c2`) on a grid of side `side`,
/// in order, each once.
fn cells_of(list: &str, side: usize) -> Result<Vec<usize>, RulesError> {
    let mut out = Vec::new();
    for part in list.split(',') {
        out.extend(cell_run(part.trim(), side)?);
    }
    super::distinct_cells(&format!("rule cells `{list}`"), &out)?;
    Ok(out)
}

impl UserRule {
    /// The element on a grid of side `side`.
    pub fn element(&self, side: usize) -> Result<Box<dyn Element>, RulesError> {
        let invalid = |what| RulesError::Invalid {
            element: format!("rule `{self}`"),
            what,
        };
        Ok(match &self.0 {
            Written::Chess { options } => {
                Box::new(ChessMove::parse(options, side).map_err(invalid)?)
            }
            Written::Regex { cells, built, .. } => {
                Box::new(built.0.on(cells_of(cells, side)?, side))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_and_lists_of_cells() {
        assert_eq!(
            ("regex:r1c1-r1c3,r2c2,r3c3-r1c1:.*".parse::<UserRule>())
                .unwrap_err()
                .to_string(),
            "invalid rule `regex:r1c1-r1c3,r2c2,r3c3-r1c1:.*`: rule cells `r1c1-r1c3,r2c2,r3c3-r1c1`: names a cell twice (cell 6)"
        );
        // A cell of a 16x16 grid is checked on the grid the puzzle has.
        let big: UserRule = "regex:r12c1:.".parse().unwrap();
        assert!(big.element(9).is_err() && big.element(16).is_ok());
        let rule: UserRule = "regex:r1c1-r1c3,r2c2,r4c4-r6c6:.*".parse().unwrap();
        assert_eq!(
            cells_of("r1c1-r1c3,r2c2,r4c4-r6c6", 9).unwrap(),
            [0, 1, 2, 10, 30, 40, 50]
        );
        assert_eq!(rule.to_string(), "regex:r1c1-r1c3,r2c2,r4c4-r6c6:.*");
    }

    #[test]
    fn bad_rules_say_what_is_wrong() {
        let e = |t: &str| t.parse::<UserRule>().unwrap_err().to_string();
        assert_eq!(
            e("regex:r1c1-r2c3:1+"),
            "invalid rule `regex:r1c1-r2c3:1+`: rule cells `r1c1-r2c3`: a run goes along a row, a column or a diagonal"
        );
        assert!(e("regex:r1c1:[1-").contains("pattern \"[1-\""));
        assert_eq!(
            e("sum:r1c1:3"),
            "invalid rule `sum:r1c1:3`: the kinds are `regex` and `chess`"
        );
        assert!(e("regex").contains("write regex:CELLS:PATTERN"));
        assert_eq!(
            e("chess:v9"),
            "invalid rule `chess:v9`: needs a leap, e.g. `1,3` (a camel's move)"
        );
        // Digits and cells are checked again on the puzzle's grid.
        let rule: UserRule = "chess:1,3;v12".parse().unwrap();
        assert_eq!(rule.to_string(), "chess:1,3;v12");
        assert!(rule.element(16).is_ok());
        assert_eq!(
            rule.element(9).unwrap_err().to_string(),
            "rule `chess:1,3;v12`: `v12`: \"12\" is no digit 1-9"
        );
    }
}

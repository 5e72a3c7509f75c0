//! The variables of an instance: single ones and arrays, and what a
//! reference such as `x[2][]` or `x[0..3]` stands for.

use std::collections::HashMap;

use crate::XcspError;
use crate::domain::Domain;

/// The most variables an instance may declare (arrays' cells included,
/// those without a domain too): past it, reading stops with an error
/// rather than asking for more memory than a machine has. 2^20: reading
/// and compiling 1,000,000 variables takes about 1.3 s (release; 4,000,400
/// took 13.5 s, and a fuzzer's 10 s limit); the competitions' instances
/// stay far below.
pub const MAX_VARIABLES: usize = 1 << 20;

/// One integer variable: its name (`x`, `q[3]`, `m[0][2]`) and values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variable {
    /// As references write it.
    pub name: String,
    /// Its values.
    pub domain: Domain,
    /// The line of its declaration (its array's).
    pub line: u32,
}

/// An array: its sizes and, in row-major order, the index of each cell's
/// variable (`None` where no domain was given: the cell does not exist).
#[derive(Clone, Debug)]
struct Array {
    dims: Vec<usize>,
    cells: Vec<Option<usize>>,
}

/// Every variable, with the names that reach them.
#[derive(Clone, Debug, Default)]
pub(crate) struct Variables {
    pub(crate) list: Vec<Variable>,
    by_name: HashMap<String, usize>,
    arrays: HashMap<String, Array>,
}

impl Variables {
    /// Declares the variable `name`.
    pub(crate) fn add(
        &mut self,
        name: &str,
        domain: Domain,
        line: u32,
    ) -> Result<usize, XcspError> {
        if self.by_name.contains_key(name) || self.arrays.contains_key(name) {
            return Err(XcspError::invalid(
                line,
                format!("`{name}` is declared twice"),
            ));
        }
        let id = self.list.len();
        if id >= MAX_VARIABLES {
            return Err(XcspError::invalid(
                line,
                format!(
                    "`{name}` takes the instance past {MAX_VARIABLES} variables, this reader's limit"
                ),
            ));
        }
        self.list.push(Variable {
            name: name.to_string(),
            domain,
            line,
        });
        self.by_name.insert(name.to_string(), id);
        Ok(id)
    }

    /// Declares the array `name` of sizes `dims`, each cell's values given
    /// by `domain_of` (`None`: the cell does not exist).
    pub(crate) fn add_array(
        &mut self,
        name: &str,
        dims: Vec<usize>,
        mut domain_of: impl FnMut(&[usize]) -> Option<Domain>,
        line: u32,
    ) -> Result<(), XcspError> {
        if self.by_name.contains_key(name) || self.arrays.contains_key(name) {
            return Err(XcspError::invalid(
                line,
                format!("`{name}` is declared twice"),
            ));
        }
        let declared = self.list.len() + self.arrays.values().map(|a| a.cells.len()).sum::<usize>();
        let total = (dims.iter())
            .try_fold(1usize, |n, &d| n.checked_mul(d))
            .filter(|&n| n <= MAX_VARIABLES.saturating_sub(declared))
            .ok_or_else(|| {
                let sizes: String = dims.iter().map(|d| format!("[{d}]")).collect();
                XcspError::invalid(
                    line,
                    format!(
                        "the array `{name}` of size {sizes} takes the instance past {MAX_VARIABLES} variables, this reader's limit"
                    ),
                )
            })?;
        let mut cells = Vec::with_capacity(total);
        let mut index = vec![0; dims.len()];
        for _ in 0..total {
            let cell = match domain_of(&index) {
                Some(values) => {
                    let cell_name = format!(
                        "{name}{}",
                        index.iter().map(|i| format!("[{i}]")).collect::<String>()
                    );
                    Some(self.add(&cell_name, values, line)?)
                }
                None => None,
            };
            cells.push(cell);
            // The next index, last dimension fastest.
            for d in (0..dims.len()).rev() {
                index[d] += 1;
                if index[d] < dims[d] {
                    break;
                }
                index[d] = 0;
            }
        }
        self.arrays.insert(name.to_string(), Array { dims, cells });
        Ok(())
    }

    /// The rows of a reference to a two-dimensional array (`x[][]`,
    /// `x[1..2][2..3]`): for each row selected, its selected cells
    /// (cells that do not exist skipped). `None` if it is no such
    /// reference.
    pub(crate) fn rows_of(
        &self,
        reference: &str,
        line: u32,
    ) -> Result<Option<Vec<Vec<usize>>>, XcspError> {
        let Some(open) = reference.find('[') else {
            return Ok(None);
        };
        let Some(array) = self.arrays.get(&reference[..open]) else {
            return Ok(None);
        };
        let [height, width] = array.dims[..] else {
            return Ok(None);
        };
        let pattern = pattern(reference, &reference[open..], line)?;
        // The indices selected in a dimension of `n` (none where `n` is 0).
        let range = |d: usize, n: usize| match pattern.get(d) {
            Some(Some((a, b))) => *a..b.saturating_add(1).min(n),
            _ => 0..n,
        };
        Ok(Some(
            range(0, height)
                .map(|r| {
                    (range(1, width))
                        .filter_map(|c| array.cells[r * width + c])
                        .collect()
                })
                .collect(),
        ))
    }

    /// The index of the single variable `name` (`x`, `q[3]`).
    pub(crate) fn one(&self, name: &str) -> Option<usize> {
        self.by_name.get(name).copied()
    }

    /// The cells of array `name` that `pattern` (one entry per dimension:
    /// `None` for all, `Some((a, b))` for `a..=b`) selects, row-major;
    /// cells that do not exist are skipped.
    fn select(&self, array: &Array, pattern: &[Option<(usize, usize)>]) -> Vec<usize> {
        let mut out = Vec::new();
        let total = array.cells.len();
        let mut index = vec![0; array.dims.len()];
        for flat in 0..total {
            let inside = index
                .iter()
                .enumerate()
                .all(|(d, &i)| match pattern.get(d) {
                    Some(Some((a, b))) => (*a..=*b).contains(&i),
                    _ => true,
                });
            if inside && let Some(v) = array.cells[flat] {
                out.push(v);
            }
            for d in (0..array.dims.len()).rev() {
                index[d] += 1;
                if index[d] < array.dims[d] {
                    break;
                }
                index[d] = 0;
            }
        }
        out
    }

    /// The variables a reference stands for: `x`, `q[3]`, `x[]`,
    /// `x[1][]`, `x[0..2][3]`, in row-major order. `None` if it names no
    /// variable or array.
    pub(crate) fn expand(
        &self,
        reference: &str,
        line: u32,
    ) -> Result<Option<Vec<usize>>, XcspError> {
        if let Some(v) = self.one(reference) {
            return Ok(Some(vec![v]));
        }
        let Some(open) = reference.find('[') else {
            return Ok(None);
        };
        let Some(array) = self.arrays.get(&reference[..open]) else {
            return Ok(None);
        };
        let pattern = pattern(reference, &reference[open..], line)?;
        if pattern.len() > array.dims.len() {
            return Err(XcspError::invalid(
                line,
                format!("`{reference}` has more indices than its array"),
            ));
        }
        Ok(Some(self.select(array, &pattern)))
    }
}

/// The brackets of a reference (`[0][]`, `[1..2][3]`), one entry per
/// dimension: `None` for all, `Some((a, b))` for `a..=b`.
fn pattern(
    reference: &str,
    brackets: &str,
    line: u32,
) -> Result<Vec<Option<(usize, usize)>>, XcspError> {
    let bad = || {
        XcspError::invalid(
            line,
            format!("`{reference}` is no reference to array cells"),
        )
    };
    let mut out = Vec::new();
    let mut rest = brackets;
    while !rest.is_empty() {
        let inner_end = rest.find(']').ok_or_else(bad)?;
        if !rest.starts_with('[') {
            return Err(bad());
        }
        let inner = &rest[1..inner_end];
        let number = |t: &str| t.parse::<usize>().map_err(|_| bad());
        out.push(if inner.is_empty() || inner == "*" {
            None
        } else if let Some((a, b)) = inner.split_once("..") {
            Some((number(a)?, number(b)?))
        } else {
            let i = number(inner)?;
            Some((i, i))
        });
        rest = &rest[inner_end + 1..];
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid() -> Variables {
        let mut vars = Variables::default();
        vars.add_array("g", vec![3, 4], |_| Some(Domain::of_values(&[0, 1])), 1)
            .unwrap();
        vars
    }

    #[test]
    fn an_empty_array_has_no_rows() {
        // A fuzzer's find: `x[][]` of a [0][5] array read row 0.
        let mut vars = Variables::default();
        vars.add_array("x", vec![0, 5], |_| Some(Domain::of_values(&[0, 1])), 1)
            .unwrap();
        assert_eq!(vars.rows_of("x[][]", 2).unwrap(), Some(Vec::new()));
        assert_eq!(vars.rows_of("x[0..3][]", 2).unwrap(), Some(Vec::new()));
        let vars = grid();
        let rows = vars.rows_of("x[1..9][2..2]", 2).unwrap();
        assert_eq!(rows, None);
        let rows = vars.rows_of("g[1..9][2..2]", 2).unwrap().unwrap();
        assert_eq!(rows, vec![vec![6], vec![10]]);
    }

    #[test]
    fn an_array_past_the_limit_is_an_error_naming_its_size() {
        let mut vars = grid();
        let err = (vars.add_array(
            "x",
            vec![100_000, 100_000],
            |_| Some(Domain::of_values(&[0])),
            3,
        ))
        .unwrap_err()
        .to_string();
        assert_eq!(
            err,
            "line 3: the array `x` of size [100000][100000] takes the instance past 1048576 variables, this reader's limit"
        );
        // Sizes whose product overflows say the same, not wrap.
        let huge = vec![usize::MAX, 3];
        assert!(
            vars.add_array("y", huge, |_| Some(Domain::of_values(&[0])), 5)
                .is_err()
        );
        // What fits is still read.
        assert!(vars.add_array("z", vec![1000, 1000], |_| None, 6).is_ok());
    }

    #[test]
    fn references_select_cells_in_row_major_order() {
        let vars = grid();
        let names = |r: &str| -> Vec<String> {
            (vars.expand(r, 1).unwrap().unwrap().iter())
                .map(|&v| vars.list[v].name.clone())
                .collect()
        };
        assert_eq!(names("g[1][2]"), ["g[1][2]"]);
        assert_eq!(
            names("g[0..1][2..3]"),
            ["g[0][2]", "g[0][3]", "g[1][2]", "g[1][3]"]
        );
        assert_eq!(names("g[][0]"), ["g[0][0]", "g[1][0]", "g[2][0]"]);
        assert_eq!(names("g[2]").len(), 4);
        assert_eq!(vars.expand("h[0]", 1).unwrap(), None);
        assert!(
            vars.expand("g[0][0][0]", 3)
                .unwrap_err()
                .to_string()
                .starts_with("line 3:")
        );
    }

    #[test]
    fn a_sub_matrix_keeps_its_rows() {
        let vars = grid();
        let rows = vars.rows_of("g[1..2][2..3]", 1).unwrap().unwrap();
        let names: Vec<Vec<&str>> = (rows.iter())
            .map(|r| r.iter().map(|&v| vars.list[v].name.as_str()).collect())
            .collect();
        assert_eq!(names, [["g[1][2]", "g[1][3]"], ["g[2][2]", "g[2][3]"]]);
        assert_eq!(vars.rows_of("g[][]", 1).unwrap().unwrap().len(), 3);
    }
}

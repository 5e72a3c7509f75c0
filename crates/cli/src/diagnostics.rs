//! Messages on standard error: never a panic when stderr is closed, and a
//! cap on how many input errors are printed in full.

use std::collections::BTreeMap;
use std::io::Write;

/// Input errors printed in full; the rest are counted by kind.
pub const FULL_ERRORS: usize = 100;

/// Writes a line to standard error. A closed or failing stderr (`2>&1 |
/// head -1`) is ignored: the run goes on and ends with its own exit code.
pub fn line(text: &str) {
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{text}");
}

/// Reports input errors: the first [`FULL_ERRORS`] in full, then only
/// counted, by kind, in a closing line.
#[derive(Default)]
pub struct ErrorReport {
    printed: usize,
    held_back: BTreeMap<&'static str, u64>,
}

impl ErrorReport {
    /// A report with nothing reported yet.
    pub fn new() -> ErrorReport {
        ErrorReport::default()
    }

    /// One error at `place` (`file:line`), of a kind such as `wrong length`.
    pub fn error(&mut self, place: &str, kind: &'static str, message: &str) {
        if self.printed < FULL_ERRORS {
            self.printed += 1;
            line(&format!("sudoku: {place}: {message}"));
        } else {
            *self.held_back.entry(kind).or_default() += 1;
        }
    }

    /// The closing line for the errors not printed, if any.
    pub fn summary(&self) -> Option<String> {
        let more: u64 = self.held_back.values().sum();
        (more > 0).then(|| {
            let kinds: Vec<String> = self
                .held_back
                .iter()
                .map(|(kind, n)| format!("{n} {kind}"))
                .collect();
            format!(
                "sudoku: ... and {more} more invalid lines not shown (only the first {FULL_ERRORS} are): {}",
                kinds.join(", ")
            )
        })
    }

    /// Prints the closing line, if any.
    pub fn finish(&self) {
        if let Some(s) = self.summary() {
            line(&s);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_by_kind_past_the_cap() {
        let mut r = ErrorReport::new();
        for i in 0..FULL_ERRORS + 3 {
            let kind = if i % 2 == 0 {
                "wrong length"
            } else {
                "invalid character"
            };
            r.error("f:1", kind, "x");
        }
        assert_eq!(
            r.summary().unwrap(),
            "sudoku: ... and 3 more invalid lines not shown (only the first 100 are): 1 invalid character, 2 wrong length"
        );
        assert_eq!(ErrorReport::new().summary(), None);
    }
}

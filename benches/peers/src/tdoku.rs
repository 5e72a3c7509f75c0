//! tdoku's solver (`TdokuSolverDpllTriadSimd`) through its C interface,
//! compiled by `build.rs` from a checkout named by `TDOKU_DIR`.

use std::ffi::c_char;

unsafe extern "C" {
    /// tdoku's `include/tdoku.h`: solves the 81-character puzzle at
    /// `input` (digits, `.` for empty cells; `input[81]` below `.` says it
    /// is not a pencilmark puzzle), up to `limit` solutions; writes the
    /// solution to `solution` (81 bytes) only when `limit` is 1, and the
    /// guesses made to `num_guesses`. Returns the solutions found.
    fn TdokuSolverDpllTriadSimd(
        input: *const c_char,
        limit: usize,
        configuration: u32,
        solution: *mut c_char,
        num_guesses: *mut usize,
    ) -> usize;
}

/// How tdoku was compiled.
pub const BUILD: &str = env!("TDOKU_BUILD");

/// A puzzle as tdoku reads it: 81 characters, `.` for an empty cell, and
/// a NUL after them.
pub struct TdokuPuzzle([u8; 82]);

impl TdokuPuzzle {
    /// From an 81-character line (`0` or `.` for an empty cell).
    pub fn new(line: &str) -> TdokuPuzzle {
        let mut cells = [0u8; 82];
        for (cell, c) in cells.iter_mut().zip(line.bytes().take(81)) {
            *cell = if c.is_ascii_digit() && c != b'0' {
                c
            } else {
                b'.'
            };
        }
        TdokuPuzzle(cells)
    }

    /// Counts solutions up to `limit`; with the guesses tdoku made.
    pub fn count(&self, limit: usize) -> (u64, u64) {
        let mut solution = [0u8; 81];
        let mut guesses = 0usize;
        // SAFETY: `self.0` is 82 bytes (81 cells and a NUL, so tdoku reads
        // a standard puzzle and nothing past the array); `solution` is the
        // 81 bytes tdoku may write; `guesses` is a valid `usize`. tdoku
        // keeps no pointer after returning.
        let solutions = unsafe {
            TdokuSolverDpllTriadSimd(
                self.0.as_ptr().cast(),
                limit,
                0,
                solution.as_mut_ptr().cast(),
                &mut guesses,
            )
        };
        (solutions as u64, guesses as u64)
    }
}

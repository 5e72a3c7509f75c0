//! Puzzle sets: files, or sets compiled into the binary.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context, Result, bail};
use sudoku::{Puzzle, Symbols};

use crate::input::{InputError, PuzzleLines, ReadOptions};
use crate::instances::{NotRead, ReadInstance};

/// Sets compiled into the binary: name, description, content.
pub const BUILT_IN: &[(&str, &str, &str)] = &[
    (
        "top95",
        "95 hard puzzles (Norvig's top95)",
        include_str!("../../../../puzzles/top95.txt"),
    ),
    (
        "top1465",
        "1,465 hard puzzles (magictour top1465)",
        include_str!("../../../../puzzles/top1465.txt"),
    ),
    (
        "hardest11",
        "11 famous hard puzzles (Norvig)",
        include_str!("../../../../puzzles/hardest11.txt"),
    ),
    (
        "17-clue-1000",
        "the first 1,000 17-clue puzzles (Royle)",
        include_str!("../../../../puzzles/17-clue-1000.txt"),
    ),
    (
        "minimal-200",
        "200 random minimal puzzles, 20-29 clues",
        include_str!("../../../../puzzles/minimal-200.txt"),
    ),
    (
        "easy-200",
        "200 easy 35-clue puzzles",
        include_str!("../../../../puzzles/easy-35-clue-200.txt"),
    ),
    (
        "serg-100",
        "100 puzzles with 2 or more solutions (serg)",
        include_str!("../../../../puzzles/serg-multi-solution-100.txt"),
    ),
];

/// The names of the built-in sets, for help texts and errors.
pub fn names() -> impl Iterator<Item = &'static str> {
    BUILT_IN.iter().map(|(name, _, _)| *name)
}

/// One puzzle of a set.
pub struct SetLine {
    pub line: u64,
    pub text: String,
    pub puzzle: Result<Puzzle, InputError>,
    /// The alphabet it was read in.
    pub symbols: Symbols,
    /// The rules of an f-puzzles document or link (plain lines: none).
    pub rules: Option<std::sync::Arc<sudoku::Sudoku>>,
}

/// One instance of a set.
pub struct InstanceLine {
    /// Its position in the set, from 1 (what a puzzle set's line number
    /// is to its puzzles: runs files and plans name members by it).
    pub line: u64,
    /// The file.
    pub file: PathBuf,
    /// The instance read and compiled, or why it was not.
    pub read: Result<Arc<ReadInstance>, NotRead>,
}

/// A puzzle set, read whole (every strategy runs over it).
pub struct PuzzleSet {
    /// The built-in name, or the file path.
    pub name: String,
    /// FNV-1a 64 of the content, in hex: says which puzzles were run.
    pub hash: String,
    /// Its puzzles, or its XCSP3 instances.
    pub members: Members,
}

/// What a set holds: puzzles (lines of files), or XCSP3 instances (one
/// per file, `sudoku csp compare`).
pub enum Members {
    Puzzles(Vec<SetLine>),
    Instances(Vec<InstanceLine>),
}

impl PuzzleSet {
    /// How many puzzles or instances it holds, valid or not.
    pub fn len(&self) -> usize {
        match &self.members {
            Members::Puzzles(lines) => lines.len(),
            Members::Instances(list) => list.len(),
        }
    }

    /// Whether it holds nothing.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The line (or, in an instance set, the position from 1) of its
    /// `i`th member.
    pub fn line(&self, i: usize) -> u64 {
        match &self.members {
            Members::Puzzles(lines) => lines[i].line,
            Members::Instances(list) => list[i].line,
        }
    }

    /// Its puzzles (none in an instance set).
    pub fn puzzles(&self) -> &[SetLine] {
        match &self.members {
            Members::Puzzles(lines) => lines,
            Members::Instances(_) => &[],
        }
    }
}

/// FNV-1a, 64 bits.
pub fn fnv1a64(bytes: &[u8]) -> String {
    let hash = bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    });
    format!("{hash:016x}")
}

/// Reads a set as `solve` reads a file (every layout it takes); notes on
/// how it was read go to stderr.
fn parse(name: String, bytes: &[u8], options: &ReadOptions) -> Result<PuzzleSet> {
    let entries = PuzzleLines::from_text(&name, bytes.to_vec(), options.clone());
    collect(name, fnv1a64(bytes), entries)
}

/// A set of puzzles given one per line in `text` (by a program, not a
/// file), named `name`.
pub fn from_text(name: &str, text: &str, options: &ReadOptions) -> Result<PuzzleSet> {
    parse(name.to_string(), text.as_bytes(), options)
}

/// The set of the entries read.
fn collect(name: String, hash: String, entries: PuzzleLines) -> Result<PuzzleSet> {
    let mut lines = Vec::new();
    for entry in entries {
        let entry =
            entry.map_err(|e| anyhow::anyhow!("cannot read puzzle set {name}: {}", e.error))?;
        if let Some(note) = &entry.note {
            crate::diagnostics::line(&format!("sudoku: {note}"));
        }
        lines.push(SetLine {
            line: entry.line,
            text: entry.text,
            puzzle: entry.puzzle,
            symbols: entry.symbols,
            rules: entry.rules,
        });
    }
    Ok(PuzzleSet {
        name,
        hash,
        members: Members::Puzzles(lines),
    })
}

/// A built-in set by name.
pub fn built_in(name: &str) -> Result<PuzzleSet> {
    match BUILT_IN.iter().find(|(n, _, _)| *n == name) {
        Some((n, _, text)) => parse(n.to_string(), text.as_bytes(), &ReadOptions::default()),
        None => {
            let names: Vec<&str> = BUILT_IN.iter().map(|(n, _, _)| *n).collect();
            bail!(
                "unknown puzzle set `{name}` (built in: {})",
                names.join(", ")
            )
        }
    }
}

/// A set from a file (`-`: standard input), an f-puzzles document, or a
/// folder of puzzle files (read in name order; its hash covers every
/// file's name and content).
pub fn from_file(path: &Path, options: &ReadOptions) -> Result<PuzzleSet> {
    if path.is_dir() || crate::input::is_document(path) {
        let mut all = Vec::new();
        let expanded = crate::input::expand_folders(vec![path.to_path_buf()]);
        if let Some(note) = crate::input::skipped_note(&expanded.skipped) {
            crate::diagnostics::line(&format!("sudoku: {note}"));
        }
        for file in expanded.files {
            all.extend(file.display().to_string().into_bytes());
            all.extend(
                std::fs::read(&file)
                    .with_context(|| format!("cannot read puzzle set file {}", file.display()))?,
            );
        }
        let entries = PuzzleLines::new(vec![path.to_path_buf()], options.clone());
        return collect(path.display().to_string(), fnv1a64(&all), entries);
    }
    let bytes = if path.as_os_str() == "-" {
        let mut b = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut b)
            .context("cannot read standard input")?;
        b
    } else {
        std::fs::read(path).with_context(|| format!("cannot read puzzle set {}", path.display()))?
    };
    parse(path.display().to_string(), &bytes, options)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_sets_are_valid() {
        for (name, _, _) in BUILT_IN {
            let set = built_in(name).unwrap();
            assert!(set.puzzles().iter().all(|l| l.puzzle.is_ok()), "{name}");
            assert!(!set.is_empty());
        }
        assert_eq!(built_in("top95").unwrap().puzzles().len(), 95);
        assert!(built_in("top96").is_err());
        assert_eq!(fnv1a64(b""), "cbf29ce484222325");
    }
}

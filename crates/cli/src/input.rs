//! Reading puzzles out of files and standard input, streaming (never a
//! whole file at once), in the layouts people paste:
//!
//! - one puzzle per line (`4.....8.5.3...`), text after it ignored;
//! - CSV lines whose first field is the puzzle (`puzzle,solution`, the
//!   Kaggle layout), with or without a header line; tab-separated ones
//!   too (`puzzle<TAB>se_er`, as the rated sets are kept);
//! - block grids: one row per line, N lines for an NxN grid, with or
//!   without separators (`|`, `-`, `+`, `=`, spaces, box-drawing
//!   characters), such as the boards this tool prints;
//!
//! with `\n`, `\r\n` or lone `\r` line endings (mixed too), a UTF-8 byte
//! order mark, blank lines and `#` comments between puzzles. A file with a
//! NUL byte is refused as binary. Every puzzle becomes one [`Entry`], whose
//! `puzzle` is the parsed grid or what is wrong with it.

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::PathBuf;
use std::sync::Arc;

use sudoku::{
    GridSize, Propagators, Puzzle, PuzzleError, RulesError, Sudoku, Symbols, UserRule,
    VariantPuzzle,
};

/// How to read puzzles: the alphabet of digits and the box shape, when
/// given (else the default alphabet, with hexadecimal 16x16 detected, and
/// the usual shape for each size).
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    /// The alphabet of digits (`--symbols`); `None`: the default one,
    /// hexadecimal detected for 16x16.
    pub symbols: Option<Symbols>,
    /// The box shape (`--box`); `None`: the usual one for each size.
    pub shape: Option<GridSize>,
    /// The propagators of the grids built for f-puzzles documents.
    pub propagators: Propagators,
    /// Rules given for every puzzle (`--rule`), added to a document's own.
    pub user_rules: Vec<UserRule>,
    /// SudokuPad shapes that are no known rule are left out (with a note)
    /// rather than refusing the puzzle.
    pub ignore_unknown: bool,
}

/// One puzzle of the input: where it came from, its text and the parsed
/// grid (or what is wrong with it).
#[derive(Clone, Debug)]
pub struct Entry {
    /// The file name (`-` for standard input).
    pub source: Arc<str>,
    /// The line number in that file (of a block's first row), from 1.
    pub line: u64,
    /// The puzzle text as read: the line's first word, a CSV line's first
    /// field, or a block's cells run together.
    pub text: String,
    /// The grid, or why there is none.
    pub puzzle: Result<Puzzle, InputError>,
    /// The alphabet it was read in.
    pub symbols: Symbols,
    /// Something to tell the user about how it was read.
    pub note: Option<String>,
    /// The rules of an f-puzzles document or link, built for it (plain
    /// lines: none, the `--variant` rules apply).
    pub rules: Option<Arc<Sudoku>>,
}

/// What is wrong with an entry of the input.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum InputError {
    /// The puzzle text does not read as a puzzle.
    Puzzle(PuzzleError),
    /// A line that is neither a puzzle nor a row of a block grid.
    NotAGrid {
        /// The cells the line holds.
        cells: usize,
    },
    /// A block grid that ended before its last row.
    IncompleteBlock {
        /// The grid's side.
        side: usize,
        /// The rows read.
        rows: usize,
        /// What came instead of the next row.
        why: String,
    },
    /// An f-puzzles document or link whose rules cannot be read or hold.
    Rules(RulesError),
}

impl InputError {
    /// The kind, in a few words, to count errors by.
    pub fn kind(&self) -> &'static str {
        match self {
            InputError::Puzzle(e) => e.kind(),
            InputError::NotAGrid { .. } => "not a grid",
            InputError::IncompleteBlock { .. } => "incomplete grid",
            InputError::Rules(e) => e.kind(),
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Puzzle(e) => e.fmt(f),
            InputError::NotAGrid { cells } => write!(
                f,
                "read as a row of {cells} cells (separators and spaces removed), which is neither a whole puzzle (16, 36, 64, 81, 144, 256 or 625 cells on one line) nor a row of a grid (4, 6, 8, 9, 12, 16 or 25 cells)"
            ),
            InputError::IncompleteBlock { side, rows, why } => write!(
                f,
                "incomplete grid: read as a {side}x{side} grid written one row per line, but only {rows} of its {side} rows came before {why}"
            ),
            InputError::Rules(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for InputError {}

impl From<PuzzleError> for InputError {
    fn from(e: PuzzleError) -> InputError {
        InputError::Puzzle(e)
    }
}

/// Something that could not be read at all (not a malformed puzzle).
#[derive(Debug)]
pub struct ReadError {
    /// The file (`-` for standard input).
    pub source: Arc<str>,
    /// What went wrong.
    pub error: io::Error,
}

impl std::fmt::Display for ReadError {
    /// `cannot read nope.txt: No such file or directory (os error 2)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot read {}: {}", self.source, self.error)
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// Splits a byte stream into lines at `\n`, `\r\n` or a lone `\r`; drops a
/// UTF-8 byte order mark; refuses a NUL byte (a binary file). Bytes that are
/// not UTF-8 are replaced (they show as invalid characters).
struct Lines {
    reader: Box<dyn BufRead>,
    line: u64,
    /// Bytes read so far (for the offset of a NUL byte).
    offset: u64,
    /// The last line ended with `\r`: a `\n` right after it ends nothing.
    after_cr: bool,
    buffer: Vec<u8>,
}

impl Lines {
    fn new(reader: Box<dyn BufRead>) -> Lines {
        Lines {
            reader,
            line: 0,
            offset: 0,
            after_cr: false,
            buffer: Vec::with_capacity(128),
        }
    }

    /// The next line (number, text), `None` at the end.
    fn next_line(&mut self) -> io::Result<Option<(u64, String)>> {
        self.buffer.clear();
        let mut any = false;
        loop {
            let chunk = self.reader.fill_buf()?;
            if chunk.is_empty() {
                break;
            }
            if let Some(nul) = chunk.iter().position(|&b| b == 0) {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!(
                        "a binary file (a NUL byte at offset {})",
                        self.offset + nul as u64
                    ),
                ));
            }
            let mut start = 0;
            if self.after_cr {
                self.after_cr = false;
                if chunk[0] == b'\n' {
                    start = 1;
                }
            }
            match chunk[start..]
                .iter()
                .position(|&b| b == b'\n' || b == b'\r')
            {
                Some(end) => {
                    let eol = chunk[start + end];
                    self.buffer.extend_from_slice(&chunk[start..start + end]);
                    self.after_cr = eol == b'\r';
                    let used = start + end + 1;
                    self.reader.consume(used);
                    self.offset += used as u64;
                    any = true;
                    break;
                }
                None => {
                    let used = chunk.len();
                    self.buffer.extend_from_slice(&chunk[start..]);
                    self.reader.consume(used);
                    self.offset += used as u64;
                    any |= used > start;
                }
            }
        }
        if !any {
            return Ok(None);
        }
        self.line += 1;
        let mut text = String::from_utf8_lossy(&self.buffer).into_owned();
        if self.line == 1 && text.starts_with('\u{feff}') {
            text.remove(0);
        }
        Ok(Some((self.line, text)))
    }
}

/// Whether the first field of a file's first CSV or tab-separated line
/// is a column name (no digit, no `.`: no puzzle), so the line a header.
fn is_header_field(field: &str) -> bool {
    !field.contains(|c: char| c.is_ascii_digit() || c == '.')
}

/// Whether `c` separates cells in a block grid row (and is no cell).
fn is_separator(c: char) -> bool {
    c.is_whitespace() || matches!(c, '|' | '-' | '+' | '=' | '\u{2500}'..='\u{257f}')
}

/// A block grid being read.
struct Block {
    first_line: u64,
    side: usize,
    cells: String,
    rows: usize,
}

/// Turns the lines of one file into entries.
struct Assembler {
    source: Arc<str>,
    options: ReadOptions,
    block: Option<Block>,
    /// No puzzle line seen yet (a CSV header may come).
    first: bool,
    /// The hexadecimal note was given for this file.
    hex_noted: bool,
}

impl Assembler {
    fn new(source: Arc<str>, options: ReadOptions) -> Assembler {
        Assembler {
            source,
            options,
            block: None,
            first: true,
            hex_noted: false,
        }
    }

    fn is_grid_length(&self, cells: usize) -> bool {
        match self.options.shape {
            Some(shape) => cells == shape.cells(),
            None => GridSize::from_cell_count(cells).is_some(),
        }
    }

    fn is_side(&self, cells: usize) -> bool {
        match self.options.shape {
            Some(shape) => cells == shape.side(),
            None => GridSize::from_side(cells).is_some(),
        }
    }

    /// The entry for a puzzle text found at `line`.
    fn entry(&mut self, line: u64, text: String, size: Option<GridSize>) -> Entry {
        let size = size.or(self.options.shape);
        let (symbols, note) = match &self.options.symbols {
            Some(s) => (s.clone(), None),
            None => self.guess_symbols(line, &text),
        };
        let puzzle = Puzzle::parse_with(&text, size, &symbols).map_err(InputError::from);
        Entry {
            source: self.source.clone(),
            line,
            text,
            puzzle,
            symbols,
            note,
            rules: None,
        }
    }

    /// An entry for an f-puzzles document or link: its puzzle with the
    /// rules built for it, or why not.
    fn variant_entry(
        &self,
        line: u64,
        text: String,
        read: Result<VariantPuzzle, RulesError>,
    ) -> Entry {
        let built = read.and_then(|mut vp| {
            for rule in &self.options.user_rules {
                vp.rules
                    .elements
                    .push(rule.element(vp.puzzle.size().side())?);
            }
            let mut notes = Vec::new();
            if !vp.skipped.is_empty() {
                notes.push(format!("ignored, no rule: {}", vp.skipped.join(", ")));
            }
            if !vp.ignored.is_empty() {
                notes.push(format!(
                    "ignored shapes that are no known rule (--ignore-unknown): {}",
                    vp.ignored.join("; ")
                ));
            }
            let note = (!notes.is_empty()).then(|| notes.join("; "));
            let sudoku = Sudoku::with_rules(vp.puzzle.size(), vp.rules)?
                .with_propagators(self.options.propagators);
            Ok((vp.puzzle, sudoku, note))
        });
        match built {
            Ok((puzzle, sudoku, note)) => Entry {
                source: self.source.clone(),
                line,
                text,
                puzzle: Ok(puzzle),
                symbols: Symbols::default(),
                note,
                rules: Some(Arc::new(sudoku)),
            },
            Err(e) => self.error(line, text, InputError::Rules(e)),
        }
    }

    /// The default alphabet, except for the common hexadecimal 16x16 layout
    /// (a `0` and no `G`), which is read as `0-F`, with a note (once per
    /// file).
    fn guess_symbols(&mut self, line: u64, text: &str) -> (Symbols, Option<String>) {
        let hex = text.chars().count() == 256
            && text.contains('0')
            && !text.contains(['G', 'g'])
            && self.options.shape.is_none_or(|s| s.side() == 16);
        if !hex {
            return (Symbols::default(), None);
        }
        let note = (!self.hex_noted).then(|| {
            format!(
                "note: {}:{line}: 16x16 puzzles with a `0` and no `G` are read as hexadecimal digits 0-F (`0` is a digit, `.` an empty cell); give --symbols 1-9A-G to read `0` as empty",
                self.source
            )
        });
        self.hex_noted = true;
        (Symbols::hex(), note)
    }

    fn error(&self, line: u64, text: String, error: InputError) -> Entry {
        Entry {
            source: self.source.clone(),
            line,
            text,
            puzzle: Err(error),
            symbols: self.options.symbols.clone().unwrap_or_default(),
            note: None,
            rules: None,
        }
    }

    /// The open block, closed as incomplete because of `why`.
    fn abandon_block(&mut self, why: String) -> Option<Entry> {
        let b = self.block.take()?;
        let error = InputError::IncompleteBlock {
            side: b.side,
            rows: b.rows,
            why,
        };
        Some(self.error(b.first_line, b.cells, error))
    }

    /// Reads one line; pushes the entries it completes onto `out`.
    fn feed(&mut self, line: u64, raw: &str, out: &mut Vec<Entry>) {
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            out.extend(self.abandon_block(format!("the blank line {line}")));
            return;
        }
        if trimmed.starts_with('#') {
            return;
        }
        if is_link(trimmed) {
            out.extend(self.abandon_block(format!("the link on line {line}")));
            self.first = false;
            let read = VariantPuzzle::from_link_with(trimmed, self.options.ignore_unknown);
            out.push(self.variant_entry(line, trimmed.to_string(), read));
            return;
        }
        if trimmed.starts_with('{') {
            // An f-puzzles document on one line (JSON Lines, as
            // `generate --format fpuzzles` writes them).
            out.extend(self.abandon_block(format!("the f-puzzles document on line {line}")));
            self.first = false;
            let read = VariantPuzzle::from_json(trimmed);
            out.push(self.variant_entry(line, format!("line {line}"), read));
            return;
        }
        let word = trimmed.split_whitespace().next().unwrap_or_default();
        if self.block.is_none() && self.is_grid_length(word.chars().count()) {
            self.first = false;
            out.push(self.entry(line, word.to_string(), None));
            return;
        }
        if self.first && self.block.is_none() && trimmed.contains('\t') {
            let field = trimmed.split('\t').next().unwrap_or_default().trim();
            if is_header_field(field) {
                self.first = false;
                return; // a header: `puzzle\tse_er\t...` (TSV)
            }
        }
        if trimmed.contains(',') {
            out.extend(self.abandon_block(format!("the CSV line {line}")));
            let field = trimmed.split(',').next().unwrap_or_default().trim();
            let field = field.trim_matches('"').trim();
            let first = std::mem::replace(&mut self.first, false);
            if first && is_header_field(field) {
                return; // a header: `quizzes,solutions`, `puzzle,solution`
            }
            out.push(self.entry(line, field.to_string(), None));
            return;
        }
        self.first = false;
        let cells: String = trimmed.chars().filter(|&c| !is_separator(c)).collect();
        let n = cells.chars().count();
        if n == 0 {
            return; // a border line of a block grid
        }
        if let Some(block) = &mut self.block {
            if n == block.side {
                block.cells.push_str(&cells);
                block.rows += 1;
                if block.rows == block.side {
                    let b = self.block.take().expect("a block");
                    let size = self.options.shape.or_else(|| GridSize::from_side(b.side));
                    out.push(self.entry(b.first_line, b.cells, size));
                }
                return;
            }
            out.extend(self.abandon_block(format!("line {line}, which has {n} cells")));
            return self.feed(line, raw, out);
        }
        let separated = cells.len() != trimmed.len() || word.chars().count() == n;
        if separated && self.is_side(n) {
            self.block = Some(Block {
                first_line: line,
                side: n,
                cells,
                rows: 1,
            });
            return;
        }
        let error = if word.chars().count() == trimmed.chars().count() {
            // One word: a puzzle line of the wrong length (or characters).
            match Puzzle::parse_with(word, self.options.shape, &Symbols::default()) {
                Err(e) => InputError::Puzzle(e),
                Ok(_) => InputError::NotAGrid { cells: n },
            }
        } else {
            InputError::NotAGrid { cells: n }
        };
        out.push(self.error(line, word.to_string(), error));
    }

    /// At the end of the file: a block still open is incomplete.
    fn finish(&mut self) -> Option<Entry> {
        self.abandon_block("the end of the input".to_string())
    }
}

/// Whether a line is an f-puzzles or SudokuPad link.
fn is_link(line: &str) -> bool {
    line.contains("f-puzzles.com")
        || line.contains("sudokupad")
        || line.contains("?load=")
        || sudoku::formats::sudokupad::is_payload(line)
}

/// Whether a file is an f-puzzles document (by its name).
pub fn is_document(path: &std::path::Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"))
}

/// The endings of the files a folder's reading takes: puzzle lines
/// (`.txt`, and the `.sdm`, `.sdk`, `.ss` of other solvers), CSV with a
/// puzzle column (`.csv`) and f-puzzles documents (`.json`).
pub const PUZZLE_FILE_ENDINGS: [&str; 6] = ["txt", "csv", "json", "sdm", "sdk", "ss"];

/// Whether a file found in a folder is read as puzzles (by its ending).
pub fn is_puzzle_file(path: &std::path::Path) -> bool {
    path.extension().is_some_and(|e| {
        PUZZLE_FILE_ENDINGS
            .iter()
            .any(|known| e.eq_ignore_ascii_case(known))
    })
}

/// What a list of inputs holds once its folders are opened.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Expanded {
    /// The files to read, in order.
    pub files: Vec<PathBuf>,
    /// Files found in folders that are not puzzle files (see
    /// [`is_puzzle_file`]), left out.
    pub skipped: Vec<PathBuf>,
}

/// `files` with each folder replaced by the puzzle files inside it
/// (recursively, sorted by name; other files are skipped and listed): a
/// folder of puzzle files is one input. Files named themselves are always
/// read.
pub fn expand_folders(files: Vec<PathBuf>) -> Expanded {
    let mut out = Expanded::default();
    for f in files {
        expand_into(f, true, &mut out);
    }
    out
}

fn expand_into(f: PathBuf, named: bool, out: &mut Expanded) {
    if f.is_dir() {
        let mut inside: Vec<PathBuf> = match std::fs::read_dir(&f) {
            Ok(entries) => entries.filter_map(|e| e.ok().map(|e| e.path())).collect(),
            Err(_) => {
                // Opening it as a file then says why it cannot be read.
                out.files.push(f);
                return;
            }
        };
        inside.sort();
        for inner in inside {
            expand_into(inner, false, out);
        }
    } else if named || is_puzzle_file(&f) {
        out.files.push(f);
    } else {
        out.skipped.push(f);
    }
}

/// The note for the files a folder's reading skipped, if any.
pub fn skipped_note(skipped: &[PathBuf]) -> Option<String> {
    (!skipped.is_empty()).then(|| {
        let names: Vec<String> = skipped.iter().map(|p| p.display().to_string()).collect();
        format!(
            "note: skipped {} in the folders read (not puzzle files: those end in .{}): {}",
            crate::words::count(skipped.len() as u64, "file"),
            PUZZLE_FILE_ENDINGS.join(", ."),
            names.join(", ")
        )
    })
}

/// The entries of one text named `source`, as the Python package's
/// `Puzzle.parse` reads it: an f-puzzles document when it is one, else
/// lines.
pub fn text_entries(
    source: &str,
    text: &str,
    options: &ReadOptions,
) -> Vec<Result<Entry, ReadError>> {
    if text.trim_start().starts_with('{') {
        let entry = document_entry(source.into(), String::new(), text, options);
        return vec![Ok(entry)];
    }
    PuzzleLines::from_text(source, text.as_bytes().to_vec(), options.clone()).collect()
}

/// The puzzle of an f-puzzles document's `text` (a `.json` file's), read
/// from `source` and named `name` (the file's stem).
pub fn document_entry(source: Arc<str>, name: String, text: &str, options: &ReadOptions) -> Entry {
    let assembler = Assembler::new(source, options.clone());
    assembler.variant_entry(1, name, VariantPuzzle::from_json(text))
}

/// A box shape as `--box` takes it, `RxC`: boxes of R rows and C columns;
/// an error names the option as `spelling` does.
pub fn parse_box(
    text: &str,
    spelling: crate::strategy::Spelling,
) -> anyhow::Result<sudoku::GridSize> {
    let option = spelling.option("box");
    let parsed = text.split_once(['x', 'X']).and_then(|(r, c)| {
        Some((
            r.trim().parse::<usize>().ok()?,
            c.trim().parse::<usize>().ok()?,
        ))
    });
    match parsed {
        Some((r, c)) => sudoku::GridSize::new(r, c).ok_or_else(|| {
            anyhow::anyhow!(
                "invalid {option} `{text}`: boxes are at least 2x2 and hold at most {} cells",
                sudoku::MAX_SIDE
            )
        }),
        None => anyhow::bail!("invalid {option} `{text}`: expected ROWSxCOLUMNS, e.g. 3x2"),
    }
}

/// An open file: its lines and what they assemble into.
struct OpenFile {
    lines: Lines,
    assembler: Assembler,
}

/// Reads puzzles file after file, one [`Entry`] at a time.
pub struct PuzzleLines {
    files: std::vec::IntoIter<PathBuf>,
    options: ReadOptions,
    current: Option<OpenFile>,
    ready: std::collections::VecDeque<Entry>,
    scratch: Vec<Entry>,
    /// A file that failed, reported once the entries before it are out.
    failed: Option<ReadError>,
    /// Files of the folders read that are not puzzle files.
    skipped: Vec<PathBuf>,
}

impl PuzzleLines {
    /// Puzzles of `files` in order; no files means standard input.
    pub fn new(mut files: Vec<PathBuf>, options: ReadOptions) -> PuzzleLines {
        if files.is_empty() {
            files.push(PathBuf::from("-"));
        }
        let expanded = expand_folders(files);
        PuzzleLines {
            files: expanded.files.into_iter(),
            options,
            current: None,
            ready: std::collections::VecDeque::new(),
            scratch: Vec::new(),
            failed: None,
            skipped: expanded.skipped,
        }
    }

    /// The files of the folders read that were skipped, not being puzzle
    /// files (`solutions.tsv`, `README.md`).
    pub fn skipped(&self) -> &[PathBuf] {
        &self.skipped
    }

    /// Puzzles of one in-memory text, named `source`.
    pub fn from_text(source: &str, text: Vec<u8>, options: ReadOptions) -> PuzzleLines {
        PuzzleLines {
            files: Vec::new().into_iter(),
            current: Some(OpenFile {
                lines: Lines::new(Box::new(io::Cursor::new(text))),
                assembler: Assembler::new(source.into(), options.clone()),
            }),
            options,
            ready: std::collections::VecDeque::new(),
            scratch: Vec::new(),
            failed: None,
            skipped: Vec::new(),
        }
    }

    fn open(&self, path: PathBuf) -> Result<OpenFile, ReadError> {
        let source: Arc<str> = path.display().to_string().into();
        let reader: Box<dyn BufRead> = if path.as_os_str() == "-" {
            Box::new(BufReader::new(io::stdin()))
        } else {
            match File::open(&path) {
                Ok(f) => Box::new(BufReader::new(f)),
                Err(error) => return Err(ReadError { source, error }),
            }
        };
        Ok(OpenFile {
            lines: Lines::new(reader),
            assembler: Assembler::new(source, self.options.clone()),
        })
    }
}

impl Iterator for PuzzleLines {
    type Item = Result<Entry, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(entry) = self.ready.pop_front() {
                return Some(Ok(entry));
            }
            if let Some(e) = self.failed.take() {
                return Some(Err(e));
            }
            let Some(file) = &mut self.current else {
                let path = self.files.next()?;
                if is_document(&path) {
                    let source: Arc<str> = path.display().to_string().into();
                    match std::fs::read_to_string(&path) {
                        Ok(text) => {
                            let name = path
                                .file_stem()
                                .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
                            let entry = document_entry(source, name, &text, &self.options);
                            self.ready.push_back(entry);
                        }
                        Err(error) => return Some(Err(ReadError { source, error })),
                    }
                    continue;
                }
                match self.open(path) {
                    Ok(opened) => self.current = Some(opened),
                    Err(e) => return Some(Err(e)),
                }
                continue;
            };
            match file.lines.next_line() {
                Ok(Some((line, text))) => {
                    file.assembler.feed(line, &text, &mut self.scratch);
                    self.ready.extend(self.scratch.drain(..));
                }
                Ok(None) => {
                    self.ready.extend(file.assembler.finish());
                    self.current = None;
                }
                Err(error) => {
                    let source = file.assembler.source.clone();
                    // What was complete before the failure comes first.
                    self.ready.extend(file.assembler.finish());
                    self.current = None;
                    self.failed = Some(ReadError { source, error });
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOP1: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn read(bytes: &[u8]) -> Vec<(u64, Result<String, String>)> {
        read_with(bytes, ReadOptions::default())
    }

    fn read_with(bytes: &[u8], options: ReadOptions) -> Vec<(u64, Result<String, String>)> {
        PuzzleLines::from_text("t", bytes.to_vec(), options)
            .map(|e| match e {
                Ok(e) => (
                    e.line,
                    e.puzzle.map(|p| p.to_line()).map_err(|err| err.to_string()),
                ),
                Err(e) => (0, Err(e.error.to_string())),
            })
            .collect()
    }

    fn ok(line: u64, text: &str) -> (u64, Result<String, String>) {
        (line, Ok(text.to_string()))
    }

    #[test]
    fn skips_comments_and_blanks_and_keeps_line_numbers() {
        let got = read(format!("# header\r\n\r\n{TOP1} extra words\r\n  {TOP1}\n").as_bytes());
        assert_eq!(got, vec![ok(3, TOP1), ok(4, TOP1)]);
        let bad = read(b"\xff\xfe..............\n");
        assert!(bad[0].1.as_ref().unwrap_err().contains("invalid character"));
        let missing = PuzzleLines::new(vec!["/nonexistent/x.txt".into()], ReadOptions::default())
            .next()
            .unwrap();
        assert!(missing.is_err());
    }

    #[test]
    fn every_line_ending() {
        let cr = format!("{TOP1}\r{TOP1}\r");
        assert_eq!(read(cr.as_bytes()), vec![ok(1, TOP1), ok(2, TOP1)]);
        let mixed = format!("{TOP1}\r\n{TOP1}\r{TOP1}\n\r{TOP1}");
        assert_eq!(
            read(mixed.as_bytes()),
            vec![ok(1, TOP1), ok(2, TOP1), ok(3, TOP1), ok(5, TOP1)]
        );
    }

    #[test]
    fn byte_order_mark() {
        let text = format!("\u{feff}{TOP1}\n");
        assert_eq!(read(text.as_bytes()), vec![ok(1, TOP1)]);
    }

    #[test]
    fn csv_with_and_without_header() {
        let solution =
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
        let text = format!("quizzes,solutions\n{},{solution}\n", TOP1.replace('.', "0"));
        assert_eq!(read(text.as_bytes()), vec![ok(2, TOP1)]);
        let text = format!("\"{TOP1}\",{solution}\n");
        assert_eq!(read(text.as_bytes()), vec![ok(1, TOP1)]);
        // Tab-separated, as the rated sets are kept: the header goes too.
        let text = format!("puzzle\tse_er\n{TOP1}\t2.5\n");
        assert_eq!(read(text.as_bytes()), vec![ok(2, TOP1)]);
        // Only a first line is a header: later, a word is an error.
        let got = read(format!("{TOP1}\t2.5\npuzzle\tse_er\n").as_bytes());
        assert_eq!((got.len(), got[0].clone()), (2, ok(1, TOP1)));
        assert!(got[1].1.is_err());
    }

    #[test]
    fn block_grids_with_and_without_separators() {
        let rows: Vec<&str> = (0..9).map(|r| &TOP1[r * 9..r * 9 + 9]).collect();
        let bare = rows.join("\n");
        assert_eq!(read(bare.as_bytes()), vec![ok(1, TOP1)]);
        let puzzle = Puzzle::parse(TOP1).unwrap();
        let boxed = format!("{}\n\n{}", puzzle.board(), puzzle.board());
        assert_eq!(read(boxed.as_bytes()), vec![ok(2, TOP1), ok(17, TOP1)]);
        let spaced: String = rows
            .iter()
            .map(|r| r.chars().map(|c| format!("{c} ")).collect::<String>() + "\n")
            .collect();
        assert_eq!(read(spaced.as_bytes()), vec![ok(1, TOP1)]);
    }

    #[test]
    fn incomplete_blocks_say_what_was_understood() {
        let text = format!("{}\n{}\n\n{TOP1}\n", &TOP1[..9], &TOP1[9..18]);
        let got = read(text.as_bytes());
        assert_eq!(
            got[0],
            (
                1,
                Err("incomplete grid: read as a 9x9 grid written one row per line, but only 2 of its 9 rows came before the blank line 3".into())
            )
        );
        assert_eq!(got[1], ok(4, TOP1));
        let odd = read(b"1 2 3\n");
        assert_eq!(
            odd[0].1.as_ref().unwrap_err(),
            "read as a row of 3 cells (separators and spaces removed), which is neither a whole puzzle (16, 36, 64, 81, 144, 256 or 625 cells on one line) nor a row of a grid (4, 6, 8, 9, 12, 16 or 25 cells)"
        );
        let short = read(&TOP1.as_bytes()[..80]);
        assert!(
            short[0]
                .1
                .as_ref()
                .unwrap_err()
                .starts_with("80 cells is not a grid size")
        );
    }

    #[test]
    fn hexadecimal_sixteen_is_detected_and_explicit_symbols_win() {
        let hex: String = (0..256)
            .map(|i| {
                if i % 17 == 0 {
                    char::from_digit((i / 17) as u32, 16).unwrap()
                } else {
                    '.'
                }
            })
            .collect();
        let entries: Vec<Entry> =
            PuzzleLines::from_text("t", hex.clone().into_bytes(), ReadOptions::default())
                .map(Result::unwrap)
                .collect();
        let p = entries[0].puzzle.as_ref().unwrap();
        assert_eq!((p.get(0, 0), p.get(15, 15)), (1, 16));
        assert!(entries[0].note.as_ref().unwrap().contains("hexadecimal"));
        let options = ReadOptions {
            symbols: Some(Symbols::parse("1-9A-G").unwrap()),
            ..ReadOptions::default()
        };
        let explicit: Vec<Entry> = PuzzleLines::from_text("t", hex.into_bytes(), options)
            .map(Result::unwrap)
            .collect();
        let p = explicit[0].puzzle.as_ref().unwrap();
        assert_eq!((p.get(0, 0), p.get(1, 1)), (0, 1));
        assert!(explicit[0].note.is_none());
    }

    #[test]
    fn box_shape_reads_six_by_six_with_tall_boxes() {
        let options = ReadOptions {
            shape: GridSize::new(3, 2),
            ..ReadOptions::default()
        };
        let entries: Vec<Entry> = PuzzleLines::from_text(
            "t",
            b"1.....\n......\n......\n......\n......\n.....2\n".to_vec(),
            options,
        )
        .map(Result::unwrap)
        .collect();
        let p = entries[0].puzzle.as_ref().unwrap();
        assert_eq!((p.size().box_rows(), p.size().box_cols()), (3, 2));
    }

    #[test]
    fn a_nul_byte_refuses_the_file() {
        let got = read(b"1234\x00\n");
        assert_eq!(
            got[0].1.as_ref().unwrap_err(),
            "a binary file (a NUL byte at offset 4)"
        );
    }
}

//! Streaming puzzle lines out of files and standard input.

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::PathBuf;
use std::sync::Arc;

/// One puzzle line: where it came from and its first word.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The file name (`-` for standard input).
    pub source: Arc<str>,
    /// The line number in that file, from 1.
    pub line: u64,
    /// The puzzle text: the line's first whitespace-separated word.
    pub text: String,
}

/// Something that could not be read at all (not a malformed line).
#[derive(Debug)]
pub struct ReadError {
    pub source: Arc<str>,
    pub error: io::Error,
}

/// An open file: its name, a reader, the number of lines read.
struct OpenFile {
    source: Arc<str>,
    reader: Box<dyn BufRead>,
    line: u64,
}

/// Reads puzzle lines one at a time (never a whole file at once): skips
/// blank lines and `#` comments, accepts CRLF, ignores text after the
/// puzzle, replaces bytes that are not UTF-8 (so they show as invalid
/// characters).
pub struct PuzzleLines {
    files: std::vec::IntoIter<PathBuf>,
    current: Option<OpenFile>,
    buffer: Vec<u8>,
}

impl PuzzleLines {
    /// Lines of `files` in order; no files means standard input.
    pub fn new(mut files: Vec<PathBuf>) -> PuzzleLines {
        if files.is_empty() {
            files.push(PathBuf::from("-"));
        }
        PuzzleLines {
            files: files.into_iter(),
            current: None,
            buffer: Vec::with_capacity(128),
        }
    }

    fn open(path: PathBuf) -> Result<OpenFile, ReadError> {
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
            source,
            reader,
            line: 0,
        })
    }
}

impl Iterator for PuzzleLines {
    type Item = Result<Entry, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let Some(OpenFile {
                source,
                reader,
                line,
            }) = &mut self.current
            else {
                match Self::open(self.files.next()?) {
                    Ok(opened) => self.current = Some(opened),
                    Err(e) => return Some(Err(e)),
                }
                continue;
            };
            self.buffer.clear();
            match reader.read_until(b'\n', &mut self.buffer) {
                Ok(0) => {
                    self.current = None;
                    continue;
                }
                Ok(_) => {}
                Err(error) => {
                    let source = source.clone();
                    self.current = None;
                    return Some(Err(ReadError { source, error }));
                }
            }
            *line += 1;
            let text = String::from_utf8_lossy(&self.buffer);
            let trimmed = text.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let word = trimmed.split_whitespace().next().unwrap_or_default();
            return Some(Ok(Entry {
                source: source.clone(),
                line: *line,
                text: word.to_string(),
            }));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skips_comments_and_blanks_and_keeps_line_numbers() {
        let dir = std::env::temp_dir().join(format!("sudoku-input-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("p.txt");
        std::fs::write(
            &path,
            b"# header\r\n\r\n1234 extra words\r\n  5678\n\xff\xfe\n",
        )
        .unwrap();
        let got: Vec<(u64, String)> = PuzzleLines::new(vec![path.clone()])
            .map(|e| e.unwrap())
            .map(|e| (e.line, e.text))
            .collect();
        assert_eq!(
            got,
            vec![
                (3, "1234".into()),
                (4, "5678".into()),
                (5, "\u{fffd}\u{fffd}".into())
            ]
        );
        let missing = PuzzleLines::new(vec![dir.join("nope.txt")]).next().unwrap();
        assert!(missing.is_err());
        std::fs::remove_dir_all(dir).unwrap();
    }
}

//! SudokuPad payloads: finding the data in a link, LZ-string decompression,
//! and SudokuPad's "zipped" JSON (unquoted keys, short property names, `t`
//! and `f` for booleans, colours without quotes, empty array slots).

use serde_json::{Map, Value};

use crate::rules::RulesError;

/// What a SudokuPad link or pasted payload holds.
#[derive(Debug, PartialEq)]
pub enum Payload {
    /// An f-puzzles document (`fpuzzles...`, `fpuz...`), as JSON text.
    Fpuzzles(String),
    /// SudokuPad's own format (`scl...`, `ctc...`), unzipped.
    Scl(Value),
}

/// The long property names of SudokuPad's format and their zipped forms.
const PROPERTIES: &[(&str, &str)] = &[
    ("color", "c"),
    ("cages", "ca"),
    ("center", "ct"),
    ("borderColor", "c1"),
    ("backgroundColor", "c2"),
    ("cells", "ce"),
    ("cellSize", "cs"),
    ("arrows", "a"),
    ("overlays", "o"),
    ("underlays", "u"),
    ("width", "w"),
    ("height", "h"),
    ("value", "v"),
    ("videos", "vd"),
    ("lines", "l"),
    ("rounded", "r"),
    ("regions", "re"),
    ("fontSize", "fs"),
    ("thickness", "th"),
    ("headLength", "hl"),
    ("wayPoints", "wp"),
    ("title", "t"),
    ("text", "te"),
    ("duration", "d"),
    ("d", "d2"),
];

/// The payload of a SudokuPad link (`https://sudokupad.app/scl...`,
/// `...?puzzleid=ctc...`), or of the payload text alone.
pub fn decode(text: &str) -> Result<Payload, RulesError> {
    let text = text.trim();
    let data = match text.split_once("puzzleid=") {
        Some((_, rest)) => rest.split('&').next().unwrap_or(rest),
        None => match text.find("://") {
            // The path after the host: SudokuPad puts the payload there.
            Some(i) => {
                let rest = &text[i + 3..];
                let path = rest.split_once('/').map_or("", |(_, p)| p);
                let path = path.split(['?', '#']).next().unwrap_or(path);
                path.strip_prefix("puzzle/").unwrap_or(path)
            }
            None => text,
        },
    };
    let data = percent_encoding::percent_decode_str(data).decode_utf8_lossy();
    let (kind, rest) = ["fpuzzles", "fpuz", "scl", "ctc"]
        .iter()
        .find_map(|p| data.strip_prefix(p).map(|rest| (*p, rest)))
        .ok_or_else(|| RulesError::Invalid {
            element: "SudokuPad link".into(),
            what: format!(
                "`{}` holds no puzzle data: a short link names a puzzle stored on SudokuPad's server, which this tool does not reach; open it in SudokuPad and share it as a long link (scl..., ctc... or fpuzzles...)",
                shorten(&data)
            ),
        })?;
    let json = decompress(rest)?;
    match kind {
        "fpuzzles" | "fpuz" => Ok(Payload::Fpuzzles(json)),
        _ => Ok(Payload::Scl(unzip(&json)?)),
    }
}

/// Whether `text` looks like a SudokuPad payload pasted alone.
pub fn is_payload(text: &str) -> bool {
    let t = text.trim();
    ["scl", "ctc", "fpuzzles", "fpuz"].iter().any(|p| {
        t.strip_prefix(p).is_some_and(|rest| {
            rest.len() >= 20
                && rest
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+/=%-_$".contains(c))
        })
    })
}

fn shorten(text: &str) -> String {
    let short: String = text.chars().take(40).collect();
    if short.len() < text.len() {
        format!("{short}...")
    } else {
        short
    }
}

/// LZ-string `compressToBase64` data back to text.
fn decompress(data: &str) -> Result<String, RulesError> {
    let wide = lz_str::decompress_from_base64(data)
        .filter(|w| !w.is_empty())
        .ok_or_else(|| {
            RulesError::Format("the SudokuPad data is not LZ-string compressed base64".into())
        })?;
    String::from_utf16(&wide)
        .map_err(|_| RulesError::Format("the SudokuPad data is not text".into()))
}

/// SudokuPad's zipped JSON (or plain JSON) as a value, with the long
/// property names and `#` colours back.
pub fn unzip(text: &str) -> Result<Value, RulesError> {
    let value = match serde_json::from_str::<Value>(text) {
        Ok(v) => v,
        Err(_) => {
            let text = unzip_quotes(text);
            let mut parser = Zipped {
                text: text.as_bytes(),
                at: 0,
            };
            let v = parser.value(false)?;
            parser.space();
            if parser.at != parser.text.len() {
                return Err(parser.error("text after the puzzle"));
            }
            v
        }
    };
    Ok(restore(value))
}

/// Zipped data quotes strings with `'` (escaping a `'` inside as `\'`)
/// unless it holds a `"` already.
fn unzip_quotes(text: &str) -> String {
    if text.contains('"') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'\'') => {
                chars.next();
                out.push('\'');
            }
            '\'' => out.push('"'),
            c => out.push(c),
        }
    }
    out
}

/// Long property names and `#` colours, throughout.
fn restore(value: Value) -> Value {
    match value {
        Value::Object(map) => {
            let mut out = Map::new();
            for (k, v) in map {
                let long = PROPERTIES
                    .iter()
                    .find(|(_, short)| *short == k)
                    .map_or(k.as_str(), |(long, _)| long)
                    .to_string();
                out.insert(long, restore(v));
            }
            Value::Object(out)
        }
        Value::Array(items) => Value::Array(items.into_iter().map(restore).collect()),
        Value::String(s) if s.len() == 6 && s.chars().all(|c| c.is_ascii_hexdigit()) => {
            Value::String(format!("#{s}"))
        }
        other => other,
    }
}

/// A parser of zipped JSON.
struct Zipped<'a> {
    text: &'a [u8],
    at: usize,
}

impl Zipped<'_> {
    fn error(&self, what: &str) -> RulesError {
        RulesError::Format(format!(
            "SudokuPad data: {what} at character {}",
            self.at + 1
        ))
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn space(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.at += 1;
        }
    }

    /// A value; `after_colon` for an object's value (where a bare 6-digit
    /// hex token is a colour).
    fn value(&mut self, after_colon: bool) -> Result<Value, RulesError> {
        self.space();
        match self.peek() {
            Some(b'{') => self.object(),
            Some(b'[') => self.array(),
            Some(b'"') => self.string().map(Value::String),
            // An empty slot: `[,` or `,,` or `,]` stands for `{}`.
            Some(b',' | b']' | b'}') => Ok(Value::Object(Map::new())),
            Some(_) => self.bare(after_colon),
            None => Err(self.error("unexpected end")),
        }
    }

    fn object(&mut self) -> Result<Value, RulesError> {
        self.at += 1;
        let mut map = Map::new();
        loop {
            self.space();
            match self.peek() {
                Some(b'}') => {
                    self.at += 1;
                    return Ok(Value::Object(map));
                }
                Some(b',') => {
                    self.at += 1;
                    continue;
                }
                Some(b'"') => {
                    let key = self.string()?;
                    self.colon()?;
                    let v = self.value(true)?;
                    map.insert(key, v);
                }
                Some(_) => {
                    let start = self.at;
                    while self
                        .peek()
                        .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
                    {
                        self.at += 1;
                    }
                    if start == self.at {
                        return Err(self.error("a key was expected"));
                    }
                    let key = String::from_utf8_lossy(&self.text[start..self.at]).into_owned();
                    self.colon()?;
                    let v = self.value(true)?;
                    map.insert(key, v);
                }
                None => return Err(self.error("an object is not closed")),
            }
        }
    }

    fn colon(&mut self) -> Result<(), RulesError> {
        self.space();
        if self.peek() == Some(b':') {
            self.at += 1;
            Ok(())
        } else {
            Err(self.error("`:` was expected"))
        }
    }

    fn array(&mut self) -> Result<Value, RulesError> {
        self.at += 1;
        let mut items = Vec::new();
        self.space();
        if self.peek() == Some(b']') {
            self.at += 1;
            return Ok(Value::Array(items));
        }
        loop {
            items.push(self.value(false)?);
            self.space();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b']') => {
                    self.at += 1;
                    return Ok(Value::Array(items));
                }
                _ => return Err(self.error("`,` or `]` was expected")),
            }
        }
    }

    fn string(&mut self) -> Result<String, RulesError> {
        let start = self.at;
        self.at += 1;
        while let Some(b) = self.peek() {
            self.at += 1;
            match b {
                b'\\' => self.at += 1,
                b'"' => {
                    let raw = std::str::from_utf8(&self.text[start..self.at])
                        .map_err(|_| self.error("a string is not text"))?;
                    return serde_json::from_str(raw).map_err(|_| self.error("a bad string"));
                }
                _ => {}
            }
        }
        Err(self.error("a string is not closed"))
    }

    fn bare(&mut self, after_colon: bool) -> Result<Value, RulesError> {
        let start = self.at;
        while self
            .peek()
            .is_some_and(|b| !matches!(b, b',' | b']' | b'}') && !b.is_ascii_whitespace())
        {
            self.at += 1;
        }
        let token = std::str::from_utf8(&self.text[start..self.at])
            .map_err(|_| self.error("a value is not text"))?;
        Ok(match token {
            "t" | "true" => Value::Bool(true),
            "f" | "false" => Value::Bool(false),
            "null" => Value::Null,
            "#0" => Value::String("#000000".into()),
            "#F" => Value::String("#FFFFFF".into()),
            hex if after_colon && hex.len() == 6 && hex.chars().all(|c| c.is_ascii_hexdigit()) => {
                Value::String(format!("#{hex}"))
            }
            number => serde_json::from_str::<Value>(number)
                .ok()
                .filter(Value::is_number)
                .ok_or_else(|| self.error(&format!("`{token}` is not a value")))?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn zipped_json_reads_back() {
        let zipped = "{ce:[[{v:5},,{}],[]],ca:[{ce:[[0,0],[0,1]],v:12,c:#0}],l:[{wp:[[0.5,0.5],[1.5,1.5]],c:CFCFCF,th:21}],o:[{te:'it\\'s',r:t,w:0.3}]}";
        let v = unzip(zipped).unwrap();
        assert_eq!(
            v,
            json!({
                "cells": [[{"value": 5}, {}, {}], []],
                "cages": [{"cells": [[0, 0], [0, 1]], "value": 12, "color": "#000000"}],
                "lines": [{"wayPoints": [[0.5, 0.5], [1.5, 1.5]], "color": "#CFCFCF", "thickness": 21}],
                "overlays": [{"text": "it's", "rounded": true, "width": 0.3}]
            })
        );
        // Plain JSON is read as it is (long names kept).
        assert_eq!(unzip(r#"{"cells":[]}"#).unwrap(), json!({"cells": []}));
        assert!(unzip("{ce:[").is_err());
    }

    #[test]
    fn links_payloads_and_short_links() {
        let data = lz_str::compress_to_base64("{ce:[[{v:1}]]}");
        let expected = Payload::Scl(json!({"cells": [[{"value": 1}]]}));
        assert_eq!(
            decode(&format!("https://sudokupad.app/scl{data}")).unwrap(),
            expected
        );
        assert_eq!(decode(&format!("ctc{data}")).unwrap(), expected);
        assert_eq!(
            decode(&format!(
                "https://sudokupad.app/?puzzleid=scl{data}&setting-x=1"
            ))
            .unwrap(),
            expected
        );
        assert!(is_payload(&format!("scl{data}")) && !is_payload("sclx"));
        let fp = lz_str::compress_to_base64(r#"{"size":4}"#);
        assert_eq!(
            decode(&format!("https://sudokupad.app/fpuzzles{fp}")).unwrap(),
            Payload::Fpuzzles(r#"{"size":4}"#.into())
        );
        let short = decode("https://sudokupad.app/wsj7iunsg6")
            .unwrap_err()
            .to_string();
        assert!(
            short.contains("`wsj7iunsg6` holds no puzzle data"),
            "{short}"
        );
    }
}

//! The head every per-puzzle record shares, and the writer that puts a
//! record's JSON keys in their declared order.
#![allow(missing_docs)]

use serde::ser::{Serialize, SerializeMap, Serializer};

use super::{AboutRecord, Origin, VERSION, rules_of};

/// What every per-puzzle record says besides its own findings: where the
/// puzzle came from, how it ended, the build and the rules in force.
#[derive(Clone, Debug)]
pub struct Head {
    /// The line in its file, from 1.
    pub line: u64,
    /// The puzzle as read.
    pub puzzle: String,
    /// How it ended; each record names its own statuses (`invalid` until
    /// the puzzle is worked on).
    pub status: &'static str,
    /// Why the puzzle was not worked on, or why its search stopped.
    pub error: Option<String>,
    /// The kind of `error`, to count errors by (not printed).
    pub error_kind: Option<&'static str>,
    /// The file it was read from.
    pub file: String,
    /// This build's version.
    pub version: &'static str,
    /// The rules in force when they are not the classic ones: `jigsaw`
    /// and the element kinds (`killer-cage`, `thermometer`, ...), each
    /// once; absent for classic puzzles.
    pub rules: Option<Vec<&'static str>>,
    /// The rules in one line with counts, for the text format only.
    pub rules_summary: Option<String>,
}

impl Head {
    /// The head of a puzzle not worked on yet (`invalid` until it is).
    pub fn new(origin: Origin) -> Head {
        Head {
            line: origin.line,
            puzzle: origin.puzzle,
            status: "invalid",
            error: None,
            error_kind: None,
            file: origin.file,
            version: VERSION,
            rules: None,
            rules_summary: None,
        }
    }

    /// Notes the rules of the grid the puzzle was worked on with.
    pub fn set_rules(&mut self, sudoku: &sudoku::Sudoku) {
        (self.rules, self.rules_summary) = rules_of(sudoku);
    }

    /// Whether the puzzle was invalid: the kind of error (to count errors
    /// by) and the message.
    pub fn invalid_error(&self) -> Option<(&'static str, &str)> {
        (self.status == "invalid").then(|| {
            (
                self.error_kind.unwrap_or("invalid"),
                self.error.as_deref().unwrap_or("invalid"),
            )
        })
    }

    /// When the puzzle was invalid: `file:line: message`, as an error
    /// names it.
    pub fn invalid_located(&self) -> Option<String> {
        let (_, message) = self.invalid_error()?;
        Some(format!("{}:{}: {message}", self.file, self.line))
    }
}

/// A record with a [`Head`].
pub trait Headed: Sized {
    fn head_mut(&mut self) -> &mut Head;

    /// The record of a puzzle that could not be worked on: why (`kind`, to
    /// count errors by, and the message).
    fn invalid(mut self, kind: &'static str, message: String) -> Self {
        let head = self.head_mut();
        head.error = Some(message);
        head.error_kind = Some(kind);
        self
    }
}

/// Implements [`Headed`] for a record whose head is its field `head`.
macro_rules! headed {
    ($record:ty) => {
        impl $crate::records::Headed for $record {
            fn head_mut(&mut self) -> &mut $crate::records::Head {
                &mut self.head
            }
        }
    };
}
pub(crate) use headed;

/// Writes a record's JSON object one key at a time, in the order the
/// record declares (the contract's order): the head's keys where the
/// record puts them, its own between them.
pub struct Keys<'a, M> {
    map: M,
    head: &'a Head,
}

impl<'a, M: SerializeMap> Keys<'a, M> {
    /// Opens the object and writes `line`, `puzzle` and `status`.
    pub fn start<S>(serializer: S, head: &'a Head) -> Result<Self, S::Error>
    where
        S: Serializer<SerializeMap = M, Error = M::Error>,
    {
        let mut keys = Keys {
            map: serializer.serialize_map(None)?,
            head,
        };
        keys.key("line", &head.line)?;
        keys.key("puzzle", &head.puzzle)?;
        keys.key("status", head.status)?;
        Ok(keys)
    }

    /// One key.
    pub fn key<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<&mut Self, M::Error> {
        self.map.serialize_entry(key, value)?;
        Ok(self)
    }

    /// One key, left out when `value` is `None`.
    pub fn present<T: Serialize>(
        &mut self,
        key: &'static str,
        value: &Option<T>,
    ) -> Result<&mut Self, M::Error> {
        match value {
            Some(v) => self.key(key, v),
            None => Ok(self),
        }
    }

    /// `error` (null when there is none).
    pub fn error(&mut self) -> Result<&mut Self, M::Error> {
        let head = self.head;
        self.key("error", &head.error)
    }

    /// `file`.
    pub fn file(&mut self) -> Result<&mut Self, M::Error> {
        let head = self.head;
        self.key("file", &head.file)
    }

    /// `version`, then `rules` when they are not the classic ones.
    pub fn version_and_rules(&mut self) -> Result<&mut Self, M::Error> {
        let head = self.head;
        self.key("version", head.version)?;
        self.present("rules", &head.rules)
    }

    /// What the puzzle's file says about itself, each key present only
    /// when it says something.
    pub fn about(&mut self, about: &AboutRecord) -> Result<&mut Self, M::Error> {
        self.present("title", &about.title)?;
        self.present("author", &about.author)?;
        self.present("rules_text", &about.rules_text)?;
        self.present("recorded_solution", &about.recorded_solution)
    }

    /// Closes the object.
    pub fn end(self) -> Result<M::Ok, M::Error> {
        self.map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Example {
        head: Head,
        mine: u32,
        maybe: Option<u32>,
    }

    impl Serialize for Example {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut k = Keys::start(s, &self.head)?;
            k.key("mine", &self.mine)?.error()?;
            k.present("maybe", &self.maybe)?
                .file()?
                .version_and_rules()?;
            k.end()
        }
    }

    #[test]
    fn keys_come_in_the_declared_order_and_absent_ones_are_left_out() {
        let origin = Origin {
            file: "a.txt".into(),
            line: 3,
            puzzle: "1.".into(),
        };
        let mut example = Example {
            head: Head::new(origin),
            mine: 7,
            maybe: None,
        };
        let json = serde_json::to_string(&example).unwrap();
        assert_eq!(
            json,
            format!(
                r#"{{"line":3,"puzzle":"1.","status":"invalid","mine":7,"error":null,"file":"a.txt","version":"{VERSION}"}}"#
            )
        );
        example.maybe = Some(1);
        example.head.rules = Some(vec!["jigsaw"]);
        example.head.error = Some("bad".into());
        let json = serde_json::to_string(&example).unwrap();
        assert!(json.contains(r#""error":"bad","maybe":1,"file""#), "{json}");
        assert!(json.ends_with(r#","rules":["jigsaw"]}"#), "{json}");
        assert_eq!(example.head.invalid_error(), Some(("invalid", "bad")));
        let located = example.head.invalid_located();
        assert_eq!(located.as_deref(), Some("a.txt:3: bad"));
        example.head.status = "solved";
        assert_eq!(example.head.invalid_located(), None);
    }
}

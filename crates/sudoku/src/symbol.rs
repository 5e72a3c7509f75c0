//! Digits as characters: by default `1`-`9`, then `A`-`Z`, with `.`, `0` or
//! `_` for empty; other alphabets (`0-F` for hexadecimal 16x16) through
//! [`Symbols`].

use std::fmt;

/// The largest side: 9 digits and 26 letters.
pub const MAX_SIDE: usize = 35;

/// What a character of a puzzle line stands for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Symbol {
    Empty,
    Digit(u8),
    Invalid,
}

/// Reads one character in the default alphabet: `.`, `0`, `_` are empty;
/// `1`-`9` are 1-9; `A`-`Z` (either case) are 10-35.
pub(crate) fn read(c: char) -> Symbol {
    match c {
        '.' | '0' | '_' => Symbol::Empty,
        '1'..='9' => Symbol::Digit(c as u8 - b'0'),
        'a'..='z' => Symbol::Digit(c as u8 - b'a' + 10),
        'A'..='Z' => Symbol::Digit(c as u8 - b'A' + 10),
        _ => Symbol::Invalid,
    }
}

/// The character of digit `d` (1-35) in the default alphabet; `.` for 0
/// (empty).
pub fn digit_char(d: u8) -> char {
    match d {
        0 => '.',
        1..=9 => (b'0' + d) as char,
        _ => (b'A' + d - 10) as char,
    }
}

/// The default alphabet's digits, in order.
const DEFAULT_DIGITS: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// An alphabet of digits: the characters of 1, 2, 3, ... in order (letters
/// in either case). `.` and `_` are empty cells, and so is `0` when it is
/// not a digit. Written as ranges and single characters: `1-9A-Z` (the
/// default), `0-F` (hexadecimal 16x16: `0` is the digit 1, `F` the digit
/// 16), `A-Y` (letters for 25x25), `123456789`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Symbols {
    digits: Vec<char>,
}

/// An alphabet that cannot be read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("invalid symbols `{spec}`: {why} (examples: 1-9A-G, 0-F, A-Y)")]
pub struct SymbolsError {
    spec: String,
    why: String,
}

impl Default for Symbols {
    fn default() -> Symbols {
        Symbols {
            digits: DEFAULT_DIGITS.chars().collect(),
        }
    }
}

impl Symbols {
    /// Hexadecimal digits `0-F` for 16x16.
    pub fn hex() -> Symbols {
        Symbols::parse("0-F").expect("a valid alphabet")
    }

    /// Reads an alphabet: ranges (`1-9`, `A-G`) and single characters, in
    /// digit order.
    pub fn parse(spec: &str) -> Result<Symbols, SymbolsError> {
        let fail = |why: String| SymbolsError {
            spec: spec.to_string(),
            why,
        };
        let not_a_digit = |bad: char| {
            fail(format!(
                "{bad:?} cannot be a digit (letters and digits only)"
            ))
        };
        let chars: Vec<char> = spec.trim().chars().collect();
        let mut digits: Vec<char> = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            let a = chars[i].to_ascii_uppercase();
            if i + 2 < chars.len() && chars[i + 1] == '-' {
                let b = chars[i + 2].to_ascii_uppercase();
                // Ends outside ASCII would make the range huge (`\0-\u{10FFFF}`
                // is a million characters): refuse them before spelling it out.
                if let Some(bad) = [a, b].into_iter().find(|c| !c.is_ascii_alphanumeric()) {
                    return Err(not_a_digit(bad));
                }
                if b < a {
                    return Err(fail(format!("the range {a}-{b} runs backwards")));
                }
                // A range from a digit to a letter (`0-F`) runs through
                // `9` then from `A`.
                if a.is_ascii_digit() && b.is_ascii_uppercase() {
                    digits.extend(a..='9');
                    digits.extend('A'..=b);
                } else {
                    digits.extend(a..=b);
                }
                i += 3;
            } else {
                digits.push(a);
                i += 1;
            }
        }
        if let Some(&bad) = digits
            .iter()
            .find(|c| !c.is_ascii_alphanumeric() || **c == '_')
        {
            return Err(not_a_digit(bad));
        }
        if digits.len() < 4 {
            return Err(fail(format!("{} symbols, at least 4 needed", digits.len())));
        }
        if digits.len() > MAX_SIDE {
            return Err(fail(format!(
                "{} symbols, at most {MAX_SIDE}",
                digits.len()
            )));
        }
        for (k, c) in digits.iter().enumerate() {
            if digits[..k].contains(c) {
                return Err(fail(format!("{c:?} appears twice")));
            }
        }
        Ok(Symbols { digits })
    }

    /// Whether this is the default alphabet.
    pub fn is_default(&self) -> bool {
        self.digits.iter().copied().eq(DEFAULT_DIGITS.chars())
    }

    /// What a character stands for.
    pub(crate) fn read(&self, c: char) -> Symbol {
        let up = c.to_ascii_uppercase();
        match self.digits.iter().position(|&d| d == up) {
            Some(i) => Symbol::Digit(i as u8 + 1),
            None if c == '.' || c == '_' || c == '0' => Symbol::Empty,
            None => Symbol::Invalid,
        }
    }

    /// The character of digit `d` (from 1); `.` for 0 (empty).
    pub fn char_of(&self, d: u8) -> char {
        match d {
            0 => '.',
            _ => self.digits[d as usize - 1],
        }
    }

    /// The digits of a grid of side `side`, as a range (`1-9`, `0-F`, ...),
    /// or listed if they do not run consecutively.
    pub fn range(&self, side: usize) -> String {
        let used = &self.digits[..side.min(self.digits.len())];
        let mut parts: Vec<String> = Vec::new();
        let mut start = 0;
        for k in 1..=used.len() {
            if k == used.len() || used[k] as u32 != used[k - 1] as u32 + 1 {
                parts.push(match k - start {
                    1 => used[start].to_string(),
                    _ => format!("{}-{}", used[start], used[k - 1]),
                });
                start = k;
            }
        }
        parts.join("")
    }

    /// The characters for empty cells, in words.
    pub(crate) fn empty_marks(&self) -> &'static str {
        if self.digits.contains(&'0') {
            ". _"
        } else {
            ". 0 _"
        }
    }
}

impl fmt::Display for Symbols {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.range(self.digits.len()))
    }
}

impl std::str::FromStr for Symbols {
    type Err = SymbolsError;
    fn from_str(s: &str) -> Result<Symbols, SymbolsError> {
        Symbols::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        for d in 1..=MAX_SIDE as u8 {
            assert_eq!(read(digit_char(d)), Symbol::Digit(d));
        }
        assert_eq!(read('g'), Symbol::Digit(16));
        assert_eq!(read('_'), Symbol::Empty);
        assert_eq!(read('#'), Symbol::Invalid);
        assert_eq!(digit_char(0), '.');
    }

    #[test]
    fn the_default_alphabet_reads_as_read_does() {
        let s = Symbols::default();
        for c in ['.', '0', '_', '1', '9', 'a', 'Z', '#', ' '] {
            assert_eq!(s.read(c), read(c), "{c:?}");
        }
        assert_eq!(s.to_string(), "1-9A-Z");
        assert_eq!(s.range(9), "1-9");
        assert_eq!(s.range(16), "1-9A-G");
    }

    #[test]
    fn hexadecimal_and_letters() {
        let hex = Symbols::hex();
        assert_eq!(hex.read('0'), Symbol::Digit(1));
        assert_eq!(hex.read('f'), Symbol::Digit(16));
        assert_eq!(hex.read('.'), Symbol::Empty);
        assert_eq!(hex.read('G'), Symbol::Invalid);
        assert_eq!(hex.char_of(1), '0');
        assert_eq!(hex.range(16), "0-9A-F");
        assert_eq!(hex.empty_marks(), ". _");
        let letters = Symbols::parse("A-Y").unwrap();
        assert_eq!(letters.read('y'), Symbol::Digit(25));
        assert_eq!(letters.read('0'), Symbol::Empty);
    }

    #[test]
    fn a_range_over_all_of_unicode_is_refused_without_spelling_it_out() {
        let err = Symbols::parse("\u{0}-\u{10FFFF}").unwrap_err().to_string();
        assert!(err.contains("'\\0' cannot be a digit"), "{err}");
        let err = Symbols::parse("1-9A-\u{10FFFF}").unwrap_err().to_string();
        assert!(err.contains("'\\u{10ffff}' cannot be a digit"), "{err}");
    }

    #[test]
    fn bad_alphabets_say_why() {
        let err = |s: &str| Symbols::parse(s).unwrap_err().to_string();
        assert_eq!(
            err("F-0"),
            "invalid symbols `F-0`: the range F-0 runs backwards (examples: 1-9A-G, 0-F, A-Y)"
        );
        assert!(
            err("1-9A-F1").contains("appears twice"),
            "{}",
            err("1-9A-F1")
        );
        assert!(err("12").contains("at least 4"));
        assert!(err("1-9.").contains("'.' cannot be a digit"));
    }
}

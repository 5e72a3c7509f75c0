//! Digits as characters: `1`-`9`, then `A`-`Z`; `.`, `0` or `_` for empty.

/// The largest side: 9 digits and 26 letters.
pub const MAX_SIDE: usize = 35;

/// What a character of a puzzle line stands for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Symbol {
    Empty,
    Digit(u8),
    Invalid,
}

/// Reads one character: `.`, `0`, `_` are empty; `1`-`9` are 1-9; `A`-`Z`
/// (either case) are 10-35.
pub(crate) fn read(c: char) -> Symbol {
    match c {
        '.' | '0' | '_' => Symbol::Empty,
        '1'..='9' => Symbol::Digit(c as u8 - b'0'),
        'a'..='z' => Symbol::Digit(c as u8 - b'a' + 10),
        'A'..='Z' => Symbol::Digit(c as u8 - b'A' + 10),
        _ => Symbol::Invalid,
    }
}

/// The character of digit `d` (1-35); `.` for 0 (empty).
pub fn digit_char(d: u8) -> char {
    match d {
        0 => '.',
        1..=9 => (b'0' + d) as char,
        _ => (b'A' + d - 10) as char,
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
}

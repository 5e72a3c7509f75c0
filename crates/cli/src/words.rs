//! Counts in words for the text output: `1 backtrack`, `2 backtracks`.

/// `n` and the noun, in the singular for one: `count(1, "failure")` is
/// `1 failure`, `count(3, "failure")` is `3 failures`. The noun is given
/// in the singular and takes an `s` (`es` after an `s`: `guesses`; a
/// phrase takes it on its last word: `backtrack iterations`).
pub fn count(n: impl Into<u128>, noun: &str) -> String {
    let n = n.into();
    format!("{n} {}", self::noun(n, noun))
}

/// The noun alone, singular for one: `noun(1, "puzzle")` is `puzzle`.
pub fn noun(n: impl Into<u128>, noun: &str) -> String {
    if n.into() == 1 {
        noun.to_string()
    } else if noun.ends_with('s') {
        format!("{noun}es")
    } else {
        format!("{noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(count(1u64, "backtrack"), "1 backtrack");
        assert_eq!(count(0u64, "backtrack"), "0 backtracks");
        assert_eq!(count(2u64, "backtrack iteration"), "2 backtrack iterations");
        assert_eq!(count(1u64, "backtrack iteration"), "1 backtrack iteration");
        assert_eq!(noun(1u64, "solution"), "solution");
        assert_eq!(noun(8u64, "move"), "moves");
        assert_eq!(count(2u64, "guess"), "2 guesses");
        assert_eq!(count(1u64, "guess"), "1 guess");
    }
}

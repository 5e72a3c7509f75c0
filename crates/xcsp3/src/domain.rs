//! Integer domains as XCSP3 writes them: `0..7`, `1 3 5`, `-2..2 9`.

use crate::XcspError;

/// The most values a list of values (a set, a `<values>` element) may
/// expand to.
const MAX_EXPANDED: u64 = 1 << 20;

/// The most values a variable's domain may hold: those of a csp-core wide
/// variable, `0..2^32 - 1` shifted.
pub const MAX_DOMAIN_VALUES: u64 = csp_core::MAX_WIDE_VALUES as u64;

/// A variable's values as intervals: sorted, disjoint, none touching the
/// next (`0..3 7` is `[(0, 3), (7, 7)]`), so that a range of a billion
/// values costs two numbers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Domain {
    intervals: Vec<(i64, i64)>,
}

impl Domain {
    /// The values of `values` (any order, repeats allowed).
    pub fn of_values(values: &[i64]) -> Domain {
        let mut sorted = values.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        Domain::of_intervals(sorted.into_iter().map(|v| (v, v)).collect())
    }

    /// The values `lo..=hi` (none if `hi < lo`).
    pub fn interval(lo: i64, hi: i64) -> Domain {
        Domain::of_intervals(if lo <= hi { vec![(lo, hi)] } else { Vec::new() })
    }

    /// The union of `intervals` (each `lo <= hi`), merged.
    pub(crate) fn of_intervals(mut intervals: Vec<(i64, i64)>) -> Domain {
        intervals.sort_unstable();
        let mut merged: Vec<(i64, i64)> = Vec::with_capacity(intervals.len());
        for (lo, hi) in intervals {
            match merged.last_mut() {
                Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
                _ => merged.push((lo, hi)),
            }
        }
        Domain { intervals: merged }
    }

    /// How many values it holds.
    pub fn len(&self) -> u64 {
        (self.intervals.iter())
            .map(|&(lo, hi)| u64::try_from(hi as i128 - lo as i128 + 1).unwrap_or(u64::MAX))
            .fold(0u64, u64::saturating_add)
    }

    /// Whether it holds no value.
    pub fn is_empty(&self) -> bool {
        self.intervals.is_empty()
    }

    /// Its smallest value.
    pub fn min(&self) -> Option<i64> {
        self.intervals.first().map(|i| i.0)
    }

    /// Its largest value.
    pub fn max(&self) -> Option<i64> {
        self.intervals.last().map(|i| i.1)
    }

    /// How many integers lie between its smallest and largest values,
    /// both counted (0 when empty).
    pub fn span(&self) -> u64 {
        match (self.min(), self.max()) {
            (Some(lo), Some(hi)) => u64::try_from(hi as i128 - lo as i128 + 1).unwrap_or(u64::MAX),
            _ => 0,
        }
    }

    /// Whether `value` is one of its values.
    pub fn contains(&self, value: i64) -> bool {
        let k = self.intervals.partition_point(|&(_, hi)| hi < value);
        self.intervals.get(k).is_some_and(|&(lo, _)| lo <= value)
    }

    /// Its intervals, in increasing order.
    pub fn intervals(&self) -> &[(i64, i64)] {
        &self.intervals
    }

    /// Its values, in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = i64> + '_ {
        self.intervals.iter().flat_map(|&(lo, hi)| lo..=hi)
    }
}

/// The domain a text gives (`0..7`, `1 3 5`, `-2..2 9`): refused past
/// [`MAX_DOMAIN_VALUES`] values.
pub(crate) fn parse_domain(text: &str, line: u32) -> Result<Domain, XcspError> {
    let mut intervals = Vec::new();
    for token in text.split_whitespace() {
        let (lo, hi) = match token.split_once("..") {
            Some((a, b)) => (integer(a, line)?, integer(b, line)?),
            None => {
                let v = integer(token, line)?;
                (v, v)
            }
        };
        if hi >= lo {
            intervals.push((lo, hi));
        }
    }
    let domain = Domain::of_intervals(intervals);
    if domain.len() > MAX_DOMAIN_VALUES {
        return Err(XcspError::unsupported(
            line,
            format!("a domain of {} values", domain.len()),
            &format!("more values than a domain can hold ({MAX_DOMAIN_VALUES})"),
        ));
    }
    Ok(domain)
}

/// The values of a list's text (a set, `<values>`), sorted, without
/// repeats: refused past 2^20 values.
pub(crate) fn parse_values(text: &str, line: u32) -> Result<Vec<i64>, XcspError> {
    let domain = parse_domain(text, line)?;
    if domain.len() > MAX_EXPANDED {
        return Err(XcspError::unsupported(
            line,
            format!("a list of {} values", domain.len()),
            &format!("a list of values holds at most {MAX_EXPANDED}"),
        ));
    }
    Ok(domain.iter().collect())
}

/// An integer (`-3`, `+infinity` is refused).
pub(crate) fn integer(text: &str, line: u32) -> Result<i64, XcspError> {
    text.trim()
        .parse()
        .map_err(|_| XcspError::invalid(line, format!("`{text}` is not an integer")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_and_values_merge_in_order() {
        assert_eq!(
            parse_values(" 3 0..2  9 -1 ", 1).unwrap(),
            [-1, 0, 1, 2, 3, 9]
        );
        assert_eq!(parse_values("", 1).unwrap(), Vec::<i64>::new());
        assert!(
            parse_values("1..x", 4)
                .unwrap_err()
                .to_string()
                .starts_with("line 4:")
        );
        assert!(parse_values("0..100000000", 2).is_err());
    }

    #[test]
    fn a_domain_is_intervals() {
        let d = parse_domain("5..9 0..2000000000 3 -4 -3", 1).unwrap();
        assert_eq!(d.intervals(), [(-4, -3), (0, 2_000_000_000)]);
        assert_eq!((d.len(), d.span()), (2_000_000_003, 2_000_000_005));
        assert!(d.contains(-3) && !d.contains(-2) && d.contains(77) && !d.contains(2_000_000_001));
        assert_eq!(
            Domain::of_values(&[3, 1, 2, 9]).intervals(),
            [(1, 3), (9, 9)]
        );
        assert_eq!(parse_domain("4..2", 1).unwrap().len(), 0);
        let err = parse_domain("0..4294967295", 7).unwrap_err().to_string();
        assert!(err.starts_with("line 7:"), "{err}");
        assert!(parse_domain("0..4294967294", 7).is_ok());
        let all = parse_domain("-9223372036854775808..9223372036854775807", 1);
        assert!(all.is_err());
    }
}

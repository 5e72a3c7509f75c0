//! Integer domains as XCSP3 writes them: `0..7`, `1 3 5`, `-2..2 9`.

use crate::XcspError;

/// The most values a list or range may expand to (a larger domain cannot
/// be searched anyway: csp-core's domains hold 64 values).
const MAX_EXPANDED: i64 = 1 << 20;

/// The values of a domain's text, sorted, without repeats.
pub(crate) fn parse_values(text: &str, line: u32) -> Result<Vec<i64>, XcspError> {
    let mut values = Vec::new();
    for token in text.split_whitespace() {
        values.extend(parse_token(token, line)?);
    }
    values.sort_unstable();
    values.dedup();
    Ok(values)
}

/// One value or range `a..b`.
fn parse_token(token: &str, line: u32) -> Result<Vec<i64>, XcspError> {
    if let Some((a, b)) = token.split_once("..") {
        let (a, b) = (integer(a, line)?, integer(b, line)?);
        if b.saturating_sub(a) >= MAX_EXPANDED {
            return Err(XcspError::unsupported(
                line,
                format!("the range {token}"),
                "more values than a domain can hold",
            ));
        }
        return Ok((a..=b).collect());
    }
    Ok(vec![integer(token, line)?])
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
}

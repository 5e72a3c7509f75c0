//! How a front end names the options of a strategy in its errors.

/// How a front end names the options of
/// [`Overrides`](super::Overrides), so that an error names the one its
/// caller wrote: `--max-placements` on the command line,
/// `max_placements=` in Python, `"max_placements"` in a JSON request.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Spelling {
    /// Command-line flags: `--max-placements`.
    #[default]
    Flags,
    /// Keyword arguments: `max_placements=`.
    Keywords,
    /// JSON fields: `"max_placements"`.
    Fields,
}

impl Spelling {
    /// The option `key` (`max_placements`) as the caller writes it.
    pub fn option(self, key: &str) -> String {
        match self {
            Spelling::Flags => format!("--{}", key.replace('_', "-")),
            Spelling::Keywords => format!("{key}="),
            Spelling::Fields => format!("\"{key}\""),
        }
    }

    /// The option `key` set to `value` (`--engine bitboard`,
    /// `engine="bitboard"`, `"engine": "bitboard"`; `size=7`).
    pub fn setting(self, key: &str, value: &str) -> String {
        // Numbers are written bare, anything else as a string.
        let quoted = match value.parse::<f64>() {
            Ok(_) => value.to_string(),
            Err(_) => format!("\"{value}\""),
        };
        match self {
            Spelling::Flags => format!("--{} {value}", key.replace('_', "-")),
            Spelling::Keywords => format!("{key}={quoted}"),
            Spelling::Fields => format!("\"{key}\": {quoted}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_front_end_writes_an_option_its_way() {
        let all = [Spelling::Flags, Spelling::Keywords, Spelling::Fields];
        let options: Vec<String> = all.iter().map(|s| s.option("max_placements")).collect();
        assert_eq!(
            options,
            ["--max-placements", "max_placements=", "\"max_placements\""]
        );
        let engines: Vec<String> = all
            .iter()
            .map(|s| s.setting("engine", "bitboard"))
            .collect();
        assert_eq!(
            engines,
            [
                "--engine bitboard",
                "engine=\"bitboard\"",
                "\"engine\": \"bitboard\""
            ]
        );
        assert_eq!(Spelling::Keywords.setting("size", "7"), "size=7");
    }
}

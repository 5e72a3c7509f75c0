//! Colours as SudokuPad writes them (`#cfcfcf`, `#cccf`, `#2ecbffff`,
//! `#46386c45`): parsed, told grey or not, and named by the words a rules
//! text uses for them ("the blue line", "pink lines").

/// A colour: red, green, blue and opacity, 0-255 each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Colour {
    pub r: u8,
    pub g: u8,
    pub b: u8,
    pub a: u8,
}

/// The colour words a rules text names lines by, each with the hues (in
/// degrees, from red through green to blue) it covers. Greys are named by
/// [`GREY_WORDS`].
const HUE_WORDS: &[(&str, f64, f64)] = &[
    ("red", 345.0, 15.0),
    ("orange", 15.0, 45.0),
    ("brown", 15.0, 45.0),
    ("yellow", 45.0, 70.0),
    ("gold", 40.0, 60.0),
    ("green", 70.0, 165.0),
    ("lime", 70.0, 110.0),
    ("teal", 165.0, 195.0),
    ("turquoise", 160.0, 195.0),
    ("cyan", 170.0, 200.0),
    ("aqua", 170.0, 200.0),
    ("blue", 185.0, 255.0),
    ("navy", 215.0, 255.0),
    ("purple", 255.0, 310.0),
    ("violet", 255.0, 310.0),
    ("lavender", 245.0, 300.0),
    ("lilac", 255.0, 300.0),
    ("indigo", 245.0, 280.0),
    ("magenta", 285.0, 330.0),
    ("pink", 285.0, 350.0),
];

/// The words a rules text names grey lines by.
const GREY_WORDS: &[&str] = &["grey", "gray", "silver"];

impl Colour {
    /// Reads `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (case-insensitive).
    pub fn parse(text: &str) -> Option<Colour> {
        let hex = text.trim().strip_prefix('#')?;
        let digit = |i: usize| u8::from_str_radix(hex.get(i..i + 1)?, 16).ok();
        let pair = |i: usize| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok();
        let (r, g, b, a) = match hex.len() {
            3 | 4 => (
                digit(0)? * 17,
                digit(1)? * 17,
                digit(2)? * 17,
                if hex.len() == 4 { digit(3)? * 17 } else { 255 },
            ),
            6 | 8 => (
                pair(0)?,
                pair(2)?,
                pair(4)?,
                if hex.len() == 8 { pair(6)? } else { 255 },
            ),
            _ => return None,
        };
        Some(Colour { r, g, b, a })
    }

    /// The colour as seen on the white page: a translucent colour blended
    /// with white (`#46386c45` is a light grey).
    pub fn visible(self) -> Colour {
        let blend = |c: u8| {
            let (c, a) = (u32::from(c), u32::from(self.a));
            ((c * a + 255 * (255 - a) + 127) / 255) as u8
        };
        Colour {
            r: blend(self.r),
            g: blend(self.g),
            b: blend(self.b),
            a: 255,
        }
    }

    /// Whether two colours look the same (each channel within 8, as seen).
    pub fn same_as(self, other: Colour) -> bool {
        let (a, b) = (self.visible(), other.visible());
        a.r.abs_diff(b.r) <= 8 && a.g.abs_diff(b.g) <= 8 && a.b.abs_diff(b.b) <= 8
    }

    fn spread(self) -> u8 {
        let c = self.visible();
        let (hi, lo) = (c.r.max(c.g).max(c.b), c.r.min(c.g).min(c.b));
        hi - lo
    }

    /// A grey: red, green and blue within 24 of each other, neither near
    /// black nor white (thermometers, palindromes, arrows are drawn so).
    pub fn is_grey(self) -> bool {
        let c = self.visible();
        let level = c.r.max(c.g).max(c.b);
        self.spread() <= 24 && (40..=245).contains(&level)
    }

    /// The hue in degrees (0 red, 120 green, 240 blue), for colours that
    /// are not grey, black or white.
    fn hue(self) -> Option<f64> {
        if self.spread() <= 24 {
            return None;
        }
        let c = self.visible();
        let (r, g, b) = (
            f64::from(c.r) / 255.0,
            f64::from(c.g) / 255.0,
            f64::from(c.b) / 255.0,
        );
        let (hi, lo) = (r.max(g).max(b), r.min(g).min(b));
        let d = hi - lo;
        let h = if hi == r {
            60.0 * ((g - b) / d).rem_euclid(6.0)
        } else if hi == g {
            60.0 * ((b - r) / d + 2.0)
        } else {
            60.0 * ((r - g) / d + 4.0)
        };
        Some(h)
    }

    /// Whether a rules text's colour word (`blue`, `pink`, `grey`) names
    /// this colour.
    pub fn is_named(self, word: &str) -> bool {
        if GREY_WORDS.contains(&word) {
            return self.spread() <= 24;
        }
        let Some(h) = self.hue() else { return false };
        HUE_WORDS.iter().any(|&(w, from, to)| {
            w == word
                && if from <= to {
                    (from..=to).contains(&h)
                } else {
                    h >= from || h <= to
                }
        })
    }
}

/// Every colour word a rules text may name a line by.
pub fn colour_words() -> impl Iterator<Item = &'static str> {
    (HUE_WORDS.iter().map(|&(w, _, _)| w)).chain(GREY_WORDS.iter().copied())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_four_forms() {
        let c = |t| Colour::parse(t).unwrap();
        assert_eq!(
            c("#cccf"),
            Colour {
                r: 204,
                g: 204,
                b: 204,
                a: 255
            }
        );
        assert_eq!(
            c("#CFCFCF"),
            Colour {
                r: 207,
                g: 207,
                b: 207,
                a: 255
            }
        );
        assert_eq!(
            c("#2ecbffff"),
            Colour {
                r: 46,
                g: 203,
                b: 255,
                a: 255
            }
        );
        assert_eq!(c("#46386c45").a, 0x45);
        assert_eq!(c("#aaa").r, 170);
        assert_eq!(Colour::parse("grey"), None);
        assert_eq!(Colour::parse("#12345"), None);
    }

    #[test]
    fn greys_and_names() {
        let c = |t| Colour::parse(t).unwrap();
        assert!(c("#cccf").is_grey() && c("#a1a1a1").is_grey() && c("#aaaf").is_grey());
        assert!(!c("#000000").is_grey() && !c("#ffffff").is_grey());
        assert!(!c("#67f067").is_grey());
        // A translucent dark blue is a light grey on the page.
        assert!(c("#46386c45").is_grey() && c("#46386c45").is_named("grey"));
        assert!(c("#2ecbffff").same_as(c("#2ECBFF")) && !c("#2ecbff").same_as(c("#67f067")));
        // SudokuPad's standard line colours, named as rules texts name them.
        assert!(c("#67f067").is_named("green"));
        assert!(c("#f067f0").is_named("pink") && c("#f067f0").is_named("purple"));
        assert!(c("#D23BE7").is_named("pink") && c("#D23BE7").is_named("purple"));
        assert!(c("#2ecbff").is_named("blue") && !c("#2ecbff").is_named("green"));
        assert!(c("#CDB1EC").is_named("lavender"));
        assert!(c("#cccf").is_named("grey") && c("#cccf").is_named("gray"));
        assert!(!c("#cccf").is_named("blue"));
        assert!(c("#ff0000").is_named("red") && c("#fb0004").is_named("red"));
        assert!(c("#f8c67a").is_named("orange"));
    }
}

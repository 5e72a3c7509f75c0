//! What a SudokuPad puzzle's rules text says its coloured lines are.
//!
//! Setters draw line rules with SudokuPad's pen in any colour and say in
//! the rules which colour is which ("Digits on pink ('renban') lines ...",
//! "Box borders divide the blue line into segments ..."). A line is read
//! as a rule when one sentence of the text names its colour and exactly
//! one line rule; failing that, when it has the rule's standard colour
//! and the text names that rule; failing that, when the text names one
//! line rule only and every line left unread has one colour. Anything
//! else stays unread, and the puzzle is refused naming the line.
//!
//! The text also says "All possible dots are given" (the negative rules of
//! kropki dots and XV), which no shape draws.

use super::colour::{Colour, colour_words};

/// One line rule as rules texts name it.
struct LineWords {
    /// The f-puzzles key its lines are written under.
    key: &'static str,
    /// Words or phrases that name it (lower case).
    phrases: &'static [&'static str],
    /// The colour SudokuPad's and f-puzzles' tools draw it in, if any.
    standard: Option<&'static str>,
}

/// The line rules a rules text can name, with the phrases that name them.
const LINE_RULES: &[LineWords] = &[
    LineWords {
        key: "renban",
        phrases: &[
            "renban",
            "consecutive, non-repeating",
            "consecutive non-repeating",
            "set of consecutive",
        ],
        standard: Some("#f067f0"),
    },
    LineWords {
        key: "whispers",
        phrases: &["whisper", "differ by at least"],
        standard: Some("#67f067"),
    },
    LineWords {
        key: "regionsumline",
        phrases: &[
            "region sum",
            "region-sum",
            "into segments",
            "same total in each",
            "same sum in each",
        ],
        standard: Some("#2ecbff"),
    },
    LineWords {
        key: "palindrome",
        phrases: &["palindrome", "read the same"],
        standard: None,
    },
    LineWords {
        key: "zipperline",
        phrases: &["zipper"],
        standard: None,
    },
    LineWords {
        key: "entropicline",
        phrases: &["entropic"],
        standard: None,
    },
    LineWords {
        key: "modularline",
        phrases: &["modular"],
        standard: None,
    },
    LineWords {
        key: "nabner",
        phrases: &["nabner"],
        standard: None,
    },
    LineWords {
        key: "lockout",
        phrases: &["lockout"],
        standard: None,
    },
];

/// A line rule read from the text: its f-puzzles key and, for whispers,
/// the least difference the text gives ("differ by at least 4").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineMeaning {
    pub key: &'static str,
    pub gap: Option<u32>,
}

/// One sentence of the rules text: the line rules and colours it names.
struct Sentence {
    rules: Vec<usize>,
    colours: Vec<&'static str>,
    gap: Option<u32>,
}

/// The rules text, read for what it says of lines and dots.
pub struct RulesText {
    sentences: Vec<Sentence>,
    /// Every line rule the text names, in [`LINE_RULES`] order.
    named: Vec<usize>,
    /// The negative rules the text states (`ratio`, `difference`, `xv`).
    pub negatives: Vec<&'static str>,
    /// What the text states that no rule of this tool says.
    pub unread: Vec<String>,
    /// What numbers outside the grid are, as the text names the rule: the
    /// f-puzzles key `sandwichsum`, `xsum` or `skyscraper`.
    pub outside: Option<&'static str>,
    /// The global chess rules the text states (`antiknight`, `antiking`):
    /// "Cells a knight's move apart cannot contain the same digit".
    pub globals: Vec<&'static str>,
}

/// The chess moves a rules text forbids repeats across, and their
/// f-puzzles flags.
const CHESS: &[(&str, &str)] = &[("knight", "antiknight"), ("king", "antiking")];

fn words(text: &str) -> Vec<&str> {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect()
}

/// The number after "at least" in a sentence, if any.
fn least(text: &str) -> Option<u32> {
    let rest = &text[text.find("at least")? + "at least".len()..];
    words(rest).first()?.parse().ok()
}

impl RulesText {
    /// Reads a rules text (any case; sentences end at full stops and line
    /// breaks).
    pub fn read(text: &str) -> RulesText {
        // Abbreviations keep their sentence whole ("a knight's move apart
        // (i.e. two steps ...) cannot ...").
        let lower = (text.to_lowercase())
            .replace("i.e.", "ie")
            .replace("e.g.", "eg");
        let mut sentences = Vec::new();
        let mut negatives = Vec::new();
        let mut unread = Vec::new();
        let mut globals = Vec::new();
        // The kinds of dots the rules speak of.
        let dot_words = |ws: &[&str], colour: &str| {
            ws.contains(&colour) && ws.iter().any(|w| w.starts_with("dot"))
        };
        // Each sentence with its words.
        let all: Vec<(&str, Vec<&str>)> = (lower.split(['\n', '.', ';']))
            .map(|s| (s, words(s)))
            .collect();
        let white = all.iter().any(|(_, ws)| dot_words(ws, "white"));
        let black = all.iter().any(|(_, ws)| dot_words(ws, "black"));
        let mut previous: Vec<&str> = Vec::new();
        for (s, ws) in all {
            let rules: Vec<usize> = (0..LINE_RULES.len())
                .filter(|&i| LINE_RULES[i].phrases.iter().any(|p| s.contains(p)))
                .collect();
            let colours: Vec<&'static str> = colour_words().filter(|w| ws.contains(w)).collect();
            let gap = if s.contains("german whisper") {
                Some(5)
            } else if s.contains("dutch whisper") {
                Some(4)
            } else {
                least(s)
            };
            // "All possible dots are given", "All such pairs are given":
            // of what this sentence or the one before it names.
            let all_given = ws.contains(&"all")
                && !ws.contains(&"not")
                && ["given", "shown", "possible"]
                    .iter()
                    .any(|w| ws.contains(w));
            if all_given {
                let context: Vec<&str> = ws.iter().chain(&previous).copied().collect();
                let dots = context.iter().any(|w| w.starts_with("dot"));
                // "All white dots": those; "All dots": the kinds the rules
                // speak of (both if they name none).
                let (w, b) = match (context.contains(&"white"), context.contains(&"black")) {
                    (false, false) if white || black => (white, black),
                    (false, false) => (true, true),
                    named => named,
                };
                if dots && w {
                    negatives.push("difference");
                }
                if dots && b {
                    negatives.push("ratio");
                }
                // The XV negative covers X and V together: all X's given and
                // all V's given. One of them alone is no rule here.
                let x = ["x", "xs", "xv"].iter().any(|w| context.contains(w));
                let v = ["v", "vs", "xv"].iter().any(|w| context.contains(w));
                match (x, v) {
                    (true, true) => negatives.push("xv"),
                    (true, false) | (false, true) => unread.push(format!(
                        "the rules text's \"{}\" for {} alone (this tool's XV negative rule gives X's and V's together)",
                        s.trim(),
                        if x { "X" } else { "V" }
                    )),
                    (false, false) => {}
                }
            }
            // "Cells a knight's move apart may not contain the same digit",
            // "... cannot contain a repeated digit".
            let forbids = ["not", "cannot", "never"].iter().any(|w| ws.contains(w))
                && ["same", "repeat", "repeated", "identical"]
                    .iter()
                    .any(|w| ws.contains(w));
            for &(piece, flag) in CHESS {
                if forbids && s.contains(&format!("{piece}'s move")) {
                    globals.push(flag);
                }
            }
            if !ws.is_empty() {
                previous = ws;
            }
            sentences.push(Sentence {
                rules,
                colours,
                gap,
            });
        }
        let mut named: Vec<usize> = sentences.iter().flat_map(|s| s.rules.clone()).collect();
        named.sort_unstable();
        named.dedup();
        negatives.sort_unstable();
        negatives.dedup();
        // X-sums are named "x-sum", "x sums" or "x sum clue"; not "x sum":
        // "digits separated by an X sum to 10" is the XV rule.
        let outside = if lower.contains("sandwich") {
            Some("sandwichsum")
        } else if ["x-sum", "x sums", "x sum clue"]
            .iter()
            .any(|p| lower.contains(p))
        {
            Some("xsum")
        } else if lower.contains("skyscraper") {
            Some("skyscraper")
        } else {
            None
        };
        RulesText {
            outside,
            sentences,
            named,
            negatives,
            unread,
            globals,
        }
    }

    fn meaning(&self, rule: usize) -> LineMeaning {
        let key = LINE_RULES[rule].key;
        let gap = (key == "whispers")
            .then(|| {
                (self.sentences.iter())
                    .filter(|s| s.rules.contains(&rule))
                    .find_map(|s| s.gap)
            })
            .flatten();
        LineMeaning { key, gap }
    }

    /// What a line of this colour is, if the text says.
    pub fn line(&self, colour: Colour) -> Option<LineMeaning> {
        // A sentence naming the colour and one line rule.
        let mut by_colour: Vec<usize> = (self.sentences.iter())
            .filter(|s| s.rules.len() == 1 && s.colours.iter().any(|w| colour.is_named(w)))
            .map(|s| s.rules[0])
            .collect();
        by_colour.dedup();
        match by_colour[..] {
            [rule] => return Some(self.meaning(rule)),
            [_, _, ..] => return None,
            [] => {}
        }
        // The rule's standard colour, the rule named in the text.
        let standard = self.named.iter().copied().find(|&i| {
            (LINE_RULES[i].standard)
                .and_then(Colour::parse)
                .is_some_and(|c| c.same_as(colour))
        });
        if let Some(rule) = standard {
            return Some(self.meaning(rule));
        }
        None
    }

    /// The one line rule the text names, if it names exactly one.
    pub fn only_line_rule(&self) -> Option<LineMeaning> {
        match self.named[..] {
            [rule] => Some(self.meaning(rule)),
            _ => None,
        }
    }
}

/// What the SudokuPad reader reads in a rules text, in words: the meaning
/// of a line of each of a few colours, of a line when the text names one
/// line rule, the negative, outside and global rules it states, and what
/// it leaves unread. For people checking a puzzle's reading, and for the
/// fuzz target of the rules-text reader.
pub fn describe(text: &str) -> String {
    let read = RulesText::read(text);
    let colours = [
        "#f00",
        "#0000ff",
        "#00ff00",
        "#ffa500",
        "#808080",
        "#c060c0",
        "#FFD700cc",
    ];
    let mut out = Vec::new();
    for hex in colours {
        if let Some(colour) = Colour::parse(hex)
            && let Some(meaning) = read.line(colour)
        {
            out.push(format!("{hex} line: {meaning:?}"));
        }
    }
    if let Some(meaning) = read.only_line_rule() {
        out.push(format!("any line: {meaning:?}"));
    }
    out.push(format!("negatives: {:?}", read.negatives));
    out.push(format!("outside: {:?}", read.outside));
    out.push(format!("globals: {:?}", read.globals));
    out.push(format!("unread: {:?}", read.unread));
    out.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(t: &str) -> Colour {
        Colour::parse(t).unwrap()
    }

    #[test]
    fn a_sentence_naming_a_colour_and_a_rule_reads_that_colour() {
        let t = RulesText::read(
            "Normal sudoku rules apply.\nShell: Box borders divide the shell (blue line) into segments that add to the same sum.\nTentacles: Adjacent digits along a tentacle (green line) differ by at least 5.\nFish: The fish (pink line) consists of a set of consecutive, non-repeating digits in some order.",
        );
        assert_eq!(t.line(c("#2ecbffff")).unwrap().key, "regionsumline");
        assert_eq!(
            t.line(c("#67f067ff")),
            Some(LineMeaning {
                key: "whispers",
                gap: Some(5)
            })
        );
        assert_eq!(t.line(c("#f067f0ff")).unwrap().key, "renban");
        assert_eq!(t.line(c("#ff0000")), None);
        assert_eq!(t.only_line_rule(), None);
        assert!(t.negatives.is_empty());
    }

    #[test]
    fn chess_rules_in_words_with_an_abbreviation() {
        let t = RulesText::read(
            "ANTIKNIGHT\n- If two cells are a knight's move apart (i.e. two steps horizontally and one step vertically, or vice versa), then they cannot have the same digit.",
        );
        assert_eq!(t.globals, ["antiknight"]);
    }

    #[test]
    fn chess_rules_in_words() {
        let t = RulesText::read(
            "Normal 6x6 sudoku rules apply. Cells separated by a knight's move (in chess) cannot contain a repeated digit.",
        );
        assert_eq!(t.globals, ["antiknight"]);
        let t = RulesText::read("Cells a king's move apart may not contain the same digit.");
        assert_eq!(t.globals, ["antiking"]);
        let t = RulesText::read("A knight's move away from each 5 there is a 6.");
        assert!(t.globals.is_empty());
    }

    #[test]
    fn standard_colours_and_the_only_rule() {
        let t = RulesText::read("Digits on a renban line form a set of consecutive digits.");
        assert_eq!(t.line(c("#f067f0")).unwrap().key, "renban");
        assert_eq!(t.line(c("#67f067")), None);
        assert_eq!(t.only_line_rule().unwrap().key, "renban");
        let t = RulesText::read("Dutch whispers: adjacent digits on a line differ by 4 or more.");
        assert_eq!(
            t.line(c("#67f067")),
            Some(LineMeaning {
                key: "whispers",
                gap: Some(4)
            })
        );
        // No text, no meaning.
        let t = RulesText::read("");
        assert_eq!(t.line(c("#f067f0")), None);
        assert_eq!(t.only_line_rule(), None);
    }

    #[test]
    fn all_possible_dots_are_negative_rules() {
        let t = RulesText::read(
            "Digits joined by a white dot are consecutive. All possible dots are given.\n\nDigits joined by a V sum to 5. All such pairs are given.\n\nGrey line is a palindrome.",
        );
        // "All possible dots": the kinds the rules speak of, white only.
        assert_eq!(t.negatives, ["difference"]);
        assert_eq!(t.line(c("#cccf")).unwrap().key, "palindrome");
        // "All such pairs" of V's only: no rule of this tool.
        assert_eq!(t.unread.len(), 1, "{:?}", t.unread);
        assert!(t.unread[0].contains("for V alone"), "{:?}", t.unread);
        let t = RulesText::read(
            "Cells separated by an X sum to 10, by a V to 5. Not all X's and V's are given.",
        );
        assert!(t.negatives.is_empty() && t.unread.is_empty());
        let t = RulesText::read(
            "Cells separated by an X sum to 10, by a V to 5. All possible X's and V's are given.",
        );
        assert_eq!(t.negatives, ["xv"]);
        // "an X sum to 10" is the XV rule, not X-sums.
        assert_eq!(t.outside, None);
        let t =
            RulesText::read("X-Sums: a clue outside the grid is the sum of the first X digits.");
        assert_eq!(t.outside, Some("xsum"));
        let t = RulesText::read(
            "Clues outside the grid give the sum of the digits sandwiched between the 1 and the 9. X-sums: ...",
        );
        assert_eq!(t.outside, Some("sandwichsum"));
        let t = RulesText::read("All white dots are given.");
        assert_eq!(t.negatives, ["difference"]);
        let t = RulesText::read("Kropki: all possible dots are given.");
        assert_eq!(t.negatives, ["difference", "ratio"]);
    }
}

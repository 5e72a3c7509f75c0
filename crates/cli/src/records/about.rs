//! What a puzzle's file says about itself (title, author, rules text).
#![allow(missing_docs)]

use serde::Serialize;

/// What a puzzle's file says about itself, in a record: its title, author
/// and rules in words, and whether the solution found is the one it
/// records. Each field is absent when there is nothing to say.
#[derive(Clone, Debug, Default, Serialize)]
pub struct AboutRecord {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
    /// The setter's rules in words (f-puzzles `ruleset`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules_text: Option<String>,
    /// `matches` or `differs`: the solution found against the one the file
    /// records (absent when either is missing).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recorded_solution: Option<&'static str>,
}

impl AboutRecord {
    /// From the rules of `sudoku`, against the solution `found` if any.
    pub fn of(sudoku: &sudoku::Sudoku, found: Option<&sudoku::Puzzle>) -> AboutRecord {
        let about = &sudoku.rules().about;
        let recorded_solution = about.solution.as_ref().zip(found).map(|(recorded, found)| {
            if recorded.cells() == found.cells() {
                "matches"
            } else {
                "differs"
            }
        });
        AboutRecord {
            title: about.title.clone(),
            author: about.author.clone(),
            rules_text: about.rules_text.clone(),
            recorded_solution,
        }
    }

    /// Lines for the text format: the title and author, and a warning when
    /// the solution found is not the one recorded (nothing if there is
    /// nothing to say).
    pub fn text(&self) -> String {
        let mut out = String::new();
        match (&self.title, &self.author) {
            (Some(t), Some(a)) => out.push_str(&format!("\ntitle: {t}, by {a}")),
            (Some(t), None) => out.push_str(&format!("\ntitle: {t}")),
            (None, Some(a)) => out.push_str(&format!("\nauthor: {a}")),
            (None, None) => {}
        }
        if self.recorded_solution == Some("differs") {
            out.push_str("\nwarning: the solution found differs from the one the file records");
        }
        out
    }
}

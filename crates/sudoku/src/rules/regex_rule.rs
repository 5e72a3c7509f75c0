//! Rules written as regular expressions: the digits along a list of cells,
//! read as text (`1`-`9`, then `A`, `B`, ... for 10, 11, ...), match a
//! pattern. Compiled to a deterministic automaton and posted as csp-core's
//! regular constraint, like the built-in line rules.

use regex_automata::dfa::{Automaton, StartKind, dense};
use regex_automata::nfa::thompson::{self, pikevm::PikeVM};
use regex_automata::util::start;
use regex_automata::{Anchored, MatchKind};

use super::cells::cell_list;
use super::{
    Element, ElementKind, FpuzzlesDocument, FpuzzlesWriter, GridBuilder, RulesError, Solved,
};
use crate::digit_char;
use crate::render::{Drawing, LineStyle, Shape};

/// The digits of `cells`, in order, spelled as text, match `pattern` (the
/// whole text: the pattern is anchored at both ends).
#[derive(Clone, Debug)]
pub struct RegexRule {
    /// The cells, in reading order of the pattern.
    pub cells: Vec<usize>,
    /// The pattern (regex-automata's syntax, as Rust's `regex`).
    pub pattern: String,
    side: usize,
    /// The pattern's automaton, built once (see [`dfa`]) and shared by
    /// the rule's copies on other cells.
    dfa: std::sync::Arc<dense::DFA<Vec<u32>>>,
}

impl RegexRule {
    /// A rule on `cells` of a grid of side `side`; an error names what is
    /// wrong with the pattern.
    pub fn new(cells: Vec<usize>, pattern: &str, side: usize) -> Result<RegexRule, String> {
        let dfa = std::sync::Arc::new(dfa(pattern)?);
        Ok(RegexRule {
            cells,
            pattern: pattern.to_string(),
            side,
            dfa,
        })
    }

    /// The same pattern on `cells` of a grid of side `side`, its
    /// automaton not built again.
    pub fn on(&self, cells: Vec<usize>, side: usize) -> RegexRule {
        RegexRule {
            cells,
            side,
            ..self.clone()
        }
    }
}

/// The anchored deterministic automaton of `pattern` that reports every
/// match (so that a match state after the end of the text means the whole
/// text matches).
fn dfa(pattern: &str) -> Result<dense::DFA<Vec<u32>>, String> {
    check_syntax(pattern)?;
    dense::Builder::new()
        .syntax(syntax_config())
        .configure(
            dense::Config::new()
                .start_kind(StartKind::Anchored)
                .match_kind(MatchKind::All)
                .dfa_size_limit(Some(AUTOMATON_LIMIT))
                .determinize_size_limit(Some(AUTOMATON_LIMIT)),
        )
        .thompson(
            thompson::Config::new()
                .utf8(false)
                .nfa_size_limit(Some(AUTOMATON_LIMIT)),
        )
        .build(pattern)
        .map_err(|e| {
            if e.is_size_limit_exceeded() {
                format!(
                    "pattern {pattern:?}: too large, its automaton would exceed {} KiB",
                    AUTOMATON_LIMIT >> 10
                )
            } else {
                format!("pattern {pattern:?}: {e}")
            }
        })
}

/// The most memory the automata of one pattern take, in bytes: the
/// patterns of a grid's rules need a few kilobytes, while a pattern such
/// as `.*1.{30}` would take gigabytes (and a pattern near the limit takes
/// milliseconds to build).
const AUTOMATON_LIMIT: usize = 128 << 10;

/// The pattern's syntax: the text is ASCII (digits, then letters), so
/// classes and `.` are bytes rather than Unicode characters (whose UTF-8
/// automata are tens of times larger); the language over that text is the
/// same.
fn syntax_config() -> regex_automata::util::syntax::Config {
    regex_automata::util::syntax::Config::new()
        .unicode(false)
        .utf8(false)
}

/// What is wrong with the syntax of `pattern`, and where: `pattern "[12":
/// unclosed character class, at character 1` (the automaton builder's own
/// error says only that it could not build).
fn check_syntax(pattern: &str) -> Result<(), String> {
    let error = |what: &dyn std::fmt::Display, span: &regex_syntax::ast::Span| {
        let at = pattern[..span.start.offset].chars().count() + 1;
        format!("pattern {pattern:?}: {what}, at character {at}")
    };
    let ast = regex_syntax::ast::parse::Parser::new()
        .parse(pattern)
        .map_err(|e| error(e.kind(), e.span()))?;
    regex_syntax::hir::translate::TranslatorBuilder::new()
        .unicode(false)
        .utf8(false)
        .build()
        .translate(pattern, &ast)
        .map_err(|e| error(e.kind(), e.span()))?;
    Ok(())
}

impl Element for RegexRule {
    fn kind(&self) -> &'static str {
        KIND.name
    }

    /// The automaton's state after each digit; a word goes on while the
    /// state is not dead, and is accepted when the state at the end of the
    /// text matches.
    fn post(&self, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
        let invalid = |what: String| RulesError::Invalid {
            element: format!("regex at {}", cell_list(&self.cells, self.side)),
            what,
        };
        let dfa = &*self.dfa;
        let start = (dfa.start_state(&start::Config::new().anchored(Anchored::Yes)))
            .map_err(|e| invalid(e.to_string()))?;
        grid.automaton(
            &self.cells,
            start,
            |_, &state, d| {
                let next = dfa.next_state(state, digit_char(d) as u8);
                (!dfa.is_dead_state(next) && !dfa.is_quit_state(next)).then_some(next)
            },
            |&state| dfa.is_match_state(dfa.next_eoi_state(state)),
        )
    }

    /// Checked by another engine (a PikeVM over the pattern's NFA).
    fn check(&self, grid: &Solved<'_>) -> bool {
        let text: String = (self.cells.iter())
            .map(|&c| digit_char(grid.digits[c]))
            .collect();
        PikeVM::new(&format!("^(?:{})$", self.pattern)).is_ok_and(|vm| {
            let mut cache = vm.create_cache();
            vm.is_match(&mut cache, text.as_str())
        })
    }

    fn describe(&self) -> String {
        format!(
            "regex /{}/ on {}",
            self.pattern,
            cell_list(&self.cells, self.side)
        )
    }

    fn draw(&self, drawing: &mut Drawing) {
        drawing.shape(Shape::Line {
            cells: self.cells.clone(),
            style: LineStyle::Coloured {
                colour: "#e07000",
                ends: false,
            },
        });
        drawing.caption(self.describe());
    }

    fn write(&self, out: &mut FpuzzlesWriter) {
        let cells = out.cells(&self.cells);
        out.push(
            "regex",
            serde_json::json!({ "cells": cells, "value": self.pattern }),
        );
    }
}

fn read(doc: &FpuzzlesDocument) -> Result<Vec<Box<dyn Element>>, RulesError> {
    let mut out: Vec<Box<dyn Element>> = Vec::new();
    for (name, entry) in doc.entries("regex")? {
        let cells = doc.cells(&name, entry, "cells")?;
        let invalid = |what: String| RulesError::Invalid {
            element: name.clone(),
            what,
        };
        let pattern = (entry.get("value").and_then(serde_json::Value::as_str))
            .ok_or_else(|| invalid("needs `value`, the pattern".into()))?;
        if cells.is_empty() {
            return Err(invalid("needs at least one cell".into()));
        }
        out.push(Box::new(
            RegexRule::new(cells, pattern, doc.side()).map_err(invalid)?,
        ));
    }
    Ok(out)
}

/// Rules written as regular expressions (this project's f-puzzles key
/// `regex`: `{"cells": [...], "value": "PATTERN"}`; `--rule
/// 'regex:CELLS:PATTERN'` for plain puzzles).
pub(super) const KIND: ElementKind = ElementKind {
    name: "regex",
    summary: "the digits along the cells, read as text (1-9, then A, B, ... for 10, 11, ...), match the whole pattern",
    fpuzzles_keys: &["regex"],
    negatives: &[],
    read,
    global: None,
};

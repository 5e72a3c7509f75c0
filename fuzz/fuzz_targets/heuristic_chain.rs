//! Any text as a heuristic chain, level, symbol alphabet or variant list:
//! parsing never panics, and a chain that parses prints back to itself.
#![no_main]

use csp_core::{PropagationLevel, ValueChain, VariableChain};
use libfuzzer_sys::fuzz_target;
use sudoku::{Symbols, Variant};

fuzz_target!(|text: &str| {
    if let Ok(chain) = text.parse::<VariableChain>() {
        assert_eq!(chain.to_string().parse::<VariableChain>().ok(), Some(chain));
    }
    if let Ok(chain) = text.parse::<ValueChain>() {
        assert_eq!(chain.to_string().parse::<ValueChain>().ok(), Some(chain));
    }
    let _ = text.parse::<PropagationLevel>();
    let _ = text.parse::<Symbols>();
    let _ = text.parse::<Variant>();
});

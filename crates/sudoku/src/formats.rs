//! The file formats puzzles come in and go out as: f-puzzles documents
//! (read in `fpuzzles.rs`, written in `fpuzzles_writer.rs`) and SudokuPad
//! links ([`sudokupad`]), with one door for links of either kind
//! ([`VariantPuzzle::from_link`]). The rules they hold are read by the
//! elements of [`rules`](crate::rules), each from its own entries.

mod fpuzzles;
mod fpuzzles_writer;
mod link;
pub mod sudokupad;
mod variant_puzzle;

pub use fpuzzles::decode_link;
pub use variant_puzzle::VariantPuzzle;

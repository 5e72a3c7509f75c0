//! Any text as a strategy preset (the TOML files of `configs/` and
//! `--config`): loading never panics, and a preset that loads writes back
//! to a file that loads to the same strategy.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_cli::strategy;

fuzz_target!(|text: &str| {
    if let Ok(preset) = strategy::from_toml("fuzz.toml", "fuzz", text) {
        let written = preset.to_toml().expect("a loaded preset writes");
        let again = strategy::from_toml("again.toml", "fuzz", &written).expect("and loads back");
        assert_eq!(again, preset);
    }
});

//! Any text as an XCSP3 instance: reading never panics, aborts or
//! overflows its stack (nesting and sizes stop at the reader's limits
//! with an error), and what reads compiles into a model or says why not.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(instance) = xcsp3::read(text) {
        let _ = instance.unconstrained();
        let _ = xcsp3::compile(&instance);
    }
});

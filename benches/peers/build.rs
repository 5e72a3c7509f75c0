//! With the `tdoku` feature, compiles tdoku's solver from the checkout
//! named by `TDOKU_DIR` (with `-O3 -march=$TDOKU_ARCH`, `native` by
//! default, as tdoku's own build does). Without it, nothing.

fn main() {
    #[cfg(feature = "tdoku")]
    tdoku();
}

#[cfg(feature = "tdoku")]
fn tdoku() {
    println!("cargo:rerun-if-env-changed=TDOKU_DIR");
    println!("cargo:rerun-if-env-changed=TDOKU_ARCH");
    let Ok(dir) = std::env::var("TDOKU_DIR") else {
        panic!(
            "the tdoku feature needs TDOKU_DIR: a checkout of \
             https://github.com/t-dillon/tdoku (its src/ is compiled)"
        );
    };
    let src = std::path::Path::new(&dir).join("src");
    let solver = src.join("solver_dpll_triad_simd.cc");
    assert!(
        solver.is_file(),
        "TDOKU_DIR={dir}: no src/solver_dpll_triad_simd.cc there"
    );
    let arch = std::env::var("TDOKU_ARCH").unwrap_or_else(|_| "native".into());
    cc::Build::new()
        .cpp(true)
        .file(&solver)
        .file(src.join("util.cc"))
        .flag("-std=c++17")
        .flag(format!("-march={arch}"))
        .opt_level(3)
        .warnings(false)
        .compile("tdoku");
    println!("cargo:rustc-env=TDOKU_BUILD=-O3 -march={arch}");
}

//! Whole runs of the `sudoku` binary: snapshots of every output format and
//! error message (timings filtered out), the published figures from the
//! command line, ordering under parallelism, and robustness.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use insta_cmd::assert_cmd_snapshot;
use proptest::prelude::*;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// The binary, run from the workspace root (so paths in output are short).
fn sudoku(args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sudoku"));
    cmd.current_dir(root()).args(args).env_remove("COLUMNS");
    cmd
}

/// Relative path of a glob input, from the workspace root.
fn rel(path: &Path) -> String {
    path.strip_prefix(root()).unwrap().display().to_string()
}

/// The rule counter columns of the csv outputs (three per rule).
const RULE_COUNTERS: usize = 3 * csp_core::Rule::ALL.len();

/// Blanks out timings in every format.
macro_rules! timing_filters {
    ($($body:tt)*) => {
        insta::with_settings!({filters => vec![
            (r"\d+\.\d{3} ms", "[ms] ms"),
            (r"\d+\.\d{3} s\b", "[s] s"),
            (r#""elapsed_us":\d+"#, r#""elapsed_us":"[us]""#),
            // count csv (its rows end with lower_bound, engine, portfolio): search_space,
            // elapsed_us, cells_placed, guesses, restarts, nogoods, the
            // rule counters, cells
            (
                &*format!(r"(?m)(,\d+),\d+((,\d+){{{}}},[A-Z]+,[^\n]*,(true|false),[a-z]+,[a-z]*)$", RULE_COUNTERS + 4),
                "$1,[us]$2",
            ),
            // solve csv: search_space,elapsed_us,solutions,cells_placed,guesses,
            // restarts, nogoods, the rule counters, cells
            (&*format!(r"(,\d+),\d+((,\d+){{{}}},[A-Z]+,)", RULE_COUNTERS + 5), "$1,[us]$2"),
        ]}, { $($body)* })
    };
}

fn stdout_of(cmd: &mut Command) -> (String, i32) {
    let out = cmd.output().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        out.status.code().unwrap(),
    )
}

fn json_lines(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn solve_outputs() {
    insta::glob!("inputs/solve/*.txt", |path| {
        let file = rel(path);
        timing_filters! {
            assert_cmd_snapshot!("solve_text", sudoku(&["solve", &file, "--config", "norvig"]));
            assert_cmd_snapshot!("solve_json", sudoku(&["solve", &file, "--config", "mrv", "--format", "json"]));
            assert_cmd_snapshot!("solve_csv", sudoku(&["solve", &file, "--format", "csv", "--unique"]));
            assert_cmd_snapshot!("solve_quiet", sudoku(&["solve", &file, "--quiet"]));
        }
    });
}

#[test]
fn count_outputs() {
    insta::glob!("inputs/solve/*.txt", |path| {
        let file = rel(path);
        timing_filters! {
            assert_cmd_snapshot!("count_text", sudoku(&["count", &file]));
            assert_cmd_snapshot!("count_json", sudoku(&["count", &file, "--limit", "3", "--format", "json"]));
        }
    });
    timing_filters! {
        assert_cmd_snapshot!("count_all_4x4", sudoku(&["count", "--all"]).pass_stdin("................\n"));
        assert_cmd_snapshot!("count_all_x_4x4_csv", sudoku(&["count", "--all", "--variant", "diagonal", "--format", "csv"]).pass_stdin("................\n"));
        let serg: String = std::fs::read_to_string(root().join("puzzles/serg-multi-solution-100.txt"))
            .unwrap().lines().take(3).collect::<Vec<_>>().join("\n");
        assert_cmd_snapshot!("count_multiple", sudoku(&["count"]).pass_stdin(serg.as_str()));
    }
}

#[test]
fn candidates_outputs() {
    insta::glob!("inputs/candidates/*.txt", |path| {
        let file = rel(path);
        assert_cmd_snapshot!("candidates_fc", sudoku(&["candidates", &file]));
        assert_cmd_snapshot!(
            "candidates_singles",
            sudoku(&["candidates", &file, "--propagation", "singles"])
        );
        for level in ["locked", "gac", "probing"] {
            assert_cmd_snapshot!(
                format!("candidates_{level}"),
                sudoku(&["candidates", &file, "--propagation", level])
            );
        }
        assert_cmd_snapshot!(
            "candidates_json",
            sudoku(&[
                "candidates",
                &file,
                "--format",
                "json",
                "--propagation",
                "none"
            ])
        );
    });
    assert_cmd_snapshot!(
        "candidates_contradiction",
        sudoku(&["candidates", "--propagation", "fc"]).pass_stdin(
            "12345678.........9...............................................................\n"
        )
    );
    // True candidates: puzzles with several solutions (text
    // and JSON), a unique one, one with no solution, a bad combination.
    let several = "1.......2.....3.\n4...............\n";
    assert_cmd_snapshot!(
        "candidates_true",
        sudoku(&["candidates", "--true", "--limit", "3"]).pass_stdin(several)
    );
    assert_cmd_snapshot!(
        "candidates_true_json",
        sudoku(&["candidates", "--true", "--format", "json"]).pass_stdin(several)
    );
    assert_cmd_snapshot!(
        "candidates_true_none",
        sudoku(&["candidates", "--true", "--format", "csv"]).pass_stdin("123............4\n")
    );
    assert_cmd_snapshot!(
        "candidates_true_with_propagation",
        sudoku(&["candidates", "--true", "--propagation", "gac"]).pass_stdin("")
    );
}

#[test]
fn help_texts() {
    assert_cmd_snapshot!("help", sudoku(&["--help"]));
    assert_cmd_snapshot!("help_solve", sudoku(&["solve", "--help"]));
    assert_cmd_snapshot!("help_count", sudoku(&["count", "--help"]));
    assert_cmd_snapshot!("help_candidates", sudoku(&["candidates", "--help"]));
    assert_cmd_snapshot!("help_compare", sudoku(&["compare", "--help"]));
    assert_cmd_snapshot!("help_configs", sudoku(&["configs", "--help"]));
    assert_cmd_snapshot!("help_generate", sudoku(&["generate", "--help"]));
    assert_cmd_snapshot!("help_rate", sudoku(&["rate", "--help"]));
    assert_cmd_snapshot!("help_merge", sudoku(&["merge", "--help"]));
    assert_cmd_snapshot!("help_serve", sudoku(&["serve", "--help"]));
    assert_cmd_snapshot!("help_render", sudoku(&["render", "--help"]));
    assert_cmd_snapshot!("help_explain", sudoku(&["explain", "--help"]));
    assert_cmd_snapshot!("help_completions", sudoku(&["completions", "--help"]));
    assert_cmd_snapshot!("help_man", sudoku(&["man", "--help"]));
    assert_cmd_snapshot!("help_csp_solve", sudoku(&["csp", "solve", "--help"]));
    assert_cmd_snapshot!("help_csp_count", sudoku(&["csp", "count", "--help"]));
    assert_cmd_snapshot!("help_csp_compare", sudoku(&["csp", "compare", "--help"]));
    assert_cmd_snapshot!(
        "completions_unknown_shell",
        sudoku(&["completions", "tcsh"])
    );
}

/// The bash completion script loads in bash, and completing `sudoku so`
/// offers `solve` (and `sudoku solve --propagati` the flag), as bash itself
/// computes it through the function the script registers.
#[test]
fn bash_completion_offers_the_subcommands_and_flags() {
    if Command::new("bash").arg("--version").output().is_err() {
        eprintln!("no bash here: skipped");
        return;
    }
    let (script, code) = stdout_of(&mut sudoku(&["completions", "bash"]));
    assert_eq!(code, 0);
    let scratch = tempfile::tempdir().unwrap();
    let path = scratch.path().join("sudoku.bash");
    std::fs::write(&path, &script).unwrap();
    // What `complete -p sudoku` names is called as bash calls it on TAB:
    // with COMP_WORDS/COMP_CWORD set, and COMPREPLY read back.
    let complete = |line: &str| -> Vec<String> {
        let program = format!(
            r#"source "{script}"
function_name=$(complete -p sudoku | sed -E 's/.* -F ([^ ]+) .*/\1/')
COMP_LINE="{line}"
read -r -a COMP_WORDS <<< "$COMP_LINE"
[[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
COMP_CWORD=$(( ${{#COMP_WORDS[@]}} - 1 ))
COMP_POINT=${{#COMP_LINE}}
"$function_name" sudoku "${{COMP_WORDS[COMP_CWORD]}}" "${{COMP_WORDS[COMP_CWORD-1]}}"
printf '%s\n' "${{COMPREPLY[@]}}""#,
            script = path.display()
        );
        let out = Command::new("bash")
            .args(["--norc", "--noprofile", "-c", &program])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout)
            .unwrap()
            .split_whitespace()
            .map(String::from)
            .collect()
    };
    assert_eq!(complete("sudoku so"), ["solve"]);
    let all = complete("sudoku ");
    for command in ["solve", "count", "compare", "completions", "man"] {
        assert!(all.iter().any(|c| c == command), "{command} in {all:?}");
    }
    assert_eq!(complete("sudoku solve --propagati"), ["--propagation"]);
    for shell in ["zsh", "fish", "powershell", "elvish"] {
        let (script, code) = stdout_of(&mut sudoku(&["completions", shell]));
        assert_eq!(code, 0, "{shell}");
        assert!(script.contains("solve"), "{shell}");
    }
}

/// `count --engine bitboard`: the bitboard solver's counts in every
/// format (the engine's other counters null in JSON, empty in CSV), the
/// same counts and solutions as the engine on top95 and the multi-solution
/// set, the engine's flags refused (exit 2), and a puzzle with other rules
/// than houses that puzzle's error.
#[test]
fn count_with_the_bitboard_engine() {
    timing_filters! {
        assert_cmd_snapshot!(
            "count_bitboard_text",
            sudoku(&["count", "--engine", "bitboard", "puzzles/hardest11.txt"])
        );
        assert_cmd_snapshot!(
            "count_bitboard_json",
            sudoku(&["count", "--engine", "bitboard", "--format", "json", "docs/examples/inkala.txt"])
        );
        assert_cmd_snapshot!(
            "count_bitboard_refuses_engine_flags",
            sudoku(&["count", "--engine", "bitboard", "--cells", "E", "--trace", "t.jsonl", "docs/examples/inkala.txt"])
        );
        assert_cmd_snapshot!(
            "count_bitboard_refuses_other_rules",
            sudoku(&["count", "--engine", "bitboard", "docs/examples/inkala.txt", "puzzles/variants/killer/killer-janko-021.json"])
        );
    }
    let (out, code) = stdout_of(&mut sudoku(&[
        "count",
        "--engine",
        "bitboard",
        "--all",
        "--quiet",
        "docs/examples/empty-4x4.txt",
    ]));
    assert_eq!((out.as_str(), code), ("288\n", 0));
    // CSV: the engine's columns, empty where the solver has no counter.
    let (csv, code) = stdout_of(&mut sudoku(&[
        "count",
        "--engine",
        "bitboard",
        "--format",
        "csv",
        "docs/examples/inkala.txt",
    ]));
    assert_eq!(code, 0);
    let rows: Vec<Vec<&str>> = csv.lines().map(|l| l.split(',').collect()).collect();
    let (header, row) = (&rows[0], &rows[1]);
    assert_eq!(header.len(), row.len());
    let cell = |name: &str| row[header.iter().position(|h| *h == name).unwrap()];
    assert_eq!(
        (
            cell("status"),
            cell("placements"),
            cell("guesses"),
            cell("iterations"),
            cell("fc_runs")
        ),
        ("unique", "122", "61", "", "")
    );
    assert!(cell("elapsed_us").parse::<u64>().is_ok());
    // The same answers as the engine.
    for set in ["puzzles/top95.txt", "puzzles/serg-multi-solution-100.txt"] {
        let answers = |engine: &str| {
            let (out, _) = stdout_of(&mut sudoku(&[
                "count", "--engine", engine, "--format", "json", set,
            ]));
            json_lines(&out)
                .iter()
                .map(|r| {
                    (
                        r["status"].clone(),
                        r["solutions"].clone(),
                        r["solution"].clone(),
                    )
                })
                .collect::<Vec<_>>()
        };
        let bitboard = answers("bitboard");
        assert_eq!(bitboard.len(), if set.contains("top95") { 95 } else { 100 });
        let engine = answers("engine");
        // A multi-solution puzzle's first solution depends on the search
        // order: compare statuses and counts there, solutions elsewhere.
        for (b, e) in bitboard.iter().zip(&engine) {
            assert_eq!((&b.0, &b.1), (&e.0, &e.1), "{set}");
            if b.0 == "unique" {
                assert_eq!(b.2, e.2, "{set}");
            }
        }
    }
}

/// `solve --engine bitboard`: the bitboard solver's solutions in text and
/// JSON (the engine's other counters null, no level needed), `--unique`
/// through its count to 2, the same statuses and solutions as the engine
/// on top95 and the multi-solution set, and the engine's flags refused.
#[test]
fn solve_with_the_bitboard_engine() {
    timing_filters! {
        assert_cmd_snapshot!(
            "solve_bitboard_text",
            sudoku(&["solve", "--engine", "bitboard", "docs/examples/inkala.txt"])
        );
        assert_cmd_snapshot!(
            "solve_bitboard_json_unique",
            sudoku(&["solve", "--engine", "bitboard", "--unique", "--format", "json", "docs/examples/inkala.txt"])
        );
        assert_cmd_snapshot!(
            "solve_bitboard_refuses_engine_flags",
            sudoku(&["solve", "--engine", "bitboard", "--config", "norvig", "--heatmap", "h.svg", "docs/examples/inkala.txt"])
        );
        // The preset `fastest` is the bitboard solver; the engine's flags
        // beside it, and a preset of it with the engine's keys, are refused.
        assert_cmd_snapshot!(
            "solve_fastest_preset_json",
            sudoku(&["solve", "--config", "fastest", "--format", "json", "docs/examples/inkala.txt"])
        );
        assert_cmd_snapshot!(
            "solve_fastest_preset_refuses_engine_flags",
            sudoku(&["solve", "--config", "fastest", "--cells", "E", "docs/examples/inkala.txt"])
        );
        assert_cmd_snapshot!(
            "compare_refuses_the_fastest_preset",
            sudoku(&["compare", "--config", "fastest", "--set", "hardest11"])
        );
    }
    // `--engine engine` runs the engine with the preset's... defaults.
    let (out, code) = stdout_of(&mut sudoku(&[
        "count",
        "--config",
        "fastest",
        "--engine",
        "engine",
        "--format",
        "json",
        "docs/examples/inkala.txt",
    ]));
    assert_eq!(code, 0);
    let record = &json_lines(&out)[0];
    assert_eq!(
        record["strategy"]["engine"],
        serde_json::Value::Null,
        "{out}"
    );
    assert_eq!(record["strategy"]["config"], "fastest", "{out}");
    for set in ["puzzles/top95.txt", "puzzles/serg-multi-solution-100.txt"] {
        let answers = |engine: &str| {
            let (out, _) = stdout_of(&mut sudoku(&[
                "solve",
                "--engine",
                engine,
                "--unique",
                "--no-level-needed",
                "--format",
                "json",
                set,
            ]));
            json_lines(&out)
                .iter()
                .map(|r| {
                    (
                        r["status"].clone(),
                        r["uniqueness"].clone(),
                        r["solution"].clone(),
                    )
                })
                .collect::<Vec<_>>()
        };
        let bitboard = answers("bitboard");
        assert_eq!(bitboard.len(), if set.contains("top95") { 95 } else { 100 });
        for (b, e) in bitboard.iter().zip(&answers("engine")) {
            assert_eq!((&b.0, &b.1), (&e.0, &e.1), "{set}");
            if b.1 == "unique" {
                assert_eq!(b.2, e.2, "{set}");
            }
        }
    }
}

/// `sudoku man` is a roff page with the usual sections, the subcommands
/// and the long help's words; `--dir` writes a page per subcommand; and
/// where `man` is installed, it renders the page.
#[test]
fn the_man_page_has_its_sections() {
    let (page, code) = stdout_of(&mut sudoku(&["man"]));
    assert_eq!(code, 0);
    assert!(page.contains(".TH sudoku 1"), "{page}");
    for section in [
        "NAME",
        "SYNOPSIS",
        "DESCRIPTION",
        "OPTIONS",
        "SUBCOMMANDS",
        "VERSION",
    ] {
        assert!(
            page.contains(&format!(".SH {section}")),
            "no {section} in\n{page}"
        );
    }
    assert!(page.contains("sudoku\\-solve(1)"), "{page}");
    assert!(page.contains("Exit codes"), "{page}");
    let scratch = tempfile::tempdir().unwrap();
    let (_, code) = stdout_of(&mut sudoku(&[
        "man",
        "--dir",
        scratch.path().to_str().unwrap(),
    ]));
    assert_eq!(code, 0);
    for name in [
        "sudoku.1",
        "sudoku-solve.1",
        "sudoku-compare.1",
        "sudoku-man.1",
    ] {
        let text = std::fs::read_to_string(scratch.path().join(name)).unwrap();
        assert!(text.contains(".SH SYNOPSIS"), "{name}");
    }
    // Rendered by man itself where it is installed (not on every machine).
    let rendered = Command::new("man")
        .args(["-l", scratch.path().join("sudoku.1").to_str().unwrap()])
        .env("MANWIDTH", "80")
        .env("MANPAGER", "cat")
        .env("PAGER", "cat")
        .output();
    match rendered {
        Ok(out) if out.status.success() => {
            let text = String::from_utf8_lossy(&out.stdout);
            for heading in ["NAME", "SYNOPSIS", "DESCRIPTION", "SUBCOMMANDS"] {
                assert!(text.contains(heading), "{heading} in\n{text}");
            }
        }
        _ => eprintln!("man is not installed here: the roff checks above stand alone"),
    }
}

#[test]
fn configs_outputs() {
    assert_cmd_snapshot!("configs_text", sudoku(&["configs"]));
    assert_cmd_snapshot!("configs_json", sudoku(&["configs", "--format", "json"]));
    assert_cmd_snapshot!("configs_csv", sudoku(&["configs", "--format", "csv"]));
}

#[test]
fn mixed_input_gives_one_labelled_result_per_line() {
    timing_filters! {
        assert_cmd_snapshot!("mixed_text", sudoku(&["solve", "tests/inputs/mixed.txt", "--unique"]));
        assert_cmd_snapshot!("mixed_json", sudoku(&["solve", "tests/inputs/mixed.txt", "--unique", "--format", "json"]));
        assert_cmd_snapshot!("mixed_csv", sudoku(&["solve", "tests/inputs/mixed.txt", "--unique", "--format", "csv"]));
        assert_cmd_snapshot!("mixed_count", sudoku(&["count", "tests/inputs/mixed.txt"]));
    }
    let (out, code) = stdout_of(&mut sudoku(&[
        "solve",
        "tests/inputs/mixed.txt",
        "--unique",
        "--format",
        "json",
    ]));
    assert_eq!(code, 2);
    let statuses: Vec<String> = json_lines(&out)
        .iter()
        .map(|v| v["status"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        statuses,
        [
            "solved",
            "invalid",
            "invalid",
            "invalid",
            "invalid",
            "unsolvable",
            "multiple",
            "solved",
            "invalid"
        ]
    );
}

#[test]
fn errors() {
    assert_cmd_snapshot!(
        "error_unknown_config",
        sudoku(&[
            "solve",
            "--config",
            "quickest",
            "tests/inputs/solve/4x4.txt"
        ])
    );
    for name in [
        "unknown-key",
        "bad-letter",
        "bad-level",
        "not-toml",
        "bitboard-with-cells",
    ] {
        let path = format!("tests/inputs/configs/{name}.toml");
        assert_cmd_snapshot!(
            format!("error_config_{name}"),
            sudoku(&["solve", "--config", &path, "tests/inputs/solve/4x4.txt"])
        );
    }
    // Linked places: below singles refused, and on XCSP3 instances.
    assert_cmd_snapshot!(
        "error_links_at_fc",
        sudoku(&[
            "solve",
            "--links",
            "--propagation",
            "fc",
            "tests/inputs/solve/4x4.txt"
        ])
    );
    assert_cmd_snapshot!(
        "error_links_on_xcsp3",
        sudoku(&[
            "csp",
            "solve",
            "--links",
            "--propagation",
            "gac",
            "tests/inputs/xcsp3/minimize.xml"
        ])
    );
    assert_cmd_snapshot!(
        "error_bad_cells_flag",
        sudoku(&["solve", "--cells", "EY", "tests/inputs/solve/4x4.txt"])
    );
    assert_cmd_snapshot!(
        "error_bad_values_flag",
        sudoku(&["solve", "--values", "c", "tests/inputs/solve/4x4.txt"])
    );
    assert_cmd_snapshot!(
        "error_bad_propagation_flag",
        sudoku(&[
            "candidates",
            "--propagation",
            "gac9",
            "tests/inputs/solve/4x4.txt"
        ])
    );
    assert_cmd_snapshot!(
        "error_missing_file",
        sudoku(&[
            "solve",
            "--quiet",
            "no/such/file.txt",
            "tests/inputs/solve/4x4.txt"
        ])
    );
    assert_cmd_snapshot!("error_unknown_flag", sudoku(&["solve", "--fast"]));
    assert_cmd_snapshot!(
        "error_count_limit_zero",
        sudoku(&["count", "--limit", "0", "tests/inputs/solve/4x4.txt"])
    );
    timing_filters! {
        assert_cmd_snapshot!("error_placement_limit", sudoku(&["solve", "tests/inputs/solve/9x9.txt", "--config", "naive", "--max-placements", "1000"]));
    }
}

#[test]
fn published_figures_from_the_command_line() {
    let (out, code) = stdout_of(&mut sudoku(&[
        "solve",
        "tests/inputs/solve/9x9.txt",
        "--config",
        "naive",
        "--format",
        "json",
    ]));
    assert_eq!(code, 0);
    let first = &json_lines(&out)[0];
    assert_eq!(first["stats"]["iterations"], 49559);
    assert_eq!(first["stats"]["backtrack_iterations"], 49498);
    assert_eq!(
        first["stats"]["search_space"],
        "9586591201964851200000000000000000000"
    );
    assert_eq!(first["strategy"]["cells"], "A");
    assert_eq!(first["strategy"]["propagation"], "none");

    let (out, _) = stdout_of(&mut sudoku(&[
        "solve",
        "tests/inputs/solve/9x9.txt",
        "--config",
        "mrv",
        "--format",
        "json",
    ]));
    assert_eq!(json_lines(&out)[1]["stats"]["moves"], 1004);

    let (out, code) = stdout_of(&mut sudoku(&[
        "solve",
        "puzzles/top95.txt",
        "--config",
        "norvig",
        "--format",
        "json",
    ]));
    assert_eq!(code, 0);
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 95);
    let total: u64 = lines
        .iter()
        .map(|v| v["stats"]["placements"].as_u64().unwrap())
        .sum();
    assert_eq!(total, 6127);
}

#[test]
fn a_flag_overrides_only_its_key() {
    let (out, _) = stdout_of(&mut sudoku(&[
        "solve",
        "tests/inputs/solve/4x4.txt",
        "--config",
        "norvig",
        "--cells",
        "A",
        "--format",
        "json",
    ]));
    let strategy = &json_lines(&out)[0]["strategy"];
    assert_eq!(strategy["cells"], "A");
    assert_eq!(strategy["values"], "0");
    assert_eq!(strategy["propagation"], "singles");
    assert_eq!(strategy["config"], "norvig");
    assert_eq!(strategy["max_placements"], 10_000_000);
}

#[test]
fn output_order_is_input_order_whatever_the_jobs() {
    let without_time = |jobs: &str| {
        let (out, code) = stdout_of(&mut sudoku(&[
            "solve",
            "puzzles/17-clue-1000.txt",
            "--format",
            "json",
            "--jobs",
            jobs,
        ]));
        assert_eq!(code, 0);
        let re = regex_lite_elapsed(&out);
        (re, out.lines().count())
    };
    let (one, n) = without_time("1");
    let (two, _) = without_time("2");
    assert_eq!(n, 1000);
    assert!(one == two, "--jobs 1 and --jobs 2 differ");
    let lines: Vec<u64> = json_lines(&one)
        .iter()
        .map(|v| v["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, (1..=1000).collect::<Vec<_>>());
}

/// Replaces every `"elapsed_us":N` with 0.
fn regex_lite_elapsed(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let key = "\"elapsed_us\":";
    let mut rest = text;
    while let Some(i) = rest.find(key) {
        out.push_str(&rest[..i + key.len()]);
        rest = rest[i + key.len()..].trim_start_matches(|c: char| c.is_ascii_digit());
        out.push('0');
    }
    out.push_str(rest);
    out
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let mut child = sudoku(&["solve", "puzzles/17-clue-1000.txt", "--jobs", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 64];
    stdout.read_exact(&mut first).unwrap();
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Whatever bytes arrive on stdin, the binary answers with a documented
    /// exit code and never panics.
    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let mut child = sudoku(&["solve", "--format", "json"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(&bytes).unwrap();
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        prop_assert!(matches!(out.status.code(), Some(0..=2)), "{:?} {}", out.status, stderr);
        prop_assert!(!stderr.contains("panicked"), "{}", stderr);
    }

    /// Lines made of puzzle characters (the likelier mistakes) as well.
    #[test]
    fn random_puzzle_like_lines_never_panic(lines in proptest::collection::vec("[.0-9A-Ga-g_#x ]{0,90}", 0..6)) {
        let input = lines.join("\n");
        let mut child = sudoku(&["count", "--max-placements", "20000"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        prop_assert!(matches!(out.status.code(), Some(0..=2)), "{:?} {}", out.status, stderr);
        prop_assert!(!stderr.contains("panicked"), "{}", stderr);
    }
}

/// A small comparison every format shares: 2 presets x a 2x2 matrix on
/// hardest11, timings left out.
const SMALL_COMPARE: &[&str] = &[
    "compare",
    "--set",
    "hardest11",
    "--config",
    "norvig",
    "--config",
    "mrv",
    "--cells",
    "EA,EH",
    "--values",
    "0,5",
    "--propagation",
    "singles",
    "--no-timings",
];

#[test]
fn compare_outputs() {
    for format in ["text", "markdown", "csv", "json"] {
        let mut args = SMALL_COMPARE.to_vec();
        args.extend(["--format", format]);
        assert_cmd_snapshot!(format!("compare_{format}"), sudoku(&args));
    }
}

#[test]
fn compare_propagation_ladder_with_rule_columns() {
    // The levels on hardest11, counting to 2 as solver benchmarks do.
    assert_cmd_snapshot!(
        "compare_ladder",
        sudoku(&[
            "compare",
            "--set",
            "hardest11",
            "--cells",
            "EA",
            "--values",
            "0",
            "--propagation",
            "singles,locked,gac,probing",
            "--solutions",
            "2",
            "--rules",
            "--no-timings",
        ])
    );
}

#[test]
fn solve_json_at_every_strong_level() {
    timing_filters! {
        for level in ["locked", "gac", "probing", "human:4.4"] {
            assert_cmd_snapshot!(
                format!("solve_json_{}", level.replace(':', "_")),
                sudoku(&["solve", "--format", "json", "--cells", "EA", "--values", "0", "--propagation", level])
                    .pass_stdin(".....2.......7...17..3...9.8..7......2.89.6...13..6....9..5.824.....891..........\n")
            );
        }
    }
}

#[test]
fn level_needed_can_be_skipped() {
    // The rating is on by default (text, json, csv) and `--no-level-needed`
    // turns it off: null in json, the only difference.
    let line =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
    let json = |extra: &[&str]| {
        let mut args = vec!["solve", "--format", "json", "--config", "norvig"];
        args.extend(extra);
        let mut child = sudoku(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(line.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success());
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let rated = json(&[]);
    let skipped = json(&["--no-level-needed"]);
    assert_eq!(rated["level_needed"], "locked");
    assert_eq!(skipped["level_needed"], serde_json::Value::Null);
    for key in ["status", "solution", "strategy"] {
        assert_eq!(rated[key], skipped[key]);
    }
    assert_eq!(rated["stats"]["placements"], skipped["stats"]["placements"]);
}

#[test]
fn compare_with_a_stopped_strategy() {
    // F (most candidates first) at fc hits the limit on hard puzzles: its
    // runs count as stopped, its placements go to their own column.
    assert_cmd_snapshot!(
        "compare_stopped",
        sudoku(&[
            "compare",
            "--set",
            "hardest11",
            "--cells",
            "EA,F",
            "--values",
            "0",
            "--propagation",
            "fc",
            "--max-placements",
            "5000",
            "--no-timings",
        ])
    );
}

#[test]
fn compare_seeded_random_strategy_is_reproducible() {
    let args = [
        "compare",
        "--set",
        "hardest11",
        "--cells",
        "EC,C",
        "--values",
        "2",
        "--propagation",
        "singles",
        "--seeds",
        "1..4",
        "--max-placements",
        "20000",
        "--no-timings",
        "--jobs",
        "1",
    ];
    assert_cmd_snapshot!("compare_seeded_random", sudoku(&args));
    let (once, _) = stdout_of(&mut sudoku(&args));
    let mut parallel = args.to_vec();
    let last = parallel.len() - 1;
    parallel[last] = "2";
    let (again, _) = stdout_of(&mut sudoku(&parallel));
    assert_eq!(once, again, "same table with --jobs 1 and --jobs 2");
    let mut other_seeds = args.to_vec();
    other_seeds[9] = "5..8";
    let (other, _) = stdout_of(&mut sudoku(&other_seeds));
    assert_ne!(once, other, "other seeds, other runs");
}

/// Value heuristics `7` and `8` are defined as `6` and `5`: a comparison
/// searches each such pair once and both rows get the same runs, time
/// included; with a per-puzzle file (whose records name their strategy)
/// every row searches, and the counters are the same again.
#[test]
fn compare_searches_once_for_chains_defined_alike() {
    let args = [
        "compare",
        "--set",
        "hardest11",
        "--cells",
        "E,A",
        "--values",
        "5,6,7,8,0",
        "--propagation",
        "fc",
        "--max-placements",
        "20000",
        "--format",
        "json",
        "--jobs",
        "2",
    ];
    let rows = |extra: &[&str]| {
        let (out, code) = stdout_of(&mut sudoku(&[&args[..], extra].concat()));
        assert_eq!(code, 0, "{out}");
        let mut by_label = std::collections::BTreeMap::new();
        for row in json_lines(&out) {
            by_label.insert(row["strategy"].as_str().unwrap().to_string(), row);
        }
        by_label
    };
    let strip = |row: &serde_json::Value| {
        let mut row = row.clone();
        let object = row.as_object_mut().unwrap();
        object.retain(|k, _| !matches!(k.as_str(), "strategy" | "values" | "rank" | "best"));
        row
    };
    let timed = |row: &serde_json::Value| strip(row)["time_s"].clone();
    let copied = rows(&[]);
    for cells in ["E", "A"] {
        let row = |v: &str| &copied[&format!("{cells}/{v}/fc")];
        assert_eq!(strip(row("7")), strip(row("6")), "{cells}");
        assert_eq!(strip(row("8")), strip(row("5")), "{cells}");
        assert_eq!(
            timed(row("8")),
            timed(row("5")),
            "{cells}: the run's time is copied too"
        );
        assert_ne!(strip(row("6")), strip(row("5")), "{cells}");
    }
    assert_eq!(copied["E/6/fc"]["placements"]["total"], 3_671.0);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("runs.jsonl");
    let searched = rows(&["--per-puzzle", file.to_str().unwrap()]);
    let untimed = |row: &serde_json::Value| {
        let mut row = strip(row);
        let object = row.as_object_mut().unwrap();
        object.retain(|k, _| !k.contains("time") && !k.contains("per_s"));
        row
    };
    for (label, row) in &copied {
        assert_eq!(untimed(row), untimed(&searched[label]), "{label}");
    }
}

#[test]
fn compare_norvig_row_on_top95_has_6127_placements() {
    let (out, code) = stdout_of(&mut sudoku(&[
        "compare",
        "--set",
        "top95",
        "--cells",
        "EA",
        "--values",
        "0",
        "--propagation",
        "singles",
        "--format",
        "json",
    ]));
    assert_eq!(code, 0);
    let row = &json_lines(&out)[0];
    assert_eq!(row["placements"]["total"], 6127.0);
    assert_eq!(row["solved"], 95);
    assert_eq!(row["set_hash"].as_str().unwrap().len(), 16);
    assert_eq!(row["version"], env!("CARGO_PKG_VERSION"));
    assert!(row["time_s"].as_f64().unwrap() > 0.0);
}

#[test]
fn compare_plot_has_one_line_per_strategy() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let svg = dir.join("cactus.svg");
    let per_puzzle = dir.join("runs.jsonl");
    let (_, code) = stdout_of(&mut sudoku(&[
        "compare",
        "--set",
        "hardest11",
        "--cells",
        "EA,EH,K",
        "--values",
        "0",
        "--propagation",
        "singles",
        "--plot",
        svg.to_str().unwrap(),
        "--per-puzzle",
        per_puzzle.to_str().unwrap(),
    ]));
    assert_eq!(code, 0);
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("well-formed SVG");
    let lines = doc
        .descendants()
        .filter(|n| n.has_tag_name("polyline") && n.attribute("stroke-width") == Some("2"))
        .count();
    assert_eq!(lines, 3);
    // The legend in rank order (by mean placements).
    let legend: Vec<String> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .map(str::trim)
        .filter(|t| t.starts_with(|c: char| c.is_ascii_digit()) && t.contains(". "))
        .map(String::from)
        .collect();
    let (table, _) = stdout_of(&mut sudoku(&[
        "compare",
        "--set",
        "hardest11",
        "--cells",
        "EA,EH,K",
        "--values",
        "0",
        "--propagation",
        "singles",
        "--format",
        "csv",
    ]));
    let ranked: Vec<String> = table
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            format!("{}. {}", f[0], f[1])
        })
        .collect();
    assert_eq!(legend, ranked);
    // One solve-shaped JSON line per (strategy, puzzle).
    let runs = json_lines(&std::fs::read_to_string(&per_puzzle).unwrap());
    assert_eq!(runs.len(), 3 * 11);
    assert_eq!(runs[0]["file"], "hardest11");
    assert_eq!(runs[0]["strategy"]["cells"], "EA");
    assert_eq!(runs[11]["strategy"]["cells"], "EH");
    assert!(
        runs.iter()
            .all(|r| r["status"] == "solved" && r["stats"]["placements"].is_u64())
    );
}

#[test]
fn compare_errors() {
    assert_cmd_snapshot!(
        "compare_error_no_set",
        sudoku(&["compare", "--cells", "EA"])
    );
    assert_cmd_snapshot!(
        "compare_error_unknown_set",
        sudoku(&["compare", "--set", "top96"])
    );
    assert_cmd_snapshot!(
        "compare_error_bad_cells",
        sudoku(&["compare", "--set", "hardest11", "--cells", "EA,EY"])
    );
    assert_cmd_snapshot!(
        "compare_error_bad_seeds",
        sudoku(&[
            "compare",
            "--set",
            "hardest11",
            "--cells",
            "C",
            "--seeds",
            "9..1"
        ])
    );
    // A set file with a bad line: reported, the rest compared, exit code 2.
    assert_cmd_snapshot!(
        "compare_invalid_line",
        sudoku(&[
            "compare",
            "tests/inputs/mixed.txt",
            "--cells",
            "EA",
            "--values",
            "0",
            "--no-timings"
        ])
    );
}

// ---------------------------------------------------------------------------
// What a new user tripped over (issue 15): one test per item.

const TOP1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// Runs with `stdin` and returns (stdout, stderr, exit code).
fn run_with_stdin(args: &[&str], stdin: &[u8]) -> (String, String, i32) {
    let mut child = sudoku(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let bytes = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&bytes);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap(),
    )
}

#[test]
fn unique_with_a_stopped_check_says_unknown_and_fails() {
    // A killer puzzle: the engine checks (the bitboard solver takes
    // grids of houses only), within the preset's limits.
    let killer = "puzzles/variants/killer/killer-janko-127.json";
    let args = [
        "solve",
        "--config",
        "mrv",
        "--max-placements",
        "1000",
        "--unique",
        killer,
    ];
    let (out, _, code) = run_with_stdin(&[&args[..], &["--format", "json"]].concat(), b"");
    assert_eq!(code, 1);
    let v = &json_lines(&out)[0];
    assert_eq!(v["status"], "solved");
    assert_eq!(v["uniqueness"], "unknown");
    assert!(v.get("unique").is_none());
    assert_eq!(
        v["error"],
        "uniqueness unknown: placement limit reached in the search for a second solution"
    );
    let (text, _, code) = run_with_stdin(&args, b"");
    assert_eq!(code, 1);
    assert!(
        text.contains("solved (uniqueness unknown: placement limit reached"),
        "{text}"
    );
    let (csv, _, _) = run_with_stdin(&[&args[..], &["--format", "csv"]].concat(), b"");
    assert!(
        csv.lines().nth(1).unwrap().ends_with(",unknown,engine,"),
        "{csv}"
    );
    // Established without the limit: exit 0, `unique`.
    let (out, _, code) = run_with_stdin(&["solve", "--unique", "--format", "json", killer], b"");
    assert_eq!(
        (code, json_lines(&out)[0]["uniqueness"].as_str()),
        (0, Some("unique"))
    );
    // A classic puzzle: the bitboard solver checks, exactly, whatever the
    // engine's limit; the solving search keeps its counters.
    let line = format!("{TOP1}\n");
    let limited = [
        "solve",
        "--config",
        "mrv",
        "--max-placements",
        "1000",
        "--unique",
        "--format",
        "json",
    ];
    let (out, _, code) = run_with_stdin(&limited, line.as_bytes());
    let v = &json_lines(&out)[0];
    assert_eq!(
        (code, v["uniqueness"].as_str()),
        (0, Some("unique")),
        "{out}"
    );
    let without_check: Vec<&str> = limited
        .iter()
        .copied()
        .filter(|a| *a != "--unique")
        .collect();
    let (plain, _, _) = run_with_stdin(&without_check, line.as_bytes());
    let counters = |text: &str| {
        let mut stats = json_lines(text)[0]["stats"].clone();
        stats.as_object_mut().unwrap().remove("elapsed_us");
        stats
    };
    assert_eq!(counters(&out), counters(&plain));
    assert_eq!(counters(&out)["placements"], 481, "{out}");
}

#[test]
fn timeout_stops_inside_probing_and_the_rating() {
    // An empty 16x16 grid: probing after each placement takes seconds (7 s
    // before the clock was read inside propagation).
    let empty16 = format!("{}\n", ".".repeat(256));
    let started = std::time::Instant::now();
    let (out, _, code) = run_with_stdin(
        &[
            "solve",
            "--propagation",
            "probing",
            "--timeout",
            "200",
            "--format",
            "json",
        ],
        empty16.as_bytes(),
    );
    assert!(
        started.elapsed() < std::time::Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(code, 1);
    let v = &json_lines(&out)[0];
    assert_eq!(
        (v["status"].as_str(), v["error"].as_str()),
        (Some("stopped"), Some("time limit reached"))
    );
    // An empty 25x25 grid: the search is fast at singles, the rating at
    // probing is not (over a second) and reports `unknown` once the time
    // limit passes.
    let empty25 = format!("{}\n", ".".repeat(625));
    let (out, _, code) = run_with_stdin(
        &["solve", "--timeout", "100", "--format", "json"],
        empty25.as_bytes(),
    );
    let v = &json_lines(&out)[0];
    assert_eq!(
        (code, v["status"].as_str(), v["level_needed"].as_str()),
        (0, Some("solved"), Some("unknown"))
    );
}

#[test]
fn count_all_ignores_the_preset_cap_and_stopped_counts_are_lower_bounds() {
    let four = b"................\n";
    let (out, _, code) = run_with_stdin(&["count", "--all", "--quiet"], four);
    assert_eq!((out.as_str(), code), ("288\n", 0));
    let (_, _, _) = run_with_stdin(&["count", "--all", "--quiet"], four);
    // The preset's cap no longer applies to --all: the json says no limit.
    let (out, _, _) = run_with_stdin(&["count", "--all", "--format", "json"], four);
    assert_eq!(
        json_lines(&out)[0]["strategy"]["max_placements"],
        serde_json::Value::Null
    );
    // An explicit cap still applies, and its count is marked everywhere.
    let six = format!("{}\n", "0".repeat(36));
    let args = ["count", "--all", "--max-placements", "1000"];
    let (quiet, _, code) = run_with_stdin(&[&args[..], &["--quiet"]].concat(), six.as_bytes());
    assert_eq!(code, 1);
    assert!(quiet.starts_with(">="), "{quiet}");
    let (text, _, _) = run_with_stdin(&args, six.as_bytes());
    assert!(text.contains("stopped: at least"), "{text}");
    assert!(
        text.contains("(a lower bound: placement limit reached)"),
        "{text}"
    );
    let (json, _, _) = run_with_stdin(&[&args[..], &["--format", "json"]].concat(), six.as_bytes());
    let v = &json_lines(&json)[0];
    assert_eq!(
        (v["lower_bound"].as_bool(), v["exact"].as_bool()),
        (Some(true), Some(false))
    );
    let (csv, _, _) = run_with_stdin(&[&args[..], &["--format", "csv"]].concat(), six.as_bytes());
    assert!(
        csv.lines()
            .nth(1)
            .unwrap()
            .ends_with(",true,engine,portfolio"),
        "{csv}"
    );
}

#[test]
fn count_csv_has_one_column_per_name() {
    let (csv, _, _) = run_with_stdin(&["count", "--format", "csv"], b"................\n");
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let mut unique = header.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), header.len(), "{header:?}");
    let (csv, _, _) = run_with_stdin(&["solve", "--format", "csv"], b"................\n");
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let mut unique = header.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), header.len(), "{header:?}");
}

#[test]
fn every_layout_people_paste() {
    insta::glob!("inputs/layouts/*", |path| {
        let file = rel(path);
        assert_cmd_snapshot!(
            "layouts_quiet",
            sudoku(&["solve", &file, "--quiet", "--unique"])
        );
    });
    // Every puzzle of every valid layout file is read, none dropped.
    for (file, n) in [
        ("blocks.txt", 3),
        ("cr-only.txt", 2),
        ("kaggle.csv", 2),
        ("mixed-endings.txt", 4),
    ] {
        let (out, code) = stdout_of(&mut sudoku(&[
            "solve",
            &format!("tests/inputs/layouts/{file}"),
            "--format",
            "json",
        ]));
        assert_eq!(code, 0, "{file}");
        assert_eq!(json_lines(&out).len(), n, "{file}");
    }
    // The boards this tool prints read back.
    let (board, _, _) = run_with_stdin(
        &["solve", "--no-level-needed"],
        format!("{TOP1}\n").as_bytes(),
    );
    let first_board: String = board
        .lines()
        .skip(1)
        .take(13)
        .map(|l| format!("{}\n", &l[..25]))
        .collect();
    let (again, _, code) = run_with_stdin(&["solve", "--quiet"], first_board.as_bytes());
    assert_eq!(code, 0, "{first_board}");
    assert_eq!(
        again.trim(),
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
    );
}

#[test]
fn hexadecimal_sixteen_by_sixteen() {
    // The 16x16 test puzzle written in 0-F: `1` becomes `0`, ..., `G` `F`.
    let puzzle = std::fs::read_to_string(root().join("tests/inputs/solve/16x16.txt")).unwrap();
    let line = puzzle.lines().next().unwrap();
    let hex: String = line
        .chars()
        .map(|c| match c {
            '.' => '.',
            c => {
                let d = c.to_digit(36).unwrap();
                char::from_digit(d - 1, 16).unwrap().to_ascii_uppercase()
            }
        })
        .collect();
    let (expected, _, _) = run_with_stdin(&["solve", "--quiet"], format!("{line}\n").as_bytes());
    let to_hex = |s: &str| -> String {
        s.trim()
            .chars()
            .map(|c| {
                char::from_digit(c.to_digit(36).unwrap() - 1, 16)
                    .unwrap()
                    .to_ascii_uppercase()
            })
            .collect()
    };
    // Detected (a `0`, no `G`), with a note; solutions in the same alphabet.
    let (out, err, code) = run_with_stdin(&["solve", "--quiet"], format!("{hex}\n").as_bytes());
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), to_hex(&expected));
    assert!(err.contains("read as hexadecimal digits 0-F"), "{err}");
    // Explicit: no note.
    let (out, err, _) = run_with_stdin(
        &["solve", "--quiet", "--symbols", "0-F"],
        format!("{hex}\n").as_bytes(),
    );
    assert_eq!((out.trim(), err.as_str()), (to_hex(&expected).as_str(), ""));
    // `1-9A-G` reads `0` as empty: a different (here unsolvable or multi)
    // puzzle, never the hex one silently.
    let (out, _, _) = run_with_stdin(
        &[
            "solve",
            "--symbols",
            "1-9A-G",
            "--format",
            "json",
            "--no-level-needed",
        ],
        format!("{hex}\n").as_bytes(),
    );
    assert_ne!(
        json_lines(&out)[0]["solution"].as_str(),
        Some(to_hex(&expected).as_str())
    );
    assert_cmd_snapshot!(
        "error_bad_symbols",
        sudoku(&["solve", "--symbols", "F-0"]).pass_stdin("x\n")
    );
}

#[test]
fn box_shapes() {
    // 6x6 with boxes 3 high and 2 wide: this grid is valid only that way.
    let grid = "123456\n345612\n561234\n234561\n456123\n612345\n";
    let flat: String = grid.lines().collect();
    let (_, _, code) = run_with_stdin(
        &["solve", "--quiet", "--box", "3x2"],
        format!("{flat}\n").as_bytes(),
    );
    assert_eq!(code, 0);
    let (_, err, code) = run_with_stdin(&["solve", "--quiet"], format!("{flat}\n").as_bytes());
    assert_eq!(code, 2);
    assert!(err.contains("contradictory givens"), "{err}");
    let (out, _, code) = run_with_stdin(&["solve", "--quiet", "--box", "3x2"], grid.as_bytes());
    assert_eq!((out.trim(), code), (flat.as_str(), 0));
    assert_cmd_snapshot!(
        "error_bad_box",
        sudoku(&["solve", "--box", "3by2"]).pass_stdin("x\n")
    );
    timing_filters! {
        assert_cmd_snapshot!("error_box_wrong_size", sudoku(&["solve", "--box", "3x2"]).pass_stdin(format!("{TOP1}\n")));
    }
}

#[test]
fn a_closed_stderr_ends_quietly_with_the_documented_code() {
    // Many invalid lines: stderr is closed after the first write.
    let junk = "12345\n".repeat(5000);
    let mut child = sudoku(&["solve"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stderr.take());
    child
        .stdin
        .take()
        .unwrap()
        .write_all(junk.as_bytes())
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(2));
}

#[test]
fn errors_are_capped_and_binary_files_refused() {
    let mut junk = String::new();
    for i in 0..150 {
        junk.push_str(if i % 3 == 0 {
            "123#............\n"
        } else {
            "12345\n"
        });
    }
    let (out, err, code) = run_with_stdin(&["solve", "--quiet"], junk.as_bytes());
    assert_eq!(code, 2);
    assert_eq!(out.lines().count(), 150);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 101, "{err}");
    assert_eq!(
        lines[100],
        "sudoku: ... and 50 more invalid lines not shown (only the first 100 are): 16 invalid character, 34 wrong length"
    );
    let (out, err, code) = run_with_stdin(&["solve"], b"1234\x00\x01\x02\n................\n");
    assert_eq!(code, 2);
    // Nothing was read: no total beside the error.
    assert_eq!(out, "");
    assert_eq!(
        err,
        "sudoku: cannot read -: a binary file (a NUL byte at offset 4)\n"
    );
}

#[test]
fn zero_jobs_means_every_core() {
    let (a, _, code) = run_with_stdin(
        &["solve", "--quiet", "-j", "0"],
        format!("{TOP1}\n").as_bytes(),
    );
    let (b, _, _) = run_with_stdin(
        &["solve", "--quiet", "-j", "1"],
        format!("{TOP1}\n").as_bytes(),
    );
    assert_eq!((code, a), (0, b));
}

#[test]
fn compare_plot_has_a_panel_per_set_and_merges_identical_curves() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let svg = dir.join("cactus.svg");
    let runs_csv = dir.join("runs.csv");
    // EA/5 and EA/8 order digits identically: one curve, one legend entry.
    let (_, code) = stdout_of(&mut sudoku(&[
        "compare",
        "--set",
        "hardest11",
        "--set",
        "top95",
        "--cells",
        "EA",
        "--values",
        "5,8",
        "--propagation",
        "singles",
        "--plot",
        svg.to_str().unwrap(),
        "--per-puzzle",
        runs_csv.to_str().unwrap(),
    ]));
    assert_eq!(code, 0);
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let texts: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .map(str::trim)
        .collect();
    assert!(texts.contains(&"sudoku compare: hardest11"));
    assert!(texts.contains(&"sudoku compare: top95"));
    assert_eq!(
        texts
            .iter()
            .filter(|t| **t == "1. EA/5/singles = EA/8/singles")
            .count(),
        2,
        "{texts:?}"
    );
    // Per-puzzle CSV: a flat strategy column, then solve's columns.
    let csv = std::fs::read_to_string(&runs_csv).unwrap();
    let mut lines = csv.lines();
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("strategy,file,line,puzzle,status,")
    );
    assert_eq!(lines.clone().count(), 2 * (11 + 95));
    assert!(lines.next().unwrap().starts_with("EA/5/singles,hardest11,"));
    // A plot path that cannot be drawn fails before the run.
    let started = std::time::Instant::now();
    let (_, err, code) = run_with_stdin(
        &[
            "compare",
            "--set",
            "top95",
            "--cells",
            "all",
            "--plot",
            dir.join("x.png").to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(code, 2);
    assert!(err.contains("only SVG is drawn"), "{err}");
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
}

#[test]
fn compare_counts_per_seed_and_shows_the_spread() {
    // EC/0 with 4 seeds against EA/0 once: solved counts per seed, so both
    // show 11 (not 44 against 11).
    let (out, code) = stdout_of(&mut sudoku(&[
        "compare",
        "--set",
        "hardest11",
        "--cells",
        "EA,EC",
        "--values",
        "0",
        "--propagation",
        "singles",
        "--seeds",
        "1..4",
        "--format",
        "json",
    ]));
    assert_eq!(code, 0);
    let rows = json_lines(&out);
    for r in &rows {
        assert_eq!(r["solved_per_seed"], 11.0, "{r}");
        let spread = &r["seed_placements_mean"];
        assert!(spread["min"].as_f64() <= spread["median"].as_f64());
        assert!(spread["median"].as_f64() <= spread["max"].as_f64());
    }
    let random = rows
        .iter()
        .find(|r| r["strategy"] == "EC/0/singles")
        .unwrap();
    assert_eq!(
        (random["runs"].as_u64(), random["solved"].as_u64()),
        (Some(44), Some(44))
    );
    let (text, _) = stdout_of(&mut sudoku(&[
        "compare",
        "--set",
        "hardest11",
        "--cells",
        "EA,EC",
        "--values",
        "0",
        "--propagation",
        "singles",
        "--seeds",
        "1..4",
        "--no-timings",
    ]));
    assert!(text.contains("seed means min/med/max"), "{text}");
    assert!(!text.contains(" 44"), "{text}");
}

#[test]
fn compare_marks_best_only_where_a_direction_means_something() {
    let (text, _) = stdout_of(&mut sudoku(&[
        "compare",
        "--set",
        "hardest11",
        "--cells",
        "EA",
        "--values",
        "0",
        "--propagation",
        "fc,singles",
        "--rules",
        "--no-timings",
    ]));
    let header = text.lines().nth(1).unwrap();
    let start = header.find("fc rm").unwrap();
    for line in text.lines().skip(2) {
        assert!(!line[start.min(line.len())..].contains('*'), "{line}");
    }
}

#[test]
fn seeds_without_a_random_heuristic_get_a_note() {
    let (_, err, _) = run_with_stdin(
        &["solve", "--seed", "3", "--quiet"],
        format!("{TOP1}\n").as_bytes(),
    );
    assert_eq!(
        err,
        "sudoku: note: --seed has no effect: the strategy EH/5 has no random heuristic (cells C, values 2)\n"
    );
    let (_, err, _) = run_with_stdin(
        &["solve", "--seed", "3", "--cells", "C", "--quiet"],
        format!("{TOP1}\n").as_bytes(),
    );
    assert_eq!(err, "");
    let (_, err, _) = run_with_stdin(
        &[
            "compare",
            "--set",
            "hardest11",
            "--cells",
            "EA",
            "--seeds",
            "1..3",
            "--no-timings",
        ],
        b"",
    );
    assert!(err.contains("--seeds has no effect"), "{err}");
}

#[test]
fn compare_text_fits_the_terminal_width_or_the_chosen_columns() {
    let args = [
        "compare",
        "--set",
        "hardest11",
        "--cells",
        "EA,EH",
        "--values",
        "0",
        "--propagation",
        "singles",
        "--no-timings",
        "--rules",
    ];
    let (full, _) = stdout_of(&mut sudoku(&args));
    assert!(full.lines().nth(1).unwrap().len() > 200);
    let (fitted, _) = stdout_of(sudoku(&args).env("COLUMNS", "100"));
    let lines: Vec<&str> = fitted.lines().collect();
    assert!(
        lines[1..lines.len() - 1].iter().all(|l| l.len() <= 100),
        "{fitted}"
    );
    assert!(
        lines
            .last()
            .unwrap()
            .contains("columns left out to fit 100 characters"),
        "{fitted}"
    );
    // csv keeps every column whatever the width.
    let (csv, _) =
        stdout_of(sudoku(&[&args[..], &["--format", "csv"]].concat()).env("COLUMNS", "100"));
    assert!(csv.lines().next().unwrap().contains("other_removals_mean"));
    let (chosen, _) = stdout_of(&mut sudoku(
        &[&args[..], &["--columns", "solved,guesses-mean"]].concat(),
    ));
    assert_eq!(
        chosen.lines().nth(1).unwrap(),
        "#  strategy      seeds  set        solved  guesses mean"
    );
}

#[test]
fn compare_warns_before_a_huge_run_count() {
    let mut child = sudoku(&[
        "compare",
        "--set",
        "hardest11",
        "--cells",
        "C",
        "--values",
        "0",
        "--seeds",
        "1..1000000",
    ])
    .stdout(Stdio::null())
    .stderr(Stdio::piped())
    .spawn()
    .unwrap();
    let mut err = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut first = String::new();
    std::io::BufRead::read_line(&mut err, &mut first).unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        first.starts_with("sudoku: note: this comparison makes 11000000 runs"),
        "{first}"
    );
}

// ---------------------------------------------------------------- variants

#[test]
fn variant_input_errors_name_file_and_element_and_exit_2() {
    insta::glob!("inputs/variants-bad/*.json", |path| {
        let file = rel(path);
        assert_cmd_snapshot!("variant_error", sudoku(&["count", "--limit", "2", &file]));
    });
}

#[test]
fn variant_files_links_and_folders() {
    // A folder of f-puzzles files: every puzzle counted, all unique.
    let (out, code) = stdout_of(&mut sudoku(&[
        "count",
        "--limit",
        "2",
        "--quiet",
        "puzzles/variants/thermo",
    ]));
    assert_eq!((out.as_str(), code), ("1\n1\n1\n1\n1\n", 0));
    // A file and the same puzzle's f-puzzles link give the same answer.
    let file = "puzzles/variants/combo/combo-fpuzzles-clipped.json";
    let (from_file, code) = stdout_of(&mut sudoku(&["solve", file, "--quiet"]));
    assert_eq!(code, 0);
    let links = std::fs::read_to_string(root().join("puzzles/variants/links.txt")).unwrap();
    let link = links
        .lines()
        .find_map(|l| l.strip_prefix("combo/combo-fpuzzles-clipped "))
        .unwrap();
    let (from_link, _, code) = run_with_stdin(&["solve", "--quiet"], link.as_bytes());
    assert_eq!((from_link, code), (from_file, 0));
    // Global rules by flag on plain lines, on the empty 4x4 grid; the counts
    // agree with a brute-force enumeration of all 4x4 grids (a few lines of
    // Python over the 24^4 grids of permuted rows).
    let empty = "................";
    let count = |variant: &str| {
        let (out, _, code) = run_with_stdin(
            &["count", "--all", "--quiet", "--variant", variant],
            empty.as_bytes(),
        );
        // No solution is a failure (exit 1), not an error.
        assert_eq!(code, i32::from(out.trim() == "0"), "{variant}");
        out.trim().to_string()
    };
    assert_eq!(count("classic"), "288");
    assert_eq!(count("diagonal"), "48");
    assert_eq!(count("x"), "48");
    assert_eq!(count("windoku"), "168");
    assert_eq!(count("diagonal,windoku"), "48");
    assert_eq!(count("anti-king"), "0");
    // Prime sides: no boxes, rows and columns plus the regions the grid
    // gives. Counts checked by brute force (Python over all 5x5 Latin
    // squares): 1800 grids fit the jigsaw regions; 1344 Latin squares have
    // the first row 12345.
    let sizes = "tests/inputs/variant-sizes";
    let quiet_count = |file: &str| {
        let (out, _, code) = run_with_stdin(
            &["count", "--all", "--quiet", &format!("{sizes}/{file}")],
            b"",
        );
        (out.trim().to_string(), code)
    };
    assert_eq!(quiet_count("jigsaw-5x5-empty.json"), ("1800".into(), 0));
    assert_eq!(quiet_count("latin-5x5-first-row.json"), ("1344".into(), 0));
    let (out, _, code) = run_with_stdin(
        &[
            "solve",
            "--unique",
            "--quiet",
            &format!("{sizes}/jigsaw-5x5.json"),
        ],
        b"",
    );
    assert_eq!((out.trim(), code), ("1234541523342512513453412", 0));
    let (_, err, code) = run_with_stdin(&["count", "--variant", "knight"], empty.as_bytes());
    assert_eq!(code, 2);
    assert!(err.contains("unknown variant `knight`"), "{err}");
}

#[test]
fn variant_solve_text_and_json() {
    timing_filters! {
        assert_cmd_snapshot!(sudoku(&["solve", "puzzles/variants/thermo/thermo-timwi-thermometer.json"]));
        assert_cmd_snapshot!(sudoku(&["solve", "--format", "json", "puzzles/variants/killer/killer-timwi-killer.json"]));
        // Jigsaw regions are drawn as walls, the rules listed.
        assert_cmd_snapshot!(sudoku(&["solve", "puzzles/variants/jigsaw/jigsaw-janko-093.json"]));
        assert_cmd_snapshot!(sudoku(&["candidates", "puzzles/variants/jigsaw/jigsaw-janko-093.json"]));
        assert_cmd_snapshot!(sudoku(&["count", "--all", "--format", "json", "--variant", "diagonal"]).pass_stdin("................\n"));
    }
}

/// Clause learning: the counts of a whole 4x4 grid and of a hard classic
/// puzzle (exact, with clauses blocking the solutions found), its JSON
/// strategy and counters, a traced search's learnt clauses, and the
/// levels it refuses.
#[test]
fn learning_outputs() {
    timing_filters! {
        assert_cmd_snapshot!("learning_count_all_4x4", sudoku(&["count", "--all", "--config", "lcg"]).pass_stdin("................\n"));
        // hardest11's second puzzle: 14 placements, 13 failures, 13 clauses.
        let second = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..\n";
        assert_cmd_snapshot!("learning_solve_json", sudoku(&["solve", "--config", "lcg", "--format", "json"]).pass_stdin(second));
        assert_cmd_snapshot!("learning_count_flag", sudoku(&["count", "--limit", "2", "--cells", "SE", "--propagation", "singles", "--learning", "puzzles/hardest11.txt"]).current_dir(root()));
    }
    assert_cmd_snapshot!(
        "learning_error_probing",
        sudoku(&["solve", "--learning", "--propagation", "probing"])
            .pass_stdin("................\n")
    );
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("trace.txt");
    let (_, code) = stdout_of(
        sudoku(&[
            "solve",
            "--config",
            "lcg",
            "--trace",
            trace.to_str().unwrap(),
            "--trace-format",
            "text",
            "puzzles/hardest11.txt",
        ])
        .current_dir(root()),
    );
    assert_eq!(code, 0);
    let text = std::fs::read_to_string(&trace).unwrap();
    let learnt: Vec<&str> = text
        .lines()
        .filter(|l| l.trim_start().starts_with("learnt: "))
        .collect();
    let failures = text
        .lines()
        .filter(|l| l.trim_start().starts_with("fail: "))
        .count();
    // One clause per failure, each asserting the negation of a placement
    // or a removal and naming the depth the search jumps back to.
    assert_eq!(learnt.len(), failures);
    assert!(
        learnt.iter().all(|l| l.contains("; back to depth ")),
        "{learnt:?}"
    );
    assert_eq!((learnt.len(), failures), (44, 44));
}

#[test]
fn generate_outputs() {
    assert_cmd_snapshot!(
        "generate_text",
        sudoku(&[
            "generate",
            "--seed",
            "7",
            "-n",
            "3",
            "--symmetry",
            "rot180",
            "-q"
        ])
    );
    assert_cmd_snapshot!(
        "generate_json",
        sudoku(&[
            "generate", "--seed", "7", "-n", "2", "--clues", "30..32", "--format", "json", "-q"
        ])
    );
    assert_cmd_snapshot!(
        "generate_six_by_six_diagonal",
        sudoku(&[
            "generate",
            "--seed",
            "7",
            "-n",
            "2",
            "--size",
            "6",
            "--variant",
            "diagonal",
            "-q"
        ])
    );
    assert_cmd_snapshot!(
        "generate_lines",
        sudoku(&[
            "generate",
            "--seed",
            "7",
            "-n",
            "2",
            "--lines",
            "between-line,x-sum,little-killer",
            "--line-count",
            "6",
            "-q"
        ])
    );
    assert_cmd_snapshot!(
        "generate_error_lines",
        sudoku(&["generate", "--lines", "between-line,arrow"])
    );
    assert_cmd_snapshot!(
        "generate_error_sixteen_clues",
        sudoku(&["generate", "--clues", "16"])
    );
    assert_cmd_snapshot!(
        "generate_error_level",
        sudoku(&["generate", "--level", "diabolical"])
    );
    assert_cmd_snapshot!(
        "generate_error_size_seven",
        sudoku(&["generate", "--size", "7"])
    );
    assert_cmd_snapshot!(
        "generate_error_jigsaw_symmetry",
        sudoku(&["generate", "--jigsaw", "--symmetry", "rot180"])
    );
    assert_cmd_snapshot!(
        "generate_error_killer_text",
        sudoku(&["generate", "--killer", "--format", "text"])
    );
    assert_cmd_snapshot!(
        "generate_six_by_six_jigsaw",
        sudoku(&["generate", "--seed", "3", "--size", "6", "--jigsaw", "-q"])
    );
    assert_cmd_snapshot!(
        "generate_four_by_four_killer_json",
        sudoku(&[
            "generate", "--seed", "3", "--size", "4", "--killer", "--format", "json", "-q"
        ])
    );
    assert_cmd_snapshot!(
        "generate_missed",
        sudoku(&[
            "generate",
            "--seed",
            "1",
            "--clues",
            "17",
            "--attempts",
            "2",
            "-q"
        ])
    );
}

#[test]
fn generated_jigsaw_and_killer_documents_read_back_unique() {
    for layout in [&["--jigsaw"][..], &["--killer"], &["--jigsaw", "--killer"]] {
        let mut args = vec!["generate", "--seed", "5", "-n", "4", "-q"];
        args.extend(layout);
        let (documents, code) = stdout_of(&mut sudoku(&args));
        assert_eq!(code, 0);
        assert_eq!(documents.lines().count(), 4);
        // Each line an f-puzzles document that `count` reads back, with
        // exactly one solution: the one it carries.
        let (counted, _, code) =
            run_with_stdin(&["count", "--limit", "2", "-q", "-"], documents.as_bytes());
        assert_eq!(
            (counted.lines().filter(|l| *l == "1").count(), code),
            (4, 0),
            "{layout:?}"
        );
        let (solved, _, _) =
            run_with_stdin(&["solve", "--format", "json", "-"], documents.as_bytes());
        for (record, document) in json_lines(&solved).iter().zip(json_lines(&documents)) {
            let carried: String = (document["solution"].as_array().unwrap().iter())
                .map(|d| d.to_string())
                .collect();
            assert_eq!(record["solution"].as_str().unwrap(), carried, "{layout:?}");
        }
    }
}

#[test]
fn generated_puzzles_are_the_same_whatever_the_jobs_and_check_out() {
    let run = |jobs: &str| {
        let (out, code) = stdout_of(&mut sudoku(&[
            "generate",
            "--seed",
            "11",
            "-n",
            "40",
            "--symmetry",
            "mirror",
            "--format",
            "json",
            "--jobs",
            jobs,
            "-q",
        ]));
        assert_eq!(code, 0);
        out
    };
    let one = run("1");
    assert!(one == run("2"), "--jobs 1 and --jobs 2 differ");
    let records = json_lines(&one);
    assert_eq!(records.len(), 40);
    let puzzles: Vec<String> = (records.iter())
        .enumerate()
        .map(|(i, r)| {
            assert_eq!(r["index"], i as u64);
            assert_eq!(r["seed"], 11);
            assert_eq!(r["symmetry"], "mirror");
            assert_eq!(r["minimal"], true);
            r["puzzle"].as_str().unwrap().to_string()
        })
        .collect();
    // Each one unique, by the count command.
    let (counted, _, code) = run_with_stdin(
        &["count", "--limit", "2", "-q", "-"],
        (puzzles.join("\n") + "\n").as_bytes(),
    );
    assert_eq!(
        (counted.lines().filter(|l| *l == "1").count(), code),
        (40, 0)
    );
    // The rating in the json is the one `rate` gives.
    let (rated, _, _) = run_with_stdin(&["rate", "--format", "json", "-"], puzzles[0].as_bytes());
    let rated = &json_lines(&rated)[0];
    for key in ["level_needed", "grade", "score"] {
        assert_eq!(rated[key], records[0][key], "{key}");
    }
}

#[test]
fn rate_outputs() {
    timing_filters! {
        assert_cmd_snapshot!("rate_text", sudoku(&["rate", "puzzles/hardest11.txt"]));
        assert_cmd_snapshot!("rate_csv", sudoku(&["rate", "puzzles/hardest11.txt", "--format", "csv"]));
        assert_cmd_snapshot!("rate_json", sudoku(&["rate", "puzzles/hardest11.txt", "--format", "json", "-j", "1"]));
        assert_cmd_snapshot!("rate_mixed", sudoku(&["rate", "tests/inputs/mixed.txt"]));
    }
}

#[test]
fn rate_gives_up_at_its_time_limit() {
    // An empty 25x25 grid takes minutes at probing; the 9x9 line after it
    // is still rated, and the exit code tells that one was not.
    let input = format!("{}\n{TOP1}\n", ".".repeat(625));
    assert_cmd_snapshot!(
        "rate_timeout",
        sudoku(&["rate", "--timeout", "200", "-j", "1", "-"]).pass_stdin(input)
    );
}

#[test]
fn rate_orders_the_shipped_sets_as_their_names_say() {
    let mean = |file: &str| {
        let (out, _) = stdout_of(&mut sudoku(&["rate", file, "--format", "json"]));
        let scores: Vec<f64> = (json_lines(&out).iter())
            .filter_map(|r| r["score"].as_f64())
            .collect();
        scores.iter().sum::<f64>() / scores.len() as f64
    };
    let easy = mean("puzzles/easy-35-clue-200.txt");
    let seventeen = mean("puzzles/17-clue-1000.txt");
    let top = mean("puzzles/top1465.txt");
    let hardest = mean("puzzles/forum-hardest-100.txt");
    assert!(
        easy < seventeen && seventeen < top && top < hardest,
        "{easy} {seventeen} {top} {hardest}"
    );
}

/// The counters of a `--trace` file's puzzle, rebuilt from its events.
fn recount(events: &[serde_json::Value]) -> serde_json::Value {
    let mut c = std::collections::BTreeMap::<String, i64>::new();
    for k in [
        "backtracks",
        "backtrack_iterations",
        "failures",
        "guesses",
        "placements",
    ] {
        c.insert(k.into(), 0);
    }
    let mut add = |k: &str, n: i64| *c.entry(k.to_string()).or_default() += n;
    let mut depth = 0;
    let mut max_depth = 0;
    let mut placed = std::collections::BTreeSet::new();
    for e in events {
        match e["event"].as_str().unwrap() {
            "choose" | "solution" => add("iterations", 1),
            "place" => {
                add("placements", 1);
                add("guesses", i64::from(e["guess"].as_bool().unwrap()));
                depth += 1;
                assert_eq!(e["depth"], depth);
                max_depth = max_depth.max(depth);
                placed.insert(e["cell"].as_str().unwrap().to_string());
            }
            "backtrack" => {
                assert_eq!(e["depth"], depth);
                depth -= 1;
                add("backtracks", 1);
                add("backtrack_iterations", 1);
            }
            "fail" => {
                add("failures", 1);
                if e["cause"] == "check" {
                    add("iterations", 1);
                }
            }
            "fixpoint" => {
                add("propagations", e["runs"].as_i64().unwrap());
                for (rule, n) in e["rules"].as_object().unwrap() {
                    add(&format!("{rule}.runs"), n.as_i64().unwrap());
                }
            }
            "deduce" => {
                let rule = e["rule"].as_str().unwrap();
                let filled = e["filled"].as_array().unwrap().len() as i64;
                let removed: usize = (e["removed"].as_array().unwrap().iter())
                    .map(|r| r["digits"].as_array().unwrap().len())
                    .sum();
                add(&format!("{rule}.assignments"), filled);
                add(&format!("{rule}.removals"), removed as i64);
            }
            _ => {}
        }
    }
    add("max_depth", max_depth);
    add("cells_placed", placed.len() as i64);
    c.retain(|k, v| *v != 0 || !k.contains('.'));
    serde_json::to_value(c).unwrap()
}

/// The same counters, read from a stats object.
fn counters_of(stats: &serde_json::Value) -> serde_json::Value {
    let mut c = std::collections::BTreeMap::<String, i64>::new();
    for k in [
        "iterations",
        "placements",
        "guesses",
        "backtracks",
        "backtrack_iterations",
        "failures",
        "propagations",
        "max_depth",
        "cells_placed",
    ] {
        c.insert(k.into(), stats[k].as_i64().unwrap());
    }
    for (rule, counts) in stats["rules"].as_object().unwrap() {
        for k in ["runs", "removals", "assignments"] {
            let n = counts[k].as_i64().unwrap();
            if n != 0 {
                c.insert(format!("{rule}.{k}"), n);
            }
        }
    }
    c.retain(|k, v| *v != 0 || !k.contains('.'));
    serde_json::to_value(c).unwrap()
}

#[test]
fn every_counter_is_recomputed_from_a_trace_file() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let input = dir.join("top95-20.txt");
    let top95 = std::fs::read_to_string(root().join("puzzles/top95.txt")).unwrap();
    let first: Vec<&str> = top95.lines().take(20).collect();
    std::fs::write(&input, first.join("\n") + "\n").unwrap();
    let strategies: [&[&str]; 5] = [
        &[
            "--cells",
            "A",
            "--values",
            "0",
            "--propagation",
            "none",
            "--max-placements",
            "500",
        ],
        &[
            "--cells",
            "EA",
            "--values",
            "0",
            "--propagation",
            "fc",
            "--max-placements",
            "2000",
        ],
        &["--cells", "EH", "--values", "5", "--propagation", "singles"],
        &["--cells", "EA", "--values", "0", "--propagation", "gac"],
        &[
            "--cells",
            "C",
            "--values",
            "2",
            "--propagation",
            "fc",
            "--seed",
            "3",
            "--max-placements",
            "2000",
        ],
    ];
    for strategy in strategies {
        let trace = dir.join("trace.jsonl");
        let mut args = vec!["count", input.to_str().unwrap(), "--format", "json"];
        args.extend([
            "--trace",
            trace.to_str().unwrap(),
            "--trace-limit",
            "100000000",
        ]);
        args.extend(strategy);
        let (out, code) = stdout_of(&mut sudoku(&args));
        assert!(code == 0 || code == 1, "{strategy:?}: exit {code}");
        let records = json_lines(&out);
        // One puzzle's events at a time (a whole file can be large).
        let file = std::io::BufReader::new(std::fs::File::open(&trace).unwrap());
        let mut runs = Vec::new();
        let mut run: Vec<serde_json::Value> = Vec::new();
        let mut puzzles = 0;
        let check = |run: &[serde_json::Value], record: &serde_json::Value| {
            let end = run.last().unwrap();
            assert_eq!(end["event"], "end");
            let want = counters_of(&record["stats"]);
            assert_eq!(counters_of(&end["stats"]), want, "{strategy:?}");
            assert_eq!(recount(run), want, "{strategy:?} line {}", record["line"]);
            let solutions = run.iter().filter(|e| e["event"] == "solution").count();
            assert_eq!(record["stats"]["solutions"], solutions, "{strategy:?}");
        };
        for line in std::io::BufRead::lines(file) {
            let e: serde_json::Value = serde_json::from_str(&line.unwrap()).unwrap();
            if e["event"] == "puzzle" && !run.is_empty() {
                check(&run, &records[puzzles]);
                puzzles += 1;
                run.clear();
            }
            run.push(e);
        }
        check(&run, &records[puzzles]);
        runs.push(puzzles + 1);
        assert_eq!(runs, [20], "{strategy:?}");
    }
}

#[test]
fn trace_of_a_small_search() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let trace = dir.join("t.jsonl");
    let t = trace.to_str().unwrap();
    let puzzle = b"1...........4..2\n";
    let strategy = ["-q", "--cells", "EA", "--propagation", "fc"];
    let solve = |more: &[&str]| {
        let mut args = vec!["solve", "-"];
        args.extend(strategy);
        args.extend(more);
        let (_, err, code) = run_with_stdin(&args, puzzle);
        assert_eq!(code, 0, "{err}");
        std::fs::read_to_string(&trace).unwrap()
    };
    let text = solve(&["--trace", t]);
    timing_filters! {
        insta::assert_snapshot!("trace_small_search", text);
    }
    // The same search for people.
    let text = solve(&["--trace", t, "--trace-format", "text"]);
    insta::assert_snapshot!("trace_small_search_text", text);
    // Cut after 4 events: the search goes on, the end line still comes.
    let (out, _, _) = run_with_stdin(
        &["count", "-", "-q", "--trace", t, "--trace-limit", "4"],
        puzzle,
    );
    assert_eq!(out, ">=2\n");
    let events: Vec<String> = json_lines(&std::fs::read_to_string(&trace).unwrap())
        .iter()
        .map(|e| e["event"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        events,
        [
            "puzzle", "deduce", "deduce", "deduce", "deduce", "cut", "end"
        ]
    );
}

#[test]
fn trace_failures_name_their_house() {
    // With house propagators, fast or generic, a failure that empties no
    // cell is shown by a house: a digit without a place, or placed twice.
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let trace = dir.join("t.jsonl");
    let t = trace.to_str().unwrap();
    for propagators in ["fast", "generic"] {
        let (_, code) = stdout_of(&mut sudoku(&[
            "solve",
            "puzzles/hardest11.txt",
            "-q",
            "--cells",
            "EA",
            "--values",
            "0",
            "--propagation",
            "singles",
            "--propagators",
            propagators,
            "--trace",
            t,
        ]));
        assert_eq!(code, 0);
        let fails: Vec<serde_json::Value> = json_lines(&std::fs::read_to_string(&trace).unwrap())
            .into_iter()
            .filter(|e| e["event"] == "fail" && e["cause"] == "propagator")
            .collect();
        assert_eq!(fails.len(), 28, "{propagators}");
        for f in &fails {
            let house = f["house"].as_str().unwrap();
            assert!(
                ["row ", "column ", "box "]
                    .iter()
                    .any(|k| house.starts_with(k)),
                "{f}"
            );
            assert!((1..=9).contains(&f["digit"].as_u64().unwrap()), "{f}");
        }
    }
}

#[test]
fn trace_failures_name_their_element() {
    // A variant element's propagator that fails, or empties a cell, is
    // named as the element (the cage, the dot), in JSON and in text.
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let trace = dir.join("t.jsonl");
    let t = trace.to_str().unwrap();
    let search = |puzzle: &str, format: &str| {
        let (_, code) = stdout_of(&mut sudoku(&[
            "solve",
            puzzle,
            "-q",
            "--cells",
            "A",
            "--values",
            "0",
            "--propagation",
            "singles",
            "--trace",
            t,
            "--trace-format",
            format,
        ]));
        assert_eq!(code, 0);
        std::fs::read_to_string(&trace).unwrap()
    };
    let killer = "puzzles/variants/killer/killer-janko-021.json";
    let fails: Vec<serde_json::Value> = json_lines(&search(killer, "jsonl"))
        .into_iter()
        .filter(|e| e["event"] == "fail" && !e["element"].is_null())
        .collect();
    insta::assert_snapshot!(
        fails.iter().map(|f| f.to_string()).collect::<Vec<_>>().join("\n"),
        @r#"
    {"cause":"propagator","digit":1,"element":"killer cage 4 at r3c1 r4c1","event":"fail","house":"column 1","propagator":"distinct-sum","rule":"sum","twice":true}
    {"cause":"propagator","element":"killer cage 12 at r2c2 r3c2 r3c3","event":"fail","propagator":"distinct-sum","rule":"sum"}
    {"cause":"wipeout","cell":"r1c7","element":"killer cage 10 at r1c6 r1c7 r2c7","event":"fail","rule":"sum"}
    "#
    );
    let text = search(killer, "text");
    let lines: Vec<&str> = (text.lines())
        .filter(|l| l.contains("fail:") && l.contains("killer cage"))
        .map(str::trim)
        .collect();
    assert_eq!(
        lines,
        [
            "fail: 1 is placed twice in column 1 (killer cage 4 at r3c1 r4c1, distinct-sum, sum)",
            "fail: killer cage 12 at r2c2 r3c2 r3c3 cannot be kept (distinct-sum, sum)",
            "fail: r1c7 has no candidate left (killer cage 10 at r1c6 r1c7 r2c7, sum)",
        ]
    );
    // Every failure of an arrow's propagator names its arrow; the houses'
    // failures name none.
    let fails: Vec<serde_json::Value> = json_lines(&search(
        "puzzles/variants/arrow/arrow-lisudoku-arrow_9x9_2.json",
        "jsonl",
    ))
    .into_iter()
    .filter(|e| e["event"] == "fail")
    .collect();
    let count = |f: &dyn Fn(&serde_json::Value) -> bool| fails.iter().filter(|e| f(e)).count();
    assert_eq!(fails.len(), 5072);
    assert_eq!(count(&|e| e["propagator"] == "number-sum"), 1151);
    assert_eq!(
        count(&|e| e["propagator"] == "number-sum"
            && e["element"]
                .as_str()
                .is_some_and(|a| a.starts_with("arrow "))),
        1151
    );
    assert_eq!(
        count(&|e| e["propagator"] == "all-different" && !e["element"].is_null()),
        0
    );
    assert_eq!(
        count(&|e| e["cause"] == "wipeout" && !e["element"].is_null()),
        8
    );
    // Deductions name theirs too: each of a cage's its cage, each of a
    // house's its house (the generic propagators: one per house).
    let deduced = |e: &serde_json::Value, p: &str| e["event"] == "deduce" && e["propagator"] == p;
    let events = json_lines(&search(killer, "jsonl"));
    let sums: Vec<&serde_json::Value> = events
        .iter()
        .filter(|e| deduced(e, "distinct-sum"))
        .collect();
    assert_eq!(sums.len(), 297);
    assert!(sums.iter().all(|e| {
        e["element"]
            .as_str()
            .is_some_and(|c| c.starts_with("killer cage "))
    }));
    let houses: Vec<&serde_json::Value> = events
        .iter()
        .filter(|e| deduced(e, "all-different"))
        .collect();
    assert_eq!(houses.len(), 401);
    assert!(
        houses
            .iter()
            .all(|e| e["house"].is_string() && e["element"].is_null())
    );
    let text = search(killer, "text");
    assert!(text.contains("\n  sum (killer cage 20 at r1c1 r1c2 r2c1): 6 candidates removed\n"));
    assert!(text.contains("    fc in row 1: 8 candidates removed\n"));
}

#[test]
fn trace_fast_propagator_names_houses_as_generic_does() {
    // The fast propagator stands for every house and pair of houses; its
    // deductions name the house (or the two houses of a locked pair) that
    // made them, and its trace is the generic propagators' event for event
    // (but for the propagator's name and the time).
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let trace = dir.join("t.jsonl");
    let t = trace.to_str().unwrap();
    let search = |propagators: &str, variant: &str, format: &str| {
        let (_, code) = stdout_of(&mut sudoku(&[
            "solve",
            "puzzles/hardest11.txt",
            "-q",
            "--variant",
            variant,
            "--cells",
            "EA",
            "--values",
            "0",
            "--propagation",
            "locked",
            "--propagators",
            propagators,
            "--trace",
            t,
            "--trace-format",
            format,
        ]));
        assert!(code == 0 || variant != "classic", "exit {code}");
        std::fs::read_to_string(&trace).unwrap()
    };
    fn unnamed(mut e: serde_json::Value) -> serde_json::Value {
        if let Some(o) = e.as_object_mut() {
            o.remove("propagator");
            for key in ["contradiction", "stats"] {
                if let Some(inner) = o.get_mut(key).and_then(|c| c.as_object_mut()) {
                    inner.remove("propagator");
                    inner.remove("elapsed_us");
                }
            }
        }
        e
    }
    for variant in ["classic", "diagonal"] {
        let fast: Vec<_> = json_lines(&search("fast", variant, "jsonl"))
            .into_iter()
            .map(unnamed)
            .collect();
        let generic: Vec<_> = json_lines(&search("generic", variant, "jsonl"))
            .into_iter()
            .map(unnamed)
            .collect();
        assert_eq!(fast.len(), generic.len(), "{variant}");
        for (f, g) in fast.iter().zip(&generic) {
            assert_eq!(f, g, "{variant}");
        }
        if variant == "diagonal" {
            assert!(fast.iter().any(|e| e["house"] == "the main diagonal"));
            continue;
        }
        let deduced = |rule: &str, key: &str| {
            let of_rule = fast
                .iter()
                .filter(|e| e["event"] == "deduce" && e["rule"] == rule);
            let named = of_rule.clone().filter(|e| !e[key].is_null()).count();
            (of_rule.count(), named)
        };
        assert_eq!(deduced("fc", "house"), (1180, 1180));
        assert_eq!(deduced("hidden_singles", "house"), (686, 686));
        assert_eq!(deduced("locked", "houses"), (1035, 1035));
        // The engine's own naked singles stand for no house.
        assert_eq!(deduced("naked_singles", "house"), (538, 0));
    }
    let text = search("fast", "classic", "text");
    assert!(text.contains("\n  locked in row 4 and box 5: 3 candidates removed\n"));
    assert!(text.contains("\n  hidden_singles in box 4: r5c2 = 7; 2 candidates removed\n"));
}

#[test]
fn trace_errors() {
    assert_cmd_snapshot!(
        "trace_error_limit_without_file",
        sudoku(&["solve", "puzzles/hardest11.txt", "--trace-limit", "5"])
    );
    assert_cmd_snapshot!(
        "trace_error_cannot_create",
        sudoku(&[
            "solve",
            "puzzles/hardest11.txt",
            "--trace",
            "no/such/dir/t.jsonl"
        ])
    );
}

#[test]
fn render_draws_a_board() {
    let (svg, err, code) = run_with_stdin(
        &["render", "-", "--svg", "-", "--solution"],
        b"1...........4..2\n",
    );
    assert_eq!(code, 0, "{err}");
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let texts: Vec<&str> = (doc.descendants())
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect();
    // Three givens, then thirteen digits of the solution, in reading order.
    assert_eq!(texts.concat(), "1243342121344312");
    insta::assert_snapshot!("render_small_board", svg);
}

#[test]
fn render_errors() {
    assert_cmd_snapshot!(
        "render_error_no_such_puzzle",
        sudoku(&[
            "render",
            "puzzles/hardest11.txt",
            "--svg",
            "-",
            "--puzzle",
            "12"
        ])
    );
    assert_cmd_snapshot!(
        "render_error_bad_level",
        sudoku(&[
            "render",
            "puzzles/hardest11.txt",
            "--svg",
            "-",
            "--candidates",
            "all"
        ])
    );
    assert_cmd_snapshot!(
        "render_error_cannot_write",
        sudoku(&[
            "render",
            "puzzles/hardest11.txt",
            "--svg",
            "no/such/dir/x.svg"
        ])
    );
}

#[test]
fn the_readme_pictures_are_what_render_draws() {
    for cells in ["A", "EA"] {
        let picture = format!("docs/heatmap-{cells}-fc-hardest11.svg");
        let scratch = tempfile::tempdir().unwrap();
        let dir = scratch.path();
        let fresh = dir.join(format!("{cells}.svg"));
        let (_, code) = stdout_of(&mut sudoku(&[
            "solve",
            "puzzles/hardest11.txt",
            "-q",
            "--cells",
            cells,
            "--values",
            "0",
            "--propagation",
            "fc",
            "--heatmap",
            fresh.to_str().unwrap(),
        ]));
        assert_eq!(code, 0);
        let svg = std::fs::read_to_string(&fresh).unwrap();
        let committed = std::fs::read_to_string(root().join(&picture)).unwrap();
        assert!(
            svg == committed,
            "{picture} is out of date: run the heatmap commands of docs/guide/explaining.md"
        );
        assert!(svg.contains(&format!(">{cells}/0/fc: 11 puzzles</text>")));
    }
    let pictures: [(&str, &str, &[&str]); 3] = [
        (
            "puzzles/variants/combo/combo-fpuzzles-clipped.json",
            "docs/render-clipped.svg",
            &[],
        ),
        (
            "puzzles/variants/combo/combo-fpuzzles-300-subs.json",
            "docs/render-300-subs-candidates.svg",
            &["--candidates", "singles"],
        ),
        (
            "puzzles/variants/killer/killer-janko-021.json",
            "docs/render-killer-solution.svg",
            &["--solution"],
        ),
    ];
    for (input, picture, extra) in pictures {
        let mut args = vec!["render", input, "--svg", "-"];
        args.extend(extra);
        let (svg, code) = stdout_of(&mut sudoku(&args));
        assert_eq!(code, 0, "{input}");
        let committed = std::fs::read_to_string(root().join(picture)).unwrap();
        assert!(
            svg == committed,
            "{picture} is out of date: run the render commands of docs/guide/explaining.md"
        );
    }
}

#[test]
fn compare_draws_a_heatmap_per_row_as_solve_does() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let (_, code) = stdout_of(&mut sudoku(&[
        "compare",
        "--set",
        "hardest11",
        "--cells",
        "A,EA",
        "--values",
        "0",
        "--propagation",
        "fc",
        "--no-timings",
        "--heatmap",
        dir.to_str().unwrap(),
    ]));
    assert_eq!(code, 0);
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["A-0-fc-on-hardest11.svg", "EA-0-fc-on-hardest11.svg"]
    );
    // The same counts as solve's heatmap of the same strategy and set.
    for cells in ["A", "EA"] {
        let row =
            std::fs::read_to_string(dir.join(format!("{cells}-0-fc-on-hardest11.svg"))).unwrap();
        let solved =
            std::fs::read_to_string(root().join(format!("docs/heatmap-{cells}-fc-hardest11.svg")))
                .unwrap();
        let title = format!("{cells}/0/fc on hardest11: 11 puzzles");
        assert_eq!(
            row.replace(&title, &format!("{cells}/0/fc: 11 puzzles")),
            solved
        );
    }
    let (out, code) = stdout_of(&mut sudoku(&[
        "compare",
        "--set",
        "hardest11",
        "--shard",
        "1/2",
        "--runs",
        "x.jsonl",
        "--heatmap",
        "h",
    ]));
    assert_eq!((out.as_str(), code), ("", 2));
}

#[test]
fn explanations_one_per_technique() {
    // For each technique, the first puzzle of the shipped sets whose
    // hardest step it is (none there needs a full house, a direct
    // claiming, a Jellyfish, a BUG of type 2 to 4, an X-Cycle, a Forcing
    // X-Chain, a W-Wing or a contradiction most).
    let cases = [
        ("hidden single", "puzzles/easy-35-clue-200.txt", 1),
        ("direct pointing", "puzzles/minimal-200.txt", 77),
        ("direct hidden pair", "puzzles/easy-35-clue-200.txt", 68),
        ("naked single", "puzzles/minimal-200.txt", 28),
        ("direct hidden triple", "puzzles/minimal-200.txt", 196),
        ("pointing", "puzzles/minimal-200.txt", 14),
        ("claiming", "puzzles/minimal-200.txt", 15),
        ("naked pair", "puzzles/minimal-200.txt", 18),
        ("X-Wing", "puzzles/se-rated-72.tsv", 10),
        ("hidden pair", "puzzles/minimal-200.txt", 48),
        ("naked triple", "puzzles/minimal-200.txt", 89),
        ("Swordfish", "puzzles/se-rated-72.tsv", 34),
        ("hidden triple", "puzzles/minimal-200.txt", 84),
        ("Skyscraper", "puzzles/easy-35-clue-200.txt", 166),
        ("2-String Kite", "puzzles/top95.txt", 5),
        ("Turbot Fish", "puzzles/top1465.txt", 913),
        ("grouped Skyscraper", "puzzles/top95.txt", 83),
        ("grouped 2-String Kite", "puzzles/minimal-200.txt", 16),
        ("grouped Turbot Fish", "puzzles/17-clue-1000.txt", 389),
        ("XY-Wing", "puzzles/minimal-200.txt", 24),
        ("XYZ-Wing", "puzzles/minimal-200.txt", 109),
        ("unique rectangle type 1", "puzzles/minimal-200.txt", 1),
        ("unique rectangle type 2", "puzzles/top1465.txt", 516),
        ("unique rectangle type 4", "puzzles/top95.txt", 61),
        (
            "unique rectangle type 3 (hidden pair)",
            "puzzles/top95.txt",
            39,
        ),
        (
            "unique rectangle type 3 (naked pair)",
            "puzzles/top1465.txt",
            1104,
        ),
        (
            "unique loop type 2 (6 cells)",
            "puzzles/minimal-200.txt",
            26,
        ),
        ("unique loop type 1 (8 cells)", "puzzles/top1465.txt", 966),
        ("naked quad", "puzzles/top1465.txt", 528),
        ("hidden quad", "puzzles/top1465.txt", 510),
        ("grouped 3 Skyscrapers", "puzzles/top1465.txt", 743),
        ("grouped 3-String Kite", "puzzles/17-clue-1000.txt", 375),
        ("3 Skyscrapers", "puzzles/minimal-200.txt", 174),
        ("grouped 3 Strong Links", "puzzles/top1465.txt", 129),
        ("WXYZ-Wing", "puzzles/minimal-200.txt", 8),
        ("BUG+1", "puzzles/top1465.txt", 1398),
        ("grouped 4 Strong Links", "puzzles/top1465.txt", 936),
        ("VWXYZ-Wing", "puzzles/minimal-200.txt", 125),
        ("UVWXYZ-Wing", "puzzles/minimal-200.txt", 5),
        ("Y-Cycle", "puzzles/minimal-200.txt", 143),
        ("XY-Cycle", "puzzles/minimal-200.txt", 85),
        ("Forcing Chain", "puzzles/minimal-200.txt", 2),
        ("TUVWXYZ-Wing", "puzzles/top1465.txt", 444),
        ("Nishio Forcing Chains", "puzzles/17-clue-1000.txt", 782),
        ("Cell Forcing Chains", "puzzles/minimal-200.txt", 76),
        ("Region Forcing Chains", "puzzles/minimal-200.txt", 131),
        (
            "Dynamic Contradiction Forcing Chains",
            "puzzles/minimal-200.txt",
            21,
        ),
        ("Dynamic Double Forcing Chains", "puzzles/top95.txt", 86),
        ("Dynamic Cell Forcing Chains", "puzzles/top95.txt", 35),
        ("Dynamic Region Forcing Chains", "puzzles/top95.txt", 7),
    ];
    for (technique, file, line) in cases {
        let text = std::fs::read_to_string(root().join(file)).unwrap();
        // A puzzle per line; in the TSV, before its rating.
        let puzzle = text
            .lines()
            .nth(line - 1)
            .unwrap()
            .split('\t')
            .next()
            .unwrap();
        let (out, err, code) = run_with_stdin(&["explain", "-"], format!("{puzzle}\n").as_bytes());
        assert_eq!(code, 0, "{err}");
        let (json, _, _) = run_with_stdin(
            &["explain", "-", "--format", "json"],
            format!("{puzzle}\n").as_bytes(),
        );
        let record = &json_lines(&json)[0];
        let key: String = (technique.chars())
            .filter_map(|c| match c {
                ' ' | '-' => Some('_'),
                '(' | ')' | '+' => None,
                c => Some(c.to_ascii_lowercase()),
            })
            .collect();
        assert_eq!(record["hardest"], technique, "{file}:{line}");
        assert_eq!(record["status"], "solved");
        insta::assert_snapshot!(format!("explain_{key}"), format!("{file}:{line}\n{out}"));
        // The first step of the technique, its pattern and picture.
        let k = (record["steps"].as_array().unwrap().iter())
            .position(|s| s["technique"] == technique)
            .unwrap();
        pattern_and_picture(record, puzzle, &format!("{file}:{line}"), &key, k);
    }
}

/// Step `k` (from 0) of the explanation `record` of `puzzle` (from
/// `place`): its pattern as a snapshot `explain_pattern_{key}`, and its
/// picture, drawn by `render --step`, as the guide shows it in
/// `images/techniques/{key}.svg` (`UPDATE_PICTURES=1` redraws it).
fn pattern_and_picture(record: &serde_json::Value, puzzle: &str, place: &str, key: &str, k: usize) {
    let step = &record["steps"][k];
    let list = |key: &str| -> String {
        let items: Vec<String> = (step[key].as_array().unwrap().iter())
            .map(|v| match v {
                serde_json::Value::String(s) => s.clone(),
                v => format!("{}{}", v["cell"].as_str().unwrap(), v["digit"]),
            })
            .collect();
        items.join(" ")
    };
    let links: Vec<String> = (step["links"].as_array().unwrap().iter())
        .map(|l| {
            let end =
                |e: &serde_json::Value| format!("{}{}", e["cell"].as_str().unwrap(), e["digit"]);
            let sign = if l["strong"] == true { "=" } else { "-" };
            format!("{}{sign}{}", end(&l["from"]), end(&l["to"]))
        })
        .collect();
    let (svg, err, code) = run_with_stdin(
        &["render", "-", "--step", &(k + 1).to_string()],
        format!("{puzzle}\n").as_bytes(),
    );
    assert_eq!(code, 0, "{err}");
    let picture = root().join(format!("docs/guide/images/techniques/{key}.svg"));
    if std::env::var_os("UPDATE_PICTURES").is_some() {
        std::fs::write(&picture, &svg).unwrap();
    }
    let guide = std::fs::read_to_string(root().join("docs/guide/explaining.md")).unwrap();
    assert!(
        guide.contains(&format!("(images/techniques/{key}.svg)")),
        "the guide shows no picture of {key}"
    );
    let drawn = std::fs::read_to_string(&picture).unwrap_or_default();
    assert!(
        drawn == svg,
        "{} is not what `render --step {}` draws (UPDATE_PICTURES=1 redraws it)",
        picture.display(),
        k + 1
    );
    insta::assert_snapshot!(
        format!("explain_pattern_{key}"),
        format!(
            "{place}\ncells: {}\ncandidates: {}\nbase: {}\ncover: {}\nfins: {}\nlinks: {}\neureka: {}\nform: {}",
            list("cells"),
            list("candidates"),
            list("base"),
            list("cover"),
            list("fins"),
            links.join(" "),
            step["eureka"],
            step["form"]
        )
    );
}

#[test]
fn named_forms_drawn() {
    // For each form, the first step of it in the shipped sets.
    let cases = [
        ("AIC", "puzzles/minimal-200.txt", 2),
        ("Continuous Nice Loop", "puzzles/minimal-200.txt", 2),
        ("W-Wing", "puzzles/minimal-200.txt", 61),
        ("ALS-XZ", "puzzles/minimal-200.txt", 10),
        ("Empty Rectangle", "puzzles/minimal-200.txt", 129),
        ("XY-Chain", "puzzles/top95.txt", 59),
        ("sashimi Swordfish", "puzzles/top1465.txt", 303),
        ("finned Swordfish", "puzzles/top1465.txt", 532),
    ];
    for (form, file, line) in cases {
        let text = std::fs::read_to_string(root().join(file)).unwrap();
        let puzzle = text.lines().nth(line - 1).unwrap();
        let (json, _, _) = run_with_stdin(
            &["explain", "-", "--format", "json"],
            format!("{puzzle}\n").as_bytes(),
        );
        let record = &json_lines(&json)[0];
        let k = (record["steps"].as_array().unwrap().iter())
            .position(|s| s["form"] == form)
            .unwrap_or_else(|| panic!("no {form} in {file}:{line}"));
        let key: String = form.to_ascii_lowercase().replace([' ', '-'], "_");
        pattern_and_picture(
            record,
            puzzle,
            &format!("{file}:{line}"),
            &format!("form_{key}"),
            k,
        );
    }
}

#[test]
fn explain_stops_before_a_step_harder_than_asked() {
    // minimal-200 line 2: 22 steps up to a grouped 3-String Kite (5.7),
    // then a Forcing Chain (7.2), its hardest.
    let text = std::fs::read_to_string(root().join("puzzles/minimal-200.txt")).unwrap();
    let puzzle = format!("{}\n", text.lines().nth(1).unwrap());
    let (json, _, code) = run_with_stdin(
        &[
            "explain",
            "-",
            "--max-difficulty",
            "6.6",
            "--format",
            "json",
        ],
        puzzle.as_bytes(),
    );
    assert_eq!(code, 1);
    let record = &json_lines(&json)[0];
    assert_eq!(record["status"], "stopped");
    assert_eq!(record["steps"].as_array().unwrap().len(), 22);
    assert_eq!(record["harder"]["technique"], "Forcing Chain");
    assert_eq!(record["harder"]["difficulty"], 7.2);
    assert_eq!(record["se"], serde_json::Value::Null);
    assert_eq!(
        record["summary"],
        "stopped after 22 steps: the next step, Forcing Chain (7.2), is harder than 6.6"
    );
    let (out, _, code) = run_with_stdin(
        &["explain", "-", "--max-difficulty", "6.6"],
        puzzle.as_bytes(),
    );
    assert_eq!(code, 1);
    assert!(
        out.contains("\nnext, not made: Forcing Chain (7.2): r1c8 = 6 -> "),
        "{out}"
    );
    assert!(
        out.ends_with("explained: 0 solved, 0 stuck, 1 stopped (harder than 6.6)\n"),
        "{out}"
    );
    // As hard as its hardest step: to the end.
    let (json, _, code) = run_with_stdin(
        &[
            "explain",
            "-",
            "--max-difficulty",
            "7.2",
            "--format",
            "json",
        ],
        puzzle.as_bytes(),
    );
    assert_eq!(code, 0);
    let record = &json_lines(&json)[0];
    assert_eq!(
        (record["status"].as_str(), record["harder"].is_null()),
        (Some("solved"), true)
    );
    assert_eq!(record["se"]["er"], 7.2);
    // A number that is no difficulty is refused by name.
    let (_, err, code) = run_with_stdin(
        &["explain", "-", "--max-difficulty", "6.66"],
        puzzle.as_bytes(),
    );
    assert_eq!(code, 2);
    assert!(err.contains("not a difficulty: `6.66`"), "{err}");
}

#[test]
fn generate_to_a_rating_and_to_a_technique() {
    // 20 puzzles rated 7.0 to 8.0 (serate 1.16 rates these 20 the same:
    // 7.1 to 7.4), each unique and rated so again by `rate --scale se`.
    let (out, code) = stdout_of(&mut sudoku(&[
        "generate", "--se", "7.0-8.0", "--count", "20", "--seed", "1", "--format", "json", "-q",
    ]));
    assert_eq!(code, 0);
    let records = json_lines(&out);
    assert_eq!(records.len(), 20);
    let puzzles: Vec<&str> = records
        .iter()
        .map(|r| r["puzzle"].as_str().unwrap())
        .collect();
    let input = puzzles.join("\n") + "\n";
    let (rated, _, code) = run_with_stdin(
        &["rate", "-", "--scale", "se", "--format", "json"],
        input.as_bytes(),
    );
    assert_eq!(code, 0);
    for (record, again) in records.iter().zip(json_lines(&rated)) {
        let er = again["se"]["er"].as_f64().unwrap();
        assert!((7.0..=8.0).contains(&er), "{er}");
        assert_eq!(record["se"]["er"], again["se"]["er"]);
        assert_eq!(again["solutions"], 1);
    }
    // Each of 5 puzzles takes an X-Wing.
    let (out, code) = stdout_of(&mut sudoku(&[
        "generate",
        "--technique",
        "x-wing",
        "--count",
        "5",
        "--seed",
        "3",
        "-q",
    ]));
    assert_eq!(code, 0);
    let (json, _, _) = run_with_stdin(&["explain", "-", "--format", "json"], out.as_bytes());
    let explained = json_lines(&json);
    assert_eq!(explained.len(), 5);
    for record in &explained {
        assert!(
            record["techniques"].get("X-Wing").is_some(),
            "{}",
            record["techniques"]
        );
    }
    // Names and ranges that are none are refused.
    let (_, err, code) = run_with_stdin(&["generate", "--technique", "x-wings"], b"");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("invalid --technique `x-wings` (valid: full-house, hidden-single,"),
        "{err}"
    );
    let (_, err, code) = run_with_stdin(&["generate", "--se", "8-7"], b"");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("the rating range 8.0-7.0 is empty"), "{err}");
    let (_, err, _) = run_with_stdin(&["generate", "--se", "7", "--killer"], b"");
    assert!(err.contains("need a puzzle of houses alone"), "{err}");
}

#[test]
fn explanations_of_variants_name_their_elements() {
    // A cage and a thermometer are the hardest steps of these; the killer
    // without givens takes a hidden quad (in a 9x9 house a hidden quad is
    // a naked quint's other side).
    let cases = [
        (
            "killer_cage",
            "killer/killer-timwi-killer.json",
            "killer cage",
        ),
        (
            "thermometer",
            "thermo/thermo-timwi-thermometer.json",
            "thermometer",
        ),
        (
            "hidden_quad",
            "killer/killer-timwi-killer-nogivens.json",
            "contradiction",
        ),
    ];
    for (name, file, hardest) in cases {
        let path = format!("puzzles/variants/{file}");
        let (out, code) = stdout_of(&mut sudoku(&["explain", &path]));
        assert_eq!(code, 0, "{out}");
        let (json, _) = stdout_of(&mut sudoku(&["explain", &path, "--format", "json"]));
        let record = &json_lines(&json)[0];
        assert_eq!(record["hardest"], hardest, "{file}");
        let technique = name.replace('_', " ");
        let steps = record["steps"].as_array().unwrap();
        assert!(steps.iter().any(|s| s["technique"] == technique.as_str()));
        insta::assert_snapshot!(format!("explain_variant_{name}"), out);
    }
}

#[test]
fn explain_says_where_it_is_stuck() {
    // hardest11 (all solved, nested chains for two) and three puzzles of
    // more than one solution, where the techniques stop.
    let mut text = std::fs::read_to_string(root().join("puzzles/hardest11.txt")).unwrap();
    let serg = std::fs::read_to_string(root().join("puzzles/serg-multi-solution-100.txt")).unwrap();
    text.extend(serg.lines().take(3).map(|l| format!("{l}\n")));
    let (out, _, code) = run_with_stdin(&["explain", "-", "-q"], text.as_bytes());
    // Stuck puzzles are failures (exit 1), like unsolved ones.
    assert_eq!(code, 1);
    let stuck: Vec<&str> = out.lines().filter(|l| l.contains("stuck")).collect();
    assert_eq!(stuck.len(), 3, "{out}");
    let lines: Vec<&str> = stuck.iter().map(|l| l.split(' ').next().unwrap()).collect();
    assert_eq!(lines, ["-:12:", "-:13:", "-:14:"], "{out}");
    let (json, _, _) = run_with_stdin(&["explain", "-", "--format", "json"], text.as_bytes());
    for record in json_lines(&json) {
        if record["status"] == "stuck" {
            // Nine rows and four box lines, as `candidates` draws them.
            assert_eq!(record["stuck"].as_array().unwrap().len(), 13);
        }
    }
}

#[test]
fn a_rule_of_your_own_on_plain_puzzles_and_its_errors() {
    // The top band blank: 168 solutions; odd digits never touching on the
    // diagonal r1c5-r3c7 leaves 28.
    let band =
        "...........................265934871794128563138567249376451928852396417419782356\n";
    let rule = "regex:r1c5-r3c7:[2468]*([13579][2468]+)*[13579]?";
    let run = |args: &[&str]| {
        let mut child = sudoku(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(band.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        (
            String::from_utf8(out.stdout).unwrap(),
            out.status.code().unwrap(),
        )
    };
    let (plain, _) = run(&["count", "--limit", "1000"]);
    assert!(plain.starts_with("-:1: 168 solutions"), "{plain}");
    let (ruled, code) = run(&["count", "--limit", "1000", "--rule", rule]);
    assert!(ruled.starts_with("-:1: 28 solutions"), "{ruled}");
    assert!(ruled.contains("rules: regex"), "{ruled}");
    assert_eq!(code, 0);
    // A rule that does not fit a 4x4 puzzle fails that puzzle alone.
    let mixed = format!("{band}................\n");
    timing_filters! {
        assert_cmd_snapshot!("rule_outside_a_small_grid", sudoku(&["count", "--limit", "1000", "--rule", rule]).pass_stdin(mixed.as_str()));
        assert_cmd_snapshot!("rule_bad_syntax", sudoku(&["count", "--rule", "regex:r1c1-r2c3:1"]));
    }
}

#[test]
fn a_recorded_solution_that_differs_from_the_one_found_is_said() {
    let text =
        std::fs::read_to_string(root().join("puzzles/variants/killer/killer-timwi-killer.json"))
            .unwrap();
    let mut doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    let solution = doc["solution"].as_array_mut().unwrap();
    solution.swap(0, 1);
    doc["author"] = serde_json::json!("Timwi");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("swapped.json");
    std::fs::write(&path, doc.to_string()).unwrap();
    let (out, code) = stdout_of(&mut sudoku(&["solve", path.to_str().unwrap()]));
    assert_eq!(code, 0);
    assert!(
        out.contains("\ntitle: killer-timwi-killer, by Timwi\n"),
        "{out}"
    );
    assert!(
        out.contains("\nwarning: the solution found differs from the one the file records"),
        "{out}"
    );
    let (json, _) = stdout_of(&mut sudoku(&[
        "solve",
        "--format",
        "json",
        path.to_str().unwrap(),
    ]));
    let record = &json_lines(&json)[0];
    assert_eq!(record["recorded_solution"], "differs");
    assert_eq!(record["author"], "Timwi");
}

#[test]
fn sudokupad_links_and_payloads_are_read_and_unknown_shapes_refused() {
    // A 4x4 killer in SudokuPad's zipped format: a cage of 3 at r1c1-r1c2,
    // a title; one link, the same payload alone, and a real puzzle whose
    // rules are in a background image (Parity Fish, from SakanaAI/Sudoku-
    // Bench's README).
    let zipped = "{ce:[[,,{v:3},],[,,,],[,,,],[,,,{v:1}]],re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],ca:[{ce:[[0,0],[0,1]],v:'3'},{v:'title: Tiny killer'},{ce:[[3,0],[3,1]],v:'7'},{ce:[[1,0],[2,0]],v:'5'}]}";
    let data = lz_str::compress_to_base64(zipped);
    let fish =
        std::fs::read_to_string(root().join("tests/inputs/sudokupad/parity-fish.txt")).unwrap();
    let input = format!(
        "https://sudokupad.app/scl{data}\nctc{data}\n{}\nhttps://sudokupad.app/abc123\n",
        fish.trim()
    );
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("links.txt"), input).unwrap();
    let run = |extra: &[&str]| {
        let mut cmd = sudoku(&[&["count", "--limit", "2"], extra, &["links.txt"]].concat());
        cmd.current_dir(dir.path());
        cmd
    };
    timing_filters! {
        assert_cmd_snapshot!("sudokupad_count", run(&[]));
        assert_cmd_snapshot!("sudokupad_count_ignore_unknown", run(&["--ignore-unknown"]));
    }
}

#[test]
fn restarts_in_the_trace_add_up_to_the_counters() {
    // Restarting after every failure (luby:1) on a hard puzzle at fc: the
    // trace's restart events are numbered 1..n, and their count and
    // nogoods are the run's `restarts` and `nogoods`; the text trace says
    // each.
    let scratch = tempfile::tempdir().unwrap();
    let trace = scratch.path().join("t.jsonl");
    let t = trace.to_str().unwrap();
    let set = std::fs::read_to_string(root().join("puzzles/hardest11.txt")).unwrap();
    let first = set
        .lines()
        .find(|l| !l.starts_with('#') && !l.trim().is_empty());
    let puzzle = format!("{}\n", first.unwrap());
    let args = [
        "solve",
        "-",
        "--format",
        "json",
        "--cells",
        "ZWA",
        "--propagation",
        "fc",
        "--restarts",
        "luby:1",
        "--trace",
        t,
    ];
    let (out, err, code) = run_with_stdin(&args, puzzle.as_bytes());
    assert_eq!(code, 0, "{err}");
    let record: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    let stats = &record["stats"];
    let text = std::fs::read_to_string(&trace).unwrap();
    let restarts: Vec<serde_json::Value> = (text.lines())
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|e| e["event"] == "restart")
        .collect();
    assert!(restarts.len() >= 3, "{} restarts", restarts.len());
    for (k, e) in restarts.iter().enumerate() {
        assert_eq!(e["number"], k + 1);
    }
    let nogoods: u64 = restarts
        .iter()
        .map(|e| e["nogoods"].as_u64().unwrap())
        .sum();
    assert_eq!(stats["restarts"], restarts.len());
    assert_eq!(stats["nogoods"], nogoods);
    let mut text_args = args.to_vec();
    text_args.extend(["--trace-format", "text"]);
    let (_, err, code) = run_with_stdin(&text_args, puzzle.as_bytes());
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&trace).unwrap();
    let first = text.lines().find(|l| l.starts_with("restart 1 ")).unwrap();
    assert!(
        first.ends_with("nogoods recorded, back to the root"),
        "{first}"
    );
}

/// `count` and `solve --unique` answer with the portfolio when no strategy
/// is named: the member that answers is named, its counters are those it
/// has alone, the answer is the same at any job count; traces and
/// single-search commands refuse a named portfolio.
#[test]
fn the_portfolio_answers_where_only_the_answer_matters() {
    let eddies = "puzzles/variants/combo/combo-fpuzzles-eddies.json";
    let record = |args: &[&str]| {
        let (out, _, code) = run_with_stdin(&[args, &["--format", "json"]].concat(), b"");
        assert_eq!(code, 0, "{out}");
        let mut v = json_lines(&out).remove(0);
        v["stats"]["elapsed_us"] = serde_json::Value::Null;
        v
    };
    // Eddies has rules beyond its houses: wdeg-gac-links's turns alone,
    // and it answers in its first (adaptive alone needs 4,775 placements);
    // wdeg-gac's 1,377 placements too (no linked places help there).
    let answer = record(&["count", eddies]);
    assert_eq!(answer["strategy"]["config"], "wdeg-gac-links");
    assert_eq!(answer["strategy"]["portfolio"], "portfolio");
    assert_eq!(answer["strategy"]["links"], true);
    assert_eq!(answer["stats"]["placements"], 1_377);
    let plain = record(&["count", "--config", "wdeg-gac", eddies]);
    assert_eq!(plain["stats"]["placements"], 1_377);
    let mut alone = record(&["count", "--config", "wdeg-gac-links", eddies]);
    alone["strategy"]["portfolio"] = "portfolio".into();
    assert_eq!(answer, alone);
    assert_eq!(record(&["count", "--jobs", "2", eddies]), answer);
    // solve --unique: the same portfolio for the solve and the check.
    let unique = record(&["solve", "--unique", eddies]);
    assert_eq!(unique["uniqueness"], "unique");
    assert_eq!(unique["strategy"]["config"], "wdeg-gac-links");
    // A classic puzzle: adaptive's turns first.
    let classic = record(&["count", "docs/examples/inkala.txt"]);
    assert_eq!(classic["strategy"]["config"], "adaptive");
    assert_eq!(classic["stats"]["placements"], 318);
    // A named strategy runs alone, without the key.
    let named = record(&["count", "--cells", "EH", "--values", "5", eddies]);
    assert!(named["strategy"].get("portfolio").is_none());
    // A trace follows one search: `default` then, a named portfolio refused.
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("t.jsonl");
    let trace = trace.to_str().unwrap();
    let traced = record(&["count", "--trace", trace, "docs/examples/inkala.txt"]);
    assert_eq!(traced["strategy"]["config"], "default");
    let refusals = [
        (
            &["count", "--config", "portfolio", "--trace", trace][..],
            "--trace and --heatmap follow one search, and the portfolio `portfolio` runs several: name one of its members (adaptive, wdeg-gac, wdeg, wdeg-gac-links) with --config",
        ),
        (
            &["count", "--config", "portfolio", "--cells", "A"][..],
            "the portfolio `portfolio` takes no --cells: name one of its members (adaptive, wdeg-gac, wdeg, wdeg-gac-links) with --config to set a chain",
        ),
        (
            &["compare", "--config", "portfolio", "--set", "hardest11"][..],
            "compare runs one search, and the portfolio `portfolio` runs several: name one of its members (adaptive, wdeg-gac, wdeg, wdeg-gac-links)",
        ),
    ];
    for (args, message) in refusals {
        let (_, err, code) = run_with_stdin(&[args, &["docs/examples/inkala.txt"]].concat(), b"");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
    // True candidates by the portfolio's turns: the same record as by one
    // strategy (the counts do not depend on who found the solutions).
    for file in [eddies, "docs/examples/inkala.txt"] {
        let candidates = |config: &str| {
            let args = [
                "candidates",
                "--true",
                "--config",
                config,
                "--format",
                "json",
                file,
            ];
            let (out, err, code) = run_with_stdin(&args, b"");
            assert_eq!(code, 0, "{config}: {err}");
            out
        };
        assert_eq!(candidates("portfolio"), candidates("wdeg-gac"), "{file}");
    }
}

/// `render --fpuzzles` writes a puzzle as an f-puzzles document that reads
/// back as the same puzzle: every SudokuPad puzzle of the repo, written
/// out and counted again, has the same solutions (and the same rules) as
/// the original, and a plain line with --variant carries its rules.
#[test]
fn render_writes_an_f_puzzles_document_that_reads_back_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/sudokupad");
    let mut files: Vec<_> = std::fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    let count = |file: &str| {
        let args = ["count", "--config", "default", "--format", "json", file];
        let (out, err, _) = run_with_stdin(&args, b"");
        let record = json_lines(&out).remove(0);
        let keep = ["status", "solutions", "solution", "rules"];
        let kept: serde_json::Map<_, _> = (keep.iter())
            .map(|k| (k.to_string(), record[*k].clone()))
            .collect();
        (kept, err.is_empty())
    };
    let mut written = 0;
    for file in &files {
        let file = file.to_str().unwrap();
        let out = dir.path().join("out.json");
        let out = out.to_str().unwrap();
        let (_, err, code) = run_with_stdin(&["render", file, "--fpuzzles", out], b"");
        if code != 0 {
            // A puzzle this tool cannot read (shapes it does not know)
            // is refused as `count` refuses it.
            assert!(err.contains(file), "{file}: {err}");
            continue;
        }
        assert_eq!(count(out), count(file), "{file}");
        written += 1;
    }
    assert_eq!((written, files.len()), (17, 18));
    // A plain line with --variant: the diagonals go with it.
    let (doc, _, code) = run_with_stdin(
        &["render", "--variant", "diagonal", "--fpuzzles", "-"],
        format!("{}\n", ".".repeat(81)).as_bytes(),
    );
    assert_eq!(code, 0);
    let doc: serde_json::Value = serde_json::from_str(&doc).unwrap();
    assert_eq!(
        (doc["diagonal+"].clone(), doc["diagonal-"].clone()),
        (true.into(), true.into())
    );
}

#[test]
fn csp_compare_runs_the_pipeline_over_instance_sets() {
    // Two families as two sets; the slow-convergence instance is not
    // read (a domain past 64 values): reported first, left out, exit 2.
    assert_cmd_snapshot!(
        "csp_compare_table",
        sudoku(&[
            "csp",
            "compare",
            "--cells",
            "E,W",
            "--values",
            "0",
            "--propagation",
            "gac",
            "--max-placements",
            "10000",
            "--no-timings",
            "instances/xcsp3/AllInterval",
            "instances/xcsp3/ChainReaction",
            "tests/inputs/xcsp3/too-wide.xml"
        ])
    );
    // A heuristic that needs a grid is refused by name before any run.
    assert_cmd_snapshot!(
        "csp_compare_grid_heuristic",
        sudoku(&[
            "csp",
            "compare",
            "--cells",
            "E,D",
            "instances/xcsp3/AllInterval"
        ])
    );
    // The CSV of `csp solve`: a row per instance, the record's keys.
    let (out, code) = stdout_of(&mut sudoku(&[
        "csp",
        "solve",
        "--format",
        "csv",
        "--cells",
        "EA",
        "--values",
        "0",
        "instances/xcsp3/AllInterval/AllInterval-5.xml",
    ]));
    assert_eq!(code, 0, "{out}");
    let mut rows = csv::Reader::from_reader(out.as_bytes());
    let header = rows.headers().unwrap().clone();
    let row = rows.records().next().unwrap().unwrap();
    let field = |name: &str| &row[header.iter().position(|h| h == name).unwrap()];
    assert_eq!(
        (
            field("status"),
            field("solutions"),
            field("values"),
            field("placements")
        ),
        ("satisfiable", "1", "0 4 1 3 2", "14")
    );
    assert_eq!(header.iter().filter(|h| *h == "solutions").count(), 1);
}

#[test]
fn csp_solves_and_counts_xcsp3_instances() {
    // ACE counts 92 solutions for 8 queens; Pigeons-6 has none;
    // SEND+MORE=MONEY one, with 18 letters of 10 values no constraint
    // mentions (each solution found counts for their 10^18 assignments);
    // a domain past 4,096 values is refused by name, with its line.
    timing_filters! {
        assert_cmd_snapshot!(
            "csp_count_text",
            sudoku(&["csp", "count", "--all", "--cells", "EA", "--values", "0",
                     "instances/xcsp3/Queens/Queens-8.xml", "instances/xcsp3/Pigeons/Pigeons-6.xml",
                     "instances/xcsp3/CryptoPuzzle/CryptoPuzzle-SEND-MORE-MONEY.xml"])
        );
        assert_cmd_snapshot!(
            "csp_solve_json",
            sudoku(&["csp", "solve", "--format", "json", "--cells", "EA", "--values", "0",
                     "instances/xcsp3/Langford/Langford-2-4.xml"])
        );
        assert_cmd_snapshot!(
            "csp_errors",
            sudoku(&["csp", "solve", "tests/inputs/xcsp3/too-wide.xml",
                     "no-such-file.xml", "instances/xcsp3/Queens/Queens-4.xml"])
        );
        // Variables past 4,096 values (csp-core wide variables): a small
        // job shop, its optimum 12 (machine A's load).
        assert_cmd_snapshot!(
            "csp_optimize_wide",
            sudoku(&["csp", "solve", "tests/inputs/xcsp3/job-shop.xml"])
        );
        // A trace of a search over wide variables: their placements, no
        // values listed for their bounds.
        let scratch = tempfile::tempdir().unwrap();
        let trace = scratch.path().join("shop.jsonl");
        let (out, code) = stdout_of(&mut sudoku(&[
            "csp",
            "solve",
            "--trace",
            trace.to_str().unwrap(),
            "tests/inputs/xcsp3/job-shop.xml",
        ]));
        assert_eq!(code, 0, "{out}");
        let events = std::fs::read_to_string(&trace).unwrap();
        assert_eq!(events.lines().filter(|l| l.contains(r#""event":"place""#)).count(), 53);
        // Learning over wide variables: RCPSP-14-2 (not proved in 60 s
        // without it) proved optimal, ACE's optimum, its clauses of bound
        // literals in the trace.
        let learnt = scratch.path().join("learnt.jsonl");
        let (out, code) = stdout_of(&mut sudoku(&[
            "csp",
            "solve",
            "--format",
            "json",
            "--config",
            "scheduling",
            "--learning",
            "--trace",
            learnt.to_str().unwrap(),
            "instances/xcsp3-wide/RCPSP/RCPSP-14-2.xml",
        ]));
        assert_eq!(code, 0, "{out}");
        let record: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        let proved = (record["best"].as_i64(), record["optimal"].as_bool());
        assert_eq!(proved, (Some(6393), Some(true)));
        assert_eq!(
            (record["stats"]["failures"].as_u64(), record["stats"]["nogoods"].as_u64()),
            (Some(1234), Some(1233))
        );
        assert_eq!(record["strategy"]["learning"], true);
        let events = std::fs::read_to_string(&learnt).unwrap();
        let bounds = (events.lines())
            .filter(|l| l.contains(r#""event":"learn""#) && (l.contains(" >= ") || l.contains(" <= ")))
            .count();
        assert_eq!(bounds, 1233);
        // Nothing of the search named: a model of wide variables takes the
        // scheduling preset, the others the default one; a chain named,
        // every model takes it.
        let config_of = |args: &[&str]| -> Vec<String> {
            let (out, _) = stdout_of(&mut sudoku(args));
            (out.lines())
                .map(|l| {
                    let record: serde_json::Value = serde_json::from_str(l).unwrap();
                    record["strategy"]["config"].as_str().unwrap().to_string()
                })
                .collect()
        };
        let both = ["tests/inputs/xcsp3/job-shop.xml", "instances/xcsp3/Queens/Queens-8.xml"];
        let solve = |flags: &[&'static str]| {
            let mut args = vec!["csp", "solve", "--format", "json"];
            args.extend_from_slice(flags);
            args.extend_from_slice(&both);
            config_of(&args)
        };
        assert_eq!(solve(&[]), ["scheduling", "default"]);
        assert_eq!(solve(&["--timeout", "60000"]), ["scheduling", "default"]);
        assert_eq!(solve(&["--cells", "EH"]), ["default", "default"]);
        assert_eq!(solve(&["--config", "default"]), ["default", "default"]);
        // Optimization: the optimum (ACE's: 11 for a Golomb ruler of 5
        // marks), with its cost, and the series' counters.
        assert_cmd_snapshot!(
            "csp_optimize_text",
            sudoku(&["csp", "solve", "--cells", "E", "--values", "0",
                     "instances/xcsp3-cop/GolombRuler/GolombRuler-5.xml"])
        );
        assert_cmd_snapshot!(
            "csp_optimize_json",
            sudoku(&["csp", "solve", "--format", "json", "--cells", "E", "--values", "0",
                     "tests/inputs/xcsp3/minimize.xml"])
        );
    }
    // The trace: the instance's names and values; optimizing, a root per
    // search of the series (the first finds 0 1 2, the second none
    // better), and the end line with the optimum.
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("minimize.jsonl");
    let (_, code) = stdout_of(&mut sudoku(&[
        "csp",
        "solve",
        "--cells",
        "E",
        "--values",
        "0",
        "--trace",
        trace.to_str().unwrap(),
        "tests/inputs/xcsp3/minimize.xml",
    ]));
    assert_eq!(code, 0);
    let lines: Vec<serde_json::Value> = (std::fs::read_to_string(&trace).unwrap().lines())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let named = |e: &str| lines.iter().filter(|l| l["event"] == e).count();
    assert_eq!(lines[0]["event"], "instance");
    assert_eq!((named("root"), named("solution"), named("end")), (2, 1, 1));
    let first = lines.iter().find(|l| l["event"] == "place").unwrap();
    assert_eq!(
        (&first["var"], &first["value"]),
        (&serde_json::json!("x[0]"), &serde_json::json!(0))
    );
    let end = lines.last().unwrap();
    assert_eq!(
        (&end["best"], &end["optimal"]),
        (&serde_json::json!(3), &serde_json::json!(true))
    );
    // Stopped before proving the optimum: the best so far, exit code 1.
    let (out, code) = stdout_of(&mut sudoku(&[
        "csp",
        "solve",
        "--max-placements",
        "200",
        "--cells",
        "E",
        "--values",
        "0",
        "instances/xcsp3-cop/GolombRuler/GolombRuler-6.xml",
    ]));
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(": satisfiable, best 17 so far (3 improving solutions to minimize)"),
        "{out}"
    );
    // A solution limit below the unconstrained variables' assignments.
    let (out, code) = stdout_of(&mut sudoku(&[
        "csp",
        "count",
        "--limit",
        "1000",
        "--format",
        "json",
        "instances/xcsp3/CryptoPuzzle/CryptoPuzzle-SEND-MORE-MONEY.xml",
    ]));
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(r#""solutions":1000,"#) && out.contains(r#""exact":false"#),
        "{out}"
    );
    // A limit that stops the search first: exit code 1.
    let (out, code) = stdout_of(&mut sudoku(&[
        "csp",
        "count",
        "--all",
        "--max-placements",
        "5",
        "--format",
        "json",
        "instances/xcsp3/Queens/Queens-8.xml",
    ]));
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(r#""status":"stopped""#) && out.contains(r#""lower_bound":true"#),
        "{out}"
    );
    // Not read for a constraint that does not take a variable past 4,096
    // values: the record still says what was read.
    let (out, code) = stdout_of(&mut sudoku(&[
        "csp",
        "solve",
        "--format",
        "json",
        "tests/inputs/xcsp3/too-wide.xml",
    ]));
    assert_eq!(code, 2);
    assert!(
        out.contains(r#""status":"invalid""#) && out.contains(r#""variables":4,"constraints":2"#),
        "{out}"
    );
    // The bitboard solver and portfolios are refused by name.
    let (_, code) = stdout_of(&mut sudoku(&[
        "csp",
        "solve",
        "--config",
        "fastest",
        "instances/xcsp3/Queens/Queens-4.xml",
    ]));
    assert_eq!(code, 2);
}

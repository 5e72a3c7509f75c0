//! What a new user tripped over on a fresh clone (the papercuts issue):
//! one test per item, each failing on the build before its fix.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// The binary, run from the workspace root.
fn sudoku(args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sudoku"));
    cmd.current_dir(root()).args(args).env_remove("COLUMNS");
    cmd
}

/// (stdout, stderr, exit code) of a run fed `stdin`.
fn run(args: &[&str], stdin: &str) -> (String, String, i32) {
    let mut child = sudoku(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let bytes = stdin.as_bytes().to_vec();
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

const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

/// Item 3: Quiet counts tell a lower bound from an exact count.
#[test]
fn a_quiet_count_stopped_at_its_limit_is_a_lower_bound() {
    let empty = "docs/examples/empty-4x4.txt";
    let quiet = |extra: &[&str]| run(&[&["count", "-q", empty], extra].concat(), "").0;
    assert_eq!(quiet(&["--limit", "287"]), ">=287\n");
    assert_eq!(quiet(&[]), ">=2\n");
    assert_eq!(quiet(&["--limit", "289"]), "288\n");
    assert_eq!(quiet(&["--all"]), "288\n");
    assert_eq!(run(&["count", "-q", "-"], INKALA).0, "1\n");
    assert_eq!(
        run(&["count", "-q", "--limit", "1", "-"], INKALA).0,
        ">=1\n"
    );
}

/// Item 4: `--unique -q` says on stderr which line was not unique.
#[test]
fn a_quiet_run_names_the_puzzles_that_failed() {
    let multi =
        std::fs::read_to_string(root().join("puzzles/serg-multi-solution-100.txt")).unwrap();
    let three: String = multi.lines().take(3).map(|l| format!("{l}\n")).collect();
    let input = format!("{INKALA}\n{three}");
    let (out, err, code) = run(&["solve", "--unique", "-q"], &input);
    assert_eq!(out.lines().count(), 4);
    assert_eq!(
        err,
        "sudoku: -:2: multiple solutions (not unique)\n\
         sudoku: -:3: multiple solutions (not unique)\n\
         sudoku: -:4: multiple solutions (not unique)\n"
    );
    assert_eq!(code, 1);
    let (_, err, code) = run(&["count", "-q"], &input);
    assert_eq!(
        err.lines().next(),
        Some("sudoku: -:2: not unique: multiple (2 or more solutions)")
    );
    assert_eq!(code, 1);
    let (_, err, _) = run(&["solve", "-q", "--max-placements", "3"], &three);
    assert!(
        err.starts_with("sudoku: -:1: stopped (placement limit reached)\n"),
        "{err}"
    );
}

/// Item 5: `-` as an output path is refused where standard output carries the
/// results, instead of making a file named `-`.
#[test]
fn dash_is_no_file_name_for_an_output() {
    let scratch = tempfile::tempdir().unwrap();
    let inkala = root().join("docs/examples/inkala.txt");
    let inkala = inkala.to_str().unwrap();
    for args in [
        &["solve", "--trace", "-", inkala][..],
        &["solve", "--heatmap", "-", inkala],
        &["count", "--trace", "-", inkala],
        &[
            "compare",
            "--set",
            "hardest11",
            "--cells",
            "E",
            "--per-puzzle",
            "-",
        ],
        &[
            "compare",
            "--set",
            "hardest11",
            "--cells",
            "E",
            "--plot",
            "-",
        ],
        &[
            "compare",
            "--set",
            "hardest11",
            "--cells",
            "E",
            "--runs",
            "-",
        ],
    ] {
        let out = sudoku(args).current_dir(scratch.path()).output().unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            err.contains("`-` is standard output, which carries the results: give a file name"),
            "{args:?}: {err}"
        );
        assert!(!scratch.path().join("-").exists(), "{args:?}");
    }
    // The picture of `render` is its result: `-` is standard output.
    let (svg, _, code) = run(&["render", "--svg", "-", "-"], INKALA);
    assert!(svg.starts_with("<svg") && code == 0);
}

/// Item 6: An invalid line's error is printed once, on stderr; json and csv
/// keep its record on stdout.
#[test]
fn an_invalid_line_is_reported_once() {
    let (out, err, code) = run(&["solve"], "123\n");
    assert_eq!(
        err,
        "sudoku: -:1: 3 cells is not a grid size: expected 16 (4x4), 36 (6x6), 64 (8x8), 81 (9x9), 144 (12x12), 256 (16x16) or 625 (25x25)\n"
    );
    assert!(!out.contains("grid size"), "{out}");
    assert!(out.starts_with("total: 1 puzzle (1 invalid)"), "{out}");
    assert_eq!(code, 2);
    for format in ["json", "csv"] {
        let (out, err, _) = run(&["solve", "--format", format], "123\n");
        assert!(out.contains("3 cells is not a grid size"), "{format}");
        assert_eq!(err.lines().count(), 1, "{format}");
    }
    // Quiet text keeps one (empty) line per puzzle, for every command.
    for command in ["solve", "count", "rate", "explain", "candidates"] {
        let (out, err, _) = run(&[command, "-q"], "123\n");
        assert_eq!(out, "\n", "{command}");
        assert_eq!(err.lines().count(), 1, "{command}");
    }
    assert_eq!(
        run(&["solve", "-q"], &format!("123\n{INKALA}\n"))
            .0
            .lines()
            .count(),
        2
    );
}

/// Item 7: A folder reads the puzzle files it knows and says which it skipped.
#[test]
fn a_folder_skips_files_that_are_not_puzzles_and_says_so() {
    let (out, err, code) = run(&["count", "--ignore-unknown", "puzzles/sudokupad"], "");
    assert_eq!(
        err.lines().next(),
        Some(
            "sudoku: note: skipped 1 file in the folders read (not puzzle files: those end in .txt, .csv, .json, .sdm, .sdk, .ss): puzzles/sudokupad/solutions.tsv"
        )
    );
    assert!(!err.contains("solutions.tsv:"), "{err}");
    assert!(
        out.ends_with("total: 18 puzzles (1 multiple, 17 unique)\n"),
        "{out}"
    );
    // The one with several solutions fails the count to 2.
    assert_eq!(code, 1);
    // A file named on its own is read whatever its name.
    let scratch = tempfile::tempdir().unwrap();
    let named = scratch.path().join("puzzle.dat");
    std::fs::write(&named, format!("{INKALA}\n")).unwrap();
    let (out, _, code) = run(&["count", "-q", named.to_str().unwrap()], "");
    assert_eq!((out.as_str(), code), ("1\n", 0));
}

/// Item 8: One name for the level a puzzle needs past probing: `guessing`.
#[test]
fn solve_and_rate_name_the_last_level_alike() {
    let (solved, _, _) = run(&["solve", "--format", "json"], INKALA);
    let (rated, _, _) = run(&["rate", "--format", "json"], INKALA);
    let level = |json: &str| {
        let v: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
        v["level_needed"].as_str().unwrap().to_string()
    };
    assert_eq!(level(&solved), "guessing");
    assert_eq!(level(&rated), "guessing");
    assert!(
        run(&["solve"], INKALA)
            .0
            .contains("; level needed: guessing\n")
    );
}

/// Item 10: A bad pattern says what is wrong with it, and where.
#[test]
fn a_bad_regex_says_what_is_wrong_and_where() {
    let (_, err, code) = run(&["count", "--rule", "regex:r1c1-r1c3:[12", "-"], INKALA);
    assert!(
        err.contains("pattern \"[12\": unclosed character class, at character 1"),
        "{err}"
    );
    assert!(!err.contains("NFA"));
    assert_eq!(code, 2);
    let (_, err, _) = run(&["count", "--rule", "regex:r1c1-r1c3:12)", "-"], INKALA);
    assert!(
        err.contains("pattern \"12)\": unopened group, at character 3"),
        "{err}"
    );
    // A pattern whose automaton would take gigabytes is refused.
    let (_, err, code) = run(
        &["count", "--rule", "regex:r1c1-r1c9:[1-9]*1[1-9]{30}", "-"],
        INKALA,
    );
    assert!(
        err.contains("too large, its automaton would exceed 128 KiB"),
        "{err}"
    );
    assert_eq!(code, 2);
}

/// Item 11: An unknown letter in a chain is named with its position.
#[test]
fn an_unknown_letter_is_named_with_its_position() {
    let (_, err, code) = run(&["solve", "--cells", "EY", "-"], INKALA);
    assert!(
        err.contains("unknown cell heuristic `Y` at position 2 of `EY`"),
        "{err}"
    );
    assert_eq!(code, 2);
    let (_, err, _) = run(&["solve", "--values", "5c", "-"], INKALA);
    assert!(
        err.contains("unknown value heuristic `c` at position 2 of `5c`"),
        "{err}"
    );
}

/// Runs `line` in bash with the completion script loaded, as bash does on
/// TAB; the words offered.
fn complete(line: &str) -> Vec<String> {
    let (script, _, _) = run(&["completions", "bash"], "");
    let scratch = tempfile::tempdir().unwrap();
    let path = scratch.path().join("sudoku.bash");
    std::fs::write(&path, script).unwrap();
    let program = format!(
        r#"source "{script}"
COMP_LINE="{line}"
read -r -a COMP_WORDS <<< "$COMP_LINE"
[[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
COMP_CWORD=$(( ${{#COMP_WORDS[@]}} - 1 ))
COMP_POINT=${{#COMP_LINE}}
_sudoku sudoku "${{COMP_WORDS[COMP_CWORD]}}" "${{COMP_WORDS[COMP_CWORD-1]}}"
printf '%s\n' "${{COMPREPLY[@]}}""#,
        script = path.display()
    );
    let out = Command::new("bash")
        .args(["--norc", "--noprofile", "-c", &program])
        .current_dir(root())
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
}

/// Item 12: Bash completes the levels, and presets and files for `--config`.
#[test]
fn bash_completes_levels_presets_and_config_files() {
    assert_eq!(
        complete("sudoku solve --propagation "),
        ["none", "fc", "singles", "locked", "gac", "probing"]
    );
    assert_eq!(complete("sudoku candidates --propagation si"), ["singles"]);
    assert_eq!(complete("sudoku count --config nor"), ["norvig"]);
    assert_eq!(
        complete("sudoku solve --config configs/nor"),
        ["configs/norvig.toml"]
    );
    let both = complete("sudoku compare --config ");
    assert!(both.iter().any(|w| w == "adaptive"), "{both:?}");
    assert!(both.iter().any(|w| w == "configs"), "{both:?}");
}

/// The ```sh blocks of `docs/guide/install.md` under `heading`.
fn recipe(heading: &str) -> String {
    let guide = std::fs::read_to_string(root().join("docs/guide/install.md")).unwrap();
    let section = guide.split(&format!("## {heading}\n")).nth(1).unwrap();
    let section = section.split("\n## ").next().unwrap();
    section
        .split("```sh\n")
        .skip(1)
        .map(|b| b.split("```").next().unwrap())
        .collect()
}

/// Item 13: The completion and man recipes work as pasted in a fresh home.
#[test]
fn the_install_recipes_work_in_a_fresh_home() {
    let home = tempfile::tempdir().unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_sudoku")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let script = format!(
        "set -e\n{}{}",
        recipe("Shell completions"),
        recipe("The man page")
    );
    let has_man = Command::new("man").arg("--version").output().is_ok();
    // Without man-db here, the man lines are left out (the files are
    // still written and checked).
    let script: String = script
        .lines()
        .filter(|l| has_man || !(l.starts_with("man ") || l.contains("| man ")))
        .map(|l| format!("{l}\n"))
        .collect();
    let out = Command::new("bash")
        .args(["--norc", "--noprofile", "-c", &script])
        .env("HOME", home.path())
        .env("PATH", path)
        .env_remove("MANPATH")
        .env("MANPAGER", "cat")
        .env("PAGER", "cat")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{script}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for file in [
        ".local/share/bash-completion/completions/sudoku",
        ".zfunc/_sudoku",
        ".config/fish/completions/sudoku.fish",
        ".local/share/man/man1/sudoku-solve.1",
        ".local/share/man/man1/sudoku.1",
    ] {
        assert!(home.path().join(file).is_file(), "{file}");
    }
    if has_man {
        let shown = String::from_utf8_lossy(&out.stdout);
        assert!(shown.contains("sudoku-solve"), "{shown}");
    }
}

/// Item 14: `render` with only puzzles draws the first as SVG on stdout.
#[test]
fn render_defaults_to_standard_output() {
    let (svg, err, code) = run(&["render", "puzzles/hardest11.txt"], "");
    assert!(svg.starts_with("<svg"), "{err}");
    assert_eq!(code, 0);
    let (help, _, _) = run(&["render", "--help"], "");
    assert!(
        help.contains("Usage: sudoku render [OPTIONS] [FILE]..."),
        "{help}"
    );
    assert!(help.contains("--svg <OUT.svg>"), "{help}");
}

/// Item 15: A stuck explanation says "the candidates" once, above a grid drawn
/// as `candidates` draws it.
#[test]
fn a_stuck_explanation_draws_its_candidates_with_box_lines() {
    // The top band blank: 168 solutions, where no technique applies.
    let (out, _, code) = run(&["explain", "docs/examples/top-band-blank.txt"], "");
    assert_eq!(code, 1);
    assert_eq!(out.matches("the candidates").count(), 1, "{out}");
    assert!(out.starts_with(
        "docs/examples/top-band-blank.txt:1: stuck after 0 steps: the techniques find nothing more\nthe candidates where it is stuck:\n+-------------+-------------+-------------+"
    ), "{out}");
    let (candidates, _, _) = run(&["candidates", "docs/examples/top-band-blank.txt"], "");
    let grid: Vec<&str> = candidates.lines().skip(1).collect();
    let stuck: Vec<&str> = out.lines().skip(2).take(grid.len()).collect();
    assert_eq!(stuck, grid);
}

/// Item 16: A missing file is named; nothing read ends in a plain `0 puzzles`.
#[test]
fn a_missing_file_is_named_and_an_empty_total_has_no_parentheses() {
    let (out, err, code) = run(&["solve", "nope.txt"], "");
    assert_eq!(
        err,
        "sudoku: cannot read nope.txt: No such file or directory (os error 2)\n"
    );
    // Round 3, item 12: no total beside the error when nothing was read.
    assert_eq!(out, "");
    assert_eq!(code, 2);
    let (out, _, code) = run(&["count"], "");
    assert_eq!((out.as_str(), code), ("total: 0 puzzles\n", 0));
}

/// Item 17: One of a thing is singular.
#[test]
fn counts_of_one_are_singular() {
    let multi =
        std::fs::read_to_string(root().join("puzzles/serg-multi-solution-100.txt")).unwrap();
    let first = multi.lines().next().unwrap();
    let args = [
        "solve",
        "--unique",
        "--no-level-needed",
        "--config",
        "default",
    ];
    let (out, _, _) = run(&args, first);
    let line = out.lines().next().unwrap();
    assert!(
        line.starts_with(
            "-:1: multiple solutions (not unique) after 8 moves: 7 placements, 1 backtrack, 7 iterations, 1 backtrack iteration, 1 failure, "
        ),
        "{line}"
    );
    assert!(out.contains("total: 1 puzzle (1 multiple); 8 moves: 7 placements, 1 backtrack, 7 iterations, 1 backtrack iteration, 1 failure;"), "{out}");
    let args = [
        "count",
        "--config",
        "default",
        "--max-placements",
        "43",
        "-",
    ];
    let (out, _, _) = run(&args, &".".repeat(81));
    assert!(
        out.contains("stopped: at least 1 solution (a lower bound"),
        "{out}"
    );
    let (out, _, _) = run(
        &["explain", "-"],
        &format!(
            "{}.\n",
            &"534678912672195348198342567859761423426853791713924856961537284287419635345286179"
                [..80]
        ),
    );
    assert!(
        out.starts_with("-:1: solved in 1 step (SE 1.0/1.0/1.0)\n"),
        "{out}"
    );
}

/// Item 19: The compare CSV's `config` column is explained in the guide
/// (`matrix`: a strategy of the cross product).
#[test]
fn the_guide_says_what_config_matrix_means() {
    let guide = std::fs::read_to_string(root().join("docs/guide/comparing.md")).unwrap();
    assert!(
        guide.contains("`matrix`"),
        "comparing.md says nothing of `matrix`"
    );
    let (csv, _, _) = run(
        &[
            "compare",
            "--set",
            "hardest11",
            "--cells",
            "E",
            "--config",
            "norvig",
            "--format",
            "csv",
            "--no-timings",
        ],
        "",
    );
    let configs: Vec<&str> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(5).unwrap())
        .collect();
    assert_eq!(configs.len(), 2);
    assert!(
        configs.contains(&"matrix") && configs.contains(&"norvig"),
        "{configs:?}"
    );
}

/// Item 20: A letter read as an out-of-range digit reminds of the empty marks.
#[test]
fn an_out_of_range_digit_reminds_of_the_empty_marks() {
    let line = format!("x{}", &INKALA[1..]);
    let (_, err, code) = run(&["solve"], &line);
    assert_eq!(
        err,
        "sudoku: -:1: digit 'x' at position 1 (r1c1) is out of range for a 9x9 grid (1-9, or . 0 _ for empty)\n"
    );
    assert_eq!(code, 2);
}

/// Item 22: f-puzzles keys of text and settings (`successMessage`) are listed
/// as ignored, not refused.
#[test]
fn fpuzzles_text_keys_are_ignored_with_a_note() {
    let grid = "[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]";
    let doc = format!(r#"{{"size":4,"grid":{grid},"successMessage":"Well done!"}}"#);
    let scratch = tempfile::tempdir().unwrap();
    let file = scratch.path().join("message.json");
    std::fs::write(&file, doc).unwrap();
    let (out, err, code) = run(&["count", "-q", "--all", file.to_str().unwrap()], "");
    assert_eq!((out.as_str(), code), ("288\n", 0), "{err}");
    assert!(
        err.contains("ignored, no rule: `successMessage` (a text or setting)"),
        "{err}"
    );
}

/// Item 18: The README announces the first build and the package's silent
/// compile where it gives the commands, and its first command ends as it
/// says.
#[test]
fn the_readme_announces_the_builds_and_its_first_command_ends_as_it_says() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let setup = readme.split("## Set up and run\n").nth(1).unwrap();
    let setup = setup.split("\n## ").next().unwrap();
    let words = setup.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("The first command compiles the binary before it runs (2 to 3 minutes"));
    assert!(words.contains("`pip install` compiles the package too (1 to 2.5 minutes"));
    assert!(words.contains("silent: `-v` shows it"));
    let said = setup.split("then ends with\n`").nth(1).unwrap();
    let said = said.split("...`").next().unwrap();
    let (out, _, code) = run(&["solve", "puzzles/top95.txt", "--config", "norvig"], "");
    assert_eq!(code, 0);
    assert!(out.lines().last().unwrap().starts_with(said), "{said}");
}

/// The guide pages and the README, each as (name, text).
fn pages() -> Vec<(String, String)> {
    let mut pages = vec![(
        "README.md".to_string(),
        std::fs::read_to_string(root().join("README.md")).unwrap(),
    )];
    let mut guide: Vec<_> = std::fs::read_dir(root().join("docs/guide"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    guide.sort();
    for path in guide {
        let name = format!("docs/guide/{}", path.file_name().unwrap().to_string_lossy());
        pages.push((name, std::fs::read_to_string(path).unwrap()));
    }
    pages
}

/// Round 3, item 10: every variant name the docs give `--variant` is
/// accepted, and the guide's list names every one the binary takes.
#[test]
fn every_variant_name_in_the_docs_is_accepted() {
    let mut checked = Vec::new();
    for (page, text) in pages() {
        // Table rows of global elements: their name.
        let rows =
            (text.lines()).filter(|l| l.starts_with('|') && l.contains("`--variant` takes it"));
        for row in rows {
            let name = row.split('`').nth(1).unwrap();
            checked.push((page.clone(), name.to_string()));
        }
        // Prose: the backticked names in the rest of the sentence after
        // `--variant`, and the value of `--variant X` in commands.
        let flat = text.replace('\n', " ");
        for (at, _) in flat.match_indices("--variant") {
            let rest = &flat[at + "--variant".len()..];
            // After a backticked `--variant`, its closing backtick.
            let (rest, in_prose) = match rest.strip_prefix('`') {
                Some(rest) => (rest, true),
                None => (rest, false),
            };
            if let (Some(value), false) = (rest.strip_prefix(' '), in_prose) {
                let value = value.split([' ', '`', '|']).next().unwrap();
                if !value.is_empty() && !value.starts_with('-') {
                    for name in value.split(',') {
                        checked.push((page.clone(), name.to_string()));
                    }
                }
            }
            let sentence = rest.split(". ").next().unwrap();
            let sentence = sentence.split(" takes it").next().unwrap();
            for (k, token) in sentence.split('`').enumerate() {
                let is_name = k % 2 == 1
                    && !token.is_empty()
                    && token
                        .chars()
                        .all(|c| c.is_ascii_alphabetic() || c == '-' || c == '_');
                if is_name && !token.starts_with('-') {
                    checked.push((page.clone(), token.to_string()));
                }
            }
        }
    }
    let names: Vec<&str> = checked.iter().map(|(_, n)| n.as_str()).collect();
    for expected in [
        "non-consecutive",
        "disjoint-groups",
        "anti-knight",
        "diagonal",
    ] {
        assert!(
            names.contains(&expected),
            "{expected} not found in {names:?}"
        );
    }
    for (page, name) in &checked {
        assert!(
            name.parse::<sudoku::Variant>().is_ok(),
            "{page}: `--variant {name}` is refused"
        );
    }
    // The binary too, on an empty grid's count.
    let (_, err, code) = run(
        &[
            "count",
            "-q",
            "--variant",
            "non-consecutive,disjoint-groups",
            "-",
        ],
        &format!("{}\n", ".".repeat(81)),
    );
    assert_eq!(
        (err.as_str(), code),
        (
            "sudoku: -:1: not unique: multiple (2 or more solutions)\n",
            1
        )
    );
    let guide = std::fs::read_to_string(root().join("docs/guide/variants.md")).unwrap();
    let list = guide
        .split("Plain lines take global rules by flag")
        .nth(1)
        .unwrap()
        .split("\n\n")
        .next()
        .unwrap();
    for name in sudoku::variant_names().split(", ") {
        assert!(
            list.contains(&format!("`{name}`")),
            "the guide's list lacks {name}"
        );
    }
}

/// Round 3, item 11: `compare --config` takes a comma list, as `--cells`
/// does.
#[test]
fn compare_takes_a_list_of_presets() {
    let (out, err, code) = run(
        &[
            "compare",
            "--set",
            "hardest11",
            "--config",
            "norvig,mrv",
            "--format",
            "csv",
            "--max-placements",
            "2000",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let strategies: Vec<&str> = (out.lines().skip(1))
        .map(|l| l.split(',').nth(1).unwrap_or(""))
        .collect();
    assert_eq!(strategies.len(), 2, "{out}");
    assert!(strategies.iter().any(|s| s.starts_with("norvig")), "{out}");
    assert!(strategies.iter().any(|s| s.starts_with("mrv")), "{out}");
}

/// Round 3, item 12: a missing file is an error, with no total beside it.
#[test]
fn a_missing_file_prints_no_total() {
    for command in ["solve", "count", "rate", "candidates", "explain"] {
        let (out, err, code) = run(&[command, "nosuchfile.txt"], "");
        assert_eq!(out, "", "{command}");
        assert!(err.contains("nosuchfile.txt"), "{command}: {err}");
        assert_eq!(code, 2, "{command}");
    }
    // With a file that was read, the total stays.
    let (out, _, code) = run(&["solve", "nosuchfile.txt", "docs/examples/inkala.txt"], "");
    assert!(out.contains("total: 1 puzzle (1 solved)"), "{out}");
    assert_eq!(code, 2);
}

/// Round 3, item 13: the help says that links, f-puzzles files and
/// folders are inputs too.
#[test]
fn the_help_names_every_kind_of_input() {
    let (top, _, _) = run(&["--help"], "");
    let (solve, _, _) = run(&["solve", "--help"], "");
    let flat = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let (top, solve) = (flat(&top), flat(&solve));
    for words in ["SudokuPad links", "f-puzzles JSON", "folders"] {
        assert!(top.contains(words), "--help lacks {words}: {top}");
        assert!(solve.contains(words), "solve --help lacks {words}: {solve}");
    }
}

/// Round 3, item 14: no backticks in the man page's NAME line, and the
/// SVG's numbers rounded.
#[test]
fn the_man_page_and_svg_hold_no_noise() {
    let (man, _, _) = run(&["man"], "");
    let name = man
        .split(".SH NAME\n")
        .nth(1)
        .unwrap()
        .lines()
        .next()
        .unwrap();
    assert!(!name.contains('`'), "{name}");
    let (svg, _, code) = run(&["render", "-"], &format!("{INKALA}\n"));
    assert_eq!(code, 0);
    let long = regex_free_long_decimals(&svg);
    assert!(long.is_empty(), "{long:?}");
    let (svg, _, _) = run(
        &["render", "puzzles/variants/killer/killer-janko-021.json"],
        "",
    );
    assert!(regex_free_long_decimals(&svg).is_empty());
}

/// The numbers of `text` with more than two decimals.
fn regex_free_long_decimals(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'.' && i > 0 && bytes[i - 1].is_ascii_digit() {
            let digits = bytes[i + 1..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            if digits > 2 {
                out.push(text[i.saturating_sub(4)..i + 1 + digits].to_string());
            }
            i += digits;
        }
        i += 1;
    }
    out
}

/// Round 3, item 20: the guide links nowhere outside the repository but
/// to the web, names no issue, and its set-up is the README's.
#[test]
fn the_guide_stays_inside_the_repository() {
    for (page, text) in pages() {
        let lower = text.to_lowercase();
        if let Some(at) = lower.find("issue") {
            let line = text[..at].lines().count();
            panic!("{page}:{line}: names an issue");
        }
        let base = if page == "README.md" {
            ""
        } else {
            "docs/guide/"
        };
        for (k, part) in text.split("](").enumerate().skip(1) {
            let target = part.split(')').next().unwrap();
            let target = target.split('#').next().unwrap();
            if target.is_empty() || target.starts_with("https://") || target.starts_with("http://")
            {
                continue;
            }
            let path = root().join(base).join(target);
            assert!(
                path.canonicalize().is_ok_and(|p| p.starts_with(root())),
                "{page}: link {k} to `{target}` is outside the repository or missing"
            );
        }
        assert!(!text.contains("../shared"), "{page}: points to ../shared");
    }
    let setup = |text: &str| {
        let after = text.split("## Set up and run").nth(1).unwrap();
        after
            .split("```sh\n")
            .nth(1)
            .unwrap()
            .split("```")
            .next()
            .unwrap()
            .to_string()
    };
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let install = std::fs::read_to_string(root().join("docs/guide/install.md")).unwrap();
    assert_eq!(setup(&install), setup(&readme));
}

#[test]
fn a_tab_separated_file_with_a_header_reads_its_puzzles_only() {
    // The rated sets are kept as `puzzle<TAB>se_er...` with a header: it
    // used to be read as the first row of a block grid (exit code 2).
    let (out, err, code) = run(
        &[
            "count",
            "--format",
            "csv",
            "--quiet",
            "puzzles/se-rated-72.tsv",
        ],
        "",
    );
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
    let rows: Vec<&str> = out.lines().skip(1).collect();
    assert_eq!(rows.len(), 72);
    assert!(
        rows[0].starts_with("puzzles/se-rated-72.tsv,2,"),
        "{}",
        rows[0]
    );
}

// Papercuts 4 (what a new user met, round 4).

const QUEENS: &str = "instances/xcsp3/Queens/Queens-8.xml";

/// Round 4, item 2: an instance's record speaks of variables and of
/// the propagators of its constraints, not of cells and house rules.
#[test]
fn an_instance_record_speaks_of_variables_and_propagators() {
    let (out, _, code) = run(&["csp", "solve", "--format", "json", QUEENS], "");
    assert_eq!(code, 0);
    let record: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let stats = &record["stats"];
    assert!(stats.get("cells_placed").is_none() && stats.get("rules").is_none());
    assert_eq!(stats["variables_assigned"], 5);
    let propagators = stats["propagators"].as_object().unwrap();
    // In the rules' order (as printed: a map read back is sorted).
    let names = [
        "fc",
        "naked_singles",
        "hidden_singles",
        "locked",
        "gac",
        "relation",
    ];
    assert_eq!(propagators.len(), names.len());
    let at = |name: &str| out.find(&format!("\"{name}\":{{\"constraints\"")).unwrap();
    assert!(names.windows(2).all(|w| at(w[0]) < at(w[1])), "{out}");
    // The queens' columns are an allDifferent group; their diagonals,
    // allDifferent over expressions, become binary relations.
    assert_eq!(
        propagators["fc"]["constraints"],
        serde_json::json!(["allDifferent"])
    );
    assert_eq!(propagators["fc"]["runs"], 39);
    assert_eq!(
        propagators["relation"]["constraints"],
        serde_json::json!(["allDifferent"])
    );
    assert_eq!(
        propagators["naked_singles"]["constraints"],
        serde_json::json!([])
    );
    // The CSV: `variables_assigned`, the rules' columns as before.
    let (csv, _, _) = run(&["csp", "solve", "--format", "csv", QUEENS], "");
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    assert!(header.contains(&"variables_assigned") && !header.contains(&"cells_placed"));
    assert!(header.contains(&"fc_runs") && header.contains(&"human_assignments"));
    assert_eq!(header.last(), Some(&"error_kind"));
    // A comparison of instances counts instances per second.
    let (table, _, code) = run(&["csp", "compare", "--config", "default", QUEENS], "");
    assert_eq!(code, 0, "{table}");
    assert!(
        table.contains("instances/s") && !table.contains("puzzles/s"),
        "{table}"
    );
}

/// Round 4, item 3: the flags that mean the same thing are the same flags
/// in `count` and `csp count`, from one definition.
#[test]
fn csp_count_takes_the_output_and_limit_flags_of_count() {
    assert_eq!(run(&["csp", "count", "--quiet", QUEENS], "").0, ">=2\n");
    assert_eq!(run(&["csp", "count", "-q", "--all", QUEENS], "").0, "92\n");
    assert_eq!(
        run(&["csp", "count", "-q", "--limit", "100", QUEENS], "").0,
        "92\n"
    );
    assert_eq!(
        run(&["csp", "solve", "-q", "-j", "1", QUEENS], "").0,
        "0 4 7 5 2 6 1 3\n"
    );
    let (out, _, code) = run(&["csp", "count", "-q", "--timeout", "60000", QUEENS], "");
    assert_eq!((out.as_str(), code), (">=2\n", 0));
    // Each shared flag has the same help in both commands.
    let help = |args: &[&str]| run(args, "").0;
    let count = help(&["count", "--help"]);
    let csp = help(&["csp", "count", "--help"]);
    for flag in [
        "--quiet",
        "--format",
        "--jobs",
        "--limit",
        "--all",
        "--timeout",
    ] {
        let said = |text: &str| {
            let lines: Vec<&str> = text.lines().collect();
            let at = (lines.iter())
                .position(|l| {
                    let l = l.trim_start();
                    l.starts_with(flag)
                        || (l.starts_with('-') && l[2..].starts_with(&format!(", {flag}")))
                })
                .unwrap_or_else(|| panic!("{flag}"));
            lines[at..at + 2].join("\n")
        };
        assert_eq!(said(&count), said(&csp), "{flag}");
    }
}

/// Round 4, item 4: a construct the reader does not take is `unsupported`
/// in the text, as in the record's `error_kind`.
#[test]
fn an_unsupported_construct_is_said_so() {
    let file = "docs/examples/circuit.xml";
    let (out, _, code) = run(&["csp", "solve", file], "");
    assert_eq!(code, 2);
    assert!(
        out.starts_with(&format!(
            "{file}: unsupported: line 6: the constraint <circuit> is not supported"
        )),
        "{out}"
    );
    let (json, _, _) = run(&["csp", "solve", "--format", "json", file], "");
    let record: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(record["status"], "invalid");
    assert_eq!(record["error_kind"], "unsupported");
}

/// Round 4, item 8: `explain` and `rate --scale se` stop at `--timeout`
/// (a minimal jigsaw puzzle with both diagonals, made by our generator,
/// needs nested forcing chains at step after step: minutes without it).
#[test]
fn explain_and_rate_stop_at_their_time_limit() {
    let file = "tests/inputs/jigsaw-diagonals.txt";
    let started = std::time::Instant::now();
    let (out, _, code) = run(&["explain", "-q", "--timeout", "1000", file], "");
    assert_eq!(code, 1, "{out}");
    let line = out.lines().next().unwrap();
    assert!(
        line.starts_with(&format!("{file}:1: stopped after ")),
        "{line}"
    );
    assert!(
        line.ends_with(" steps: not explained within the time limit (1000 ms)"),
        "{line}"
    );
    let (json, _, _) = run(
        &["explain", "--format", "json", "--timeout", "1000", file],
        "",
    );
    let record: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(record["status"], "stopped");
    assert!(record["se"].is_null() && record["stuck"].is_null());
    let (out, _, code) = run(&["rate", "--scale", "se", "--timeout", "1000", file], "");
    assert_eq!(code, 1);
    assert!(
        out.starts_with(&format!(
            "{file}:1: stopped: not rated within the time limit (1000 ms)"
        )),
        "{out}"
    );
    // Three runs of a second each, not minutes.
    assert!(started.elapsed() < std::time::Duration::from_secs(60));
}

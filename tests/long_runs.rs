//! Long comparisons that survive: shards merged, a killed run resumed,
//! strategies given up on, and the errors of mismatched files.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use insta_cmd::assert_cmd_snapshot;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// The binary, run from `dir`.
fn sudoku_in(dir: &Path, args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sudoku"));
    cmd.current_dir(dir).args(args).env_remove("COLUMNS");
    cmd
}

/// A fresh scratch folder for one test, removed when dropped.
fn scratch(name: &str) -> tempfile::TempDir {
    (tempfile::Builder::new().prefix(&format!("sudoku-{name}-")))
        .tempdir()
        .unwrap()
}

/// Runs to the end: stdout, stderr, exit code.
fn output(cmd: &mut Command) -> (String, String, i32) {
    let out = cmd.output().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

/// A comparison with random heuristics (C, 2) over several seeds and sets.
const MATRIX: &[&str] = &[
    "compare",
    "--set",
    "hardest11",
    "--set",
    "easy-200",
    "--cells",
    "A,C,E",
    "--values",
    "0,2",
    "--propagation",
    "fc,singles",
    "--seeds",
    "1..3",
    "--max-placements",
    "3000",
    "--no-timings",
];

/// A small comparison, for the errors' snapshots.
const SMALL: &[&str] = &[
    "compare",
    "--set",
    "hardest11",
    "--cells",
    "E",
    "--values",
    "0,2",
    "--propagation",
    "fc",
    "--seeds",
    "1..2",
    "--max-placements",
    "3000",
    "--no-timings",
];

fn with<'a>(base: &[&'a str], more: &[&'a str]) -> Vec<&'a str> {
    base.iter().chain(more).copied().collect()
}

#[test]
fn shards_merged_print_what_one_process_prints() {
    let scratch = scratch("shards");
    let dir = scratch.path();
    for format in ["csv", "json", "text"] {
        let whole = output(&mut sudoku_in(dir, &with(MATRIX, &["--format", format])));
        assert_eq!(whole.2, 0, "{}", whole.1);
        for n in [2u32, 3] {
            let mut files = Vec::new();
            for k in 1..=n {
                let file = format!("{format}-{k}-of-{n}.jsonl");
                let shard = format!("{k}/{n}");
                let (out, err, code) = output(&mut sudoku_in(
                    dir,
                    &with(MATRIX, &["--shard", &shard, "--runs", &file]),
                ));
                assert_eq!((out.as_str(), code), ("", 0), "{err}");
                assert!(err.contains(&format!("shard {shard}:")), "{err}");
                files.push(file);
            }
            // Any order of the files.
            files.reverse();
            let mut args = vec!["merge", "--no-timings", "--format", format];
            args.extend(files.iter().map(String::as_str));
            let merged = output(&mut sudoku_in(dir, &args));
            assert_eq!(merged.2, 0, "{}", merged.1);
            assert_eq!(merged.0, whole.0, "{format}, {n} shards");
        }
    }
}

#[test]
fn merge_reports_missing_and_repeated_runs_and_refuses_other_comparisons() {
    let scratch = scratch("merge-errors");
    let dir = scratch.path();
    for k in 1..=2 {
        let shard = format!("{k}/2");
        let file = format!("part{k}.jsonl");
        let args = with(SMALL, &["--shard", &shard, "--runs", &file]);
        assert_eq!(output(&mut sudoku_in(dir, &args)).2, 0);
    }
    let other = with(SMALL, &["--solutions", "2", "--runs", "other.jsonl"]);
    assert_eq!(output(&mut sudoku_in(dir, &other)).2, 0);
    let mut settings = insta::Settings::clone_current();
    settings.add_filter(r"sudoku-merge-errors-\w+", "[dir]");
    settings.bind(|| {
        assert_cmd_snapshot!(
            "merge_missing",
            sudoku_in(dir, &["merge", "--no-timings", "part1.jsonl"])
        );
        assert_cmd_snapshot!(
            "merge_repeated",
            sudoku_in(
                dir,
                &[
                    "merge",
                    "--no-timings",
                    "part1.jsonl",
                    "part2.jsonl",
                    "part2.jsonl"
                ]
            )
        );
        assert_cmd_snapshot!(
            "merge_other_comparison",
            sudoku_in(dir, &["merge", "part1.jsonl", "other.jsonl"])
        );
        assert_cmd_snapshot!(
            "merge_not_a_runs_file",
            sudoku_in(&root(), &["merge", "puzzles/hardest11.txt"])
        );
    });
}

/// The runs a runs file holds (lines after the heading).
fn runs_in(path: &Path) -> usize {
    std::fs::read_to_string(path)
        .map(|t| t.lines().count().saturating_sub(1))
        .unwrap_or(0)
}

/// A comparison slow enough (one worker, the debug build) to be stopped
/// part way.
const SLOW: &[&str] = &[
    "compare",
    "--set",
    "top95",
    "--cells",
    "E,G",
    "--values",
    "0,5",
    "--propagation",
    "fc",
    "--max-placements",
    "3000",
    "--no-timings",
    "--format",
    "csv",
    "-j",
    "1",
];

#[test]
fn a_killed_comparison_resumes_to_the_same_result() {
    let scratch = scratch("resume");
    let dir = scratch.path();
    let (whole, _, code) = output(&mut sudoku_in(dir, SLOW));
    assert_eq!(code, 0);
    let total = 4 * 95;
    for signal in ["KILL", "TERM", "INT"] {
        let file = dir.join(format!("runs-{signal}.jsonl"));
        let name = file.display().to_string();
        let mut child = sudoku_in(dir, &with(SLOW, &["--runs", &name]))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let start = Instant::now();
        while runs_in(&file) < 40 && start.elapsed() < Duration::from_secs(60) {
            std::thread::sleep(Duration::from_millis(5));
        }
        let killed = Command::new("kill")
            .args([format!("-{signal}"), child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        child.wait().unwrap();
        let kept = runs_in(&file);
        assert!((40..total).contains(&kept), "{signal}: {kept} runs kept");
        let (resumed, err, code) = output(&mut sudoku_in(dir, &with(SLOW, &["--resume", &name])));
        assert_eq!(code, 0, "{err}");
        assert_eq!(resumed, whole, "{signal}");
        assert_eq!(runs_in(&file), total, "{signal}");
    }
}

#[test]
fn a_line_cut_short_is_dropped_with_a_note() {
    let scratch = scratch("cut");
    let dir = scratch.path();
    // SLOW on hardest11.
    let small: Vec<&str> = (SLOW.iter())
        .map(|&a| if a == "top95" { "hardest11" } else { a })
        .collect();
    let args = with(&small, &["--runs", "r.jsonl"]);
    let (whole, _, code) = output(&mut sudoku_in(dir, &args));
    assert_eq!(code, 0);
    // Keep the heading and 10 runs, then half a line.
    let text = std::fs::read_to_string(dir.join("r.jsonl")).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut cut = lines[..11].join("\n");
    cut.push('\n');
    cut.push_str(&lines[11][..lines[11].len() / 2]);
    std::fs::write(dir.join("r.jsonl"), cut).unwrap();
    let resume: Vec<&str> = (args.iter())
        .map(|&a| if a == "--runs" { "--resume" } else { a })
        .collect();
    let (resumed, err, code) = output(&mut sudoku_in(dir, &resume));
    assert_eq!(code, 0, "{err}");
    assert_eq!(resumed, whole);
    assert_eq!(
        err,
        "sudoku: note: r.jsonl: its last line was cut short (the process stopped while writing it); dropped, that run is made again\n"
    );
    assert_eq!(runs_in(&dir.join("r.jsonl")), 4 * 11);
}

#[test]
fn runs_files_are_not_overwritten_and_resume_only_their_own_comparison() {
    let scratch = scratch("runs-errors");
    let dir = scratch.path();
    let args = with(MATRIX, &["--runs", "r.jsonl"]);
    assert_eq!(output(&mut sudoku_in(dir, &args)).2, 0);
    let mut settings = insta::Settings::clone_current();
    settings.add_filter(r"sudoku-runs-errors-\w+", "[dir]");
    settings.bind(|| {
        assert_cmd_snapshot!("runs_file_exists", sudoku_in(dir, &args));
        assert_cmd_snapshot!(
            "resume_other_comparison",
            sudoku_in(
                dir,
                &with(MATRIX, &["--solutions", "2", "--resume", "r.jsonl"])
            )
        );
        assert_cmd_snapshot!(
            "resume_other_shard",
            sudoku_in(
                dir,
                &with(MATRIX, &["--shard", "1/2", "--resume", "r.jsonl"])
            )
        );
        assert_cmd_snapshot!(
            "shard_without_runs",
            sudoku_in(dir, &with(MATRIX, &["--shard", "1/2"]))
        );
        assert_cmd_snapshot!(
            "shard_bad",
            sudoku_in(dir, &with(MATRIX, &["--shard", "3/2", "--runs", "x.jsonl"]))
        );
        assert_cmd_snapshot!(
            "give_up_with_shard",
            sudoku_in(
                dir,
                &with(
                    MATRIX,
                    &[
                        "--give-up-after",
                        "2",
                        "--shard",
                        "1/2",
                        "--runs",
                        "y.jsonl"
                    ]
                )
            )
        );
    });
}

#[test]
fn strategies_given_up_on_are_marked_and_ranked_last() {
    let args = [
        "compare",
        "--set",
        "17-clue-1000",
        "--cells",
        "A,E,EH",
        "--values",
        "0",
        "--propagation",
        "singles",
        "--max-placements",
        "200",
        "--give-up-after",
        "3",
        "--no-timings",
    ];
    assert_cmd_snapshot!("give_up_text", sudoku_in(&root(), &args));
    let mut csv = args.to_vec();
    csv.extend(["--format", "csv", "-j", "1"]);
    let (one, _, _) = output(&mut sudoku_in(&root(), &csv));
    let last = csv.len() - 1;
    csv[last] = "2";
    let (two, _, _) = output(&mut sudoku_in(&root(), &csv));
    assert_eq!(one, two, "the same rows at any --jobs");
    let abandoned: Vec<&str> = (one.lines().skip(1))
        .map(|l| l.rsplit(',').next().unwrap())
        .collect();
    // A hits the limit 3 times (at its 110th puzzle); E once, EH never.
    assert_eq!(abandoned, ["false", "false", "true"]);
}

#[test]
fn the_guides_shard_recipe_runs_as_it_stands() {
    let readme = std::fs::read_to_string(root().join("docs/guide/comparing.md")).unwrap();
    let block = readme
        .split("<!-- recipe: shards -->\n```sh\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("the recipe block in docs/guide/comparing.md");
    let scratch = scratch("recipe");
    let dir = scratch.path();
    let bin = Path::new(env!("CARGO_BIN_EXE_sudoku")).parent().unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap());
    let out = Command::new("sh")
        .args(["-e", "-c", block])
        .current_dir(dir)
        .env("PATH", path)
        .env_remove("COLUMNS")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let whole = std::fs::read_to_string(dir.join("whole.txt")).unwrap();
    assert!(
        whole.contains("A/0/fc") && whole.contains("L/0/fc"),
        "{whole}"
    );
}

//! The documentation cannot go stale: every `$ sudoku ...` example with its
//! output in the README and the user guide is run (trycmd), the README's
//! former sections are all in the guide, the guide's index lists every
//! section, and the heuristic tables are the registry's.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// The Markdown files of the documentation: the README and the guide.
fn documents() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md")];
    let mut guide: Vec<PathBuf> = std::fs::read_dir(root().join("docs/guide"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    guide.sort();
    files.extend(guide);
    files
}

/// The headings of a Markdown text (outside fenced code): (level, text).
fn headings(text: &str) -> Vec<(usize, String)> {
    let mut fenced = false;
    let mut out = Vec::new();
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            let level = line.chars().take_while(|&c| c == '#').count();
            if let Some(title) = line[level..].strip_prefix(' ') {
                out.push((level, title.trim().to_string()));
            }
        }
    }
    out
}

/// A heading's anchor as code hosts make it: lower case, punctuation
/// dropped, spaces to hyphens.
fn anchor(title: &str) -> String {
    title
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// Runs every `console` block of the README and the guide with the
/// repository's root as the working directory (the examples name files
/// such as `puzzles/top95.txt`). `TRYCMD=overwrite` rewrites the outputs.
#[test]
fn examples_in_the_documentation_print_what_they_show() {
    // The only test of this binary that needs the working directory; the
    // others use absolute paths.
    std::env::set_current_dir(root()).unwrap();
    let cases = trycmd::TestCases::new();
    cases.register_bin("sudoku", Path::new(env!("CARGO_BIN_EXE_sudoku")));
    for file in documents() {
        cases.case(file.strip_prefix(root()).unwrap());
    }
}

/// The headings the README had before it became a front page and a guide
/// (version 0.1.0, 1,742 lines): each is still a heading somewhere.
const FORMER_README_HEADINGS: &[&str] = &[
    "sudoku-csp",
    "Set up and run",
    "The workspace",
    "Heuristics",
    "Counters",
    "Adaptive heuristics and restarts",
    "Adaptive heuristics: measured",
    "Configs",
    "Commands",
    "solve",
    "count",
    "See inside a search: `--trace`",
    "candidates",
    "generate",
    "rate",
    "explain",
    "render",
    "Errors and exit codes",
    "Comparing heuristics",
    "Long runs: give up, resume, shard",
    "Big inputs",
    "The propagation ladder",
    "Variants",
    "SudokuPad links and payloads",
    "A rule you write yourself",
    "How to add a variant rule",
    "Benchmarks",
    "Speed against the `sudoku` crate",
    "Extending",
    "Tests",
];

#[test]
fn every_former_readme_section_is_in_the_readme_or_the_guide() {
    let all: Vec<String> = (documents().iter())
        .flat_map(|f| headings(&std::fs::read_to_string(f).unwrap()))
        .map(|(_, title)| title)
        .collect();
    for former in FORMER_README_HEADINGS {
        assert!(
            all.iter().any(|t| t == former),
            "the former README section {former:?} is nowhere in the README or docs/guide"
        );
    }
}

#[test]
fn the_readme_stays_a_front_page() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(
        lines <= 300,
        "README.md has {lines} lines: move detail to docs/guide"
    );
}

/// The guide's index (docs/guide/README.md) links to every file of the
/// guide and every section in it, so each is reachable from the README.
#[test]
fn the_guide_index_links_every_section() {
    let index = std::fs::read_to_string(root().join("docs/guide/README.md")).unwrap();
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    assert!(readme.contains("(docs/guide/README.md)"));
    for file in documents().iter().skip(1) {
        let name = file.file_name().unwrap().to_str().unwrap();
        if name == "README.md" {
            continue;
        }
        assert!(
            readme.contains(&format!("(docs/guide/{name})")),
            "the README does not link docs/guide/{name}"
        );
        let text = std::fs::read_to_string(file).unwrap();
        for (level, title) in headings(&text) {
            let link = if level == 1 {
                format!("]({name})")
            } else {
                format!("]({name}#{})", anchor(&title))
            };
            assert!(
                index.contains(&link),
                "docs/guide/README.md does not link {name}: {title} ({link})"
            );
        }
    }
}

/// Every link to a section of the documentation (`file.md#anchor`, from
/// the README or the guide) lands on a heading of that file: a heading
/// renamed or lost shows here, with the link that points at it.
#[test]
fn links_to_sections_land_on_headings() {
    let mut checked = 0;
    for file in documents() {
        let text = std::fs::read_to_string(&file).unwrap();
        let dir = file.parent().unwrap();
        for (start, _) in text.match_indices("](") {
            let rest = &text[start + 2..];
            let Some(end) = rest.find(')') else { continue };
            let target = &rest[..end];
            let Some((path, section)) = target.split_once(".md#") else {
                continue;
            };
            if path.contains("://") {
                continue;
            }
            let linked = if path.is_empty() {
                file.clone()
            } else {
                dir.join(format!("{path}.md"))
            };
            let Ok(linked_text) = std::fs::read_to_string(&linked) else {
                panic!("{}: links {target}, no such file", file.display());
            };
            let anchors: Vec<String> = (headings(&linked_text).iter())
                .map(|(_, title)| anchor(title))
                .collect();
            assert!(
                anchors.iter().any(|a| a == section),
                "{}: links {target}, and {} has no such heading",
                file.display(),
                linked.display()
            );
            checked += 1;
        }
    }
    assert!(checked >= 80, "{checked}");
}

/// The rows `| symbol | ... | long name |` of a table in a Markdown text
/// whose first cells are the given symbols.
fn rows_named(text: &str, symbols: &[char]) -> Vec<(char, String)> {
    text.lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            // "", symbol, score, long name, ""
            if cells.len() != 5 {
                return None;
            }
            let mut chars = cells[1].chars();
            let symbol = chars.next()?;
            (chars.next().is_none() && symbols.contains(&symbol))
                .then(|| (symbol, cells[3].to_string()))
        })
        .collect()
}

/// The heuristic tables of the README and the guide have one row per
/// static heuristic of the registry, with its long name.
#[test]
fn the_heuristic_tables_are_the_registrys() {
    use csp_core::{ValueHeuristic, VariableHeuristic};
    let cells: Vec<(char, String)> = (VariableHeuristic::ALL.iter())
        .filter(|h| !h.is_adaptive())
        .map(|h| (h.symbol(), h.name().to_string()))
        .collect();
    let values: Vec<(char, String)> = (ValueHeuristic::ALL.iter())
        .filter(|h| !h.is_adaptive())
        .map(|h| (h.symbol(), h.name().to_string()))
        .collect();
    for file in ["README.md", "docs/guide/heuristics.md"] {
        let text = std::fs::read_to_string(root().join(file)).unwrap();
        for expected in [&cells, &values] {
            let symbols: Vec<char> = expected.iter().map(|(s, _)| *s).collect();
            let found = rows_named(&text, &symbols);
            // The first table whose rows are these symbols.
            let table: Vec<(char, String)> = found.into_iter().take(expected.len()).collect();
            assert_eq!(&table, expected, "{file}");
        }
    }
}

/// The changelog follows the workspace's version, the one `--version` and
/// every record print: it has a section for it and one for what is not
/// released yet.
#[test]
fn the_changelog_has_a_section_for_this_version() {
    let changelog = std::fs::read_to_string(root().join("CHANGELOG.md")).unwrap();
    let version = env!("CARGO_PKG_VERSION");
    let titles: Vec<String> = headings(&changelog)
        .into_iter()
        .filter(|(level, _)| *level == 2)
        .map(|(_, title)| title)
        .collect();
    assert_eq!(titles.first().map(String::as_str), Some("[Unreleased]"));
    assert!(
        titles
            .iter()
            .any(|t| t.starts_with(&format!("[{version}] - "))),
        "CHANGELOG.md has no section for version {version}: {titles:?}"
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .arg("--version")
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!("sudoku {version}\n")
    );
}

/// The README's count of variant element types is the registry's (its
/// entries and jigsaw regions, which the grid itself carries).
#[test]
fn the_readme_counts_the_registrys_element_types() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let text = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    let count = sudoku::rules::REGISTRY.len() + 1;
    assert!(
        text.contains(&format!("and {count} variant element types")),
        "README.md should say \"and {count} variant element types\""
    );
}

#[test]
fn the_files_the_extending_guide_names_exist() {
    let text = std::fs::read_to_string(root().join("docs/guide/extending.md")).unwrap();
    let mut named = 0;
    for path in text.split('`').skip(1).step_by(2) {
        if !path.starts_with("crates/") && !path.starts_with("tests/") {
            continue;
        }
        named += 1;
        // `<name>.rs`: its folder, where the new file goes.
        let at = match path.find('<') {
            Some(i) => root().join(&path[..i]),
            None => root().join(path),
        };
        assert!(
            at.exists(),
            "extending.md names {path}, which is not in the tree"
        );
    }
    assert!(named >= 20, "only {named} paths found in extending.md");
}

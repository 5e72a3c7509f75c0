//! The variant corpus (`puzzles/variants/`, 76 real puzzles from
//! `../shared/data/variants/`, converted to f-puzzles JSON by
//! `scripts/variants_to_fpuzzles.py`): each has exactly one solution, the
//! recorded one, at every level asked for, and f-puzzles links read the same.

use crate::common;

use std::path::{Path, PathBuf};

use common::config;
use csp_core::{PropagationLevel, SearchConfig, Termination};
use sudoku::{Puzzle, SolveReport, Sudoku, VariantPuzzle};

/// The puzzles that forward checking alone cannot count to 2 within
/// 5,000,000 placements with EA/0: few givens, and rules whose forward
/// checking (the filled cells alone) says little, 2-digit arrow circles,
/// thermometers, a killer without givens. At `singles` with EA/0 they take
/// 10 to 143,000 placements (eddies 1.42M), with the `default` preset 2 to
/// 9,423 (eddies 1.43M).
const FC_BEYOND_REACH: &[&str] = &[
    "arrow/arrow-lisudoku-arrow_9x9_2",
    "arrow/arrow-lisudoku-arrow_9x9_3",
    "combo/combo-fpuzzles-300-subs",
    "combo/combo-fpuzzles-eddies",
    "combo/combo-fpuzzles-self-contained",
    "combo/combo-lisudoku-mixed_9x9_1_hard",
    "killer/killer-timwi-killer-nogivens",
    "thermo/thermo-timwi-thermometer",
];

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../puzzles/variants")
}

/// Every corpus file, sorted, with its text.
fn corpus() -> Vec<(String, String)> {
    let mut files = Vec::new();
    for family in std::fs::read_dir(corpus_dir()).unwrap() {
        let family = family.unwrap().path();
        if !family.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(&family).unwrap() {
            let f = f.unwrap().path();
            let name = format!(
                "{}/{}",
                family.file_name().unwrap().to_string_lossy(),
                f.file_stem().unwrap().to_string_lossy()
            );
            files.push((name, std::fs::read_to_string(&f).unwrap()));
        }
    }
    files.sort();
    files
}

/// The `default` preset: EH/5 at singles.
fn default_preset() -> SearchConfig {
    config("EH", "5", PropagationLevel::Singles)
}

fn count_to_two(sudoku: &Sudoku, puzzle: &Puzzle, config: &SearchConfig) -> (u64, Option<Puzzle>) {
    let report = counted_to_two(sudoku, puzzle, config, "");
    (report.stats.solutions, report.solution)
}

/// The report of counting `name`'s solutions to 2, which must finish.
fn counted_to_two(
    sudoku: &Sudoku,
    puzzle: &Puzzle,
    config: &SearchConfig,
    name: &str,
) -> SolveReport {
    let report = sudoku.count_solutions(puzzle, config, Some(2)).unwrap();
    assert_eq!(report.termination, Termination::Exhausted, "{name}");
    report
}

#[test]
fn every_corpus_puzzle_has_its_one_solution_at_every_level() {
    let files = corpus();
    assert_eq!(files.len(), 76);
    let mut needed = std::collections::BTreeMap::new();
    for (name, text) in &files {
        let vp = VariantPuzzle::from_json(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let expected = vp.solution.clone().expect("the corpus records solutions");
        let sudoku = Sudoku::with_rules(vp.puzzle.size(), vp.rules)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            sudoku.is_solution_of(&expected, &vp.puzzle),
            "{name}: recorded solution rejected"
        );
        let configs = [
            ("fc", config("EA", "0", PropagationLevel::ForwardChecking)),
            ("singles", config("EA", "0", PropagationLevel::Singles)),
            ("gac", config("EA", "0", PropagationLevel::Gac)),
            ("default", default_preset()),
        ];
        for (label, mut config) in configs {
            let hopeless_at_fc = label == "fc" && FC_BEYOND_REACH.contains(&name.as_str());
            if hopeless_at_fc {
                config.limits.max_placements = Some(100_000);
                let report = sudoku
                    .count_solutions(&vp.puzzle, &config, Some(2))
                    .unwrap();
                // Stopped, and never a wrong answer on the way.
                assert!(
                    matches!(report.termination, Termination::Stopped(_)),
                    "{name}"
                );
                assert!(report.stats.solutions <= 1, "{name}");
                assert!(report.solution.is_none_or(|s| s == expected), "{name}");
                continue;
            }
            let (count, solution) = count_to_two(&sudoku, &vp.puzzle, &config);
            assert_eq!(count, 1, "{name} at {label}");
            assert_eq!(solution.as_ref(), Some(&expected), "{name} at {label}");
        }
        let level = sudoku.level_needed(&vp.puzzle).unwrap();
        *needed.entry(level.name()).or_insert(0) += 1;
    }
    let needed: Vec<(&str, u32)> = needed.into_iter().collect();
    // Even probing leaves three of them to guessing.
    assert_eq!(
        needed,
        [
            ("gac", 13),
            ("guessing", 3),
            ("locked", 9),
            ("probing", 23),
            ("singles", 28)
        ]
    );
}

/// Forward checking does count seven of [`FC_BEYOND_REACH`] to 2 with a
/// cell chain that suits each (the search exhausts the tree, so the value
/// order hardly matters): the puzzle, the chain, and the placements it
/// takes. Eddies (no givens, 11 arrows, 8 parity cells) takes 2.35 billion
/// placements with EJ, the chain that counts it in the fewest at
/// `singles` (860,315; EA 1.42M, EG 3.51M); it is not counted within 100 s
/// (up to 150 million placements) by EA, ED, EG, EH, EK or EL, nor within
/// 30 million by GE, KE, GA, KA, IE, GD, KD or CE. Arrow_9x9_2 is not
/// counted within those limits by any of these chains, nor by EI or EJ,
/// nor within 3 million by any single letter or by EB, EC, EF, JE or DE.
const FC_WITH_ANOTHER_CHAIN: &[(&str, &str, u64)] = &[
    ("combo/combo-fpuzzles-300-subs", "ED", 22_056),
    ("killer/killer-timwi-killer-nogivens", "EA", 1_864_331),
    ("combo/combo-fpuzzles-self-contained", "EH", 13_118_064),
    ("arrow/arrow-lisudoku-arrow_9x9_3", "EL", 16_704_718),
    ("combo/combo-lisudoku-mixed_9x9_1_hard", "ED", 22_403_827),
    ("thermo/thermo-timwi-thermometer", "EH", 28_321_588),
    ("combo/combo-fpuzzles-eddies", "EJ", 2_345_211_502),
];

/// Counts the puzzles of [`FC_WITH_ANOTHER_CHAIN`] that take `placements`
/// (a range) at `fc` with their chain: one solution, the recorded one, in
/// exactly the placements listed.
fn count_at_fc_with_their_chain(placements: std::ops::RangeInclusive<u64>) {
    let files = corpus();
    let range = placements;
    for &(name, cells, placements) in FC_WITH_ANOTHER_CHAIN {
        assert!(FC_BEYOND_REACH.contains(&name));
        if !range.contains(&placements) {
            continue;
        }
        let (_, text) = files.iter().find(|(n, _)| n == name).unwrap();
        let vp = VariantPuzzle::from_json(text).unwrap();
        let sudoku = Sudoku::with_rules(vp.puzzle.size(), vp.rules).unwrap();
        let config = config(cells, "0", PropagationLevel::ForwardChecking);
        let report = sudoku
            .count_solutions(&vp.puzzle, &config, Some(2))
            .unwrap();
        assert_eq!(report.termination, Termination::Exhausted, "{name}");
        assert_eq!(
            (report.stats.solutions, report.stats.placements),
            (1, placements),
            "{name}"
        );
        assert_eq!(report.solution, vp.solution, "{name}");
    }
}

#[test]
fn forward_checking_counts_300_subs_with_ed() {
    count_at_fc_with_their_chain(0..=100_000);
}

/// Five more take 2 to 29 million placements: about half a minute in a
/// release build (`cargo test --release -p sudoku --test it --
/// --ignored variants::forward_checking_counts_five`).
#[test]
#[ignore = "about half a minute in a release build"]
fn forward_checking_counts_five_more_of_those_beyond_reach_with_a_suited_chain() {
    count_at_fc_with_their_chain(100_001..=100_000_000);
}

/// Eddies: 2,345,211,502 placements with EJ, about 10 minutes of CPU in
/// a release build (`cargo test --release -p sudoku --test it --
/// --ignored variants::forward_checking_counts_eddies`; the same as `sudoku count
/// puzzles/variants/combo/combo-fpuzzles-eddies.json --limit 2 --cells EJ
/// --values 0 --propagation fc --max-placements 0`).
#[test]
#[ignore = "about 10 minutes in a release build"]
fn forward_checking_counts_eddies_with_ej() {
    count_at_fc_with_their_chain(100_000_001..=u64::MAX);
}

#[test]
fn links_read_as_the_files_do() {
    // The original f-puzzles links of the corpus records that carry one.
    let links = std::fs::read_to_string(corpus_dir().join("links.txt")).unwrap();
    let files = corpus();
    let mut checked = 0;
    for line in links.lines() {
        let (name, link) = line.split_once(' ').unwrap();
        let from_link = VariantPuzzle::from_link(link).unwrap_or_else(|e| panic!("{name}: {e}"));
        let (_, text) = files.iter().find(|(n, _)| n == name).unwrap();
        let from_file = VariantPuzzle::from_json(text).unwrap();
        assert_eq!(from_link.puzzle, from_file.puzzle, "{name}");
        let expected = from_file.solution.unwrap();
        let sudoku = Sudoku::with_rules(from_link.puzzle.size(), from_link.rules).unwrap();
        let (count, solution) = count_to_two(&sudoku, &from_link.puzzle, &default_preset());
        assert_eq!((count, solution), (1, Some(expected)), "{name}");
        checked += 1;
    }
    assert_eq!(checked, 7);
    // Every file, compressed into a link as f-puzzles does, reads the same.
    for (name, text) in &files {
        let link = format!(
            "https://www.f-puzzles.com/?load={}",
            lz_str::compress_to_base64(text.as_str())
        );
        let a = VariantPuzzle::from_link(&link).unwrap();
        let b = VariantPuzzle::from_json(text).unwrap();
        assert_eq!(
            (a.puzzle, a.rules.names()),
            (b.puzzle, b.rules.names()),
            "{name}"
        );
    }
}

/// Counts all solutions (up to `cap`), `None` if a limit stopped it.
fn count_all(sudoku: &Sudoku, puzzle: &Puzzle, level: PropagationLevel, cap: u64) -> Option<u64> {
    let mut config = config("EA", "0", level);
    config.limits.max_placements = Some(300_000);
    let report = sudoku
        .count_solutions(puzzle, &config, Some(cap + 1))
        .unwrap();
    (report.termination == Termination::Exhausted).then_some(report.stats.solutions)
}

#[test]
fn every_level_counts_the_same_solutions_of_loosened_puzzles() {
    // Each corpus puzzle loosened twice: every second given dropped, and
    // (where it has elements) its last element dropped. Those with 2 to 300
    // solutions (counted at gac) are counted at every level; a level that
    // hits the placement cap (fc and none can) is left out, never wrong.
    let (mut compared, mut stopped) = (0, 0);
    for (name, text) in corpus() {
        for loosen in ["givens", "element"] {
            let mut vp = VariantPuzzle::from_json(&text).unwrap();
            let mut cells = vp.puzzle.cells().to_vec();
            if loosen == "givens" {
                for (k, c) in cells.iter_mut().filter(|c| **c != 0).enumerate() {
                    if k % 2 == 1 {
                        *c = 0;
                    }
                }
            } else if vp.rules.elements.pop().is_none() {
                continue;
            }
            let puzzle = Puzzle::from_digits(vp.puzzle.size(), cells);
            let sudoku = Sudoku::with_rules(puzzle.size(), vp.rules).unwrap();
            let Some(reference) = count_all(&sudoku, &puzzle, PropagationLevel::Gac, 300) else {
                continue;
            };
            if !(2..=300).contains(&reference) {
                continue;
            }
            compared += 1;
            for level in PropagationLevel::ALL {
                match count_all(&sudoku, &puzzle, level, 300) {
                    Some(n) => assert_eq!(n, reference, "{name} loosened by {loosen} at {level}"),
                    None => stopped += 1,
                }
            }
        }
    }
    assert_eq!((compared, stopped), (22, 18));
}

/// The records of `puzzles/variants/sudokusolver-rust.txt`: id, recorded
/// solution (digits in decimal one after another) and f-puzzles link.
fn sudokusolver_rust_records() -> Vec<(String, String, String)> {
    let text = std::fs::read_to_string(corpus_dir().join("sudokusolver-rust.txt")).unwrap();
    let mut records = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let Some(meta) = line.strip_prefix("#:") else {
            continue;
        };
        let fields: Vec<&str> = meta.split('|').map(str::trim).collect();
        assert_eq!(fields.len(), 5, "{line}");
        let link = lines.next().expect("a link after each record line");
        records.push((fields[0].into(), fields[4].into(), link.into()));
    }
    records
}

/// A solution's digits in decimal, one after another (how the source
/// records them, 16x16 included).
fn decimal_digits(puzzle: &Puzzle) -> String {
    puzzle.cells().iter().map(u8::to_string).collect()
}

/// The public corpus: the 76 records of `puzzles/variants/` and the 29
/// f-puzzles links of `sudokusolver-rust.txt` (4x4 to 16x16, 22 rule
/// types), 105 real puzzles, each counted to 2 at the `default` preset:
/// exactly one solution, the published one. The placements are pinned.
/// The 29 links read the same as SudokuPad links (`sudokupad.app/fpuzzles`
/// with the same payload).
#[test]
fn the_public_corpus_of_105_is_counted_exactly_at_the_default_preset() {
    let placements = count_the_public_corpus(&default_preset());
    let total: u64 = placements.iter().map(|(_, p)| p).sum();
    // The median, the slowest (eddies) and the total.
    assert_eq!(
        (placements[52].1, placements[104].1, total),
        (10, 1_430_775, 1_966_043)
    );
}

/// At `gac` (EH/5) every puzzle of the public corpus is counted too, none
/// stopped by the default preset's 10 million placements (eddies took
/// 19.4 million before arrows read their houses there), and the sandwich
/// sudoku needs no placement once its clues see their rows' all-different
/// (99,964 at `singles`, 52,139 at `gac` before), tiny scar (X-sums) 2
/// (27,950 before).
#[test]
fn the_public_corpus_of_105_is_counted_exactly_at_gac() {
    let placements = count_the_public_corpus(&config("EH", "5", PropagationLevel::Gac));
    let total: u64 = placements.iter().map(|(_, p)| p).sum();
    // The median, the slowest (eddies) and the total.
    assert_eq!(
        (placements[52].1, placements[104].1, total),
        (0, 123_971, 246_912)
    );
    let of = |name: &str| {
        placements
            .iter()
            .find(|(id, _)| id == name)
            .map(|&(_, p)| p)
    };
    assert_eq!(of("sandwich-sudoku"), Some(0));
    assert_eq!(of("tiny-scar"), Some(2));
}

/// Counts the 105 puzzles of the public corpus to 2 with `config`: each
/// has exactly one solution, the published one. Their names (file stem or
/// record id) and placements, fewest placements first. The 29 links read
/// the same as SudokuPad links (`sudokupad.app/fpuzzles` with the same
/// payload).
fn count_the_public_corpus(config: &SearchConfig) -> Vec<(String, u64)> {
    let mut placements = Vec::new();
    for (name, text) in corpus() {
        let vp = VariantPuzzle::from_json(&text).unwrap();
        let sudoku = Sudoku::with_rules(vp.puzzle.size(), vp.rules).unwrap();
        let report = counted_to_two(&sudoku, &vp.puzzle, config, &name);
        assert_eq!(report.stats.solutions, 1, "{name}");
        assert_eq!(report.solution, vp.solution, "{name}");
        placements.push((name, report.stats.placements));
    }
    let records = sudokusolver_rust_records();
    assert_eq!(records.len(), 29);
    let mut sides = std::collections::BTreeSet::new();
    for (id, recorded, link) in &records {
        let vp = VariantPuzzle::from_link(link).unwrap_or_else(|e| panic!("{id}: {e}"));
        sides.insert(vp.puzzle.size().side());
        // The same payload as a SudokuPad link reads the same puzzle.
        let payload = link.split_once("load=").unwrap().1;
        let pad = VariantPuzzle::from_link(&format!("https://sudokupad.app/fpuzzles{payload}"))
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(
            (&pad.puzzle, pad.rules.names()),
            (&vp.puzzle, vp.rules.names()),
            "{id}"
        );
        let sudoku = Sudoku::with_rules(vp.puzzle.size(), vp.rules).unwrap();
        let report = counted_to_two(&sudoku, &vp.puzzle, config, id);
        assert_eq!(report.stats.solutions, 1, "{id}");
        let found = report.solution.as_ref().map(decimal_digits);
        assert_eq!(found.as_deref(), Some(recorded.as_str()), "{id}");
        placements.push((id.clone(), report.stats.placements));
    }
    assert_eq!(sides.into_iter().collect::<Vec<_>>(), [4, 6, 7, 9, 16]);
    assert_eq!(placements.len(), 105);
    placements.sort_by_key(|&(_, p)| p);
    placements
}

/// `puzzles/made/`: one puzzle per element type no public puzzle of the
/// corpus uses, made by `scripts/make_variant_puzzles.py --seed 1` (and
/// counted by CP-SAT in `scripts/bench_variants.py puzzles/made`, which
/// finds the same one solution): each has its recorded solution and no
/// other at every level, and together they use every one of those types.
#[test]
fn the_made_puzzles_have_their_one_solution_at_every_level() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../puzzles/made");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|f| f.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    let mut kinds = std::collections::BTreeSet::new();
    for path in &files {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(path).unwrap();
        let vp = VariantPuzzle::from_json(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        kinds.extend(vp.rules.names());
        let expected = vp.solution.clone().expect("made puzzles record solutions");
        let sudoku = Sudoku::with_rules(vp.puzzle.size(), vp.rules).unwrap();
        for (label, config) in [
            ("fc", config("EA", "0", PropagationLevel::ForwardChecking)),
            ("singles", config("EA", "0", PropagationLevel::Singles)),
            ("gac", config("EA", "0", PropagationLevel::Gac)),
            ("default", default_preset()),
        ] {
            let (count, solution) = count_to_two(&sudoku, &vp.puzzle, &config);
            assert_eq!(count, 1, "{name} at {label}");
            assert_eq!(solution.as_ref(), Some(&expected), "{name} at {label}");
        }
    }
    let kinds: Vec<&str> = kinds.into_iter().filter(|k| *k != "classic").collect();
    assert_eq!(
        kinds,
        [
            "box-indexer",
            "chess",
            "column-indexer",
            "digital-root-cage",
            "double-arrow",
            "given-candidates",
            "lockout-line",
            "modular-line",
            "nabner-line",
            "regex",
            "row-indexer",
            "slow-thermometer",
            "sum-dot",
            "zipper-line"
        ]
    );
}

/// At `gac` an arrow reads which of its shaft's cells share a house (they
/// hold distinct digits): the corpus's arrow puzzles take far fewer
/// placements there with the default chain (EH/5), and the levels below
/// keep their counts. Placements at singles, then at gac (before arrows
/// read their houses at gac: 3,837, 28 and 9).
#[test]
fn at_gac_an_arrow_reads_the_distinct_cells_of_its_shaft() {
    let cases = [
        ("arrow/arrow-lisudoku-arrow_9x9_2", 9_423, 2_668),
        ("arrow/arrow-lisudoku-arrow_9x9_3", 40, 2),
        ("combo/combo-fpuzzles-clipped", 45, 2),
    ];
    let files = corpus();
    let mut seen = Vec::new();
    for (name, _, _) in cases {
        let (_, text) = files.iter().find(|(n, _)| n == name).unwrap();
        let vp = VariantPuzzle::from_json(text).unwrap();
        let sudoku = Sudoku::with_rules(vp.puzzle.size(), vp.rules).unwrap();
        let placements = |level| {
            let report = counted_to_two(&sudoku, &vp.puzzle, &config("EH", "5", level), name);
            assert_eq!(report.stats.solutions, 1, "{name}");
            report.stats.placements
        };
        seen.push((
            name,
            placements(PropagationLevel::Singles),
            placements(PropagationLevel::Gac),
        ));
    }
    assert_eq!(seen, cases);
}

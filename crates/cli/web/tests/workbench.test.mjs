// The workbench in a real browser: Debian's Chromium, headless, driven by
// Playwright (playwright-core, which downloads no browser). The page's
// answers are checked against the `sudoku` command's JSON for the same
// input. `SUDOKU_BIN` names the binary (default: target/debug/sudoku);
// `CHROMIUM` the browser (default: /usr/bin/chromium). With
// `UPDATE_SCREENSHOTS=1` the guide's screenshots (docs/guide/images/web-*.png)
// are taken again.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const BIN = process.env.SUDOKU_BIN || path.join(ROOT, "target/debug/sudoku");
const BROWSER = process.env.CHROMIUM || "/usr/bin/chromium";
const SHOTS = process.env.UPDATE_SCREENSHOTS === "1";
const INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
// An f-puzzles document with a killer cage and a thermometer (5 solutions).
const VARIANT = JSON.stringify({
  size: 4,
  grid: [[{ value: 1, given: true }, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]],
  killercage: [{ cells: ["R1C2", "R1C3"], value: "7" }],
  thermometer: [{ lines: [["R3C1", "R3C2"]] }],
});

// An f-puzzles link with lines (thermometer, arrow) and a SudokuPad link
// with cages and a thermometer, from the repository's puzzle sets.
const FPUZZLES_LINK = readFileSync(path.join(ROOT, "puzzles/variants/links.txt"), "utf8")
  .split("\n").find((l) => l.startsWith("combo/combo-fpuzzles-clipped ")).split(" ")[1];
const SUDOKUPAD_LINK = "https://sudokupad.app/" +
  readFileSync(path.join(ROOT, "puzzles/sudokupad/cornered-parity.txt"), "utf8").trim();

let server;
let base;
let browser;

function command(args, input) {
  const out = execFileSync(BIN, args, { cwd: ROOT, input, encoding: "utf8" });
  return out.split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
}

function commandAllowingFailure(args, input) {
  try {
    return command(args, input);
  } catch (e) {
    return e.stdout.split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
  }
}

// A server on a free port, with `flags`: the process and its address.
async function serve(flags) {
  const child = spawn(BIN, ["serve", "--port", "0", ...flags], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise((resolve, reject) => {
    let seen = "";
    child.stdout.on("data", (chunk) => {
      seen += chunk;
      const m = /(http:\/\/[0-9.:]+\/)/.exec(seen);
      if (m) resolve(m[1]);
    });
    child.on("exit", (code) => reject(new Error(`sudoku serve exited with ${code}`)));
  });
  return [child, url];
}

before(async () => {
  [server, base] = await serve([]);
  browser = await chromium.launch({
    executablePath: BROWSER,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.kill("SIGINT");
});

async function page(width = 1400, height = 1000, at = base) {
  const p = await browser.newPage({ viewport: { width, height } });
  await p.goto(at);
  await p.waitForSelector("body[data-ready='1']");
  return p;
}

async function counters(p) {
  await p.waitForSelector("[data-testid=counters] tr[data-counter=placements]");
  return p.$$eval("[data-testid=counters] tr", (rows) =>
    Object.fromEntries(rows.map((r) => [r.dataset.counter, r.children[1].textContent])));
}

async function shot(p, name) {
  if (SHOTS) await p.screenshot({ path: path.join(ROOT, "docs/guide/images", `web-${name}.png`), fullPage: true });
}

test("paste a puzzle, run, and see the command's counters", async () => {
  const p = await page();
  await p.fill("[data-testid=puzzle-input]", INKALA);
  await p.click("[data-testid=run]");
  const shown = await counters(p);
  const [record] = command(["solve", "--format", "json", "--timeout", "5000", "--max-placements", "10000000"], INKALA + "\n");
  assert.equal(shown.status, record.status);
  for (const name of ["placements", "backtracks", "moves", "iterations", "failures", "guesses", "max_depth"]) {
    assert.equal(shown[name], String(record.stats[name]), name);
  }
  assert.equal(shown.level_needed, record.level_needed);
  // The counters in the command's order.
  const names = await p.$$eval("[data-testid=counters] tr", (rows) => rows.map((r) => r.dataset.counter));
  const order = Object.keys(record.stats).filter((k) => k !== "rules");
  assert.deepEqual(names.filter((n) => order.includes(n)), order);
  await p.close();
});

test("change the chain: the counters follow the command's", async () => {
  const p = await page();
  await p.fill("[data-testid=puzzle-input]", INKALA);
  await p.fill("[data-testid=cells]", "A");
  await p.fill("[data-testid=values]", "0");
  await p.selectOption("[data-testid=propagation]", "fc");
  await p.click("[data-testid=run]");
  const shown = await counters(p);
  const [record] = command(["solve", "--format", "json", "--cells", "A", "--values", "0", "--propagation", "fc",
    "--timeout", "5000", "--max-placements", "10000000"], INKALA + "\n");
  assert.equal(shown.strategy, "A/0/fc");
  assert.equal(shown.placements, String(record.stats.placements));
  assert.equal(shown.backtracks, String(record.stats.backtracks));
  await p.close();
});

test("replay: step, then to the end, shows the solution", async () => {
  const p = await page();
  await p.fill("[data-testid=puzzle-input]", INKALA);
  await p.fill("[data-testid=cells]", "EA");
  await p.fill("[data-testid=values]", "0");
  await p.selectOption("[data-testid=propagation]", "fc");
  await p.click("[data-testid=run]");
  await counters(p);
  await p.click("[data-testid=replay-back]");
  await p.keyboard.press("Home");
  await p.click("[data-testid=replay-step]");
  await p.click("[data-testid=replay-step]");
  const text = await p.textContent("[data-testid=replay-event]");
  assert.match(text, /^event 2 of \d+/);
  const started = Date.now();
  await p.click("[data-testid=replay-end]");
  const digits = await p.$$eval("[data-testid=overlay] text[data-replay]", (ts) =>
    ts.map((t) => [t.dataset.cell, t.textContent]));
  assert.ok(Date.now() - started < 2000);
  const [record] = command(["solve", "--format", "json", "--cells", "EA", "--values", "0", "--propagation", "fc"], INKALA + "\n");
  const empty = [...INKALA].filter((c) => c === ".").length;
  assert.equal(digits.length, empty);
  for (const [cell, digit] of digits) {
    const [, r, c] = /^r(\d+)c(\d+)$/.exec(cell);
    assert.equal(record.solution[(r - 1) * 9 + (c - 1)], digit, cell);
  }
  await p.click("[data-testid=replay-scrub]");
  await shot(p, "replay");
  await p.close();
});

test("a long trace replays without freezing: to the end in under 2 s", async () => {
  const p = await page();
  await p.fill("[data-testid=puzzle-input]", INKALA);
  await p.fill("[data-testid=cells]", "A");
  await p.fill("[data-testid=values]", "0");
  await p.selectOption("[data-testid=propagation]", "none");
  await p.click("[data-testid=run]");
  await counters(p);
  const total = Number(/of (\d+)/.exec(await p.textContent("[data-testid=replay-event]"))[1]);
  assert.ok(total >= 100000, `${total} events`);
  await p.keyboard.press("Home");
  const started = Date.now();
  await p.click("[data-testid=replay-end]");
  await p.waitForFunction((t) => document.querySelector("[data-testid=replay-event]").textContent.startsWith(`event ${t} of`), total);
  assert.ok(Date.now() - started < 2000, `${Date.now() - started} ms`);
  await p.close();
});

test("compare on hardest11: the command's ranking; a row loads its strategy", async () => {
  const p = await page();
  await p.fill("[data-testid=compare-strategies]", "default\nA/0/fc\nE/0/fc");
  await p.selectOption("[data-testid=compare-on]", "hardest11");
  await p.click("[data-testid=compare-run]");
  await p.waitForSelector("[data-testid=compare-table] tr[data-strategy]");
  const shown = await p.$$eval("[data-testid=compare-table] tr[data-strategy]", (rows) => rows.map((r) => r.dataset.strategy));
  const rows = command(["compare", "--set", "hardest11", "--config", "default", "--cells", "A,E", "--values", "0",
    "--propagation", "fc", "--format", "json", "--timeout", "5000", "--max-placements", "10000000"]);
  assert.deepEqual(shown, rows.map((r) => r.strategy));
  await p.click("[data-testid=compare-table] tr[data-strategy='A/0/fc']");
  assert.equal(await p.inputValue("[data-testid=cells]"), "A");
  assert.equal(await p.inputValue("[data-testid=values]"), "0");
  await p.close();
});

test("true candidates equal the command's, on a classic and a variant puzzle", async () => {
  const p = await page();
  for (const puzzle of ["1.......2.....3.", VARIANT]) {
    await p.fill("[data-testid=puzzle-input]", puzzle);
    await p.click("[data-testid=true-candidates-run]");
    await p.waitForSelector("[data-testid=board][data-true-candidates]");
    const shown = JSON.parse(await p.getAttribute("[data-testid=board]", "data-true-candidates"));
    await p.evaluate(() => document.querySelector("[data-testid=board]").removeAttribute("data-true-candidates"));
    const dir = mkdtempSync(path.join(tmpdir(), "tc-"));
    const file = path.join(dir, puzzle.startsWith("{") ? "p.json" : "p.txt");
    writeFileSync(file, puzzle + "\n");
    const [record] = commandAllowingFailure(["candidates", "--true", "--format", "json", file]);
    assert.deepEqual(shown, record.candidates);
    assert.equal(await p.getAttribute("[data-testid=true-candidates]", "data-solutions"), String(record.solutions));
  }
  await p.close();
});

test("explain steps on the board", async () => {
  const p = await page();
  await p.fill("[data-testid=puzzle-input]", "1.......2.....3.");
  await p.click("[data-testid=explain-run]");
  await p.waitForSelector("[data-testid=explain-steps] li");
  await p.click("[data-testid=explain-next]");
  const placed = await p.$$eval("[data-testid=overlay] text", (ts) => ts.length);
  assert.ok(placed >= 1);
  const [record] = commandAllowingFailure(["explain", "--format", "json"], "1.......2.....3.\n");
  const steps = await p.$$eval("[data-testid=explain-steps] li", (lis) => lis.length);
  assert.equal(steps, record.steps.length);
  assert.equal(await p.textContent("[data-testid=explain-status]"), record.summary);
  await p.close();
});

// Line `n` (from 1) of a shipped puzzle file, before any tab.
function puzzleAt(file, n) {
  return readFileSync(path.join(ROOT, file), "utf8").split("\n")[n - 1].split("\t")[0];
}

test("a step's pattern is drawn: an X-Wing's houses, a rectangle, an AIC's links", async () => {
  const cases = [
    ["X-Wing", "puzzles/se-rated-72.tsv", 10, "xwing"],
    ["unique rectangle type 1", "puzzles/minimal-200.txt", 1, "unique-rectangle"],
    ["Forcing Chain", "puzzles/minimal-200.txt", 2, "aic"],
  ];
  const p = await page();
  for (const [technique, file, line, name] of cases) {
    const puzzle = puzzleAt(file, line);
    const [record] = command(["explain", "--format", "json"], puzzle + "\n");
    const k = record.steps.findIndex((s) => s.technique === technique);
    assert.ok(k >= 0, `${technique} in ${file}:${line}`);
    const step = record.steps[k];
    await p.fill("[data-testid=puzzle-input]", puzzle);
    await p.click("[data-testid=explain-run]");
    await p.waitForSelector("[data-testid=explain-steps] li");
    await p.click(`[data-testid=explain-steps] li:nth-child(${k + 1})`);
    const text = await p.textContent(`[data-testid=explain-steps] li:nth-child(${k + 1})`);
    const form = step.form ? `, ${step.form}` : "";
    assert.ok(text.startsWith(`${technique} (${step.difficulty.toFixed(1)}${form}): `), text);
    if (technique === "Forcing Chain") assert.equal(step.form, "AIC");
    // Every candidate of the pattern ringed.
    const rings = await p.$$eval("[data-testid=overlay] circle[data-pattern=candidate]", (cs) =>
      cs.map((c) => `${c.dataset.cell}-${c.dataset.candidate}`));
    assert.deepEqual(rings.sort(), step.candidates.map((x) => `${x.cell}-${x.digit}`).sort());
    // Links: strong solid, weak dashed, each between its candidates.
    const links = await p.$$eval("[data-testid=overlay] line[data-link]", (ls) =>
      ls.map((l) => ({ kind: l.dataset.link, from: l.dataset.from, to: l.dataset.to, dashed: l.hasAttribute("stroke-dasharray") })));
    assert.deepEqual(links, step.links.map((l) => ({
      kind: l.strong ? "strong" : "weak",
      from: `${l.from.cell}-${l.from.digit}`,
      to: `${l.to.cell}-${l.to.digit}`,
      dashed: !l.strong,
    })));
    // Base and cover houses shaded, a cell for each cell of each house.
    const houses = await p.$$eval("[data-testid=overlay] rect[data-house]", (rs) => rs.map((r) => r.dataset.house));
    assert.equal(houses.filter((h) => h === "base").length, step.base.length * 9);
    assert.equal(houses.filter((h) => h === "cover").length, step.cover.length * 9);
    assert.equal(await p.textContent("[data-testid=explain-eureka]"), step.eureka || "");
    if (technique === "X-Wing") assert.deepEqual([step.base.length, step.cover.length, step.links.length], [2, 2, 0]);
    if (technique === "Forcing Chain") {
      assert.ok(step.links.some((l) => l.strong) && step.links.some((l) => !l.strong));
      assert.match(step.eureka, /^\(\d[=-]?[\d=-]*\)r\dc\d/);
    }
    await shot(p, `pattern-${name}`);
  }
  await p.close();
});

test("a bad line shows the command's error", async () => {
  const p = await page();
  await p.fill("[data-testid=puzzle-input]", "4.....8.5.3..");
  await p.click("[data-testid=run]");
  await p.waitForSelector("[data-testid=error]:not([hidden])");
  const message = await p.textContent("[data-testid=error]");
  assert.match(message, /^-:1: 13 cells is not a grid size/);
  await shot(p, "error");
  await p.close();
});

test("the five tasks on an f-puzzles link and a SudokuPad link", async () => {
  for (const link of [FPUZZLES_LINK, SUDOKUPAD_LINK]) {
    const p = await page();
    await p.fill("[data-testid=puzzle-input]", link);
    // Run and replay: the command's counters, the solution at the end.
    await p.click("[data-testid=run]");
    const shown = await counters(p);
    const [record] = command(["solve", "--format", "json", ...["--timeout", "5000", "--max-placements", "10000000"]], link + "\n");
    assert.equal(shown.status, "solved");
    assert.equal(shown.placements, String(record.stats.placements));
    await p.click("[data-testid=replay-end]");
    const digits = await p.$$eval("[data-testid=overlay] text[data-replay]", (ts) => ts.map((t) => [t.dataset.cell, t.textContent]));
    assert.ok(digits.length > 0);
    const side = Math.round(Math.sqrt(record.solution.length));
    for (const [cell, digit] of digits) {
      const [, r, c] = /^r(\d+)c(\d+)$/.exec(cell);
      assert.equal(record.solution[(r - 1) * side + (c - 1)], digit, cell);
    }
    // True candidates: the command's.
    await p.click("[data-testid=true-candidates-run]");
    await p.waitForSelector("[data-testid=board][data-true-candidates]");
    const candidates = JSON.parse(await p.getAttribute("[data-testid=board]", "data-true-candidates"));
    const [truth] = command(["candidates", "--true", "--format", "json"], link + "\n");
    assert.deepEqual(candidates, truth.candidates);
    // Explain: the command's steps.
    await p.click("[data-testid=explain-run]");
    await p.waitForSelector("[data-testid=explain-steps] li");
    const [explained] = commandAllowingFailure(["explain", "--format", "json"], link + "\n");
    assert.equal(await p.$$eval("[data-testid=explain-steps] li", (lis) => lis.length), explained.steps.length);
    assert.equal(await p.textContent("[data-testid=explain-status]"), explained.summary);
    // Compare two chains on this puzzle.
    await p.fill("[data-testid=compare-strategies]", "default\nadaptive");
    await p.selectOption("[data-testid=compare-on]", "");
    await p.click("[data-testid=compare-run]");
    await p.waitForSelector("[data-testid=compare-table] tr[data-strategy]");
    const rows = await p.$$eval("[data-testid=compare-table] tr[data-strategy]", (trs) => trs.length);
    assert.equal(rows, 2);
    await p.close();
  }
});

test("phone width: the page still works", async () => {
  const p = await page(390);
  await p.fill("[data-testid=puzzle-input]", INKALA);
  await p.click("[data-testid=run]");
  await counters(p);
  // Nothing runs off the side: the board shrinks to the phone's width.
  const wide = await p.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= 390, `the page is ${wide} px wide at 390`);
  await p.close();
});

// ---- a new user's papercuts, round 3 (one test per item) ----

const HARDEST11 = readFileSync(path.join(ROOT, "puzzles/hardest11.txt"), "utf8").split("\n").filter((l) => l.trim());
const SERG = readFileSync(path.join(ROOT, "puzzles/serg-multi-solution-100.txt"), "utf8").split("\n").filter((l) => l.trim());
const KILLER = readFileSync(path.join(ROOT, "puzzles/variants/killer/killer-janko-021.json"), "utf8");

// Clicks the centre of a cell of the board.
// Show, then wait for the board drawn for this click: the board of the
// previous Show is marked, so a click cannot land on it while the new one
// is still on its way.
async function showFresh(p) {
  await p.$$eval("[data-testid=board] svg", (svgs) => svgs.forEach((s) => s.setAttribute("data-stale", "")));
  await p.click("[data-testid=show]");
  await p.waitForSelector("[data-testid=board] svg:not([data-stale])");
}

async function clickCell(p, row, col) {
  const box = await p.$eval("[data-testid=board] svg", (svg) => {
    const r = svg.getBoundingClientRect();
    return { x: r.x, y: r.y, scale: r.width / Number(svg.getAttribute("width")) };
  });
  await p.mouse.click(box.x + (24 + 48 * col + 24) * box.scale, box.y + (24 + 48 * row + 24) * box.scale);
}

test("item 1: picking a preset sets its fields, and Run runs it", async () => {
  const p = await page();
  await p.fill("[data-testid=puzzle-input]", INKALA);
  // What a click on a compare row leaves in the fields.
  await p.fill("[data-testid=cells]", "EH");
  await p.fill("[data-testid=values]", "5");
  await p.selectOption("[data-testid=propagation]", "singles");
  await p.selectOption("[data-testid=config]", "naive");
  assert.equal(await p.inputValue("[data-testid=cells]"), "A");
  assert.equal(await p.inputValue("[data-testid=values]"), "0");
  assert.equal(await p.inputValue("[data-testid=propagation]"), "none");
  await p.click("[data-testid=run]");
  const shown = await counters(p);
  assert.equal(shown.strategy, "A/0/none");
  const [record] = command(["solve", "--format", "json", "--config", "naive"], INKALA + "\n");
  assert.equal(shown.placements, String(record.stats.placements));
  await p.close();
});

test("learning: the preset sets the box, and a checked box learns as --learning", async () => {
  const p = await page();
  await p.fill("[data-testid=puzzle-input]", INKALA);
  await p.selectOption("[data-testid=config]", "lcg");
  assert.equal(await p.isChecked("[data-testid=learning]"), true);
  await p.selectOption("[data-testid=config]", "default");
  assert.equal(await p.isChecked("[data-testid=learning]"), false);
  await p.check("[data-testid=learning]");
  await p.click("[data-testid=run]");
  const shown = await counters(p);
  const [record] = command(["solve", "--format", "json", "--learning", "--timeout", "5000",
    "--max-placements", "10000000"], INKALA + "\n");
  assert.ok(record.stats.nogoods > 0);
  for (const name of ["placements", "failures", "nogoods"]) {
    assert.equal(shown[name], String(record.stats[name]), name);
  }
  await p.close();
});

test("links: the preset sets the box, and the search is the command's --links", async () => {
  const p = await page();
  const doc = readFileSync(path.join(ROOT, "docs/examples/nonconsecutive-generated.json"), "utf8").trim();
  await p.fill("[data-testid=puzzle-input]", doc);
  await p.selectOption("[data-testid=config]", "wdeg-gac-links");
  assert.equal(await p.isChecked("[data-testid=links]"), true);
  await p.selectOption("[data-testid=config]", "wdeg-gac");
  assert.equal(await p.isChecked("[data-testid=links]"), false);
  await p.check("[data-testid=links]");
  await p.click("[data-testid=run]");
  const shown = await counters(p);
  const [record] = command(["solve", "--format", "json", "--config", "wdeg-gac", "--links",
    "--timeout", "5000", "--max-placements", "10000000"], doc + "\n");
  assert.ok(record.stats.rules.linked.removals > 0);
  for (const name of ["placements", "failures"]) {
    assert.equal(shown[name], String(record.stats[name]), name);
  }
  await p.close();
});

test("item 2: a whole naive search replays to its end; a cut trace says so", async () => {
  const p = await page();
  await p.fill("[data-testid=puzzle-input]", INKALA);
  await p.selectOption("[data-testid=config]", "naive");
  await p.click("[data-testid=run]");
  const shown = await counters(p);
  assert.equal(shown.placements, "49558");
  // The command's whole trace, less its first and last lines (puzzle, end).
  const dir = mkdtempSync(path.join(tmpdir(), "trace-"));
  const file = path.join(dir, "t.jsonl");
  execFileSync(BIN, ["solve", "--config", "naive", "--trace", file, "--trace-limit", "100000000", "-q"], { cwd: ROOT, input: INKALA + "\n" });
  const events = readFileSync(file, "utf8").split("\n").filter((l) => l.trim()).length - 2;
  assert.ok(events > 300000, `${events}`);
  await p.click("[data-testid=replay-end]");
  assert.match(await p.textContent("[data-testid=replay-event]"), new RegExp(`^event ${events} of ${events}, depth \\d+\\nsolution 1`));
  const digits = await p.$$eval("[data-testid=overlay] text[data-replay]", (ts) => ts.length);
  assert.equal(digits, [...INKALA].filter((c) => c === ".").length);
  assert.equal(await p.$("[data-testid=trace-cut]"), null);
  await p.close();
  // A server that keeps 1,000 events: the page says where it stopped.
  const [small, at] = await serve(["--trace-limit", "1000"]);
  try {
    const q = await page(1400, 1000, at);
    await q.fill("[data-testid=puzzle-input]", INKALA);
    await q.selectOption("[data-testid=config]", "naive");
    await q.click("[data-testid=run]");
    await counters(q);
    assert.match(await q.textContent("[data-testid=trace-cut]"), /the trace stopped at the server's limit of 1000 events/);
    await q.click("[data-testid=replay-end]");
    assert.match(await q.textContent("[data-testid=replay-event]"), /the trace stopped here, at the server's limit of 1000 events/);
    await q.close();
  } finally {
    small.kill("SIGINT");
  }
});

test("item 3: another puzzle or a failed run clears the panels", async () => {
  const p = await page();
  await p.fill("[data-testid=puzzle-input]", INKALA);
  await p.click("[data-testid=run]");
  await counters(p);
  await p.fill("[data-testid=puzzle-input]", HARDEST11[0]);
  assert.equal(await p.$$eval("[data-testid=counters] tr", (rows) => rows.length), 0);
  assert.equal(await p.textContent("[data-testid=replay-event]"), "Run a search to replay it.");
  assert.equal(await p.$$eval("[data-testid=overlay] text", (ts) => ts.length), 0);
  // A run that fails after one that worked.
  await p.fill("[data-testid=puzzle-input]", INKALA);
  await p.click("[data-testid=run]");
  await counters(p);
  await p.fill("[data-testid=puzzle-input]", "4.....8.5.3..");
  await p.click("[data-testid=run]");
  await p.waitForSelector("[data-testid=error]:not([hidden])");
  assert.equal(await p.$$eval("[data-testid=counters] tr", (rows) => rows.length), 0);
  assert.equal(await p.textContent("[data-testid=replay-event]"), "Run a search to replay it.");
  // The set menu forgets a set whose puzzle is no longer in the box.
  await p.selectOption("[data-testid=set-puzzle]", "hardest11");
  await p.waitForFunction(() => document.querySelector("[data-testid=set-index]").options.length === 11);
  await p.fill("[data-testid=puzzle-input]", INKALA);
  assert.equal(await p.inputValue("[data-testid=set-puzzle]"), "");
  await p.close();
});

test("item 4: after Run the replay starts at the givens; play at the end starts again", async () => {
  const p = await page();
  await p.fill("[data-testid=puzzle-input]", INKALA);
  await p.click("[data-testid=run]");
  await counters(p);
  assert.match(await p.textContent("[data-testid=replay-event]"), /^event 0 of \d+/);
  await p.click("[data-testid=replay-step]");
  assert.match(await p.textContent("[data-testid=replay-event]"), /^event 1 of \d+/);
  const legend = await p.$$eval("[data-testid=legend] [data-legend]", (ss) => ss.map((s) => s.dataset.legend));
  assert.deepEqual(legend, ["given", "guessed", "deduced", "placing", "deducing", "failing"]);
  await p.click("[data-testid=replay-end]");
  const total = Number(/of (\d+)/.exec(await p.textContent("[data-testid=replay-event]"))[1]);
  await p.click("[data-testid=replay-play]");
  await p.waitForFunction(() => /^event (\d+)/.exec(document.querySelector("[data-testid=replay-event]").textContent)[1] !== "0");
  await p.click("[data-testid=replay-play]");
  const at = Number(/^event (\d+)/.exec(await p.textContent("[data-testid=replay-event]"))[1]);
  assert.ok(at < total, `${at} of ${total}`);
  await shot(p, "run");
  await p.close();
});

test("item 5: explain says why it is stuck and shows the candidates, struck when removed", async () => {
  const p = await page();
  // A puzzle of more than one solution (serg line 9): the techniques
  // stop after 8 steps.
  const stuck = SERG[8];
  await p.fill("[data-testid=puzzle-input]", stuck);
  await p.click("[data-testid=explain-run]");
  await p.waitForSelector("[data-testid=explain-steps] li");
  const [record] = commandAllowingFailure(["explain", "--format", "json"], stuck + "\n");
  assert.equal(await p.textContent("[data-testid=explain-status]"), "stuck after 8 steps: the techniques find nothing more");
  assert.equal(record.summary, "stuck after 8 steps: the techniques find nothing more");
  const [start] = command(["candidates", "--format", "json", "--propagation", "fc"], stuck + "\n");
  const expected = start.candidates.filter((c, i) => start.filled[i] === ".").reduce((n, c) => n + c.length, 0);
  assert.equal(await p.$$eval("[data-testid=overlay] text[data-candidate]", (ts) => ts.length), expected);
  // Step 3 (a hidden pair) strikes its removals out.
  for (let k = 0; k < 3; k++) await p.click("[data-testid=explain-next]");
  const struck = await p.$$eval("[data-testid=overlay] text[data-struck]", (ts) => ts.map((t) => `${t.dataset.cell}-${t.textContent}`));
  assert.deepEqual(struck.sort(), record.steps[2].removed.map((x) => `${x.cell}-${x.digit}`).sort());
  await shot(p, "explain");
  // No step at all: the command's words, not "(stuck)".
  await p.fill("[data-testid=puzzle-input]", ".".repeat(16));
  await p.click("[data-testid=explain-run]");
  await p.waitForFunction(() => document.querySelector("[data-testid=explain-status]").textContent !== "");
  assert.equal(await p.textContent("[data-testid=explain-status]"), "stuck after 0 steps: the techniques find nothing more");
  assert.equal(await p.$$eval("[data-testid=overlay] text[data-candidate]", (ts) => ts.length), 64);
  await p.close();
});

test("item 6: true candidates keep clear of killer cage sums", async () => {
  const p = await page();
  await p.fill("[data-testid=puzzle-input]", KILLER);
  await p.click("[data-testid=true-candidates-run]");
  await p.waitForSelector("[data-testid=board][data-true-candidates]");
  const overlaps = await p.evaluate(() => {
    const svg = document.querySelector("[data-testid=board] svg");
    const sums = [...svg.querySelectorAll("text[font-size='11']")].map((t) => t.getBBox());
    const cands = [...svg.querySelectorAll("[data-testid=overlay] text[data-candidate]")].map((t) => [t.textContent, t.dataset.cell, t.getBBox()]);
    const meet = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    const out = [];
    for (const s of sums) for (const [d, cell, b] of cands) if (meet(s, b)) out.push(`${d} in ${cell}`);
    return { sums: sums.length, candidates: cands.length, out };
  });
  assert.equal(overlaps.sums, 33);
  assert.ok(overlaps.candidates >= 81, `${overlaps.candidates}`);
  assert.deepEqual(overlaps.out, []);
  await shot(p, "true-candidates");
  await p.close();
});

test("item 7: a log scale for values decades apart; the page fits laptops and phones", async () => {
  const p = await page(1366, 800);
  // Run is on the first screen.
  const run = await p.$eval("[data-testid=run]", (b) => b.getBoundingClientRect().bottom);
  assert.ok(run <= 800, `Run ends at ${run} px`);
  await p.fill("[data-testid=puzzle-input]", INKALA);
  await p.fill("[data-testid=compare-strategies]", "naive\ndefault\nA/0/fc");
  await p.click("[data-testid=compare-run]");
  await p.waitForSelector("[data-testid=compare-table] tr[data-strategy]");
  assert.equal(await p.getAttribute("[data-testid=compare-chart]", "data-scale"), "log");
  assert.match(await p.textContent("[data-testid=compare-axis]"), /log scale/);
  // The table is not cut off: it fits its panel.
  const fit = await p.$eval("[data-testid=compare-table]", (t) => [t.scrollWidth, t.parentElement.clientWidth]);
  assert.ok(fit[0] <= fit[1], `table ${fit[0]} px in ${fit[1]} px`);
  await shot(p, "compare");
  // Close values: linear.
  await p.fill("[data-testid=compare-strategies]", "default\nE/0/fc");
  await p.click("[data-testid=compare-run]");
  await p.waitForFunction(() => document.querySelector("[data-testid=compare-chart]").dataset.scale === "linear");
  await p.close();
  // A phone: the explanation right under the board.
  const q = await page(390, 800);
  await q.fill("[data-testid=puzzle-input]", "1.......2.....3.");
  await q.click("[data-testid=explain-run]");
  await q.waitForSelector("[data-testid=explain-steps] li");
  const gap = await q.evaluate(() => document.querySelector("[data-testid=explain-steps]").getBoundingClientRect().top
    - document.querySelector("[data-testid=board]").getBoundingClientRect().bottom);
  assert.ok(gap < 200, `the steps are ${gap} px below the board`);
  await q.close();
});

test("item 8: any puzzle of a built-in set", async () => {
  const p = await page();
  await p.selectOption("[data-testid=set-puzzle]", "hardest11");
  await p.waitForFunction(() => document.querySelector("[data-testid=set-index]").options.length === 11);
  assert.equal(await p.inputValue("[data-testid=puzzle-input]"), HARDEST11[0]);
  await p.selectOption("[data-testid=set-index]", "2");
  await p.waitForFunction((want) => document.querySelector("[data-testid=puzzle-input]").value === want, HARDEST11[2]);
  await p.click("[data-testid=run]");
  const shown = await counters(p);
  const [record] = command(["solve", "--format", "json"], HARDEST11[2] + "\n");
  assert.equal(shown.placements, String(record.stats.placements));
  await p.close();
});

test("item 9: a setter types on the board and the text follows", async () => {
  const p = await page();
  // An empty box: Show draws an empty grid to type into.
  await showFresh(p);
  assert.equal(await p.inputValue("[data-testid=puzzle-input]"), ".".repeat(81));
  await p.fill("[data-testid=puzzle-input]", INKALA);
  await showFresh(p);
  await clickCell(p, 0, 1);
  assert.equal(await p.getAttribute("[data-testid=selection] rect", "data-selected"), "r1c2");
  await p.keyboard.press("4");
  await p.waitForFunction(() => document.querySelector("[data-testid=puzzle-input]").value[1] === "4");
  await p.keyboard.press("ArrowRight");
  await p.keyboard.press("5");
  await p.waitForFunction(() => document.querySelector("[data-testid=puzzle-input]").value[2] === "5");
  await p.keyboard.press("Delete");
  await p.waitForFunction(() => document.querySelector("[data-testid=puzzle-input]").value[2] === ".");
  const text = await p.inputValue("[data-testid=puzzle-input]");
  assert.equal(text, INKALA[0] + "4" + INKALA.slice(2));
  // The board draws the new given.
  const svg = await p.$eval("[data-testid=board] svg", (s) => s.outerHTML);
  assert.ok(svg.includes(">4</text>"));
  // An f-puzzles document: its grid follows.
  await p.fill("[data-testid=puzzle-input]", VARIANT);
  await showFresh(p);
  await clickCell(p, 3, 3);
  await p.keyboard.press("2");
  await p.waitForFunction(() => document.querySelector("[data-testid=puzzle-input]").value.includes("\"value\":2"));
  const doc = JSON.parse(await p.inputValue("[data-testid=puzzle-input]"));
  assert.deepEqual(doc.grid[3][3], { value: 2, given: true });
  assert.deepEqual(doc.killercage, JSON.parse(VARIANT).killercage);
  // A link cannot be typed on: the page says so.
  await p.fill("[data-testid=puzzle-input]", FPUZZLES_LINK);
  await showFresh(p);
  await clickCell(p, 0, 0);
  await p.keyboard.press("1");
  await p.waitForSelector("[data-testid=error]:not([hidden])");
  assert.match(await p.textContent("[data-testid=error]"), /^typing on the board edits a line of digits or an f-puzzles document/);
  await p.close();
});

test("papercuts 4, items 9-11: the step shown, the rating, the human levels", async () => {
  const p = await page();
  // A puzzle of one solution explained in more than fifteen steps, with
  // its rating (top95 line 1).
  const puzzle = puzzleAt("puzzles/top95.txt", 1);
  const [record] = commandAllowingFailure(["explain", "--format", "json"], puzzle + "\n");
  assert.ok(record.steps.length > 15, `${record.steps.length} steps`);
  await p.fill("[data-testid=puzzle-input]", puzzle);
  await p.click("[data-testid=explain-run]");
  await p.waitForSelector("[data-testid=explain-steps] li");
  const total = record.steps.length;
  assert.equal(await p.textContent("[data-testid=explain-position]"), `the givens, before step 1 of ${total}`);
  for (let k = 0; k < 15; k++) await p.click("[data-testid=explain-next]");
  // Item 9: where the board is, the step's text beside it, the list's line
  // highlighted and in view.
  assert.equal(await p.textContent("[data-testid=explain-position]"), `step 15 of ${total}`);
  const s = record.steps[14];
  const notes = [s.difficulty == null ? null : s.difficulty.toFixed(1), s.form].filter((x) => x != null);
  const text = `${s.technique}${notes.length ? ` (${notes.join(", ")})` : ""}: ${s.why}`;
  assert.equal(await p.textContent("[data-testid=explain-step]"), text);
  assert.equal(await p.textContent("[data-testid=explain-steps] li.current"), text);
  const inView = await p.evaluate(() => {
    const list = document.querySelector("[data-testid=explain-steps]").getBoundingClientRect();
    const li = document.querySelector("[data-testid=explain-steps] li.current").getBoundingClientRect();
    return li.top >= list.top - 1 && li.bottom <= list.bottom + 1;
  });
  assert.ok(inView, "the current step is scrolled into the list's view");
  // Item 10: SE's figures and the hardest step, as `explain` prints them.
  const f = (x) => (x == null ? "-" : x.toFixed(1));
  assert.equal(
    await p.textContent("[data-testid=explain-rating]"),
    `SE ${f(record.se.er)}/${f(record.se.ep)}/${f(record.se.ed)}, hardest: ${record.hardest}`,
  );
  // Item 11: the human levels are offered.
  const options = await p.$$eval("[data-testid=propagation] option", (os) => os.map((o) => o.value));
  for (const level of ["human:2.8", "human:3.2", "human:4.4", "human:6.6", "human:8.5"]) {
    assert.ok(options.includes(level), `${level} in ${options}`);
  }
  await shot(p, "explain-step-15");
  // ... and a run at one of them gives the command's counters.
  await p.fill("[data-testid=cells]", "EA");
  await p.fill("[data-testid=values]", "0");
  await p.selectOption("[data-testid=propagation]", "human:4.4");
  await p.click("[data-testid=run]");
  const shown = await counters(p);
  const [solved] = command(["solve", "--format", "json", "--cells", "EA", "--values", "0", "--propagation", "human:4.4"], puzzle + "\n");
  assert.equal(shown.placements, String(solved.stats.placements));
  await p.close();
});

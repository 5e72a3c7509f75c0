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

before(async () => {
  server = spawn(BIN, ["serve", "--port", "0"], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
  base = await new Promise((resolve, reject) => {
    let seen = "";
    server.stdout.on("data", (chunk) => {
      seen += chunk;
      const m = /(http:\/\/[0-9.:]+\/)/.exec(seen);
      if (m) resolve(m[1]);
    });
    server.on("exit", (code) => reject(new Error(`sudoku serve exited with ${code}`)));
  });
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

async function page(width = 1400) {
  const p = await browser.newPage({ viewport: { width, height: 1000 } });
  await p.goto(base);
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
  await shot(p, "run");
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
  await shot(p, "compare");
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
  await shot(p, "true-candidates");
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
  assert.equal(steps, record.steps.length + 1);
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
    assert.equal(await p.$$eval("[data-testid=explain-steps] li", (lis) => lis.length), explained.steps.length + 1);
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

// The workbench page: every answer comes from the server's API, which
// returns the records `sudoku ... --format json` prints.
"use strict";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
// The geometry of the pictures `sudoku render` draws.
const MARGIN = 24;
const CELL = 48;
// Replay: a snapshot of the board every this many events.
const SNAPSHOT_EVERY = 512;
// True candidates: colour by how many solutions hold a candidate.
const COUNT_COLOURS = ["#d62728", "#ff7f0e", "#2ca02c"];

// The colours of the replay, with the words of its legend.
const REPLAY_COLOURS = {
  guessed: "#2255cc",
  deduced: "#2e8b57",
  placing: "#ffd84a",
  deducing: "#8fa8d8",
  failing: "#d62728",
};

// The colours of a step's pattern.
const PATTERN_COLOURS = {
  candidate: "#7fd17f",
  fin: "#f0a030",
  base: "#4a90d9",
  cover: "#e0b020",
  link: "#8a2be2",
};

const state = {
  side: 9,
  givens: [],
  svg: null,
  overlay: null,
  controller: null,
  replay: null,
  playing: null,
  steps: null,
  stepAt: -1,
  // Explain: the candidates before each step, from the givens on.
  explained: null,
  // The presets by name (their chains), from /api/configs.
  presets: {},
  // The puzzles of the set chosen in the menu.
  setPuzzles: [],
  // The cell picked on the board for typing (-1: none).
  selected: -1,
  // The cells whose top left corner holds a cage sum.
  labelled: new Set(),
  // Whether the compare table is about the puzzle in the text box.
  comparedPuzzle: false,
};

// ---- API ----

async function api(path, body) {
  if (state.controller) state.controller.abort();
  const controller = new AbortController();
  state.controller = controller;
  const response = await fetch(path, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: controller.signal,
  });
  const text = await response.text();
  if (!response.ok) {
    let message = text;
    try { message = JSON.parse(text).error; } catch (_) { /* keep the text */ }
    throw new Error(message);
  }
  return text;
}

async function apiJson(path, body) {
  return JSON.parse(await api(path, body));
}

function showError(e) {
  if (e && e.name === "AbortError") return;
  const box = $("error");
  box.textContent = e ? String(e.message || e) : "";
  box.hidden = !e;
}

function puzzleText() {
  return $("puzzle").value.trim();
}

// ---- strategy ----

function strategy() {
  const s = {};
  const put = (key, value) => { if (value !== "" && value !== null) s[key] = value; };
  put("config", $("config").value);
  put("cells", $("cells").value.trim());
  put("values", $("values").value.trim());
  put("propagation", $("propagation").value);
  put("restarts", $("restarts").value.trim());
  if ($("seed").value !== "") s.seed = Number($("seed").value);
  if ($("max-placements").value !== "") s.max_placements = Number($("max-placements").value);
  s.learning = $("learning").checked;
  s.links = $("links").checked;
  return s;
}

function setStrategy(s) {
  $("config").value = s.config || "default";
  $("cells").value = s.cells || "";
  $("values").value = s.values || "";
  $("propagation").value = s.propagation || "";
  // Unsaid, learning is the preset's.
  const preset = state.presets[$("config").value];
  $("learning").checked = s.learning ?? Boolean(preset && preset.learning);
  $("links").checked = s.links ?? Boolean(preset && preset.links);
}

// Picking a preset sets the fields it defines (its chains, level and
// restarts), so that Run runs the preset and not what the fields held.
function presetPicked() {
  const p = state.presets[$("config").value];
  if (!p) return;
  $("cells").value = p.cells;
  $("values").value = p.values;
  $("propagation").value = p.propagation;
  $("restarts").value = p.restarts === "none" ? "" : p.restarts;
  $("learning").checked = Boolean(p.learning);
  $("links").checked = Boolean(p.links);
}

// A line of the compare list: a preset name, or cells/values/propagation.
function parseStrategyLine(line) {
  const parts = line.split("/").map((p) => p.trim());
  if (parts.length === 1) return { config: parts[0] };
  const s = { cells: parts[0], values: parts[1] };
  if (parts[2]) s.propagation = parts[2];
  if (parts[3]) s.restarts = parts[3];
  return s;
}

// ---- board ----

function cellIndex(name) {
  const m = /^r(\d+)c(\d+)$/.exec(name);
  return m ? (Number(m[1]) - 1) * state.side + Number(m[2]) - 1 : -1;
}

function cellName(i) {
  return `r${Math.floor(i / state.side) + 1}c${(i % state.side) + 1}`;
}

function digitText(d) {
  return d <= 9 ? String(d) : String.fromCharCode(55 + d); // 10 -> A
}

async function showBoard() {
  // An empty box: an empty 9x9 grid to type a puzzle into.
  if (!puzzleText()) $("puzzle").value = ".".repeat(81);
  const text = puzzleText();
  const svgText = await api("/api/render", { puzzle: text });
  const board = $("board");
  board.innerHTML = svgText;
  const svg = board.querySelector("svg");
  const width = Number(svg.getAttribute("width"));
  state.side = Math.round((width - 2 * MARGIN) / CELL);
  state.svg = svg;
  // The cells whose top left corner holds a cage sum (render writes it
  // at 3, 12 from the corner, in 11 px type).
  state.labelled = new Set();
  for (const t of svg.querySelectorAll("text[font-size='11']")) {
    const col = Math.floor((Number(t.getAttribute("x")) - 3 - MARGIN) / CELL);
    const row = Math.floor((Number(t.getAttribute("y")) - 12 - MARGIN) / CELL);
    if (row >= 0 && col >= 0 && row < state.side && col < state.side) state.labelled.add(row * state.side + col);
  }
  state.overlay = document.createElementNS(SVG, "g");
  state.overlay.setAttribute("data-testid", "overlay");
  svg.appendChild(state.overlay);
  state.selection = document.createElementNS(SVG, "g");
  state.selection.setAttribute("data-testid", "selection");
  svg.appendChild(state.selection);
  if (state.selected >= state.side * state.side) state.selected = -1;
  drawSelection();
  $("legend").innerHTML = "";
  return svg;
}

function clearOverlay() {
  if (state.overlay) state.overlay.replaceChildren();
}

function cellXY(i) {
  return [MARGIN + (i % state.side) * CELL, MARGIN + Math.floor(i / state.side) * CELL];
}

function shade(i, colour, opacity) {
  const [x, y] = cellXY(i);
  const r = document.createElementNS(SVG, "rect");
  r.setAttribute("x", x + 1);
  r.setAttribute("y", y + 1);
  r.setAttribute("width", CELL - 2);
  r.setAttribute("height", CELL - 2);
  r.setAttribute("fill", colour);
  r.setAttribute("fill-opacity", opacity);
  state.overlay.appendChild(r);
}

function write(i, digit, colour, extra) {
  const [x, y] = cellXY(i);
  const t = document.createElementNS(SVG, "text");
  t.setAttribute("x", x + CELL / 2);
  t.setAttribute("y", y + CELL / 2 + 10);
  t.setAttribute("text-anchor", "middle");
  t.setAttribute("font-size", "28");
  t.setAttribute("fill", colour);
  t.setAttribute("data-cell", cellName(i));
  if (extra) for (const [k, v] of Object.entries(extra)) t.setAttribute(k, v);
  t.textContent = digitText(digit);
  state.overlay.appendChild(t);
}

// A candidate in its place in the cell (a grid of small digits); in a
// cell whose corner holds a cage sum, the grid takes the space below it.
function small(i, digit, colour, extra) {
  const [cx, cy, size] = candidateXY(i, digit);
  const t = document.createElementNS(SVG, "text");
  t.setAttribute("x", cx);
  t.setAttribute("y", cy);
  t.setAttribute("text-anchor", "middle");
  t.setAttribute("dominant-baseline", "central");
  t.setAttribute("font-size", String(size));
  t.setAttribute("font-weight", "bold");
  t.setAttribute("fill", colour);
  t.setAttribute("data-cell", cellName(i));
  t.setAttribute("data-candidate", String(digit));
  if (extra) for (const [key, v] of Object.entries(extra)) t.setAttribute(key, v);
  t.textContent = digitText(digit);
  state.overlay.appendChild(t);
  return [cx, cy, size];
}

// Where a candidate's small digit goes: its centre and type size.
function candidateXY(i, digit) {
  const per = Math.ceil(Math.sqrt(state.side));
  const [x, y] = cellXY(i);
  const k = digit - 1;
  const top = state.labelled.has(i) ? 14 : 0;
  const stepX = CELL / per;
  const stepY = (CELL - top) / per;
  // One size for every cell: the one that fits below a cage sum when the
  // puzzle has any.
  const room = state.labelled.size ? Math.min(stepX, (CELL - 14) / per) : stepX;
  const size = Math.max(7, Math.floor(room * 0.8));
  const cx = x + stepX * (k % per) + stepX / 2;
  const cy = y + top + stepY * Math.floor(k / per) + stepY / 2;
  return [cx, cy, size];
}

// A candidate struck out: drawn in red with a line through it.
function struck(i, digit) {
  const [cx, cy, size] = small(i, digit, REPLAY_COLOURS.failing, { "data-struck": "1" });
  const l = document.createElementNS(SVG, "line");
  l.setAttribute("x1", cx - size * 0.55);
  l.setAttribute("y1", cy + size * 0.35);
  l.setAttribute("x2", cx + size * 0.55);
  l.setAttribute("y2", cy - size * 0.35);
  l.setAttribute("stroke", REPLAY_COLOURS.failing);
  l.setAttribute("stroke-width", "1.5");
  state.overlay.appendChild(l);
}

// ---- run and replay ----

function counters(record) {
  const table = $("counters");
  table.replaceChildren();
  const row = (name, value) => {
    const tr = document.createElement("tr");
    tr.innerHTML = "<td></td><td></td>";
    tr.children[0].textContent = name;
    tr.children[1].textContent = value;
    tr.setAttribute("data-counter", name);
    table.appendChild(tr);
  };
  row("status", record.status);
  const s = record.strategy || {};
  row("strategy", `${s.cells}/${s.values}/${s.propagation}`);
  if (record.stats) {
    for (const [name, value] of Object.entries(record.stats)) {
      if (name === "rules") continue;
      row(name, value);
    }
  }
  if (record.level_needed) row("level_needed", record.level_needed);
  if (record.error) row("error", record.error);
}

// Replays the trace: snapshots of the digits on the board (and the stack
// of placements, each with the cells it filled) every SNAPSHOT_EVERY
// events, so that any event is reached from the nearest one.
function prepareReplay(events, solution) {
  const n = state.side * state.side;
  const digits = new Int16Array(n);
  const guessed = new Uint8Array(n);
  let frames = [[]];
  const snapshots = [];
  const depth = new Int32Array(events.length + 1);
  let d = 0;
  for (let i = 0; i <= events.length; i++) {
    if (i % SNAPSHOT_EVERY === 0) {
      snapshots.push({ digits: digits.slice(), guessed: guessed.slice(), frames: frames.map((f) => f.slice()) });
    }
    depth[i] = d;
    if (i === events.length) break;
    const e = events[i];
    d = apply(e, digits, guessed, frames, d);
    frames = frames.length ? frames : [[]];
  }
  state.replay = { events, snapshots, depth, at: 0, solution, cut: null };
  $("scrub").max = String(events.length);
  drawDepth();
  goTo(0);
}

// The legend under the board: a swatch per [colour, words, key, ink]
// (`key` names it in `data-legend`; `ink`, dark text on a light colour),
// then `tail` (a node or text), if any.
function showLegend(swatches, tail) {
  const box = $("legend");
  box.replaceChildren(...swatches.map(([colour, words, key, ink]) => {
    const span = document.createElement("span");
    span.style.background = colour;
    if (ink) span.style.color = ink;
    if (key) span.dataset.legend = key;
    span.textContent = words;
    return span;
  }));
  if (tail) box.append(tail);
}

// What the replay's colours mean.
function replayLegend() {
  const c = REPLAY_COLOURS;
  const r = state.replay;
  let tail = null;
  if (r && r.cut !== null) {
    tail = document.createElement("span");
    tail.className = "note";
    tail.dataset.testid = "trace-cut";
    tail.textContent = ` the trace stopped at the server's limit of ${r.cut} events (sudoku serve --trace-limit): the replay shows them, the counters the whole search`;
  }
  showLegend([
    ["#000", "given", "given"],
    [c.guessed, "guessed", "guessed"],
    [c.deduced, "deduced", "deduced"],
    [c.placing, "this placement", "placing", "#222"],
    [c.deducing, "this deduction", "deducing", "#222"],
    [c.failing, "this failure", "failing"],
  ], tail);
}

function apply(e, digits, guessed, frames, d) {
  switch (e.event) {
    case "place": {
      const i = cellIndex(e.cell);
      digits[i] = e.digit;
      guessed[i] = e.guess ? 1 : 0;
      frames.push([i]);
      return e.depth;
    }
    case "deduce":
      for (const f of e.filled || []) {
        const i = cellIndex(f.cell);
        digits[i] = f.digit;
        guessed[i] = 0;
        frames[frames.length - 1].push(i);
      }
      return d;
    case "backtrack":
      while (frames.length > 1 && frames.length - 1 >= e.depth) {
        for (const i of frames.pop()) { digits[i] = 0; guessed[i] = 0; }
      }
      return e.depth - 1;
    case "restart":
      while (frames.length > 1) for (const i of frames.pop()) { digits[i] = 0; guessed[i] = 0; }
      return 0;
    default:
      return d;
  }
}

function goTo(at) {
  const r = state.replay;
  if (!r) return;
  at = Math.max(0, Math.min(r.events.length, at));
  const snap = r.snapshots[Math.floor(at / SNAPSHOT_EVERY)];
  const digits = snap.digits.slice();
  const guessed = snap.guessed.slice();
  let frames = snap.frames.map((f) => f.slice());
  let d = r.depth[Math.floor(at / SNAPSHOT_EVERY) * SNAPSHOT_EVERY];
  for (let i = Math.floor(at / SNAPSHOT_EVERY) * SNAPSHOT_EVERY; i < at; i++) {
    d = apply(r.events[i], digits, guessed, frames, d);
  }
  r.at = at;
  $("scrub").value = String(at);
  drawReplay(digits, guessed, at);
}

function drawReplay(digits, guessed, at) {
  const r = state.replay;
  clearOverlay();
  const current = at > 0 ? r.events[at - 1] : null;
  const marked = new Set();
  if (current) {
    for (const c of [current.cell, ...(current.filled || []).map((f) => f.cell), ...(current.removed || []).map((x) => x.cell)]) {
      if (c) marked.add(cellIndex(c));
    }
  }
  const c = REPLAY_COLOURS;
  for (const i of marked) {
    if (i < 0) continue;
    const colour = current.event === "fail" ? c.failing : current.event === "deduce" ? c.deducing : c.placing;
    shade(i, colour, 0.45);
  }
  for (let i = 0; i < digits.length; i++) {
    if (digits[i]) write(i, digits[i], guessed[i] ? c.guessed : c.deduced, { "data-replay": "1" });
  }
  let text = describe(current, at, r.events.length, r.depth[at]);
  if (r.cut !== null && at === r.events.length) {
    text += `\n(the trace stopped here, at the server's limit of ${r.cut} events; the search went on)`;
  }
  $("event").textContent = text;
  drawDepth();
}

function describe(e, at, total, depth) {
  const head = `event ${at} of ${total}, depth ${depth}`;
  if (!e) return `${head}\n(the givens)`;
  const where = e.house ? ` in ${e.house}` : e.element ? ` by ${e.element}` : e.houses ? ` in ${e.houses.join(" and ")}` : "";
  switch (e.event) {
    case "place": return `${head}\nplace ${e.digit} in ${e.cell}${e.guess ? " (a guess)" : ""}`;
    case "deduce": {
      const filled = (e.filled || []).map((f) => `${f.cell}=${f.digit}`).join(" ");
      const removed = (e.removed || []).map((x) => `${x.cell}-${x.digits.join("")}`).join(" ");
      return `${head}\n${e.rule}${where}: ${filled ? "fills " + filled + "; " : ""}${removed ? "removes " + removed : ""}`;
    }
    case "fail": return `${head}\nfail: ${e.cause}${e.cell ? " at " + e.cell : ""}${e.rule ? " (" + e.rule + ")" : ""}${where}`;
    case "backtrack": return `${head}\nbacktrack: undo ${e.digit} in ${e.cell}`;
    case "choose": return `${head}\nchoose ${e.cell} (candidates ${e.candidates.join("")}, decided by ${e.decided_by})`;
    case "order": return `${head}\ntry in ${e.cell}: ${e.values.map((v) => v.digit).join(", ")}`;
    case "solution": return `${head}\nsolution ${e.number}`;
    case "end": return `${head}\nend: ${e.termination}`;
    default: return `${head}\n${e.event}`;
  }
}

function drawDepth() {
  const canvas = $("depth");
  const r = state.replay;
  const ctx = canvas.getContext("2d");
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  if (!r || r.events.length === 0) return;
  const n = r.events.length;
  let max = 1;
  for (let i = 0; i <= n; i++) if (r.depth[i] > max) max = r.depth[i];
  const w = canvas.width, h = canvas.height;
  ctx.strokeStyle = "#2255cc";
  ctx.beginPath();
  for (let x = 0; x < w; x++) {
    const i = Math.floor((x / (w - 1)) * n);
    const y = h - 4 - (r.depth[i] / max) * (h - 8);
    if (x === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
  }
  ctx.stroke();
  ctx.strokeStyle = "#d62728";
  const cx = (r.at / n) * (w - 1);
  ctx.beginPath();
  ctx.moveTo(cx, 0);
  ctx.lineTo(cx, h);
  ctx.stroke();
}

function play() {
  if (state.playing) {
    clearInterval(state.playing);
    state.playing = null;
    $("replay-play").textContent = "play";
    return;
  }
  if (!state.replay) return;
  // Play at the end starts again from the givens.
  if (state.replay.at >= state.replay.events.length) goTo(0);
  $("replay-play").textContent = "pause";
  state.playing = setInterval(() => {
    const r = state.replay;
    const speed = Number($("speed").value);
    const step = Math.max(1, Math.round(speed / 20));
    if (r.at >= r.events.length) { play(); return; }
    goTo(r.at + step);
  }, Math.max(10, 1000 / Number($("speed").value)));
}

// Forgets what the panels show of another puzzle or an earlier run: the
// counters, the replay and its chart, the explanation, the overlays.
function clearResults() {
  if (state.playing) play();
  state.replay = null;
  state.steps = null;
  state.explained = null;
  state.stepAt = -1;
  $("counters").replaceChildren();
  $("scrub").max = "0";
  $("scrub").value = "0";
  $("event").textContent = "Run a search to replay it.";
  drawDepth();
  $("steps").replaceChildren();
  $("explain-status").textContent = "";
  $("explain-rating").textContent = "";
  $("explain-position").textContent = "";
  $("explain-step").textContent = "";
  $("explain-eureka").textContent = "";
  clearOverlay();
  $("legend").innerHTML = "";
  $("board").removeAttribute("data-true-candidates");
}

// The text box holds another puzzle: the panels are cleared (a comparison
// made on the puzzle too), and the set menu no longer names a puzzle it
// does not hold.
function puzzleChanged() {
  clearResults();
  if (state.comparedPuzzle) {
    $("compare-table").replaceChildren();
    $("compare-chart").replaceChildren();
    $("compare-chart").setAttribute("height", "0");
    $("compare-axis").textContent = "";
    state.comparedPuzzle = false;
  }
  const at = $("set-index").value;
  if (at === "" || setPuzzle(Number(at)) !== puzzleText()) {
    $("set-puzzle").value = "";
    resetSetIndex();
  }
}

async function run() {
  showError(null);
  clearResults();
  try {
    await showBoard();
    const record = await apiJson("/api/solve", { puzzle: puzzleText(), trace: true, ...strategy() });
    counters(record);
    const events = record.trace || [];
    const cut = events.find((e) => e.event === "cut");
    const inner = events.filter((e) => !["puzzle", "end", "cut"].includes(e.event));
    prepareReplay(inner, record.solution);
    state.replay.cut = cut ? cut.after : null;
    // The replay starts at the givens: step or play from there.
    goTo(0);
    replayLegend();
  } catch (e) {
    showError(e);
  }
}

// ---- true candidates ----

async function trueCandidates() {
  showError(null);
  clearResults();
  try {
    await showBoard();
    const record = await apiJson("/api/candidates", { puzzle: puzzleText(), true: true });
    state.replay = null;
    clearOverlay();
    const limit = record.limit;
    record.candidates.forEach((digits, i) => {
      const counts = record.counts[i];
      if (!counts.length) return;
      [...digits].forEach((c, k) => {
        const d = parseInt(c, 36);
        const count = counts[k];
        const colour = COUNT_COLOURS[Math.min(count, 3) - 1];
        small(i, d, colour, { "data-count": String(count) });
      });
    });
    const more = record.solutions > limit ? `more than ${limit}` : record.solutions === 0 ? "none (the puzzle has no solution)" : String(record.solutions);
    showLegend([
      [COUNT_COLOURS[0], "in 1 solution"],
      [COUNT_COLOURS[1], "in 2"],
      [COUNT_COLOURS[2], "in 3 or more"],
    ], ` solutions: ${more}`);
    $("legend").setAttribute("data-testid", "true-candidates");
    $("legend").setAttribute("data-solutions", String(record.solutions));
    $("board").setAttribute("data-true-candidates", JSON.stringify(record.candidates));
  } catch (e) {
    showError(e);
  }
}

// ---- explain ----

async function explain() {
  showError(null);
  clearResults();
  try {
    await showBoard();
    // One after the other: a new request aborts the one before.
    const start = await apiJson("/api/candidates", { puzzle: puzzleText(), propagation: "fc" });
    const record = await apiJson("/api/explain", { puzzle: puzzleText() });
    state.steps = record.steps || [];
    // The candidates before each step: the givens' (forward checking),
    // then each step's placements and removals.
    const n = state.side * state.side;
    let cands = start.candidates.map((c) => new Set([...c].map((ch) => parseInt(ch, 36))));
    let filled = [...start.filled].map((ch) => ch !== ".");
    const before = [];
    for (const st of state.steps) {
      before.push({ cands, filled });
      cands = cands.map((c) => new Set(c));
      filled = filled.slice();
      for (const p of st.placed || []) {
        const i = cellIndex(p.cell);
        filled[i] = true;
        cands[i] = new Set([p.digit]);
      }
      for (const x of st.removed || []) {
        const i = cellIndex(x.cell);
        if (i >= 0 && i < n) cands[i].delete(x.digit);
      }
    }
    before.push({ cands, filled });
    state.explained = before;
    $("explain-status").textContent = record.summary || record.status;
    // The rating, as the first line of `sudoku explain` gives it.
    const se = record.se;
    const figures = (x) => (x == null ? "-" : x.toFixed(1));
    $("explain-rating").textContent = se && se.ed != null
      ? `SE ${figures(se.er)}/${figures(se.ep)}/${figures(se.ed)}` + (record.hardest ? `, hardest: ${record.hardest}` : "")
      : record.hardest ? `hardest: ${record.hardest}` : "";
    const list = $("steps");
    list.replaceChildren();
    state.steps.forEach((s, k) => {
      const li = document.createElement("li");
      li.textContent = stepText(s);
      li.addEventListener("click", () => explainAt(k));
      list.appendChild(li);
    });
    explainAt(-1);
  } catch (e) {
    showError(e);
  }
}

// The board before step k + 1 is taken, with step k's placements (blue)
// and removals (struck out) shown: the candidates of every empty cell.
function explainAt(k) {
  if (!state.steps) return;
  k = Math.max(-1, Math.min(state.steps.length - 1, k));
  state.stepAt = k;
  clearOverlay();
  const at = state.explained[k + 1];
  const step = k >= 0 ? state.steps[k] : null;
  const removed = new Map();
  for (const x of (step && step.removed) || []) {
    const i = cellIndex(x.cell);
    if (!removed.has(i)) removed.set(i, new Set());
    removed.get(i).add(x.digit);
  }
  const placedNow = new Set(((step && step.placed) || []).map((p) => cellIndex(p.cell)));
  const given = state.explained[0].filled;
  const c = REPLAY_COLOURS;
  if (step) patternBelow(step);
  for (let i = 0; i < at.cands.length; i++) {
    if (given[i]) continue;
    if (at.filled[i]) {
      const [d] = at.cands[i];
      write(i, d, placedNow.has(i) ? c.guessed : c.deduced, { "data-placed": "1" });
      continue;
    }
    for (const d of at.cands[i]) small(i, d, "#777777");
    for (const d of removed.get(i) || []) struck(i, d);
  }
  for (const i of removed.keys()) shade(i, c.deducing, 0.25);
  for (const l of (step && step.links) || []) link(l);
  const p = PATTERN_COLOURS;
  showLegend([
    ["#000", "given"],
    [c.guessed, "placed by this step"],
    [c.deduced, "placed before"],
    ["#777", "candidates"],
    [c.failing, "removed by this step"],
    [p.candidate, "the step's pattern", "pattern", "#000"],
    [p.base, "base houses", "base", "#000"],
    [p.cover, "cover houses", "cover", "#000"],
    [p.link, "links: strong solid, weak dashed", "links"],
  ]);
  $("explain-eureka").textContent = step && step.eureka ? step.eureka : "";
  // Where the board is: "step 15 of 66" and the step's text, the list's
  // line highlighted and scrolled to.
  const total = state.steps.length;
  $("explain-position").textContent = k < 0 ? `the givens, before step 1 of ${total}` : `step ${k + 1} of ${total}`;
  $("explain-step").textContent = step ? stepText(step) : "";
  [...$("steps").children].forEach((li, j) => {
    li.classList.toggle("current", j === k);
    if (j === k) li.scrollIntoView({ block: "nearest" });
  });
}

// A step as the command prints it: `X-Wing (3.2): ...`, `(7.2, AIC)`.
function stepText(s) {
  const notes = [s.difficulty == null ? null : s.difficulty.toFixed(1), s.form].filter((x) => x != null);
  const rated = notes.length ? ` (${notes.join(", ")})` : "";
  return `${s.technique}${rated}: ${s.why}`;
}

// The cells of a house named as the command names it (`row 3`,
// `column 7`, `box 2` of square boxes); none for other houses.
function houseCells(name) {
  const m = /^(row|column|box) (\d+)$/.exec(name);
  if (!m) return [];
  const n = Number(m[2]) - 1;
  const side = state.side;
  const all = [...Array(side).keys()];
  if (m[1] === "row") return all.map((k) => n * side + k);
  if (m[1] === "column") return all.map((k) => k * side + n);
  const b = Math.round(Math.sqrt(side));
  if (b * b !== side) return [];
  const top = Math.floor(n / b) * b;
  const left = (n % b) * b;
  return all.map((k) => (top + Math.floor(k / b)) * side + left + (k % b));
}

// A ring behind a candidate of the pattern (or a fin).
function ring(i, digit, colour, kind) {
  const [cx, cy, size] = candidateXY(i, digit);
  const c = document.createElementNS(SVG, "circle");
  c.setAttribute("cx", cx);
  c.setAttribute("cy", cy);
  c.setAttribute("r", size * 0.75);
  c.setAttribute("fill", colour);
  c.setAttribute("fill-opacity", "0.45");
  c.setAttribute("data-pattern", kind);
  c.setAttribute("data-cell", cellName(i));
  c.setAttribute("data-candidate", String(digit));
  state.overlay.appendChild(c);
}

// A link between two candidates: strong solid, weak dashed.
function link(l) {
  const [x1, y1] = candidateXY(cellIndex(l.from.cell), l.from.digit);
  const [x2, y2] = candidateXY(cellIndex(l.to.cell), l.to.digit);
  const line = document.createElementNS(SVG, "line");
  line.setAttribute("x1", x1);
  line.setAttribute("y1", y1);
  line.setAttribute("x2", x2);
  line.setAttribute("y2", y2);
  line.setAttribute("stroke", PATTERN_COLOURS.link);
  line.setAttribute("stroke-width", "2");
  line.setAttribute("stroke-opacity", "0.8");
  if (!l.strong) line.setAttribute("stroke-dasharray", "5 4");
  line.setAttribute("data-link", l.strong ? "strong" : "weak");
  line.setAttribute("data-from", `${l.from.cell}-${l.from.digit}`);
  line.setAttribute("data-to", `${l.to.cell}-${l.to.digit}`);
  state.overlay.appendChild(line);
}

// Under the candidates: the step's houses shaded (base, cover) and its
// candidates ringed (fins apart).
function patternBelow(step) {
  for (const [key, colour] of [["base", PATTERN_COLOURS.base], ["cover", PATTERN_COLOURS.cover]]) {
    for (const name of step[key] || []) {
      for (const i of houseCells(name)) {
        shade(i, colour, 0.18);
        state.overlay.lastChild.setAttribute("data-house", key);
      }
    }
  }
  for (const x of step.candidates || []) ring(cellIndex(x.cell), x.digit, PATTERN_COLOURS.candidate, "candidate");
  for (const x of step.fins || []) ring(cellIndex(x.cell), x.digit, PATTERN_COLOURS.fin, "fin");
}

// ---- compare ----

async function compare() {
  showError(null);
  try {
    const strategies = $("strategies").value.split("\n").map((l) => l.trim()).filter(Boolean).map(parseStrategyLine);
    if (strategies.length < 1) throw new Error("give one strategy or more, one per line");
    const on = $("compare-on").value;
    const body = on ? { set: on, strategies } : { puzzles: [puzzleText()], strategies };
    const rows = await apiJson("/api/compare", body);
    state.comparedPuzzle = !on;
    const table = $("compare-table");
    table.replaceChildren();
    const head = document.createElement("tr");
    head.innerHTML = "<th>rank</th><th>strategy</th><th>solved</th><th>stopped</th><th>mean placements</th><th>median</th><th>mean guesses</th><th>time s</th>";
    table.appendChild(head);
    for (const r of rows) {
      const tr = document.createElement("tr");
      tr.setAttribute("data-strategy", r.strategy);
      const cells = [r.rank, r.strategy, r.solved, r.stopped, r.placements.mean.toFixed(1), r.placements.median, r.guesses.mean.toFixed(1), r.time_s === null ? "" : r.time_s.toFixed(3)];
      for (const c of cells) {
        const td = document.createElement("td");
        td.textContent = String(c);
        tr.appendChild(td);
      }
      tr.addEventListener("click", () => {
        setStrategy({ config: r.config === "matrix" ? "default" : r.config, cells: r.cells, values: r.values, propagation: r.propagation });
      });
      table.appendChild(tr);
    }
    chart(rows);
  } catch (e) {
    showError(e);
  }
}

// The bar chart of mean placements: on a log scale when the values span
// two decades or more (10 and 27,000 both visible), as its axis says.
function chart(rows) {
  const svg = $("compare-chart");
  svg.replaceChildren();
  const bar = 18;
  const height = rows.length * (bar + 6) + 4;
  svg.setAttribute("height", String(height));
  svg.setAttribute("viewBox", `0 0 420 ${height}`);
  const values = rows.map((r) => r.placements.mean);
  const max = Math.max(1, ...values);
  const min = Math.max(1, Math.min(...values));
  const log = max / min >= 100;
  const length = (v) => log
    ? 8 + 192 * Math.log10(Math.max(1, v)) / Math.log10(max)
    : (v / max) * 200;
  svg.setAttribute("data-scale", log ? "log" : "linear");
  $("compare-axis").textContent = log
    ? "mean placements, log scale (each bar's length grows with the number of digits)"
    : "mean placements, linear scale";
  rows.forEach((r, k) => {
    const y = 4 + k * (bar + 6);
    const w = Math.max(1, length(r.placements.mean));
    const rect = document.createElementNS(SVG, "rect");
    rect.setAttribute("x", "140");
    rect.setAttribute("y", String(y));
    rect.setAttribute("width", String(w));
    rect.setAttribute("height", String(bar));
    rect.setAttribute("fill", "#2255cc");
    svg.appendChild(rect);
    const label = document.createElementNS(SVG, "text");
    label.setAttribute("x", "136");
    label.setAttribute("y", String(y + 13));
    label.setAttribute("text-anchor", "end");
    label.setAttribute("font-size", "11");
    label.textContent = r.strategy.length > 22 ? r.strategy.slice(0, 21) + "…" : r.strategy;
    svg.appendChild(label);
    const value = document.createElementNS(SVG, "text");
    value.setAttribute("x", String(144 + w));
    value.setAttribute("y", String(y + 13));
    value.setAttribute("font-size", "11");
    value.textContent = r.placements.mean.toFixed(1);
    svg.appendChild(value);
  });
}

// ---- built-in sets ----

// The second menu emptied: no set's puzzles listed.
function resetSetIndex() {
  $("set-index").replaceChildren(new Option("—", ""));
  $("set-index").disabled = true;
  state.setPuzzles = [];
}

// Puzzle `k` of the set in the menu, as the text box holds it.
function setPuzzle(k) {
  return state.setPuzzles[k].split(/\s/)[0];
}

// A set picked in the menu: its puzzles in the second menu, the first one
// loaded.
async function setPicked(name) {
  resetSetIndex();
  const index = $("set-index");
  if (!name) return;
  showError(null);
  try {
    const set = await apiJson(`/api/sets/${encodeURIComponent(name)}`);
    state.setPuzzles = set.puzzles;
    index.replaceChildren(...set.puzzles.map((p, k) => new Option(`${k + 1}: ${p.slice(0, 24)}…`, String(k))));
    index.disabled = false;
    await loadSetPuzzle(0);
  } catch (e) {
    showError(e);
  }
}

async function loadSetPuzzle(k) {
  $("set-index").value = String(k);
  $("puzzle").value = setPuzzle(k);
  puzzleChanged();
  showError(null);
  try { await showBoard(); } catch (e) { showError(e); }
}

// ---- typing on the board ----

function drawSelection() {
  if (!state.selection) return;
  state.selection.replaceChildren();
  if (state.selected < 0) return;
  const [x, y] = cellXY(state.selected);
  const r = document.createElementNS(SVG, "rect");
  r.setAttribute("x", x + 2);
  r.setAttribute("y", y + 2);
  r.setAttribute("width", CELL - 4);
  r.setAttribute("height", CELL - 4);
  r.setAttribute("fill", "none");
  r.setAttribute("stroke", "#f08c00");
  r.setAttribute("stroke-width", "3");
  r.setAttribute("data-selected", cellName(state.selected));
  state.selection.appendChild(r);
}

function boardClicked(ev) {
  if (!state.svg) return;
  const point = state.svg.createSVGPoint();
  point.x = ev.clientX;
  point.y = ev.clientY;
  const p = point.matrixTransform(state.svg.getScreenCTM().inverse());
  const col = Math.floor((p.x - MARGIN) / CELL);
  const row = Math.floor((p.y - MARGIN) / CELL);
  const inside = row >= 0 && col >= 0 && row < state.side && col < state.side;
  state.selected = inside ? row * state.side + col : -1;
  drawSelection();
  $("board").focus();
}

// The text with cell `i` set to `digit` (0: emptied): a line of cells, or
// an f-puzzles document's grid; anything else cannot be typed on.
function withCell(text, i, digit) {
  const n = state.side * state.side;
  const line = text.replace(/\s+/g, "");
  if (text.startsWith("{")) {
    const doc = JSON.parse(text);
    const [r, c] = [Math.floor(i / state.side), i % state.side];
    doc.grid[r][c] = digit ? { ...doc.grid[r][c], value: digit, given: true } : Object.fromEntries(
      Object.entries(doc.grid[r][c] || {}).filter(([k]) => k !== "value" && k !== "given"));
    return JSON.stringify(doc);
  }
  if (line.length === n && /^[0-9A-Za-z._]+$/.test(line)) {
    return line.slice(0, i) + (digit ? digitText(digit) : ".") + line.slice(i + 1);
  }
  throw new Error("typing on the board edits a line of digits or an f-puzzles document; this puzzle is a link or another form: paste its line or its document (sudoku render --fpuzzles)");
}

async function boardKey(ev) {
  if (state.selected < 0) return false;
  const side = state.side;
  const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -side, ArrowDown: side };
  if (ev.key in moves) {
    const next = state.selected + moves[ev.key];
    if (next >= 0 && next < side * side) state.selected = next;
    drawSelection();
    return true;
  }
  if (ev.key === "Escape") {
    state.selected = -1;
    drawSelection();
    return true;
  }
  let digit = null;
  if (["Backspace", "Delete", ".", "0", " "].includes(ev.key)) digit = 0;
  else if (ev.key.length === 1) {
    const d = parseInt(ev.key, 36);
    if (d >= 1 && d <= side) digit = d;
  }
  if (digit === null) return false;
  showError(null);
  try {
    $("puzzle").value = withCell(puzzleText(), state.selected, digit);
    puzzleChanged();
    await showBoard();
  } catch (e) {
    showError(e);
  }
  return true;
}

// ---- set-up ----

function letterButtons(container, input, heuristics) {
  for (const h of heuristics) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = h.symbol;
    b.title = `${h.symbol}: ${h.name}: ${h.description}`;
    b.addEventListener("click", () => { input.value += h.symbol; });
    container.appendChild(b);
  }
}

async function setUp() {
  const [configs, heuristics, sets] = await Promise.all([
    fetch("/api/configs").then((r) => r.json()),
    fetch("/api/heuristics").then((r) => r.json()),
    fetch("/api/sets").then((r) => r.json()),
  ]);
  for (const c of configs) {
    // The page replays one search: the bitboard solver and portfolios
    // (several searches) are for the command's answers.
    if (c.engine !== "engine" || c.portfolio) continue;
    state.presets[c.name] = c;
    const o = new Option(`${c.name} (${c.cells}/${c.values}/${c.propagation})`, c.name);
    o.title = c.description;
    $("config").appendChild(o);
  }
  $("propagation").appendChild(new Option("the preset's", ""));
  for (const l of heuristics.propagation) $("propagation").appendChild(new Option(l, l));
  // A person's techniques up to a difficulty (`human:D`, any D; these the
  // guide compares).
  for (const h of heuristics.human || []) {
    $("propagation").appendChild(new Option(`${h.name} (${h.knows})`, h.name));
  }
  letterButtons($("cell-letters"), $("cells"), heuristics.cells);
  letterButtons($("value-letters"), $("values"), heuristics.values);
  for (const s of sets) {
    $("set-puzzle").appendChild(new Option(`${s.name}: ${s.description}`, s.name));
    $("compare-on").appendChild(new Option(`${s.name} (${s.puzzles} puzzles)`, s.name));
  }
  $("config").addEventListener("change", presetPicked);
  $("set-puzzle").addEventListener("change", (ev) => setPicked(ev.target.value));
  $("set-index").addEventListener("change", (ev) => {
    if (ev.target.value !== "") loadSetPuzzle(Number(ev.target.value));
  });
  $("puzzle").addEventListener("input", puzzleChanged);
  $("file").addEventListener("change", async (ev) => {
    const file = ev.target.files[0];
    if (!file) return;
    $("puzzle").value = await file.text();
    puzzleChanged();
    try { await showBoard(); } catch (e) { showError(e); }
  });
  $("puzzle").addEventListener("drop", async (ev) => {
    const file = ev.dataTransfer && ev.dataTransfer.files[0];
    if (!file) return;
    ev.preventDefault();
    $("puzzle").value = await file.text();
    puzzleChanged();
  });
  $("board").addEventListener("click", boardClicked);
  $("show").addEventListener("click", async () => { showError(null); try { await showBoard(); } catch (e) { showError(e); } });
  $("run").addEventListener("click", run);
  $("true-candidates").addEventListener("click", trueCandidates);
  $("explain").addEventListener("click", explain);
  $("explain-next").addEventListener("click", () => explainAt(state.stepAt + 1));
  $("explain-back").addEventListener("click", () => explainAt(state.stepAt - 1));
  $("compare-run").addEventListener("click", compare);
  $("replay-step").addEventListener("click", () => state.replay && goTo(state.replay.at + 1));
  $("replay-back").addEventListener("click", () => state.replay && goTo(state.replay.at - 1));
  $("replay-start").addEventListener("click", () => goTo(0));
  $("replay-end").addEventListener("click", () => state.replay && goTo(state.replay.events.length));
  $("replay-play").addEventListener("click", play);
  $("scrub").addEventListener("input", (ev) => goTo(Number(ev.target.value)));
  document.addEventListener("keydown", async (ev) => {
    const tag = (ev.target.tagName || "").toLowerCase();
    if (["input", "textarea", "select"].includes(tag)) return;
    // A cell picked on the board takes the keys first.
    if (state.selected >= 0 && ev.target === $("board")) {
      if (["Backspace", " ", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(ev.key)) ev.preventDefault();
      if (await boardKey(ev)) return;
    }
    if (!state.replay) return;
    if (ev.key === "ArrowRight") { goTo(state.replay.at + 1); ev.preventDefault(); }
    else if (ev.key === "ArrowLeft") { goTo(state.replay.at - 1); ev.preventDefault(); }
    else if (ev.key === "Home") { goTo(0); ev.preventDefault(); }
    else if (ev.key === "End") { goTo(state.replay.events.length); ev.preventDefault(); }
    else if (ev.key === " ") { play(); ev.preventDefault(); }
  });
  document.body.setAttribute("data-ready", "1");
}

setUp().catch(showError);

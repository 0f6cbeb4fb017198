// The page: draws the boards and the maps, takes clicks, and hands every search to a Web
// Worker (worker.js), so that this thread never waits for an engine.

// ---------------------------------------------------------------- workers

/** A worker running the engines, with promises for its answers. */
class Engines {
  constructor(name) {
    this.name = name;
    this.next = 1;
    this.pending = new Map();
    this.start();
  }

  start() {
    this.worker = new Worker("worker.js", { type: "module", name: this.name });
    this.worker.onmessage = (event) => {
      const { id, ok, result, error } = event.data;
      const waiting = this.pending.get(id);
      if (!waiting) return;
      this.pending.delete(id);
      if (ok) waiting.resolve(result);
      else waiting.reject(new Error(error));
    };
    this.worker.onerror = (event) => {
      const error = new Error(event.message || "the worker failed");
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
  }

  call(op, args = {}) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, op, ...args });
    });
  }

  /** Ends the worker (and whatever it was searching) and starts a fresh one. */
  restart() {
    this.worker.terminate();
    const stopped = new Error("stopped");
    stopped.stopped = true;
    for (const waiting of this.pending.values()) waiting.reject(stopped);
    this.pending.clear();
    this.start();
  }
}

// ---------------------------------------------------------------- responsiveness

// How long this thread was held up while an engine thought: the largest gap between two
// ticks of a 10 ms timer (timer drift), and the long tasks (over 50 ms) the browser saw.
const monitor = { maxGapMs: 0, longTasks: [], searches: 0, active: 0 };
window.plyMonitor = monitor;
if ("PerformanceObserver" in window &&
    (PerformanceObserver.supportedEntryTypes || []).includes("longtask")) {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      monitor.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: "longtask", buffered: true });
}
let driftTimer = null;
let lastTick = 0;
function watchStart() {
  monitor.active++;
  monitor.searches++;
  if (driftTimer !== null) return;
  lastTick = performance.now();
  driftTimer = setInterval(() => {
    const now = performance.now();
    monitor.maxGapMs = Math.max(monitor.maxGapMs, now - lastTick - 10);
    lastTick = now;
  }, 10);
}
function watchEnd() {
  monitor.active = Math.max(0, monitor.active - 1);
  if (monitor.active === 0 && driftTimer !== null) {
    clearInterval(driftTimer);
    driftTimer = null;
  }
}

// ---------------------------------------------------------------- helpers

const $ = (id) => document.getElementById(id);

function el(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "class") node.className = value;
    else if (key === "style") Object.assign(node.style, value);
    else if (key.startsWith("data-")) node.setAttribute(key, value);
    else node[key] = value;
  }
  for (const child of [].concat(children)) {
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function report(dl, rows) {
  dl.replaceChildren();
  for (const [term, value] of rows) {
    dl.append(el("dt", {}, term), el("dd", { "data-field": term }, value));
  }
}

const number = (n) => Number(n).toLocaleString("en-US");
const ms = (t) => `${Number(t).toFixed(t < 10 ? 1 : 0)} ms`;

// ---------------------------------------------------------------- tabs

const views = ["play", "analysis", "paths", "speed"];
const opened = new Set();
function show(view) {
  for (const v of views) $(`view-${v}`).hidden = v !== view;
  for (const tab of document.querySelectorAll(".tab")) {
    tab.setAttribute("aria-selected", String(tab.dataset.view === view));
  }
  if (!opened.has(view)) {
    opened.add(view);
    ({ play: openPlay, analysis: openAnalysis, paths: openPaths, speed: () => {} })[view]();
  }
}
for (const tab of document.querySelectorAll(".tab")) {
  tab.addEventListener("click", () => show(tab.dataset.view));
}

// ---------------------------------------------------------------- play

const NAMES = {
  ttt: ["X", "O"],
  c4: ["Red", "Yellow"],
  reversi: ["Black", "White"],
  dots: ["Red", "Yellow"],
  kalah: ["South", "North"],
};

const play = {
  engines: null,
  state: null,
  game: "c4",
  human: 1,
  thinking: false,
  token: 0,
  moves: [],
};

function setStatus(text, phase) {
  const status = $("play-status");
  status.textContent = text;
  status.dataset.phase = phase;
}

function humanToMove() {
  const s = play.state;
  return s && !s.over && !play.thinking && play.human !== 0 && s.toMove === play.human;
}

function describeState() {
  const s = play.state;
  const names = NAMES[s.game];
  if (s.over) {
    const margin = s.margin !== undefined ? ` (final margin ${s.margin > 0 ? "+" : ""}${s.margin} for ${names[0]})` : "";
    if (s.winner === 0) return [`Draw${margin}.`, "over"];
    const you = play.human === s.winner ? " You win!" : play.human !== 0 ? " The AI wins." : "";
    return [`${names[s.winner - 1]} wins.${you}${margin}`, "over"];
  }
  if (play.thinking) return [`The AI (${names[s.toMove - 1]}) is thinking…`, "thinking"];
  if (humanToMove()) return [`Your move (${names[s.toMove - 1]}).`, "your-move"];
  return [`${names[s.toMove - 1]} to move.`, "waiting"];
}

function renderPlay() {
  const s = play.state;
  if (!s) return;
  const board = $("play-board");
  const legal = new Set(humanToMove() ? s.legal : []);
  const last = s.history.length ? s.history[s.history.length - 1] : null;
  board.replaceChildren(drawBoard(s, legal, last));
  const [text, phase] = describeState();
  setStatus(text, phase);
  $("play-thinking").hidden = !play.thinking;
  const history = $("play-history");
  history.replaceChildren(...play.moves.map((m) => el("li", {}, m)));
}

function drawBoard(s, legal, last) {
  const b = s.board;
  const cell = (move, owner, content = "") =>
    el("div", {
      class: `cell p${owner}${legal.has(move) ? " legal" : ""}${move === last ? " last" : ""}`,
      "data-move": move,
    }, content);
  switch (s.game) {
    case "ttt":
      return el("div", { class: "grid ttt", style: { gridTemplateColumns: "repeat(3, 56px)" } },
        b.cells.map((o, i) => cell(i, o, ["", "X", "O"][o])));
    case "c4": {
      const cells = [];
      for (let row = 5; row >= 0; row--) {
        for (let col = 0; col < 7; col++) {
          const node = cell(col, b.cells[row * 7 + col]);
          node.dataset.row = row;
          cells.push(node);
        }
      }
      return el("div", { class: "grid c4", style: { gridTemplateColumns: "repeat(7, 52px)" } }, cells);
    }
    case "reversi": {
      const cells = b.cells.map((o, i) => cell(i, o, o ? el("div", { class: "disc" }) : ""));
      const grid = el("div", { class: "grid reversi", style: { gridTemplateColumns: "repeat(6, 50px)" } }, cells);
      const children = [grid, el("p", {}, `Discs: black ${b.discs[0]}, white ${b.discs[1]}`)];
      if (legal.has(36)) children.push(el("button", { class: "legal", "data-move": 36 }, "Pass"));
      return el("div", {}, children);
    }
    case "dots":
      return drawDots(b, legal, last);
    case "kalah":
      return drawKalah(s, legal);
    default:
      return el("p", {}, `no picture for ${s.game}`);
  }
}

function drawDots(b, legal, last) {
  const step = 72;
  const { rows, cols } = b;
  const horizontal = (rows + 1) * cols;
  const parts = [];
  b.owners.forEach((owner, i) => {
    const r = Math.floor(i / cols), c = i % cols;
    parts.push(el("div", {
      class: `box p${owner}`,
      style: { left: `${c * step + 8}px`, top: `${r * step + 8}px`, width: `${step - 6}px`, height: `${step - 6}px` },
    }, ["", "X", "O"][owner]));
  });
  b.lines.forEach((drawn, l) => {
    let style;
    if (l < horizontal) {
      const r = Math.floor(l / cols), c = l % cols;
      style = { left: `${c * step + 9}px`, top: `${r * step - 2}px`, width: `${step - 8}px`, height: "14px" };
    } else {
      const v = l - horizontal, r = Math.floor(v / (cols + 1)), c = v % (cols + 1);
      style = { left: `${c * step - 2}px`, top: `${r * step + 9}px`, width: "14px", height: `${step - 8}px` };
    }
    const classes = ["line", drawn ? "drawn" : "", legal.has(l) ? "legal" : "", l === last ? "last" : ""];
    const line = el("div", { class: classes.join(" "), style, "data-move": l });
    if (drawn) Object.assign(line.style, l < horizontal ? { height: "8px", marginTop: "3px" } : { width: "8px", marginLeft: "3px" });
    parts.push(line);
  });
  for (let r = 0; r <= rows; r++) {
    for (let c = 0; c <= cols; c++) {
      parts.push(el("div", { class: "dot", style: { left: `${c * step}px`, top: `${r * step}px` } }));
    }
  }
  const board = el("div", {
    class: "dots",
    style: { width: `${cols * step + 12}px`, height: `${rows * step + 12}px`, margin: "8px" },
  }, parts);
  return el("div", {}, [board, el("p", {}, `Boxes: X ${b.boxes[0]}, O ${b.boxes[1]}`)]);
}

function drawKalah(s, legal) {
  const b = s.board;
  const n = b.pits[0].length;
  const parts = [el("div", { class: "store", style: { gridColumn: "1" } }, b.stores[1])];
  for (let i = n - 1; i >= 0; i--) {
    const mine = s.toMove === 2;
    parts.push(el("div", {
      class: `pit${mine && legal.has(i) ? " legal" : ""}`,
      style: { gridRow: "1", gridColumn: String(2 + (n - 1 - i)) },
      "data-move": mine ? i : "",
      "data-side": 2,
    }, b.pits[1][i]));
  }
  for (let i = 0; i < n; i++) {
    const mine = s.toMove === 1;
    parts.push(el("div", {
      class: `pit${mine && legal.has(i) ? " legal" : ""}`,
      style: { gridRow: "2", gridColumn: String(2 + i) },
      "data-move": mine ? i : "",
      "data-side": 1,
    }, b.pits[0][i]));
  }
  parts.push(el("div", { class: "store", style: { gridColumn: String(n + 2) } }, b.stores[0]));
  return el("div", {}, [
    el("div", { class: "kalah" }, parts),
    el("div", { class: "kalah-labels" }, [el("span", {}, "North's store"), el("span", {}, "South's store")]),
  ]);
}

function moveText(game, move) {
  switch (game) {
    case "ttt": return `cell ${move + 1}`;
    case "c4": return `column ${move + 1}`;
    case "reversi":
      return move === 36 ? "pass" : `${"abcdef"[move % 6]}${Math.floor(move / 6) + 1}`;
    case "dots": return `line ${move + 1}`;
    default: return `pit ${move + 1}`;
  }
}

async function newGame() {
  const token = ++play.token;
  if (play.thinking) {
    play.engines.restart();
    play.thinking = false;
    watchEnd();
  }
  play.game = $("play-game").value;
  play.human = Number($("play-side").value);
  play.moves = [];
  $("play-report").replaceChildren();
  setStatus("Starting…", "starting");
  try {
    const state = await play.engines.call("newGame", { game: play.game });
    if (token !== play.token) return;
    play.state = state;
    renderPlay();
    document.body.dataset.playReady = "1";
    aiIfItsTurn(token);
  } catch (error) {
    if (!error.stopped) setStatus(`Error: ${error.message}`, "error");
  }
}

async function humanMove(move) {
  if (!humanToMove() || !play.state.legal.includes(move)) return;
  const token = play.token;
  try {
    const name = NAMES[play.state.game][play.state.toMove - 1];
    const state = await play.engines.call("play", { move });
    if (token !== play.token) return;
    play.moves.push(`${name}: ${moveText(play.game, move)}`);
    play.state = state;
    renderPlay();
    aiIfItsTurn(token);
  } catch (error) {
    if (!error.stopped) setStatus(`Error: ${error.message}`, "error");
  }
}

async function aiIfItsTurn(token) {
  const s = play.state;
  if (s.over || (play.human !== 0 && s.toMove === play.human)) return;
  play.thinking = true;
  renderPlay();
  watchStart();
  const engine = $("play-engine").value;
  const millis = Number($("play-time").value);
  try {
    const name = NAMES[s.game][s.toMove - 1];
    const { report: r, state } = await play.engines.call("aiMove", {
      engine, millis, seed: s.history.length + 1,
    });
    if (token !== play.token) return;
    play.thinking = false;
    watchEnd();
    play.moves.push(`${name}: ${r.text}`);
    play.state = state;
    report($("play-report"), [
      ["move", r.text],
      ["engine", r.summary],
      ["nodes", number(r.nodes)],
      ["depth", r.depth],
      ["time", ms(r.ms)],
    ]);
    renderPlay();
    // AI against AI: the next move after a breath, so that the board can be followed.
    if (play.human === 0) setTimeout(() => token === play.token && aiIfItsTurn(token), 150);
    else aiIfItsTurn(token);
  } catch (error) {
    if (error.stopped) return;
    play.thinking = false;
    watchEnd();
    setStatus(`Error: ${error.message}`, "error");
  }
}

function openPlay() {
  play.engines = new Engines("play");
  $("play-setup").addEventListener("submit", (event) => {
    event.preventDefault();
    newGame();
  });
  $("play-undo").addEventListener("click", async () => {
    if (play.thinking || !play.state) return;
    const token = play.token;
    // Back to the human's last turn: take back the AI's reply too.
    let state = await play.engines.call("undo");
    play.moves.pop();
    if (play.human !== 0 && !state.over && state.toMove !== play.human && state.history.length) {
      state = await play.engines.call("undo");
      play.moves.pop();
    }
    if (token !== play.token) return;
    play.state = state;
    renderPlay();
  });
  $("play-board").addEventListener("click", (event) => {
    const target = event.target.closest("[data-move]");
    if (!target || target.dataset.move === "") return;
    humanMove(Number(target.dataset.move));
  });
  newGame();
}

// ---------------------------------------------------------------- analysis

const analysis = { engines: null, moves: "", busy: false, token: 0, book: null };

function c4Position(moves) {
  const cells = new Array(42).fill(0);
  const heights = new Array(7).fill(0);
  [...moves].forEach((ch, i) => {
    const col = Number(ch) - 1;
    cells[heights[col] * 7 + col] = (i % 2) + 1;
    heights[col]++;
  });
  return { cells, heights };
}

function renderAnalysisBoard(result) {
  const { cells, heights } = c4Position(analysis.moves);
  const over = result ? result.over : false;
  const grid = [];
  for (let row = 5; row >= 0; row--) {
    for (let col = 0; col < 7; col++) {
      const legal = !over && heights[col] < 6;
      grid.push(el("div", {
        class: `cell p${cells[row * 7 + col]}${legal ? " legal" : ""}`,
        "data-column": col + 1,
      }));
    }
  }
  $("analysis-board").replaceChildren(
    el("div", { class: "grid c4", style: { gridTemplateColumns: "repeat(7, 52px)" } }, grid));
  const scores = [];
  for (let col = 0; col < 7; col++) {
    const score = result && !over ? result.scores[col] : null;
    let cls = "";
    if (score !== null && score !== undefined) {
      cls = score > 0 ? "win" : score < 0 ? "loss" : "draw";
      if (score === result.best) cls += " best";
    }
    scores.push(el("div", {
      class: cls,
      id: `score-${col + 1}`,
      "data-score": score === null || score === undefined ? "" : String(score),
    }, score === null || score === undefined ? "" : (score > 0 ? `+${score}` : String(score))));
  }
  $("analysis-scores").replaceChildren(...scores);
}

function ordinal(n) {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th");
  return `${n}${suffix}`;
}

/** What the best score says, for the side to move. */
function meaning(best) {
  if (best === null) return "the game is over";
  if (best === 0) return "a draw with best play";
  const stones = 22 - Math.abs(best);
  return best > 0
    ? `wins with its ${ordinal(stones)} stone`
    : `loses: the opponent wins with its ${ordinal(stones)} stone`;
}

async function analyse() {
  const token = ++analysis.token;
  if (analysis.busy) {
    // A new position while the last one is still being solved: end that search.
    analysis.engines.restart();
    await analysis.engines.call("openAnalysis", { book: analysis.bookFile });
    watchEnd();
  }
  analysis.busy = true;
  watchStart();
  $("analysis-moves").value = analysis.moves;
  renderAnalysisBoard(null);
  $("analysis-thinking").hidden = false;
  $("analysis-status").textContent = `Position ${analysis.moves || "(empty board)"}`;
  $("analysis-status").dataset.phase = "solving";
  try {
    const r = await analysis.engines.call("analyze", { moves: analysis.moves, millis: 0 });
    if (token !== analysis.token) return;
    analysis.busy = false;
    watchEnd();
    $("analysis-thinking").hidden = true;
    renderAnalysisBoard(r);
    const stones = analysis.moves.length;
    $("analysis-status").textContent = r.over
      ? "The game is over."
      : `${stones % 2 === 0 ? "Red" : "Yellow"} to move: ${meaning(r.best)}.`;
    $("analysis-status").dataset.phase = "done";
    $("analysis-status").dataset.moves = r.moves;
    report($("analysis-report"), [
      ["position", r.moves || "(empty board)"],
      ["nodes", number(r.nodes)],
      ["book hits", number(r.bookHits)],
      ["time", ms(r.ms)],
      ["book", analysis.book ? `${number(analysis.book.positions)} positions, ${analysis.book.depth} plies` : "none"],
    ]);
  } catch (error) {
    if (error.stopped || token !== analysis.token) return;
    analysis.busy = false;
    watchEnd();
    $("analysis-thinking").hidden = true;
    $("analysis-status").textContent = `Error: ${error.message}`;
    $("analysis-status").dataset.phase = "error";
  }
}

async function openAnalysis() {
  analysis.engines = new Engines("analysis");
  analysis.bookFile = "connect4.book";
  try {
    const book = await analysis.engines.call("openAnalysis", { book: analysis.bookFile });
    analysis.book = book && !book.error ? book : null;
  } catch (error) {
    $("analysis-status").textContent = `Error: ${error.message}`;
    return;
  }
  $("analysis-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const moves = $("analysis-moves").value.replace(/\s+/g, "");
    if (!/^[1-7]*$/.test(moves)) {
      $("analysis-status").textContent = "Type columns 1 to 7 only, e.g. 4453.";
      return;
    }
    analysis.moves = moves;
    analyse();
  });
  $("analysis-back").addEventListener("click", () => {
    analysis.moves = analysis.moves.slice(0, -1);
    analyse();
  });
  $("analysis-reset").addEventListener("click", () => {
    analysis.moves = "";
    analyse();
  });
  $("analysis-board").addEventListener("click", (event) => {
    const cell = event.target.closest(".legal[data-column]");
    if (!cell) return;
    analysis.moves += cell.dataset.column;
    analyse();
  });
  document.body.dataset.analysisReady = "1";
  analyse();
}

// ---------------------------------------------------------------- paths

const paths = { engines: null, map: null, scale: 1, start: null, goal: null, busy: false, token: 0 };

function drawMap() {
  const { width, height, cells } = paths.map;
  const canvas = $("paths-canvas");
  const scale = Math.max(1, Math.floor(520 / Math.max(width, height)));
  paths.scale = scale;
  canvas.width = width * scale;
  canvas.height = height * scale;
  const ctx = canvas.getContext("2d");
  const image = ctx.createImageData(width, height);
  for (let i = 0; i < width * height; i++) {
    const free = cells[i] === ".";
    image.data.set(free ? [250, 250, 246, 255] : [40, 44, 52, 255], i * 4);
  }
  paths.base = image;
  paint(image);
}

function paint(image) {
  const canvas = $("paths-canvas");
  const ctx = canvas.getContext("2d");
  const off = new OffscreenCanvas(image.width, image.height);
  off.getContext("2d").putImageData(image, 0, 0);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(off, 0, 0, canvas.width, canvas.height);
}

function mark(ctx, cell, colour) {
  const s = paths.scale;
  ctx.fillStyle = colour;
  const r = Math.max(3, s);
  ctx.fillRect(cell[0] * s + s / 2 - r, cell[1] * s + s / 2 - r, 2 * r, 2 * r);
}

async function runSearch(start, goal, scenario) {
  const token = ++paths.token;
  const alg = $("paths-alg").value;
  $("paths-status").textContent = "Searching…";
  $("paths-status").dataset.phase = "searching";
  watchStart();
  let result, check = null;
  try {
    result = await paths.engines.call("search", { alg, start, goal, frames: 60 });
    if (scenario !== null) check = await paths.engines.call("check", { alg, index: scenario });
  } catch (error) {
    watchEnd();
    $("paths-status").textContent = `Error: ${error.message}`;
    $("paths-status").dataset.phase = "error";
    return;
  }
  watchEnd();
  if (token !== paths.token) return;
  const { width } = paths.map;
  const image = new ImageData(new Uint8ClampedArray(paths.base.data), paths.base.width, paths.base.height);
  let frame = 0;
  const step = () => {
    if (token !== paths.token) return;
    if (frame < result.frames.length) {
      for (const i of result.frames[frame]) image.data.set([125, 170, 235, 255], i * 4);
      paint(image);
      frame++;
      requestAnimationFrame(step);
      return;
    }
    const ctx = $("paths-canvas").getContext("2d");
    const s = paths.scale;
    if (result.found) {
      ctx.strokeStyle = "#d7263d";
      ctx.lineWidth = Math.max(2, s / 2);
      ctx.beginPath();
      for (let k = 0; k < result.path.length; k += 2) {
        const x = result.path[k] * s + s / 2, y = result.path[k + 1] * s + s / 2;
        if (k === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
      }
      ctx.stroke();
    }
    mark(ctx, start, "#1a7f37");
    mark(ctx, goal, "#d7263d");
    const rows = [
      ["algorithm", alg === "jps" ? "jump point search" : "A* (octile)"],
      ["start", `(${start[0]}, ${start[1]})`],
      ["goal", `(${goal[0]}, ${goal[1]})`],
      ["length", result.found ? result.length.toFixed(4) : "no path"],
      ["expanded", number(result.expanded)],
      ["time", ms(result.ms)],
    ];
    if (check) {
      rows.push(["optimum", check.expected.toFixed(4)]);
      rows.push(["matches", check.optimal ? "yes: the published optimum" : "NO"]);
    }
    report($("paths-report"), rows);
    $("paths-status").textContent = result.found
      ? `Path of length ${result.length.toFixed(4)} found after ${number(result.expanded)} expansions.`
      : "No path between these cells.";
    $("paths-status").dataset.phase = "done";
    $("paths-status").dataset.length = result.found ? String(result.length) : "";
    $("paths-status").dataset.optimal = check ? String(check.optimal) : "";
  };
  requestAnimationFrame(step);
  void width;
}

async function loadMap() {
  const name = $("paths-map").value;
  $("paths-status").textContent = `Loading ${name}…`;
  $("paths-status").dataset.phase = "loading";
  try {
    paths.map = await paths.engines.call("loadMap", { name });
  } catch (error) {
    $("paths-status").textContent = `Error: ${error.message}`;
    return;
  }
  paths.start = paths.goal = null;
  $("paths-scenario").max = String(paths.map.scenarios.length - 1);
  drawMap();
  $("paths-status").textContent = `${name}: ${paths.map.width} x ${paths.map.height}, ${paths.map.scenarios.length} scenarios. Click a start cell.`;
  $("paths-status").dataset.phase = "ready";
  document.body.dataset.pathsReady = name;
}

function openPaths() {
  paths.engines = new Engines("paths");
  $("paths-map").addEventListener("change", loadMap);
  $("paths-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const index = Number($("paths-scenario").value);
    const s = paths.map && paths.map.scenarios[index];
    if (!s) {
      $("paths-status").textContent = "No such scenario.";
      return;
    }
    paths.start = [s[1], s[2]];
    paths.goal = [s[3], s[4]];
    runSearch(paths.start, paths.goal, index);
  });
  $("paths-canvas").addEventListener("click", (event) => {
    if (!paths.map) return;
    const rect = event.target.getBoundingClientRect();
    const x = Math.floor((event.clientX - rect.left) / paths.scale);
    const y = Math.floor((event.clientY - rect.top) / paths.scale);
    if (x < 0 || y < 0 || x >= paths.map.width || y >= paths.map.height) return;
    if (paths.map.cells[y * paths.map.width + x] !== ".") {
      $("paths-status").textContent = `(${x}, ${y}) is a wall: click a free cell.`;
      return;
    }
    if (!paths.start || paths.goal) {
      paths.start = [x, y];
      paths.goal = null;
      paint(paths.base);
      mark($("paths-canvas").getContext("2d"), paths.start, "#1a7f37");
      $("paths-status").textContent = `Start (${x}, ${y}). Click the goal.`;
    } else {
      paths.goal = [x, y];
      runSearch(paths.start, paths.goal, null);
    }
  });
  loadMap();
}

// ---------------------------------------------------------------- speed

let speedEngines = null;
async function speed(op, args, label) {
  speedEngines = speedEngines || new Engines("speed");
  $("speed-report").replaceChildren(el("dt", {}, label), el("dd", {}, "running…"));
  watchStart();
  try {
    const r = await speedEngines.call(op, args);
    const rows = op === "benchSolve"
      ? [["positions", r.positions], ["mismatches", r.mismatches], ["nodes", number(r.nodes)],
         ["time", ms(r.ms)], ["per position", ms(r.ms / Math.max(1, r.positions))]]
      : [["playouts", number(r.playouts)], ["time", ms(r.ms)], ["per second", number(Math.round(r.perSecond))]];
    report($("speed-report"), rows);
  } catch (error) {
    report($("speed-report"), [["error", error.message]]);
  }
  watchEnd();
}
$("speed-solve").addEventListener("click", () =>
  speed("benchSolve", { file: "data/Test_L2_R1", count: 200 }, "solving"));
$("speed-mcts").addEventListener("click", () => speed("benchMcts", { millis: 2000 }, "MCTS"));

// The test hooks: the same requests the buttons make, with their answers.
window.plyBench = {
  solve: (count) => (speedEngines = speedEngines || new Engines("speed")).call("benchSolve", { file: "data/Test_L2_R1", count }),
  mcts: (millis) => (speedEngines = speedEngines || new Engines("speed")).call("benchMcts", { millis }),
};

show("play");

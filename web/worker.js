// The engines, in a Web Worker: the page posts requests ({id, op, ...}) and gets back
// {id, ok, result} or {id, ok: false, error}. Every search runs here, so the page's own
// thread only draws and answers clicks. A search cannot be interrupted from outside (the
// worker has one thread); the page stops one by ending the worker and starting another.

import init, { AiGame, Analyzer, PathView, bench_solve, bench_mcts } from "./pkg/plysearch_web.js";

const ready = init();
let current = null;
let analyzer = null;
let paths = null;

async function fetchText(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  return response.text();
}

const ops = {
  // Games against the AI.
  newGame({ game }) {
    current = new AiGame(game);
    return JSON.parse(current.state());
  },
  play({ move }) {
    current.play(move);
    return JSON.parse(current.state());
  },
  undo() {
    current.undo();
    return JSON.parse(current.state());
  },
  aiMove({ engine, millis, seed }) {
    const report = JSON.parse(current.think(engine, millis, BigInt(seed)));
    current.play(report.move);
    return { report, state: JSON.parse(current.state()) };
  },

  // The Connect Four analysis board, with the opening book when it can be read.
  async openAnalysis({ book }) {
    analyzer = new Analyzer();
    if (!book) return null;
    const response = await fetch(book);
    if (!response.ok) return { error: `${book}: ${response.status}` };
    const bytes = new Uint8Array(await response.arrayBuffer());
    return JSON.parse(analyzer.load_book(bytes));
  },
  analyze({ moves, millis }) {
    return JSON.parse(analyzer.analyze(moves, millis));
  },

  // Path finding on MovingAI maps.
  async loadMap({ name }) {
    const [map, scen] = await Promise.all([
      fetchText(`maps/${name}.map`),
      fetchText(`maps/${name}.map.scen`),
    ]);
    paths = new PathView(map, scen);
    return {
      width: paths.width(),
      height: paths.height(),
      cells: paths.cells(),
      scenarios: JSON.parse(paths.scenarios()),
    };
  },
  search({ alg, start, goal, frames }) {
    return JSON.parse(paths.search(alg, start[0], start[1], goal[0], goal[1], frames));
  },
  check({ alg, index }) {
    return JSON.parse(paths.check(alg, index));
  },

  // The speed comparison with the native build.
  async benchSolve({ file, count }) {
    return JSON.parse(bench_solve(await fetchText(file), count));
  },
  benchMcts({ millis }) {
    return JSON.parse(bench_mcts(millis, 1n));
  },
};

self.onmessage = async (event) => {
  const { id, op, ...args } = event.data;
  try {
    await ready;
    if (!(op in ops)) throw new Error(`unknown request ${op}`);
    const result = await ops[op](args);
    self.postMessage({ id, ok: true, result });
  } catch (error) {
    self.postMessage({ id, ok: false, error: String(error && error.message ? error.message : error) });
  }
};

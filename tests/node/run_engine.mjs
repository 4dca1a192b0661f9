#!/usr/bin/env node
// Run the engine wheel inside the vendored Pyodide runtime under Node (tests/test_pyodide.py).
//
//   node tests/node/run_engine.mjs <built site folder> [--prepared] < cases.json > results.json
//
// With --prepared, Python starts from the site's prepared runtime (the manifest's `prepared` memory snapshot,
// as the Play area's worker loads it) instead of booting from scratch.
//
// cases.json: [{"scenario": "...", "seed": 7, "players": 2, "actions": [ids] | null, "random_steps": N}]
// With "actions", plays them in order (stopping at the first illegal one). Otherwise plays up to
// N legal actions chosen by the LCG below, stopping early when the game is over.
// Prints one JSON list, one result per case:
//   {"snapshot": "<json.dumps(snapshot, sort_keys=True)>", "over": bool, "outcome": {...}|null,
//    "actions": [ids played], "error": null | "message"}
// Python's own output goes to stderr so stdout holds only the JSON.
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

// The choice rule, shared with tests/test_pyodide.py: a 31-bit LCG seeded with the case seed;
// each step advances it once and picks index state % len(legal_actions()).
export function lcg(seed) {
  let state = BigInt(seed) & 0x7fffffffn;
  return (n) => {
    state = (state * 1103515245n + 12345n) % 2147483648n;
    return Number(state % BigInt(n));
  };
}

// Fixed Python glue; cases reach it only as JSON strings passed as arguments.
const GLUE = `
import json
import engine

class _S:
    game = None

def case_new(scenario, seed, players):
    _S.game = engine.new_game(scenario, seed=int(seed), players=int(players))

def case_legal_ids():
    return json.dumps([a["id"] for a in _S.game.legal_actions()])

def case_play(action_id):
    try:
        _S.game.play(action_id)
    except engine.IllegalAction as exc:
        return "IllegalAction: %s" % (exc,)
    return ""

def case_result():
    g = _S.game
    return json.dumps({
        "snapshot": json.dumps(g.snapshot(), sort_keys=True),
        "over": bool(g.over),
        "outcome": g.outcome,
    })
`;

async function main() {
  const site = path.resolve(process.argv[2] || "site");
  const manifest = JSON.parse(readFileSync(path.join(site, "engine", "manifest.json"), "utf8"));
  const indexDir = path.join(site, manifest.pyodide) + path.sep;
  const { loadPyodide } = await import(pathToFileURL(path.join(indexDir, "pyodide.mjs")).href);
  const options = {
    indexURL: indexDir,
    stdout: (line) => process.stderr.write(line + "\n"),
    stderr: (line) => process.stderr.write(line + "\n"),
  };
  if (process.argv.includes("--prepared")) {
    if (!manifest.prepared) throw new Error(`${site}/engine/manifest.json names no prepared runtime`);
    options._loadSnapshot = new Uint8Array(readFileSync(path.join(site, manifest.prepared)));
  }
  const pyodide = await loadPyodide(options);
  pyodide.unpackArchive(new Uint8Array(readFileSync(path.join(site, manifest.wheel))), "wheel");
  const ns = pyodide.globals.get("dict")();
  pyodide.runPython(GLUE, { globals: ns });
  const py = {
    new: ns.get("case_new"),
    legal: ns.get("case_legal_ids"),
    play: ns.get("case_play"),
    result: ns.get("case_result"),
  };

  const cases = JSON.parse(readFileSync(0, "utf8"));
  const results = [];
  for (const c of cases) {
    const played = [];
    let error = null;
    try {
      py.new(c.scenario, c.seed, c.players);
      if (Array.isArray(c.actions)) {
        for (const id of c.actions) {
          const problem = py.play(id);
          if (problem) {
            error = problem;
            break;
          }
          played.push(id);
        }
      } else {
        const choose = lcg(c.seed);
        for (let step = 0; step < (c.random_steps || 0); step++) {
          const legal = JSON.parse(py.legal());
          if (legal.length === 0) break;
          const id = legal[choose(legal.length)];
          const problem = py.play(id);
          if (problem) {
            error = `legal action refused: ${id}: ${problem}`;
            break;
          }
          played.push(id);
        }
      }
      results.push({ ...JSON.parse(py.result()), actions: played, error });
    } catch (exc) {
      results.push({ snapshot: null, over: null, outcome: null, actions: played, error: String(exc.message || exc) });
    }
  }
  process.stdout.write(JSON.stringify(results) + "\n");
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    process.stderr.write(`run_engine.mjs: ${error && error.stack ? error.stack : error}\n`);
    process.exit(1);
  });
}

#!/usr/bin/env node
// Time bench/playouts.py inside the vendored Pyodide runtime under Node (bench/engine_speed.py).
//
//   node bench/pyodide_playouts.mjs <built site folder> < request.json > results.json
//
// request.json: {"scenarios": [...], "seeds": [...], "players": 2, "max_steps": N}
// Prints {"boot_seconds": s, "results": {scenario: {"games", "ended", "steps", "seconds"}}}: the
// runtime's boot and the wheel's install are timed apart; each scenario is timed inside Python.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const site = path.resolve(process.argv[2] || "site");
const request = readFileSync(0, "utf8");
const started = performance.now();
const manifest = JSON.parse(readFileSync(path.join(site, "engine", "manifest.json"), "utf8"));
const indexDir = path.join(site, manifest.pyodide) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: indexDir,
  stdout: (line) => process.stderr.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
pyodide.unpackArchive(new Uint8Array(readFileSync(path.join(site, manifest.wheel))), "wheel");
const source = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "playouts.py"), "utf8");
const ns = pyodide.globals.get("dict")();
pyodide.runPython(source, { globals: ns });
const boot = (performance.now() - started) / 1000;
const results = JSON.parse(ns.get("run_json")(request));
process.stdout.write(JSON.stringify({ boot_seconds: boot, results }) + "\n");

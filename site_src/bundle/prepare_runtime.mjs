#!/usr/bin/env node
// The Play area's prepared runtime: Pyodide booted, the engine wheel installed and every game imported, with
// the packaged catalog read, saved as a Pyodide memory snapshot (site_src/bundle/prepared.py runs this).
//
//   node site_src/bundle/prepare_runtime.mjs <runtime folder> <engine wheel> <snapshot file to write>
//
// The worker (site_src/assets/play/worker.js) hands the snapshot to loadPyodide's `_loadSnapshot`: Python
// starts where this left it, its stdlib and the engine's modules already imported. Pyodide keeps its file
// system outside the snapshot, so the worker unpacks the wheel again after loading it. `_makeSnapshot` and
// `makeMemorySnapshot` are Pyodide's own (0.29), used as its src/templates/makesnap.mjs does.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [runtime, wheel, out] = process.argv.slice(2);
if (!runtime || !wheel || !out) {
  process.stderr.write("usage: prepare_runtime.mjs <runtime folder> <engine wheel> <snapshot file>\n");
  process.exit(2);
}
const indexURL = path.resolve(runtime) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL,
  _makeSnapshot: true,
  stdout: (line) => process.stderr.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
// Our own fixed source, run at build time: nothing of a page reaches it.
pyodide.runPython("import engine, engine.webapi\nengine.games()\nengine.packaged_catalog()\n");
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(out + ".partial", snapshot);
renameSync(out + ".partial", out);

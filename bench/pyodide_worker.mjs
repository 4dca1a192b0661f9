// A module worker running a bench module inside the site's vendored Pyodide runtime in Chromium, as the Play
// page's worker runs the engine (site_src/assets/play/worker.js): bench/tcg_bot.py serves it from /_bench/
// beside the bench's Python files and the built site.
//
// Message in: {module: "bench.tcg_replies", files: ["playouts.py", ...], request: "<JSON>"}; each file is
// fetched from beside this worker into Pyodide's bench/ folder, the module imported, run_json(request) called.
// Message out: {boot_seconds, results} (the runtime's boot and the wheel's install timed apart; the module
// times itself inside Python), or {error}.
onmessage = async ({ data }) => {
  try {
    const started = performance.now();
    const manifest = await (await fetch("/engine/manifest.json", { cache: "no-cache" })).json();
    const indexURL = new URL("/" + manifest.pyodide.replace(/\/?$/, "/"), self.location.href).href;
    const { loadPyodide } = await import(indexURL + "pyodide.mjs");
    const pyodide = await loadPyodide({ indexURL });
    pyodide.unpackArchive(await (await fetch("/" + manifest.wheel)).arrayBuffer(), "wheel");
    pyodide.FS.mkdirTree("bench");
    for (const name of data.files) {
      pyodide.FS.writeFile(`bench/${name}`, await (await fetch(name, { cache: "no-cache" })).text());
    }
    const run = pyodide.runPython(
      `import importlib; importlib.import_module(${JSON.stringify(data.module)}).run_json`,
    );
    const boot = (performance.now() - started) / 1000;
    postMessage({ boot_seconds: boot, results: JSON.parse(run(data.request)) });
  } catch (error) {
    postMessage({ error: String(error) });
  }
};

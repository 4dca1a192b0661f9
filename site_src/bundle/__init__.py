"""Stage 5, beside publish: what the play page runs in the browser.

    wheel    the engine wheel (pure Python, py3-none-any) with its compiled catalog
    pyodide  the vendored Pyodide runtime: pinned, checksum-verified, cached
    prepared the runtime with the engine imported, as a Pyodide memory snapshot (prepare_runtime.mjs)
"""

"""Tabletome's benchmarks: `python3 build.py bench` measures every figure and prints one table.

Each module measures one group of figures and may still run alone (`python bench/<module>.py`):
site_figures (build times, page and index weights), play_ready (Play → first legal action in
Chromium against a bare Pyodide boot), engine_speed (random playouts in CPython and in Pyodide),
tcg_bot (the TCG computer opponent's win rates, and its reply time in Pyodide: tcg_replies), dm_bot (the
POWERUP Deathmatch computer's, dm_replies), both run in Chromium by in_chromium;
report assembles the table and writes bench/RESULTS.md.
"""

"""Turns content/ into the Tabletome site: load, validate, cross-check, compile, render, assemble.

Modules:
    problems    a positioned problem and how it prints
    yamlpos     YAML loading that keeps a line and column for every node
    layout      which files content/ may hold and which schema each one follows
    schemas     the JSON Schema registry and readable validation messages
    content     the loaded tree: games, records, rules pages and their headings
    checker     load + validate + cross-check the whole content/ tree
    crosscheck  ids, references, tiles, boards and named effects across records
    board       a scenario's board composed from its Map Tiles
    anchors     rule ids (glossary terms, rules headings, scenario sections) and their URLs
    catalog     the compiled catalog the engine reads (engine/catalog.json)
    pages       Markdown pages rendered from Jinja2 templates
    mkdocs_run  mkdocs.yml from its template and the mkdocs-material build
    wheel       the engine wheel
    pyodide     the vendored Pyodide runtime
    pipeline    the whole build, assembled in a temporary folder and swapped in
    serve       a local static server for site/
"""

"""Turns content/ into the Tabletome site, one subpackage per stage; data flows one way:

    text     plain text from Markdown, reader words from ids (used by every stage)
    model    YAML with positions, the content layout, the loaded content, boards, rule anchors
    check    schemas, cross-checks, source coverage: every problem of content/ at once
    compile  the engine's catalog, and what the engine plays
    render   the Markdown pages: rules, glossary, galleries, records, overviews, search
    publish  mkdocs, its hooks, the Content Security Policy, the atomic swap, the local server
    bundle   the engine wheel and the vendored Pyodide runtime
    pipeline the whole build: the stages in order, assembled in a staging folder and swapped in

A module imports only from its own stage and earlier ones (tests/test_layering.py checks it). The
non-Python resources stay at the top of the package: templates/, assets/, mkdocs.yml.j2, galleries.yaml.
"""

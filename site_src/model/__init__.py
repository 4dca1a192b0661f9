"""Stage 1, the model: content/ as data with positions, and what follows from the data alone.

    problems  a positioned problem and how it prints
    yamlpos   YAML loading that keeps a line and column for every node
    layout    which files content/ may hold and which schema each one follows
    content   the loaded tree: games, records, rules pages and their headings
    board     a scenario's board composed from its Map Tiles
    anchors   rule ids (glossary terms, rules headings, scenario sections) and their URLs
"""

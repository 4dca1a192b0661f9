"""Stage 2, the checks: load content/ through the model and report every problem at once.

    schemas     the JSON Schema registry and readable validation messages
    checker     load + validate + cross-check the whole content/ tree (`check(content_dir)`)
    crosscheck  ids, references, tiles, boards, printed tables and named effects across records
    coverage    which records cite each heading of a game's source (`build.py check --coverage`)
"""

"""Stage 3, what the engine reads and decides: the compiled catalog, and what the engine plays.

    catalog   the compiled catalog (engine/catalog.json), the only data the engine reads
    playable  which records the engine offers as games (Marvel United's villains), with how many players
"""

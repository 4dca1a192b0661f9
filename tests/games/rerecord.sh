#!/bin/sh
# Record again the scripted games named as arguments (tests/games/<name>.json), with the command each
# file says it was recorded with. Needed after an engine change alters a game's dice, draws or choices.
set -e
cd "$(dirname "$0")/../.."
for name in "$@"; do
  file="tests/games/$name.json"  # a Marvel United game is named mu/<villain>-<want>-<n>p
  command=$(.venv/bin/python -c "import json,sys; print(json.load(open(sys.argv[1]))['recorded_with'])" "$file")
  echo "== $name: $command"
  # shellcheck disable=SC2086
  .venv/bin/python $command
done

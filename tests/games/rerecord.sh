#!/bin/sh
# Record again the scripted games named as arguments (tests/games/<name>.json), with the command each
# file says it was recorded with. Needed after an engine change alters a game's dice, draws or choices.
# A folder name records again every game in it:
#   tests/games/rerecord.sh powerup                       every POWERUP recording
#   tests/games/rerecord.sh powerup/the-blob-win-2p mission-01-win
# A file whose search finds no game is named at the end (the old file stays); the others are rewritten.
cd "$(dirname "$0")/../.." || exit 1
failed=""
for name in "$@"; do
  if [ -d "tests/games/$name" ]; then
    files=$(ls "tests/games/$name"/*.json)
  else
    files="tests/games/$name.json"  # a Marvel United game is named mu/<villain>-<want>-<n>p
  fi
  for file in $files; do
    command=$(.venv/bin/python -c "import json,sys; print(json.load(open(sys.argv[1]))['recorded_with'])" "$file") || exit 1
    echo "== $file: $command"
    # shellcheck disable=SC2086
    .venv/bin/python $command || failed="$failed $file"
  done
done
if [ -n "$failed" ]; then
  echo "no game found for:$failed"
  exit 1
fi

#!/usr/bin/env bash
# Re-pin constraints.txt to the newest releases, after the suite passes on them:
# a fresh venv, the plain install, the whole suite, then the freeze.
set -euo pipefail
cd "$(dirname "$0")/.."
venv="$(mktemp -d)/venv"
python3 -m venv "$venv"
"$venv/bin/python" -m pip install -q -e '.[test]'
"$venv/bin/python" -m pytest -q -p no:cacheprovider
{
  sed -n '1,/^# tools\/refresh/p' constraints.txt
  "$venv/bin/python" -m pip freeze --exclude-editable | grep -v '^leaguegen'
} > constraints.txt.new
mv constraints.txt.new constraints.txt
echo "constraints.txt updated; commit it with the suite's result."

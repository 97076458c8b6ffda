#!/usr/bin/env bash
# Set-up for a fresh clone: system tools (Java 17, Maven, Node.js; Chromium for the tests) when
# missing, the Python virtualenv with Code Rooms and its test extras, the screen's bundle, and the
# npm packages the tests use.
# Idempotent and quiet when everything is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
command -v java >/dev/null 2>&1 || need_apt+=(openjdk-17-jdk-headless)
command -v mvn  >/dev/null 2>&1 || need_apt+=(maven)
command -v node >/dev/null 2>&1 || need_apt+=(nodejs npm)
[ "${1:-}" = "--test" ] && ! command -v chromium >/dev/null 2>&1 && need_apt+=(chromium)
if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "bootstrap: installing ${need_apt[*]}" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
  else
    echo "bootstrap: please install: ${need_apt[*]} (Java 17, Maven, Node.js)" >&2
    exit 1
  fi
fi

PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
  .venv/bin/pip install -q --upgrade pip
fi
# Reinstall only when pyproject.toml changed since the last install.
stamp=.venv/.coderooms-installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  .venv/bin/pip install -q -e '.[test]'
  touch "$stamp"
fi
# Byte-compile Code Rooms' own modules, as pip does for an installed package: an editable install leaves
# them as source, and where PYTHONDONTWRITEBYTECODE is set every process (the CLI, the server, each parse
# worker of an ingest) would compile them again. Only what changed since the last run is compiled.
.venv/bin/python -m compileall -q -j 0 api services graphdb ingest rooms >/dev/null

# The screen: bundled from ui/ into api/static/dist/ (offline at run time, no CDN).
(cd ui && npm ci --no-audit --no-fund --silent && npm run build --silent)

if [ "${1:-}" = "--test" ]; then
  (cd tests/api/audit && npm ci --no-audit --no-fund --silent)
fi

#!/usr/bin/env bash
# Runs the services' official Python clients against Understudy's standalone server (issue 20: outside tools
# find no real defect). Not in CI, and needs no network beyond a Python package index for four small packages.
#
#   ZULIP_PYTHON_API=<dir> scripts/contract/python-clients.sh [level ...]     (default levels: 384 442 500 512)
#
# ZULIP_PYTHON_API is a checkout of github.com/zulip/python-zulip-api (or a bare git directory of it, whose HEAD
# is used); without it the script installs the `zulip` package from the configured index. Its dependencies
# (requests, distro, click, typing_extensions) come from pip's configured index (on the team's machines, the
# local mirror). Nothing of the client is copied into the project: it is unpacked and installed under
# ${UNDERSTUDY_CLIENTS_DIR:-$TMPDIR/understudy-python-clients}.
#
# For each level the script starts `tsx src/entries/cli.ts serve --port 0 --feature-level <level>` (default scenario)
# and runs scripts/contract/python-clients.py, which prints one line per client call (create, duplicate,
# member's refusal, get_members with and without user_ids, by id, by e-mail, unknown id, get_profile, the
# welcome-bot test message and its read-back, deactivate, deactivated read, deactivate again) and fails on any
# answer the client did not parse into what the real server gives.
#
# OpenRouter's official Python SDK (PyPI `openrouter`, github.com/OpenRouterTeam/python-sdk) has no steps
# here: on the team's machines neither the package nor a snapshot of its repository can be had, so nothing
# could be run or checked (the router side is exercised by the official TypeScript SDK in npm test). The
# script only reports whether it is importable.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORK=${UNDERSTUDY_CLIENTS_DIR:-${TMPDIR:-/tmp}/understudy-python-clients}
LEVELS=("$@")
[ ${#LEVELS[@]} -eq 0 ] && LEVELS=(384 442 500 512)

mkdir -p "$WORK"
if [ ! -x "$WORK/venv/bin/python" ]; then
  python3 -m venv "$WORK/venv"
fi
PY="$WORK/venv/bin/python"
# Unreachable indexes are not retried (a machine that has only a local mirror gives up at once).
PIP=("$PY" -m pip install --quiet --disable-pip-version-check --retries 0 --timeout 10)
"$PY" -c 'import requests, distro, click, typing_extensions' 2>/dev/null ||
  "${PIP[@]}" requests distro click typing_extensions

# Zulip's client: from the given source, else from the index.
rm -rf "$WORK/zulip-src" && mkdir -p "$WORK/zulip-src"
if [ -n "${ZULIP_PYTHON_API:-}" ]; then
  if [ -d "$ZULIP_PYTHON_API/zulip/zulip" ]; then
    cp -R "$ZULIP_PYTHON_API/zulip" "$WORK/zulip-src/"
  else
    git --git-dir="$ZULIP_PYTHON_API" archive HEAD zulip | tar -x -C "$WORK/zulip-src"
    echo "python-zulip-api: $(git --git-dir="$ZULIP_PYTHON_API" log -1 --format='%H %ci')"
  fi
  # The package directory on the path: nothing to build.
  export PYTHONPATH="$WORK/zulip-src/zulip${PYTHONPATH:+:$PYTHONPATH}"
else
  "${PIP[@]}" zulip
fi
"$PY" -c 'import zulip; print("zulip client", zulip.__version__)'

if "$PY" -c 'import openrouter' 2>/dev/null; then
  echo "OpenRouter's Python SDK: importable, but this script has no steps for it yet"
else
  echo "OpenRouter's Python SDK: not installed (not on the team's package mirror); not run"
fi

status=0
for level in "${LEVELS[@]}"; do
  log="$WORK/serve-$level.log"
  (cd "$ROOT" && exec node_modules/.bin/tsx src/entries/cli.ts serve --port 0 --quiet --seed python-clients \
    --feature-level "$level") >"$log" 2>&1 &
  server=$!
  site=""
  for _ in $(seq 1 120); do
    site=$(sed -n 's/^messaging  *acme  *\(http[^ ]*\).*/\1/p' "$log")
    [ -n "$site" ] && break
    sleep 0.5
  done
  if [ -z "$site" ]; then
    echo "level $level: the server did not start:"; cat "$log"; kill "$server" 2>/dev/null || true; exit 2
  fi
  "$PY" "$ROOT/scripts/contract/python-clients.py" "$site" "$level" || status=1
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
done
exit $status

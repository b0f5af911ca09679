#!/usr/bin/env bash
# `npm test`: unit and property tests, API integration tests on PGlite and on PostgreSQL (DATABASE_URL, or a
# local server started here when one is installed), and the browser journeys in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

npm run typecheck
npm run lint

CHROMIUM_PATH=$(bash scripts/ensure-chromium.sh)
export CHROMIUM_PATH

pg_dir_file=$(mktemp)
cleanup() {
  local dir
  dir=$(cat "$pg_dir_file" 2>/dev/null || true)
  if [ -n "$dir" ] && [ -d "$dir/data" ]; then
    bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || dirname "$(command -v pg_ctl)")
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    else "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true; fi
    rm -rf "$dir"
  fi
  rm -f "$pg_dir_file"
}
trap cleanup EXIT

if [ -z "${TEST_DATABASE_URL:-}" ]; then
  if [ -n "${DATABASE_URL:-}" ]; then
    export TEST_DATABASE_URL="$DATABASE_URL"
  else
    TEST_DATABASE_URL=$(PG_DIR_FILE="$pg_dir_file" bash scripts/start-test-postgres.sh)
    export TEST_DATABASE_URL
  fi
fi
echo "Integration tests on: PGlite${TEST_DATABASE_URL:+ and PostgreSQL}"

npx vitest run --coverage
# The timing-sensitive server tests, one file at a time (apps/server/vitest.solo-files.ts).
npx vitest run -c vitest.solo.config.ts
npm run test:e2e

#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster for the integration tests' second engine and prints its URL.
# Prints nothing (and the tests run on PGlite only) when no PostgreSQL server is installed.
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
[ -n "$bin" ] || bin=$(dirname "$(command -v initdb 2>/dev/null || echo /nonexistent/initdb)")
[ -x "$bin/initdb" ] || { echo "No local PostgreSQL server installed: integration tests run on PGlite only." >&2; exit 0; }
port=${TEST_PG_PORT:-54329}
dir=$(mktemp -d /tmp/opengst-pg.XXXXXX)
as_owner=()
if [ "$(id -u)" = 0 ]; then
  # PostgreSQL refuses to run as root: the cluster belongs to the postgres user.
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  chown postgres "$dir"
  as_owner=(runuser -u postgres --)
fi
"${as_owner[@]}" "$bin/initdb" -D "$dir/data" -U opengst --auth=trust -E UTF8 >/dev/null
"${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off" start >/dev/null
echo "$dir" > "${PG_DIR_FILE:-/dev/null}"
echo "postgres://opengst@127.0.0.1:$port/postgres"

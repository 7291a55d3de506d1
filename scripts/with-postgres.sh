#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL cluster: TEST_DATABASE_URL points at it, and the
# cluster is stopped and deleted afterwards. Usage: scripts/with-postgres.sh npm test
# It runs without fsync (nothing in it is kept); PG_FSYNC=on runs it as a deployment's would, for
# figures that compare with one (scripts/with-postgres.sh npm run bench -- --scale).
set -euo pipefail

port=${PG_TEST_PORT:-55432}
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [[ -z "$bindir" || ! -x "$bindir/initdb" ]]; then
  bindir=$(dirname "$(command -v initdb || echo /nonexistent/initdb)")
fi
if [[ ! -x "$bindir/initdb" ]]; then
  echo "with-postgres: no PostgreSQL server found (Debian: apt-get install postgresql)" >&2
  exit 1
fi

dir=$(mktemp -d /tmp/pg-test.XXXXXX)
# PostgreSQL refuses to run as root: use the postgres user the package creates.
run_as=()
if [[ $(id -u) -eq 0 ]]; then
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  chown postgres "$dir"
  run_as=(runuser -u postgres --)
fi

cleanup() {
  "${run_as[@]}" "$bindir/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

"${run_as[@]}" "$bindir/initdb" -D "$dir/data" -U postgres --auth=trust --no-sync -E UTF8 >/dev/null
"${run_as[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=${PG_FSYNC:-off} -c full_page_writes=${PG_FSYNC:-off}" start >/dev/null

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
echo "with-postgres: PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') at $TEST_DATABASE_URL (fsync ${PG_FSYNC:-off})"
"$@"

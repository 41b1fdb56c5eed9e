#!/usr/bin/env bash
# Starts a throw-away PostgreSQL cluster on 127.0.0.1:55432 (trust auth) for the
# server tests: TEST_DATABASE_URL=postgresql://postgres@127.0.0.1:55432/postgres
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "PostgreSQL is not installed (apt-get install postgresql)"; exit 1; }
dir=${PGTEST_DIR:-/tmp/locus-pgtest}
run() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }
if run "$bin/pg_ctl -D $dir status" >/dev/null 2>&1; then echo "PostgreSQL test cluster already running"; exit 0; fi
rm -rf "$dir" && mkdir -p "$dir"
[ "$(id -u)" = 0 ] && chown postgres "$dir"
run "$bin/initdb -D $dir -U postgres -A trust" >/dev/null
run "$bin/pg_ctl -D $dir -l $dir/server.log -w -o \"-c listen_addresses=127.0.0.1 -p 55432 -k $dir -c fsync=off -c max_connections=200\" start" >/dev/null
echo "PostgreSQL test cluster on 127.0.0.1:55432"

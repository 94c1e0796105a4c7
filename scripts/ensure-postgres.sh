#!/usr/bin/env bash
# Makes sure the PostgreSQL server the tests use answers, starting the Debian cluster when this
# script runs as root and it is stopped, and creates the test database. Prints the URL to use.
set -euo pipefail
url="${PORTAL_TEST_PG_URL:-postgres://postgres@127.0.0.1:5432/portal_test}"
admin_url="${url%/*}/postgres"

answers() { node -e "const c=new (require('pg').Client)({connectionString:process.argv[1]});c.connect().then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1))" "$admin_url"; }

if ! answers; then
  if [ "$(id -u)" = 0 ] && command -v pg_ctlcluster >/dev/null 2>&1; then
    for version in $(ls /etc/postgresql 2>/dev/null); do
      pg_ctlcluster --skip-systemctl-redirect "$version" main start >&2 || true
    done
    for _ in $(seq 1 30); do answers && break; sleep 1; done
  fi
fi
if ! answers; then
  echo "PostgreSQL does not answer at $admin_url." >&2
  echo "Start it (Debian: pg_ctlcluster --skip-systemctl-redirect \$(ls /etc/postgresql) main start) or set PORTAL_TEST_PG_URL." >&2
  exit 1
fi
node -e "
const pg=require('pg');const name=new URL(process.argv[1]).pathname.slice(1);
const c=new pg.Client({connectionString:process.argv[2]});
c.connect().then(()=>c.query('select 1 from pg_database where datname=\$1',[name]))
 .then(r=>r.rowCount?null:c.query('create database \"'+name.replace(/\"/g,'')+'\"'))
 .then(()=>c.end()).catch(e=>{console.error(e.message);process.exit(1)})" "$url" "$admin_url"
echo "$url"

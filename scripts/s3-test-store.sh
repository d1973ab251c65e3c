#!/usr/bin/env bash
# A real S3 store on loopback for the S3 driver's integration tests: Ceph's radosgw from
# Debian's packages, on the smallest cluster it runs on (one monitor, one BlueStore OSD on a
# sparse file). Unlike an S3 emulator it checks signatures, signed headers, part sizes and
# ETags the way AWS does.
#
#   scripts/s3-test-store.sh start DIR [PORT]   prints S3_TEST_ENDPOINT, _ACCESS_KEY_ID, _SECRET_ACCESS_KEY
#   scripts/s3-test-store.sh stop DIR           stops the daemons (DIR is kept)
#
# The first start installs the packages (as root) and takes about 20 s; a start on an existing
# DIR only starts what is not running. Everything listens on 127.0.0.1. Buckets are the
# tests' business: they create their own with the CORS rule and policy of docs/storage.md.
set -euo pipefail

command=${1:-}
dir=${2:-}
[ -n "$command" ] && [ -n "$dir" ] || { echo "usage: $0 start|stop DIR [PORT]" >&2; exit 2; }
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
conf=$dir/ceph.conf
log() { echo "s3-test-store: $*" >&2; }
fail() { log "$*"; exit 1; }

# The pid of one of this store's daemons, if it runs.
running() {
  local pid
  pid=$(cat "$dir/run/$1.pid" 2>/dev/null) || return 1
  [ -n "$pid" ] && grep -qF -- "$conf" "/proc/$pid/cmdline" 2>/dev/null || return 1
  echo "$pid"
}

stop() {
  local name pid
  for name in client.rgw.test osd.0 mon.a; do
    pid=$(running "$name") || continue
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 60); do running "$name" >/dev/null || break; sleep 0.25; done
    running "$name" >/dev/null && kill -9 "$pid" 2>/dev/null || true
  done
  rm -f "$dir"/run/*.pid
}

if [ "$command" = stop ]; then stop; exit 0; fi
[ "$command" = start ] || fail "unknown command $command"

# --- packages --------------------------------------------------------------------------------
if ! command -v radosgw >/dev/null || ! command -v ceph-osd >/dev/null || ! command -v ceph-mon >/dev/null; then
  [ "$(id -u)" = 0 ] || fail "Ceph is not installed; run as root once to install it (apt-get)"
  log "installing ceph-mon, ceph-osd and radosgw from Debian's packages"
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    ceph-mon ceph-osd radosgw ceph-common ceph-base >&2
fi

is_listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
first_free_port() {
  local port=$1
  while is_listening "$port"; do port=$((port + 1)); done
  echo "$port"
}

# --- configuration ---------------------------------------------------------------------------
mkdir -p "$dir"/{mon,osd,run,log,rgw}
if [ ! -f "$conf" ]; then
  s3_port=${3:-$(first_free_port 7481)}
  mon_port=$(first_free_port 13400)
  cat >"$conf" <<EOF
[global]
fsid = $(cat /proc/sys/kernel/random/uuid)
mon_host = [v2:127.0.0.1:$mon_port]
public_addr = 127.0.0.1
cluster_addr = 127.0.0.1
ms_bind_ipv6 = false
ms_bind_msgr1 = false
# No cephx between the daemons of this one-node cluster; radosgw still checks every S3 signature.
auth_cluster_required = none
auth_service_required = none
auth_client_required = none
ms_mon_client_mode = crc
run_dir = $dir/run
osd_pool_default_size = 1
osd_pool_default_min_size = 1
osd_pool_default_pg_num = 8
osd_pool_default_pgp_num = 8
osd_pool_default_pg_autoscale_mode = off
osd_crush_chooseleaf_type = 0
mon_allow_pool_size_one = true
mon_max_pg_per_osd = 1000
mon_warn_on_pool_no_redundancy = false
mon_data_avail_warn = 2
mon_data_avail_crit = 1

[mon]
mon_data = $dir/mon/\$cluster-\$id
pid_file = $dir/run/\$name.pid
admin_socket = $dir/run/\$name.asok
log_file = $dir/log/\$name.log

[osd]
osd_data = $dir/osd/\$cluster-\$id
pid_file = $dir/run/\$name.pid
admin_socket = $dir/run/\$name.asok
log_file = $dir/log/\$name.log
osd_objectstore = bluestore
bluestore_block_create = true
# Sparse: only what the tests write takes disk space.
bluestore_block_size = $((16 * 1024 * 1024 * 1024))
osd_memory_target = 939524096

[client.rgw.test]
pid_file = $dir/run/\$name.pid
admin_socket = $dir/run/\$name.asok
log_file = $dir/log/rgw.log
rgw_data = $dir/rgw
rgw_frontends = beast endpoint=127.0.0.1:$s3_port
EOF
fi
s3_port=$(sed -n 's/^rgw_frontends = beast endpoint=127\.0\.0\.1:\([0-9]*\)$/\1/p' "$conf")
mon_port=$(sed -n 's/^mon_host = \[v2:127\.0\.0\.1:\([0-9]*\)\]$/\1/p' "$conf")
ceph_() { timeout 60 ceph -c "$conf" --connect-timeout 20 "$@"; }

# --- monitor ---------------------------------------------------------------------------------
if [ ! -f "$dir/mon/ready" ]; then
  rm -rf "$dir/mon/ceph-a"
  monmaptool --create --fsid "$(sed -n 's/^fsid = //p' "$conf")" \
    --addv a "[v2:127.0.0.1:$mon_port]" "$dir/monmap" >/dev/null
  ceph-mon -c "$conf" --mkfs -i a --monmap "$dir/monmap" 2>>"$dir/log/setup.log"
  touch "$dir/mon/ready"
fi
running mon.a >/dev/null || ceph-mon -c "$conf" -i a
for attempt in $(seq 1 60); do
  ceph_ mon stat >/dev/null 2>&1 && break
  [ "$attempt" = 60 ] && fail "the monitor did not answer (see $dir/log/mon.a.log)"
  sleep 0.5
done

# --- OSD -------------------------------------------------------------------------------------
if [ ! -f "$dir/osd/ready" ]; then
  [ -f "$dir/osd/uuid" ] || cat /proc/sys/kernel/random/uuid >"$dir/osd/uuid"
  id=$(ceph_ osd new "$(cat "$dir/osd/uuid")")
  [ "$id" = 0 ] || fail "expected OSD id 0, got $id"
  rm -rf "$dir/osd/ceph-0" && mkdir -p "$dir/osd/ceph-0"
  ceph-osd -c "$conf" -i 0 --mkfs --osd-uuid "$(cat "$dir/osd/uuid")" >>"$dir/log/setup.log" 2>&1 ||
    fail "ceph-osd --mkfs failed (see $dir/log/setup.log)"
  touch "$dir/osd/ready"
fi
running osd.0 >/dev/null || ceph-osd -c "$conf" -i 0 2>>"$dir/log/osd.stderr"
for attempt in $(seq 1 120); do
  ceph_ osd dump 2>/dev/null | grep -q '^osd\.0 up' && break
  [ "$attempt" = 120 ] && fail "the OSD did not come up (see $dir/log/osd.0.log)"
  sleep 0.5
done

# --- radosgw and its S3 user ----------------------------------------------------------------
if ! running client.rgw.test >/dev/null; then
  is_listening "$s3_port" && fail "port $s3_port is taken by another program"
  radosgw -c "$conf" -n client.rgw.test 2>>"$dir/log/rgw.stderr"
fi
for attempt in $(seq 1 240); do
  is_listening "$s3_port" && break
  [ "$attempt" = 240 ] && fail "radosgw did not listen on $s3_port (see $dir/log/rgw.log)"
  sleep 0.5
done
if [ ! -f "$dir/keys" ]; then
  access_key=TEST$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n' | tr a-f A-F)
  secret_key=$(od -An -N20 -tx1 /dev/urandom | tr -d ' \n')
  timeout 60 radosgw-admin -c "$conf" user create --uid=tests --display-name=tests \
    --access-key="$access_key" --secret-key="$secret_key" >/dev/null 2>>"$dir/log/setup.log" ||
    fail "could not create the S3 user (see $dir/log/setup.log)"
  printf '%s\n%s\n' "$access_key" "$secret_key" >"$dir/keys"
fi
{ read -r access_key; read -r secret_key; } <"$dir/keys"
# radosgw listens before its pools are ready; an anonymous list of buckets answers once it is.
for attempt in $(seq 1 240); do
  code=$(timeout 5 bash -c "exec 3<>/dev/tcp/127.0.0.1/$s3_port; printf 'GET / HTTP/1.0\r\n\r\n' >&3; head -c 12 <&3" 2>/dev/null | cut -c10-12 || true)
  [ "$code" = 200 ] && break
  [ "$attempt" = 240 ] && fail "radosgw did not answer on $s3_port (see $dir/log/rgw.log)"
  sleep 0.5
done

echo "S3_TEST_ENDPOINT=http://127.0.0.1:$s3_port"
echo "S3_TEST_ACCESS_KEY_ID=$access_key"
echo "S3_TEST_SECRET_ACCESS_KEY=$secret_key"

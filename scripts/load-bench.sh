#!/usr/bin/env bash
# Load benchmark of `grundy serve` on loopback, with wrk (Debian's package).
#
#  1. 64 connections for 30 s on POST /api/analyze (Nim [3, 4, 5]): requests/s, latency, errors.
#  2. The same while a second client hammers the most expensive endpoint, POST /api/simulate
#     (1000 games between two perfect players, cut off by the 2 s computation limit): the
#     analyse requests must still be answered fast; the expensive ones get 200, 422
#     (compute_time_ms) or 429 (max_concurrent), never a 5xx.
#
# Usage: bash scripts/load-bench.sh    (DURATION=30s CONNECTIONS=64 PORT=18631 to change)
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${DURATION:-30s}
CONNECTIONS=${CONNECTIONS:-64}
PORT=${PORT:-18631}
URL="http://127.0.0.1:$PORT"

command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
cargo build --release --quiet
target/release/grundy serve --port "$PORT" >/dev/null &
SERVER=$!
WORK=$(mktemp -d)
trap 'kill $SERVER 2>/dev/null; rm -rf "$WORK"' EXIT
for _ in $(seq 50); do curl -sf "$URL/api/health" >/dev/null && break; sleep 0.1; done

cat >"$WORK/analyze.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"position": {"game": "nim", "heaps": [3, 4, 5]}}'
LUA
cat >"$WORK/simulate.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"position": {"game": "nim", "heaps": [7, 7, 7, 7, 7]}, "first": "perfect", "second": "perfect", "games": 1000}'
ok, slow, busy, other = 0, 0, 0, 0
function response(status, headers, body)
  if status == 200 then ok = ok + 1
  elseif status == 422 then slow = slow + 1
  elseif status == 429 then busy = busy + 1
  else other = other + 1 end
end
local threads = {}
function setup(thread) table.insert(threads, thread) end
function done(summary, latency, requests)
  local t = {ok = 0, slow = 0, busy = 0, other = 0}
  for _, thread in ipairs(threads) do
    for k, _ in pairs(t) do t[k] = t[k] + thread:get(k) end
  end
  io.write(string.format("simulate answers: %d ok (200), %d over the time limit (422), %d busy (429), %d other\n",
    t.ok, t.slow, t.busy, t.other))
end
LUA

echo "== machine: $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p')"
echo "== 1. /api/analyze alone: $CONNECTIONS connections, $DURATION"
wrk -t1 -c"$CONNECTIONS" -d"$DURATION" --latency -s "$WORK/analyze.lua" "$URL/api/analyze"

echo
echo "== 2. /api/analyze while 8 connections hammer /api/simulate"
wrk -t1 -c8 -d"$DURATION" --timeout 10s -s "$WORK/simulate.lua" "$URL/api/simulate" >"$WORK/heavy.txt" &
HEAVY=$!
sleep 1
wrk -t1 -c"$CONNECTIONS" -d"$DURATION" --latency -s "$WORK/analyze.lua" "$URL/api/analyze"
wait $HEAVY
echo "-- the expensive client:"
cat "$WORK/heavy.txt"

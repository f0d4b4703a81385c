#!/usr/bin/env bash
# The page's requests for a few turns of Cram, timed one by one against `grundy serve` on
# loopback (BENCHMARKS.md, "Slow corners"): the start analysed (with `partial`, as the page
# asks), then for each of three human moves the position analysed, the computer's move, the
# position it leaves analysed, and a hint. Each line: the request, its wall time, the answer's
# first characters; then the total.
#
# Usage: bash scripts/page-turns.sh [BOARD...]   (default 5x8 5x7 4x9; BIN=path to use a
#        built binary, PORT=18632 to change the port)
set -euo pipefail
cd "$(dirname "$0")/.."
PORT=${PORT:-18632}
URL="http://127.0.0.1:$PORT/api"
if [ -z "${BIN:-}" ]; then
    cargo build --release --quiet
    BIN=target/release/grundy
fi

post() { curl -sf -X POST -H 'content-type: application/json' "$URL/$1" -d "$2"; }
# The position (its text) of an answer's `position`, or "null".
position_of() {
    python3 -c 'import json, sys; d = json.load(sys.stdin); p = d.get("position"); print(json.dumps(p["position"]) if p and d.get("legal", True) else "null")'
}
now() { date +%s.%N; }

turns() {
    local board=$1 total=0 pos start answer took
    "$BIN" serve --port "$PORT" >/dev/null 2>&1 &
    local server=$!
    for _ in $(seq 50); do curl -sf "$URL/health" >/dev/null && break; sleep 0.1; done
    timed() { # NAME ENDPOINT BODY: prints the line, sets $answer
        start=$(now)
        answer=$(post "$2" "$3" || echo '{"error": "refused"}')
        took=$(echo "$(now) - $start" | bc)
        total=$(echo "$total + $took" | bc)
        printf '%-28s %6.3f s  %s\n' "$1" "$took" "$(head -c 70 <<<"$answer")"
    }
    echo "### Cram $board"
    pos="\"$board\""
    analyze() { echo "{\"position\": {\"game\": \"cram\", \"position\": $pos}, \"partial\": true}"; }
    timed "analyze the start" analyze "$(analyze)"
    for typed in "1,1-1,2" "3,3-4,3" "5,1-5,2"; do
        pos=$(post apply "{\"position\": {\"game\": \"cram\", \"position\": $pos}, \"move\": {\"typed\": \"$typed\"}}" | position_of)
        [ "$pos" = null ] && break
        timed "analyze after $typed" analyze "$(analyze)"
        timed "computer move" move "{\"position\": {\"game\": \"cram\", \"position\": $pos}, \"seed\": 1}"
        pos=$(position_of <<<"$answer")
        [ "$pos" = null ] && break
        timed "analyze after it" analyze "$(analyze)"
        timed "hint" hint "{\"position\": {\"game\": \"cram\", \"position\": $pos}}"
    done
    printf 'total %.2f s\n\n' "$total"
    kill "$server"
    wait "$server" 2>/dev/null || true
}

for board in "${@:-5x8 5x7 4x9}"; do
    for b in $board; do turns "$b"; done
done

#!/usr/bin/env bash
# Regenerates the tables of BENCHMARKS.md, one section per workload.
#
#   bash scripts/bench.sh                 # every section
#   bash scripts/bench.sh slow-corners    # one section
#
# Each section prints a Markdown table (command, wall time, CPU time, peak memory) headed by
# the machine, the date and the load average, to paste over its table in BENCHMARKS.md.
# Times come from /usr/bin/time: on a shared machine compare CPU times, not wall times.
# Sections are independent functions below; add a workload as a new function and a line in
# SECTIONS.
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=target/release/grundy
TIMES=$(mktemp)
trap 'rm -f "$TIMES"' EXIT

header() {
    local model
    model=$(lscpu | sed -n 's/^Model name: *//p' | head -n 1)
    echo
    echo "## $1"
    echo
    echo "Machine: ${model:-unknown}, $(nproc) cores. Date: $(date -u '+%Y-%m-%d %H:%M UTC')." \
        "Load average before: $(cut -d' ' -f1-3 /proc/loadavg)."
    echo
}

# One row: the command, then its wall time, CPU time (user + system) and peak memory.
row() {
    if /usr/bin/time -f '%e %U %S %M' -o "$TIMES" "$@" >/dev/null 2>&1; then
        status=ok
    else
        status="exit $?"
    fi
    # A failed command's first line says so; the figures are on the last.
    read -r wall user sys rss < <(tail -n 1 "$TIMES")
    local cpu
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
    local shown="${*:2}"
    printf '| `%s` | %s s | %s s | %d MB | %s |\n' \
        "$shown" "$wall" "$cpu" "$((rss / 1024))" "$status"
}

table_head() {
    echo "| command (\`grundy ...\`) | wall | CPU | peak memory | status |"
    echo "| --- | ---: | ---: | ---: | --- |"
}

# ---------------------------------------------------------------------------------------
# Slow corners: graph games on symmetric graphs, hexadecimal codes that are octal, genera,
# small misère sums, hexadecimal tables whose values grow.
# ---------------------------------------------------------------------------------------
slow_corners() {
    header "Slow corners"
    table_head
    row "$BIN" analyze arc-kayles complete:64
    row "$BIN" analyze node-kayles complete:64
    row "$BIN" analyze arc-kayles star:63
    row "$BIN" analyze node-kayles path:64
    row "$BIN" analyze arc-kayles path:64
    row "$BIN" analyze node-kayles cycle:64
    row "$BIN" analyze node-kayles grid:6x6
    row "$BIN" analyze arc-kayles grid:5x5
    row "$BIN" analyze arc-kayles grid:4x8 --time 60
    row "$BIN" sequence hex 0.36 --until-period
    row "$BIN" sequence octal 0.36 --until-period
    row "$BIN" misere genus 0.52 --count 100
    row "$BIN" misere genus 0.77 --count 40
    row "$BIN" misere genus 0.77 --count 50
    row "$BIN" analyze sum 'octal{kayles}:14,15' nim:3 --misere
    row "$BIN" analyze sum 'octal{0.07}:12,14' nim:5,6 --misere
    row "$BIN" analyze hex C.BFD 8191
}

SECTIONS=(slow-corners)

main() {
    cargo build --release -p grundy >&2
    local wanted=("$@")
    if [ ${#wanted[@]} -eq 0 ]; then
        wanted=("${SECTIONS[@]}")
    fi
    for section in "${wanted[@]}"; do
        case "$section" in
            slow-corners) slow_corners ;;
            *)
                echo "unknown section: $section (known: ${SECTIONS[*]})" >&2
                exit 2
                ;;
        esac
    done
}

main "$@"

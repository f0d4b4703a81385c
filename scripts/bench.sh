#!/usr/bin/env bash
# Regenerates the tables of BENCHMARKS.md: one section per workload, each printing the machine,
# the date and the load average, then its table's rows (markdown) to paste over the old ones.
#
# Usage: scripts/bench.sh [SECTION...]
#   sections: octal (the default set), octal-long (hours: not in the default set)
# Every section builds what it runs (release profile) and leaves nothing behind.
set -euo pipefail
cd "$(dirname "$0")/.."

# The machine line under each table: lscpu's model name, cores, the UTC date, the load average.
machine() {
    printf 'machine: %s, %s cores; %s UTC; load average %s\n' \
        "$(lscpu | sed -n 's/^Model name: *//p')" "$(nproc)" \
        "$(date -u '+%Y-%m-%d %H:%M')" "$(cut -d' ' -f1-3 /proc/loadavg)"
}

# ---------------------------------------------------------------------------------------------
# octal: the octal solver against `ogs` (BENCHMARKS.md, "Octal games against ogs").
# The side-by-side harness computes the same values with ours on one thread, ours on two and
# `ogs`, asserts that they are equal, and prints wall and CPU times; one row per case.
# ---------------------------------------------------------------------------------------------
bench_octal() {
    cargo build --release -q -p grundy-core --example octal_vs_ogs
    local harness=target/release/examples/octal_vs_ogs
    machine
    echo '| game | values | ours 1 thread (s) | ours 2 threads (s) | `ogs` (s) | ratio 1t | ratio 2t | CPU ratio 1t |'
    echo '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |'
    # The five default cases (Officers to 2^20, 0.16, 0.104, Treblecross, 0.354), then
    # Officers to 2^24.
    { "$harness"; "$harness" 0.6 count=16777216; } | awk '
        # Rows of the harness: code values 1t 2t ogs rat1 rat2 cpu1 cpu2 ogscpu crat1 note...
        NR > 1 && $2 ~ /^[0-9]+$/ && NF >= 12 && $5 != "ours" && $1 != "code" {
            name = $1
            if ($1 == "0.6") name = "Officers `0.6`"
            else if ($1 == "0.007") name = "Treblecross `0.007`"
            else name = "`" $1 "`"
            printf "| %s | %s | %s | %s | %s | **%.2f×** | **%.2f×** | %.2f× |\n",
                name, $2, $3, $4, $5, $6, $7, $11
        }'
}

# ---------------------------------------------------------------------------------------------
# octal-long: Officers as far as memory allows (BENCHMARKS.md, "Octal: the long run").
# COUNT values (default 2^30) with a checkpoint, resumed if the checkpoint exists; every
# minute one row: time, values done, values per second since the last row, CPU seconds, load.
# OCTAL_LONG_DIR keeps the checkpoint between sessions (default: a directory under /tmp).
# ---------------------------------------------------------------------------------------------
bench_octal_long() {
    local count=${OCTAL_LONG_COUNT:-1073741824}
    local dir=${OCTAL_LONG_DIR:-/tmp/grundy-octal-long}
    mkdir -p "$dir"
    cargo build --release -q --bin grundy
    local resume=()
    [ -f "$dir/officers.bin" ] && resume=(--resume "$dir/officers.bin")
    machine
    nice -n 10 target/release/grundy sequence octal 0.6 --count "$count" "${resume[@]}" \
        --checkpoint "$dir/officers.bin" --format binary -o /dev/null 2>"$dir/run.err" &
    local pid=$! last=0 then=$SECONDS
    echo '| UTC | values | values/s since the row before | CPU s | load |'
    echo '| --- | ---: | ---: | ---: | --- |'
    while kill -0 "$pid" 2>/dev/null; do
        sleep 60
        # The checkpoint holds the values at one byte each (Officers: two from heap 10,344) after
        # a short header; its size gives the values done at the last save.
        local size values now ticks
        size=$(stat -c %s "$dir/officers.bin" 2>/dev/null || echo 0)
        values=$((size / 2))
        now=$SECONDS
        ticks=$(awk '{print $14 + $15}' "/proc/$pid/stat" 2>/dev/null || echo 0)
        printf '| %s | %s | %s | %s | %s |\n' "$(date -u +%H:%M)" "$values" \
            "$(((values - last) / (now - then)))" "$((ticks / 100))" \
            "$(cut -d' ' -f1 /proc/loadavg)"
        last=$values then=$now
    done
    wait "$pid"
}

sections=("$@")
[ ${#sections[@]} -gt 0 ] || sections=(octal)
for section in "${sections[@]}"; do
    case $section in
    octal) bench_octal ;;
    octal-long) bench_octal_long ;;
    *)
        echo "unknown section: $section (octal, octal-long)" >&2
        exit 2
        ;;
    esac
done

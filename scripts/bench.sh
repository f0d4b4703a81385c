#!/usr/bin/env bash
# Regenerates the tables of BENCHMARKS.md, one section per workload; each section prints its
# table in Markdown with the machine (lscpu model), the date and the load average.
#
# Usage: scripts/bench.sh [SECTION...]   (sections: cram; none given: all)
#   e.g. scripts/bench.sh cram
#   CRAM_LONG=1 scripts/bench.sh cram    also 6 x 7 with igs beside it (igs may take hours)
#   CRAM_BIN=path scripts/bench.sh cram  with a harness (benches/igs-side-by-side) built before
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

machine() {
    printf 'Machine: %s, %s cores; %s UTC; load average %s\n\n' \
        "$(lscpu | sed -n 's/^Model name: *//p' | head -1)" "$(nproc)" \
        "$(date -u '+%Y-%m-%d %H:%M')" "$(cut -d' ' -f1-3 /proc/loadavg)"
}

# ---------------------------------------------------------------------------------------------
# Cram against igs (BENCHMARKS.md, "Cram"). Every board igs solves within a minute, both
# solvers in one process (same value asserted), the ratio igs / Grundy from that process; then
# larger boards by Grundy alone; the small-table figure; with CRAM_LONG=1 also 6 x 7 with igs.
# ---------------------------------------------------------------------------------------------
cram() {
    # CRAM_BIN: a harness binary already built (else it is built here).
    local harness=$root/benches/igs-side-by-side bin=${CRAM_BIN:-}
    if [ -z "$bin" ]; then
        (cd "$harness" && cargo build --release --quiet)
        bin=$harness/target/release/igs-side-by-side
    fi
    local dir
    dir=$(mktemp -d)
    trap 'rm -rf "$dir"' RETURN
    # Seconds of user + system time and peak memory of one solver alone in its process.
    alone() {
        /usr/bin/time -f '%U %S %M' -o "$dir/time" "$@" >"$dir/out" 2>/dev/null || true
        sed -i '/^Command exited/d' "$dir/time"
        read -r user sys kib <"$dir/time"
        local v
        v=$(sed -n 's/.*value \([0-9]*\).*/\1/p' "$dir/out" | head -1)
        printf '%s\t%.2f\t%d\n' "${v:--}" \
            "$(echo "$user + $sys" | bc)" "$((kib / 1024))"
    }

    echo "### Cram against igs, one process (the run of median ratio igs / Grundy of 3)"
    machine
    echo '| board | value | Grundy (s) | igs (s) | igs / Grundy |'
    echo '| --- | ---: | ---: | ---: | ---: |'
    for b in 2x9 3x7 3x8 4x5 5x5 3x9 3x10 4x7 3x11 3x12 5x6 4x9 3x13 3x14 5x7 3x15 5x8 4x11; do
        : >"$dir/runs"
        for _ in 1 2 3; do
            "$bin" cram "$b" 2>/dev/null >"$dir/out"
            line=$(sed -n 's/.*grundy value \([0-9]*\) time \([0-9.]*\) s/\1 \2/p' "$dir/out")
            igs=$(sed -n 's/.*igs value [0-9]* time \([0-9.]*\) s/\1/p' "$dir/out")
            ratio=$(sed -n 's/.*igs \/ grundy = \([0-9.]*\)/\1/p' "$dir/out")
            echo "$ratio $line $igs" >>"$dir/runs"
        done
        read -r r v g i < <(sort -n "$dir/runs" | sed -n 2p)
        echo "| $b | $v | $g | $i | **$r** |"
    done

    if command -v valgrind >/dev/null; then
        echo
        echo "### Cram against igs in instructions (valgrind --tool=callgrind, each solver alone)"
        machine
        echo '| board | Grundy | igs | igs / Grundy |'
        echo '| --- | ---: | ---: | ---: |'
        for b in 4x5 5x5 3x9 4x7 3x11 5x6 4x9 3x13; do
            for solver in grundy igs; do
                valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" cram "$b" "$solver" \
                    2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p' >"$dir/$solver"
            done
            g=$(cat "$dir/grundy") i=$(cat "$dir/igs")
            echo "| $b | $((g / 1000000)) M | $((i / 1000000)) M | $(echo "scale=2; $i / $g" | bc) |"
        done
    fi

    echo
    echo "### Cram by Grundy alone (user + system seconds, peak memory)"
    machine
    echo '| board | value | CPU (s) | peak (MiB) |'
    echo '| --- | ---: | ---: | ---: |'
    for b in 3x14 3x17 5x8 5x9; do
        read -r v s m < <(alone "$bin" cram "$b" grundy)
        echo "| $b | $v | $s | $m |"
    done
    # 3 x 16 stopped after 120 s of wall time (docs/theory.md says why it is so hard).
    read -r v s m < <(GRUNDY_SECONDS=120 alone "$bin" cram 3x16 grundy)
    echo "| 3x16 | ${v/#-/not finished in 120 s} | $s | $m |"

    echo
    echo "### Cram with a small table (5 x 6 and 5 x 7; 16 KiB is the least table: 1,024 entries)"
    machine
    echo '| board | table | components expanded | CPU (s) | against 4 GiB |'
    echo '| --- | ---: | ---: | ---: | ---: |'
    for b in 5x6 5x7; do
        local full=""
        for m in 4294967296 1048576 262144 65536 16384; do
            GRUNDY_MEMORY=$m /usr/bin/time -f '%U %S' -o "$dir/time" \
                "$bin" cram "$b" grundy >/dev/null 2>"$dir/err"
            read -r user sys <"$dir/time"
            s=$(echo "$user + $sys" | bc)
            e=$(sed -n 's/.*expanded: \([0-9]*\).*/\1/p' "$dir/err")
            [ -n "$full" ] || full=$s
            echo "| \`$b\` | $m B | $e | $s | $(echo "scale=2; $s / $full" | bc)× |"
        done
    done

    if [ -n "${CRAM_LONG:-}" ]; then
        echo
        echo "### Cram 6 x 7, each solver alone (1 GiB table for Grundy, as grundy search)"
        machine
        echo '| solver | value | CPU (s) | peak (MiB) |'
        echo '| --- | ---: | ---: | ---: |'
        read -r v s m < <(GRUNDY_MEMORY=1073741824 alone "$bin" cram 6x7 grundy)
        echo "| Grundy | $v | $s | $m |"
        read -r v s m < <(alone "$bin" cram 6x7 igs)
        echo "| igs | $v | $s | $m |"
    fi
}

sections=("$@")
[ ${#sections[@]} -gt 0 ] || sections=(cram)
for section in "${sections[@]}"; do
    case $section in
        cram) cram ;;
        *) echo "unknown section $section (known: cram)" >&2; exit 2 ;;
    esac
done

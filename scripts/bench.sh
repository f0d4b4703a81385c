#!/usr/bin/env bash
# Regenerates the tables of BENCHMARKS.md, one section per workload. Each section builds what
# it runs (release profile), prints the machine (lscpu's model), the date and the load average,
# then its table's rows in Markdown (or the harness's own output, whose figures the table
# quotes), to paste over the old ones.
#
# Usage: scripts/bench.sh [SECTION...]     (no section: every quick one)
#   quick sections: subtraction octal take-break wythoff simulate small-questions doors web
#                   long-runs cram chomp largest slow-corners misere hackenbush nim-product
#                   coins genera loopy python
#   long sections (minutes to hours, never by default): dask-search, octal-long, survey, sprouts (and CRAM_LONG=1 with cram:
#   Cram 6 x 7 with igs beside it); cold-build (minutes: a release build from nothing)
#   e.g. scripts/bench.sh octal cram; CRAM_BIN=path scripts/bench.sh cram
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

# The machine line under each table: lscpu's model name, cores, the UTC date, the load average.
machine() {
    printf 'machine: %s, %s cores; %s UTC; load average %s\n\n' \
        "$(lscpu | sed -n 's/^Model name: *//p' | head -1)" "$(nproc)" \
        "$(date -u '+%Y-%m-%d %H:%M')" "$(cut -d' ' -f1-3 /proc/loadavg)"
}

BIN=target/release/grundy
TIMES=$(mktemp)
trap 'rm -f "$TIMES"' EXIT

release() {
    cargo build --release -q -p grundy
}

# A criterion harness of a crate, quickly (the tables quote its medians).
criterion() {
    local package=$1 bench=$2
    machine
    cargo bench -q -p "$package" --bench "$bench" -- --warm-up-time 1 --measurement-time 3 \
        2>/dev/null | grep -E '^[a-z].*|time:|thrpt:' || true
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
# octal-long: Officers as far as memory allows (BENCHMARKS.md, "Officers as far as it goes").
# OCTAL_LONG_COUNT values (default 2^31, the most --count accepts: some 13 GB of memory and
# 8 GiB of disk) with a checkpoint, resumed if the checkpoint exists; every minute one row:
# time, values done, values per second since the last row, CPU seconds, load.
# OCTAL_LONG_DIR keeps the checkpoint between sessions (default: a directory under /tmp).
# ---------------------------------------------------------------------------------------------
bench_octal_long() {
    local count=${OCTAL_LONG_COUNT:-2147483648}
    local dir=${OCTAL_LONG_DIR:-/tmp/grundy-octal-long}
    mkdir -p "$dir"
    cargo build --release -q --bin grundy
    local resume=()
    [ -f "$dir/officers.bin" ] && resume=(--resume "$dir/officers.bin")
    machine
    nice -n 10 target/release/grundy sequence octal 0.6 --count "$count" "${resume[@]}" \
        --checkpoint "$dir/officers.bin" --format binary --output "$dir/officers.values" \
        2>"$dir/run.err" &
    # A resumed run's first row counts from the values the checkpoint already held.
    local pid=$! last=0 then=$SECONDS
    [ -f "$dir/officers.bin" ] && last=$(($(stat -c %s "$dir/officers.bin") / 2))
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

# ---------------------------------------------------------------------------------------------
# The igs side-by-side harness (benches/igs-side-by-side), shared by the Cram and Chomp tables.
# ---------------------------------------------------------------------------------------------
# The harness binary: CRAM_BIN if set, else built here.
igs_harness() {
    if [ -n "${CRAM_BIN:-}" ]; then
        echo "$CRAM_BIN"
        return
    fi
    (cd "$root/benches/igs-side-by-side" && cargo build --release --quiet)
    echo "$root/benches/igs-side-by-side/target/release/igs-side-by-side"
}

# Rows of GAME's boards, both solvers in one process (same value asserted): three runs each,
# the run of median ratio igs / Grundy shown. Usage: side_by_side BIN DIR GAME BOARD...
side_by_side() {
    local bin=$1 dir=$2 game=$3 b line igs warm ratio r v g i
    shift 3
    echo '| board | value | Grundy (s) | igs (s) | igs / Grundy |'
    echo '| --- | ---: | ---: | ---: | ---: |'
    for b in "$@"; do
        : >"$dir/runs"
        for _ in 1 2 3; do
            "$bin" "$game" "$b" 2>/dev/null >"$dir/out"
            line=$(sed -n 's/.*grundy value \([0-9]*\) time \([0-9.]*\) s/\1 \2/p' "$dir/out")
            igs=$(sed -n 's/.*igs value [0-9]* time \([0-9.]*\) s/\1/p' "$dir/out")
            # A board under 5 ms is timed warm as well (the harness's medians of 21 solves,
            # the ratio from them): its row shows those medians.
            warm=$(sed -n 's/.*warm medians of [0-9]*: grundy \([0-9.]*\) s igs \([0-9.]*\) s/\1 \2/p' "$dir/out")
            if [ -n "$warm" ]; then
                line="${line%% *} ${warm%% *}"
                igs=${warm##* }
            fi
            ratio=$(sed -n 's/.*igs \/ grundy = \([0-9.]*\)/\1/p' "$dir/out")
            echo "$ratio $line $igs" >>"$dir/runs"
        done
        read -r r v g i < <(sort -n "$dir/runs" | sed -n 2p)
        echo "| $b | $v | $g | $i | **$r** |"
    done
}

# Rows of instruction counts of each solver alone (valgrind --tool=callgrind), if valgrind is
# installed. Usage: instructions BIN DIR GAME BOARD...
instructions() {
    local bin=$1 dir=$2 game=$3 b solver g i
    shift 3
    if ! command -v valgrind >/dev/null; then
        echo '(valgrind is not installed: no instruction counts)'
        return 0
    fi
    echo '| board | Grundy | igs | igs / Grundy |'
    echo '| --- | ---: | ---: | ---: |'
    for b in "$@"; do
        for solver in grundy igs; do
            valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$game" "$b" "$solver" \
                2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p' >"$dir/$solver"
        done
        g=$(cat "$dir/grundy") i=$(cat "$dir/igs")
        echo "| $b | $((g / 1000000)) M | $((i / 1000000)) M | $(echo "scale=2; $i / $g" | bc) |"
    done
}

# ---------------------------------------------------------------------------------------------
# Cram against igs (BENCHMARKS.md, "Cram"). Every board igs solves within a minute, both
# solvers in one process (same value asserted), the ratio igs / Grundy from that process; then
# larger boards by Grundy alone; the small-table figure; with CRAM_LONG=1 also 6 x 7 with igs.
# ---------------------------------------------------------------------------------------------
bench_cram() {
    local bin
    bin=$(igs_harness)
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
    side_by_side "$bin" "$dir" cram 2x9 3x7 3x8 4x5 5x5 3x9 3x10 4x7 3x11 3x12 5x6 4x9 3x13 \
        3x14 5x7 3x15 5x8 4x11
    echo
    echo "### Cram against igs, Grundy on two threads (wall-clock time; igs on one)"
    machine
    GRUNDY_THREADS=2 side_by_side "$bin" "$dir" cram 4x9 3x13 3x14 5x7 3x15 5x8 4x11
    echo
    echo "### Cram against igs in instructions (valgrind --tool=callgrind, each solver alone)"
    machine
    instructions "$bin" "$dir" cram 4x5 5x5 3x9 4x7 3x11 5x6 4x9 3x13

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
            # IGS_STATS: the harness prints the engine's statistics (components expanded).
            IGS_STATS=1 GRUNDY_MEMORY=$m /usr/bin/time -f '%U %S' -o "$dir/time" \
                "$bin" cram "$b" grundy >/dev/null 2>"$dir/err"
            read -r user sys <"$dir/time"
            s=$(printf '%.2f' "$(echo "$user + $sys" | bc)")
            e=$(sed -n 's/.*expanded: \([0-9]*\).*/\1/p' "$dir/err")
            [ -n "$full" ] || full=$s
            echo "| \`$b\` | $m B | $e | $s | $(printf '%.2f' "$(echo "scale=3; $s / $full" | bc)")× |"
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
        read -r v s m < <(GRUNDY_THREADS=2 GRUNDY_MEMORY=1073741824 alone "$bin" cram 6x7 grundy)
        echo "| Grundy, two threads (CPU of both) | $v | $s | $m |"
        read -r v s m < <(alone "$bin" cram 6x7 igs)
        echo "| igs | $v | $s | $m |"
    fi
}

# ---------------------------------------------------------------------------------------------
# Chomp against igs (BENCHMARKS.md, "Chomp"): both in one process (same value asserted, the
# ratio of the run of median ratio of three), then each alone in instructions.
# ---------------------------------------------------------------------------------------------
bench_chomp() {
    local bin dir
    bin=$(igs_harness)
    dir=$(mktemp -d)
    trap 'rm -rf "$dir"' RETURN
    echo "### Chomp against igs, one process (the run of median ratio igs / Grundy of 3)"
    machine
    side_by_side "$bin" "$dir" chomp 3x20 6x9 8x8 10x10 11x11
    echo
    echo "### Chomp against igs in instructions (valgrind --tool=callgrind, each alone)"
    instructions "$bin" "$dir" chomp 3x20 6x9 8x8 10x10
}

# ---------------------------------------------------------------------------------------------
# The largest searches (BENCHMARKS.md, "Largest instances solved"): grundy search on one thread
# (two are the default), one run each.
# ---------------------------------------------------------------------------------------------
bench_largest() {
    release
    machine
    echo "### Largest instances solved (one thread each, so that CPU time is one search's)"
    table_head
    row "$BIN" search node-kayles grid:8x8 --threads 1 --time 120
    row "$BIN" search node-kayles grid:7x8 --threads 1 --time 120
    row "$BIN" search node-kayles grid:7x7 --threads 1 --time 120
    row "$BIN" search node-kayles grid:6x7 --threads 1 --time 120
    row "$BIN" search node-kayles path:64 --threads 1
    row "$BIN" search arc-kayles grid:4x8 --threads 1 --time 120
    row "$BIN" search arc-kayles grid:5x6 --threads 1 --time 120
    row "$BIN" search arc-kayles grid:5x7 --threads 1 --time 120
    row "$BIN" search node-kayles grid:7x9 --threads 1 --time 120
    row "$BIN" search node-kayles grid:6x9 --threads 1 --time 120
    row "$BIN" search node-kayles grid:3x21 --threads 1 --time 120
    row "$BIN" search cram 7x9 --threads 1 --holes 4,5
    row "$BIN" search cram 5x9 --threads 1 --time 300
    row "$BIN" search chomp 11x11 --threads 1
}

# ---------------------------------------------------------------------------------------------
# Slow corners (BENCHMARKS.md, "Slow corners"): graph games on symmetric graphs, hexadecimal
# codes that are octal, genera, small misère sums, hexadecimal tables whose values grow.
# ---------------------------------------------------------------------------------------------
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
bench_slow_corners() {
    release
    machine
    echo "### Slow corners"
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
    row "$BIN" analyze arc-kayles grid:4x7 --time 60
    row "$BIN" analyze arc-kayles grid:5x6 --time 60
    row "$BIN" analyze cram 5x6 --explain
    row "$BIN" analyze cram 5x7 --explain --time 60
    row "$BIN" analyze chomp 26,26,26,26,26
    row "$BIN" analyze node-kayles grid:7x7 --time 60
    row "$BIN" analyze node-kayles grid:7x8 --time 60
    row "$BIN" analyze node-kayles grid:6x9 --time 60
    row "$BIN" analyze node-kayles grid:7x9 --time 60
    row "$BIN" sequence hex 0.36 --until-period
    row "$BIN" sequence octal 0.36 --until-period
    row "$BIN" misere genus 0.52 --count 100
    row "$BIN" misere genus 0.77 --count 40
    row "$BIN" misere genus 0.77 --count 50
    row "$BIN" analyze sum 'octal{kayles}:14,15' nim:3 --misere
    row "$BIN" analyze sum 'octal{0.07}:12,14' nim:5,6 --misere
    for game in 0.07 0.137 0.77; do
        row "$BIN" analyze sum "octal{$game}:24,20" nim:7,6 --misere --time 60
    done
    row "$BIN" analyze sum 'octal{0.75}:24,23' nim:7,6 --misere --time 60
    row "$BIN" analyze sum 'octal{0.52}:24,20,22' nim:7,6 --misere
    row "$BIN" analyze sum 'octal{0.77}:30,28' nim:7,6 --misere --time 60
    row "$BIN" analyze sum 'octal{0.75}:40,38' nim:7,6 --misere
    row "$BIN" analyze octal 0.77 30 50 --misere
    row "$BIN" analyze octal 0.75 60 41 --misere
    row "$BIN" analyze octal 0.07 50 40 --misere
    row "$BIN" analyze octal 0.4 50 40 --misere
    row "$BIN" analyze octal 0.16 40 30 --misere
    row "$BIN" analyze octal 0.6 45 30 --misere
    row "$BIN" analyze hex C.BFD 8191
    # The computer's first move by a strategy, the value not computed (stdin: one "quit").
    for board in 4x11 5x8 6x7; do
        row "$BIN" play cram "$board" --first computer --seed 1 <<< quit
    done
    # The page's requests for three turns of Cram against `grundy serve`, one by one.
    BIN="$BIN" bash scripts/page-turns.sh
}

# ---------------------------------------------------------------------------------------------
# The other workloads: each runs the command its table in BENCHMARKS.md names.
# ---------------------------------------------------------------------------------------------
bench_subtraction() { machine; cargo bench -q -p grundy-core --bench side_by_side; }
bench_take_break() { criterion grundy-core take_break; }
bench_wythoff() { machine; cargo bench -q -p grundy-core --bench wythoff; }
bench_simulate() { criterion grundy simulate; }
bench_small_questions() { criterion grundy-core small_questions; }
bench_doors() { machine; cargo bench -q --bench doors; }
bench_web() { machine; bash scripts/load-bench.sh; }
bench_long_runs() {
    release
    machine
    bash scripts/long-runs-bench.sh "$BIN" 0.104 100000000 text csv json binary
}
bench_misere() {
    criterion grundy-core misere
    release
    machine
    echo "### Misère quotients through the command line"
    table_head
    for spec in 0.75:30 0.77:30 0.77:80 0.77:300 0.07:24 0.07:30 0.07:33 0.137:30 0.007:40 \
        4.7:30; do
        row "$BIN" misere quotient "${spec%:*}" --max-heap "${spec#*:}" --json
    done
}
bench_hackenbush() { criterion grundy-core hackenbush; }
bench_nim_product() { criterion grundy-core nim_product; }
bench_coins() {
    criterion grundy-core coins
    release
    machine
    echo "### Coin-turning games at their limits, through the command line"
    table_head
    # A row of one tail and N heads (coins numbered from 1: the tail is the coin no move
    # turns alone).
    heads() { printf 'T%s' "$(printf 'H%.0s' $(seq "$1"))"; }
    row "$BIN" analyze coins at-most=5 "$(heads 63)" --json
    row "$BIN" analyze coins at-most=7 "$(heads 31)" --json
    row "$BIN" analyze coins any "$(heads 20)" --json
    row "$BIN" analyze mock-turtles "$(heads 63)" --json
}
bench_genera() {
    release
    machine
    echo "### Genera"
    table_head
    # The rows of BENCHMARKS.md "Genera" (the "before" column: the same with BIN=an older build).
    for n in 40 50 60 70; do row "$BIN" misere genus 0.77 --count "$n" --time 300; done
    for spec in 0.07:60 0.137:60 0.007:60 0.35:60 4.7:40 0.53:100 0.75:70 0.6:80 0.4:120 \
        0.16:80 0.15:100 0.72:100 0.54:80 0.52:100 0.31:100 0.3:100; do
        row "$BIN" misere genus "${spec%:*}" --count "${spec#*:}" --time 300
    done
}
bench_loopy() {
    release
    machine
    echo "### Loopy games"
    table_head
    row "$BIN" analyze loopy 'windup{999983;1,3,7}:1'
    row "$BIN" analyze loopy square-but-one:60000
    row "$BIN" analyze loopy fair-shares:48
    row "$BIN" analyze loopy fair-shares:56
}
bench_python() {
    release
    # The package as scripts/test-python.sh installs it (its virtual environment).
    [ -x target/pyvenv/bin/python ] || bash scripts/test-python.sh >/dev/null
    machine
    target/pyvenv/bin/python benches/python/overhead.py "$BIN"
    # Games defined by Python functions on the core's engine, against the built-in Cram.
    target/pyvenv/bin/python benches/python/from_moves.py 300 4x5
}
# One search spread over a Dask LocalCluster of two single-threaded workers against one process
# on one thread (BENCHMARKS.md, "One search on a Dask cluster"): Cram 5 x 9 (DASK_BOARD), its
# questions and rounds, a simulation of them on more workers, and the overhead on Cram 4 x 7.
# A few minutes of both cores; not in the quick set.
bench_dask_search() {
    [ -x target/pyvenv/bin/python ] || bash scripts/test-python.sh >/dev/null
    machine
    target/pyvenv/bin/python benches/python/dask_search.py "${DASK_BOARD:-5x9}" 4x7
}

# The 511 codes 0.d1d2d3 in three budgets, each extending the members the last left open from
# their checkpoints (BENCHMARKS.md, "Surveys"; docs/surveys.md, "What a budget settles"):
# 2^20 values and 5 s a member, one process; then 2^24 values and 30 s (all told) for the open
# members that reached 2^18 values, and 2^28 values and 120 s for those that reached 2^24, each
# as two shards side by side merged into one store; and the first budget again on a Dask
# LocalCluster of two workers. Takes about an hour and a half of both cores.
bench_survey() {
    release
    machine
    local dir=${SURVEY_DIR:-$(mktemp -d)} t='%e s wall, %U s user, %M KB peak'
    mkdir -p "$dir"
    /usr/bin/time -f "$t" "$BIN" survey octal --digits 3 --count 1048576 --seconds 5 \
        --db "$dir/s.db" --checkpoints "$dir/ckpt" --json
    survey_level() { # COUNT SECONDS: the open members that reached $3 values, two shards
        local count=$1 seconds=$2 reached=$3
        sqlite3 "$dir/s.db" "select code from members where status = 'open'
            and computed >= $reached" > "$dir/next.txt"
        for i in 0 1; do
            cp "$dir/s.db" "$dir/shard$i.db"
            /usr/bin/time -f "shard $i: $t" "$BIN" survey octal --codes-file "$dir/next.txt" \
                --count "$count" --seconds "$seconds" --db "$dir/shard$i.db" \
                --checkpoints "$dir/ckpt" --shard "$i/2" --json &
        done
        wait
        "$BIN" survey merge --db "$dir/s.db" "$dir/shard0.db" "$dir/shard1.db"
        sqlite3 "$dir/s.db" "select status, count(*) from members group by status"
    }
    survey_level 16777216 30 262144
    survey_level 268435456 120 16777216
    ls -l "$dir/s.db"
    [ -x target/pyvenv/bin/python ] || bash scripts/test-python.sh >/dev/null
    target/pyvenv/bin/python - "$dir/dask.db" <<'PYTHON'
import sys, time
import grundy
from dask.distributed import Client, LocalCluster
if __name__ == "__main__":
    with Client(LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1")) as client:
        started = time.perf_counter()
        frame = grundy.survey(grundy.survey_codes("octal", digits=3), count=1 << 20,
                              seconds=5, db=sys.argv[1], client=client)
        print(f"dask: {len(frame)} members in {time.perf_counter() - started:.1f} s,",
              (frame.status == "periodic").sum(), "periodic")
PYTHON
    [ -n "${SURVEY_DIR:-}" ] || rm -rf "$dir"
}

# ---------------------------------------------------------------------------------------------
# cold-build: the first page from a fresh clone (BENCHMARKS.md, "The first page from a fresh
# clone"): the committed tree (`git archive HEAD`) built with an empty target directory, as
# `cargo run --release -- serve` builds it; wall, user and system seconds, and the longest units
# of `cargo build --timings` (its report is left in the copy's target/cargo-timings).
bench_cold_build() {
    machine
    local dir
    dir=$(mktemp -d)
    git archive HEAD | tar -x -C "$dir"
    (cd "$dir" && CARGO_TARGET_DIR="$dir/target" /usr/bin/time -f '%e %U %S' -o "$TIMES" \
        cargo build --release --bin grundy --timings -q)
    read -r wall user sys <"$TIMES"
    echo "| \`cargo build --release --bin grundy\` (cold, \`$(git rev-parse --short HEAD)\`) | ${wall} s | ${user} + ${sys} s |"
    python3 - "$dir/target/cargo-timings/cargo-timing.html" <<'PYTHON'
import json, re, sys
units = json.loads(re.search(r"const UNIT_DATA = (\[.*?\]);", open(sys.argv[1]).read(), re.S).group(1))
for u in sorted(units, key=lambda u: -u["duration"])[:6]:
    print(f"  {u['name']} {u.get('target', '').strip()}: {u['duration']:.1f} s")
PYTHON
    echo "(timings report: $dir/target/cargo-timings/cargo-timing.html)"
}

# ---------------------------------------------------------------------------------------------
# sprouts: Sprouts against SPOTS's sequential dfpn (BENCHMARKS.md, "Sprouts against SPOTS").
# For each n, the same question of both: who wins 0*n, `grundy search sprouts 0*n --outcome`
# and SPOTS's `spots-solver 0*n --algorithm dfpn`, one after the other, each whole process
# three times, the median wall time of each and the ratio SPOTS / Grundy (above 1: Grundy
# faster); then Grundy's exact nimber (`grundy search sprouts 0*n --threads 1`), which SPOTS
# does not compute, and its time. SPOTS_SOLVER names SPOTS's solver (default: spots-solver on
# the PATH, built as ../shared/peers/README.md says); without it Grundy runs alone and the rows
# say so. SPROUTS_N the spots (default 6 to 12), SPROUTS_TIMEOUT the most seconds one run may
# take (default 600): a run beyond it is stopped and its row says so. SPROUTS_BIN runs another
# build of grundy (e.g. one in CARGO_TARGET_DIR), built by the caller.
# ---------------------------------------------------------------------------------------------
bench_sprouts() {
    local grundy=${SPROUTS_BIN:-}
    [ -n "$grundy" ] || { cargo build --release -q --bin grundy && grundy=$root/$BIN; }
    local spots=${SPOTS_SOLVER:-spots-solver} limit=${SPROUTS_TIMEOUT:-600}
    local dir n
    dir=$(mktemp -d)
    trap 'rm -rf "$dir"' RETURN
    if ! command -v "$spots" >/dev/null 2>&1; then
        echo "SPOTS not found ($spots): set SPOTS_SOLVER to its spots-solver (../shared/peers/README.md builds it); Grundy alone" >&2
        spots=
    fi
    # Median of three whole-process wall times of a command run in $dir/run (SPOTS writes its
    # database and statistics there), or "> LIMIT" when a run did not finish; its output in
    # $dir/out.
    median3() {
        local t times=()
        for _ in 1 2 3; do
            rm -rf "$dir/run" && mkdir "$dir/run"
            if ! (cd "$dir/run" && /usr/bin/time -f '%e' -o "$dir/time" \
                timeout "$limit" "$@" >"$dir/out" 2>&1); then
                echo "> $limit"
                return
            fi
            t=$(tail -1 "$dir/time")
            times+=("$t")
        done
        printf '%s\n' "${times[@]}" | sort -g | sed -n 2p
    }
    echo "### Sprouts against SPOTS (median of 3 whole-process wall times, one thread each)"
    machine
    echo '| position | outcome | Grundy --outcome (s) | SPOTS dfpn (s) | SPOTS / Grundy | nimber | Grundy nimber (s) |'
    echo '| --- | --- | ---: | ---: | ---: | ---: | ---: |'
    for n in ${SPROUTS_N:-6 7 8 9 10 11 12}; do
        local g o s v w ratio=-
        g=$(median3 "$grundy" search sprouts "0*$n" --outcome)
        o=$(sed -n 's/.*: value 0 (P.*/Loss/p; s/.*: N (the player to move wins.*/Win/p' "$dir/out" | head -1)
        [ "${g:0:1}" != ">" ] || o=-
        s="not built"
        if [ -n "$spots" ]; then
            s=$(median3 "$spots" "0*$n" --algorithm dfpn)
            local spots_outcome
            spots_outcome=$(sed -n 's/.* is \(Win\|Loss\).*/\1/p' "$dir/out" | head -1)
            if [ "${s:0:1}" != ">" ] && [ -n "$o" ] && [ "$o" != "-" ] && [ "$spots_outcome" != "$o" ]; then
                o="$o (SPOTS: $spots_outcome)"
            fi
            if [ "${g:0:1}" != ">" ] && [ "${s:0:1}" != ">" ]; then
                ratio=$(printf '%.2f×' "$(echo "scale=4; $s / $g" | bc)")
            fi
        fi
        w=$(median3 "$grundy" search sprouts "0*$n" --threads 1)
        v=$(sed -n 's/.*: value \([0-9]*\).*/\1/p' "$dir/out" | head -1)
        [ "${w:0:1}" != ">" ] || v=-
        echo "| \`0*$n\` | ${o:--} | $g | $s | $ratio | ${v:--} | $w |"
    done
}

QUICK=(subtraction octal take-break wythoff simulate small-questions doors web long-runs cram
    chomp largest slow-corners misere hackenbush nim-product coins genera loopy python)

sections=("$@")
[ ${#sections[@]} -gt 0 ] || sections=("${QUICK[@]}")
for section in "${sections[@]}"; do
    case $section in
    subtraction) bench_subtraction ;;
    octal) bench_octal ;;
    octal-long) bench_octal_long ;;
    take-break) bench_take_break ;;
    wythoff) bench_wythoff ;;
    simulate) bench_simulate ;;
    small-questions) bench_small_questions ;;
    doors) bench_doors ;;
    web) bench_web ;;
    long-runs) bench_long_runs ;;
    cram) bench_cram ;;
    chomp) bench_chomp ;;
    largest) bench_largest ;;
    slow-corners) bench_slow_corners ;;
    misere) bench_misere ;;
    hackenbush) bench_hackenbush ;;
    nim-product) bench_nim_product ;;
    coins) bench_coins ;;
    genera) bench_genera ;;
    loopy) bench_loopy ;;
    python) bench_python ;;
    dask-search) bench_dask_search ;;
    survey) bench_survey ;;
    cold-build) bench_cold_build ;;
    sprouts) bench_sprouts ;;
    *)
        echo "unknown section: $section (quick: ${QUICK[*]}; long: dask-search octal-long survey sprouts cold-build)" >&2
        exit 2
        ;;
    esac
done

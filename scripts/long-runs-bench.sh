#!/usr/bin/env bash
# Peak resident memory and wall time of long `grundy sequence` runs written to a file, in each
# format (docs/long-runs.md, BENCHMARKS.md "Long runs").
#
# Usage: scripts/long-runs-bench.sh BINARY GAME COUNT [FORMAT...]
#   e.g. scripts/long-runs-bench.sh target/release/grundy 0.104 100000000 text csv json binary
# Prints one line per format: format, values, wall seconds, peak RSS (MiB), output size (bytes).
# The output goes to a temporary directory that is removed at the end.
set -euo pipefail
bin=$1 game=$2 count=$3
shift 3
formats=("$@")
[ ${#formats[@]} -gt 0 ] || formats=(text csv json binary)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for format in "${formats[@]}"; do
    /usr/bin/time -f '%e %M' -o "$dir/time" \
        "$bin" sequence octal "$game" --count "$count" --format "$format" -o "$dir/out" >/dev/null
    read -r wall kib <"$dir/time"
    printf '%s\t%s\t%s s\t%s MiB\t%s bytes\n' "$format" "$count" "$wall" "$((kib / 1024))" \
        "$(stat -c %s "$dir/out")"
    rm -f "$dir/out"
done

#!/usr/bin/env bash
# Runs the cargo-fuzz targets in fuzz/ for a while each: `scripts/fuzz.sh SECONDS [TARGET...]`
# (all targets when none is named). The smoke run in scripts/test.sh calls it with a few
# seconds; the issue's long runs used 600.
#
# Needs a nightly toolchain (libFuzzer and the sanitizers need unstable flags). Without one it
# says so and exits 0 (a skip, never counted as a pass); it installs cargo-fuzz when missing.
# Each target starts from its seed corpus fuzz/corpus/<target> (kept in the repo) and grows a
# scratch corpus in fuzz/corpus-grown/<target> (ignored by git). A crash fails the run: the
# input is saved in fuzz/artifacts/<target>/ and libFuzzer prints how to reproduce it.
#
# FUZZ_SANITIZER picks cargo-fuzz's sanitizer: `none` by default, `address` for AddressSanitizer.
# Every crate the targets reach forbids unsafe code (`#![forbid(unsafe_code)]`), so what the
# targets look for is a panic, an overflow (debug assertions and overflow checks stay on) or a
# wrong answer, which both builds catch; without the sanitizer the first build takes 136 s
# instead of 201 s here, and the targets run faster.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:?usage: scripts/fuzz.sh SECONDS [TARGET...]}"
shift
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(spec take_set octal_code play_move api_body oracle cli_args checkpoint)
fi

if ! cargo +nightly --version >/dev/null 2>&1; then
    echo "   SKIPPED: the fuzz smoke run needs a nightly toolchain and this machine has none"
    echo "   (install one with: rustup toolchain install nightly)"
    exit 0
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "   installing cargo-fuzz (cargo install cargo-fuzz --locked)"
    cargo install cargo-fuzz --locked --quiet
fi
echo "   $(cargo +nightly --version), $(cargo fuzz --version)"

# The fuzz build uses sanitizer flags, so it keeps its own target dir instead of invalidating
# the workspace's.
root="$PWD/fuzz"
target_dir="$root/target"
mkdir -p "$target_dir"

for target in "${targets[@]}"; do
    mkdir -p "$root/corpus-grown/$target"
    extra=()
    if [ -f "$root/$target.dict" ]; then
        extra+=("-dict=$root/$target.dict")
    fi
    echo "== fuzz $target for ${seconds}s"
    log="$target_dir/fuzz-$target.log"
    if ! cargo +nightly fuzz run --sanitizer "${FUZZ_SANITIZER:-none}" --target-dir "$target_dir" "$target" \
        "$root/corpus-grown/$target" "$root/corpus/$target" -- \
        -max_total_time="$seconds" -print_final_stats=1 "${extra[@]}" >"$log" 2>&1; then
        tail -n 60 "$log" >&2
        echo "error: fuzz target $target failed (a crash, or the build failed); see above" >&2
        exit 1
    fi
    grep -E '^stat::(number_of_executed_units|average_exec_per_sec)|^Done ' "$log" | sed 's/^/   /' || true
done

#!/usr/bin/env bash
# The project's one test command: installs what the tests need, then runs every check CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each heading gives the minutes and seconds since the command started, so that the section
# that takes the time shows in any log.
section() { printf '== %s  [%dm%02ds]\n' "$1" $((SECONDS / 60)) $((SECONDS % 60)); }

section "toolchain: $(cargo --version)"
# CI builds a clean clone once: incremental caches there are only disk (they were 18 GB beside
# the test executables when a CI run ran out of space), so CI builds without them. A developer's
# tree keeps them for quick rebuilds.
if [ "${CI:-}" = true ]; then
    export CARGO_INCREMENTAL=0
fi
df -h . 2>/dev/null | awk 'NR == 2 { print "   disk: " $4 " free of " $2 }'
for tool in cargo-clippy rustfmt; do
  command -v "$tool" >/dev/null || { echo "error: $tool is missing from the Rust toolchain" >&2; exit 1; }
done

section "browser for the end-to-end tests (Debian's chromium and chromium-driver)"
if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
    if [ "$(id -u)" = 0 ]; then
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq && apt-get install -y -qq chromium chromium-driver >/dev/null
    elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
        sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
    else
        echo "   chromium/chromedriver missing and not root: the browser test will fail (install Debian's chromium and chromium-driver)"
    fi
fi
[ -x /usr/bin/chromium ] && echo "   $(/usr/bin/chromium --version 2>/dev/null || echo chromium present)"

section "format"
cargo fmt --all -- --check

section "lint"
cargo clippy --workspace --all-targets -- -D warnings

section "tests (unit, integration, property, doc: cargo test runs every doc example)"
cargo test --workspace
echo "   browser screenshots: target/e2e-screenshots/"

section "Python package (crates/grundy-py: maturin build into target/pyvenv; pytest with doctests and property tests)"
bash scripts/test-python.sh

section "docs (rustdoc warnings, including broken intra-doc links, are errors)"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps

section "fuzz smoke run (each cargo-fuzz target for ${FUZZ_SECONDS:-15}s; needs nightly)"
bash scripts/fuzz.sh "${FUZZ_SECONDS:-15}"

section "every check passed"

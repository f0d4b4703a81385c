#!/usr/bin/env bash
# The project's one test command: installs what the tests need, then runs every check CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== toolchain: $(cargo --version)"
rustup component list --installed 2>/dev/null | grep -q '^clippy' || rustup component add clippy rustfmt

echo "== format"
cargo fmt --all -- --check

echo "== lint"
cargo clippy --workspace --all-targets -- -D warnings

echo "== tests (unit, integration, property, doc)"
cargo test --workspace

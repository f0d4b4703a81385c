#!/usr/bin/env bash
# The project's one test command: installs what the tests need, then runs every check CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== toolchain: $(cargo --version)"
for tool in cargo-clippy rustfmt; do
  command -v "$tool" >/dev/null || { echo "error: $tool is missing from the Rust toolchain" >&2; exit 1; }
done

echo "== format"
cargo fmt --all -- --check

echo "== lint"
cargo clippy --workspace --all-targets -- -D warnings

echo "== tests (unit, integration, property, doc)"
cargo test --workspace

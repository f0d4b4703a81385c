#!/usr/bin/env bash
# The Python package's tests (crates/grundy-py): builds the extension with maturin into a venv
# under target/ and runs its pytest suite (tests, doctests, property tests). Called by
# scripts/test.sh after `cargo test --workspace`, whose `grundy` binary the tests compare with
# (GRUNDY_CLI). Needs python3 with its venv module, and PyPI for the first run.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=target/pyvenv
python=${PYTHON:-python3}
if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    -r crates/grundy-py/requirements-test.txt

# Release: an extension module is a library, which the test profile would build as a test
# harness (an executable Python cannot load).
(cd crates/grundy-py && VIRTUAL_ENV="$PWD/../../$venv" PATH="$PWD/../../$venv/bin:$PATH" \
    maturin develop --release --quiet --skip-install)

export GRUNDY_CLI="${GRUNDY_CLI:-$PWD/target/debug/grundy}"
[ -x "$GRUNDY_CLI" ] || cargo build --quiet --profile test --bin grundy
cd crates/grundy-py
PYTHONPATH="$PWD/python" "../../$venv/bin/python" -m pytest -q -p no:cacheprovider tests

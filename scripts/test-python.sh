#!/usr/bin/env bash
# The Python package's tests (crates/grundy-py): builds the package's wheel once with maturin,
# installs that wheel into a venv under target/ (as a user's `pip install` of a released wheel
# would) and runs its pytest suite against the installed package (tests, doctests, property
# tests, the docs' examples under `mypy --strict`, the Python rows of docs/errors.md). Called by
# scripts/test.sh after `cargo test --workspace`, whose `grundy` binary the tests compare with
# (GRUNDY_CLI). Needs python3 with its venv module, and PyPI for the first run.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=target/pyvenv
wheels=target/wheels
python=${PYTHON:-python3}
if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    -r crates/grundy-py/requirements-test.txt

# The wheel, in the `wheel` profile that pyproject.toml names (release without debug info: an
# extension module is a library, which the test profile would build as a test harness, an
# executable Python cannot load). Old wheels are removed first, so that exactly the one just
# built is installed.
rm -f "$wheels"/grundy-*.whl
(cd crates/grundy-py && PATH="$PWD/../../$venv/bin:$PATH" \
    maturin build --quiet --interpreter "$PWD/../../$venv/bin/python" \
    --out "$PWD/../../$wheels")
wheel=$(ls "$wheels"/grundy-*.whl)
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --force-reinstall \
    --no-deps "$wheel"

export GRUNDY_CLI="${GRUNDY_CLI:-$PWD/target/debug/grundy}"
[ -x "$GRUNDY_CLI" ] || cargo build --quiet --profile test --bin grundy
# From the tests' folder, without the sources on the path: `import grundy` is the installed
# wheel (its native module, its Python half and its type stubs as packaged). On
# PYTEST_WORKERS processes (pytest-xdist), 2 by default: the cores of the machine CI runs on.
cd crates/grundy-py
"../../$venv/bin/python" -m pytest -q -p no:cacheprovider -n "${PYTEST_WORKERS:-2}" tests

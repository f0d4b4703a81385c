"""The docs' examples type-check under `mypy --strict` against the package's stubs.

Every `>>>` example of docs/python.md and of the package's README is gathered, in order, into
one program, which mypy checks with the stubs of the installed package (`__init__.pyi`,
`py.typed`): an example that a type checker would reject in a user's code fails here.
"""

import doctest
import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
DOCS = [ROOT / "docs" / "python.md", ROOT / "crates" / "grundy-py" / "README.md"]


def _program(text):
    examples = doctest.DocTestParser().get_examples(text)
    return "".join(e.source for e in examples)


def _mypy(source, folder):
    program = folder / "examples.py"
    program.write_text(source)
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental",
         "--cache-dir", os.devnull, "--no-error-summary", str(program)],
        capture_output=True, text=True, cwd=folder, timeout=600, check=False,
    )


@pytest.mark.parametrize("doc", DOCS, ids=[str(d.relative_to(ROOT)) for d in DOCS])
def test_the_docs_examples_type_check(doc, tmp_path):
    source = _program(doc.read_text())
    assert "import grundy" in source and source.count("\n") >= 3
    out = _mypy(source, tmp_path)
    assert out.returncode == 0, f"mypy --strict on the examples of {doc.name}:\n{out.stdout}{out.stderr}"


def test_mypy_sees_the_stubs(tmp_path):
    # The check above is not vacuous: a misspelt attribute and a wrong argument type are
    # reported through the stubs.
    out = _mypy(
        "import grundy\n"
        "grundy.Octal('0.77')(10).valeu\n"
        "grundy.Nim.misere_quotient(max_heap='ten')\n",
        tmp_path,
    )
    assert out.returncode == 1, out.stdout + out.stderr
    assert '"Position" has no attribute "valeu"' in out.stdout, out.stdout
    assert "misere_quotient" in out.stdout, out.stdout

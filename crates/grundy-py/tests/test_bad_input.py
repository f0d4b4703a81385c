"""The Python rows of docs/errors.md, run one by one, so the docs cannot drift from the package.

The table lies between `<!-- bad-input-python:begin -->` and `<!-- bad-input-python:end -->`;
its columns are `input | allowed | try | raises | message`. `try` is a Python expression,
evaluated with `grundy` and `numpy` imported; it must raise exactly the exception named in
`raises` (by class name), whose text must equal `message`.
"""

import pathlib

import numpy
import pytest

import grundy

ERRORS = pathlib.Path(__file__).resolve().parents[3] / "docs" / "errors.md"


def _cells(line):
    protected = line.strip().replace("\\|", "\0")
    assert protected.startswith("|") and protected.endswith("|"), line
    return [c.strip().replace("\0", "|") for c in protected[1:-1].split("|")]


def _code(cell):
    if cell.startswith("`` ") and cell.endswith(" ``"):
        return cell[3:-3]
    assert cell.startswith("`") and cell.endswith("`"), f"expected a code span, got {cell!r}"
    return cell[1:-1]


def _rows():
    text = ERRORS.read_text()
    start = text.index("<!-- bad-input-python:begin -->")
    end = text.index("<!-- bad-input-python:end -->", start)
    lines = [l for l in text[start:end].splitlines() if l.startswith("|")][2:]
    rows = []
    for line in lines:
        cells = _cells(line)
        assert len(cells) == 5, f"five cells in {line!r}"
        rows.append((cells[0], _code(cells[2]), cells[3], _code(cells[4])))
    return rows


ROWS = _rows()


def test_the_table_is_found_and_covers_every_family():
    assert len(ROWS) >= 100
    covered = {row[0].split(":")[0] for row in ROWS}
    for f in grundy.families():
        name = grundy.python_name(f.name)
        assert name in covered, f"docs/errors.md has no Python row for {name}"
    # Each family with parameters has rows for a missing or empty value and a wrong type.
    kinds = {}
    for inp, _, _, _ in ROWS:
        family, _, kind = inp.partition(": ")
        kinds.setdefault(family, set()).add(kind)
    for f in grundy.families():
        name = grundy.python_name(f.name)
        assert "malformed" in kinds[name] or "empty" in kinds[name], name
        assert "wrong type" in kinds[name], name


@pytest.mark.parametrize("inp,expr,raises,message", ROWS, ids=[r[0] for r in ROWS])
def test_documented_row(inp, expr, raises, message):
    with pytest.raises(Exception) as caught:
        eval(expr, {"grundy": grundy, "numpy": numpy})
    assert type(caught.value).__name__ == raises, (expr, repr(caught.value))
    assert str(caught.value) == message, expr
    # The package's errors are ValueError or TypeError, never anything else.
    assert isinstance(caught.value, (ValueError, TypeError))

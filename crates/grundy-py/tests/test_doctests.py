"""Every example in the package's docstrings runs, as written, and gives what it shows.

The Python modules' examples are collected by doctest itself; the native module's (its
classes, their methods and properties, its functions) are gathered here, since doctest's
finder skips objects of an extension module.
"""

import doctest
import inspect
import pathlib

import pytest

import grundy
import grundy._progress

FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def _docstrings():
    """(name, docstring) of every documented object of the package."""
    seen = set()
    yield "grundy", grundy.__doc__
    yield "grundy.python_name", grundy.python_name.__doc__
    yield "grundy.ruleset", grundy.ruleset.__doc__
    yield "grundy._progress", grundy._progress.__doc__
    for name in sorted(dir(grundy._grundy)):
        obj = getattr(grundy._grundy, name)
        if name.startswith("__") or id(obj) in seen:
            continue
        seen.add(id(obj))
        yield f"grundy.{name}", getattr(obj, "__doc__", None)
        if inspect.isclass(obj):
            for attr, member in sorted(vars(obj).items()):
                if not attr.startswith("__"):
                    yield f"grundy.{name}.{attr}", getattr(member, "__doc__", None)


def _examples():
    parser = doctest.DocTestParser()
    for name, doc in _docstrings():
        if isinstance(doc, str) and ">>>" in doc:
            yield pytest.param(parser.get_doctest(doc, {}, name, None, 0), id=name)


# The tour of the docs, whose examples are run as written.
TOUR = pathlib.Path(__file__).resolve().parents[3] / "docs" / "python.md"


def _tour():
    parser = doctest.DocTestParser()
    return parser.get_doctest(TOUR.read_text(), {}, "docs/python.md", str(TOUR), 0)


EXAMPLES = list(_examples()) + [pytest.param(_tour(), id="docs/python.md")]


def test_the_examples_are_found():
    # The native classes' own examples are there (a finder that missed them would pass
    # every test below by running none).
    names = {p.id for p in EXAMPLES}
    for expected in ["grundy", "grundy.Position", "grundy.Sequence", "grundy.Position.explain",
                     "grundy.Period", "grundy.parse", "grundy.GrundyError"]:
        assert expected in names, sorted(names)
    assert len(EXAMPLES) >= 20


@pytest.mark.parametrize("test", EXAMPLES)
def test_example(test):
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    out = []
    runner.run(test, out=out.append)
    assert runner.failures == 0, "".join(out)
    assert runner.tries > 0

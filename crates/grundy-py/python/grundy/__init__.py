"""Grundy: impartial combinatorial games, exactly and fast.

The engine of the ``grundy`` command line, for notebooks. Every ruleset comes from the
engine's registry; the families are named here in CamelCase (``nim`` is ``Nim``,
``grundys-game`` is ``GrundysGame``): a family without parameters is a ruleset already, one
with parameters makes rulesets when called.

>>> import grundy
>>> grundy.Nim(2, 3, 4).winning_moves[0].text
'heap 3: 4 -> 1 (take 3)'
>>> kayles = grundy.Octal("0.77")
>>> kayles.sequence(until_period=True).period.period
12
>>> (grundy.Subtraction({1, 4, 9})(11) + grundy.Wythoff(10, 7)).value
14
>>> g = grundy.Game.from_moves(lambda n: [n - k for k in (1, 2) if k <= n])
>>> (g(7) + grundy.Nim(3)).value
2
"""

from . import _grundy
from ._grundy import (
    MAX_LISTED_MOVES,
    Family,
    Game,
    Genus,
    GrundyError,
    Interrupted,
    MisereQuotient,
    Move,
    Moves,
    Param,
    Period,
    Position,
    Ruleset,
    SearchResult,
    Sequence,
    Svg,
    Verification,
    LoopyFamily,
    LoopyMove,
    LoopyPosition,
    LoopyRuleset,
    families,
    family,
    loopy_families,
    loopy_family,
    parse,
    search,
    parse_loopy,
    verify,
)
from ._survey import read_survey, survey, survey_codes


def python_name(family_name):
    """The name a family has in this package: ``grundys-game`` is ``GrundysGame``.

    >>> import grundy
    >>> grundy.python_name("all-but")
    'AllBut'
    """
    return "".join(part.capitalize() for part in family_name.split("-"))


def ruleset(name, *params, **named):
    """The registry's ruleset ``name`` (a family's name or alias) with these parameters.

    The same as ``Ruleset(name, *params, **named)``; ``ruleset("sub{1,4,9}")`` reads the
    rules part of a term.

    >>> import grundy
    >>> grundy.ruleset("subtraction", set={1, 4, 9})
    grundy.Ruleset('sub{1,4,9}')
    >>> grundy.ruleset("octal", code="0.77")(10).value
    2
    """
    return Ruleset(name, *params, **named)


def _named_families():
    named = {}
    for f in families():
        named[python_name(f.name)] = f if f.params else f()
    # The loopy families (play may cycle: draws), named the same way: Digraph, WindUp, ...
    for f in loopy_families():
        named[python_name(f.name)] = f if f.params else f()
    return named


_NAMED = _named_families()
globals().update(_NAMED)

__all__ = [
    "MAX_LISTED_MOVES",
    "Family",
    "Game",
    "Genus",
    "GrundyError",
    "Interrupted",
    "MisereQuotient",
    "Move",
    "Moves",
    "LoopyFamily",
    "LoopyMove",
    "LoopyPosition",
    "LoopyRuleset",
    "Param",
    "Period",
    "Position",
    "Ruleset",
    "SearchResult",
    "Sequence",
    "Svg",
    "Verification",
    "families",
    "family",
    "loopy_families",
    "loopy_family",
    "parse",
    "parse_loopy",
    "python_name",
    "read_survey",
    "ruleset",
    "search",
    "survey",
    "survey_codes",
    "verify",
] + sorted(_NAMED)

__version__ = _grundy.__version__

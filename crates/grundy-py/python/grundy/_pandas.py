"""Tables for pandas: ``to_pandas()`` of sequences, positions and moves.

pandas is optional (``pip install 'grundy[pandas]'``): it is imported only when a table is
asked for. Values are exact: a column of values that do not fit in 64 bits holds Python ints
(dtype ``object``), never rounded floats.
"""


def _pandas():
    try:
        import pandas
    except ImportError:
        raise ImportError(
            "to_pandas() needs pandas, which is not installed: pip install 'grundy[pandas]' "
            "(or pip install pandas)"
        ) from None
    return pandas


def _exact(pandas, values):
    """A column of ints: int64 or uint64 when every value fits, Python ints otherwise."""
    values = list(values)
    if all(-(2**63) <= v < 2**63 for v in values):
        return pandas.array(values, dtype="int64")
    if all(0 <= v < 2**64 for v in values):
        return pandas.array(values, dtype="uint64")
    return pandas.array(values, dtype=object)


def sequence(seq):
    """G(0), G(1), ... as a DataFrame indexed by n, with the period in ``attrs``.

    >>> import grundy
    >>> df = grundy.Subtraction({1, 2}).sequence(6).to_pandas()
    >>> df["value"].tolist(), df.index.name
    ([0, 1, 2, 0, 1, 2], 'n')
    >>> df.attrs["ruleset"], df.attrs["period"], df.attrs["preperiod"]
    ('sub{1,2}', 3, 0)
    """
    pandas = _pandas()
    values = seq.values
    frame = pandas.DataFrame(
        {"value": values}, index=pandas.RangeIndex(len(values), name="n")
    )
    period = seq.period
    frame.attrs["ruleset"] = seq.ruleset.term
    frame.attrs["title"] = seq.title
    frame.attrs["period"] = period.period if period is not None else None
    frame.attrs["preperiod"] = period.preperiod if period is not None else None
    frame.attrs["saltus"] = period.saltus if period is not None else None
    return frame


def position(pos):
    """One row per component: its text and its Sprague-Grundy value; the position's text,
    convention, outcome and value in ``attrs``.

    >>> import grundy
    >>> df = (grundy.Nim(3, 4) + grundy.Octal("0.77")(10)).to_pandas()
    >>> df
                component  value
    0               nim:3      3
    1               nim:4      4
    2      octal{0.77}:10      2
    >>> df.attrs["value"], df.attrs["outcome"]
    (5, 'N')
    """
    pandas = _pandas()
    parts = pos.components
    frame = pandas.DataFrame(
        {
            "component": pandas.array([p.text for p in parts], dtype=object),
            "value": _exact(pandas, pos.values),
        }
    )
    frame.attrs["position"] = pos.text
    frame.attrs["convention"] = pos.convention
    frame.attrs["outcome"] = pos.outcome
    frame.attrs["value"] = pos.value if pos.convention == "normal" else None
    return frame


def moves(listed):
    """One row per listed move: the component moved in, the move in words and the position
    it leads to; how many moves there are in all in ``attrs["count"]``.

    >>> import grundy
    >>> grundy.Nim(2, 3, 4).winning_moves.to_pandas()
       component                     move      after
    0          2  heap 3: 4 -> 1 (take 3)  nim:2,3,1
    """
    pandas = _pandas()
    items = list(listed)
    frame = pandas.DataFrame(
        {
            "component": pandas.array([m.component for m in items], dtype="int64"),
            "move": pandas.array([m.text for m in items], dtype=object),
            "after": pandas.array([m.after.text for m in items], dtype=object),
        }
    )
    frame.attrs["count"] = listed.count
    frame.attrs["complete"] = listed.complete
    return frame


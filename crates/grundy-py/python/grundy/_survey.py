"""Surveys: every member of a family of games computed within a budget, as a pandas frame.

Locally, or on a Dask cluster where each member is one task (``pip install grundy[dask]``).
The frame has the columns of the SQLite store that ``grundy survey`` writes (docs/surveys.md),
and with ``db=`` the rows go into such a store too: members it already answers are skipped,
so a survey stopped half-way goes on where it was.

>>> import grundy
>>> frame = grundy.survey(["0.77", ".07", "0.104"], count=1 << 12)
>>> for row in frame.itertuples():
...     print(row.code, row.status, row.preperiod, row.period, row.computed)
0.77 periodic 71 12 ...
0.07 periodic 53 34 ...
0.104 open <NA> <NA> 4096
"""

import datetime

from . import _grundy

COLUMNS = tuple(_grundy.survey_columns())

survey_codes = _grundy.survey_codes


def _member(code, family, count, seconds, memory):
    """One member's row (what each Dask task runs)."""
    return _grundy.survey_member(family, code, count, seconds, memory)


def _frame(rows):
    import pandas

    frame = pandas.DataFrame(list(rows), columns=list(COLUMNS))
    # Columns that may be missing (no period, no split) are nullable integers, not floats.
    for column in ("count", "computed", "period", "preperiod", "saltus", "max_value",
                   "max_value_at", "rare_mask", "rare", "common"):
        frame[column] = frame[column].astype("Int64")
    return frame


def read_survey(db, family=None, codes=None):
    """The rows of the store ``db`` as a frame (those of ``family``, and of ``codes``, if given).

    >>> import grundy, tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "survey.db")
    >>> _ = grundy.survey(["0.77"], count=1 << 16, db=path)
    >>> for row in grundy.read_survey(path).itertuples():
    ...     print(row.code, row.status, row.period)
    0.77 periodic 12
    """
    import sqlite3

    query = "SELECT {} FROM members".format(", ".join(COLUMNS))
    params = []
    if family is not None:
        query += " WHERE family = ?"
        params.append(family)
    with sqlite3.connect("file:{}?mode=ro".format(db), uri=True) as conn:
        rows = conn.execute(query + " ORDER BY family, code", params).fetchall()
    frame = _frame(dict(zip(COLUMNS, row)) for row in rows)
    if codes is not None:
        order = {c: i for i, c in enumerate(codes)}
        frame = frame[frame["code"].isin(order)]
        frame = frame.iloc[frame["code"].map(order).argsort()].reset_index(drop=True)
    return frame


def survey(codes, count, *, family="octal", seconds=None, memory=None, db=None, client=None):
    """Computes each member of ``codes`` (octal codes, hexadecimal codes with
    ``family="hex"``, subtraction sets such as ``"1,4,9"`` with ``family="subtraction"``) to
    ``count`` values, or until its period is proven, within ``seconds`` and ``memory`` bytes
    each. Returns a pandas frame, one row per member in the order given, with the store's
    columns.

    ``db``: an SQLite store (created when missing) that receives each row as it is finished;
    members it already answers for this budget are not computed again.

    ``client``: a ``dask.distributed.Client``; each member is then one task on its workers
    (rows are written to ``db`` by this process as the tasks finish). Without one, the members
    are computed here, one after another.
    """
    codes = _grundy.survey_canonical(family, [str(c) for c in codes])
    pending = codes if db is None else _grundy.survey_pending(
        db, family, codes, count, seconds, memory)
    rows = {}

    def finished(row):
        rows[row["code"]] = row
        if db is not None:
            _grundy.survey_write(db, [row])

    if client is None:
        for code in pending:
            finished(_member(code, family, count, seconds, memory))
    elif pending:
        from dask.distributed import as_completed

        futures = client.map(_member, pending, family=family, count=count, seconds=seconds,
                             memory=memory, pure=False)
        for future in as_completed(futures):
            finished(future.result())
    if db is not None:
        return read_survey(db, family, codes)
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    for row in rows.values():
        row["finished"] = now
    return _frame(rows[c] for c in codes)

"""Surveys from Python: locally, on a Dask LocalCluster of two worker processes (127.0.0.1
only), into the same SQLite store as ``grundy survey``; the results are equal every way."""

import doctest
import os
import sqlite3

import pytest

import grundy
import grundy._survey

pandas = pytest.importorskip("pandas")

# What differs from one run to another: the time taken and when the row was written.
TIMES = ["seconds", "finished"]
CODES = grundy.survey_codes("octal", digits=2) + ["0.104", "0.106", "0.137"]
COUNT = 1 << 12


def facts(frame):
    return frame.drop(columns=TIMES).reset_index(drop=True)


def test_the_module_examples_run():
    failures, tried = doctest.testmod(
        grundy._survey, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    )
    assert tried > 0 and failures == 0


def test_a_frame_has_the_store_columns_in_the_order_given():
    frame = grundy.survey(["0.104", ".77"], count=COUNT)
    assert list(frame.columns) == list(grundy._grundy.survey_columns())
    assert frame["code"].tolist() == ["0.104", "0.77"]
    assert frame["status"].tolist() == ["open", "periodic"]
    assert frame.loc[1, "period"] == 12 and frame.loc[1, "preperiod"] == 71
    assert pandas.isna(frame.loc[0, "period"])
    assert frame.loc[0, "computed"] == COUNT
    assert frame["engine"].str.startswith("grundy-survey ").all()


@pytest.fixture(scope="module")
def client():
    distributed = pytest.importorskip("dask.distributed")
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
        dashboard_address=None,
    )
    client = distributed.Client(cluster)
    yield client
    client.close()
    cluster.close()


def test_a_dask_survey_equals_a_local_one_in_the_frame_and_the_store(client, tmp_path):
    local = grundy.survey(CODES, count=COUNT, db=str(tmp_path / "local.db"))
    on_dask = grundy.survey(CODES, count=COUNT, client=client, db=str(tmp_path / "dask.db"))
    assert len(local) == len(CODES)
    pandas.testing.assert_frame_equal(facts(local), facts(on_dask))
    stored = grundy.read_survey(str(tmp_path / "dask.db"))
    assert len(stored) == len(CODES)
    # Both workers took part.
    assert len(client.scheduler_info()["workers"]) == 2
    without_db = grundy.survey(CODES, count=COUNT, client=client)
    pandas.testing.assert_frame_equal(facts(local), facts(without_db))


def test_python_and_the_command_line_write_the_same_rows(cli, tmp_path):
    codes = grundy.survey_codes("octal", digits=1) + ["0.104"]
    grundy.survey(codes, count=COUNT, db=str(tmp_path / "py.db"))
    cli.text("survey", "octal", *codes, "--count", str(COUNT), "--db", str(tmp_path / "cli.db"))
    py = grundy.read_survey(str(tmp_path / "py.db"))
    from_cli = grundy.read_survey(str(tmp_path / "cli.db"))
    pandas.testing.assert_frame_equal(facts(py), facts(from_cli))


def test_members_in_the_store_are_not_computed_again(tmp_path):
    db = str(tmp_path / "s.db")
    first = grundy.survey(CODES[:5], count=COUNT, db=db)
    assert grundy._grundy.survey_pending(db, "octal", CODES, COUNT) == CODES[5:]
    again = grundy.survey(CODES, count=COUNT, db=db)
    # The first five rows are the stored ones, unchanged (same time written).
    pandas.testing.assert_frame_equal(first, again.iloc[:5].reset_index(drop=True))
    # More values: the open members are pending again, the periodic ones are not.
    pending = grundy._grundy.survey_pending(db, "octal", CODES, 2 * COUNT)
    frame = again.set_index("code")
    assert set(pending) == set(frame.index[frame["status"] == "open"])


def test_parquet_and_sql(tmp_path):
    db = str(tmp_path / "s.db")
    frame = grundy.survey(CODES, count=COUNT, db=db)
    pytest.importorskip("pyarrow")
    path = tmp_path / "s.parquet"
    frame.to_parquet(path)
    pandas.testing.assert_frame_equal(pandas.read_parquet(path), frame)
    with sqlite3.connect(db) as conn:
        open_codes = [r[0] for r in conn.execute(
            "SELECT code FROM members WHERE status = 'open' ORDER BY code")]
    assert open_codes == sorted(frame.loc[frame["status"] == "open", "code"])


def test_bad_input_raises_one_clear_error(tmp_path):
    with pytest.raises(grundy.GrundyError, match="0.9"):
        grundy.survey(["0.77", "0.9"], count=10)
    with pytest.raises(grundy.GrundyError, match="count 0"):
        grundy.survey(["0.77"], count=0)
    with pytest.raises(grundy.GrundyError, match="seconds"):
        grundy.survey(["0.77"], count=10, seconds=-1.0)
    with pytest.raises(grundy.GrundyError, match="survey family"):
        grundy.survey(["0.77"], count=10, family="chess")
    with pytest.raises(grundy.GrundyError, match="digits"):
        grundy.survey_codes("octal", digits=9)
    notes = tmp_path / "notes.txt"
    notes.write_text("not a database\n" * 100)
    with pytest.raises(grundy.GrundyError, match="not a survey store"):
        grundy.survey(["0.77"], count=10, db=str(notes))
    assert notes.read_text() == "not a database\n" * 100

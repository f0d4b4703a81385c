"""to_pandas(): sequences, positions and moves as DataFrames, exact."""

import sys

import pytest

import grundy

import pandas  # noqa: E402,F401  (a test dependency: requirements-test.txt)


def test_a_sequence_as_a_table():
    seq = grundy.Octal("0.77").sequence(until_period=True)
    df = seq.to_pandas()
    assert df.index.name == "n" and list(df.columns) == ["value"]
    assert df["value"].tolist() == seq.values.tolist()
    assert (df.attrs["period"], df.attrs["preperiod"], df.attrs["saltus"]) == (12, 71, 0)
    assert df.attrs["ruleset"] == "octal{0.77}"
    unproven = grundy.GrundysGame.sequence(30).to_pandas()
    assert unproven.attrs["period"] is None and len(unproven) == 30


def test_a_position_as_a_table():
    pos = grundy.Nim(3, 4) + grundy.Subtraction({1, 4, 9})(11) + grundy.Wythoff(10, 7)
    df = pos.to_pandas()
    assert df["component"].tolist() == [c.text for c in pos.components]
    assert df["value"].tolist() == pos.values
    assert df.attrs["value"] == pos.value and df.attrs["outcome"] == pos.outcome
    misere = grundy.Nim(1, 1, 1).misere().to_pandas()
    assert misere.attrs["outcome"] == "P" and misere.attrs["value"] is None


def test_values_beyond_64_bits_stay_exact():
    big = 2**200 + 12345
    df = grundy.Nim(big, 7).to_pandas()
    assert df["value"].dtype == object
    assert df["value"].tolist() == [big, 7]
    assert df["value"].tolist()[0] == big  # no float on the way
    assert grundy.Nim(2**64 - 1).to_pandas()["value"].dtype == "uint64"


def test_moves_as_a_table():
    moves = grundy.Octal("0.77")(10**6).winning_moves
    df = moves.to_pandas()
    assert len(df) == len(moves) == 10000
    assert df.attrs["count"] == moves.count and df.attrs["complete"] is False
    assert df["move"].iloc[0] == moves[0].text
    assert df["after"].iloc[0] == moves[0].after.text


def test_without_pandas_the_error_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match=r"pip install 'grundy\[pandas\]'"):
        grundy.Nim(3).to_pandas()

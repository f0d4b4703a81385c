"""Loopy games (draws): values, outcomes and moves from the engine's loopy families."""

import pytest

import grundy


def test_named_families():
    assert isinstance(grundy.Digraph, grundy.LoopyFamily)
    assert isinstance(grundy.WindUp, grundy.LoopyFamily)
    assert isinstance(grundy.SquareButOne, grundy.LoopyRuleset)


def test_square_but_one_pattern():
    # Winning Ways, chapter 12: P = {0, 5}; N = squares and squares plus 5; else draws.
    squares = {k * k for k in range(1, 8)}
    for n in range(0, 50):
        want = "P" if n in (0, 5) else "N" if n in squares or (n - 5) in squares else "draw"
        assert grundy.SquareButOne(n).outcome == want, n


def test_sums_and_moves():
    p = grundy.Digraph([(0, 1), (1, 0), (0, 2)])(0)
    assert (p.value, p.outcome) == ("1", "N")
    assert p.best_move.text == "token 1: 0 -> 2 (along the edge 0>2)"
    q = p + grundy.WindUp(5, {1, 3})(1)
    assert (q.value, q.outcome) == ("∞{1}", "draw")
    assert str(q) == "digraph{0>1,1>0,0>2}:0 + windup{5;1,3}:1"
    assert q.to_dict()["moves_are"] == "drawing"
    assert grundy.parse_loopy(str(q)).value == q.value


def test_bad_input_is_a_grundy_error():
    with pytest.raises(grundy.GrundyError, match='Wind-Up amount "0"'):
        grundy.WindUp(5, [0])
    with pytest.raises(grundy.GrundyError, match="more than 1000000 positions"):
        grundy.LoopySub([1], [1], "any")(3)


def test_games_that_end_stand_in_a_loopy_sum():
    windup = grundy.WindUp(5, {1, 3})(1)
    both = windup + grundy.Nim(1)
    assert (both.value, both.outcome) == ("∞{1}", "draw")
    assert str(both) == "windup{5;1,3}:1 + nim:1"
    assert (grundy.Nim(1) + windup).value == "∞{1}"
    assert grundy.parse_loopy("windup{5;1,3}:1 + nim:1").values == ["∞{0}", "1"]
    # A Kayles row of 4 (value 1) beside a token of value 1: XOR 0, the player to move loses.
    token = grundy.Digraph([(0, 1), (1, 0), (0, 2)])(0)
    assert (token + grundy.parse("octal{0.77}:4")).outcome == "P"
    with pytest.raises(grundy.GrundyError, match="normal play"):
        windup + grundy.Nim(1).misere()
    # `parse` reads games that end: a loopy term is named, with the function that reads it.
    with pytest.raises(grundy.GrundyError, match=r'"windup\{5;1,3\}:1".*grundy\.parse_loopy'):
        grundy.parse("nim:1 + windup{5;1,3}:1")

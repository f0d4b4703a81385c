"""Games defined by Python functions on the core's search engine: ``grundy.search(game,
position)`` as for Cram (threads, progress, time limits, outcome searches), against the values
of the registry's rulesets, of the built-in Cram, and of ``Position.value``; the depth
threshold of the search on both sides; and the refusals, each naming what it refused."""

import time

import pytest

import grundy
from python_games import board, cram, kayles

# The deepest position grundy.search takes from a game defined by Python functions
# (custom/search.rs, SHALLOW): deeper ones are valued by `value`, from the ends up.
SHALLOW = 1000


def chain(name="chain"):
    return grundy.Game.from_moves(lambda n: [n - 1] if n > 0 else [], name=name)


@pytest.mark.parametrize("threads", [1, 2])
def test_kayles_searched_equals_octal_077(threads):
    # Kayles is the octal game 0.77 (Winning Ways, ch. 4): the engine's values of the
    # Python game against the registry's octal solver, every row to 40.
    expected = grundy.Octal("0.77").sequence(41).values.tolist()
    g = kayles()
    for n in range(41):
        r = grundy.search(g, (n,), threads=threads, memory_mb=16)
        assert r.value == expected[n], n
        assert r.game == "kayles" and r.position == repr((n,))
        assert r.outcome == ("P" if expected[n] == 0 else "N")
    # A position that splits is the sum of its parts.
    assert grundy.search(g, (5, 3)).value == expected[5] ^ expected[3]


@pytest.mark.parametrize("size", ["1x1", "1x2", "2x2", "2x3", "3x3", "2x5", "3x4"])
def test_python_cram_equals_the_built_in(size):
    rows, cols = (int(x) for x in size.split("x"))
    g = cram()
    ours = grundy.search(g, board(rows, cols), threads=1)
    theirs = grundy.search("cram", size, threads=1)
    assert ours.value == theirs.value
    assert g(board(rows, cols)).value == theirs.value
    assert ours.expanded > 0 or rows * cols < 2


def test_search_and_value_agree_and_the_game_keeps_its_table():
    g = kayles()
    assert [grundy.search(g, (n,)).value for n in range(25)] == [g((n,)).value for n in range(25)]
    known = g.known
    grundy.search(g, (24,))
    assert g.known == known, "a position listed once is not asked of the function again"


def test_outcome_search():
    # The outcome of rows and pairs of rows (pairs of equal value are P-positions) against the
    # values of octal 0.77.
    values = grundy.Octal("0.77").sequence(30).values.tolist()
    g = kayles()
    positions = [(n,) for n in range(30)] + [(a, b) for a in range(1, 12) for b in range(a, 12)]
    p_seen = 0
    for p in positions:
        value = 0
        for h in p:
            value ^= values[h]
        r = grundy.search(g, p, outcome=True)
        assert (r.value, r.outcome) == ((0, "P") if value == 0 else (None, "N")), p
        p_seen += value == 0
    assert p_seen > 10


def test_progress_is_called_with_the_components_expanded():
    calls = []
    r = grundy.search(kayles(), (30,), progress=lambda done, total: calls.append((done, total)))
    assert calls and calls[-1] == (r.expanded, None)


def test_the_depth_threshold_on_both_sides():
    g = chain()
    assert grundy.search(g, SHALLOW).value == SHALLOW % 2
    with pytest.raises(grundy.GrundyError) as refused:
        grundy.search(g, SHALLOW + 1)
    text = str(refused.value)
    assert f"chain({SHALLOW + 1})" in text and f"{SHALLOW + 1} moves" in text
    assert f"at most {SHALLOW} moves" in text and "value" in text
    # The position's value is found on either side, and far beyond.
    for n in (SHALLOW - 1, SHALLOW, SHALLOW + 1, 3 * SHALLOW + 7, 100_000):
        assert chain(f"chain{n}")(n).value == n % 2
    assert [g(n).value for n in (SHALLOW + 1, SHALLOW, 5)] == [(SHALLOW + 1) % 2, SHALLOW % 2, 1]


def test_a_deep_game_with_branches():
    # Subtraction {1, 3, 4}: period 7 (Berlekamp, Conway and Guy, Winning Ways, ch. 4),
    # 0 1 0 1 2 3 2; deep enough to be valued from the ends up.
    g = grundy.Game.from_moves(lambda n: [n - k for k in (1, 3, 4) if k <= n], name="s134")
    s = grundy.Subtraction([1, 3, 4])
    for n in (5000, 4999, 1001, 1000, 999, 17):
        assert g(n).value == s(n).value == [0, 1, 0, 1, 2, 3, 2][n % 7]


@pytest.mark.parametrize("option", ["table", "certificate"])
def test_files_of_a_search_are_refused_by_name(option, tmp_path):
    with pytest.raises(grundy.GrundyError, match=rf"{option}= is not for a game defined by Python functions \(kayles\): its positions are Python objects, which no file can name"):
        grundy.search(kayles(), (5,), **{option: tmp_path / "file"})
    assert list(tmp_path.iterdir()) == []
    # local_seconds= without client= or store= is refused as for every game.
    with pytest.raises(grundy.GrundyError, match="local_seconds= is the local try"):
        grundy.search(kayles(), (5,), local_seconds=1)


def test_a_cycle_an_exception_and_the_time_limit_in_a_search():
    loop = grundy.Game.from_moves(lambda n: [(n + 1) % 3], name="loop")
    with pytest.raises(grundy.GrundyError, match=r"\(0 -> 1 -> 2 -> 0\)"):
        grundy.search(loop, 0)

    def moves(n):
        if n == 3:
            raise ValueError("no moves from 3")
        return [n - 1] if n else []

    with pytest.raises(ValueError, match="no moves from 3"):
        grundy.search(grundy.Game.from_moves(moves, name="raising"), 5)

    def slow(n):
        time.sleep(0.01)
        return [n - 1] if n else []

    started = time.monotonic()
    with pytest.raises(grundy.GrundyError, match="time_limit"):
        grundy.search(grundy.Game.from_moves(slow, name="slow"), 900, time_limit=0.3)
    assert time.monotonic() - started < 10


def test_bad_game_and_position_arguments():
    with pytest.raises(TypeError, match="game must be a str .* or a grundy.Game.*not int"):
        grundy.search(3, "5x5")
    with pytest.raises(TypeError, match="position must be a str.*not int"):
        grundy.search("cram", 5)
    with pytest.raises(TypeError, match="unhashable"):
        grundy.search(kayles(), [3])


def test_a_question_stopped_midway_leaves_no_false_cycle():
    # Stopped by its time limit while listing the moves below 300, the path it was on is left;
    # asked again (now quick), the same positions are listed afresh, not taken for a cycle.
    slow = {"on": True}

    def moves(n):
        if slow["on"]:
            time.sleep(0.01)
        return [n - 1] if n else []

    g = grundy.Game.from_moves(moves, name="stopped", time_limit=0.3)
    with pytest.raises(grundy.GrundyError, match="time_limit"):
        g(300).value
    slow["on"] = False
    assert g(300).value == 0 and grundy.search(g, 300).value == 0

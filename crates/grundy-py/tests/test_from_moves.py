"""Games defined by a Python function (grundy.Game.from_moves), against the registry's rulesets
and the defining properties of P- and N-positions."""

import os
import signal
import threading
import time

import pytest

import grundy


def subtraction(take):
    return lambda n: [n - k for k in take if k <= n]


def octal_moves(code):
    """The moves of the octal game `code` (e.g. "0.77") on a row (n,), as tuples of heaps."""
    whole, fraction = code.split(".")
    digits = [int(d) for d in fraction]

    def moves(row):
        (n,) = row
        # 4.x: a heap may also be split in two without taking any token.
        out = [(a, n - a) for a in range(1, n // 2 + 1)] if int(whole) & 4 else []
        for k, d in enumerate(digits, start=1):
            if k > n:
                break
            left = n - k
            if d & 1 and left == 0:
                out.append(())
            if d & 2 and left > 0:
                out.append((left,))
            if d & 4:
                out.extend((a, left - a) for a in range(1, left // 2 + 1))
        return out

    return moves


def heaps(p):
    return [(h,) for h in p if h > 0]


def test_a_lambda_is_the_subtraction_game():
    g = grundy.Game.from_moves(lambda n: [n - k for k in (1, 2) if k <= n])
    ours = [g(n).value for n in range(200)]
    theirs = [grundy.Subtraction([1, 2])(n).value for n in range(200)]
    assert ours == theirs
    assert g.known == 200
    # Asked again: the table answers, the function is not called.
    calls = []
    h = grundy.Game.from_moves(lambda n: calls.append(n) or [n - k for k in (1, 2) if k <= n])
    assert h(50).value == 2 and len(calls) == 51
    assert h(50).value == 2 and h(49).value == 1 and len(calls) == 51


@pytest.mark.parametrize("take", [(1, 4, 9), (2, 3, 7), (1,)])
def test_other_subtraction_games(take):
    g = grundy.Game.from_moves(subtraction(take), name="takeaway")
    s = grundy.Subtraction(take)
    assert [g(n).value for n in range(120)] == [s(n).value for n in range(120)]


@pytest.mark.parametrize("code", ["0.77", "0.137", "0.07", "4.07"])
def test_octal_games_by_a_split(code):
    # Kayles is 0.77 (Guy and Smith, 1956); Dawson's chess 0.137, Dawson's Kayles 0.07.
    game = grundy.Game.from_moves(octal_moves(code), name="row", split=heaps)
    octal = grundy.Octal(code)
    assert [game((n,)).value for n in range(60)] == octal.sequence(60).values.tolist()
    # A position that splits is the sum of its parts.
    p = game((5, 0, 7))
    assert len(p) == 2 and p.values == [octal(5).value, octal(7).value]
    assert p.value == (octal(5) + octal(7)).value


def test_kayles_moves_split_into_components():
    kayles = grundy.Game.from_moves(octal_moves("0.77"), name="kayles", split=heaps)
    p = kayles((7,))
    for m in p.moves:
        parts = [h for h in m.option if h > 0]
        assert len(m.after) == max(1, len(parts)), (m.text, m.option)
        assert m.after.value == grundy.Octal("0.77")(*parts or [0]).value
    assert p.text == "kayles((7,))"
    assert kayles((0,)).finished and kayles((0,)).value == 0 and kayles((0,)).moves == []
    assert kayles(()).value == 0 and len(kayles(())) == 1


def test_sums_with_other_rulesets():
    g = grundy.Game.from_moves(subtraction((1, 2)), name="sub12")
    for n in range(12):
        for h in range(6):
            ours = g(n) + grundy.Nim(h)
            theirs = grundy.Subtraction([1, 2])(n) + grundy.Nim(h)
            assert ours.value == theirs.value and ours.outcome == theirs.outcome
            assert (grundy.Nim(h) + g(n)).values == [h, n % 3]
            assert len(ours.winning_moves) == len(theirs.winning_moves)
    p = g(7) + grundy.Nim(3) + grundy.Octal("0.77")(10)
    assert p.text == "sub12(7) + nim:3 + octal{0.77}:10"
    assert repr(p) == "<grundy.Position sub12(7) + nim:3 + octal{0.77}:10>"
    assert p.values == [1, 3, 2] and p.value == 0 and p.outcome == "P"
    assert sum([g(1), g(2)]).value == 3
    assert p == g(7) + grundy.Nim(3) + grundy.Octal("0.77")(10) and hash(p) == hash(p)
    assert g(4) != grundy.Game.from_moves(subtraction((1, 2)), name="sub12")(4)
    assert g(4) != grundy.Nim(1)
    d = p.to_dict()
    assert d["components"][0] == {"ruleset": "sub12", "position": "7"}
    assert "sub12" in p._repr_html_()
    # Two games in one sum, and the same game twice.
    k = grundy.Game.from_moves(octal_moves("0.77"), name="kayles", split=heaps)
    q = g(5) + k((4,)) + g(5)
    assert q.values == [2, 1, 2] and q.outcome == "N"
    assert all(m.after.outcome == "P" for m in q.winning_moves)


def outcome_by_search(moves, p, memo):
    """Normal-play outcome by plain recursion over the Python function (the oracle)."""
    if p not in memo:
        memo[p] = "N" if any(outcome_by_search(moves, q, memo) == "P" for q in moves(p)) else "P"
    return memo[p]


@pytest.mark.parametrize("take", [(1, 2), (1, 3, 4), (2, 5, 6)])
def test_winning_moves_lead_to_p_positions(take):
    moves = subtraction(take)
    g = grundy.Game.from_moves(moves)
    memo = {}
    for n in range(40):
        p = g(n)
        assert p.outcome == outcome_by_search(moves, n, memo)
        if p.outcome == "N":
            assert p.winning_moves, n
            for m in p.winning_moves:
                assert m.after.outcome == "P" and m.after.value == 0
                assert m.option in moves(n) and memo[m.option] == "P"
        else:
            assert not p.winning_moves
            for m in p.moves:
                assert m.after.outcome == "N"
        assert sorted(o.value for o in p.options) == sorted(g(q).value for q in moves(n))


def test_winning_moves_of_a_game_on_tuples():
    # Wythoff's game written as a Python function: the same outcomes and moves to P.
    def queen(p):
        x, y = p
        out = [(x - k, y) for k in range(1, x + 1)] + [(x, y - k) for k in range(1, y + 1)]
        return out + [(x - k, y - k) for k in range(1, min(x, y) + 1)]

    g = grundy.Game.from_moves(queen, name="queen")
    for x in range(9):
        for y in range(9):
            p = g((x, y))
            assert p.value == grundy.Wythoff(x, y).value
            for m in p.winning_moves:
                assert m.after.outcome == "P" and grundy.Wythoff(*m.option).outcome == "P"


def test_misere_play():
    # Misère Nim of heaps 1, 1, 1 (as a Python function beside the registry's Nim).
    g = grundy.Game.from_moves(lambda n: list(range(n)), name="heap")
    # Under misère play a lone heap of 1 loses (its move is the last), an empty one wins.
    assert g(1, misere=True).outcome == "P" and g(0, misere=True).outcome == "N"
    for a, b, c in [(1, 1, 1), (2, 2, 0), (2, 3, 1), (1, 1, 0), (4, 5, 6)]:
        ours = g(a, misere=True) + g(b, misere=True) + grundy.Nim(c).misere()
        theirs = grundy.Nim(a, b, c).misere()
        assert ours.outcome == theirs.outcome, (a, b, c)
        assert ours.convention == "misere" and "misère" in repr(ours)
        for m in ours.winning_moves:
            assert m.after.outcome == "P"


def test_explain_and_best_move():
    g = grundy.Game.from_moves(subtraction((1, 2)), name="sub12")
    text = g(5).explain()
    assert "sub12" in text and "5" in text
    best = g(5).best_move
    assert best is not None and best.option == 3 and best.after.outcome == "P"
    assert g(0).best_move is None


def test_the_function_raising_is_reraised_naming_the_position():
    def moves(n):
        if n == 3:
            raise ZeroDivisionError("no moves from three")
        return [n - 1] if n else []

    g = grundy.Game.from_moves(moves, name="broken")
    assert g(2).value == 0
    with pytest.raises(ZeroDivisionError, match="no moves from three") as caught:
        g(5).value
    notes = getattr(caught.value, "__notes__", None) or [str(caught.value.__cause__)]
    assert any("moves(3)" in n and "broken" in n for n in notes), notes
    # Every question raises it, also those that list moves.
    with pytest.raises(ZeroDivisionError):
        g(4).winning_moves
    with pytest.raises(ZeroDivisionError):
        (g(4) + grundy.Nim(1)).outcome
    with pytest.raises(ZeroDivisionError):
        g(4).options
    # The split raising too.
    with pytest.raises(KeyError):
        grundy.Game.from_moves(lambda p: [], split=lambda p: {}[p])(1)


def test_bad_values_are_refused_clearly():
    with pytest.raises(TypeError, match=r"moves\(1\) of game \"game\" returned NoneType"):
        grundy.Game.from_moves(lambda n: None)(1).value
    with pytest.raises(TypeError, match=r"position \[0\] \(an option of 1\).*unhashable"):
        grundy.Game.from_moves(lambda n: [[0]])(1).value
    with pytest.raises(TypeError, match="unhashable"):
        grundy.Game.from_moves(lambda n: [])([1, 2])
    with pytest.raises(TypeError, match="moves must be a function"):
        grundy.Game.from_moves(3)
    with pytest.raises(TypeError, match="split must be a function"):
        grundy.Game.from_moves(abs, split="no")
    with pytest.raises(grundy.GrundyError, match="not a ruleset of the registry"):
        grundy.Game.from_moves(abs, name="nim")
    with pytest.raises(grundy.GrundyError, match="max_positions"):
        grundy.Game.from_moves(abs, max_positions=0)
    with pytest.raises(grundy.GrundyError, match="time_limit"):
        grundy.Game.from_moves(abs, time_limit=-1)


def test_cycles_are_refused_naming_the_position():
    with pytest.raises(grundy.GrundyError, match=r"position 4 of game \"loop\" leads back to itself \(4 -> 4\)"):
        grundy.Game.from_moves(lambda n: [n], name="loop")(4).value
    g = grundy.Game.from_moves(lambda n: [(n + 1) % 3, 5] if n < 3 else [], name="loop")
    with pytest.raises(grundy.GrundyError, match=r"\(0 -> 1 -> 2 -> 0\).*loopy game"):
        g(0).value
    # Positions beside the cycle are still valued.
    assert g(5).value == 0
    with pytest.raises(grundy.GrundyError, match="leads back to itself"):
        grundy.Game.from_moves(lambda p: [], split=lambda p: [p + 1] if p < 3 else [0])(0)


def test_long_games_need_no_recursion_limit():
    g = grundy.Game.from_moves(lambda n: [n - 1] if n else [])
    assert g(100_000).value == 0 and g(99_999).value == 1


def test_too_many_positions():
    g = grundy.Game.from_moves(lambda n: [n + 1] if n < 1000 else [], max_positions=100)
    with pytest.raises(grundy.GrundyError, match=r"more than 100 positions.*max_positions"):
        g(0).value
    assert g.max_positions == 100
    assert grundy.Game.from_moves(abs).max_positions == 10_000_000


def test_the_time_budget():
    def slow(n):
        time.sleep(0.01)
        return [n - 1] if n else []

    g = grundy.Game.from_moves(slow, name="slow", time_limit=0.3)
    assert g.time_limit == 0.3
    start = time.monotonic()
    with pytest.raises(grundy.GrundyError, match=r"time budget of 0.3 s.*time_limit=SECONDS"):
        g(10_000).value
    assert time.monotonic() - start < 5
    # What was learnt is kept: the same question goes on from it.
    assert g.known > 10


def test_ctrl_c_stops_a_search_and_keeps_the_table():
    calls = []

    def slow(n):
        calls.append(n)
        time.sleep(0.002)
        return [n - 1] if n else []

    g = grundy.Game.from_moves(slow, name="slow")
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        g(10**6).value
    timer.join()
    assert time.monotonic() - started < 30
    # What was learnt is kept: positions met are not asked of the function again.
    known, called = g.known, len(calls)
    assert 10 < known < 10**6 and called == known - 1
    # The game goes on answering, from its table.
    assert g(3).value == 1 and g.known == known + 4 and len(calls) == called + 4


def test_a_moves_function_asking_about_its_own_game_is_refused():
    holder = {}

    def moves(n):
        return [holder["g"](n - 1).value] if n else []

    holder["g"] = grundy.Game.from_moves(moves, name="selfish")
    with pytest.raises(grundy.GrundyError, match="asked about a position of the same game"):
        holder["g"](3).value


def test_threads_share_a_game():
    g = grundy.Game.from_moves(subtraction((1, 3, 4)), name="sub134")
    s = grundy.Subtraction([1, 3, 4])
    errors = []

    def work(offset):
        try:
            for n in range(offset, 400, 4):
                assert g(n).value == s(n).value
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors

"""Misère quotients and genera: the command line's answers, and right against search."""

import itertools
import os
import signal
import threading
import time

import pytest

import grundy

GAMES = [
    (grundy.Octal("0.07"), "0.07", 12),
    (grundy.Octal("0.77"), "0.77", 9),
    (grundy.Nim, "nim", 5),
    (grundy.Subtraction({1, 2}), "sub{1,2}", 10),
    (grundy.Lasker, "lasker", 6),
]


@pytest.mark.parametrize("ruleset,name,max_heap", GAMES, ids=[g[1] for g in GAMES])
def test_the_quotient_is_the_command_lines(cli, ruleset, name, max_heap):
    q = ruleset.misere_quotient(max_heap=max_heap)
    args = ["misere", "quotient", name, "--max-heap", str(max_heap)]
    assert q.to_dict() == cli.json(*args)
    assert q.to_text() == cli.text(*args)
    assert (q.order, q.max_heap) == (len(q.elements), max_heap)
    assert set(q.p_portion) <= set(q.elements)
    assert set(q.pretending) <= set(q.elements) and q.pretending[0] == "1"


def _misere_p(position, memo):
    """Whether `position` is a misère P-position, by exhaustive search in Python over its
    options (an oracle independent of the quotient): P when there is a move and every move
    leads to an N-position; with no move left the player to move has won."""
    key = position.text
    if key not in memo:
        options = position.options
        memo[key] = bool(options) and not any(_misere_p(o, memo) for o in options)
    return memo[key]


@pytest.mark.parametrize("ruleset,name,max_heap", GAMES, ids=[g[1] for g in GAMES])
def test_the_quotient_predicts_every_small_misere_outcome(ruleset, name, max_heap):
    q = ruleset.misere_quotient(max_heap=max_heap)
    memo = {}
    for size in range(1, 4):
        for heaps in itertools.combinations_with_replacement(range(1, max_heap + 1), size):
            if sum(heaps) > 12:
                continue
            expected = "P" if _misere_p(ruleset(*heaps), memo) else "N"
            assert q.outcome(heaps) == expected, heaps


def test_genera_are_the_command_lines(cli):
    rows = cli.json("misere", "genus", "0.77", "--count", "12")["heaps"]
    genera = grundy.Octal("0.77").genera(12)
    assert [g.to_dict() for g in genera] == rows
    g = grundy.Octal("0.77").genus(12)
    assert g.to_dict() == rows[-1] and str(g) == rows[-1]["genus"]
    assert g.tame == (rows[-1]["kind"] == "tame")


def test_the_genus_rule_on_tame_sums(cli):
    sub = grundy.Subtraction({1, 2})
    for heaps in itertools.combinations_with_replacement(range(1, 7), 3):
        expected = cli.json("misere", "genus", "sub{1,2}", "--count", "6",
                            "--sum", ",".join(map(str, heaps)))["sum"]["outcome"]
        assert sub.genus_outcome(heaps) == expected
        if expected is not None:
            assert sub(*heaps, misere=True).outcome == expected
    # A wild heap: the rule says nothing.
    assert grundy.Octal("0.77").genus_outcome([5]) is None


def test_progress_and_limits():
    calls = []
    grundy.Octal("0.07").misere_quotient(max_heap=10, progress=lambda d, t: calls.append((d, t)))
    assert calls == [(h, 10) for h in range(1, 11)]
    with pytest.raises(grundy.GrundyError, match="more than 8 elements"):
        grundy.Octal("0.16").misere_quotient(max_heap=200, max_order=8)

    def fail(done, target):
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        grundy.Octal("0.07").misere_quotient(max_heap=10, progress=fail)


def test_ctrl_c_stops_a_quotient():
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        grundy.Octal("0.77").misere_quotient(max_heap=1000, seconds=600, max_order=16384)
    timer.join()
    assert time.monotonic() - started < 60

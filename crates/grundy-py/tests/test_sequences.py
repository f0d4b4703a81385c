"""Sequences: values as NumPy arrays, proven periods, heaps of any size, progress and Ctrl-C,
compared with the command line's `grundy sequence`."""

import json
import os
import signal
import threading
import time

import numpy
import pytest

import grundy


@pytest.mark.parametrize(
    "ruleset, args",
    [
        (lambda: grundy.Subtraction({1, 4, 9}), ["subtraction", "--set", "1,4,9"]),
        (lambda: grundy.Octal("0.77"), ["octal", "0.77"]),
        (lambda: grundy.Octal("4.7"), ["octal", "4.7"]),
        (lambda: grundy.GrundysGame, ["grundys-game"]),
        (lambda: grundy.AllBut({2, 3}), ["all-but", "--except", "2,3"]),
    ],
)
def test_values_and_reports_are_the_command_lines(cli, ruleset, args):
    seq = ruleset().sequence(300)
    expected = cli.json("sequence", *args, "--count", "300", "--period")
    values = seq.values
    assert isinstance(values, numpy.ndarray) and values.dtype == numpy.uint32
    assert values.tolist() == expected["values"]
    assert not values.flags.writeable
    assert seq.values is values  # read from the engine once
    assert json.loads(seq.to_json()) == expected
    assert seq.to_text() == cli.text("sequence", *args, "--count", "300", "--period")
    assert seq.to_csv() == cli.text("sequence", *args, "--count", "300", "--format", "csv")
    assert len(seq) == 300 and seq[299] == expected["values"][299] and seq[-300] == seq[0]


def test_a_proven_period_and_its_certificate(cli):
    seq = grundy.Octal("0.77").sequence(until_period=True)
    expected = cli.json("sequence", "octal", "0.77", "--until-period", "--period")
    p = seq.period
    # Kayles: period 12 from n = 71 (Guy and Smith, "The G-values of various games", 1956).
    assert (p.period, p.preperiod, p.theorem, p.bound) == (12, 71, "guy-smith", 2)
    assert p.text == expected["period"]["text"]
    # Every value computed is listed (the command line lists its default 40 of them).
    assert p.checked == seq.computed == len(seq) > 71 + 12
    assert seq.values[:40].tolist() == expected["values"]
    assert p.compared[0] == 71
    # The certificate's comparison really holds on the values it names.
    v = seq.values
    lo, hi = p.compared
    assert all(v[n + 12] == v[n] for n in range(lo, hi))
    assert any(v[n + 12] != v[n] for n in range(0, 71))


def test_heaps_of_any_size_from_the_period(cli):
    seq = grundy.Subtraction({1, 4, 9}).sequence()
    for n in [0, 7, 10**6, 2**64, 10**40 + 3]:
        expected = cli.json("sequence", "subtraction", "--set", "1,4,9", "--at", str(n))
        assert seq.at(n) == expected["at"]["value"]
        assert seq[n] == seq.at(n)
    assert "mod 5" in seq.explain_at(10**40)
    with pytest.raises(grundy.GrundyError) as raised:
        seq.at(-1)
    assert str(raised.value) in cli.error("sequence", "subtraction", "--set", "1,4,9", "--at", "-1")
    with pytest.raises(IndexError):
        seq[-41]


def test_a_sequence_without_a_period_computes_what_at_needs():
    seq = grundy.GrundysGame.sequence(10)
    assert seq.period is None and seq.computed == 10
    assert seq.at(500) == grundy.GrundysGame(500).value
    assert seq.computed > 500 and len(seq) == 10
    seq.extend(600)
    assert len(seq) == 600 and seq.values[500] == seq.at(500)


def test_bad_arguments_say_what_is_allowed(cli):
    with pytest.raises(grundy.GrundyError) as raised:
        grundy.GrundysGame.sequence(until_period=True)
    assert cli.error("sequence", "grundys-game", "--until-period").endswith(str(raised.value))
    with pytest.raises(grundy.GrundyError) as raised:
        grundy.Subtraction({1}).sequence(-1)
    assert str(raised.value) in cli.error("sequence", "subtraction", "--set", "1", "--count", "-1")
    with pytest.raises(grundy.GrundyError) as raised:
        grundy.Lasker.sequence()
    assert not grundy.Lasker.has_sequence and "with a Grundy sequence" in str(raised.value)
    with pytest.raises(grundy.GrundyError, match="expected 1 or 2"):
        grundy.Octal("0.77").sequence(10, threads=3)
    with pytest.raises(grundy.GrundyError, match="threads applies"):
        grundy.Subtraction({1}).sequence(10, threads=2)
    with pytest.raises(TypeError):
        grundy.Subtraction({1}).sequence("10")
    with pytest.raises(TypeError):
        grundy.Subtraction({1}).sequence(10, progress=3)


def test_progress_is_reported():
    calls = []
    seq = grundy.GrundysGame.sequence(
        20000, progress=lambda done, target: calls.append((done, target))
    )
    assert seq.complete and len(seq) == 20000
    # About every 0.1 s, and once more where the run ended: at least one report however fast
    # the machine, each honest about the target.
    assert calls and all(0 <= d <= t for d, t in calls)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)


def test_an_error_in_the_progress_callback_stops_the_run():
    def fail(done, target):
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        grundy.GrundysGame.sequence(200000, progress=fail)


def _interrupt_soon(seconds):
    """Sends this process SIGINT (what Ctrl-C and a notebook's stop button send)."""
    timer = threading.Timer(seconds, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    return timer


def test_ctrl_c_keeps_the_values_computed_and_resumes():
    timer = _interrupt_soon(0.3)
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt) as raised:
        grundy.GrundysGame.sequence(2_000_000, progress=False)
    timer.join()
    assert time.monotonic() - started < 30
    assert isinstance(raised.value, grundy.Interrupted)
    seq = raised.value.sequence
    assert not seq.complete and 0 < seq.computed < 2_000_000
    kept = seq.computed
    # The values kept are right: those of a fresh, shorter run.
    short = grundy.GrundysGame.sequence(min(kept, 5000), progress=False)
    assert seq.values[: len(short)].tolist() == short.values.tolist()
    assert "interrupted" in repr(seq)
    timer = _interrupt_soon(0.3)
    with pytest.raises(KeyboardInterrupt):
        seq.resume(progress=False)
    timer.join()
    assert seq.computed >= kept


def test_ctrl_c_stops_a_long_position_question():
    # Winning moves of one large Grundy's-game heap: the engine computes a long table.
    p = grundy.GrundysGame(3_000_000)
    timer = _interrupt_soon(0.3)
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        p.value
    timer.join()
    assert time.monotonic() - started < 30


def test_the_gil_is_released_while_computing():
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.01)

    ticker = threading.Thread(target=tick)
    ticker.start()
    try:
        started = time.monotonic()
        grundy.GrundysGame.sequence(30000, progress=False)
        elapsed = time.monotonic() - started
    finally:
        done.set()
        ticker.join()
    during = [t for t in ticks if started <= t <= started + elapsed]
    # The other thread ran throughout (a held GIL would leave it one tick at most).
    assert elapsed < 0.2 or len(during) >= 5


def test_plot_and_html():
    seq = grundy.Octal("0.77").sequence(200)
    svg = str(seq.plot())
    assert svg.startswith("<svg") and "period 12 from n = 71" in svg
    assert seq.plot()._repr_svg_() == seq.svg() == svg
    html = seq._repr_html_()
    assert html.startswith("<div") and "<svg" in html and "period 12" in html
    assert "Kayles" in html or "0.77" in html

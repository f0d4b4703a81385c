"""grundy.search: board and graph games with a table, its memory and a time budget."""

import os
import signal
import threading
import time

import pytest

import grundy

CASES = [
    ("cram", "4x4"), ("cram", "3x5"), ("chomp", "4x5"), ("chomp", "7,7,5"),
    ("node-kayles", "path:11"), ("node-kayles", "grid:3x3"),
    ("arc-kayles", "cycle:8"), ("arc-kayles", "grid:2x4"),
    ("sprouts", "0*4"), ("sprouts", "0*3|1a1a"),
]


@pytest.mark.parametrize("game,position", CASES)
def test_values_are_those_of_the_registry(game, position):
    r = grundy.search(game, position, memory_mb=8)
    assert r.value == grundy.parse(f"{game}:{position}").value
    assert r.outcome == ("P" if r.value == 0 else "N")
    assert r.game == game and r.resumed == 0 and r.expanded >= 0


def test_sprouts_outcomes_are_the_published_ones():
    # Applegate, Jacobson and Sleator (1991): the first player wins 0*n when n mod 6 is 3, 4, 5.
    assert [grundy.search("sprouts", f"0*{n}").outcome for n in (2, 3, 4)] == ["P", "N", "N"]
    with pytest.raises(grundy.GrundyError, match="at most three lines"):
        grundy.search("sprouts", "0.4")


@pytest.mark.parametrize("game,position", CASES + [("sprouts", "0*6"), ("sprouts", "0*9")])
def test_an_outcome_search_says_who_wins_as_the_value_does(game, position):
    r = grundy.search(game, position, outcome=True, memory_mb=8)
    expected = grundy.parse(f"{game}:{position}").outcome
    assert r.outcome == expected and r.threads == 1
    # The value is given for a loss (0) and not sought for a win.
    assert r.value == (0 if expected == "P" else None)
    assert ("not sought" in repr(r)) == (expected == "N")


def test_an_outcome_search_is_refused_with_a_certificate_or_a_cluster(tmp_path):
    with pytest.raises(grundy.GrundyError, match="certificate= proves a value"):
        grundy.search("sprouts", "0*3", outcome=True, certificate=tmp_path / "c.cert")
    with pytest.raises(grundy.GrundyError, match="outcome=True is a search in this process"):
        grundy.search("sprouts", "0*3", outcome=True, store=tmp_path / "s.db")
    assert not list(tmp_path.iterdir())
    assert grundy.Sprouts.search("0*9", outcome=True).value is None


def test_the_family_method_is_the_same_search():
    assert grundy.Cram.search("4x5", memory_mb=8).value == grundy.search("cram", "4x5").value
    assert grundy.NodeKayles.search("path:9").value == grundy.NodeKayles("path:9").value
    with pytest.raises(grundy.GrundyError, match="invalid search game"):
        grundy.Nim.search("3")


def test_a_table_file_is_written_and_resumed(tmp_path):
    table = tmp_path / "cram.table"
    first = grundy.search("cram", "5x5", memory_mb=16, table=table)
    assert table.exists() and first.table_entries > 0
    again = grundy.search("cram", "5x5", memory_mb=16, table=str(table))
    assert again.value == first.value and again.resumed > 0
    assert again.expanded < first.expanded
    # A table of another game is refused, and left as it was.
    before = table.read_bytes()
    with pytest.raises(grundy.GrundyError, match="search table"):
        grundy.search("chomp", "3x4", table=table)
    assert table.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["cram.table"]


@pytest.mark.parametrize("game,position", CASES + [("cram", "4x7"), ("node-kayles", "grid:3x7")])
def test_several_threads_give_the_same_values(game, position):
    alone = grundy.search(game, position, memory_mb=8)
    for threads in (2, 3):
        shared = grundy.search(game, position, memory_mb=8, threads=threads)
        assert shared.value == alone.value, (game, position, threads)
    assert grundy.Cram.search("4x7", threads=2).value == 3


def test_a_table_saved_by_two_threads_resumes(tmp_path):
    table = tmp_path / "cram.table"
    first = grundy.search("cram", "5x5", memory_mb=16, table=table, threads=2)
    assert table.exists() and first.table_entries > 0
    for threads in (1, 2):
        again = grundy.search("cram", "5x5", memory_mb=16, table=table, threads=threads)
        assert again.value == first.value and again.resumed > 0 and again.expanded == 0


def test_two_threads_by_default_where_there_are_two_cores():
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    r = grundy.search("cram", "4x7", memory_mb=16)
    assert r.threads == min(cores or 1, 2)
    one = grundy.search("cram", "4x7", memory_mb=16, threads=1)
    assert one.threads == 1 and one.value == r.value == 3


def test_bad_arguments():
    with pytest.raises(grundy.GrundyError, match=r"threads \"0\" is out of range.*from 1 to 64"):
        grundy.search("cram", "3x3", threads=0)
    with pytest.raises(grundy.GrundyError, match=r"threads \"65\" is out of range"):
        grundy.search("cram", "3x3", threads=65)
    with pytest.raises(TypeError, match="threads"):
        grundy.search("cram", "3x3", threads="two")
    with pytest.raises(grundy.GrundyError, match=r"memory_mb \"0\" is out of range"):
        grundy.search("cram", "3x3", memory_mb=0)
    with pytest.raises(grundy.GrundyError, match="from 1 to 65536"):
        grundy.search("cram", "3x3", memory_mb=65537)
    with pytest.raises(grundy.GrundyError, match=r"time_limit \"0\" is out of range"):
        grundy.search("cram", "3x3", time_limit=0)
    with pytest.raises(TypeError, match="time_limit must be a number"):
        grundy.search("cram", "3x3", time_limit="soon")
    # Nothing runs without end: at most a week, as `grundy search --time` (None is 600 s).
    with pytest.raises(grundy.GrundyError, match=r"time_limit \"604801\" is out of range.*at most 604800"):
        grundy.search("cram", "3x3", time_limit=604801)
    assert grundy.search("cram", "3x3", time_limit=604800).value == grundy.search("cram", "3x3").value
    with pytest.raises(grundy.GrundyError, match="Cram board"):
        grundy.search("cram", "9x9")


def test_the_time_limit_stops_a_search_and_keeps_its_table(tmp_path):
    table = tmp_path / "t"
    started = time.monotonic()
    with pytest.raises(grundy.GrundyError, match=r"is saved in"):
        grundy.search("cram", "7x7", memory_mb=64, time_limit=0.3, table=table)
    assert time.monotonic() - started < 30
    assert table.exists()


def test_ctrl_c_stops_a_search_and_keeps_its_table(tmp_path):
    table = tmp_path / "t"
    timer = threading.Timer(0.4, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt, match="is saved in"):
        grundy.search("cram", "7x7", memory_mb=64, table=table)
    timer.join()
    assert time.monotonic() - started < 30
    assert table.exists()


def test_progress_counts_the_components_expanded():
    calls = []
    r = grundy.search("cram", "5x6", memory_mb=16,
                      progress=lambda done, target: calls.append((done, target)))
    # Every tenth of a second or so, and once at the end: the last call is the search's count.
    assert calls and calls[-1] == (r.expanded, None)
    assert all(t is None for _, t in calls)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)
    # The family's method takes it too.
    seen = []
    grundy.Cram.search("3x5", progress=lambda d, t: seen.append(d))
    assert seen


def test_an_error_in_the_progress_callback_stops_the_search(tmp_path):
    def fail(done, target):
        raise RuntimeError("stop here")

    table = tmp_path / "cram.table"
    with pytest.raises(RuntimeError, match="stop here"):
        grundy.search("cram", "5x7", memory_mb=16, table=table, progress=fail)
    # What the search proved before it stopped is kept, as after Ctrl-C.
    assert table.exists()


def test_progress_true_without_a_callable_and_bad_progress(capsys):
    grundy.search("node-kayles", "path:8", progress=False)
    assert capsys.readouterr().err == ""
    # True: a counter from the start (tqdm's, or a line of text without tqdm).
    grundy.search("node-kayles", "path:8", progress=True)
    assert "components" in capsys.readouterr().err
    with pytest.raises(TypeError, match="progress must be None, True, False or a callable"):
        grundy.search("cram", "3x3", progress=3)


def test_the_interpreter_keeps_one_search_engine_per_game():
    """Positions parsed afresh share their game's search table (docs/limits.md), and a value
    read from it is the value: every option of Cram 5 x 6, valued through its move and parsed
    again from its text, agrees, and the winning moves are the moves to options worth 0."""
    from grundy import _grundy

    assert _grundy._SEARCH_ENGINES_SHARED
    start = grundy.parse("cram:5x6")
    assert start.value == 2
    through_moves = [m.after.value for m in start.moves]
    parsed_again = [grundy.parse(o.text).value for o in start.options]
    assert through_moves == parsed_again
    assert len(through_moves) == 49
    assert through_moves.count(0) == start.winning_moves.count


def test_a_bar_beyond_the_search_is_refused_at_once_without_a_time_limit():
    # Issue 65: a search that would not finish is refused at once, pointing to the answer
    # theory gives (grundy.parse) and to time_limit=, which searches it anyway.
    with pytest.raises(grundy.GrundyError, match="would not finish") as refused:
        grundy.search("chomp", "30x20")
    assert "time_limit=SECONDS" in str(refused.value)
    with pytest.raises(grundy.GrundyError, match="would not finish"):
        grundy.Chomp.search("30x30")
    # With a time limit it searches, and is refused at that limit.
    with pytest.raises(grundy.GrundyError, match="time"):
        grundy.search("chomp", "30x20", time_limit=1)
    # Within the search's reach: searched for its value.
    assert grundy.search("chomp", "14x10").value == 86


def test_a_certificate_is_written_and_verified(tmp_path):
    path = tmp_path / "sprouts.cert"
    r = grundy.search("sprouts", "0*5", certificate=path, threads=1)
    assert r.certificate_facts > 100 and path.exists()
    v = grundy.verify(path)
    assert (v.game, v.position, v.value) == ("sprouts", "0*5", r.value)
    assert v.verified and v.refuted is None and v.facts == r.certificate_facts
    assert "verified" in repr(v)
    # Without certificate=, none; the family's method writes one too.
    assert grundy.search("sprouts", "0*3").certificate_facts is None
    cram = tmp_path / "cram.cert"
    assert grundy.Cram.search("3x7", certificate=str(cram)).certificate_facts is not None
    assert grundy.verify(str(cram)).verified
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cram.cert", "sprouts.cert"]


def test_an_altered_certificate_is_refuted_and_bad_files_raise(tmp_path):
    path = tmp_path / "sprouts.cert"
    grundy.search("sprouts", "0*4", certificate=path)
    text = path.read_text()
    path.write_text(text.replace('"key":"0*4","value":1', '"key":"0*4","value":0', 1))
    v = grundy.verify(path)
    assert not v.verified and v.refuted.startswith("line ")
    path.write_text("hello\n")
    with pytest.raises(grundy.GrundyError, match="line 1"):
        grundy.verify(path)
    with pytest.raises(OSError, match="cannot read it"):
        grundy.verify(tmp_path / "none.cert")
    with pytest.raises(grundy.GrundyError, match="time_limit"):
        grundy.verify(path, time_limit=0)
    with pytest.raises(grundy.GrundyError, match="drop certificate="):
        grundy.search("sprouts", "0*3", store=tmp_path / "s.db", certificate=path)

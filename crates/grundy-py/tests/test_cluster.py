"""One search cut into questions (``grundy.search(..., client=..., store=...)``): answered alike
here, on a Dask LocalCluster of two worker processes (127.0.0.1 only) and by one search; a
worker killed mid-search; a search stopped and resumed from its store; the cluster rows of
docs/errors.md."""

import os
import pathlib
import signal
import sqlite3
import threading
import time

import pytest

import grundy
import python_games

distributed = pytest.importorskip("dask.distributed")

# Several components, a single one, and the engines chosen by position (Node-Kayles on a grid
# searches regions of the board; Arc-Kayles on a grid is Cram).
POSITIONS = [
    ("cram", "5x5"),
    ("cram", "4x6"),
    ("cram", "/".join([".....#...."] * 5)),
    ("chomp", "4x5"),
    ("node-kayles", "grid:3x5"),
    ("node-kayles", "path:11"),
    ("arc-kayles", "cycle:9"),
    ("arc-kayles", "grid:3x4"),
    # Sprouts: lands cut into their options, as the engine's search cuts them.
    ("sprouts", "0*4"),
    ("sprouts", "0*2+0*3"),
]


def _cluster(**worker):
    return distributed.LocalCluster(
        n_workers=worker.pop("n_workers", 2), threads_per_worker=1, processes=True,
        host="127.0.0.1", dashboard_address=None, **worker)


@pytest.fixture(scope="module")
def client():
    cluster = _cluster()
    client = distributed.Client(cluster)
    yield client
    client.close()
    cluster.close()


@pytest.mark.parametrize("game,position", POSITIONS)
def test_questions_asked_here_answer_as_one_search(game, position, tmp_path):
    one = grundy.search(game, position, threads=1)
    cut = grundy.search(game, position, store=tmp_path / "s.db", local_seconds=0)
    assert (cut.value, cut.position) == (one.value, one.position)


def test_questions_asked_on_a_cluster_answer_as_one_search(client):
    for game, position in POSITIONS:
        one = grundy.search(game, position, threads=1)
        spread = grundy.search(game, position, client=client, local_seconds=0)
        assert spread.value == one.value, (game, position)
    # A board with search left to do went to the workers.
    assert grundy.search("cram", "5x5", client=client, local_seconds=0).tasks > 0


def test_a_small_search_is_answered_here(client):
    # Cram 4 x 7 is answered by the local try: no task.
    r = grundy.search("cram", "4x7", client=client)
    assert (r.value, r.tasks) == (3, 0)


def test_a_stopped_search_resumes_from_its_store(tmp_path):
    store = tmp_path / "cram.db"
    one = grundy.search("cram", "5x5", threads=1)
    asked = []

    def stop_after_three(done, _):
        asked.append(done)
        if done == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        grundy.search("cram", "5x5", store=store, local_seconds=0, progress=stop_after_three)
    with sqlite3.connect(store) as conn:
        kept = conn.execute("SELECT count(*) FROM answer").fetchone()[0]
    assert kept == 3
    again = grundy.search("cram", "5x5", store=store, local_seconds=0)
    assert (again.value, again.resumed) == (one.value, 3)
    # Everything is proven now: a third call asks nothing.
    third = grundy.search("cram", "5x5", store=store, local_seconds=0)
    assert (third.value, third.tasks) == (one.value, 0)


def test_a_worker_killed_mid_search_costs_only_its_question(tmp_path):
    cluster = _cluster()
    client = distributed.Client(cluster)
    try:
        expected = grundy.search("cram", "5x6", threads=1).value
        outcome = {}

        def run():
            try:
                outcome["result"] = grundy.search(
                    "cram", "5x6", client=client, local_seconds=0, store=tmp_path / "k.db")
            except BaseException as e:  # noqa: BLE001 - reported below
                outcome["error"] = e

        searching = threading.Thread(target=run)
        searching.start()
        killed = None
        while searching.is_alive() and killed is None:
            busy = [a for a, keys in client.processing().items() if keys]
            for nanny in cluster.workers.values():
                if nanny.worker_address in busy:
                    os.kill(nanny.process.process.pid, signal.SIGKILL)
                    killed = nanny.worker_address
                    break
            time.sleep(0.005)
        searching.join(timeout=120)
        assert killed is not None, "no question was seen running"
        assert "error" not in outcome, outcome.get("error")
        assert outcome["result"].value == expected
    finally:
        client.close()
        cluster.close()


# The rows of docs/errors.md's cluster table, each against the cluster it names.
ERRORS = pathlib.Path(__file__).resolve().parents[3] / "docs" / "errors.md"


def _rows():
    text = ERRORS.read_text()
    start = text.index("<!-- bad-input-cluster:begin -->")
    end = text.index("<!-- bad-input-cluster:end -->", start)
    rows = []
    for line in [l for l in text[start:end].splitlines() if l.startswith("|")][2:]:
        cells = [c.strip() for c in line.strip()[1:-1].split("|")]
        assert len(cells) == 5, line
        rows.append((cells[0], cells[2].strip("`"), cells[3], cells[4].strip("`")))
    return rows


POISON = {
    "missing": "import sys\nsys.modules['grundy'] = None\n",
    "other": "import grundy\ngrundy.__version__ = '0.0.0-other'\n",
}


@pytest.fixture(scope="module")
def bad(tmp_path_factory):
    """A client of a cluster of each kind the rows name, and a store of a Cram search."""
    folder = tmp_path_factory.mktemp("clusters")
    made = {}
    for name, code in POISON.items():
        preload = folder / f"{name}.py"
        preload.write_text(code)
        cluster = _cluster(n_workers=1, preload=[str(preload)])
        made[name] = (cluster, distributed.Client(cluster))
    cluster = _cluster(n_workers=0)
    made["empty"] = (cluster, distributed.Client(cluster))
    store = folder / "cram.db"
    grundy.search("cram", "5x5", store=store, local_seconds=0)
    namespace = {"grundy": grundy, "cram_store": str(store)}
    namespace.update({name: client for name, (_, client) in made.items()})
    yield namespace
    for cluster, client in made.values():
        client.close()
        cluster.close()


ROWS = _rows()


def test_the_cluster_table_is_found():
    assert len(ROWS) >= 4


@pytest.mark.parametrize("inp,expr,raises,message", ROWS, ids=[r[0] for r in ROWS])
def test_documented_cluster_row(bad, inp, expr, raises, message):
    with pytest.raises(Exception) as caught:
        eval(expr, dict(bad))
    assert type(caught.value).__name__ == raises, (expr, repr(caught.value))
    expected = message.format(version=grundy.__version__, cram_store=bad["cram_store"])
    assert str(caught.value) == expected, expr


def _main(*args, cwd):
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "grundy", "search", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120, check=False)


def test_the_command_line_searches_with_a_store_and_refuses_bad_input(tmp_path):
    import json

    out = _main("cram", "5x5", "--store", str(tmp_path / "s.db"), "--local-seconds", "0",
                "--json", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    answer = json.loads(out.stdout)
    assert answer["value"] == grundy.search("cram", "5x5", threads=1).value
    assert answer["tasks"] > 0
    alone = _main("cram", "5x5", cwd=tmp_path)
    assert alone.returncode == 2
    assert "give --dask ADDRESS, --store FILE or both" in alone.stderr
    unreachable = _main("cram", "5x5", "--dask", "tcp://127.0.0.1:1", cwd=tmp_path)
    assert unreachable.returncode == 2
    assert unreachable.stderr.startswith("error: cannot reach the Dask scheduler"), unreachable.stderr


# Games defined by Python functions: the functions travel to the workers (closures, pickled by
# value), each worker makes the game once and keeps its tables.
def _python_kayles():
    return python_games.kayles("pykayles")


DEFINED = [
    (_python_kayles, (13,)),
    (_python_kayles, (5, 7, 9)),
    (python_games.cram, python_games.board(3, 4)),
]


@pytest.mark.parametrize("make,position", DEFINED)
def test_a_game_of_python_functions_asked_here_answers_as_one_search(make, position, tmp_path):
    game = make()
    one = grundy.search(game, position, threads=1)
    cut = grundy.search(game, position, store=tmp_path / "s.db", local_seconds=0)
    assert (cut.value, cut.position, cut.game) == (one.value, one.position, one.game)
    assert cut.tasks > 0
    # Resumed from the store: every value is there.
    again = grundy.search(make(), position, store=tmp_path / "s.db", local_seconds=0)
    assert again.value == one.value and again.resumed > 0 and again.tasks == 0


def test_a_game_of_python_functions_on_a_cluster(client, tmp_path):
    for make, position in DEFINED:
        game = make()
        one = grundy.search(game, position, threads=1)
        # A fresh game here: every question is the workers' (their own copies of the game).
        spread = grundy.search(make(), position, client=client, local_seconds=0,
                               store=tmp_path / f"{len(position)}.db")
        assert (spread.value, spread.position) == (one.value, one.position)
        assert spread.tasks > 0
    # The local try answers a small search here.
    game = _python_kayles()
    assert grundy.search(game, (9,), client=client).tasks == 0


def test_a_store_of_another_game_of_python_functions_is_refused(tmp_path):
    store = tmp_path / "k.db"
    grundy.search(_python_kayles(), (8,), store=store, local_seconds=0)
    other = grundy.Game.from_moves(lambda row: [(row[0] - 1,)] if row[0] else [],
                                   name="pykayles")
    with pytest.raises(grundy.GrundyError, match=r"holds the proven values of a pykayles .* "
                       r"search, not of a pykayles .* search: give another store"):
        grundy.search(other, (8,), store=store, local_seconds=0)

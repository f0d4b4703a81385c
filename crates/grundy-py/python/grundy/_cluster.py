"""One search cut into questions: asked on a Dask cluster (``client=``) or here, kept in a store.

``grundy.search(game, position, client=..., store=...)`` comes here (docs/python.md, "One
search on a Dask cluster"). The position is a sum of canonical components, worth the XOR of
their values. A component is worth the least value none of its options has (the mex), found
value by value as the threads of one machine find it (``grundy_core::search::parallel``): for
``k = 0, 1, ...``, is some option not yet known worth ``k``? Each round asks that of every open
option, one Dask task each (smallest first, Dask's priorities and retries): the first option
worth ``k`` ends the round, and a round where none is gives the value, ``k``. A question stops
at the first option that settles it, far less work than an option's value (Cram 5 x 6: 30,000
components expanded by one search; 1,000,000 to value its 14 options outright).

Every answer proven goes into an SQLite store as it arrives, so a search stopped for any reason
goes on from them; an answer is given only when every round has ended. A search that a try
in this process finishes within ``local_seconds`` (2 s) is answered here, undistributed.
"""

import os
import socket
import sqlite3
import time

from . import _grundy, _progress

GrundyError = _grundy.GrundyError

#: Seconds of a local try before a search is spread, unless ``local_seconds`` says.
DEFAULT_LOCAL_SECONDS = 2.0
#: The longest local try: a week, as ``time_limit``.
MAX_SECONDS = 604_800
#: How often Dask runs a question again after it raised (a worker that dies is Dask's own count,
#: ``distributed.scheduler.allowed-failures``).
RETRIES = 3
#: The layout of the store's tables.
STORE_FORMAT = "1"


def search(game, position, *, client, store, local_seconds, memory_mb, seconds, threads,
           progress):
    """The answer of one search cut into questions, as a dict (``grundy.search`` makes it a
    ``SearchResult``)."""
    started = time.monotonic()
    local = _local_seconds(local_seconds)
    name, text, tag, pieces, known = _grundy.search_cut(game, position)
    client, ours = _connect(client)
    try:
        with _open_store(store, tag) as proven:
            answer = {"game": name, "position": text, "resumed": len(proven), "tasks": 0,
                      "expanded": 0}
            value = _local_try(answer, proven, pieces, known, local, memory_mb, seconds, threads)
            if value is None:
                if client is not None:
                    _check_workers(client)
                asker = _Asker(client, name, text, tag, proven, memory_mb,
                               started + seconds, seconds, _bar(progress))
                try:
                    value = known
                    for key, _ in pieces:
                        value ^= asker.value(key)
                finally:
                    asker.close()
                answer["tasks"] = asker.asked
                answer["expanded"] += asker.expanded
            answer["table_entries"] = len(proven)
    finally:
        if ours:
            client.close()
    answer["value"] = value
    answer["seconds"] = time.monotonic() - started
    return answer


def _local_try(answer, proven, pieces, known, local, memory_mb, seconds, threads):
    """The value from the store or from a search here within ``local`` seconds, or None."""
    if all(key in proven for key, _ in pieces):
        value = known
        for key, _ in pieces:
            value ^= proven[key]
        return value
    if local <= 0:
        return None
    value, expanded, _ = _grundy.search_piece(
        answer["game"], answer["position"], None, memory_mb, min(local, seconds), threads)
    answer["expanded"] += expanded
    if value is not None and len(pieces) == 1:
        proven.put_value(pieces[0][0], value ^ known)
    return value


def _local_seconds(local):
    if local is None:
        return DEFAULT_LOCAL_SECONDS
    if isinstance(local, bool) or not isinstance(local, (int, float)):
        raise TypeError(f"local_seconds must be a number of seconds, not {type(local).__name__}")
    if not 0 <= local <= MAX_SECONDS:
        raise GrundyError(
            f'local_seconds "{local}" is out of range: expected a number of seconds from 0 to '
            f'{MAX_SECONDS} (0: spread the search at once)')
    return float(local)


def _connect(client):
    """``(client, ours)``: the Dask client given, or one made for a scheduler's address (then
    ours to close); ``(None, False)`` without one."""
    if client is None:
        return None, False
    if isinstance(client, str):
        _reachable(client)
        from dask.distributed import Client

        try:
            return Client(client), True
        except (OSError, TimeoutError) as e:
            raise GrundyError(f"cannot reach the Dask scheduler {client} ({e})") from e
    if not (hasattr(client, "submit") and hasattr(client, "run")):
        raise TypeError(
            "client must be a dask.distributed.Client or a scheduler's address such as "
            f"'tcp://HOST:8786', not {type(client).__name__}")
    return client, False


def _reachable(address):
    """Refuses at once a TCP scheduler nothing answers at (Dask would retry for 30 s)."""
    rest = address[len("tcp://"):] if address.startswith("tcp://") else address
    if "://" in rest:
        return
    host, _, port = rest.rpartition(":")
    if not host or not port.isdigit():
        raise GrundyError(
            f'invalid Dask scheduler "{address}": expected an address such as '
            f'tcp://HOST:8786')
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=10).close()
    except OSError as e:
        why = e.strerror or str(e) or type(e).__name__
        raise GrundyError(
            f"cannot reach the Dask scheduler {address} ({why}): is it running, and is "
            f"this its address?") from e


def _check_workers(client):
    """Refuses a cluster without workers, or whose workers import no grundy or another
    version than this process's (the pieces' keys and values are this version's)."""
    import cloudpickle

    from . import _probe

    cloudpickle.register_pickle_by_value(_probe)
    answers = client.run(_probe.grundy_version)
    if not answers:
        raise GrundyError("the Dask cluster has no workers: start some "
                          "(dask worker SCHEDULER_ADDRESS), then search again")
    mine = _grundy.__version__
    failed = sorted({why for version, why in answers.values() if version is None})
    if failed:
        count = sum(1 for version, _ in answers.values() if version is None)
        raise GrundyError(
            f"{count} of {len(answers)} Dask workers cannot import grundy "
            f"({'; '.join(failed)}): install grundy {mine} on every worker")
    others = sorted({version for version, _ in answers.values() if version != mine})
    if others:
        count = sum(1 for version, _ in answers.values() if version != mine)
        raise GrundyError(
            f"{count} of {len(answers)} Dask workers have grundy {', '.join(others)}, this "
            f"process grundy {mine}: install grundy {mine} on every worker")


def _bar(progress):
    """What ``progress`` asks for, called as ``bar(pieces valued, pieces)``."""
    if progress is None:
        return _progress.auto(" pieces")
    if progress is True:
        return _progress.forced(" pieces")
    if progress is False:
        return None
    if callable(progress):
        return progress
    raise TypeError(f"progress must be None, a bool or a callable, not {type(progress).__name__}")


def ask(game, position, keys, target, memory_mb, seconds):
    """One task: ``(answer, expanded, seconds, cpu seconds)``, whether the sum of the pieces
    ``keys`` is worth ``target``, by the core's search on this thread (the worker's table kept
    for its next question)."""
    cpu = time.thread_time()
    answer, expanded, spent = _grundy.search_question(game, position, list(keys), target,
                                                      memory_mb, seconds)
    if answer is None:
        raise GrundyError(f"a question of {game}:{position} was not answered within "
                          f"{seconds:.0f} s")
    return answer, expanded, spent, time.thread_time() - cpu


def _kept(proven):
    if proven.path is None:
        return "nothing was kept: give store=FILE to make the search resumable"
    return (f"everything proven so far ({len(proven)} answers) is kept in {proven.path}: the "
            f"same call goes on from it")


class _Asker:
    """Values components round by round, asking each round's questions on the cluster (or
    here without one), every answer kept in the store as it arrives."""

    def __init__(self, client, game, position, tag, proven, memory_mb, deadline, seconds,
                 bar):
        self.client, self.game, self.position, self.tag = client, game, position, tag
        self.proven, self.memory_mb = proven, memory_mb
        self.deadline, self.seconds, self.bar = deadline, seconds, bar
        self.asked = self.expanded = 0

    def close(self):
        if self.bar is not None and hasattr(self.bar, "close"):
            self.bar.close()

    def value(self, key):
        """The value of the component ``key``: the mex of its options, round by round."""
        if key in self.proven:
            return self.proven[key]
        options = _grundy.search_options(self.game, self.position, key)
        # An option with nothing to search is worth the values the game knows.
        found = [known if not pieces else None for pieces, known in options]
        k = 0
        while True:
            if k not in found:
                open_ = [i for i, v in enumerate(found) if v is None]
                i = self._round([options[i] for i in open_], k)
                if i is None:
                    break
                found[open_[i]] = k
            k += 1
        self.proven.put_value(key, k)
        return k

    def _round(self, options, k):
        """The index of one of ``options`` worth ``k``, or None when none is."""
        questions = []
        for i, (pieces, known) in enumerate(options):
            keys = sorted(key for key, _ in pieces)
            question = (_sum_key(keys), k ^ known)
            answer = self.proven.answer(*question)
            if answer:
                return i
            if answer is None:
                questions.append((i, keys, question))
        if not questions:
            return None
        ask_all = self._on_cluster if self.client is not None else self._here
        return ask_all(questions)

    def _remaining(self):
        remaining = self.deadline - time.monotonic()
        if remaining <= 0:
            raise self._out_of_time()
        return remaining

    def _out_of_time(self):
        return GrundyError(f"the search of {self.game}:{self.position} did not finish within "
                           f"its time limit of {self.seconds:g} s; {_kept(self.proven)}")

    def _answered(self, question, result):
        answer, expanded, spent, cpu = result
        self.proven.put_answer(*question, answer, expanded, spent, cpu)
        self.asked += 1
        self.expanded += expanded
        if self.bar is not None:
            self.bar(self.asked, None)
        return answer

    def _here(self, questions):
        for i, keys, question in questions:
            try:
                result = ask(self.game, self.position, keys, question[1], self.memory_mb,
                             self._remaining())
            except GrundyError as e:
                raise self._out_of_time() from e
            if self._answered(question, result):
                return i
        return None

    def _on_cluster(self, questions):
        from dask.distributed import as_completed

        remaining = self._remaining()
        futures = {}
        # Smallest first (the options are listed so): the first found worth k ends the round.
        for rank, (i, keys, question) in enumerate(questions):
            future = self.client.submit(
                ask, self.game, self.position, keys, question[1], self.memory_mb, remaining,
                key=f"grundy-{self.tag}-{question[0]}-{question[1]}", priority=-rank,
                retries=RETRIES)
            futures[future] = (i, question)
        try:
            for future in as_completed(list(futures), timeout=remaining):
                try:
                    result = future.result()
                except Exception as e:
                    raise GrundyError(
                        f"a question of {self.game}:{self.position} failed on the cluster "
                        f"after {RETRIES} retries ({type(e).__name__}: {e}); "
                        f"{_kept(self.proven)}") from e
                i, question = futures[future]
                if self._answered(question, result):
                    return i
        except TimeoutError as e:
            raise self._out_of_time() from e
        finally:
            # Questions not started are dropped; those running end on their own (a worker
            # cannot be interrupted mid-task), their answers lost.
            self.client.cancel([f for f in futures if not f.done()])
        return None


def _sum_key(keys):
    """A sum of pieces as one text (the keys sorted, joined by ``+``)."""
    return "+".join(keys)


class _Values:
    """What is proven in this call only (no store)."""

    path = None

    def __init__(self):
        self.values, self.answers = {}, {}

    def __contains__(self, key):
        return key in self.values

    def __getitem__(self, key):
        return self.values[key]

    def __len__(self):
        return len(self.values) + len(self.answers)

    def answer(self, sum_key, target):
        """Whether the sum is worth ``target``, when known (else None)."""
        return self.answers.get((sum_key, target))

    def put_value(self, key, value):
        self.values[key] = value

    def put_answer(self, sum_key, target, answer, expanded=None, seconds=None, cpu=None):
        self.answers[(sum_key, target)] = answer


class _Store(_Values):
    """The SQLite store: the values of components and the answers to questions proven (with
    what each cost), and the game whose keys they are. Each row is written in a transaction
    of its own, so the file always holds whole rows."""

    def __init__(self, path, tag):
        super().__init__()
        self.path = path
        if os.path.lexists(path) and not os.path.isfile(path):
            raise GrundyError(f"store {path}: not a regular file: give the path of a file "
                              f"(created when missing)")
        try:
            self.conn = sqlite3.connect(path)
            self._check(tag)
            self.values = dict(self.conn.execute("SELECT piece, value FROM value"))
            self.answers = {(s, t): bool(a) for s, t, a in self.conn.execute(
                "SELECT sum, target, answer FROM answer")}
        except sqlite3.DatabaseError as e:
            raise GrundyError(f"store {path}: not a store of a search's proven values ({e}): "
                              f"give another file") from e

    def _check(self, tag):
        tables = {row[0] for row in self.conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not tables:
            with self.conn:
                self.conn.execute("CREATE TABLE search (name TEXT PRIMARY KEY, value TEXT)")
                self.conn.execute("CREATE TABLE value (piece TEXT PRIMARY KEY, "
                                  "value INTEGER NOT NULL)")
                self.conn.execute(
                    "CREATE TABLE answer (sum TEXT NOT NULL, target INTEGER NOT NULL, "
                    "answer INTEGER NOT NULL, expanded INTEGER, seconds REAL, cpu REAL, "
                    "PRIMARY KEY (sum, target))")
                self.conn.executemany("INSERT INTO search VALUES (?, ?)",
                                      [("format", STORE_FORMAT), ("game", tag)])
            return
        if tables != {"search", "value", "answer"}:
            raise sqlite3.DatabaseError("it holds other tables")
        meta = dict(self.conn.execute("SELECT name, value FROM search"))
        if meta.get("format") != STORE_FORMAT:
            raise sqlite3.DatabaseError(f"format {meta.get('format')}, not {STORE_FORMAT}")
        if meta.get("game") != tag:
            raise GrundyError(f"store {self.path} holds the proven values of a "
                              f"{meta.get('game')} search, not of a {tag} search: give "
                              f"another store")

    def put_value(self, key, value):
        with self.conn:
            self.conn.execute("INSERT OR REPLACE INTO value VALUES (?, ?)", (key, value))
        super().put_value(key, value)

    def put_answer(self, sum_key, target, answer, expanded=None, seconds=None, cpu=None):
        with self.conn:
            self.conn.execute("INSERT OR REPLACE INTO answer VALUES (?, ?, ?, ?, ?, ?)",
                              (sum_key, target, int(answer), expanded, seconds, cpu))
        super().put_answer(sum_key, target, answer)

    def close(self):
        self.conn.close()


class _open_store:
    """``with _open_store(path, tag) as proven``: the store at ``path``, or values kept in
    memory for this call when ``path`` is None."""

    def __init__(self, path, tag):
        self.store = _Values() if path is None else _Store(os.fspath(path), tag)

    def __enter__(self):
        return self.store

    def __exit__(self, *_):
        if hasattr(self.store, "close"):
            self.store.close()

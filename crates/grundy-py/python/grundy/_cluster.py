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

A game defined by Python functions (``grundy.Game.from_moves``) is searched alike: its pieces
are the Python objects of its atomic positions, named in the store by their pickle; each worker
makes the game once from its functions (sent with the questions, as Dask sends functions) and
keeps its tables for the next question; the client lists only the moves of the components it
values, each worker those below the options it is asked about.
"""

import base64
import hashlib
import os
import pickle
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
    searched = _Defined(game, position) if isinstance(game, _grundy.Game) else _Named(game, position)
    name, text, tag, pieces, known = searched.cut()
    client, ours = _connect(client)
    try:
        with _open_store(store, tag) as proven:
            answer = {"game": name, "position": text, "resumed": len(proven), "tasks": 0,
                      "expanded": 0}
            value = _local_try(answer, proven, searched, pieces, known, local, memory_mb,
                               seconds, threads)
            if value is None:
                if client is not None:
                    _check_workers(client)
                asker = _Asker(client, searched, proven, memory_mb, started + seconds, seconds,
                               _bar(progress))
                try:
                    value = known
                    for key in pieces:
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


def _local_try(answer, proven, searched, pieces, known, local, memory_mb, seconds, threads):
    """The value from the store or from a search here within ``local`` seconds, or None."""
    if all(key in proven for key in pieces):
        value = known
        for key in pieces:
            value ^= proven[key]
        return value
    if local <= 0:
        return None
    value, expanded = searched.local(memory_mb, min(local, seconds), threads)
    answer["expanded"] += expanded
    if value is not None and len(pieces) == 1:
        proven.put_value(pieces[0], value ^ known)
    return value


class _Named:
    """A search game of the registry, by its name, its position written as text; its pieces
    are the keys the core lists."""

    def __init__(self, game, position):
        self.game, self.position = game, position
        self.tag = None

    def cut(self):
        """``(name, text, tag, keys, known)``: the position's canonical components."""
        self.game, self.position, self.tag, pieces, known = _grundy.search_cut(
            self.game, self.position)
        return self.game, self.position, self.tag, [key for key, _ in pieces], known

    def local(self, memory_mb, seconds, threads):
        """``(value or None, expanded)`` of the whole search here within ``seconds``."""
        value, expanded, _ = _grundy.search_piece(
            self.game, self.position, None, memory_mb, seconds, threads)
        return value, expanded

    def options(self, key):
        """The options of the component ``key``: ``(keys, known)`` each, smallest first."""
        return [([k for k, _ in pieces], known)
                for pieces, known in _grundy.search_options(self.game, self.position, key)]

    def question(self, keys, target, memory_mb, seconds):
        """``(function, arguments)`` of the task asking whether ``keys`` are worth
        ``target``."""
        return ask, (self.game, self.position, keys, target, memory_mb, seconds)


#: The games defined by Python functions this process searches for a client (each made once,
#: its tables kept for the next question), by tag.
_DEFINED = {}


class _Defined:
    """A game defined by Python functions: its pieces are the Python objects of its atomic
    positions, named by their pickle (URL-safe base64, so that ``+`` joins them)."""

    def __init__(self, game, position):
        self.game, self.position, self.objects = game, position, {}
        self.definition = _grundy.game_definition(game)
        self.tag = None

    def _key(self, obj):
        key = base64.urlsafe_b64encode(pickle.dumps(obj, protocol=4)).decode("ascii")
        self.objects[key] = obj
        return key

    def cut(self):
        import cloudpickle

        name, text, objects = _grundy.game_cut(self.game, self.position)
        moves, _, split = self.definition[:3]
        # The functions as workers receive them: a store of another definition is refused.
        digest = hashlib.sha256(cloudpickle.dumps((name, moves, split))).hexdigest()[:16]
        self.tag = f"{name} (a game of Python functions, {digest})"
        _DEFINED.setdefault(self.tag, self.game)
        return name, text, self.tag, [self._key(o) for o in objects], 0

    def local(self, memory_mb, seconds, threads):
        value, expanded = _grundy.game_local(self.game, self.position, memory_mb, seconds,
                                             threads)
        return value, expanded

    def options(self, key):
        return [([self._key(o) for o in option], 0)
                for option in _grundy.game_options(self.game, self.objects[key])]

    def question(self, keys, target, memory_mb, seconds):
        return ask_defined, (self.definition, self.tag, [self.objects[k] for k in keys],
                             target, seconds)


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


def ask_defined(definition, tag, components, target, seconds):
    """One task of a game defined by Python functions: as :func:`ask`, by this process's copy
    of the game, made from ``definition`` (its functions, name and limits) at its first task
    and kept, with its tables, for the next."""
    cpu = time.thread_time()
    game = _DEFINED.get(tag)
    if game is None:
        moves, name, split, max_positions, time_limit = definition
        game = _DEFINED[tag] = _grundy.Game.from_moves(
            moves, name=name, split=split, max_positions=max_positions, time_limit=time_limit)
    answer, expanded, spent = _grundy.game_question(game, components, target, seconds)
    if answer is None:
        raise GrundyError(f"a question of {tag} was not answered within {seconds:.0f} s")
    return answer, expanded, spent, time.thread_time() - cpu


def _kept(proven):
    if proven.path is None:
        return "nothing was kept: give store=FILE to make the search resumable"
    return (f"everything proven so far ({len(proven)} answers) is kept in {proven.path}: the "
            f"same call goes on from it")


class _Asker:
    """Values components round by round, asking each round's questions on the cluster (or
    here without one), every answer kept in the store as it arrives."""

    def __init__(self, client, searched, proven, memory_mb, deadline, seconds, bar):
        self.client, self.searched = client, searched
        self.game, self.position, self.tag = searched.game, searched.position, searched.tag
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
        options = self.searched.options(key)
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
            keys = sorted(pieces)
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
            task, arguments = self.searched.question(keys, question[1], self.memory_mb,
                                                     self._remaining())
            try:
                result = task(*arguments)
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
            task, arguments = self.searched.question(keys, question[1], self.memory_mb,
                                                     remaining)
            # The task's name: the same question is the same task, named briefly.
            named = hashlib.sha256(f"{self.tag}\n{question[0]}".encode()).hexdigest()[:24]
            future = self.client.submit(
                task, *arguments, key=f"grundy-{named}-{question[1]}", priority=-rank,
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

"""One search on a Dask LocalCluster of two single-threaded workers against one process on one
thread (BENCHMARKS.md, "One search on a Dask cluster"; `bash scripts/bench.sh dask-search`).

Usage: python benches/python/dask_search.py [BOARD] [SMALL]   (Cram 5x9 and 4x7 by default)

For BOARD: the one-thread search (wall and CPU), the same search spread over the cluster
(every question asked there: ``local_seconds=0``), the answers' equality, the questions'
count, their lengths and the rounds' critical path, then a simulation of the recorded rounds
on 8, 64 and 1,024 workers. For SMALL: one process against the cluster with its local try
(the default), which is what a user gets, and spread at once.
"""

import os
import resource
import statistics
import sys
import tempfile
import time

import grundy
import grundy._cluster as cluster_search


def cpu():
    own = resource.getrusage(resource.RUSAGE_SELF)
    return own.ru_utime + own.ru_stime


class Recorder:
    """Every round the search asks (its questions in the order asked) and every answer with
    its length, by wrapping the asker's two methods."""

    def __init__(self):
        self.rounds = []
        self.lengths = {}
        self.cpu = {}
        asker = cluster_search._Asker
        round_, answered = asker._round, asker._answered
        recorder = self

        def recording_round(self, options, k):
            recorder.rounds.append({"asked": [], "found": None})
            found = round_(self, options, k)
            recorder.rounds[-1]["found"] = found is not None
            return found

        def recording_answered(self, question, result):
            recorder.lengths[question] = (result[2], result[0])
            recorder.cpu[question] = (result[3], result[0])
            recorder.rounds[-1]["asked"].append(question)
            return answered(self, question, result)

        asker._round, asker._answered = recording_round, recording_answered


def simulate(rounds, lengths, workers):
    """Seconds the recorded rounds take on ``workers`` workers: each round's questions started
    in order on the first free worker; a round ends when the first question worth k is
    answered (or when all are, none being), and questions still running keep their worker.
    Questions the run never started are unknown and left out."""
    free = [0.0] * workers
    now = 0.0
    for r in rounds:
        ends = []
        for q in r["asked"]:
            seconds, answer = lengths[q]
            w = min(range(workers), key=lambda i: free[i])
            start = max(free[w], now)
            free[w] = start + seconds
            ends.append((free[w], answer))
        yes = [end for end, answer in ends if answer]
        now = min(yes) if yes else max((end for end, _ in ends), default=now)
    return now


def main():
    from dask.distributed import Client, LocalCluster

    board = sys.argv[1] if len(sys.argv) > 1 else "5x9"
    small = sys.argv[2] if len(sys.argv) > 2 else "4x7"
    folder = tempfile.mkdtemp()
    c0, t0 = cpu(), time.monotonic()
    one = grundy.search("cram", board, threads=1, time_limit=3600)
    one_wall, one_cpu = time.monotonic() - t0, cpu() - c0
    print(f"one process, one thread: cram {board} value {one.value}, {one_wall:.1f} s wall, "
          f"{one_cpu:.1f} s CPU, {one.expanded} components expanded")

    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                           dashboard_address=None)
    client = Client(cluster)
    recorder = Recorder()
    t0 = time.monotonic()
    spread = grundy.search("cram", board, client=client, local_seconds=0, time_limit=3600,
                           store=os.path.join(folder, "store.db"), progress=False)
    spread_wall = time.monotonic() - t0
    lengths = [s for s, _ in recorder.lengths.values()]
    cpus = [s for s, _ in recorder.cpu.values()]
    print(f"LocalCluster, 2 workers of 1 thread: value {spread.value} "
          f"({'equal' if spread.value == one.value else 'DIFFERENT'}), {spread_wall:.1f} s "
          f"wall, speedup {one_wall / spread_wall:.2f}, {spread.expanded} components expanded")
    print(f"questions: {spread.tasks} in {len(recorder.rounds)} rounds; wall: median "
          f"{statistics.median(lengths):.3f} s, largest {max(lengths):.2f} s, all together "
          f"{sum(lengths):.1f} s; CPU: median {statistics.median(cpus):.3f} s, largest "
          f"{max(cpus):.2f} s, all together {sum(cpus):.1f} s")
    # The simulation replays the rounds with each question's CPU time (its length on a core of
    # its own), against the one-thread search's CPU time.
    critical = simulate(recorder.rounds, recorder.cpu, 10**6)
    print(f"critical path (unbounded workers, CPU seconds): {critical:.1f} s")
    for workers in (1, 2, 8, 64, 1024):
        predicted = simulate(recorder.rounds, recorder.cpu, workers)
        print(f"simulated on {workers} workers: {predicted:.1f} s "
              f"(speedup {one_cpu / predicted:.2f} over the one-thread search's CPU time)")

    for label, local in (("with its local try", None), ("spread at once", 0)):
        t0 = time.monotonic()
        r = grundy.search("cram", small, client=client, local_seconds=local, progress=False)
        wall = time.monotonic() - t0
        t0 = time.monotonic()
        alone = grundy.search("cram", small, threads=1)
        alone_wall = time.monotonic() - t0
        print(f"cram {small} {label}: {wall:.2f} s ({r.tasks} questions) against one process "
              f"{alone_wall:.2f} s, ratio {wall / alone_wall:.2f}, values "
              f"{'equal' if r.value == alone.value else 'DIFFERENT'}")
    client.close()
    cluster.close()


if __name__ == "__main__":
    main()

"""Games defined in Python (`grundy.Game.from_moves`) against the same games built in, for
BENCHMARKS.md ("Games defined in Python"):

    python benches/python/from_moves.py

Each workload is timed on a fresh game (its table empty), median of 3 runs, wall and CPU
seconds (user + system, every thread). The Python Cram lists the moves of a board given as a
frozenset of cells and splits it into its regions; the engine values it, as it values the
built-in Cram (`grundy.search("cram", ...)`, which also knows the board's symmetries and the
values of small regions, which the Python game does not).
"""

import resource
import statistics
import sys
import time

import grundy


def cpu_seconds():
    own = resource.getrusage(resource.RUSAGE_SELF)
    return own.ru_utime + own.ru_stime


def median_seconds(run, repeat=3):
    """(wall, cpu, result) of `repeat` runs: the medians, and the last run's result."""
    walls, cpus = [], []
    result = None
    for _ in range(repeat):
        start, cpu = time.perf_counter(), cpu_seconds()
        result = run()
        walls.append(time.perf_counter() - start)
        cpus.append(cpu_seconds() - cpu)
    return statistics.median(walls), statistics.median(cpus), result


def kayles():
    def moves(row):
        (n,) = row
        return [(a, n - k - a) for k in (1, 2) for a in range(n - k + 1)]

    return grundy.Game.from_moves(
        moves, name="kayles", split=lambda p: [(h,) for h in p if h > 0]
    )


def cram():
    """Cram: a domino on two free adjacent cells; the board splits into its regions."""

    def moves(board):
        out = []
        for (r, c) in board:
            for other in ((r + 1, c), (r, c + 1)):
                if other in board:
                    out.append(board - {(r, c), other})
        return out

    def split(board):
        parts, left = [], set(board)
        while left:
            stack = [left.pop()]
            part = set(stack)
            while stack:
                r, c = stack.pop()
                for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if n in left:
                        left.remove(n)
                        part.add(n)
                        stack.append(n)
            parts.append(frozenset(part))
        return parts

    return grundy.Game.from_moves(moves, name="pycram", split=split)


def board(rows, cols):
    return frozenset((r, c) for r in range(rows) for c in range(cols))


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    rows, cols = (int(x) for x in (sys.argv[2] if len(sys.argv) > 2 else "4x5").split("x"))
    def kayles_rows():
        g = kayles()
        return [g((k,)).value for k in range(n)]

    wall, cpu, values = median_seconds(kayles_rows)
    expected = grundy.Octal("0.77").sequence(n).values.tolist()
    assert values == expected, "Kayles by from_moves differs from octal 0.77"
    print(f"Kayles by from_moves, rows 0..{n - 1}: {wall:.3f} s wall, {cpu:.3f} s CPU")

    chain = grundy.Game.from_moves  # a long game: 100,000 moves deep
    wall, cpu, value = median_seconds(
        lambda: chain(lambda k: [k - 1] if k > 0 else [], name="chain")(100_000).value
    )
    assert value == 0
    print(f"a chain 100,000 moves long: {wall:.3f} s wall, {cpu:.3f} s CPU")

    wall, cpu, value = median_seconds(lambda: cram()(board(rows, cols)).value)
    ours = grundy.search("cram", f"{rows}x{cols}", threads=1)
    assert value == ours.value, f"Python Cram {value} != built-in {ours.value}"
    print(
        f"Cram {rows}x{cols} by from_moves: value {value}, {wall:.3f} s wall, {cpu:.3f} s CPU; "
        f"built in: {ours.seconds:.4f} s"
    )


if __name__ == "__main__":
    main()

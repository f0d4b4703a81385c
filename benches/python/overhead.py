"""Python package timings for BENCHMARKS.md: the cost of one call from Python, and a long
sequence through Python against the same through the `grundy` command line.

    python benches/python/overhead.py path/to/grundy

Prints medians of repeated runs (timeit for calls, 3 runs for sequences). Sequences are
timed in wall-clock seconds and in CPU seconds (user + system, every thread: the process's
for Python, the child's for the command line), which a shared machine disturbs less.
"""

import resource
import statistics
import subprocess
import sys
import time
import timeit

import grundy


def per_call(stmt, setup_globals, number=20000, repeat=5):
    times = timeit.repeat(stmt, globals=setup_globals, number=number, repeat=repeat)
    return statistics.median(times) / number * 1e6


def cpu_seconds():
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def median_seconds(run, repeat=3):
    """(wall, cpu) medians of `repeat` runs."""
    walls, cpus = [], []
    for _ in range(repeat):
        start, cpu = time.perf_counter(), cpu_seconds()
        run()
        walls.append(time.perf_counter() - start)
        cpus.append(cpu_seconds() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def main():
    cli = sys.argv[1]
    p = grundy.Nim(3, 4, 5)
    g = {"grundy": grundy, "p": p}
    print(f"Nim(3, 4, 5).value, position made once:  {per_call('p.value', g):.2f} us/call")
    print(f"grundy.Nim(3, 4, 5).value (made each time): {per_call('grundy.Nim(3, 4, 5).value', g):.2f} us/call")
    print(f"Nim(3, 4, 5).outcome (analysis cached):  {per_call('p.outcome', g):.2f} us/call")
    print(f"baseline: 3 ^ 4 ^ 5 in Python:           {per_call('3 ^ 4 ^ 5', g):.3f} us/call")
    # The small questions of `cargo bench --bench doors` (the core alone, the API and the CLI
    # there), through Python: each position made afresh, as the Rust harness reads it afresh.
    for text in ["nim:3,4,5", "nim:3 + sub{1,4,9}:11 + octal{0.77}:30,40", "cram:3x4 + chomp:3x3"]:
        g["text"] = text
        analysis = per_call("grundy.parse(text).winning_moves", g, number=300)
        hint = per_call("grundy.parse(text).best_move", g, number=300)
        print(f"{text}: analysis {analysis:.0f} us/call, computer's move {hint:.0f} us/call")
    runs = [
        ("grundys-game", ["grundys-game"], 200_000),
        ("octal{0.137}", ["octal", "0.137"], 10_000_000),
    ]
    for game, args, count in runs:
        rules = grundy.Ruleset(game)
        py = median_seconds(lambda: rules.sequence(count, progress=False).values)
        cmd = [cli, "sequence", *args, "--count", str(count), "--format", "csv"]
        sh = median_seconds(lambda: subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL))
        print(
            f"{game}, {count} values: Python (NumPy array) {py[0]:.3f} s wall, {py[1]:.3f} s CPU; "
            f"CLI (CSV to a pipe) {sh[0]:.3f} s wall, {sh[1]:.3f} s CPU"
        )


if __name__ == "__main__":
    main()

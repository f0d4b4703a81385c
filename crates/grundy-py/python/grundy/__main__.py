"""``python -m grundy search GAME POSITION --dask ADDRESS``: one search spread over a Dask
cluster from the command line (docs/python.md, "One search on a Dask cluster").

The ``grundy`` binary searches on the threads of one machine (``grundy search``); this is the
same search with its questions asked of a cluster's workers, or, with ``--store`` alone, asked
here one by one and kept so that a stopped search goes on. Exit codes as the binary's: 0, 1
for a failure of the search (time, the cluster), 2 for bad input, 130 after Ctrl-C.
"""

import argparse
import json
import sys

import grundy


def _parser():
    parser = argparse.ArgumentParser(
        prog="python -m grundy",
        description="One search of a board or graph game spread over a Dask cluster.")
    commands = parser.add_subparsers(dest="command", required=True)
    search = commands.add_parser(
        "search", help="the value of a position, its questions asked of a Dask cluster")
    search.add_argument("game", help="cram, chomp, node-kayles or arc-kayles")
    search.add_argument("position", help="the game's position: 5x9, 3x7, path:12, grid:4x5")
    search.add_argument("--dask", metavar="ADDRESS",
                        help="the Dask scheduler, e.g. tcp://HOST:8786")
    search.add_argument("--store", metavar="FILE",
                        help="the SQLite store of what is proven: read first, written as "
                             "answers arrive")
    search.add_argument("--local-seconds", type=float, metavar="SECONDS",
                        help="answer here a search this long a try finishes (2; 0: spread at "
                             "once)")
    search.add_argument("--memory", type=int, metavar="MIB",
                        help="each question's table, MiB (1024)")
    search.add_argument("--time", type=float, metavar="SECONDS",
                        help="the whole search's time limit (600)")
    search.add_argument("--json", action="store_true", help="one JSON document")
    return parser


def main(argv=None):
    args = _parser().parse_args(argv)
    if args.dask is None and args.store is None:
        print("error: give --dask ADDRESS, --store FILE or both (a search on this machine "
              "alone: grundy search)", file=sys.stderr)
        return 2
    try:
        result = grundy.search(
            args.game, args.position, client=args.dask, store=args.store,
            local_seconds=args.local_seconds, memory_mb=args.memory, time_limit=args.time,
            progress=False)
    except KeyboardInterrupt:
        print("interrupted; what was proven is kept in the store", file=sys.stderr)
        return 130
    except (grundy.GrundyError, TypeError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1 if "did not finish" in str(e) or "failed on the cluster" in str(e) else 2
    fields = ("game", "position", "value", "outcome", "seconds", "tasks", "resumed",
              "expanded")
    if args.json:
        print(json.dumps({f: getattr(result, f) for f in fields}))
    else:
        print(f"{result.game}:{result.position} value {result.value} ({result.outcome}), "
              f"{result.seconds:.2f} s, {result.tasks} questions asked, "
              f"{result.resumed} answers resumed")
    return 0


if __name__ == "__main__":
    sys.exit(main())

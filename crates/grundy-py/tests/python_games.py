"""Games defined by Python functions that several test files use: Kayles split into rows and
Cram on a board of free cells split into its regions. The functions are made inside each
factory, so that Dask sends them to its workers by value (a worker need not import this
module)."""

import grundy


def kayles(name="kayles"):
    """Kayles (octal 0.77) on tuples of rows."""

    def moves(row):
        (n,) = row
        return [(a, n - k - a) for k in (1, 2) for a in range(n - k + 1)]

    return grundy.Game.from_moves(moves, name=name, split=lambda p: [(h,) for h in p if h > 0])


def cram(name="pycram"):
    """Cram on a board of free cells (a frozenset of (row, column)), split into its regions."""

    def moves(board):
        return [board - {(r, c), o} for (r, c) in board for o in ((r + 1, c), (r, c + 1))
                if o in board]

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

    return grundy.Game.from_moves(moves, name=name, split=split)


def board(rows, cols):
    """Every cell of a rows x cols board."""
    return frozenset((r, c) for r in range(rows) for c in range(cols))

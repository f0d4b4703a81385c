"""Property tests: the package against a small pure-Python oracle written here.

The oracle knows nothing of the engine: it computes Grundy values by the definition (the
mex of the options' values, Sprague 1935 and Grundy 1939) for subtraction games, Kayles
(octal 0.77), Lasker's Nim and Nim, and a sum's value as the nim-sum of its components'
(Bouton 1901). Every question the package answers for a small position (value, outcome,
options, every winning move) is checked against it on positions hypothesis draws.
"""

from functools import lru_cache

from hypothesis import given, settings
from hypothesis import strategies as st

import grundy


def mex(values):
    values = set(values)
    m = 0
    while m in values:
        m += 1
    return m


# Each oracle game: heap -> list of options, each option a tuple of the heaps it leaves.
def subtraction_options(takes):
    return lambda n: [(n - t,) for t in sorted(takes) if t <= n]


def kayles_options(n):
    # Octal 0.77: remove 1 or 2 tokens, leaving 0, 1 or 2 heaps.
    out = []
    for k in (1, 2):
        for left in range(0, n - k + 1):
            right = n - k - left
            if left <= right:
                out.append(tuple(h for h in (left, right) if h > 0))
    return out


def lasker_options(n):
    return [(n - t,) for t in range(1, n + 1)] + [(a, n - a) for a in range(1, n // 2 + 1)]


def nim_options(n):
    return [(n - t,) for t in range(1, n + 1)]


def oracle_value(options):
    @lru_cache(maxsize=None)
    def g(n):
        value = 0
        seen = set()
        for parts in options(n):
            v = 0
            for p in parts:
                v ^= g(p)
            seen.add(v)
        value = mex(seen)
        return value

    return g


takes = st.frozensets(st.integers(min_value=1, max_value=9), min_size=1, max_size=4)

# A component: (ruleset made by the package, oracle options).
component_games = st.one_of(
    st.just((grundy.Nim, nim_options)),
    st.just((grundy.Octal("0.77"), kayles_options)),
    st.just((grundy.Lasker, lasker_options)),
    takes.map(lambda s: (grundy.Subtraction(s), subtraction_options(s))),
)

components = st.tuples(component_games, st.integers(min_value=0, max_value=24))


def oracle_of(drawn):
    """(the package's position, the oracle's component values and options)."""
    position = None
    values = []
    options = []
    for (ruleset, opts), heap in drawn:
        p = ruleset(heap)
        position = p if position is None else position + p
        values.append(oracle_value(opts)(heap))
        options.append((opts, heap))
    return position, values, options


@settings(max_examples=150, deadline=None)
@given(st.lists(components, min_size=1, max_size=4))
def test_values_and_outcomes_are_the_oracles(drawn):
    position, values, _ = oracle_of(drawn)
    nim_sum = 0
    for v in values:
        nim_sum ^= v
    assert position.values == values
    assert position.value == nim_sum
    assert position.outcome == ("N" if nim_sum else "P")
    assert position.misere().normal() == position


@settings(max_examples=100, deadline=None)
@given(st.lists(components, min_size=1, max_size=3))
def test_options_and_winning_moves_are_the_oracles(drawn):
    position, values, options = oracle_of(drawn)
    nim_sum = 0
    for v in values:
        nim_sum ^= v
    # Every option by the oracle: one component replaced by what a move leaves of it.
    expected = []
    for i, (opts, heap) in enumerate(options):
        g = oracle_value(opts)
        for parts in opts(heap):
            rest = nim_sum ^ values[i]
            for p in parts:
                rest ^= g(p)
            expected.append(rest)
    got = [o.value for o in position.options]
    assert sorted(got) == sorted(expected)
    winning = position.winning_moves
    assert winning.count == expected.count(0) and winning.complete
    assert all(m.after.value == 0 for m in winning)
    assert len({m.after for m in winning}) == len(winning)


@settings(max_examples=60, deadline=None)
@given(takes, st.integers(min_value=0, max_value=200))
def test_sequences_are_the_oracles(s, count):
    g = oracle_value(subtraction_options(s))
    seq = grundy.Subtraction(s).sequence(count)
    assert seq.values.tolist() == [g(n) for n in range(count)]
    # Far heaps from the proven period: G(n) = G(n - k p) for the oracle's small n.
    period = grundy.Subtraction(s).sequence(until_period=True).period
    n = 10**25 + 7
    small = period.preperiod + (n - period.preperiod) % period.period
    assert seq.at(n) == g(small)
